import Foundation
import IMDF
import SyntheticVenue
import TestSupport
import Testing
import Workbench

@testable import Shell

/// What the prompt answers when a mapper asks "what is here?": positions in the frame commands
/// take, the doors of a room, the building a level belongs to, the tree of a level.
@Suite("Looking at the document")
struct LookingTests {
    /// Two buildings of two levels; on each level rooms 4 m wide and 6 m deep south of a corridor
    /// (y 6 to 8.5 m) and north of it, Room 0.001 in the south-west corner of the ground floor.
    func venue() throws -> EditingSession {
        try Fixtures.generated(buildings: 2, levels: 2, rooms: 4, seed: 3)
    }

    @Test func showPrintsAPointInTheFrameCommandsTakeAndInDegrees() throws {
        var session = try venue()
        _ = try Fixtures.run("add node at 2.5,7 as n", &session)
        let shown = try Fixtures.run("show $n", &session)
        #expect(shown.contains("geometry      Point at 2.5,7 (@"), "\(shown)")
        let room = try Fixtures.run("show 0.001", &session)
        // The generator lays rooms out with a spherical metre per degree, the frame with the
        // ellipsoid's: 4 m come out as 4.01.
        #expect(room.contains("Polygon, box 0,0 4.01x6, area 24.03 m², 4 vertices"), "\(room)")
        #expect(room.contains("display_point 2,3 (@"), "\(room)")
        let door = try Fixtures.run("show \(session.document.features(of: .opening)[0].id.prefix(8))", &session)
        #expect(door.contains("LineString from 1.55,6 to 2.45,6, 0.9 m"), "\(door)")
    }

    @Test func showListsAShapesVerticesWithEachEdgesLengthAndBearing() throws {
        var session = try venue()
        // A room of a building turned 30 degrees: 6 m along a bearing of 30°, 4 m along 120°.
        _ = try Fixtures.run("add unit Turned category=office poly 1,2 4,7.196 7.464,5.196 4.464,0 as turned", &session)
        let shown = try Fixtures.run("show $turned", &session)
        let rows = shown.split(separator: "\n").map(String.init)
        #expect(rows.contains { $0.contains("outline: 4 vertices") }, "\(shown)")
        #expect(rows.contains("      1  1,2       to 2: 6 m at 30°"), "\(shown)")
        #expect(rows.contains("      2  4,7.2     to 3: 4 m at 120°"), "\(shown)")
        #expect(rows.contains("      3  7.46,5.2  to 4: 6 m at 210°"), "\(shown)")
        #expect(rows.contains("      4  4.46,0    to 1: 4 m at 300°"), "\(shown)")
        // A point: no vertex list.
        _ = try Fixtures.run("add node at 2.5,7 as n", &session)
        #expect(!(try Fixtures.run("show $n", &session)).contains("vertices"))
    }

    @Test func showOfARingOfManyVerticesListsItsEndsAndCountsTheRest() throws {
        var session = try venue()
        let circle = (0..<80).map { step -> String in
            let angle = Double(step) / 80 * 2 * Double.pi
            return String(format: "%.3f,%.3f", 4 + 2 * cos(angle), 10 + 2 * sin(angle))
        }
        _ = try Fixtures.run("add unit Round category=office poly \(circle.joined(separator: " ")) as round", &session)
        let shown = try Fixtures.run("show $round", &session)
        let rows = shown.split(separator: "\n").map(String.init)
        #expect(rows.contains { $0.contains("outline: 80 vertices") }, "\(shown)")
        #expect(rows.contains("      ... 70 more (6 to 75) ..."), "\(shown)")
        #expect(
            rows.contains { $0.hasPrefix("       5  ") } && rows.contains { $0.hasPrefix("      76  ") }
                && rows.contains { $0.hasPrefix("      80  ") })
        #expect(!rows.contains { $0.hasPrefix("       6  ") }, "\(shown)")
    }

    @Test func lsRowsCarryAPositionAndASize() throws {
        var session = try venue()
        let rows = try Fixtures.run("ls", &session).split(separator: "\n")
        #expect(rows.contains { $0.contains("\"Room 0.001\" on Ground Floor") && $0.hasSuffix("at 2,3  4.01x6 m") }, "\(rows)")
        #expect(try Fixtures.run("ls opening", &session).split(separator: "\n").allSatisfy { $0.hasSuffix("0.9 m") })
    }

    @Test func lsOpeningInARoomListsItsDoorsWithTheRoomOnTheirOtherSide() throws {
        var session = try venue()
        let doors = try Fixtures.run("ls opening in 0.001", &session).split(separator: "\n")
        #expect(doors.count == 1, "\(doors)")
        #expect(doors.first?.contains("at 2,6  0.9 m  to unit \"Corridor G\"") == true, "\(doors)")
        _ = try Fixtures.run("add opening between 0.001 0.002 at 4,3", &session)
        let both = try Fixtures.run("ls opening in 0.001", &session).split(separator: "\n")
        #expect(both.count == 2 && both.contains { $0.contains("to unit \"Room 0.002\"") }, "\(both)")
        // A level's openings are all its openings.
        #expect(try Fixtures.run("ls opening in \"Ground Floor\"", &session).split(separator: "\n").count >= 5)
    }

    @Test func theRoutingGraphsTypeAnswersToNodeAndPath() throws {
        var session = try venue()
        _ = try Fixtures.run("add node at 2,7", &session)
        for word in ["node", "path", "navPath"] {
            #expect(try Fixtures.run("ls \(word)", &session).contains("navPath on Ground Floor"), "\(word)")
        }
    }

    @Test func findNamesTheBuildingOfEachMatchInAVenueOfSeveral() throws {
        var session = try venue()
        let found = try Fixtures.run("find Room 0.001", &session).split(separator: "\n")
        #expect(found.count == 2, "\(found)")
        #expect(
            found.contains { $0.contains("in building \"Building 1\"") } && found.contains { $0.contains("in building \"Building 2\"") })
    }

    @Test func aLevelNameTwoBuildingsShareIsAQuestionNamingTheBuildingsUnlessOneIsInUse() throws {
        var session = try venue()
        session.buildingID = nil
        do {
            _ = try Interpreter.run("use level \"Floor 1\"", in: &session)
            Issue.record("an ambiguous level was chosen")
        } catch {
            #expect(
                error.message.contains("in building \"Building 1\"") && error.message.contains("in building \"Building 2\""),
                "\(error.message)")
        }
        _ = try Fixtures.run("use building \"Building 2\"", &session)
        #expect(try Fixtures.run("use level \"Floor 1\"", &session).contains("Floor 1"))
        #expect(session.document.feature(session.levelID!)?.strings(.buildingIDs) == [session.buildingID!])
    }

    @Test func treeOfALevelGoesDownToUnitsAnchorsOccupantsAndOpenings() throws {
        var session = try venue()
        let tree = try Fixtures.run("tree \"Ground Floor\"", &session)
        let lines = tree.split(separator: "\n")
        #expect(lines.first?.hasPrefix("level \"Ground Floor\"") == true)
        let room = try #require(lines.firstIndex { $0.contains("\"Room 0.001\"") })
        #expect(lines[room + 1].hasPrefix("    ") && lines[room + 1].contains("anchor"))
        #expect(lines[room + 2].hasPrefix("      ") && lines[room + 2].contains("occupant"))
        #expect(lines.filter { $0.contains("  opening ") || $0.contains(" opening on ") }.count == 4)
        let building = try Fixtures.run("tree \"Building 1\"", &session)
        #expect(building.contains("level \"Floor 1\"") && building.contains("Room 1.001"))
        #expect(throws: EditError.self) { try Fixtures.run("tree 0.001", &session) }
    }
}
