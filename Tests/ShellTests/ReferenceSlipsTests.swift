import Foundation
import IMDF
import SyntheticVenue
import Testing
import Workbench

@testable import Shell

/// What the user types means what it looks like: a room number read off the plan is a reference,
/// degrees typed without `@` are not taken as metres, and slips get the closest right word.
@Suite("References and slips")
struct ReferenceSlipsTests {
    /// One building, one level of 8 x 14.5 m; rooms 4 x 6 m, Room 0.001 in the south-west corner.
    func venue() throws -> EditingSession { try Fixtures.generated(buildings: 1, levels: 1, rooms: 4, seed: 6) }

    func failure(_ line: String, _ session: inout EditingSession) -> EditError? { Fixtures.refusal(line, &session) }

    @Test func aRoomNumberShownOnThePlanIsAReferenceEverywhere() throws {
        var session = try venue()
        _ = try Fixtures.run("set 0.001 alt_name.en=B17", &session)
        let id = try session.resolve("0.001", argument: "REF")
        // `render` labels the room with its alt_name; `show`, `move` and edits take it.
        #expect(try session.resolve("B17", argument: "REF") == id)
        #expect(try session.resolve("b17", argument: "REF", types: ["unit"]) == id)
        #expect(try Fixtures.run("show B17", &session).contains("Room 0.001"))
        _ = try Fixtures.run("rename B17 Lab", &session)
        #expect(session.document.feature(id)?.labels(.name)?.preferred(language: "en") == "Lab")
        // Renaming the alt_name moves the reference with it.
        _ = try Fixtures.run("set Lab alt_name.en=B18", &session)
        #expect(try session.resolve("B18", argument: "REF") == id)
        #expect(failure("show B17", &session) != nil)
    }

    @Test func degreesTypedWithoutTheAtSignAreRefusedWithTheFormMeant() throws {
        var session = try venue()
        let level = try #require(session.levelID.flatMap(session.document.feature))
        let corner = try #require(Document.extent(of: level))
        let lon = corner.minX + 0.00003
        let lat = corner.minY + 0.00003
        let typed = "\(lon),\(lat)"
        let error = try #require(failure("add node at \(typed)", &session))
        #expect(error.argument == "at" && error.message.contains("did you mean @\(typed)?"), "\(error.message)")
        // With the @ it is a point on the level; small metre coordinates are metres as ever.
        #expect(failure("add node at @\(typed)", &session) == nil)
        #expect(failure("add node at 2,7", &session) == nil)
    }

    @Test func slipsGetTheClosestRightWord() throws {
        var session = try venue()
        let type = try #require(failure("ls units", &session))
        #expect(type.argument == "TYPE" && type.message.contains("did you mean unit?"), "\(type.message)")
        #expect(failure("help splt", &session)?.message.contains("did you mean split?") == true)
        let level = try #require(failure("use level 7", &session))
        #expect(level.message.contains("no level is called 7") && level.message.contains("\"Ground Floor\" (ordinal 0"), "\(level.message)")
    }

    @Test func linkingTwoRoomsPointsToRoute() throws {
        var session = try venue()
        let error = try #require(failure("link 0.001 0.002", &session))
        #expect(error.message.contains("`link` joins path nodes") && error.message.contains("route 0.001 0.002"), "\(error.message)")
    }
}
