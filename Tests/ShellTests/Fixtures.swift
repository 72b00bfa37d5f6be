import IMDF
import SyntheticVenue
import Testing
import Workbench

@testable import Shell

/// Sessions the Shell's tests start from.
enum Fixtures {
    /// A generated venue with its ground floor in use: on each level rooms 4 m wide and 6 m deep
    /// south of a corridor (y 6 to 8.5 m) and north of it, Room 0.001 in the south-west corner.
    static func generated(buildings: Int = 1, levels: Int = 1, rooms: Int = 4, seed: UInt64) throws -> EditingSession {
        var session = EditingSession(
            document: Document(VenueGenerator.generate(VenueSpec(buildings: buildings, levels: levels, rooms: rooms, seed: seed))))
        _ = try Interpreter.execute("use level \"Ground Floor\"", in: &session)
        return session
    }

    /// An empty archive with `lines` typed at the prompt, one after another.
    static func typed(_ lines: [String]) throws -> EditingSession {
        var session = EditingSession(document: Document(IMDFArchive(manifest: Manifest(language: "en"))))
        for line in lines { _ = try Interpreter.execute(line, in: &session) }
        return session
    }

    /// Runs `line` expecting it to be refused: the error, or nil when it ran. A refused line must
    /// leave the document as it was.
    static func refusal(_ line: String, _ session: inout EditingSession, sourceLocation: SourceLocation = #_sourceLocation) -> EditError? {
        let before = session.document
        do {
            _ = try Interpreter.run(line, in: &session)
            return nil
        } catch {
            #expect(session.document == before, "\(line) changed the document", sourceLocation: sourceLocation)
            return error
        }
    }

    /// Runs one prompt line; its output.
    static func run(_ line: String, _ session: inout EditingSession) throws -> String { try Interpreter.execute(line, in: &session) }

    /// Runs `route ENDS`: the length its first line reports (`...: 35.2 m over 12 path nodes`),
    /// and its text.
    static func route(_ ends: String, _ session: inout EditingSession) throws -> (length: Double, text: String) {
        let text = try run("route \(ends)", &session)
        let length = try #require(
            text.split(separator: "\n").first.flatMap { $0.split(separator: ": ").last?.split(separator: " ").first }.flatMap {
                Double($0)
            }, "\(text)")
        return (length, text)
    }
}
