// Small DXF drawings written as text, one per pattern real drawings show: the group-code / value
// pairs of the entities the importer reads, as AutoCAD writes them.

import Foundation

public struct DXFFixture {
    public var version = "AC1027"
    public var insertionUnits: Int? = 6
    public var codePage = "ANSI_1252"
    private var blocks: [(name: String, body: String)] = []
    private var entities = ""

    public init(version: String = "AC1027", insertionUnits: Int? = 6, codePage: String = "ANSI_1252") {
        self.version = version
        self.insertionUnits = insertionUnits
        self.codePage = codePage
    }

    private static func pair(_ code: Int, _ value: Any) -> String { "\(String(code).leftPadded(3))\n\(value)\n" }
    private static func start(_ type: String, _ layer: String, _ subclass: String) -> String {
        pair(0, type) + pair(100, "AcDbEntity") + pair(8, layer) + pair(100, subclass)
    }

    public static func line(_ layer: String, _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> String {
        start("LINE", layer, "AcDbLine") + pair(10, x1) + pair(20, y1) + pair(11, x2) + pair(21, y2)
    }

    public static func polyline(_ layer: String, _ points: [(Double, Double)], closed: Bool = true) -> String {
        start("LWPOLYLINE", layer, "AcDbPolyline") + pair(90, points.count) + pair(70, closed ? 1 : 0)
            + points.map { pair(10, $0.0) + pair(20, $0.1) }.joined()
    }

    public static func rectangle(_ layer: String, _ x: Double, _ y: Double, _ width: Double, _ height: Double) -> String {
        polyline(layer, [(x, y), (x + width, y), (x + width, y + height), (x, y + height)])
    }

    /// A filled rectangle (a SOLID: DXF lists its corners in Z order).
    public static func solid(_ layer: String, _ x: Double, _ y: Double, _ width: Double, _ height: Double) -> String {
        start("SOLID", layer, "AcDbTrace") + pair(10, x) + pair(20, y) + pair(11, x + width) + pair(21, y) + pair(12, x)
            + pair(22, y + height) + pair(13, x + width) + pair(23, y + height)
    }

    public static func text(_ layer: String, _ x: Double, _ y: Double, _ text: String, height: Double = 0.3) -> String {
        start("TEXT", layer, "AcDbText") + pair(10, x) + pair(20, y) + pair(40, height) + pair(1, text)
    }

    public static func mtext(_ layer: String, _ x: Double, _ y: Double, _ text: String) -> String {
        start("MTEXT", layer, "AcDbMText") + pair(10, x) + pair(20, y) + pair(40, 0.3) + pair(1, text)
    }

    /// Angles in degrees, counter-clockwise from east.
    public static func arc(_ layer: String, _ x: Double, _ y: Double, _ radius: Double, _ from: Double, _ to: Double) -> String {
        start("ARC", layer, "AcDbCircle") + pair(10, x) + pair(20, y) + pair(40, radius) + pair(100, "AcDbArc") + pair(50, from)
            + pair(51, to)
    }

    public static func insert(_ layer: String, _ block: String, _ x: Double, _ y: Double, angle: Double = 0, scale: Double = 1) -> String {
        start("INSERT", layer, "AcDbBlockReference") + pair(2, block) + pair(10, x) + pair(20, y) + pair(41, scale) + pair(42, scale)
            + pair(50, angle)
    }

    /// A block insert with attributes (`TAG`, value), as room tags are drawn.
    public static func tag(_ layer: String, _ block: String, _ x: Double, _ y: Double, _ attributes: [(String, String)]) -> String {
        start("INSERT", layer, "AcDbBlockReference") + pair(66, 1) + pair(2, block) + pair(10, x) + pair(20, y)
            + attributes.map { tag, value in
                start("ATTRIB", layer, "AcDbText") + pair(10, x) + pair(20, y) + pair(40, 0.3) + pair(1, value) + pair(100, "AcDbAttribute")
                    + pair(2, tag) + pair(70, 0)
            }.joined() + pair(0, "SEQEND") + pair(100, "AcDbEntity") + pair(8, layer)
    }

    /// Two offices side by side on `A-AREA` (5 x 4 and 4 x 4 units times `scale`), named in TEXT
    /// ("Kontor", "101") and MTEXT ("Mødelokale", "102"), with a door block on the wall they share.
    public static func namedOffices(scale: Double = 1, insertionUnits: Int? = 6) -> DXFFixture {
        var fixture = DXFFixture(insertionUnits: insertionUnits)
        fixture.add(rectangle("A-AREA", 0, 0, 5 * scale, 4 * scale))
        fixture.add(rectangle("A-AREA", 5 * scale, 0, 4 * scale, 4 * scale))
        fixture.add(text("A-AREA-IDEN", 1 * scale, 2.5 * scale, "Kontor"))
        fixture.add(text("A-AREA-IDEN", 1 * scale, 2 * scale, "101"))
        fixture.add(mtext("A-AREA-IDEN", 6 * scale, 2 * scale, "{\\fArial|b1;Mødelokale}\\P102"))
        fixture.block("DOOR-90", line("0", 0, 0, 0, 0.9 * scale) + arc("0", 0, 0, 0.9 * scale, 0, 90))
        fixture.add(insert("A-DOOR", "DOOR-90", 5 * scale, 1 * scale, angle: 90))
        return fixture
    }

    /// Two rooms inside double walls 0.2 m thick, drawn as many short lines with a duplicate, with
    /// a 0.9 m gap in the wall between them and one in the outer wall.
    /// The plan drawn `east` metres to the east, its rooms named `names`, into `fixture`.
    public static func doubleWalls(east: Double = 0, names: [String] = ["Kitchen", "Store"], into fixture: inout DXFFixture) {
        func wall(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, pieces: Int = 3) {
            for piece in 0..<pieces {
                let a = Double(piece) / Double(pieces)
                let b = Double(piece + 1) / Double(pieces)
                fixture.add(
                    DXFFixture.line("A-WALL", east + x1 + (x2 - x1) * a, y1 + (y2 - y1) * a, east + x1 + (x2 - x1) * b, y1 + (y2 - y1) * b))
            }
        }
        // Outer faces: 0..8.2 x 0..4.2; inner faces 0.2..8.0 x 0.2..4.0; the middle wall 4.0..4.2.
        wall(0, 0, 1.0, 0, pieces: 1)
        wall(1.9, 0, 8.2, 0)
        wall(8.2, 0, 8.2, 4.2)
        wall(8.2, 4.2, 0, 4.2)
        wall(0, 4.2, 0, 0)
        // The south wall has a door gap from x 1.0 to 1.9 in both faces.
        wall(0.2, 0.2, 1.0, 0.2, pieces: 1)
        wall(1.9, 0.2, 4.0, 0.2, pieces: 2)
        wall(4.2, 0.2, 8.0, 0.2)
        wall(8.0, 0.2, 8.0, 4.0)
        wall(8.0, 4.0, 4.2, 4.0)
        wall(4.0, 4.0, 0.2, 4.0)
        wall(0.2, 4.0, 0.2, 0.2)
        // The middle wall, with a gap from y 1.5 to 2.4 on both faces.
        wall(4.0, 0.2, 4.0, 1.5, pieces: 1)
        wall(4.0, 2.4, 4.0, 4.0, pieces: 1)
        wall(4.2, 0.2, 4.2, 1.5, pieces: 1)
        wall(4.2, 2.4, 4.2, 4.0, pieces: 1)
        // A duplicate and a sliver: drawings are full of both.
        wall(8.0, 0.2, 8.0, 4.0, pieces: 1)
        fixture.add(DXFFixture.line("A-WALL", east + 8.0, 4.0, east + 8.0, 4.0001))
        fixture.add(DXFFixture.text("A-ANNO-TEXT", east + 2, 3, names[0]))
        fixture.add(DXFFixture.text("A-ANNO-TEXT", east + 6, 3, names[1]))
    }

    public static func doubleWalls() -> DXFFixture {
        var fixture = DXFFixture()
        doubleWalls(into: &fixture)
        return fixture
    }

    /// Two such plans side by side, 12 m apart, joined by a dimension line drawn with the walls.
    public static func twoPlansOnASheet() -> DXFFixture {
        var fixture = DXFFixture()
        doubleWalls(into: &fixture)
        doubleWalls(east: 20, names: ["Bedroom", "Bath"], into: &fixture)
        fixture.add(DXFFixture.line("A-WALL", 0, -1.5, 28.2, -1.5))
        for x in [0.0, 8.2, 20, 28.2] { fixture.add(DXFFixture.line("A-WALL", x, -1.8, x, -0.3)) }
        return fixture
    }

    public mutating func add(_ entity: String) { entities += entity }

    public mutating func block(_ name: String, _ body: String) { blocks.append((name, body)) }

    public var text: String {
        var header = Self.pair(0, "SECTION") + Self.pair(2, "HEADER") + Self.pair(9, "$ACADVER") + Self.pair(1, version)
        if let insertionUnits { header += Self.pair(9, "$INSUNITS") + Self.pair(70, insertionUnits) }
        header += Self.pair(9, "$DWGCODEPAGE") + Self.pair(3, codePage) + Self.pair(0, "ENDSEC")
        var blockSection = Self.pair(0, "SECTION") + Self.pair(2, "BLOCKS")
        for (name, body) in blocks {
            blockSection +=
                Self.pair(0, "BLOCK") + Self.pair(8, "0") + Self.pair(2, name) + Self.pair(70, 0) + Self.pair(10, 0) + Self.pair(20, 0)
                + body
                + Self.pair(0, "ENDBLK")
        }
        blockSection += Self.pair(0, "ENDSEC")
        return header + blockSection + Self.pair(0, "SECTION") + Self.pair(2, "ENTITIES") + entities + Self.pair(0, "ENDSEC")
            + Self.pair(0, "EOF")
    }

    /// Writes the drawing to a new temporary file; `encoding` for drawings that store text in a
    /// code page rather than UTF-8.
    public func write(named name: String = "plan", encoding: String.Encoding = .utf8) throws -> String {
        let path = try ScratchFolder.make("dxf") + "/\(name).dxf"
        guard let data = text.data(using: encoding) else { throw CocoaError(.fileWriteInapplicableStringEncoding) }
        try data.write(to: URL(fileURLWithPath: path))
        return path
    }
}

extension String {
    fileprivate func leftPadded(_ width: Int) -> String { String(repeating: " ", count: max(0, width - count)) + self }
}
