import Foundation
import IMDF
import SyntheticVenue
import Testing
import Workbench

@testable import Shell

/// The small things a mapper notices at the prompt: how nodes link, what route and reachability
/// say, history and groups, and what the prompt shows.
@Suite("Details at the prompt")
struct PromptDetailsTests {
    /// One level of 8 x 14.5 m: rooms 4 x 6 m south of a corridor (y 6 to 8.5 m) and north of it.
    func venue() throws -> EditingSession {
        try Fixtures.generated(buildings: 1, levels: 1, rooms: 4, seed: 9)
    }

    @Test func linkTakesNearestAsAddNodeDoesAndTheFirstOfAChainIsAddedUnlinked() throws {
        var session = try venue()
        let first = try Fixtures.run("add node at 1,7 link=prev as a", &session)
        #expect(first.contains("no earlier node in this session to link to: added unlinked"), "\(first)")
        _ = try Fixtures.run("add node at 7,7 as b", &session)
        _ = try Fixtures.run("add node at 2,7 as c", &session)
        _ = try Fixtures.run("link $a nearest", &session)
        let a = try #require(session.handles["a"].flatMap(session.document.feature))
        #expect(a.strings(RoutingExtension.neighbours) == [session.handles["c"]!])
        // Already linked to its nearest: the next nearest.
        _ = try Fixtures.run("link $a nearest", &session)
        #expect(
            session.document.feature(session.handles["a"]!)?.strings(RoutingExtension.neighbours)?.contains(session.handles["b"]!) == true)
    }

    @Test func routeAndReachabilitySpeakOfRoomsAndSayWhatTheyCovered() throws {
        var session = try venue()
        do {
            _ = try Interpreter.run("route \"Room 0.001\" \"Room 0.002\"", in: &session)
            Issue.record("a route without nodes was found")
        } catch {
            #expect(error.message.contains("unit \"Room 0.001\""), "\(error.message)")
        }
        _ = try Fixtures.run("add node at 2,3 as r1", &session)
        _ = try Fixtures.run("associate $r1 0.001", &session)
        _ = try Fixtures.run("add node at 2,7 link=prev", &session)
        _ = try Fixtures.run("add node at 6,7 link=prev", &session)
        _ = try Fixtures.run("add node at 6,3 link=prev as r2", &session)
        _ = try Fixtures.run("associate $r2 0.002", &session)
        let route = try Fixtures.run("route \"Room 0.001\" \"Room 0.002\"", &session)
        #expect(route.hasPrefix("from unit \"Room 0.001\""), "\(route)")
        let reach = try Fixtures.run("check reachability", &session)
        #expect(reach.hasPrefix("checked 5 units on 1 level against 4 path nodes:"), "\(reach)")
    }

    /// The x of each vertex of a feature, in the frame commands take.
    func xs(_ feature: Feature, _ session: EditingSession) -> [Double] {
        var xs: [Double] = []
        feature.geometry?.forEachPosition { xs.append(session.frame.point(longitude: $0.x, latitude: $0.y).x) }
        return xs
    }

    @Test func splitNamesThePartLeftOfTheLineFirstAndSaysEachPartsAreaAndSide() throws {
        var session = try venue()
        // Room 0.001 is x 0 to 4, y 0 to 6: a line running north at x = 1 leaves 1 x 6 m on its
        // left (west) and 3 x 6 m on its right; the larger, right part keeps the id.
        let said = try Fixtures.run("split unit 0.001 along 1,-1 1,7 names=West,East", &session)
        #expect(said.contains(" - West: 6.0 m², left of the line; East: 18."), "\(said)")
        #expect(said.contains("m², right (keeps the id)"), "\(said)")
        let west = try #require(session.document.features(of: .unit).first { $0.labels(.name)?.labels.first?.text == "West" })
        #expect(xs(west, session).max()! < 1.01, "West is not west of the line: \(xs(west, session))")
        _ = try Fixtures.run("undo", &session)
        // The same line drawn southwards: its left is the east.
        let reversed = try Fixtures.run("split unit 0.001 along 1,7 1,-1 names=West,East", &session)
        #expect(reversed.contains(" - West: 18."), "\(reversed)")
        let named = try #require(session.document.features(of: .unit).first { $0.labels(.name)?.labels.first?.text == "West" })
        #expect(xs(named, session).min()! > 0.99, "West is not east of the line: \(xs(named, session))")
        // help says the rule.
        let help = try Fixtures.run("help split unit", &session).replacingOccurrences(of: "\n  ", with: " ")
        #expect(
            help.contains("A goes to the part left of the line looking from its first point to its last, B to the part right of it"),
            "\(help)")
    }

    @Test func movingADoorSaysWhereItsWallRunsWhichWayPlusGoesAndHowFarItCan() throws {
        var session = try venue()
        // A room turned 30 degrees; its north-west wall runs 6 m from 1,2 at a bearing of 30°.
        _ = try Fixtures.run("add unit Turned category=office poly 1,2 4,7.196 7.464,5.196 4.464,0 as turned", &session)
        _ = try Fixtures.run("add opening on $turned at 2.5,4.6 as door", &session)
        let moved = try Fixtures.run("move opening $door by 1", &session)
        #expect(moved.contains("1 m north-east along its wall"), "\(moved)")
        let door = try #require(session.handles["door"].flatMap(session.document.feature))
        let middle = try #require(session.placeSummary(door))
        #expect(middle.hasPrefix("at 3,5.47 "), "\(middle)")
        let before = session.document
        do {
            _ = try Interpreter.run("move opening $door by 2", in: &session)
            Issue.record("the door ran past the corner")
        } catch {
            #expect(error.argument == "by")
            #expect(
                error.message.contains(
                    "the wall runs from 1,2 to 4,7.2; by +D moves north-east (30°); up to 1.55 m that way, 3.55 m the other"),
                "\(error.message)")
        }
        #expect(session.document == before)
        // The distance offered is accepted.
        _ = try Fixtures.run("move opening $door by -3.55", &session)
        #expect(
            try Fixtures.run("help move opening", &session).replacingOccurrences(of: "\n  ", with: " ").contains(
                "+D toward the wall's east end (its north end on a wall running due north-south)"))
    }

    @Test func aDoorOnAWallTwoRoomsShareStopsWhereTheSharedStretchEnds() throws {
        var session = try venue()
        // Room 0.001's door to the corridor lies on y = 6, on a wall 4 m long that the corridor shares.
        let door = try #require(session.document.features(of: .opening).first { session.placeSummary($0)?.hasPrefix("at 2,6 ") == true })
        do {
            _ = try Interpreter.run("move opening \(door.id.prefix(8)) by -3", in: &session)
            Issue.record("the door left the shared wall")
        } catch {
            #expect(error.message.contains("by +D moves east (90°); up to 1."), "\(error.message)")
            #expect(error.message.contains(" m the other"), "\(error.message)")
        }
    }

    @Test func historyShowsUndoneStepsRedoCanBringBack() throws {
        var session = try venue()
        _ = try Fixtures.run("rename 0.001 Lab", &session)
        _ = try Fixtures.run("rename 0.002 Office", &session)
        _ = try Fixtures.run("undo 2", &session)
        let history = try Fixtures.run("history", &session).split(separator: "\n").map(String.init)
        #expect(history.count == 2, "\(history)")
        #expect(history.first?.hasPrefix("1. rename") == true && history.first?.contains("\"Lab\"") == true, "\(history)")
        #expect(history.first?.hasSuffix("(undone: `redo` brings it back)") == true, "\(history)")
        #expect(
            history.last?.hasPrefix("2. rename") == true && history.last?.hasSuffix("(undone: `redo 2` brings it back)") == true,
            "\(history)")
        _ = try Fixtures.run("redo", &session)
        let after = try Fixtures.run("history", &session).split(separator: "\n").map(String.init)
        #expect(!after[0].contains("undone") && after[1].contains("(undone: `redo` brings it back)"), "\(after)")
        // A new edit drops what could be redone.
        _ = try Fixtures.run("rename 0.003 Store", &session)
        #expect(!(try Fixtures.run("history", &session)).contains("undone"))
    }

    @Test func aRouteListsTheRoomsAndDoorsItPassesAndReachabilityNamesTheBuilding() throws {
        var session = try venue()
        // Room 0.001 (x 0 to 4) and 0.002 (x 4 to 8) open onto the corridor (y 6 to 8.5) through
        // doors in the middle of their north walls.
        _ = try Fixtures.run("add node at 2,3 as r1", &session)
        _ = try Fixtures.run("associate $r1 0.001", &session)
        for point in ["2,6", "2,7", "6,7", "6,6", "6,3"] { _ = try Fixtures.run("add node at \(point) link=prev", &session) }
        let route = try Fixtures.run("route 0.001 $_", &session).split(separator: "\n").map(String.init)
        #expect(route.first?.hasSuffix("over 6 path nodes") == true, "\(route)")
        #expect(route.dropFirst().first == "  on level \"Ground Floor\"", "\(route)")
        let stops = route.dropFirst(2).map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(stops.count == 5, "\(route)")
        #expect(stops.first?.hasPrefix("unit \"Room 0.001\"") == true && stops.last?.hasPrefix("unit \"Room 0.002\"") == true, "\(route)")
        #expect(
            stops.count == 5 && stops[1].hasPrefix("opening ") && stops[2].hasPrefix("unit \"Corridor") && stops[3].hasPrefix("opening "),
            "\(route)")
        #expect(!route.joined().contains(session.handles["r1"]!.prefix(8)), "node ids are listed: \(route)")
        let reach = try Fixtures.run("check reachability", &session).split(separator: "\n").dropFirst()
        // Each unreached room is a finding with its level and building.
        #expect(!reach.isEmpty && reach.allSatisfy { $0.contains(" in building \"Building 1\"") }, "\(reach)")
    }

    @Test func historyTellsStepsApartAndUndoSaysWhenItRanOut() throws {
        var session = try venue()
        _ = try Fixtures.run("add node at 1,7", &session)
        _ = try Fixtures.run("add node at 3,7", &session)
        let history = try Fixtures.run("history", &session).split(separator: "\n")
        #expect(history.count == 2 && history[0] != history[1].replacingOccurrences(of: "2. ", with: "1. "), "\(history)")
        let undone = try Fixtures.run("undo 5", &session)
        #expect(undone.hasSuffix("(2 of the 5 asked for: nothing more to undo)"), "\(undone)")
        #expect(try Fixtures.run("redo 1", &session).split(separator: "\n").count == 1)
    }

    @Test func thePromptShowsAnOpenGroupAndANewBuildingWithoutAnotherBuildingsLevel() throws {
        var session = try venue()
        _ = try Fixtures.run("begin renovate", &session)
        #expect(session.prompt.contains("[renovate]"), "\(session.prompt)")
        _ = try Fixtures.run("commit", &session)
        #expect(!session.prompt.contains("["))
        _ = try Fixtures.run("add building Annex", &session)
        #expect(session.prompt.hasPrefix("imdf Annex*"), "\(session.prompt)")
        #expect(session.levelID == nil)
    }

    @Test func undoingBackToTheSavedStateLeavesNoStar() throws {
        var session = try venue()
        _ = try Fixtures.run("rename 0.001 Lab", &session)
        #expect(session.prompt.contains("*"))
        _ = try Fixtures.run("undo", &session)
        #expect(!session.prompt.contains("*"), "\(session.prompt)")
    }
}
