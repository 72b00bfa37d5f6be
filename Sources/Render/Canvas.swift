// A grid of character cells for the terminal picture. Walls remember which way they leave a cell,
// so crossings become the right box-drawing character; glyphs and labels sit on top; each cell can
// carry the colour family of the unit it lies in and a style for overlays.

import Geometry
import IMDF

struct Canvas {
    typealias Cell = (column: Double, row: Double)

    enum Style: UInt8 {
        case plain, label, highlight, route, error, warning, info
    }

    let columns: Int
    let rows: Int
    private var directions: [[UInt8]]
    private var overlay: [[Character?]]
    private var styles: [[Style]]
    /// The index + 1 into `Palette.families` of the unit each cell lies in; 0 outside units.
    private var fills: [[UInt8]]

    init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
        directions = Array(repeating: Array(repeating: 0, count: columns), count: rows)
        overlay = Array(repeating: Array(repeating: nil, count: columns), count: rows)
        styles = Array(repeating: Array(repeating: .plain, count: columns), count: rows)
        fills = Array(repeating: Array(repeating: 0, count: columns), count: rows)
    }

    private func inside(_ column: Int, _ row: Int) -> Bool { column >= 0 && column < columns && row >= 0 && row < rows }

    private func index(_ value: Double) -> Int { Int(saturating: value.rounded()) }

    /// The part of `a`-`b` within a cell of the canvas (Liang-Barsky), so a zoomed-in picture
    /// does not walk the cells of walls far outside it.
    private func clipped(_ a: Cell, _ b: Cell) -> (Cell, Cell)? {
        let (dx, dy) = (b.column - a.column, b.row - a.row)
        var (t0, t1) = (0.0, 1.0)
        let edges = [(-dx, a.column + 1), (dx, Double(columns) - a.column), (-dy, a.row + 1), (dy, Double(rows) - a.row)]
        for (p, q) in edges {
            if p == 0 {
                if q < 0 { return nil }
            } else {
                let t = q / p
                if p < 0 { t0 = max(t0, t) } else { t1 = min(t1, t) }
                if t0 > t1 { return nil }
            }
        }
        return ((a.column + t0 * dx, a.row + t0 * dy), (a.column + t1 * dx, a.row + t1 * dy))
    }

    /// A straight wall from `a` to `b`.
    mutating func line(from a: Cell, to b: Cell) {
        guard let (a, b) = clipped(a, b) else { return }
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

    /// Colours the cells whose centres lie inside `rings` (even-odd, so holes stay out) with
    /// palette family `family`, one scanline per row.
    mutating func fill(_ rings: [[Cell]], family: Int) {
        let value = UInt8(family + 1)
        for row in 0..<rows {
            let y = Double(row)
            var crossings: [Double] = []
            for ring in rings {
                for (a, b) in zip(ring, ring.dropFirst()) where (a.row <= y) != (b.row <= y) {
                    crossings.append(a.column + (y - a.row) / (b.row - a.row) * (b.column - a.column))
                }
            }
            crossings.sort()
            var pair = 0
            while pair + 1 < crossings.count {
                let first = max(0, Int(saturating: crossings[pair].rounded(.up)))
                let last = min(columns - 1, Int(saturating: crossings[pair + 1].rounded(.down)))
                if first <= last { for column in first...last { fills[row][column] = value } }
                pair += 2
            }
        }
    }

    /// Visits each cell along `a`-`b`, once per step of its longer extent.
    private func walk(_ a: Cell, _ b: Cell, _ visit: (Int, Int) -> Void) {
        guard let (a, b) = clipped(a, b) else { return }
        let steps = max(1, max(abs(index(b.column) - index(a.column)), abs(index(b.row) - index(a.row))))
        for step in 0...steps {
            let t = Double(step) / Double(steps)
            let (column, row) = (index(a.column + (b.column - a.column) * t), index(a.row + (b.row - a.row) * t))
            if inside(column, row) { visit(column, row) }
        }
    }

    /// Marks the cells along `a`-`b` with `glyph` (a door on its wall).
    mutating func mark(from a: Cell, to b: Cell, as glyph: Character) {
        walk(a, b) { column, row in overlay[row][column] = glyph }
    }

    /// A dotted line through the empty cells between `a` and `b` (a link between path nodes).
    mutating func dots(from a: Cell, to b: Cell, glyph: Character) {
        walk(a, b) { column, row in
            if directions[row][column] == 0, overlay[row][column] == nil { overlay[row][column] = glyph }
        }
    }

    /// A route leg over everything but labels, in `style`.
    mutating func trace(from a: Cell, to b: Cell, glyph: Character, style: Style) {
        walk(a, b) { column, row in
            guard styles[row][column] != .label, styles[row][column] != .highlight else { return }
            overlay[row][column] = glyph
            styles[row][column] = style
        }
    }

    mutating func put(_ glyph: Character, at point: Cell, style: Style = .plain) {
        let (column, row) = (index(point.column), index(point.row))
        guard inside(column, row) else { return }
        overlay[row][column] = glyph
        styles[row][column] = style
    }

    mutating func put(_ glyph: Character, ifEmptyAt point: Cell) {
        let (column, row) = (index(point.column), index(point.row))
        if inside(column, row), overlay[row][column] == nil { overlay[row][column] = glyph }
    }

    /// Writes `text` centred on `point`, or a cell to either side where walls are in the way.
    mutating func write(_ text: String, near point: Cell, style: Style = .label) -> Bool {
        for shift in [0.0, -1, 1] where write(text, centredAt: (point.column + shift, point.row), style: style) { return true }
        return false
    }

    /// A finding's mark at `point`, or beside it where a label is: labels stay readable and the
    /// mark stays near its place.
    mutating func mark(_ glyph: Character, at point: Cell, style: Style) {
        for shift in [0.0, 1, -1, 2, -2] {
            let (column, row) = (index(point.column + shift), index(point.row))
            guard inside(column, row) else { continue }
            if styles[row][column] == .label || styles[row][column] == .highlight { continue }
            overlay[row][column] = glyph
            styles[row][column] = style
            return
        }
    }

    /// Writes `text` centred on `point` if every cell it needs is empty; true when written.
    mutating func write(_ text: String, centredAt point: Cell, style: Style = .label) -> Bool {
        let row = index(point.row)
        let start = index(point.column) - text.count / 2
        guard inside(start, row), inside(start + text.count - 1, row) else { return false }
        for column in start..<(start + text.count) where directions[row][column] != 0 || overlay[row][column] != nil { return false }
        for (offset, character) in text.enumerated() {
            overlay[row][start + offset] = character
            styles[row][start + offset] = style
        }
        return true
    }

    /// The text of each row, with `glyphs` for the walls; with ANSI colour when `colour` is set.
    func text(_ glyphs: TerminalPicture.Glyphs, colour: Bool = false) -> [String] {
        (0..<rows).map { row in
            var line = ""
            var current = ""
            for column in 0..<columns {
                let character: Character
                if let glyph = overlay[row][column] {
                    character = glyph == "╱" ? glyphs.diagonalUp : glyph == "╲" ? glyphs.diagonalDown : glyph
                } else {
                    character = glyphs.lines[directions[row][column]] ?? " "
                }
                if colour {
                    let style = escape(row, column)
                    if style != current {
                        line += TerminalText.colour("0") + style
                        current = style
                    }
                }
                line.append(character)
            }
            if colour, !current.isEmpty { line += TerminalText.colour("0") }
            return line
        }
    }

    /// The SGR sequence for a cell: its unit's colour behind text, overlays in their own colours.
    private func escape(_ row: Int, _ column: Int) -> String {
        var codes: [String] = []
        let family = Int(fills[row][column])
        if family > 0, directions[row][column] == 0 {
            codes.append("48;5;\(Palette.families[family - 1].terminal)")
            codes.append("97")
        }
        switch styles[row][column] {
        case .plain, .label: break
        case .highlight: codes.append("1;7")
        case .route: codes.append("1;91")
        case .error: codes.append("1;91")
        case .warning: codes.append("1;93")
        case .info: codes.append("1;96")
        }
        return codes.isEmpty ? "" : TerminalText.colour(codes.joined(separator: ";"))
    }
}
