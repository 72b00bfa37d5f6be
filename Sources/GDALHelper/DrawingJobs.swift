// `imdf-gdal list-dxf FILE [--json]` and `imdf-gdal import-dxf` (a request on standard input): a
// drawing read and imported through Interchange/DXF, answered as text or as drafts and a report.

import Foundation
import Geometry
import IMDF
import Interchange
import Shell

enum DrawingJobs {
    static func list(_ arguments: [String]) -> Never {
        guard let file = arguments.first(where: { !$0.hasPrefix("--") }) else { Helper.usage() }
        do {
            let listing = DrawingListing(try Drawing.read(file))
            Output.line(arguments.contains("--json") ? DrawingReport.listingJSON(listing) : DrawingReport.listing(listing))
            exit(0)
        } catch {
            Helper.fail(error.message, status: 3)
        }
    }

    /// Request: `file`, `layers` ({role: [glob]}), `units`, `extent` ([x, y, width, height]),
    /// `controls` ([[x, y, longitude, latitude]]), `fit`, `corner` ([longitude, latitude]),
    /// `language`, `level_empty`. Reply: `drafts`, `lines`, `json` and, for an empty level,
    /// `level_outline` (the plan's footprint).
    static func importDrawing() -> Never {
        let request = Request.read()
        guard let file = request.text("file"), let corner = request.numbers("corner"), corner.count == 2,
            let language = request.text("language")
        else {
            Reply.fail("the request names no file, corner or language")
        }
        var options = DXFImportOptions()
        if case .object(let layers)? = request["layers"] {
            for role in LayerRole.allCases { options.layers[role] = layers.texts(role.rawValue) }
        }
        options.units = request.text("units").flatMap(DrawingUnit.init(rawValue:))
        if let extent = request.numbers("extent"), extent.count == 4 {
            options.extent = Bounds(minX: extent[0], minY: extent[1], maxX: extent[0] + extent[2], maxY: extent[1] + extent[3])
        }
        if case .array(let controls)? = request["controls"] {
            options.controls = controls.compactMap { control in
                guard case .array(let values) = control, values.count == 4 else { return nil }
                let numbers = values.compactMap(\.doubleValue)
                return numbers.count == 4
                    ? ControlPoint(drawing: Point(x: numbers[0], y: numbers[1]), target: Point(x: numbers[2], y: numbers[3])) : nil
            }
        }
        options.fit = request.text("fit").flatMap(TransformKind.init(rawValue:)) ?? .similarity
        if let gap = request.numbers("door_gap")?.first { options.doorGap = gap }
        let result: DXFImportResult
        do {
            result = try DXFImporter.run(try Drawing.read(file), options: options, corner: Point(x: corner[0], y: corner[1]))
        } catch {
            Reply.fail(error.message)
        }
        var lines = DrawingReport.text(result.report).split(separator: "\n").map(String.init)
        var json = DrawingReport.json(result.report)
        // An empty level - as a new template's is - takes the plan's footprint as its outline,
        // so the rooms stand on it wherever the control points put them.
        var outline: JSONValue = .null
        if request["level_empty"] == .bool(true), !result.footprint.isEmpty {
            let polygons = result.footprint.map { $0.map { $0.map { Position(x: $0.x, y: $0.y) } } }
            outline = GeoJSONGeometry(polygons.count == 1 ? .polygon(polygons[0]) : .multiPolygon(polygons)).json
            lines.append("the level held nothing: its outline is now the plan's footprint")
        }
        json.append(key: "level_outline_replaced", value: .bool(outline != .null))
        Reply.succeed([
            "drafts": Reply.drafts(result.drafts(file: URL(fileURLWithPath: file).lastPathComponent, language: language)),
            "lines": .array(lines.map(JSONValue.string)), "json": .object(json), "level_outline": outline,
        ])
    }
}
