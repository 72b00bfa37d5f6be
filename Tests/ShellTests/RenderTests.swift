import Foundation
import IMDF
import SyntheticVenue
import TestSupport
import Testing
import Workbench

@testable import Shell

/// `render` in the terminal: golden pictures of a generated level, ASCII where Unicode cannot be
/// shown, and axis ticks in the metres that commands take.
@Suite("Rendering a level in the terminal")
struct RenderTests {
    func session() throws -> EditingSession {
        var session = EditingSession(document: Document(VenueGenerator.generate(VenueSpec(buildings: 1, levels: 1, rooms: 6, seed: 3))))
        _ = try Interpreter.execute("use level \"Ground Floor\"", in: &session)
        return session
    }

    func picture(_ session: EditingSession, _ glyphs: TerminalPicture.Glyphs) -> String {
        TerminalPicture(width: 60, glyphs: glyphs).render(level: session.levelID!, of: session.document, in: session.frame)
    }

    func golden(_ name: String) throws -> String {
        try String(contentsOf: Samples.packageRoot.appendingPathComponent("Tests/ShellTests/Golden/\(name)"), encoding: .utf8)
    }

    @Test func aGeneratedLevelDrawsAsItsGoldenPicture() throws {
        let session = try session()
        #expect(picture(session, .unicode) + "\n" == (try golden("generated-level.txt")))
        #expect(picture(session, .ascii) + "\n" == (try golden("generated-level-ascii.txt")))
        #expect(picture(session, .unicode) == picture(session, .unicode))  // stable across runs
    }

    @Test func unicodeOnlyWhereTheLocaleCanShowIt() {
        #expect(TerminalPicture.Glyphs.forEnvironment(["LANG": "C.UTF-8"]).door == TerminalPicture.Glyphs.unicode.door)
        #expect(TerminalPicture.Glyphs.forEnvironment(["LANG": "C"]).door == TerminalPicture.Glyphs.ascii.door)
        #expect(TerminalPicture.Glyphs.forEnvironment(["LANG": "en_US.UTF-8", "TERM": "dumb"]).door == TerminalPicture.Glyphs.ascii.door)
        #expect(TerminalPicture.Glyphs.forEnvironment([:]).door == TerminalPicture.Glyphs.ascii.door)
    }

    @Test func aSplitAlongALineReadOffTheTicksShowsTwoRooms() throws {
        var session = try session()
        let before = picture(session, .unicode)
        // The ticks read 0, 2, 4 ... m along x and y; room 0.001 spans x 0-4 below the corridor
        // (which starts at y 6), so the line x = 2 from below the room into the corridor cuts it.
        #expect(before.contains("\n    6 ") && before.contains("\n    0 "))
        #expect(before.split(separator: "\n").last?.hasPrefix("      0") == true)
        _ = try Interpreter.execute("split unit 0.001 along 2,-1 2,7", in: &session)
        let after = picture(session, .unicode)
        #expect(after != before)
        #expect(after.contains("(2)"))  // the new part, labelled
        let bottom = try #require(after.split(separator: "\n").first { $0.hasPrefix("    0 ") })
        #expect(bottom.count(where: { $0 == "┴" }) == before.split(separator: "\n").first { $0.hasPrefix("    0 ") }!.count(where: { $0 == "┴" }) + 1)
    }
}
