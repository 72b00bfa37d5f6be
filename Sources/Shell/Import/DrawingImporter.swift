// `import dxf FILE [rooms-layer=GLOB ...] [walls-layer=GLOB ...] [doors-layer=GLOB ...]
// [text-layer=GLOB ...] [units=U] [extent="X,Y WxH"] [control=X,Y=@LON,LAT ...] [fit=F]`: an
// architect's drawing as rooms, names and doors, read by the GDAL helper (Interchange/DXF),
// georeferenced by control points or placed at the level's south-west corner.

import Foundation
import Geometry
import HelperProtocol
import IMDF
import Render
import Workbench

struct DrawingImporter: Importer {
    var format: String { "dxf" }
    var grammar: [GrammarPart] {
        LayerRole.allCases.map { .repeatedOption("\($0.rawValue)-layer", Parameter("GLOB", .text)) } + [
            .option("units", Parameter("UNIT", .text)),
            .option("extent", Parameter("\"X,Y WxH\"", .text)),
            .repeatedOption("control", Parameter("X,Y=@LON,LAT", .text)),
            .option("fit", Parameter("FIT", .words(TransformKind.allCases.map(\.rawValue)))),
            .option("door-gap", Parameter("M", .number)),
            .option("language", Parameter("TAG", .text)),
        ]
    }
    var summary: String { "rooms, names and doors of a DXF floor plan, georeferenced by control points" }
    var example: String { "import dxf plan.dxf control=0,0=@12.5683,55.6761 control=42.5,0=@12.5690,55.6760" }
    var fileOptions: [String] { [] }
    var argumentHelp: [String: String] {
        [
            "rooms-layer": "A layer (glob) holding room outlines; repeatable.",
            "walls-layer": "A layer (glob) holding walls; repeatable.",
            "doors-layer": "A layer (glob) holding doors; repeatable.",
            "text-layer": "A layer (glob) holding room names and numbers; repeatable.",
            "units":
                "The drawing's unit, whatever $INSUNITS says: \(DrawingUnit.allCases.map(\.rawValue).joined(separator: ", ")), or metres per drawing unit (0.1 for a sheet in millimetres at 1:100).",
            "extent": "Import only what lies in this window, in drawing units: \"X,Y WxH\".",
            "control":
                "A control point: drawing X,Y = @LON,LAT, or = REF (an anchor or a feature's display point); repeatable.",
            "fit": "With three or more control points: similarity (the default) or affine.",
            "door-gap": "The widest gap in a wall closed when rooms are formed from wall lines, 0.5 to 3 m (default 1.3: a door).",
            "language":
                "The language tag of the names (default: the archive's language, unless the names are written in a script it is not written in).",
        ]
    }

    func read(_ file: String, _ arguments: Arguments, _ context: ImportContext) throws(EditError) -> ImportReading {
        let given = arguments.option("language")
        if let given, given.range(of: #"^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$"#, options: .regularExpression) == nil {
            throw EditError(
                "language=: \(TerminalText.excerpt(given)) is not a language tag (en, zh, ja, de-CH, ...)", argument: "language")
        }
        var request = DrawingImportRequest(
            file: file, options: try Self.options(arguments, context),
            corner: try Self.southWestCorner(of: context.levelID, in: context.document),
            language: given ?? context.language, levelIsEmpty: context.document.features(onLevel: context.levelID).isEmpty)
        request.languageGiven = given != nil
        let reply: DrawingImportReply
        do {
            reply = try GDALHelperClient.ask(request, consequence: "nothing imported", verbose: arguments.flag("--verbose"))
        } catch {
            throw EditError("import dxf: \(error.message)", argument: "FILE")
        }
        // No room: the import is refused with what was tried and what to try, not carried out empty.
        if reply.report.rooms == 0 {
            let why = reply.report.hint.map(TerminalText.sanitized) ?? "no room found"
            // Of several plans on the sheet, the one looked in, and where the others are.
            var plans = ""
            if let chosen = reply.report.planImported {
                let windows = reply.report.plansOnSheet.map { "\"\(DrawingImportWording.box($0))\"" }
                plans =
                    " in plan \(chosen + 1) of the \(windows.count) drawn side by side (--extent \(windows.joined(separator: ", ")) at these units)"
            }
            throw EditError(
                "import dxf: \(TerminalText.sanitized(file)): \(why)\(plans); units: \(TerminalText.sanitized(reply.report.units.reason)); nothing imported. Try --units (mm, cm, m, in, ft, or metres per drawing unit), --extent \"X,Y WxH\" for one plan of several, --walls-layer or --rooms-layer (--list shows the layers and what they hold), or a wider --door-gap",
                argument: "FILE")
        }
        return Self.reading(reply)
    }

    /// The helper's answer as drafts and a report: the level's new outline taken from it.
    static func reading(_ reply: DrawingImportReply) -> ImportReading {
        var lines = DrawingImportWording.lines(reply.report)
        var json = DrawingImportWording.json(reply.report)
        let outline = reply.levelOutline
        if outline != nil {
            lines.append(
                "the level held nothing: its outline is now the plan's footprint; its building's footprints and the venue follow it")
        }
        json.append(key: "level_outline_replaced", value: .bool(outline != nil))
        return ImportReading(drafts: reply.drafts, lines: lines, json: json, levelOutline: outline, repairsPolygons: true)
    }

    /// The import's options from the command's arguments, as the grammar parsed them.
    static func options(_ arguments: Arguments, _ context: ImportContext) throws(EditError) -> DXFImportOptions {
        var options = DXFImportOptions()
        for role in LayerRole.allCases {
            options.layers[role] = arguments.options("\(role.rawValue)-layer").flatMap { $0.split(separator: ",").map(String.init) }
        }
        if let text = arguments.option("units") {
            if let unit = DrawingUnit(rawValue: text) {
                options.units = unit
            } else if let metres = Double(text), metres.isFinite, (1e-6...1_000).contains(metres) {
                options.metresPerUnit = metres
            } else {
                throw EditError(
                    "units=: \(TerminalText.excerpt(text)) is not \(DrawingUnit.allCases.map(\.rawValue).joined(separator: " or ")) or a number of metres per drawing unit from 0.000001 to 1000",
                    argument: "units")
            }
        }
        if let text = arguments.option("extent") {
            let extent = try DrawingArguments.extent(text)
            options.extent = Bounds(minX: extent[0], minY: extent[1], maxX: extent[0] + extent[2], maxY: extent[1] + extent[3])
        }
        for text in arguments.options("control") {
            let control = try DrawingArguments.control(text, in: context.session)
            options.controls.append(ControlPoint(drawing: Point(x: control[0], y: control[1]), target: Point(x: control[2], y: control[3])))
        }
        options.fit = arguments.option("fit").flatMap(TransformKind.init(rawValue:)) ?? .similarity
        if let gap = arguments.number("door-gap") {
            guard (0.5...3).contains(gap) else {
                throw EditError(
                    "door-gap=: \(gap) m; the widest door gap closed when rooms are formed from walls is 0.5 to 3 m", argument: "door-gap")
            }
            options.doorGap = gap
        }
        options.planOnSheet = Self.placeAmongLevels(context.levelID, in: context.document)
        return options
    }

    /// The level's place among its building's levels from the lowest (0 for the lowest): of
    /// several plans drawn side by side, the one it takes.
    static func placeAmongLevels(_ levelID: String, in document: Document) -> Int {
        guard let level = document.feature(levelID) else { return 0 }
        let ordinal = level.integer(PropertyKey.ordinal.rawValue) ?? 0
        let buildings = Set(level.strings(.buildingIDs) ?? [])
        let ordinals = Set(
            document.features(of: .level).filter { buildings.isEmpty || !buildings.isDisjoint(with: $0.strings(.buildingIDs) ?? []) }
                .compactMap { $0.integer(PropertyKey.ordinal.rawValue) })
        return ordinals.filter { $0 < ordinal }.count
    }

    /// Where a plan without control points goes: the south-west corner of the level's outline.
    static func southWestCorner(of levelID: String, in document: Document) throws(EditError) -> Point {
        guard let positions = document.feature(levelID)?.geometry?.positions, !positions.isEmpty else {
            throw EditError(
                "import dxf: the level has no outline to place the plan on; give two or more control= points", argument: "control")
        }
        return Point(x: positions.map(\.x).min()!, y: positions.map(\.y).min()!)
    }
}

/// The imdf side of `import dxf` from the helper's answer on - decoding, wording, creating on the
/// level in use as one step - run on bytes given directly. This is the part that must trust
/// nothing the helper writes; the fuzz target feeds it any bytes through here.
public enum DrawingReplyIntake {
    /// Imports `bytes` as the helper's reply for `file`: the report (text or JSON), or a refusal
    /// that leaves the session as it was.
    public static func importReply(_ bytes: Data, file: String, json: Bool, into session: inout EditingSession) throws(EditError)
        -> String
    {
        guard let levelID = session.levelID else { throw EditError("import dxf: no level in use (`use level REF`)", argument: "level") }
        let reply: DrawingImportReply
        do {
            reply = try GDALHelperClient.decoded(DrawingImportReply.self, from: bytes, exitStatus: 0, consequence: "nothing imported")
        } catch {
            throw EditError("import dxf: \(error.message)", argument: "FILE")
        }
        return try ImportCommands.create(
            DrawingImporter.reading(reply), format: "dxf", file: file, sha256: "", flags: .init(json: json), levelID: levelID,
            in: &session
        ).1
    }
}
