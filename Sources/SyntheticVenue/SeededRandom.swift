import IMDF

/// SplitMix64: a small, fast generator whose sequence depends only on its seed, so a synthetic
/// venue is the same on every machine and every run.
struct SeededRandom: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }

    /// A random (version 4, RFC 4122 variant) UUID in lower case, as IMDF requires for ids.
    mutating func uuid() -> String {
        FeatureID.version4(high: next(), low: next())
    }
}
