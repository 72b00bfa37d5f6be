// Ids as a person sees them: the first 8 characters, or, where two ids share those, as many
// more as it takes to tell them apart (as git abbreviates commits). A short id shown in a list,
// a finding or a fix line then always names one feature when typed back.

public struct ShortIDs: Sendable, Equatable {
    /// The length each id that shares its first 8 characters needs; empty in the usual archive.
    private var lengths: [String: Int] = [:]

    public static let minimumLength = 8

    public init() {}

    /// The short ids of `ids`: one pass counting the 8-character prefixes, and a second over the
    /// ids whose prefix is shared (case is ignored, as references ignore it).
    public init(_ ids: some Sequence<String>) { self.init(Array(ids)) }

    /// The short ids of `ids`, as above: an array is read where it lies, with no generic
    /// iterator between it and the counting.
    public init(_ ids: [String]) {
        // A prefix of 8 ASCII characters (every UUID's) is the integer its 8 bytes make,
        // lowercased: no string is made for each of 100,000 ids. The integers are sorted and
        // neighbours compared - a third of the time of counting them in a dictionary, which
        // hashes each one. Any other prefix is counted as text.
        var packed: [UInt64] = []
        packed.reserveCapacity(ids.count)
        var otherCounts: [String: Int] = [:]
        for id in ids {
            switch Self.prefixKey(id) {
            case .packed(let key): packed.append(key)
            case .text(let key): otherCounts[key, default: 0] += 1
            }
        }
        packed.sort()
        var sharedPacked: Set<UInt64> = []
        for index in packed.indices.dropFirst() where packed[index] == packed[index - 1] { sharedPacked.insert(packed[index]) }
        let sharedText = otherCounts.filter { $0.value > 1 }
        guard !sharedPacked.isEmpty || !sharedText.isEmpty else { return }
        var groups: [String: [String]] = [:]
        for id in ids {
            let isShared: Bool
            switch Self.prefixKey(id) {
            case .packed(let key): isShared = sharedPacked.contains(key)
            case .text(let key): isShared = sharedText[key] != nil
            }
            if isShared { groups[id.prefix(Self.minimumLength).lowercased(), default: []].append(id) }
        }
        for members in groups.values {
            for id in members { lengths[id] = Self.uniqueLength(of: id, among: members) }
        }
    }

    /// `id` shortened as far as it stays unique.
    public func short(_ id: String) -> String {
        guard !lengths.isEmpty, let length = lengths[id] else {
            if Self.asciiPrefixKey(id) != nil { return String(Substring(id.utf8.prefix(Self.minimumLength))) }
            return String(id.prefix(Self.minimumLength))
        }
        return String(id.prefix(length))
    }

    private enum PrefixKey {
        /// The 8 bytes of a prefix of 8 ASCII characters, lowercased.
        case packed(UInt64)
        /// Any other prefix, lowercased.
        case text(String)
    }

    /// The first 8 characters of `id`, lowercased, as a key.
    private static func prefixKey(_ id: String) -> PrefixKey {
        if let key = asciiPrefixKey(id) { return .packed(key) }
        let prefix = id.prefix(minimumLength).lowercased()
        if prefix.utf8.count == minimumLength && prefix.utf8.allSatisfy({ $0 < 0x80 }) {
            return .packed(prefix.utf8.reduce(0) { $0 << 8 | UInt64($1) })
        }
        return .text(prefix)
    }

    /// The first 8 bytes of `id`, lowercased, where they are its first 8 characters: ASCII, no
    /// carriage return (which makes one character with a line feed), and no byte after them
    /// but ASCII (a mark that follows would join the last); nil otherwise.
    private static func asciiPrefixKey(_ id: String) -> UInt64? {
        // A native string's bytes are read where they lie: iterating `utf8` cost some 450
        // instructions per id, run for every id a report shows.
        if let key = id.utf8.withContiguousStorageIfAvailable({ asciiPrefixKey(bytes: $0) }) { return key }
        // Any other string: its first bytes, one past the prefix, copied.
        return Array(id.utf8.prefix(minimumLength + 1)).withUnsafeBufferPointer { asciiPrefixKey(bytes: $0) }
    }

    /// `asciiPrefixKey(_:)` of a string's UTF-8 bytes.
    private static func asciiPrefixKey(bytes: UnsafeBufferPointer<UInt8>) -> UInt64? {
        guard bytes.count >= minimumLength else { return nil }
        var key: UInt64 = 0
        for index in 0..<minimumLength {
            let byte = bytes[index]
            guard byte < 0x80, byte != 0x0D else { return nil }
            key = key << 8 | UInt64((0x41...0x5A).contains(byte) ? byte | 0x20 : byte)
        }
        return bytes.count == minimumLength || bytes[minimumLength] < 0x80 ? key : nil
    }

    /// How many characters of `id` tell it from each of `others` (itself among them or not): at
    /// least `minimumLength`, at most all of it.
    public static func uniqueLength(of id: String, among others: some Sequence<String>) -> Int {
        let lowered = id.lowercased()
        let needed = others.lazy.filter { $0.lowercased() != lowered }.map { commonPrefixLength(lowered, $0) + 1 }.max() ?? 0
        return Swift.min(id.count, Swift.max(minimumLength, needed))
    }

    /// How many leading characters `a` and `b` share, case ignored.
    public static func commonPrefixLength(_ a: String, _ b: String) -> Int {
        var count = 0
        for (x, y) in zip(a.lowercased(), b.lowercased()) {
            guard x == y else { break }
            count += 1
        }
        return count
    }
}
