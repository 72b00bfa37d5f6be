import Foundation
import Geometry
import HelperProtocol
import IMDF
import Testing

/// What imdf and its GDAL helper exchange survives the trip through JSON exactly.
struct HelperProtocolTests {
    func roundTrip<Value: Codable>(_ value: Value) throws -> Value {
        try HelperCoding.decode(Value.self, from: try HelperCoding.encode(value))
    }

    @Test func aDraftKeepsItsPropertiesInOrderAndItsNumbersExactly() throws {
        let properties: JSONObject = [
            "name": ["en": "Room 104", "da": "Lokale 104"], "category": "office", "area": .number(JSONNumber(12.345678901234567)!),
        ]
        let draft = FeatureDraft(
            type: .unit,
            geometry: .polygon([[Position(x: 12.5683, y: 55.6761), Position(x: 12.5690, y: 55.6761), Position(x: 12.5683, y: 55.6761)]]),
            properties: properties, source: "plan.dxf entity 3A")
        let back = try roundTrip(draft)
        #expect(back == draft)
        #expect(back.properties.map(\.key) == ["name", "category", "area"])
    }

    @Test func anEmptyBoxAndANonFiniteResidualSurvive() throws {
        var report = DXFImportReport(units: UnitChoice(unit: .millimetres, declared: nil, reason: "declared"))
        report.residuals = [.nan, 0.25]
        report.rmse = .infinity
        let back = try roundTrip(report)
        #expect(back.residuals[0].isNaN && back.residuals[1] == 0.25 && back.rmse == .infinity)
        let listing = DrawingListing(
            path: "plan.dxf", header: DrawingHeader(), layers: [], extent: .empty, paperSpaceEntities: 0, blocks: [])
        #expect(try roundTrip(listing).extent.isEmpty)
    }

    @Test func aFailureComesBackWithItsStatusAndDiagnostics() throws {
        let diagnostic = ArchiveDiagnostic(.error, kind: .unreadableFile, file: "unit.geojson", message: "not JSON")
        let reply = HelperReply<ConvertReply>.failed(
            HelperFailure("venue: the archive could not be read", status: 3, diagnostics: [diagnostic]))
        let back = try roundTrip(reply)
        #expect(back.value == nil && back.failure?.status == 3 && back.failure?.diagnostics == [diagnostic])
    }

    @Test func layerRolesAreObjectKeys() throws {
        var options = DXFImportOptions()
        options.layers[.rooms] = ["A-AREA*"]
        let text = String(decoding: try HelperCoding.encode(options), as: UTF8.self)
        #expect(text.contains("\"rooms\":[\"A-AREA*\"]"), "\(text)")
        #expect(try roundTrip(options) == options)
    }
}
