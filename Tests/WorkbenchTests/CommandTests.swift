import Geometry
import IMDF
import Testing

@testable import Workbench

@Suite("Edit commands")
struct CommandTests {
    @Test func addUnitChecksItsCategoryAndOutline() throws {
        var history = History(document: smallVenue())
        var ids = IDSource(seed: 1)
        let level = history.document.firstLevel
        let outline = history.document.rectangle(-20, -20, 3, 4)
        try history.perform(AddUnit(name: "Kiosk", category: "room", outline: outline, levelID: level.id), ids: &ids)
        let unit = try #require(history.document.features(of: .unit).last)
        #expect(unit.labels("name")?["en"] == "Kiosk")
        #expect(unit.properties.keys == FeatureType.unit.schema.map(\.key))
        #expect(unit.point("display_point") != nil)
        #expect(refusal(AddUnit(name: "X", category: "shop", outline: outline, levelID: level.id), on: &history)?.argument == "category")
        let bowTie = [
            [
                history.document.position(0, 0), history.document.position(2, 2), history.document.position(2, 0),
                history.document.position(0, 2), history.document.position(0, 0),
            ]
        ]
        #expect(
            refusal(AddUnit(name: "X", category: "room", outline: bowTie, levelID: level.id), on: &history)?.message.contains(
                "not a valid polygon") == true)
        #expect(refusal(AddUnit(name: "X", category: "room", outline: outline, levelID: unit.id), on: &history)?.argument == "level")
    }

    @Test func splitKeepsTheIdOnTheLargerPartAndRehomesAnchors() throws {
        var history = History(document: smallVenue())
        var ids = IDSource(seed: 2)
        let room = history.document.rooms[0]
        let box = history.document.box(room)
        let area = GeometryEngine().area(history.document.polygons(room))
        // An anchor in the smaller (west) part, then a cut 1.5 m from the west wall.
        try history.perform(AttachAnchor(to: room.id, at: history.document.position(box.x + 0.5, box.y + 1)), ids: &ids)
        let anchor = try #require(history.document.features(of: .anchor).last)
        let cutX = box.x + 1.5
        let patch = try history.perform(
            SplitUnit(
                room.id, along: [history.document.position(cutX, box.y - 1), history.document.position(cutX, box.y + box.height + 1)]),
            ids: &ids)
        #expect(patch.mintedIDs.count == 1)
        let kept = try #require(history.document.feature(room.id))
        let created = try #require(history.document.feature(patch.mintedIDs[0]))
        let engine = GeometryEngine()
        let keptArea = engine.area(history.document.polygons(kept))
        let newArea = engine.area(history.document.polygons(created))
        #expect(keptArea > newArea)
        #expect(abs(keptArea + newArea - area) < 0.001)
        #expect(created.string("category") == room.string("category"))
        #expect(created.string("level_id") == room.string("level_id"))
        #expect(created.labels("name")?["en"]?.hasSuffix("(2)") == true)
        #expect(history.document.feature(anchor.id)?.string("unit_id") == created.id)
        let display = try #require(created.point("display_point"))
        #expect(engine.distance(from: history.document.point(display), to: history.document.polygons(created)) == 0)
        // The room's door, on its corridor wall before the split, is on a wall of one of the parts after it.
        let doors = history.document.features(of: .opening).filter { door in
            guard case .lineString(let line)? = door.geometry else { return false }
            return Walls.lies(line.map(history.document.point), on: history.document.polygons(room), engine)
        }
        #expect(!doors.isEmpty)
        for door in doors {
            guard case .lineString(let line)? = door.geometry else { continue }
            let points = line.map(history.document.point)
            #expect(
                Walls.lies(points, on: history.document.polygons(kept), engine)
                    || Walls.lies(points, on: history.document.polygons(created), engine))
        }
    }

    @Test func splitRefusesALineThatMissesTheRoom() {
        var history = History(document: smallVenue())
        let room = history.document.rooms[0]
        let box = history.document.box(room)
        let line = [history.document.position(box.x - 3, box.y), history.document.position(box.x - 0.8, box.y + box.height)]
        let error = refusal(SplitUnit(room.id, along: line), on: &history)
        #expect(error?.argument == "along")
        #expect(error?.message.contains("does not cross") == true)
        #expect(error?.message.contains("0.8 m away") == true)
    }

    @Test func movingADoorAlongItsWallKeepsItOnTheWall() throws {
        var history = History(document: smallVenue())
        var ids = IDSource(seed: 3)
        let door = history.document.features(of: .opening)[0]
        try history.perform(MoveOpening(door.id, .along(1)), ids: &ids)
        let moved = try #require(history.document.feature(door.id))
        guard case .lineString(let before)? = door.geometry, case .lineString(let after)? = moved.geometry else {
            Issue.record("not a line")
            return
        }
        let shift = history.document.point(after[0]).distance(to: history.document.point(before[0]))
        #expect(abs(shift - 1) < 0.001)
        // The door keeps its width (0.9 m as generated, to the millimetre the coordinates carry).
        let width = Polyline.length(after.map(history.document.point))
        #expect(abs(width - Polyline.length(before.map(history.document.point))) < 0.0001)
        #expect(abs(width - 0.9) < 0.005)
        let findings = history.document.rooms.contains { room in
            Walls.lies(after.map(history.document.point), on: history.document.polygons(room), GeometryEngine())
        }
        #expect(findings)
    }

    @Test func aDoorMayNotRunPastTheEndOfTheWallItShares() {
        var history = History(document: smallVenue())
        let door = history.document.features(of: .opening)[0]
        // Rooms are 4 m wide with the door in the middle: 3 m along it leaves the shared wall.
        let error = refusal(MoveOpening(door.id, .along(3)), on: &history)
        #expect(error?.message.contains("past the end of its wall") == true, "\(String(describing: error))")
    }

    @Test func snappingADoorToAPointFindsTheNearestWall() throws {
        var history = History(document: smallVenue())
        var ids = IDSource(seed: 4)
        let door = history.document.features(of: .opening)[0]
        let room = history.document.rooms[0]
        let box = history.document.box(room)
        // Half a metre inside the room, next to its west wall.
        try history.perform(MoveOpening(door.id, .to(history.document.position(box.x + 0.4, box.y + 3))), ids: &ids)
        guard case .lineString(let line)? = history.document.feature(door.id)?.geometry else { return }
        #expect(line.allSatisfy { abs(history.document.point($0).x - box.x) < 0.001 })
        #expect(refusal(MoveOpening(door.id, .to(history.document.position(box.x - 100, box.y))), on: &history)?.argument == "to")
    }

    @Test func linkIsBidirectionalAndUnlinkRemovesBothDirections() throws {
        var history = History(document: smallVenue())
        var ids = IDSource(seed: 5)
        let level = history.document.firstLevel
        let corridor = history.document.box(history.document.corridors[0])
        let a = try history.perform(AddNode(at: history.document.position(corridor.x + 1, corridor.y + 1), levelID: level.id), ids: &ids)
            .mintedIDs[0]
        let b = try history.perform(AddNode(at: history.document.position(corridor.x + 5, corridor.y + 1), levelID: level.id), ids: &ids)
            .mintedIDs[0]
        let c = try history.perform(
            AddNode(at: history.document.position(corridor.x + 9, corridor.y + 1), levelID: level.id, link: .nearest), ids: &ids
        ).mintedIDs[0]
        #expect(history.document.feature(c)?.strings("neighbours") == [b])
        try history.perform(Link([a, b]), ids: &ids)
        #expect(history.document.feature(a)?.strings("neighbours") == [b])
        #expect(Set(history.document.feature(b)?.strings("neighbours") ?? []) == [a, c])
        #expect(refusal(Link([a, b]), on: &history)?.message.contains("already linked") == true)
        #expect(refusal(Link([a, a]), on: &history)?.message.contains("itself") == true)
        #expect(refusal(Link([a, "ffffffff-ffff-4fff-8fff-ffffffffffff"]), on: &history)?.argument == "N2")
        #expect(refusal(Link([a, level.id]), on: &history)?.message.contains("not a path node") == true)
        try history.perform(Unlink(a, b), ids: &ids)
        #expect(history.document.feature(a)?.strings("neighbours") == [])
        #expect(history.document.feature(b)?.strings("neighbours") == [c])
        #expect(refusal(Unlink(a, b), on: &history)?.message.contains("not linked") == true)
        try history.perform(Link([a, b], oneway: true), ids: &ids)
        #expect(history.document.feature(b)?.strings("neighbours") == [c])
    }

    @Test func deletingANodeTakesItOutOfEveryNeighbourList() throws {
        var history = History(document: smallVenue())
        var ids = IDSource(seed: 6)
        let level = history.document.firstLevel
        let a = try history.perform(AddNode(at: history.document.position(30, 27.25), levelID: level.id, allowOutside: true), ids: &ids)
            .mintedIDs[0]
        let b = try history.perform(
            AddNode(at: history.document.position(32, 27.25), levelID: level.id, link: .node(a), allowOutside: true), ids: &ids
        ).mintedIDs[0]
        try history.perform(Associate(node: b, with: history.document.rooms[0].id), ids: &ids)
        try history.perform(Delete(b), ids: &ids)
        #expect(history.document.feature(a)?.strings("neighbours") == [])
        #expect(history.document.features(ofType: "navPathAssocieted").isEmpty)
    }

    @Test func attachPlacesAnAnchorInsideTheUnitAndRefusesOutside() throws {
        var history = History(document: smallVenue())
        var ids = IDSource(seed: 7)
        let room = history.document.rooms[0]
        let patch = try history.perform(AttachOccupant(name: "Acme", category: "softwaredevelopment", to: room.id), ids: &ids)
        let anchor = try #require(history.document.feature(patch.mintedIDs[0]))
        let occupant = try #require(history.document.feature(patch.mintedIDs[1]))
        #expect(anchor.string("unit_id") == room.id)
        #expect(occupant.string("anchor_id") == anchor.id)
        #expect(anchor.editorNotes["address"] == "inherit")
        guard case .point(let position)? = anchor.geometry, let display = room.point("display_point") else { return }
        // The generated room's own anchor stands at its display point: the new one stands half a metre beside it.
        let projector = try #require(history.document.projector)
        #expect(abs(projector.point(position).distance(to: projector.point(display)) - 0.5) < 0.001)
        let second = try history.perform(AttachAnchor(to: room.id), ids: &ids)
        let third = try #require(history.document.feature(second.mintedIDs[0])?.geometry?.firstPosition)
        #expect(projector.point(third).distance(to: projector.point(position)) >= 0.01)
        let box = history.document.box(room)
        #expect(refusal(AttachAnchor(to: room.id, at: history.document.position(box.x - 2, box.y)), on: &history)?.argument == "at")
        #expect(refusal(AttachOccupant(name: "Acme", category: "bakery.shop", to: room.id), on: &history)?.argument == "category")
    }

    @Test func deletingAReferencedLevelIsRefusedWithItsDependants() throws {
        var history = History(document: smallVenue())
        var ids = IDSource(seed: 8)
        let level = history.document.firstLevel
        let error = refusal(Delete(level.id), on: &history)
        #expect(error?.message.contains("is referred to by") == true)
        #expect(error?.message.contains("--cascade") == true)
        let before = history.document
        try history.perform(Delete(level.id, cascade: true), ids: &ids)
        #expect(history.document.feature(level.id) == nil)
        #expect(history.document.features(onLevel: level.id).isEmpty)
        #expect(history.undoStack.count == 1)
        try history.undo()
        #expect(history.document == before)
    }

    @Test func setIsTypedByTheSchema() throws {
        var history = History(document: smallVenue())
        var ids = IDSource(seed: 9)
        let room = history.document.rooms[0]
        try history.perform(
            SetProperties(
                room.id, [.init(key: "name", language: "de", value: "Raum 1"), .init(key: "restriction", value: "employeesonly")]),
            ids: &ids)
        let after = try #require(history.document.feature(room.id))
        #expect(after.labels("name")?["de"] == "Raum 1")
        #expect(after.labels("name")?["en"] == room.labels("name")?["en"])
        #expect(after.string("restriction") == "employeesonly")
        let level = history.document.firstLevel
        #expect(refusal(SetProperties(level.id, [.init(key: "ordinal", value: "two")]), on: &history)?.message.contains("integer") == true)
        #expect(
            refusal(SetProperties(room.id, [.init(key: "level_id", value: .string(room.id))]), on: &history)?.message.contains(
                "not a level") == true)
        #expect(refusal(SetProperties(room.id, [.init(key: "category", value: nil)]), on: &history)?.message.contains("required") == true)
        #expect(refusal(UnsetProperty(room.id, key: "level_id"), on: &history)?.message.contains("required") == true)
        try history.perform(UnsetProperty(room.id, key: "restriction"), ids: &ids)
        #expect(history.document.feature(room.id)?.property("restriction") == .null)
    }

    @Test func addOpeningBetweenTwoUnitsLiesOnTheirSharedWall() throws {
        var history = History(document: smallVenue())
        var ids = IDSource(seed: 10)
        let rooms = history.document.rooms
        let first = history.document.box(rooms[0])
        // Rooms 0 and 1 share the wall at x = first.x + width.
        let at = history.document.position(first.x + first.width + 0.2, first.y + 2)
        let patch = try history.perform(AddOpening(on: [rooms[0].id, rooms[1].id], at: at, width: 1.2), ids: &ids)
        guard case .lineString(let line)? = history.document.feature(patch.mintedIDs[0])?.geometry else { return }
        #expect(line.allSatisfy { abs(history.document.point($0).x - (first.x + first.width)) < 0.001 })
        let far = history.document.position(first.x, first.y + 2)
        #expect(refusal(AddOpening(on: [rooms[0].id, rooms[1].id], at: far), on: &history)?.argument == "at")
    }

    @Test func moveTranslatesGeometryAndDisplayPoint() throws {
        var history = History(document: smallVenue())
        var ids = IDSource(seed: 11)
        let room = history.document.rooms[0]
        try history.perform(MoveFeature(room.id, byEast: 2, north: -1), ids: &ids)
        let moved = try #require(history.document.feature(room.id))
        let before = history.document.point(room.point("display_point")!)
        let after = history.document.point(moved.point("display_point")!)
        #expect(abs(after.x - before.x - 2) < 0.001 && abs(after.y - before.y + 1) < 0.001)
    }
}
