import IMDF
import Testing
import Workbench

@testable import Shell

/// Edits of the plan after `graph build`: the prompt says which level's generated graph they left
/// stale and how to make it anew; edits that leave the graph true say nothing.
@Suite("The generated graph after edits of the plan")
struct StaleGraphTests {
    /// What the prompt prints for `line`: its result, the findings line and any note after it.
    static func atThePrompt(_ line: String, _ session: inout EditingSession) -> [String] {
        var printed: [String] = []
        let outcome = ScriptRunner.run(
            ScriptRunner.lines(of: line, file: "prompt"), in: &session, echo: false, keepGoing: false, reportFindings: true
        ) { printed.append($0) }
        #expect(outcome.failures.isEmpty, "\(line): \(outcome.failures)")
        return printed
    }

    static func staleNote(_ printed: [String]) -> String? { printed.first { $0.contains("is stale after this edit") } }

    static func built() throws -> EditingSession {
        var session = try GraphBuildTests.corridorFloor()
        _ = try Fixtures.run("graph build", &session)
        return session
    }

    @Test(arguments: [
        "split unit \"Room 1\" along 3,-1 3,9",
        "merge unit \"Room 1\" \"Room 2\"",
        "add opening between Closet Corridor at 14,8",
    ])
    func anEditOfRoomsOrDoorsSaysTheLevelsGraphIsStale(_ edit: String) throws {
        var session = try Self.built()
        let note = try #require(Self.staleNote(Self.atThePrompt(edit, &session)), "\(edit)")
        #expect(note.contains("\"Ground Floor\"") && note.contains("graph build level "), "\(note)")
        #expect(note.contains("--replace"), "\(note)")
    }

    @Test func movingADoorSaysTheGraphIsStale() throws {
        var session = try Self.built()
        let door = try #require(session.document.features(of: .opening).first)
        #expect(Self.staleNote(Self.atThePrompt("move opening \(door.id) by 1", &session)) != nil)
    }

    @Test func deletingADoorSaysTheGraphIsStale() throws {
        var session = try Self.built()
        let door = try #require(session.document.features(of: .opening).first)
        #expect(Self.staleNote(Self.atThePrompt("delete \(door.id) --cascade", &session)) != nil)
    }

    @Test func theSuggestedCommandMakesTheGraphTrueAgain() throws {
        var session = try Self.built()
        let note = try #require(Self.staleNote(Self.atThePrompt("add opening between Closet Corridor at 14,8", &session)))
        let command = try #require(note.split(separator: "`").dropFirst().first.map(String.init))
        let rebuilt = Self.atThePrompt(command, &session)
        #expect(Self.staleNote(rebuilt) == nil, "\(rebuilt)")
        #expect(try Fixtures.run("route \"Room 1\" Closet", &session).contains("\"Closet\""))
        #expect(try Fixtures.run("check reachability", &session).hasSuffix("a route reaches every unit"))
    }

    @Test func editsThatLeaveTheGraphTrueSayNothing() throws {
        var session = try Self.built()
        #expect(Self.staleNote(Self.atThePrompt("rename \"Room 1\" \"Room One\"", &session)) == nil)
        #expect(Self.staleNote(Self.atThePrompt("attach anchor to \"Room 2\"", &session)) == nil)
        #expect(Self.staleNote(Self.atThePrompt("graph build --replace", &session)) == nil)
        #expect(Self.staleNote(Self.atThePrompt("undo", &session)) == nil)
    }

    @Test func withoutAGeneratedGraphNothingIsStale() throws {
        var session = try GraphBuildTests.corridorFloor()
        #expect(Self.staleNote(Self.atThePrompt("add opening between Closet Corridor at 14,8", &session)) == nil)
    }
}
