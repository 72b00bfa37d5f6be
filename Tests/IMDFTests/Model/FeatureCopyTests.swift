import Testing

@testable import IMDF

/// Copies of a feature share its members until one is changed: a change to a copy, of any member,
/// leaves the original as it was, and copies that were never changed are equal at once.
@Suite("Copies of a feature")
struct FeatureCopyTests {
    static func room() -> Feature {
        var feature = Feature(
            id: "5c1e7a2b-4d0f-4c1a-9e2f-5a6b7c8d9e0f", featureType: "unit",
            geometry: .polygon([[[0, 0], [1, 0], [1, 1], [0, 0]].map { Position(x: $0[0], y: $0[1]) }]),
            properties: ["category": .string("room"), "level_id": .string("L1")])
        feature.sourceLine = 12
        feature.editorNotes["address"] = "inherited"
        return feature
    }

    static let changes: [(String, @Sendable (inout Feature) -> Void)] = [
        ("id", { $0.id = "other" }),
        ("feature type", { $0.featureType = "opening" }),
        ("geometry", { $0.geometry = nil }),
        ("a property", { $0.setProperty(.category, .string("walkway")) }),
        ("the properties", { $0.properties = [:] }),
        ("the type member", { $0.typeMember = nil }),
        ("a foreign member", { $0.foreignMembers["note"] = .string("x") }),
        ("an editor's note", { $0.editorNotes["address"] = nil }),
        ("the source line", { $0.sourceLine = 3 }),
    ]

    @Test(arguments: changes.indices) func aChangedCopyLeavesTheOriginal(index: Int) {
        let (what, change) = Self.changes[index]
        let original = Self.room()
        var copy = original
        #expect(copy == original)
        change(&copy)
        let untouched = Self.room()
        #expect(original == untouched, "\(what)")
        #expect(original.sourceLine == 12 && original.editorNotes["address"] == "inherited", "\(what)")
        #expect(original.string(.category) == "room" && original.geometry != nil, "\(what)")
        if what != "the source line" { #expect(copy != original, "\(what)") }
    }

    @Test func propertiesChangedMakeThemAnObjectInTheCopyOnly() throws {
        let json = #"{"type":"Feature","id":"a","feature_type":"unit","geometry":null,"properties":null}"#
        let collection = try GeoJSONReader.read(
            Array(#"{"type":"FeatureCollection","features":["#.utf8) + Array(json.utf8) + Array("]}".utf8))
        let original = try #require(collection.features.first)
        #expect(original.propertiesForm == .null)
        var copy = original
        copy.setProperty(.name, .string("x"))
        #expect(copy.propertiesForm == .object)
        #expect(original.propertiesForm == .null)
        #expect(original.properties.isEmpty)
    }
}
