import Foundation
import HelperProtocol
import Interchange
import Testing

@Suite("A DXF drawing's header variables")
struct DrawingHeaderTests {
    /// A header with the three variables read, group codes padded as AutoCAD writes them, and a
    /// later section that names a variable again.
    static let text = [
        "  0", "SECTION", "  2", "HEADER",
        "  9", "$ACADVER", "  1", "AC1027",
        "  9", "$DWGCODEPAGE", "  3", "ANSI_932",
        "  9", "$EXTMIN", " 10", "0.0", " 20", "0.0",
        "  9", "$INSUNITS", " 70", "     4",
        "  0", "ENDSEC",
        "  0", "SECTION", "  2", "ENTITIES",
        "  9", "$INSUNITS", " 70", "6",
        "  0", "ENDSEC", "  0", "EOF",
    ]

    static func write(_ text: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("imdf-header-\(UUID().uuidString).dxf").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func theVersionUnitsAndCodePageAreReadWithLineFeedsOrCarriageReturns() throws {
        for separator in ["\n", "\r\n"] {
            let path = try Self.write(Self.text.joined(separator: separator) + separator)
            defer { try? FileManager.default.removeItem(atPath: path) }
            let header = try DrawingHeader.read(path)
            #expect(header.version == "AC1027", "\(separator.debugDescription)")
            #expect(header.codePage == "ANSI_932", "\(separator.debugDescription)")
            // The header's own value, not the one after its ENDSEC.
            #expect(header.insertionUnits == 4, "\(separator.debugDescription)")
        }
    }

    @Test func aFileWithoutAHeaderOrInBinaryGivesAnEmptyOne() throws {
        let bare = try Self.write(["  0", "SECTION", "  2", "ENTITIES", "  0", "ENDSEC", "  0", "EOF"].joined(separator: "\n"))
        let binary = try Self.write("AutoCAD Binary DXF\r\n\u{1A}\u{0}")
        let empty = try Self.write("")
        defer { for path in [bare, binary, empty] { try? FileManager.default.removeItem(atPath: path) } }
        for path in [bare, binary, empty] {
            let header = try DrawingHeader.read(path)
            #expect(header.version == nil && header.insertionUnits == nil && header.codePage == nil)
        }
    }
}
