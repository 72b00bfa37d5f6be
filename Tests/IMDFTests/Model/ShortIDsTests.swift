import IMDF
import Testing

/// Short ids are the first 8 characters of an id, or more where ids share them (case ignored);
/// ids of 8 ASCII bytes are counted as integers, every other id as text, with the same result.
@Suite("Short ids")
struct ShortIDsTests {
    @Test func sharedPrefixesAreLengthenedWhateverTheCharacters() {
        let ids = [
            "5c1e7a2b-4d0f-4c1a-9e2f-5a6b7c8d9e0f", "5C1E7A2B-4D1F-4c1a-9e2f-5a6b7c8d9e0f", "0a1b2c3d-0000-4000-8000-000000000000",
            "unit-12", "unit-123", "\u{212A}bcdefgh-1", "kbcdefgh-2", "abcdefgh\u{301}-3", "abcdefgh-4", "abcdefg\r\n-5", "abcdefg\r-6",
            "ünit-310-a", "Ünit-310-b", "room 310 east", "room 310 west",
        ]
        let short = ShortIDs(ids)
        for id in ids { #expect(short.short(id) == Self.shortened(id, among: ids), "\(id.debugDescription)") }
        #expect(short.short("5c1e7a2b-4d0f-4c1a-9e2f-5a6b7c8d9e0f") == "5c1e7a2b-4d0")
        #expect(short.short("0a1b2c3d-0000-4000-8000-000000000000") == "0a1b2c3d")
        #expect(short.short("\u{212A}bcdefgh-1") == "\u{212A}bcdefgh-1")
        #expect(short.short("abcdefgh\u{301}-3") == "abcdefgh\u{301}")
    }

    @Test func idsThatShareNoPrefixAreTheirFirstEightCharacters() {
        let ids = ["5c1e7a2b-4d0f-4c1a-9e2f-5a6b7c8d9e0f", "abcdefgh\u{301}-3", "unit", "\u{212A}bcdefgh-1"]
        let short = ShortIDs(ids)
        #expect(ids.map(short.short) == ["5c1e7a2b", "abcdefgh\u{301}", "unit", "\u{212A}bcdefgh"])
    }

    /// The short id by its definition: as many characters as tell it from every other id whose
    /// first 8 characters are its own, case ignored; 8 where none shares them.
    static func shortened(_ id: String, among ids: [String]) -> String {
        let prefix = id.prefix(ShortIDs.minimumLength).lowercased()
        let sharing = ids.filter { $0.prefix(ShortIDs.minimumLength).lowercased() == prefix }
        guard sharing.count > 1 else { return String(id.prefix(ShortIDs.minimumLength)) }
        return String(id.prefix(ShortIDs.uniqueLength(of: id, among: sharing)))
    }
}
