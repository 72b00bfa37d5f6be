// `render`: a level drawn in the terminal, or written as SVG, in the frame commands take
// coordinates in; zoomed to a box or framed on one unit; with a route or the validation findings
// drawn over it. A viewing command: it never changes the document.

import Foundation
import Geometry
import IMDF
import Render
import Validation
import Workbench

enum RenderCommands {
    static let all: [CommandSpec] = [
        CommandSpec(
            "render",
            [
                .oneOf(
                    [
                        .keyword("level", [Parameter("REF", .reference(["level"]))]),
                        .keyword("unit", [Parameter("REF", .reference(["unit"]))]),
                        .keyword("building", [Parameter("REF", .reference(["building"]))]),
                    ], required: false),
                .keyword("box", [.point, Parameter("WxH", .size)]),
                .keyword("--route", [Parameter("FROM", .reference([])), Parameter("TO", .reference([]))]),
                .flag("--findings"), .keyword("--svg", [Parameter("FILE", .path)]), .option("width", Parameter("N", .integer)),
            ], changesDocument: false,
            "draw a level in the terminal (or as SVG: a building's levels with a picker), with axes in the metres X,Y are typed in",
            example: "render level \"Floor 1\" --findings",
            help: [
                "level": "The level to draw (the level in use when none is named).",
                "unit": "Frame one unit and its neighbours (on its level).",
                "building": "Every level of the building, as one SVG with a level picker (needs --svg).",
                "box": "Zoom to a region: the south-west corner and the size in metres.",
                "--route": "Draw the shortest route between two path nodes or units.",
                "--findings": "Mark the validation findings where they are.",
                "--svg": "Write a standalone SVG to FILE instead of drawing in the terminal.",
                "width": "Columns (default: $COLUMNS, else 100).",
            ]
        ) { session, args in
            .view(try RenderRequest(args, in: session).run())
        }
    ]
}

/// One `render` invocation, its words read and checked before anything is drawn or written.
struct RenderRequest {
    private var view: EditingSession
    private var levels: [String] = []
    private var selected = 0
    private var highlight: String?
    private var boxWords: [String]?
    private var routeEnds: (from: String, to: String)?
    private var findings = false
    private var svgPath: String?
    private var width: Int
    private var buildingTitle: String?

    init(_ args: Arguments, in session: EditingSession) throws(EditError) {
        view = session
        width = ProcessInfo.processInfo.environment["COLUMNS"].flatMap(Int.init).map { min(max($0, 40), 1000) } ?? 100
        if let value = args.integer("width") {
            guard (40...1000).contains(value) else {
                throw EditError("width=\(value): give a number of columns from 40 to 1000", argument: "width")
            }
            width = value
        }
        var building: String?
        if let level = args.value(after: "level") {
            useLevel(try view.resolve(level, argument: "level", types: ["level"]))
        }
        if let unit = args.value(after: "unit") {
            let id = try view.resolve(unit, argument: "unit", types: ["unit"])
            guard let level = view.document.feature(id)?.string(.levelID), view.document.feature(level) != nil else {
                throw EditError("render: unit \(id.prefix(8)) is on no level", argument: "unit")
            }
            useLevel(level)
            highlight = id
        }
        if let reference = args.value(after: "building") {
            building = try view.resolve(reference, argument: "building", types: ["building"])
        }
        boxWords = args.keyword("box")
        if let ends = args.keyword("--route") { routeEnds = (ends[0], ends[1]) }
        findings = args.flag("--findings")
        svgPath = args.value(after: "--svg")
        if boxWords != nil, highlight != nil {
            throw EditError("render: unit REF frames the unit; box cannot be given too", argument: "box")
        }

        if let building {
            guard svgPath != nil else {
                throw EditError(
                    "render: a building is drawn as SVG (`render building REF --svg FILE`); in the terminal, render one of its levels",
                    argument: "building")
            }
            let document = view.document
            let ofBuilding = document.features(of: .level).filter { $0.strings(.buildingIDs)?.contains(building) == true }
            levels = ofBuilding.sorted { ($0.integer(.ordinal) ?? 0, $0.id) < ($1.integer(.ordinal) ?? 0, $1.id) }.map(\.id)
            guard !levels.isEmpty else { throw EditError("render: building \(building.prefix(8)) has no levels", argument: "building") }
            if view.levelID.map(levels.contains) != true {
                useLevel(levels.first { document.feature($0)?.integer(.ordinal) == 0 } ?? levels[0])
            }
            selected = levels.firstIndex(of: view.levelID!) ?? 0
            let language = document.labelLanguage
            let venue = document.features(of: .venue).first?.labels(.name)?.preferred(language: language)
            let name = document.feature(building)?.labels(.name)?.preferred(language: language) ?? "building \(building.prefix(8))"
            buildingTitle = [venue, name].compactMap { $0 }.joined(separator: " - ")
        } else {
            if view.levelID == nil, let routeEnds {
                // With no level in use, the route's start says which level to draw.
                let from = try view.resolve(routeEnds.from, argument: "FROM")
                if let level = view.document.feature(from)?.string(.levelID) { useLevel(level) }
            }
            guard let level = view.levelID else {
                throw EditError("render: no level in use (`use level REF`, or render level REF)", argument: "level")
            }
            levels = [level]
        }
    }

    /// Draws on `id`, in the frame of the level in use when it is that level, else from its own corner.
    private mutating func useLevel(_ id: String) {
        if view.levelID != id { view.explicitOrigin = nil }
        view.levelID = id
    }

    func run() throws(EditError) -> String {
        let document = view.document
        let frame = view.frame
        var scenes = levels.compactMap { LevelScene(level: $0, of: document, in: frame) }
        if let routeEnds {
            let from = try view.resolve(routeEnds.from, argument: "FROM")
            let to = try view.resolve(routeEnds.to, argument: "TO")
            let route = try RoutingGraph(document).shortestRoute(from: from, to: to)
            for index in scenes.indices { scenes[index].addRoute(route, of: document, in: frame) }
        }
        if findings {
            let report = view.validation
            for index in scenes.indices { scenes[index].addFindings(report.findings, of: document, in: frame) }
        }
        let scene = scenes[0]
        var box: Bounds?
        if let boxWords { box = try parseBox(boxWords, frame: frame) }
        if let highlight { box = scene.frame(unit: highlight) }
        if let svgPath { return try writeSVG(scenes, to: svgPath, box: box) }
        let environment = ProcessInfo.processInfo.environment
        // One room is drawn to fit the terminal's height (LINES, else 50 rows), rulers and legend included.
        let rows = environment["LINES"].flatMap(Int.init).map { min(max($0, 20), 1000) } ?? 50
        let picture = TerminalPicture(
            width: width, glyphs: .forEnvironment(environment),
            colour: Palette.terminalColour(isTerminal: isatty(STDOUT_FILENO) == 1, environment: environment),
            rowLimit: highlight != nil ? rows - 10 : nil)
        return picture.render(scene, box: box, highlight: highlight)
    }

    private func parseBox(_ words: [String], frame: LocalFrame) throws(EditError) -> Bounds {
        let corner = try view.position(words[0], argument: "box")
        let (width, height) = try view.size(words[1], argument: "box", example: "20x10")
        let origin = frame.point(longitude: corner.x, latitude: corner.y)
        return Bounds(minX: origin.x, minY: origin.y, maxX: origin.x + width, maxY: origin.y + height)
    }

    private func writeSVG(_ scenes: [LevelScene], to path: String, box: Bounds?) throws(EditError) -> String {
        let svg = SVGPicture().render(scenes, title: buildingTitle ?? scenes[0].title, selected: selected, box: box)
        let url = URL(fileURLWithPath: (path as NSString).expandingTildeInPath)
        do {
            try Data(svg.utf8).write(to: url, options: .atomic)
        } catch {
            throw EditError("render: cannot write \(TerminalText.excerpt(path)) (\(error.localizedDescription))", argument: path)
        }
        let units = scenes.reduce(0) { $0 + $1.units.count }
        let what = scenes.count == 1 ? scenes[0].levelName : "\(scenes.count) levels"
        return "wrote \(path): \(what), \(units) unit\(units == 1 ? "" : "s"), \(svg.utf8.count / 1024 + 1) KB"
    }
}
