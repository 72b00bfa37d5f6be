import Foundation
import Geometry
import IMDF
import Testing
import Workbench

@testable import Shell

/// `graph build` on small plans typed as a user would, and `route` over what it makes.
@Suite("Building the routing graph from the plan")
struct GraphBuildTests {
    /// A 30 x 20 m floor: a corridor 3 m wide across it (y 8 to 11), two offices south of it and
    /// two north, each with a door onto it, and a closet with no door.
    static func corridorFloor() throws -> EditingSession {
        try Fixtures.typed([
            "new --template blank", "use level \"Ground Floor\"",
            "add unit Corridor category=walkway rect 0,8 30x3",
            "add unit \"Room 1\" category=office rect 0,0 6x8", "add unit \"Room 2\" category=office rect 6,0 6x8",
            "add unit \"Room 3\" category=office rect 0,11 6x9", "add unit \"Room 4\" category=office rect 24,11 6x9",
            "add unit Closet category=storage rect 12,0 4x8",
            "add opening between \"Room 1\" Corridor at 3,8", "add opening between \"Room 2\" Corridor at 9,8",
            "add opening between \"Room 3\" Corridor at 3,11", "add opening between \"Room 4\" Corridor at 27,11",
        ])
    }

    static func generatedNodes(_ document: Document) -> [Feature] {
        document.features(ofType: RoutingExtension.nodeType).filter(GraphBuild.isGenerated)
    }

    /// Every link between two generated nodes of one level: its ends in metres.
    static func links(_ document: Document) -> [(Point, Point)] {
        let projector = document.workingProjector!
        var result: [(Point, Point)] = []
        for node in generatedNodes(document) {
            guard case .point(let a)? = node.geometry else { continue }
            for other in (node.strings(RoutingExtension.neighbours) ?? []).compactMap(document.feature) where other.id > node.id {
                guard case .point(let b)? = other.geometry, other.string(.levelID) == node.string(.levelID) else { continue }
                result.append((projector.point(a), projector.point(b)))
            }
        }
        return result
    }

    /// Whether the link stays in one unit of the level, or crosses between two through a door.
    static func staysInside(_ link: (Point, Point), _ document: Document, level: String) -> Bool {
        let projector = document.workingProjector!
        let engine = GeometryEngine()
        let units = document.features(onLevel: level).filter { $0.imdfType == .unit }.compactMap { projector.polygons($0.geometry) }
        let doors = document.features(onLevel: level).filter { $0.imdfType == .opening }.compactMap { opening -> Polygon? in
            guard case .lineString(let line)? = opening.geometry else { return nil }
            let points = line.map(projector.point)
            return engine.buffer([Polygon(exterior: points + points.reversed())], by: 0.3).first
        }
        let touched = units.filter { engine.distance(from: link.0, to: $0) < 0.2 || engine.distance(from: link.1, to: $0) < 0.2 }
        let ways = touched.count > 1 ? doors : []
        for unit in touched {
            if engine.prepare(engine.buffer(unit, by: 0.2)).covers(segment: link.0, link.1) { return true }
        }
        return engine.prepare(engine.union(touched.flatMap { engine.buffer($0, by: 0.2) } + ways)).covers(segment: link.0, link.1)
            && !ways.isEmpty
    }

    @Test func aCorridorWithRoomsOnBothSidesIsOneNetworkThroughEveryDoor() throws {
        var session = try Self.corridorFloor()
        let built = try Fixtures.run("graph build", &session)
        #expect(built.hasPrefix("graph build on every level: "), "\(built)")
        let document = session.document
        let level = try #require(session.levelID)
        let nodes = Self.generatedNodes(document)
        #expect(!nodes.isEmpty && nodes.allSatisfy { $0.string(.levelID) == level })
        // No link longer than the spacing, and none through a wall.
        for link in Self.links(document) {
            #expect(link.0.distance(to: link.1) <= 5 + 1e-6)
            #expect(Self.staysInside(link, document, level: level), "\(link) leaves its units")
        }
        let (length, route) = try Fixtures.route("\"Room 1\" \"Room 4\"", &session)
        let lines = route.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        // Centre to door 4 m, to the corridor's middle 1.5 m, along it 24 m, and 1.5 m and 4.5 m to the other centre.
        #expect(length > 34.5 && length < 36.5, "\(route)")
        #expect(lines.filter { $0.hasPrefix("unit") }.map { $0.split(separator: "\"")[1] } == ["Room 1", "Corridor", "Room 4"], "\(route)")
        #expect(lines.filter { $0.hasPrefix("opening") }.count == 2, "\(route)")
    }

    /// `render --route` draws the route `route` finds over the generated graph: in the terminal
    /// along the corridor between the two rooms, and as a path in the SVG.
    @Test func aRouteOverTheGeneratedGraphIsDrawnInTheTerminalAndTheSVG() throws {
        var session = try Self.corridorFloor()
        _ = try Fixtures.run("graph build", &session)
        let (length, route) = try Fixtures.route("\"Room 1\" \"Room 4\"", &session)
        let picture = try Fixtures.run("render --route \"Room 1\" \"Room 4\" width=90", &session)
        let summary = try #require(picture.split(separator: "\n").first { $0.contains("• route ") }, "\(picture)")
        #expect(summary.contains("route \(String(format: "%.1f", length)) m over"), "\(summary) against \(route)")
        // The corridor (y 8 to 11 of a 20 m floor) is crossed by a long run of route marks,
        // with an end mark in each room.
        let rows = picture.components(separatedBy: "m (x east, y north)")[0].split(separator: "\n")
        #expect(rows.contains { $0.filter { $0 == "•" }.count >= 30 }, "\(picture)")
        #expect(rows.reduce(0) { $0 + $1.filter { $0 == "◆" }.count } == 2, "\(picture)")

        let folder = NSTemporaryDirectory() + "imdf-generated-route-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        _ = try Fixtures.run("render --route \"Room 1\" \"Room 4\" --svg \(folder)/route.svg", &session)
        let svg = try String(contentsOfFile: folder + "/route.svg", encoding: .utf8)
        #expect(svg.contains("<path class=\"route\""))
        #expect(svg.contains("route \(String(format: "%.1f", length)) m"))
    }

    @Test func anLShapedHallIsCrossedRoundItsCornerNotThroughTheWall() throws {
        var session = try Fixtures.typed([
            "new --template blank", "use level \"Ground Floor\"",
            "add unit Hall category=lobby poly 0,0 20,0 20,4 4,4 4,18 0,18",
            "add unit East category=office rect 20,0 6x4", "add unit North category=office rect 0,18 4x2",
            "add opening between Hall East at 20,2", "add opening between Hall North at 2,18",
        ])
        _ = try Fixtures.run("graph build --spacing 3", &session)
        let level = try #require(session.levelID)
        let links = Self.links(session.document)
        #expect(links.count > 10)
        for link in links {
            #expect(link.0.distance(to: link.1) <= 3 + 1e-6)
            #expect(Self.staysInside(link, session.document, level: level), "\(link) leaves its units")
        }
        let (length, route) = try Fixtures.route("East North", &session)
        // Straight through the wall it would be about 25 m; round the corner, along the arms, about 36 m.
        #expect(length > 30 && length < 40, "\(route)")
    }

    /// Two floors, each with a corridor, a room at its east end, and stairs and (if asked) an elevator
    /// beyond them at its west end, above each other: the stairs are the shorter way.
    static func twoFloors(elevator: Bool, liftDoor: String? = nil) throws -> EditingSession {
        var lines = [
            "new --template blank", "use level \"Ground Floor\"", "add level First ordinal=1 rect 0,0 30x20", "use level \"Ground Floor\"",
        ]
        for (level, floor, room) in [("\"Ground Floor\"", "A", "Alpha"), ("First", "B", "Beta")] {
            lines += [
                "use level \(level)",
                "add unit Corridor\(floor) category=walkway rect 0,8 30x3",
                "add unit \(room) category=office rect 24,11 6x9",
                "add opening between \(room) Corridor\(floor) at 27,11",
                "add unit Stairs\(floor) category=stairs rect 4,0 4x8",
                "add opening between Stairs\(floor) Corridor\(floor) at 6,8",
            ]
            if elevator {
                lines += [
                    "add unit Lift\(floor) category=elevator rect 0,4 3x4",
                    "add opening between Lift\(floor) Corridor\(floor) at 1.5,8" + (liftDoor.map { " door=\($0)" } ?? "")
                        + " as lift\(floor)",
                ]
            }
        }
        var session = try Fixtures.typed(lines)
        _ = try Interpreter.execute("graph build", in: &session)
        return session
    }

    @Test func twoFloorsJoinedByStairsAndAnElevatorTakeTheElevatorWhenAccessible() throws {
        var session = try Self.twoFloors(elevator: true)
        let plain = try Fixtures.run("route Alpha Beta", &session)
        #expect(plain.contains("by stairs up to level \"First\""), "\(plain)")
        #expect(plain.contains("StairsA") && !plain.contains("Lift"), "\(plain)")
        let accessible = try Fixtures.run("route Alpha Beta accessible", &session)
        #expect(accessible.contains("by elevator up to level \"First\""), "\(accessible)")
        #expect(accessible.contains("LiftA") && !accessible.contains("Stairs"), "\(accessible)")
        let down = try Fixtures.run("route Beta Alpha accessible", &session)
        #expect(down.contains("by elevator down to level \"Ground Floor\""), "\(down)")
    }

    @Test func stairsAloneFailAnAccessibleRouteAndSaySo() throws {
        var session = try Self.twoFloors(elevator: false)
        #expect(try Fixtures.run("route Alpha Beta", &session).contains("by stairs up"))
        let refusal = try #require(Fixtures.refusal("route Alpha Beta accessible", &session))
        #expect(refusal.message.hasPrefix("no accessible route from"), "\(refusal.message)")
        #expect(refusal.message.contains("every route takes stairs"), "\(refusal.message)")
    }

    @Test func aRevolvingDoorToTheElevatorLeavesNoAccessibleRouteAndSaysWhy() throws {
        var session = try Self.twoFloors(elevator: true, liftDoor: "revolving")
        #expect(try Fixtures.run("route Alpha Beta", &session).contains("by stairs up"))
        let refusal = try #require(Fixtures.refusal("route Alpha Beta accessible", &session))
        #expect(refusal.message.contains("a revolving door"), "\(refusal.message)")
    }

    @Test func whereTheDataRecordsWheelchairAccessADoorWithoutItIsClosedToWheelchairs() throws {
        var session = try Self.twoFloors(elevator: true)
        #expect(try Fixtures.run("route Alpha Beta accessible", &session).contains("by elevator up"))
        // Every door but the lift's says it takes a wheelchair; the lift's say nothing.
        let liftDoors = Set(["liftA", "liftB"].compactMap { session.handles[$0] })
        #expect(liftDoors.count == 2)
        for door in session.document.features(of: .opening) where !liftDoors.contains(door.id) {
            _ = try Fixtures.run("set \(door.id) accessibility=wheelchair", &session)
        }
        _ = try Fixtures.run("graph build --replace", &session)
        let refusal = try #require(Fixtures.refusal("route Alpha Beta accessible", &session))
        #expect(refusal.message.contains("a door without wheelchair access"), "\(refusal.message)")
        // Saying the lift's doors take a wheelchair too opens the way again.
        for door in session.document.features(of: .opening) where door.strings(.accessibility) == nil {
            _ = try Fixtures.run("set \(door.id) accessibility=wheelchair", &session)
        }
        _ = try Fixtures.run("graph build --replace", &session)
        #expect(try Fixtures.run("route Alpha Beta accessible", &session).contains("by elevator up"))
    }

    @Test func aRoomWithoutADoorIsUnreachable() throws {
        var session = try Self.corridorFloor()
        _ = try Fixtures.run("graph build", &session)
        let refusal = try #require(Fixtures.refusal("route \"Room 1\" Closet", &session))
        #expect(refusal.message.hasPrefix("no route from"), "\(refusal.message)")
    }

    @Test func occupantsAmenitiesAnchorsAndDoorsAreEndsOfARoute() throws {
        var session = try Self.corridorFloor()
        _ = try Fixtures.run("attach occupant \"Acme Labs\" category=laboratorytesting to \"Room 4\"", &session)
        _ = try Fixtures.run("add amenity atm at 15,9.5 as atm", &session)
        _ = try Fixtures.run("graph build", &session)
        #expect(try Fixtures.run("route \"Room 1\" \"Acme Labs\"", &session).contains("\"Room 4\""))
        let toATM = try Fixtures.run("route \"Room 3\" $atm", &session)
        #expect(toATM.contains("\"Corridor\""), "\(toATM)")
        let door = try #require(session.document.features(of: .opening).first)
        #expect(try Fixtures.run("route \(door.id) \"Room 2\"", &session).contains("\"Room 2\""))
    }

    @Test func undoAndRedoOfAGraphBuildRestoreTheDocumentExactly() throws {
        var session = try Self.corridorFloor()
        let before = session.document
        _ = try Fixtures.run("graph build", &session)
        let after = session.document
        #expect(after != before)
        _ = try Fixtures.run("undo", &session)
        #expect(session.document == before)
        _ = try Fixtures.run("redo", &session)
        #expect(session.document == after)
    }

    @Test func replaceRebuildsTheGeneratedPartAndKeepsHandMadeNodes() throws {
        var session = try Self.corridorFloor()
        _ = try Fixtures.run("add node at 14,9.5 as a", &session)
        _ = try Fixtures.run("add node at 17,9.5 link=$a as b", &session)
        _ = try Fixtures.run("graph build", &session)
        let first = Set(Self.generatedNodes(session.document).map(\.id))
        let again = try #require(Fixtures.refusal("graph build", &session))
        #expect(again.argument == "--replace" && again.message.contains("give --replace"), "\(again.message)")
        // A hand-made link to a generated node is cut when that node goes.
        let generated = try #require(first.first)
        _ = try Fixtures.run("link $b \(generated)", &session)
        _ = try Fixtures.run("graph build --replace", &session)
        let document = session.document
        let second = Set(Self.generatedNodes(document).map(\.id))
        #expect(second.count == first.count && second.isDisjoint(with: first))
        let a = try #require(session.handles["a"].flatMap(document.feature))
        let b = try #require(session.handles["b"].flatMap(document.feature))
        // Each keeps its hand-made link and is linked to the nearest new generated node (both
        // stand on the corridor's axis, within 2 m of its nodes).
        let aLinks = a.strings(RoutingExtension.neighbours) ?? []
        let bLinks = b.strings(RoutingExtension.neighbours) ?? []
        #expect(aLinks.first == b.id && bLinks.first == a.id)
        #expect(aLinks.count == 2 && bLinks.count == 2, "\(aLinks) \(bLinks)")
        for (node, linked) in [(a, aLinks.last), (b, bLinks.last)] {
            let other = try #require(linked.flatMap(document.feature))
            #expect(second.contains(other.id))
            #expect(other.strings(RoutingExtension.neighbours)?.contains(node.id) == true)
            guard case .point(let p)? = node.geometry, case .point(let q)? = other.geometry else { continue }
            let projector = try #require(document.workingProjector)
            #expect(projector.point(p).distance(to: projector.point(q)) <= GraphBuild.handMadeReach)
        }
        // No neighbour list names a node that is gone, and no association a node that is gone.
        for node in document.features(ofType: RoutingExtension.nodeType) {
            for neighbour in node.strings(RoutingExtension.neighbours) ?? [] { #expect(document.feature(neighbour) != nil) }
        }
        for association in document.features(ofType: RoutingExtension.associationType) {
            #expect(association.string("pathNode_id").flatMap(document.feature) != nil)
        }
    }

    @Test func badArgumentsAreRefusedByNameAndChangeNothing() throws {
        var session = try Self.corridorFloor()
        for spacing in ["0", "-1", "1e300", "nan", "0.1", "101", "five"] {
            let refusal = Fixtures.refusal("graph build --spacing \(spacing)", &session)
            #expect(refusal?.message.contains("--spacing") == true, "\(spacing): \(refusal?.message ?? "accepted")")
        }
        #expect(Fixtures.refusal("graph build level Nowhere", &session)?.argument == "level")
        #expect(Fixtures.refusal("graph build building \"Room 1\"", &session) != nil)
        #expect(Fixtures.refusal("graph build sideways", &session) != nil)
    }

    @Test func oneLevelCanBeBuiltAndLinksToTheGeneratedStairsAboveIt() throws {
        var session = try Self.twoFloors(elevator: false)
        _ = try Fixtures.run("graph build level First --replace", &session)
        #expect(try Fixtures.run("route Alpha Beta", &session).contains("by stairs up to level \"First\""))
    }
}

@Suite("Building the routing graph of a venue without one")
struct GraphBuildOfGeneratedVenueTests {
    /// The synthetic venue draws its elevator and stairs as amenities in the corridor, one above
    /// the other on every level (sharing a correlation id), as many plans do.
    @Test func everyRoomReachesEveryOtherAcrossLevelsByTheElevatorAndStairsAmenities() throws {
        var session = try Fixtures.generated(levels: 3, rooms: 4, seed: 28)
        _ = try Fixtures.run("graph build", &session)
        let document = session.document
        let graph = RoutingGraph(document)
        let rooms = document.features(of: .unit).filter { $0.string(.category) != "walkway" }
        #expect(rooms.count == 12)
        for a in rooms {
            for b in rooms where a.id != b.id {
                #expect(throws: Never.self) { try graph.shortestRoute(from: a.id, to: b.id, accessible: true) }
            }
        }
        let route = try Fixtures.run("route \"Room 0.001\" \"Room 2.004\"", &session)
        #expect(route.contains("by stairs up to level") || route.contains("by elevator up to level"), "\(route)")
        let accessible = try Fixtures.run("route \"Room 0.001\" \"Room 2.004\" accessible", &session)
        #expect(accessible.contains("amenity") && accessible.contains("by elevator up to level"), "\(accessible)")
        #expect(!accessible.contains("by stairs"), "\(accessible)")
    }
}
