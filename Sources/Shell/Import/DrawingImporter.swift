// `import dxf FILE [rooms-layer=GLOB ...] [walls-layer=GLOB ...] [doors-layer=GLOB ...]
// [text-layer=GLOB ...] [units=U] [extent="X,Y WxH"] [control=X,Y=@LON,LAT ...] [fit=F]`: an
// architect's drawing as rooms, names and doors (Interchange/DXF), georeferenced by control points
// or placed at the level's south-west corner.

import Foundation
import Geometry
import IMDF
import Interchange
import Workbench

struct DrawingImporter: Importer {
    var format: String { "dxf" }
    var grammar: [GrammarPart] {
        LayerRole.allCases.map { .repeatedOption(Self.layerOption($0), Parameter("GLOB", .text)) } + [
            .option("units", Parameter("UNIT", .words(DrawingUnit.allCases.map(\.rawValue)))),
            .option("extent", Parameter("\"X,Y WxH\"", .text)),
            .repeatedOption("control", Parameter("X,Y=@LON,LAT", .text)),
            .option("fit", Parameter("FIT", .words(TransformKind.allCases.map(\.rawValue)))),
        ]
    }
    var summary: String { "rooms, names and doors of a DXF floor plan, georeferenced by control points" }
    var example: String { "import dxf plan.dxf control=0,0=@12.5683,55.6761 control=42.5,0=@12.5690,55.6760" }
    var fileOptions: [String] { [] }

    static func layerOption(_ role: LayerRole) -> String { "\(role.rawValue)-layer" }

    func read(_ file: String, _ arguments: Arguments, _ context: ImportContext) throws(EditError) -> ImportReading {
        var options = DXFImportOptions()
        for role in LayerRole.allCases {
            options.layers[role] = arguments.options(Self.layerOption(role)).flatMap { $0.split(separator: ",").map(String.init) }
        }
        options.units = try arguments.option("units").map { (text: String) throws(EditError) in try DrawingArguments.unit(text) }
        options.extent = try arguments.option("extent").map { (text: String) throws(EditError) in try DrawingArguments.extent(text) }
        options.fit = try arguments.option("fit").map { (text: String) throws(EditError) in try DrawingArguments.fit(text) } ?? .similarity
        options.controls = try arguments.options("control").map { (text: String) throws(EditError) in try DrawingArguments.control(text, in: context.session) }
        let corner = try Self.southWestCorner(of: context.levelID, in: context.document)
        let result: DXFImportResult
        do {
            result = try DXFImporter.run(try Drawing.read(file), options: options, corner: corner)
        } catch {
            throw EditError("import dxf: \(error.message)", argument: "FILE")
        }
        let name = URL(fileURLWithPath: file).lastPathComponent
        var lines = DrawingImportOutput.text(result.report).split(separator: "\n").map(String.init)
        var json = DrawingImportOutput.json(result.report)
        // An empty level - a template's placeholder - takes the plan's footprint as its outline,
        // so the rooms stand on it wherever the control points put them.
        var outline: Geometry?
        if context.document.features(onLevel: context.levelID).isEmpty, !result.footprint.isEmpty {
            let polygons = result.footprint.map { $0.map { $0.map { Position(x: $0.x, y: $0.y) } } }
            outline = polygons.count == 1 ? .polygon(polygons[0]) : .multiPolygon(polygons)
            lines.append("the level held nothing: its outline is now the plan's footprint")
        }
        json.append(key: "level_outline_replaced", value: .bool(outline != nil))
        return ImportReading(drafts: result.drafts(file: name, language: context.language), lines: lines, json: json, levelOutline: outline)
    }

    /// Where a plan without control points goes: the south-west corner of the level's outline.
    static func southWestCorner(of levelID: String, in document: Document) throws(EditError) -> Point {
        guard let positions = document.feature(levelID)?.geometry?.positions, !positions.isEmpty else {
            throw EditError("import dxf: the level has no outline to place the plan on; give two or more control= points", argument: "control")
        }
        return Point(x: positions.map(\.x).min()!, y: positions.map(\.y).min()!)
    }
}
