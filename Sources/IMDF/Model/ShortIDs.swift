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
    public init(_ ids: some Sequence<String>) {
        var counts: [Substring: Int] = [:]
        for id in ids { counts[id.prefix(Self.minimumLength).lowercased()[...], default: 0] += 1 }
        guard counts.values.contains(where: { $0 > 1 }) else { return }
        var groups: [Substring: [String]] = [:]
        for id in ids {
            let prefix = id.prefix(Self.minimumLength).lowercased()[...]
            if counts[prefix, default: 0] > 1 { groups[prefix, default: []].append(id) }
        }
        for members in groups.values {
            for id in members { lengths[id] = Self.uniqueLength(of: id, among: members) }
        }
    }

    /// `id` shortened as far as it stays unique.
    public func short(_ id: String) -> String {
        guard !lengths.isEmpty, let length = lengths[id] else { return String(id.prefix(Self.minimumLength)) }
        return String(id.prefix(length))
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
