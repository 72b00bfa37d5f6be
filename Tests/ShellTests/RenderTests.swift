import Foundation
import IMDF
import SyntheticVenue
import TestSupport
import Testing
import Workbench

@testable import Render
@testable import Shell

/// `render` in the terminal: golden pictures of a generated level, ASCII where Unicode cannot be
/// shown, and axis ticks in the metres that commands take.
@Suite("Rendering a level in the terminal")
struct RenderTests {
    /// The ground floor of a generated one-building venue (six rooms, seed 3), in use.
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

    /// `IMDF_UPDATE_GOLDEN=1 swift test --filter aGeneratedLevelDrawsAsItsGoldenPicture` writes the
    /// pictures anew, for a change of drawing meant to be (the diff shows it).
    func updateGoldens(_ session: EditingSession) throws {
        guard ProcessInfo.processInfo.environment["IMDF_UPDATE_GOLDEN"] != nil else { return }
        for (name, glyphs) in [("generated-level.txt", TerminalPicture.Glyphs.unicode), ("generated-level-ascii.txt", .ascii)] {
            try (picture(session, glyphs) + "\n").write(
                to: Samples.packageRoot.appendingPathComponent("Tests/ShellTests/Golden/\(name)"), atomically: true, encoding: .utf8)
        }
    }

    @Test func aGeneratedLevelDrawsAsItsGoldenPicture() throws {
        let session = try session()
        try updateGoldens(session)
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
        #expect(
            bottom.count(where: { $0 == "┴" }) == before.split(separator: "\n").first { $0.hasPrefix("    0 ") }!.count(where: { $0 == "┴" }
            ) + 1)
    }
}

/// `render` at the prompt: zooming to a box, framing a unit, colour, the route and findings
/// overlays, and the words it refuses.
@Suite("The render command")
struct RenderCommandTests {
    func generated() throws -> EditingSession { try RenderTests().session() }

    func spbstu() throws -> EditingSession {
        EditingSession(document: Document(try ArchiveReader.read(Samples.spbstu).archive), archivePath: Samples.spbstu)
    }

    /// The numbers under the x ruler, left to right.
    func xTicks(_ picture: String) -> [Double] {
        let lines = picture.split(separator: "\n")
        // The labels end in the axes' note, or in its unit where the whole note does not fit.
        guard let ruler = lines.first(where: { $0.hasSuffix("m (x east, y north)") }) ?? lines.last(where: { $0.hasSuffix("  m") }) else {
            return []
        }
        return ruler.split(separator: " ").compactMap { Double($0) }
    }

    @Test func boxZoomsToTheRegionItsRulersName() throws {
        var session = try generated()
        let whole = try Interpreter.execute("render width=60", in: &session)
        let zoomed = try Interpreter.execute("render box 0,0 4x6 width=60", in: &session)
        #expect(xTicks(whole).last == 12)
        let ticks = xTicks(zoomed)
        #expect(ticks.first == 0 && ticks.last == 4, "\(ticks)")
        #expect(zoomed.contains("0.001") && !zoomed.contains("0.003"))  // room 0.001 spans x 0-4, y 0-6
        #expect(throws: EditError.self) { try Interpreter.execute("render box 0,0 0x6", in: &session) }
        #expect(throws: EditError.self) { try Interpreter.execute("render box 0,0", in: &session) }
    }

    @Test func unitFramesOneRoomWithItsNeighboursAndMarksIt() throws {
        var session = try generated()
        let picture = try Interpreter.execute("render unit 0.002 width=60", in: &session)
        #expect(picture.contains("[0.002]"))
        #expect(picture.contains("0.001") || picture.contains("0.003"))  // a neighbour is in the frame
        let ticks = xTicks(picture)
        #expect(ticks.first! > 0 || ticks.last! < 12, "framed, not the whole level: \(ticks)")
    }

    @Test func colourFillsUnitsByCategoryAndStripsToThePlainDrawing() throws {
        let session = try generated()
        let scene = try #require(LevelScene(level: session.levelID!, of: session.document, in: session.frame))
        let plain = TerminalPicture(width: 60, glyphs: .unicode).render(scene)
        let coloured = TerminalPicture(width: 60, glyphs: .unicode, colour: true).render(scene)
        let room = Palette.family(of: "room").terminal
        #expect(TerminalText.sanitized(coloured).contains("\u{1B}[48;5;\(room);97m"))
        let stripped = TerminalText.sanitized(coloured).replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
        // The drawing is the same; colour adds a legend of the families shown.
        #expect(stripped.hasPrefix(plain.components(separatedBy: "\n").dropLast().joined(separator: "\n")))
        #expect(stripped.contains("rooms") && stripped.contains("circulation"))
        #expect(Palette.terminalColour(isTerminal: true, environment: ["TERM": "xterm-256color"]))
        #expect(!Palette.terminalColour(isTerminal: true, environment: ["TERM": "xterm-256color", "NO_COLOR": "1"]))
        #expect(!Palette.terminalColour(isTerminal: false, environment: ["TERM": "xterm-256color"]))
        #expect(!Palette.terminalColour(isTerminal: true, environment: ["TERM": "dumb"]))
    }

    @Test func routeDrawsTheShortestPathOverNodesAddedAtThePrompt() throws {
        var session = try generated()
        for line in ["add node at 2,7 as a", "add node at 6,7 link=prev as b", "add node at 10,7 link=prev as c"] {
            _ = try Interpreter.execute(line, in: &session)
        }
        let picture = try Interpreter.execute("render --route $a $c width=60", in: &session)
        #expect(picture.contains("• route 8.0 m over 3 nodes"))
        let corridor = try #require(picture.split(separator: "\n").first { $0.contains("◆") })
        #expect(corridor.count(where: { $0 == "◆" }) == 2 && corridor.contains("••"))
        #expect(throws: EditError.self) { try Interpreter.execute("render --route $a", in: &session) }
    }

    @Test func findingsMarkTheAnchorOutsideItsUnitOnARealFloor() throws {
        var session = try spbstu()
        let picture = try Interpreter.execute("render level fc8f18cb --findings width=120", in: &session)
        #expect(picture.contains("! G2 2d5c1f81 at 106.6,9.9: anchor 2d5c1f81 is 1.0 m outside its unit"))
        let drawing = picture.components(separatedBy: "m (x east, y north)")[0]
        #expect(drawing.contains("!"))
        #expect(picture.contains("more findings about this level without a place on the map"))
        var generated = try generated()
        let clean = try Interpreter.execute("render --findings width=60", in: &generated)
        #expect(clean.contains("no findings to mark on this level"))
    }

    @Test func aRealFloorShowsItsRoomNumbersAndARouteBetweenRooms() throws {
        var session = try spbstu()
        let picture = try Interpreter.execute("render level fc8f18cb --route 104 109 width=120", in: &session)
        for room in ["101", "102", "103", "104", "105", "106", "107", "108", "109", "110", "111"] {
            #expect(picture.contains(room), "room \(room) is not on the picture")
        }
        #expect(picture.contains("• route 52.4 m over 14 nodes"))
    }

    @Test func aRealRoomSplitAlongALineReadOffTheTicksShowsTwoRooms() throws {
        var session = try spbstu()
        _ = try Interpreter.execute("use level fc8f18cb", in: &session)
        let before = try Interpreter.execute("render box 38,20 20x16 width=80", in: &session)
        let lines = before.split(separator: "\n").map { Array($0) }
        // Where x = 48 m is, from the ticks under the picture (45 and 50 are labelled).
        let labels = String(lines[lines.count - 1])
        let column45 = try #require(labels.range(of: "45").map { labels.distance(from: labels.startIndex, to: $0.lowerBound) })
        let column50 = try #require(labels.range(of: "50").map { labels.distance(from: labels.startIndex, to: $0.lowerBound) })
        let column48 = column45 + (column50 - column45) * 3 / 5
        func walls(_ picture: String) -> Int {
            picture.split(separator: "\n").dropLast(2).count { line in
                let characters = Array(line)
                return (column48 - 1...column48 + 1).contains { $0 < characters.count && characters[$0] == "│" }
            }
        }
        #expect(before.components(separatedBy: "104").count - 1 == 1)
        #expect(walls(before) == 0)
        _ = try Interpreter.execute("split unit 104 along 48,21 48,33", in: &session)
        let after = try Interpreter.execute("render box 38,20 20x16 width=80", in: &session)
        // The kept part keeps the room's number; the new one has none of its own (a number
        // belongs to one room: `names=` gives both parts theirs).
        #expect(after.components(separatedBy: "104").count - 1 >= 1)
        #expect(walls(after) >= 8, "the new wall at x = 48:\n\(after)")
    }

    @Test func refusesWordsItDoesNotTakeAndChangesNothing() throws {
        var session = try generated()
        let before = session.document
        for line in [
            "render building \"Building 1\"", "render level \"Ground Floor\" unit 0.001", "render sideways",
            "render unit 0.001 box 0,0 4x4", "render width=10", "render level nowhere", "render --svg",
        ] {
            #expect(throws: EditError.self, "\(line)") { try Interpreter.execute(line, in: &session) }
        }
        #expect(session.document == before)
    }
}
