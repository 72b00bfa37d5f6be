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

    @Test func aLevelOutlineComesBackAsThePolygonsSentWithItsNumbersExactly() throws {
        let report = DXFImportReport(units: UnitChoice(unit: .metres, declared: nil, reason: "declared"))
        let square: [[Point]] = [
            [
                Point(x: 8.55009844602643, y: 50.10013504649927), Point(x: 8.5502, y: 50.1001), Point(x: 8.5502, y: 50.100300263329885),
                Point(x: 8.55009844602643, y: 50.10013504649927),
            ]
        ]
        let one = DrawingImportReply(drafts: [], report: report, levelOutline: DrawingImportReply.outline([square]))
        guard case .polygon(let rings) = try roundTrip(one).levelOutline else {
            Issue.record("one polygon is no Polygon")
            return
        }
        #expect(rings == square.map { $0.map { Position(x: $0.x, y: $0.y) } })
        let two = DrawingImportReply(drafts: [], report: report, levelOutline: DrawingImportReply.outline([square, square]))
        guard case .multiPolygon(let polygons) = try roundTrip(two).levelOutline else {
            Issue.record("two polygons are no MultiPolygon")
            return
        }
        #expect(polygons.count == 2)
        #expect(DrawingImportReply.outline([]) == nil)
        #expect(try roundTrip(DrawingImportReply(drafts: [], report: report, levelOutline: nil)).levelOutline == nil)
    }

    @Test func anOutlineThatIsNoPolygonIsRefused() throws {
        let report = DXFImportReport(units: UnitChoice(unit: .metres, declared: nil, reason: "declared"))
        for outline: IMDF.Geometry in [
            .point(Position(x: 8.55, y: 50.1)), .polygon([]), .polygon([[Position(x: 8.55, y: 50.1), Position(x: 8.56, y: 50.1)]]),
            .multiPolygon([]),
            .polygon([[Position(x: 8.55, y: 50.1), Position(x: 8.56, y: 50.1), Position(x: 8.56, y: 50.2), Position(x: 8.55, y: 50.2)]]),
        ] {
            #expect(throws: DecodingError.self, "\(outline)") {
                try roundTrip(DrawingImportReply(drafts: [], report: report, levelOutline: outline))
            }
        }
        var text = String(
            decoding: try HelperCoding.encode(DrawingImportReply(drafts: [], report: report, levelOutline: nil)), as: UTF8.self)
        #expect(text.removeLast() == "}")
        // Cut off inside its coordinates.
        text += #","levelOutline":"{\"type\": \"Polygon\", \"coordinates\": [[[1, "}"#
        #expect(throws: DecodingError.self) { try HelperCoding.decode(DrawingImportReply.self, from: Data(text.utf8)) }
    }

    @Test func layerRolesAreObjectKeys() throws {
        var options = DXFImportOptions()
        options.layers[.rooms] = ["A-AREA*"]
        let text = String(decoding: try HelperCoding.encode(options), as: UTF8.self)
        #expect(text.contains("\"rooms\":[\"A-AREA*\"]"), "\(text)")
        #expect(try roundTrip(options) == options)
    }
}
