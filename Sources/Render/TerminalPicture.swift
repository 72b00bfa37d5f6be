// A level drawn with characters, in the metre frame commands take coordinates in: unit outlines
// as box-drawing lines, each unit labelled with its number where the label fits, doors, path
// nodes and point features as glyphs, and axis ticks in metres so the X,Y to type can be read off
// the picture. Plain ASCII where the terminal cannot show Unicode. Pure: document in, text out.

import Foundation
import Geometry
import IMDF
import Workbench

public struct TerminalPicture {
    public struct Glyphs: Sendable {
        var lines: [UInt8: Character]  // by the directions a cell connects to (N=1, E=2, S=4, W=8)
        var diagonalUp: Character
        var diagonalDown: Character
        var door: Character
        var node: Character
        var link: Character
        var point: Character
        var amenity: Character
        var tick: Character
        var route: Character
        var routeEnd: Character
        var findings: [Severity: Character]

        func finding(_ severity: Severity) -> Character { findings[severity] ?? "!" }

        public static let unicode = Glyphs(
            lines: [
                1: "│", 4: "│", 5: "│", 2: "─", 8: "─", 10: "─", 3: "└", 6: "┌", 12: "┐", 9: "┘", 7: "├", 13: "┤", 14: "┬", 11: "┴",
                15: "┼",
            ],
            diagonalUp: "╱", diagonalDown: "╲", door: "▒", node: "o", link: "·", point: "*", amenity: "◇", tick: "┼",
            route: "•", routeEnd: "◆", findings: [.error: "!", .warning: "?", .info: "i"])
        public static let ascii = Glyphs(
            lines: [
                1: "|", 4: "|", 5: "|", 2: "-", 8: "-", 10: "-", 3: "+", 6: "+", 12: "+", 9: "+", 7: "+", 13: "+", 14: "+", 11: "+",
                15: "+",
            ],
            diagonalUp: "/", diagonalDown: "\\", door: "#", node: "o", link: ".", point: "*", amenity: "&", tick: "+",
            route: "@", routeEnd: "@", findings: [.error: "!", .warning: "?", .info: "i"])

        /// Unicode unless the locale says the terminal cannot show it.
        public static func forEnvironment(_ environment: [String: String]) -> Glyphs {
            let locale = environment["LC_ALL"] ?? environment["LC_CTYPE"] ?? environment["LANG"] ?? ""
            let utf8 = locale.uppercased().contains("UTF-8") || locale.uppercased().contains("UTF8")
            return utf8 && environment["TERM"] != "dumb" ? .unicode : .ascii
        }
    }

    let width: Int
    let glyphs: Glyphs
    let colour: Bool
    /// The most rows the drawing may take (a terminal's height less the rulers and legend);
    /// nil: as tall as the width allows.
    let rowLimit: Int?

    public init(width: Int, glyphs: Glyphs, colour: Bool = false, rowLimit: Int? = nil) {
        self.width = max(width, 40)
        self.glyphs = glyphs
        self.colour = colour
        self.rowLimit = rowLimit.map { max($0, 8) }
    }

    /// The level `levelID` of `document`, in `frame` (metres east and north of its origin).
    public func render(level levelID: String, of document: Document, in frame: LocalFrame) -> String {
        guard let scene = LevelScene(level: levelID, of: document, in: frame) else { return "(\(levelID) is not a level)" }
        return render(scene)
    }

    /// `scene` within `box` (metres; the whole level when nil), with unit `highlight` marked.
    public func render(_ scene: LevelScene, box: Bounds? = nil, highlight: String? = nil) -> String {
        let bounds = box ?? scene.bounds
        guard bounds.hasArea, bounds.width.isFinite, bounds.height.isFinite else {
            return scene.undrawable.contains(scene.levelID)
                ? "(the level's outline cannot be drawn: a coordinate is not finite or lies over 10,000 km away)"
                : "(the level has no outline)"
        }
        let margin = 6
        var columns = width - margin - 1
        // A character cell is about twice as tall as it is wide; a tall, narrow box is drawn
        // narrower rather than thousands of rows long.
        var scale = Double(columns - 1) / bounds.width  // cells per metre, across
        let tallest = rowLimit ?? max(60, columns)
        if bounds.height * scale / 2 + 1 > Double(tallest) {
            scale = Double(tallest - 1) * 2 / bounds.height
            columns = max(8, Int(saturating: (bounds.width * scale).rounded(.up)) + 1)
        }
        let rows = max(4, Int(saturating: (bounds.height * scale / 2).rounded()) + 1)
        var canvas = Canvas(columns: columns, rows: rows)
        func cell(_ point: Point) -> Canvas.Cell {
            ((point.x - bounds.minX) * scale, Double(rows - 1) - (point.y - bounds.minY) * scale / 2)
        }

        if colour {
            for unit in scene.units {
                let family = Palette.families.firstIndex(of: Palette.family(of: unit.category)) ?? Palette.families.count - 1
                canvas.fill(unit.rings.map { $0.map(cell) }, family: family)
            }
        }
        for ring in scene.outline + scene.units.flatMap(\.rings) {
            for (a, b) in zip(ring, ring.dropFirst()) { canvas.line(from: cell(a), to: cell(b)) }
        }
        for opening in scene.openings {
            for (a, b) in zip(opening.points, opening.points.dropFirst()) { canvas.mark(from: cell(a), to: cell(b), as: glyphs.door) }
        }
        // Labels first: the unit's number at its display point where it fits, otherwise a number
        // the legend below explains. Nodes and points go where they leave the labels readable.
        var legend: [String] = []
        for unit in scene.units {
            guard let label = unit.label, let name = unit.name, let display = unit.displayPoint, bounds.contains(display) else { continue }
            let at = cell(display)
            let style: Canvas.Style = unit.id == highlight ? .highlight : .label
            if unit.id == highlight, canvas.write("[\(label)]", near: at, style: style) { continue }
            if !canvas.write(label, near: at, style: style) {
                let number = String(legend.count + 1)
                if canvas.write(number, near: at, style: style) {
                    legend.append("\(number.count == 1 ? " " : "")\(number)  \(name)")
                }
            }
        }
        for node in scene.nodes { canvas.put(glyphs.node, ifEmptyAt: cell(node.point)) }
        // Links as dots in the cells still empty.
        for link in scene.links { canvas.dots(from: cell(link.from), to: cell(link.to), glyph: glyphs.link) }
        for point in scene.points {
            canvas.put(point.imdfType == .amenity ? glyphs.amenity : glyphs.point, ifEmptyAt: cell(point.point))
        }

        var notes: [String] = []
        for leg in scene.overlay.route {
            for (a, b) in zip(leg, leg.dropFirst()) { canvas.trace(from: cell(a), to: cell(b), glyph: glyphs.route, style: .route) }
            if let first = leg.first { canvas.put(glyphs.routeEnd, at: cell(first), style: .route) }
            if let last = leg.last { canvas.put(glyphs.routeEnd, at: cell(last), style: .route) }
        }
        if let summary = scene.overlay.routeSummary { notes.append("\(glyphs.route) \(summary)") }
        let findings = scene.overlay.findings.filter { bounds.contains($0.point) }
        for finding in findings.sorted(by: { $0.severity > $1.severity }) {
            canvas.mark(glyphs.finding(finding.severity), at: cell(finding.point), style: Self.style(finding.severity))
        }
        let listed = findings.sorted { ($0.severity, $0.code, $0.featureID ?? "") < ($1.severity, $1.code, $1.featureID ?? "") }
        for finding in listed.prefix(40) {
            let id = finding.featureID.map { " " + $0.prefix(8) } ?? ""
            notes.append(
                "\(glyphs.finding(finding.severity)) \(finding.code)\(id) at \(Self.format(finding.point.x)),\(Self.format(finding.point.y)): \(finding.message)"
            )
        }
        if listed.count > 40 { notes.append("  ... and \(listed.count - 40) more findings here (`validate level` lists them all)") }
        if scene.overlay.showsFindings, findings.isEmpty {
            notes.append(box == nil ? "no findings to mark on this level" : "no findings to mark in this box")
        }
        if scene.overlay.unplacedFindings > 0 {
            let count = scene.overlay.unplacedFindings
            notes.append(
                "  \(count) more finding\(count == 1 ? "" : "s") about this level without a place on the map (`validate level` lists them)")
        }

        if !scene.undrawable.isEmpty {
            let shown = scene.undrawable.prefix(3).map { String($0.prefix(8)) }.joined(separator: ", ")
            notes.append(
                "  \(scene.undrawable.count) feature\(scene.undrawable.count == 1 ? " is" : "s are") not drawn: a coordinate is not finite or lies over 10,000 km away (\(shown)\(scene.undrawable.count > 3 ? ", ..." : ""))"
            )
        }
        var text = axes(canvas, bounds: bounds, scale: scale, rows: rows, margin: margin)
        if colour { text += "\n" + categoryLegend(scene.units) }
        let below = legend + notes
        return text + (below.isEmpty ? "" : "\n" + below.joined(separator: "\n"))
    }

    static func style(_ severity: Severity) -> Canvas.Style {
        switch severity {
        case .error: .error
        case .warning: .warning
        case .info: .info
        }
    }

    /// A swatch and name for each colour family on the level.
    private func categoryLegend(_ units: [LevelScene.Area]) -> String {
        let present = Set(units.map { Palette.family(of: $0.category).name })
        return " "
            + Palette.families.filter { present.contains($0.name) }.map { family in
                TerminalText.colour("48;5;\(family.terminal)") + "  " + TerminalText.colour("0") + " \(family.name)"
            }.joined(separator: "  ")
    }

    /// The canvas with a Y ruler on the left and an X ruler below, ticks every round number of metres.
    private func axes(_ canvas: Canvas, bounds: Bounds, scale: Double, rows: Int, margin: Int) -> String {
        let step = Self.tickStep(metres: bounds.maxX - bounds.minX, columns: canvas.columns)
        var lines: [String] = []
        // Each round height labels the row nearest to it.
        var labelled: [Int: Double] = [:]
        for y in stride(from: Self.firstTick(bounds.minY, step), through: bounds.maxY + step * 1e-6, by: step) {
            labelled[Int(saturating: (Double(rows - 1) - (y - bounds.minY) * scale / 2).rounded())] = y
        }
        for (row, text) in canvas.text(glyphs, colour: colour).enumerated() {
            let ruler = labelled[row].map { Self.format($0).leftPadded(margin - 1) + " " } ?? String(repeating: " ", count: margin)
            lines.append(ruler + text)
        }
        var ticks = [Character](repeating: " ", count: canvas.columns)
        // The footer stays within the picture's width: a label that would run past it is left out
        // (its tick stays), and the note about the axes shrinks to its unit when it must.
        var labels = [Character](repeating: " ", count: max(canvas.columns + 1, width - margin - 3))
        for x in stride(from: Self.firstTick(bounds.minX, step), through: bounds.maxX + step * 1e-6, by: step) {
            let column = Int(saturating: ((x - bounds.minX) * scale).rounded())
            guard column < ticks.count else { continue }
            ticks[column] = glyphs.tick
            let label = Self.format(x)
            guard column + label.count <= labels.count else { continue }
            for (offset, character) in label.enumerated() { labels[column + offset] = character }
        }
        lines.append(String(repeating: " ", count: margin) + String(ticks))
        let footer = String(repeating: " ", count: margin) + String(labels).trimmingTrailingSpaces
        let note = "m (x east, y north)"
        lines.append(footer + "  " + (footer.count + 2 + note.count <= width ? note : "m"))
        return lines.map(\.trimmingTrailingSpaces).joined(separator: "\n")
    }

    /// The first multiple of `step` at or after `minimum`, allowing for the micrometres a box
    /// typed in metres gains on its way through longitude and latitude.
    static func firstTick(_ minimum: Double, _ step: Double) -> Double {
        (minimum / step - 1e-6).rounded(.up) * step
    }

    /// A round tick spacing (1, 2, 5 x 10^n metres) that leaves room for the labels.
    static func tickStep(metres: Double, columns: Int) -> Double {
        let wanted = metres / max(1, Double(columns) / 8)
        let power = pow(10, (log10(wanted)).rounded(.down))
        return [1, 2, 5, 10].map { $0 * power }.first { $0 >= wanted } ?? 10 * power
    }

    static func format(_ metres: Double) -> String {
        metres == metres.rounded() ? String(Int(saturating: metres)) : String((metres * 10).rounded() / 10)
    }
}

extension String {
    var trimmingTrailingSpaces: String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
