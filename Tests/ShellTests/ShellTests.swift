import Foundation
import IMDF
import SyntheticVenue
import Testing
import Workbench

@testable import Shell

@Suite("Command language")
struct ShellTests {
    func session() -> EditingSession {
        EditingSession(document: Document(VenueGenerator.generate(VenueSpec(buildings: 1, levels: 2, rooms: 6, seed: 3))))
    }

    @Test func tokensKeepQuotesKeysAndComments() throws {
        let tokens = try Tokenizer.tokens(#"set 310 name.en="Room \"A\"" restriction=employeesonly # a comment"#)
        #expect(tokens.map(\.text) == ["set", "310", "Room \"A\"", "employeesonly"])
        #expect(tokens[2].key == "name.en" && tokens[2].quoted)
        #expect(throws: SyntaxError.self) { try Tokenizer.tokens(#"rename 310 "unterminated"#) }
    }

    @Test func referencesResolveByIdPrefixNameDesignationAndHandle() throws {
        var session = session()
        let room = session.document.features(of: .unit).first { $0.labels("name")?["en"] == "Room 1.002" }!
        #expect(try session.resolve(room.id, argument: "REF") == room.id)
        #expect(try session.resolve(String(room.id.prefix(6)), argument: "REF") == room.id)
        #expect(try session.resolve("Room 1.002", argument: "REF") == room.id)
        #expect(try session.resolve("1.002", argument: "REF") == room.id)
        _ = try Interpreter.execute("attach anchor to 1.002 as a", in: &session)
        #expect(session.document.feature(try session.resolve("$a", argument: "REF"))?.featureType == "anchor")
        #expect(try session.resolve("$_", argument: "REF") == session.resolve("$a", argument: "REF"))
        _ = try Interpreter.execute("rename 0.001 Lab", in: &session)
        _ = try Interpreter.execute("rename 0.002 Lab", in: &session)
        do {
            _ = try session.resolve("Lab", argument: "REF")
            Issue.record("an ambiguous name resolved")
        } catch {
            #expect(error.message.contains("\"Lab\" matches 2 features; use an id prefix"))
        }
    }

    @Test func localCoordinatesAreMetresFromTheLevelsCorner() throws {
        let session = session()
        let level = session.document.features(of: .level).first!
        let corner = try session.position("0,0", argument: "at")
        var minimum = Position(x: 180, y: 90)
        level.geometry!.forEachPosition { minimum = Position(x: Swift.min(minimum.x, $0.x), y: Swift.min(minimum.y, $0.y)) }
        #expect(abs(corner.x - minimum.x) < 1e-9 && abs(corner.y - minimum.y) < 1e-9)
        #expect(try session.position("@8.56,50.11", argument: "at") == Position(x: 8.56, y: 50.11))
        // Berlin is 330 km from this venue (in Frankfurt): degrees are read as typed, and the edit
        // that would put something there is refused (RefusalTests), as it knows the feature.
        #expect(try session.position("@13.4,52.5", argument: "at") == Position(x: 13.4, y: 52.5))
        var editing = session
        #expect(throws: EditError.self) { try Interpreter.execute("add node at @13.4,52.5 --outside", in: &editing) }
        #expect(throws: EditError.self) { try session.position("north", argument: "at") }
        #expect(try session.outline(["rect", "1,1", "2x3"], argument: "outline")[0].count == 5)
    }

    @Test func commandsEditUndoAndReportTheirArgumentOnError() throws {
        var session = session()
        _ = try Interpreter.execute("use level \"Floor 1\"", in: &session)
        #expect(try Interpreter.execute("split unit 1.003 along 9,0 9,6", in: &session).contains("into 2 parts"))
        #expect(session.isDirty)
        #expect(session.prompt.hasSuffix("* > "))
        #expect(try Interpreter.execute("undo", in: &session).hasPrefix("undid: split"))
        do {
            _ = try Interpreter.execute("split unit 1.003 along 90,0 90,6", in: &session)
            Issue.record("a line that misses the room was accepted")
        } catch {
            #expect(error.argument == "along")
        }
        #expect(throws: EditError.self) { try Interpreter.execute("frobnicate now", in: &session) }
        #expect(try Interpreter.execute("help split", in: &session).contains("example: split unit"))
    }

    @Test func undoingBackToTheSavedStateIsCleanAgain() throws {
        var session = session()
        let folder = NSTemporaryDirectory() + "imdf-clean-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: folder) }
        func run(_ line: String) throws { _ = try Interpreter.execute(line, in: &session) }
        try run("use level \"Floor 1\"")
        #expect(!session.isDirty)
        try run("rename 1.001 Atrium")
        #expect(session.isDirty)
        try run("undo")
        #expect(!session.isDirty)
        try run("redo")
        #expect(session.isDirty)
        try run("save \(folder)")
        #expect(!session.isDirty)
        try run("undo")
        #expect(session.isDirty)
        try run("redo")
        #expect(!session.isDirty)
        try run("begin")
        #expect(!session.isDirty)
        try run("rename 1.002 Store")
        #expect(session.isDirty)
        try run("rollback")
        #expect(!session.isDirty)
        // A different edit after an undo is not the saved state, though the stack is as deep.
        try run("rename 1.003 Kitchen")
        try run("undo")
        try run("rename 1.003 Pantry")
        #expect(session.isDirty)
    }

    @Test func aNameWithSpacesCompletesInsideAnOpenQuote() throws {
        var session = session()
        _ = try Interpreter.execute("use level \"Floor 1\"", in: &session)
        let inside = Completion.candidates("rename \"Room 1.00", session: session)
        #expect(inside.contains("Room 1.001") && inside.allSatisfy { $0.hasPrefix("Room 1.00") })
        #expect(Completion.candidates("rename \"room 1.00", session: session) == inside)
        #expect(Completion.candidates("set 1.001 name.en=\"Ro", session: session).isEmpty)
        #expect(Completion.candidates("rename 1.00", session: session).contains("1.001"))
    }

    @Test func renderCompletesItsKeywordsThenNamesAndAPathAfterSVG() throws {
        var session = session()
        _ = try Interpreter.execute("use level \"Floor 1\"", in: &session)
        #expect(Completion.candidates("render lev", session: session) == ["level"])
        #expect(Completion.candidates("render level \"Flo", session: session).contains("Floor 1"))
        #expect(Completion.candidates("render --", session: session) == ["--route", "--findings", "--svg"])
        #expect(Completion.candidates("render --findings --", session: session) == ["--route", "--svg"])
        #expect(Completion.candidates("render unit 1.00", session: session).contains("1.001"))
        #expect(Completion.wantsPath("render --svg "))
        #expect(Completion.wantsPath("render --svg pla"))
        #expect(!Completion.wantsPath("render level "))
    }

    @Test func helpListsTheRunnersOwnCommandsToo() throws {
        var session = session()
        let help = try Interpreter.execute("help", in: &session)
        // Each group's names follow its title, comma-separated.
        let listed = help.split(separator: "\n").prefix { !$0.isEmpty }
            .flatMap { $0.dropFirst(20).split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } }
        for name in ["open", "source", "quit", "fix", "validate", "split unit", "check reachability"] {
            #expect(listed.contains(name), "\(name): \(listed)")
        }
        #expect(try Interpreter.execute("help source", in: &session).contains("example: source "))
    }

    @Test func helpGroupsTheCommandsAndWrapsAtWordsToTheWidthSoItFitsAScreen() throws {
        for width in [80, 50] {
            let lines = ViewingCommands.commandList(width: width).split(separator: "\n", omittingEmptySubsequences: false)
            #expect(lines.count <= 38, "\(lines.count) lines at \(width) columns")
            #expect(lines.allSatisfy { $0.count <= width }, "\(lines)")
            for group in ["viewing", "editing", "routing", "checks", "history", "files and session"] {
                #expect(lines.contains { $0.hasPrefix("  " + group + " ") }, "\(group)")
            }
            // A command's name is never broken across lines.
            #expect(!lines.contains { $0.hasSuffix(" add") || $0.hasSuffix("check") }, "\(lines)")
        }
        #expect(
            TextWrapping.wrap("cut a room along a line", width: 12, first: "  ", rest: "  ") == ["  cut a room", "  along a", "  line"])
        var session = session()
        let usage = try Interpreter.execute("help split unit", in: &session).split(separator: "\n")
        #expect(usage.allSatisfy { $0.count <= 80 }, "\(usage)")
    }

    @Test func scriptsJoinContinuationsAndReportFileAndLine() {
        var session = session()
        let lines = ScriptRunner.lines(
            of: "use level \"Floor 1\"\n# note\nrename 1.001 \\\n  Seminar\nrename nothing X\nrename 1.002 Y\n", file: "s.imdfs")
        #expect(lines.filter { !$0.text.isEmpty }.count == 5)
        #expect(lines[2].number == 3 && lines[2].text.hasSuffix("Seminar"))
        let outcome = ScriptRunner.run(lines, in: &session, echo: false, keepGoing: false) { _ in }
        #expect(outcome.failures.map(\.description) == ["s.imdfs:5: REF: nothing is called nothing"])
        #expect(session.document.features(of: .unit).contains { $0.labels("name")?["en"] == "Seminar" })
        #expect(!session.document.features(of: .unit).contains { $0.labels("name")?["en"] == "Y" })
    }
}

@Suite("Session export")
struct SessionExportTests {
    func summary(_ document: Document) -> [String] {
        document.allFeatures.map {
            "\($0.featureType) \($0.labels("name")?.labels.first?.text ?? "") \($0.string("category") ?? "") \($0.string("unit_id").flatMap(document.feature)?.labels("name")?.labels.first?.text ?? "")"
        }.sorted()
    }

    @Test func theExportedScriptRebuildsTheDocumentWithoutUndoneSteps() throws {
        let start = Document(VenueGenerator.generate(VenueSpec(buildings: 1, levels: 2, rooms: 6, seed: 3)))
        var session = EditingSession(document: start)
        for line in [
            "use level \"Floor 1\"", "rename 1.001 Atrium", "attach anchor to 1.002", "rename 1.003 Gone", "undo",
            "begin", "split unit 1.004 along 1.5,8 1.5,15", "rename 1.005 Kitchen", "commit", "rename 1.006 Store", "undo", "redo",
        ] {
            _ = try Interpreter.execute(line, in: &session)
        }
        let script = session.exportedScript
        #expect(!script.contains("Gone"))
        #expect(script.contains("begin\nsplit unit 1.004 along 1.5,8 1.5,15\nrename 1.005 Kitchen\ncommit"))
        var replay = EditingSession(document: start)
        let outcome = ScriptRunner.run(ScriptRunner.lines(of: script, file: "export"), in: &replay, echo: false, keepGoing: false) { _ in }
        #expect(outcome.failures.isEmpty, "\(outcome.failures)")
        #expect(summary(replay.document) == summary(session.document))
    }
}
