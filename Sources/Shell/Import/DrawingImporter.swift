// `import dxf FILE [rooms-layer=GLOB ...] [walls-layer=GLOB ...] [doors-layer=GLOB ...]
// [text-layer=GLOB ...] [units=U] [extent="X,Y WxH"] [control=X,Y=@LON,LAT ...] [fit=F]`: an
// architect's drawing as rooms, names and doors, read by the GDAL helper (Interchange/DXF),
// georeferenced by control points or placed at the level's south-west corner.

import Foundation
import IMDF
import Workbench

struct DrawingImporter: Importer {
    static let roles = ["rooms", "walls", "doors", "text"]
    static let units = ["mm", "cm", "m", "in", "ft"]
    static let fits = ["similarity", "affine"]

    var format: String { "dxf" }
    var grammar: [GrammarPart] {
        Self.roles.map { .repeatedOption("\($0)-layer", Parameter("GLOB", .text)) } + [
            .option("units", Parameter("UNIT", .words(Self.units))),
            .option("extent", Parameter("\"X,Y WxH\"", .text)),
            .repeatedOption("control", Parameter("X,Y=@LON,LAT", .text)),
            .option("fit", Parameter("FIT", .words(Self.fits))),
            .option("door-gap", Parameter("M", .number)),
        ]
    }
    var summary: String { "rooms, names and doors of a DXF floor plan, georeferenced by control points" }
    var example: String { "import dxf plan.dxf control=0,0=@12.5683,55.6761 control=42.5,0=@12.5690,55.6760" }
    var fileOptions: [String] { [] }

    func read(_ file: String, _ arguments: Arguments, _ context: ImportContext) throws(EditError) -> ImportReading {
        var request = JSONObject()
        request.append(key: "file", value: .string(file))
        request.append(
            key: "layers",
            value: .object(
                JSONObject(
                    Self.roles.map { role in
                        .init(
                            key: role,
                            value: .array(
                                arguments.options("\(role)-layer").flatMap { $0.split(separator: ",").map { .string(String($0)) } }))
                    })))
        request.append(key: "units", value: arguments.option("units").map(JSONValue.string) ?? .null)
        if let extent = arguments.option("extent") {
            request.append(key: "extent", value: Self.numbers(try DrawingArguments.extent(extent)))
        }
        var controls: [JSONValue] = []
        for text in arguments.options("control") { controls.append(Self.numbers(try DrawingArguments.control(text, in: context.session))) }
        request.append(key: "controls", value: .array(controls))
        request.append(key: "fit", value: .string(arguments.option("fit") ?? "similarity"))
        if let gap = arguments.number("door-gap") {
            guard (0.5...3).contains(gap) else {
                throw EditError(
                    "door-gap=: \(gap) m; the widest door gap closed when rooms are formed from walls is 0.5 to 3 m", argument: "door-gap")
            }
            request.append(key: "door_gap", value: Self.numbers([gap]))
        }
        request.append(key: "corner", value: Self.numbers(try Self.southWestCorner(of: context.levelID, in: context.document)))
        request.append(key: "language", value: .string(context.language))
        request.append(key: "level_empty", value: .bool(context.document.features(onLevel: context.levelID).isEmpty))
        return try GDALHelperClient.reading("import-dxf", request, command: "import dxf")
    }

    static func numbers(_ values: [Double]) -> JSONValue { .array(values.map { JSONNumber($0).map(JSONValue.number) ?? .null }) }

    /// Where a plan without control points goes: the south-west corner of the level's outline.
    static func southWestCorner(of levelID: String, in document: Document) throws(EditError) -> [Double] {
        guard let positions = document.feature(levelID)?.geometry?.positions, !positions.isEmpty else {
            throw EditError(
                "import dxf: the level has no outline to place the plan on; give two or more control= points", argument: "control")
        }
        return [positions.map(\.x).min()!, positions.map(\.y).min()!]
    }
}
