import IMDF
import Testing

@testable import Workbench

/// Which properties name other features, by their keys: read as bytes for ASCII keys, with the
/// same answers as the definition by characters.
@Suite("Reference keys")
struct ReferenceKeyTests {
    /// The definition: `*_id` and `*_ids` by characters (not `correlation_id`), `parents`,
    /// `neighbours`; FEATURE-REFERENCE objects under `origin` and `destination`, arrays of them
    /// under `intermediary`.
    static func defined(_ key: String) -> References.KeyRole {
        if key != "correlation_id" && (key.hasSuffix("_id") || key.hasSuffix("_ids")) || key == "neighbours" || key == "parents" {
            return .ids
        }
        if key == "origin" || key == "destination" { return .featureReference }
        return key == "intermediary" ? .featureReferences : .other
    }

    @Test(arguments: [
        "level_id", "building_ids", "unit_ids", "address_id", "anchor_id", "pathNode_id", "associeted_id", "_id", "_ids", "id",
        "ids", "d", "s", "", "correlation_id", "xcorrelation_id", "parents", "neighbours", "origin", "destination",
        "intermediary", "name", "category", "display_point", "level_idx", "Level_ID", "origins", "intermediary_id",
        "étage_id", "e\u{301}tage_ids", "\u{0600}_id", "_i\u{301}d", "room\r\n_id", "a_id\u{301}", "parent\u{73}",
        "unit_id_with_a_long_name_beyond_fifteen_bytes",
    ])
    func aKeysRoleIsTheOneItsCharactersDefine(key: String) {
        #expect(References.role(of: key) == Self.defined(key), "\(key.debugDescription)")
        #expect(References.isReferenceKey(key) == (Self.defined(key) == .ids), "\(key.debugDescription)")
    }

    @Test func aFeatureNamesTheTargetsOfItsReferenceKeysOnly() {
        let feature = Feature(
            id: "f", featureType: "unit", geometry: nil,
            properties: [
                "level_id": .string("L"), "building_ids": .array([.string("B1"), .string("B2")]), "correlation_id": .string("C"),
                "name": .string("not-an-id"), "origin": .object(["id": .string("O"), "feature_type": .string("unit")]),
                "intermediary": .array([.object(["id": .string("I"), "feature_type": .string("opening")])]),
            ])
        #expect(Set(References.targets(of: feature)) == ["L", "B1", "B2", "O", "I"])
    }
}
