// A synthetic architect's floor plan as DXF text, for the import benchmark: a grid of rooms along
// corridors with double walls broken into short lines, door gaps with door blocks, room names and
// numbers, and furniture on its own layer - what real drawings hold, at any size.

public enum DrawingGenerator {
    /// A plan of `rows` x `columns` rooms of 5 x 4 m; about 7.5 KB of DXF per room.
    public static func plan(rows: Int, columns: Int, seed: UInt64 = 1) -> String {
        var random = SeededRandom(seed: seed)
        var out = ""
        out.reserveCapacity(rows * columns * 8_000)
        func pair(_ code: Int, _ value: String) {
            out += code < 10 ? "  \(code)\n" : code < 100 ? " \(code)\n" : "\(code)\n"
            out += value
            out += "\n"
        }
        func number(_ value: Double) -> String { String((value * 1000).rounded() / 1000) }
        func line(_ layer: String, _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
            pair(0, "LINE")
            pair(100, "AcDbEntity")
            pair(8, layer)
            pair(100, "AcDbLine")
            pair(10, number(x1))
            pair(20, number(y1))
            pair(11, number(x2))
            pair(21, number(y2))
        }
        /// A wall face in `pieces` lines, as drawings made by many hands are.
        func face(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
            let pieces = 1 + Int(random.next() % 3)
            for piece in 0..<pieces {
                let a = Double(piece) / Double(pieces)
                let b = Double(piece + 1) / Double(pieces)
                line("A-WALL", x1 + (x2 - x1) * a, y1 + (y2 - y1) * a, x1 + (x2 - x1) * b, y1 + (y2 - y1) * b)
            }
        }
        pair(0, "SECTION")
        pair(2, "HEADER")
        pair(9, "$ACADVER")
        pair(1, "AC1027")
        pair(9, "$INSUNITS")
        pair(70, "6")
        pair(0, "ENDSEC")
        pair(0, "SECTION")
        pair(2, "BLOCKS")
        pair(0, "BLOCK")
        pair(8, "0")
        pair(2, "DOOR")
        pair(70, "0")
        pair(10, "0")
        pair(20, "0")
        line("0", 0, 0, 0, 0.9)
        pair(0, "ARC")
        pair(100, "AcDbEntity")
        pair(8, "0")
        pair(100, "AcDbCircle")
        pair(10, "0")
        pair(20, "0")
        pair(40, "0.9")
        pair(100, "AcDbArc")
        pair(50, "0")
        pair(51, "90")
        pair(0, "ENDBLK")
        pair(0, "ENDSEC")
        pair(0, "SECTION")
        pair(2, "ENTITIES")
        // Rooms 5 x 4 m between walls 0.2 m thick; every second row of rooms faces a 2 m corridor.
        let wall = 0.2
        let width = 5.0
        let depth = 4.0
        for row in 0..<rows {
            let y0 = Double(row) * (depth + wall) + Double(row / 2) * 2.0
            for column in 0..<columns {
                let x0 = Double(column) * (width + wall)
                let (left, right, bottom, top) = (x0 + wall, x0 + wall + width, y0 + wall, y0 + wall + depth)
                // The door on the corridor side, 0.9 m, 1 m from the room's left wall.
                let doorOnTop = row % 2 == 1
                let doorX = left + 1
                for (y, hasDoor) in [(bottom, !doorOnTop), (top, doorOnTop)] {
                    if hasDoor {
                        face(left, y, doorX, y)
                        face(doorX + 0.9, y, right, y)
                        let outer = y == top ? y + wall : y - wall
                        face(left - wall, outer, doorX, outer)
                        face(doorX + 0.9, outer, right + wall, outer)
                        pair(0, "INSERT")
                        pair(100, "AcDbEntity")
                        pair(8, "A-DOOR")
                        pair(100, "AcDbBlockReference")
                        pair(2, "DOOR")
                        pair(10, number(doorX))
                        pair(20, number(y))
                        pair(41, "1")
                        pair(42, "1")
                        pair(50, y == top ? "270" : "0")
                    } else {
                        face(left, y, right, y)
                        let outer = y == top ? y + wall : y - wall
                        face(left - wall, outer, right + wall, outer)
                    }
                }
                face(left, bottom, left, top)
                face(right, bottom, right, top)
                face(left - wall, bottom - wall, left - wall, top + wall)
                face(right + wall, bottom - wall, right + wall, top + wall)
                pair(0, "TEXT")
                pair(100, "AcDbEntity")
                pair(8, "A-AREA-IDEN")
                pair(100, "AcDbText")
                pair(10, number(left + 1.5))
                pair(20, number(bottom + 2.2))
                pair(40, "0.25")
                pair(1, "Office")
                pair(0, "TEXT")
                pair(100, "AcDbEntity")
                pair(8, "A-AREA-IDEN")
                pair(100, "AcDbText")
                pair(10, number(left + 1.5))
                pair(20, number(bottom + 1.8))
                pair(40, "0.25")
                pair(1, "\(row + 1).\(String(column + 1).leftPadded(3))")
                pair(0, "TEXT")
                pair(100, "AcDbEntity")
                pair(8, "A-AREA-IDEN")
                pair(100, "AcDbText")
                pair(10, number(left + 1.5))
                pair(20, number(bottom + 1.4))
                pair(40, "0.2")
                pair(1, "20 m2")
                // A desk and a chair.
                for (x, y, w, h) in [(left + 3, bottom + 0.5, 1.6, 0.8), (left + 3.5, bottom + 1.5, 0.5, 0.5)] {
                    pair(0, "LWPOLYLINE")
                    pair(100, "AcDbEntity")
                    pair(8, "A-FURN")
                    pair(100, "AcDbPolyline")
                    pair(90, "4")
                    pair(70, "1")
                    for (px, py) in [(x, y), (x + w, y), (x + w, y + h), (x, y + h)] {
                        pair(10, number(px))
                        pair(20, number(py))
                    }
                }
            }
        }
        pair(0, "ENDSEC")
        pair(0, "EOF")
        return out
    }

    /// A box of walls `side` metres square split in two by one zig-zag wall of `vertices`
    /// vertices, `amplitude` metres either side of its middle line: linework that costs what a
    /// drawing with that many wall vertices costs, and encloses two rooms. In metres, on A-WALL.
    public static func zigzagWall(vertices: Int, side: Double = 100, amplitude: Double = 0.3) -> String {
        var out = "  0\nSECTION\n  2\nHEADER\n  9\n$ACADVER\n  1\nAC1027\n  9\n$INSUNITS\n 70\n6\n  0\nENDSEC\n"
        out.reserveCapacity(vertices * 40 + 2_000)
        out += "  0\nSECTION\n  2\nENTITIES\n"
        for (x1, y1, x2, y2) in [(0, 0, side, 0), (side, 0, side, side), (side, side, 0, side), (0, side, 0, 0)] {
            out += "  0\nLINE\n  8\nA-WALL\n 10\n\(x1)\n 20\n\(y1)\n 11\n\(x2)\n 21\n\(y2)\n"
        }
        let count = Swift.max(vertices, 2)
        out += "  0\nLWPOLYLINE\n  8\nA-WALL\n 90\n\(count)\n 70\n0\n"
        for index in 0..<count {
            let x = side * Double(index) / Double(count - 1)
            let y = side / 2 + (index == 0 || index == count - 1 ? 0 : index % 2 == 0 ? amplitude : -amplitude)
            out += " 10\n\(x)\n 20\n\(y)\n"
        }
        out += "  0\nENDSEC\n  0\nEOF\n"
        return out
    }

    /// A few kilobytes that expand beyond any budget: blocks B1 ... B`depth`, each inserting the
    /// next `fanOut` times (the last draws one wall line), and one insert of B1 - `fanOut` to the
    /// power `depth - 1` lines if expanded.
    public static func nestedBlocks(depth: Int, fanOut: Int) -> String {
        var out = "  0\nSECTION\n  2\nHEADER\n  9\n$ACADVER\n  1\nAC1027\n  9\n$INSUNITS\n 70\n6\n  0\nENDSEC\n"
        out += "  0\nSECTION\n  2\nBLOCKS\n"
        for level in 1...Swift.max(depth, 1) {
            out += "  0\nBLOCK\n  8\n0\n  2\nB\(level)\n 70\n0\n 10\n0\n 20\n0\n"
            if level == depth {
                out += "  0\nLINE\n  8\nA-WALL\n 10\n0\n 20\n0\n 11\n1\n 21\n0\n"
            } else {
                for copy in 0..<fanOut { out += "  0\nINSERT\n  8\nA-WALL\n  2\nB\(level + 1)\n 10\n\(copy)\n 20\n0\n" }
            }
            out += "  0\nENDBLK\n"
        }
        out += "  0\nENDSEC\n  0\nSECTION\n  2\nENTITIES\n  0\nINSERT\n  8\nA-WALL\n  2\nB1\n 10\n0\n 20\n0\n  0\nENDSEC\n  0\nEOF\n"
        return out
    }
}

extension String {
    fileprivate func leftPadded(_ width: Int, with pad: Character = "0") -> String {
        String(repeating: pad, count: Swift.max(0, width - count)) + self
    }
}
