import Foundation
import IMDF
import Testing
import Workbench

@testable import Shell

/// `check reachability` on small plans: which rooms no route reaches, and why.
@Suite("Rooms no route reaches")
struct ReachabilityTests {
    /// The lines of the report that are findings.
    static func findings(_ report: String) -> [String] {
        report.split(separator: "\n").map(String.init).filter { $0.hasPrefix("warning") }
    }

    @Test func aRoomWithoutADoorIsReportedWithNoOpening() throws {
        var session = try GraphBuildTests.corridorFloor()
        _ = try Fixtures.run("graph build", &session)
        let report = try Fixtures.run("check reachability", &session)
        #expect(report.contains("1 unit no route reaches"), "\(report)")
        let lines = Self.findings(report)
        #expect(lines.count == 1, "\(report)")
        #expect(lines.first?.contains("N4") == true && lines.first?.contains("\"Closet\"") == true, "\(report)")
        #expect(lines.first?.contains("it has no opening") == true && lines.first?.contains("\"Ground Floor\"") == true, "\(report)")
    }

    @Test func anOpeningOnNoWallOfTheRoomIsNamedWithHowFarOffItIs() throws {
        var session = try GraphBuildTests.corridorFloor()
        // A door between the closet and the corridor, then moved 3 m into the closet: on no wall.
        _ = try Fixtures.run("add opening between Closet Corridor at 14,8 as stray", &session)
        _ = try Fixtures.run("move $stray by 0,-3", &session)
        _ = try Fixtures.run("graph build", &session)
        let lines = Self.findings(try Fixtures.run("check reachability", &session))
        #expect(lines.count == 1, "\(lines)")
        #expect(lines.first?.contains("N5") == true && lines.first?.contains("\"Closet\"") == true, "\(lines)")
        #expect(lines.first?.contains("lies 2.0 m from its outline") == true, "\(lines)")
    }

    @Test func aLevelNoStairsJoinIsTheReasonForItsRooms() throws {
        var lines = ["new --template blank", "add level First ordinal=1 rect 0,0 30x20"]
        for (level, floor, room) in [("\"Ground Floor\"", "A", "Alpha"), ("First", "B", "Beta")] {
            lines += [
                "use level \(level)", "add unit Corridor\(floor) category=walkway rect 0,8 30x3",
                "add unit \(room) category=office rect 24,11 6x9", "add opening between \(room) Corridor\(floor) at 27,11",
            ]
        }
        // The ground floor has one room more: its part of the graph is the building's.
        lines += [
            "use level \"Ground Floor\"", "add unit Gamma category=office rect 0,11 6x9", "add opening between Gamma CorridorA at 3,11",
        ]
        var session = try Fixtures.typed(lines)
        _ = try Fixtures.run("graph build", &session)
        let found = Self.findings(try Fixtures.run("check reachability", &session))
        #expect(found.count == 2, "\(found)")
        #expect(found.allSatisfy { $0.contains("N6") && $0.contains("joins level \"First\"") }, "\(found)")
        #expect(found.contains { $0.contains("\"Beta\"") } && found.contains { $0.contains("\"CorridorB\"") }, "\(found)")
    }

    @Test func withoutAGraphRoomsWithDoorsLackPathNodesAndTheClosetADoor() throws {
        var session = try GraphBuildTests.corridorFloor()
        let lines = Self.findings(try Fixtures.run("check reachability", &session))
        #expect(lines.count == 6, "\(lines)")
        #expect(lines.filter { $0.contains("N7") && $0.contains("no path node stands for it") }.count == 5, "\(lines)")
        #expect(lines.filter { $0.contains("N4") }.count == 1, "\(lines)")
    }

    @Test func twoFloorsJoinedByStairsAreReachedEverywhere() throws {
        var session = try GraphBuildTests.twoFloors(elevator: true)
        let report = try Fixtures.run("check reachability", &session)
        #expect(report.hasSuffix("a route reaches every unit"), "\(report)")
    }

    @Test func theJSONReportCarriesCodeUnitAndPlace() throws {
        var session = try GraphBuildTests.corridorFloor()
        _ = try Fixtures.run("graph build", &session)
        let json = try Fixtures.run("check reachability --json", &session)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let findings = try #require(object["findings"] as? [[String: Any]])
        #expect(findings.count == 1)
        let closet = try #require(session.document.features(of: .unit).first { $0.labels(.name)?.labels.first?.text == "Closet" })
        #expect(findings.first?["code"] as? String == "N4")
        #expect(findings.first?["featureID"] as? String == closet.id)
        #expect((findings.first?["location"] as? [String: Any])?["longitude"] is Double)
        #expect((object["counts"] as? [String: Int])?["warning"] == 1)
    }
}
