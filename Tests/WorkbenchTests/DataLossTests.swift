import IMDF
import Testing

@testable import Workbench

/// What a patch removes, read from its changes: `fix` holds back the repairs that lose data.
@Suite("Data a patch removes")
struct DataLossTests {
    func unit(_ properties: JSONObject, geometry: Geometry? = .point(Position(x: 30, y: 60))) -> Feature {
        Feature(id: "3f2a9c1e-7b4d-4c1a-9e2f-5a6b7c8d9e0f", featureType: "unit", geometry: geometry, properties: properties)
    }

    @Test func deletingAFeatureRemovesData() {
        let feature = unit(["category": .string("room")])
        #expect(Change.delete(feature, from: .imdf(.unit), at: 0).dataLoss == [.deletesFeature(id: feature.id, type: "unit")])
        #expect(Change.create(feature, in: .imdf(.unit), at: nil).dataLoss.isEmpty)
    }

    @Test func removingAGeometryOrClearingAValueRemovesData() {
        let before = unit(["category": .string("room"), "correlation_id": .string("5e6f7a8b"), "rotation": .number(JSONNumber(12))])
        var after = before
        after.geometry = nil
        after.properties["correlation_id"] = .null
        _ = after.properties.removeValue(forKey: "rotation")
        #expect(
            Change.modify(before: before, after: after).dataLoss == [
                .removesGeometry(id: before.id, type: "unit"), .clearsProperty(id: before.id, type: "unit", key: "correlation_id"),
                .clearsProperty(id: before.id, type: "unit", key: "rotation"),
            ])
    }

    @Test func changingOrClearingWhatHeldNothingKeepsData() {
        let before = unit([
            "category": .string("ofice"), "phone": .string("  "), "name": .object(JSONObject()),
            "display_point": .object(["type": .string("Point"), "coordinates": .null]),
        ])
        var after = before
        after.properties["category"] = .string("office")
        after.properties["phone"] = .null
        after.properties["name"] = .null
        _ = after.properties.removeValue(forKey: "display_point")
        after.geometry = .point(Position(x: 31, y: 61))
        #expect(Change.modify(before: before, after: after).dataLoss.isEmpty)
    }
}
