#if canImport(Glibc)
    import Glibc
#endif

/// Feature ids: IMDF requires RFC 4122 version 4 UUIDs, written in lower case.
public enum FeatureID {
    /// The v4 UUID made from 128 random bits (the version and variant bits are set here).
    public static func version4(high: UInt64, low: UInt64) -> String {
        String(unsafeUninitializedCapacity: 36) { text in
            func digit(_ value: UInt8) -> UInt8 { value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10 }
            var written = 0
            for index in 0..<16 {
                var byte = UInt8(truncatingIfNeeded: (index < 8 ? high : low) >> (8 * UInt64(index % 8)))
                if index == 6 { byte = (byte & 0x0F) | 0x40 }
                if index == 8 { byte = (byte & 0x3F) | 0x80 }
                if index == 4 || index == 6 || index == 8 || index == 10 {
                    text[written] = UInt8(ascii: "-")
                    written += 1
                }
                text[written] = digit(byte >> 4)
                text[written + 1] = digit(byte & 0x0F)
                written += 2
            }
            return written
        }
    }

    /// `count` fresh random v4 UUIDs, their random bits drawn from the system in one go (a
    /// graph build mints a hundred thousand).
    public static func random(count: Int) -> [String] {
        guard count > 0 else { return [] }
        var words = [UInt64](repeating: 0, count: 2 * count)
        var generator = SystemRandomNumberGenerator()
        words.withUnsafeMutableBytes { bytes in
            var filled = 0
            #if canImport(Glibc)
                let source = open("/dev/urandom", O_RDONLY | O_CLOEXEC)
                if source >= 0 {
                    while filled < bytes.count {
                        let got = read(source, bytes.baseAddress! + filled, bytes.count - filled)
                        guard got > 0 else { break }
                        filled += got
                    }
                    close(source)
                }
            #endif
            // Where the system gave fewer bytes than asked, the rest one word at a time.
            var word = filled / 8
            while word < 2 * count {
                bytes.storeBytes(of: generator.next(), toByteOffset: word * 8, as: UInt64.self)
                word += 1
            }
        }
        return (0..<count).map { version4(high: words[2 * $0], low: words[2 * $0 + 1]) }
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
