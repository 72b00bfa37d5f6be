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
        var tick: Character

        public static let unicode = Glyphs(
            lines: [1: "│", 4: "│", 5: "│", 2: "─", 8: "─", 10: "─", 3: "└", 6: "┌", 12: "┐", 9: "┘", 7: "├", 13: "┤", 14: "┬", 11: "┴", 15: "┼"],
            diagonalUp: "╱", diagonalDown: "╲", door: "▒", node: "o", link: "·", point: "*", tick: "┼")
        public static let ascii = Glyphs(
            lines: [1: "|", 4: "|", 5: "|", 2: "-", 8: "-", 10: "-", 3: "+", 6: "+", 12: "+", 9: "+", 7: "+", 13: "+", 14: "+", 11: "+", 15: "+"],
            diagonalUp: "/", diagonalDown: "\\", door: "#", node: "o", link: ".", point: "*", tick: "+")

        /// Unicode unless the locale says the terminal cannot show it.
        public static func forEnvironment(_ environment: [String: String]) -> Glyphs {
            let locale = environment["LC_ALL"] ?? environment["LC_CTYPE"] ?? environment["LANG"] ?? ""
            let utf8 = locale.uppercased().contains("UTF-8") || locale.uppercased().contains("UTF8")
            return utf8 && environment["TERM"] != "dumb" ? .unicode : .ascii
        }
    }

    let width: Int
    let glyphs: Glyphs

    public init(width: Int, glyphs: Glyphs) {
        self.width = max(width, 40)
        self.glyphs = glyphs
    }

    /// The level `levelID` of `document`, in `frame` (metres east and north of its origin).
    public func render(level levelID: String, of document: Document, in frame: LocalFrame) -> String {
        guard let level = document.feature(levelID), let outline = level.geometry else { return "(the level has no outline)" }
        func metres(_ position: Position) -> Point { frame.point(longitude: position.x, latitude: position.y) }
        var bounds = (minX: Double.infinity, minY: Double.infinity, maxX: -Double.infinity, maxY: -Double.infinity)
        outline.forEachPosition { position in
            let point = metres(position)
            bounds = (min(bounds.minX, point.x), min(bounds.minY, point.y), max(bounds.maxX, point.x), max(bounds.maxY, point.y))
        }
        guard bounds.maxX > bounds.minX, bounds.maxY > bounds.minY else { return "(the level's outline is empty)" }
        let margin = 6
        let columns = width - margin - 1
        // A character cell is about twice as tall as it is wide.
        let scale = Double(columns - 1) / (bounds.maxX - bounds.minX)  // cells per metre, across
        let rows = max(4, Int(((bounds.maxY - bounds.minY) * scale / 2).rounded()) + 1)
        var canvas = Canvas(columns: columns, rows: rows)
        func cell(_ point: Point) -> (column: Double, row: Double) {
            ((point.x - bounds.minX) * scale, Double(rows - 1) - (point.y - bounds.minY) * scale / 2)
        }

        let features = document.features(onLevel: levelID).sorted { $0.id < $1.id }
        let units = features.filter { $0.featureType == FeatureType.unit.rawValue }
        for shape in [level] + units {
            for ring in Self.rings(of: shape.geometry) {
                for (a, b) in zip(ring, ring.dropFirst()) { canvas.line(from: cell(metres(a)), to: cell(metres(b))) }
            }
        }
        for opening in features where opening.featureType == FeatureType.opening.rawValue {
            guard case .lineString(let line)? = opening.geometry else { continue }
            for (a, b) in zip(line, line.dropFirst()) { canvas.mark(from: cell(metres(a)), to: cell(metres(b)), as: glyphs.door) }
        }
        // Labels first: the unit's number (the last word of its name) at its display point where it
        // fits, otherwise a number the legend below explains. Nodes and points go where they leave
        // the labels readable.
        let language = document.manifest.language
        var legend: [String] = []
        for unit in units {
            guard let name = unit.labels("name")?.preferred(language: language), let display = unit.point("display_point") else { continue }
            let label = String(name.split(separator: " ").last ?? Substring(name))
            let at = cell(metres(display))
            if !canvas.write(label, centredAt: at) {
                let number = String(legend.count + 1)
                if canvas.write(number, centredAt: at) { legend.append("\(number.count == 1 ? " " : "")\(number)  \(name)") }
            }
        }
        // Nodes, then the links between them as dots in the cells still empty.
        let nodes = features.filter { $0.featureType == "navPath" }
        let nodePositions = Dictionary(nodes.compactMap { node -> (String, Position)? in
            guard case .point(let position)? = node.geometry else { return nil }
            return (node.id, position)
        }, uniquingKeysWith: { first, _ in first })
        for (_, position) in nodePositions.sorted(by: { $0.key < $1.key }) {
            canvas.put(glyphs.node, ifEmptyAt: cell(metres(position)))
        }
        for node in nodes {
            guard let from = nodePositions[node.id] else { continue }
            // Both directions of a link draw the same dots, which only fill empty cells.
            for neighbour in node.strings("neighbours") ?? [] {
                guard let to = nodePositions[neighbour] else { continue }
                canvas.dots(from: cell(metres(from)), to: cell(metres(to)), glyph: glyphs.link)
            }
        }

        let pointTypes: Set<String> = [FeatureType.amenity.rawValue, FeatureType.anchor.rawValue]
        let unitIDs = Set(units.map(\.id))
        for feature in document.features(of: .anchor) + document.features(of: .amenity) where pointTypes.contains(feature.featureType) {
            let onLevel = feature.string("level_id") == levelID || feature.string("unit_id").map(unitIDs.contains) == true
                || (feature.strings("unit_ids") ?? []).contains(where: unitIDs.contains)
            guard onLevel, case .point(let position)? = feature.geometry else { continue }
            canvas.put(glyphs.point, ifEmptyAt: cell(metres(position)))
        }

        return axes(canvas, bounds: bounds, scale: scale, rows: rows, margin: margin) + (legend.isEmpty ? "" : "\n" + legend.joined(separator: "\n"))
    }

    /// The canvas with a Y ruler on the left and an X ruler below, ticks every round number of metres.
    private func axes(_ canvas: Canvas, bounds: (minX: Double, minY: Double, maxX: Double, maxY: Double), scale: Double, rows: Int, margin: Int) -> String {
        let step = Self.tickStep(metres: bounds.maxX - bounds.minX, columns: canvas.columns)
        var lines: [String] = []
        // Each round height labels the row nearest to it.
        var labelled: [Int: Double] = [:]
        for y in stride(from: (bounds.minY / step).rounded(.up) * step, through: bounds.maxY, by: step) {
            labelled[Int((Double(rows - 1) - (y - bounds.minY) * scale / 2).rounded())] = y
        }
        for (row, text) in canvas.text(glyphs).enumerated() {
            let ruler = labelled[row].map { Self.format($0).leftPadded(margin - 1) + " " } ?? String(repeating: " ", count: margin)
            lines.append(ruler + text)
        }
        var ticks = [Character](repeating: " ", count: canvas.columns)
        var labels = [Character](repeating: " ", count: canvas.columns + 8)
        for x in stride(from: (bounds.minX / step).rounded(.up) * step, through: bounds.maxX, by: step) {
            let column = Int(((x - bounds.minX) * scale).rounded())
            guard column < ticks.count else { continue }
            ticks[column] = glyphs.tick
            for (offset, character) in Self.format(x).enumerated() where column + offset < labels.count { labels[column + offset] = character }
        }
        lines.append(String(repeating: " ", count: margin) + String(ticks))
        lines.append(String(repeating: " ", count: margin) + String(labels).trimmingTrailingSpaces + "  m (x east, y north)")
        return lines.map(\.trimmingTrailingSpaces).joined(separator: "\n")
    }

    static func rings(of geometry: Geometry?) -> [[Position]] {
        switch geometry {
        case .polygon(let rings)?: rings
        case .multiPolygon(let polygons)?: polygons.flatMap { $0 }
        default: []
        }
    }

    /// A round tick spacing (1, 2, 5 x 10^n metres) that leaves room for the labels.
    static func tickStep(metres: Double, columns: Int) -> Double {
        let wanted = metres / max(1, Double(columns) / 8)
        let power = pow(10, (log10(wanted)).rounded(.down))
        return [1, 2, 5, 10].map { $0 * power }.first { $0 >= wanted } ?? 10 * power
    }

    static func format(_ metres: Double) -> String {
        metres == metres.rounded() ? String(Int(metres)) : String((metres * 10).rounded() / 10)
    }
}

/// Cells that remember which way lines leave them, so crossings become the right box characters.
struct Canvas {
    let columns: Int
    let rows: Int
    private var directions: [[UInt8]]
    private var overlay: [[Character?]]

    init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
        directions = Array(repeating: Array(repeating: 0, count: columns), count: rows)
        overlay = Array(repeating: Array(repeating: nil, count: columns), count: rows)
    }

    private func inside(_ column: Int, _ row: Int) -> Bool { column >= 0 && column < columns && row >= 0 && row < rows }

    private func index(_ value: Double) -> Int { Int(value.rounded()) }

    /// A straight wall from `a` to `b` (cell coordinates).
    mutating func line(from a: (column: Double, row: Double), to b: (column: Double, row: Double)) {
        let (c0, r0, c1, r1) = (index(a.column), index(a.row), index(b.column), index(b.row))
        if r0 == r1 {
            for column in min(c0, c1)...max(c0, c1) where inside(column, r0) {
                if column > min(c0, c1) { directions[r0][column] |= 8 }
                if column < max(c0, c1) { directions[r0][column] |= 2 }
            }
        } else if c0 == c1 {
            for row in min(r0, r1)...max(r0, r1) where inside(c0, row) {
                if row > min(r0, r1) { directions[row][c0] |= 1 }
                if row < max(r0, r1) { directions[row][c0] |= 4 }
            }
        } else {
            // A slanted wall: one mark per step along its longer extent.
            let steps = max(abs(c1 - c0), abs(r1 - r0))
            let rising = (c1 - c0).signum() != (r1 - r0).signum()
            for step in 0...steps {
                let t = Double(step) / Double(steps)
                let column = index(a.column + (b.column - a.column) * t)
                let row = index(a.row + (b.row - a.row) * t)
                if inside(column, row), directions[row][column] == 0, overlay[row][column] == nil {
                    overlay[row][column] = rising ? "╱" : "╲"
                }
            }
        }
    }

    /// Marks the cells along `a`-`b` with `glyph` (a door on its wall).
    mutating func mark(from a: (column: Double, row: Double), to b: (column: Double, row: Double), as glyph: Character) {
        let steps = max(1, max(abs(index(b.column) - index(a.column)), abs(index(b.row) - index(a.row))))
        for step in 0...steps {
            let t = Double(step) / Double(steps)
            put(glyph, at: (a.column + (b.column - a.column) * t, a.row + (b.row - a.row) * t))
        }
    }

    mutating func put(_ glyph: Character, at point: (column: Double, row: Double)) {
        let (column, row) = (index(point.column), index(point.row))
        if inside(column, row) { overlay[row][column] = glyph }
    }

    mutating func put(_ glyph: Character, ifEmptyAt point: (column: Double, row: Double)) {
        let (column, row) = (index(point.column), index(point.row))
        if inside(column, row), overlay[row][column] == nil { overlay[row][column] = glyph }
    }

    /// A dotted line through the empty cells between `a` and `b` (a link between path nodes).
    mutating func dots(from a: (column: Double, row: Double), to b: (column: Double, row: Double), glyph: Character) {
        let steps = max(1, max(abs(index(b.column) - index(a.column)), abs(index(b.row) - index(a.row))))
        for step in 0...steps {
            let t = Double(step) / Double(steps)
            let (column, row) = (index(a.column + (b.column - a.column) * t), index(a.row + (b.row - a.row) * t))
            if inside(column, row), directions[row][column] == 0, overlay[row][column] == nil { overlay[row][column] = glyph }
        }
    }

    /// Writes `text` centred on `point` if every cell it needs is empty; true when written.
    mutating func write(_ text: String, centredAt point: (column: Double, row: Double)) -> Bool {
        let row = index(point.row)
        let start = index(point.column) - text.count / 2
        guard inside(start, row), inside(start + text.count - 1, row) else { return false }
        for column in start..<(start + text.count) where directions[row][column] != 0 || overlay[row][column] != nil { return false }
        for (offset, character) in text.enumerated() { overlay[row][start + offset] = character }
        return true
    }

    /// The text of each row, with `glyphs` for the walls.
    func text(_ glyphs: TerminalPicture.Glyphs) -> [String] {
        (0..<rows).map { row in
            String((0..<columns).map { column in
                if let glyph = overlay[row][column] {
                    if glyph == "╱" { return glyphs.diagonalUp }
                    if glyph == "╲" { return glyphs.diagonalDown }
                    return glyph
                }
                return glyphs.lines[directions[row][column]] ?? " "
            })
        }
    }

}

extension String {
    var trimmingTrailingSpaces: String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
