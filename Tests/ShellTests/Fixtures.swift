import IMDF
import SyntheticVenue
import Workbench

@testable import Shell

/// Sessions the Shell's tests start from.
enum Fixtures {
    /// A generated venue with its ground floor in use: on each level rooms 4 m wide and 6 m deep
    /// south of a corridor (y 6 to 8.5 m) and north of it, Room 0.001 in the south-west corner.
    static func generated(buildings: Int = 1, levels: Int = 1, rooms: Int = 4, seed: UInt64) throws -> EditingSession {
        var session = EditingSession(document: Document(VenueGenerator.generate(VenueSpec(buildings: buildings, levels: levels, rooms: rooms, seed: seed))))
        _ = try Interpreter.execute("use level \"Ground Floor\"", in: &session)
        return session
    }

    /// Runs one prompt line; its output.
    static func run(_ line: String, _ session: inout EditingSession) throws -> String { try Interpreter.execute(line, in: &session) }
}
