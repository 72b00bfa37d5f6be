import Testing

@testable import IMDF

/// A label chosen for a person: in the language asked for, else in its base language, else the
/// first; read from the JSON in place the same as from the labels made of it.
@Suite("Preferred labels")
struct LabelsTests {
    static let objects: [JSONValue] = [
        .object(["en": .string("Hall"), "de": .string("Halle")]),
        .object(["de": .string("Halle"), "en-GB": .string("Hall"), "en": .string("Main hall")]),
        .object(["fr-CA": .string("Salle"), "-en": .string("Odd tag"), "": .string("No tag")]),
        .object(["zh-Hant-TW": .string("大廳"), "zh": .string("大厅")]),
        .object(["en": .string("Hall"), "de": .number(JSONNumber(3))]),
        .object([:]),
        .string("Hall"),
        .null,
    ]
    static let languages: [String?] = [nil, "en", "en-US", "de", "de-AT", "zh-Hant", "zh-Hans-CN", "fr", "", "-en", "ja"]

    @Test func readInPlaceIsWhatTheLabelsGive() {
        for value in Self.objects {
            for language in Self.languages {
                #expect(
                    Labels.preferred(in: value, language: language) == Labels(json: value)?.preferred(language: language),
                    "\(value) in \(language ?? "no language")")
            }
        }
    }

    @Test func theLanguageAskedForThenItsBaseThenTheFirst() {
        let labels = JSONValue.object(["de": .string("Halle"), "en-GB": .string("Hall"), "en": .string("Main hall")])
        #expect(Labels.preferred(in: labels, language: "en") == "Main hall")
        #expect(Labels.preferred(in: labels, language: "en-US") == "Hall")
        #expect(Labels.preferred(in: labels, language: "ja") == "Halle")
        #expect(Labels.preferred(in: labels, language: nil) == "Halle")
        #expect(Labels.preferred(in: .object(["en": .string("Hall"), "de": .null]), language: "en") == nil)
    }

    @Test func theBaseOfATagIsItsFirstPartThatIsNotEmpty() {
        #expect(Labels.firstPart(of: "en-US") == "en")
        #expect(Labels.firstPart(of: "-en-US") == "en")
        #expect(Labels.firstPart(of: "en") == "en")
        #expect(Labels.firstPart(of: "--") == nil)
        #expect(Labels.firstPart(of: "") == nil)
    }
}
