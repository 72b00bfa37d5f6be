import Geometry
import IMDF
import Testing

@testable import Workbench

@Suite("Merge, move to level, amenities")
struct MoreCommandTests {
    @Test func mergeJoinsTouchingRoomsAndRepointsReferences() throws {
        var history = History(document: smallVenue())
        var ids = IDSource(seed: 21)
        let (a, b) = (history.document.rooms[0], history.document.rooms[1])
        let anchorOfB = try history.perform(AttachAnchor(to: b.id), ids: &ids).mintedIDs[0]
        let engine = GeometryEngine()
        let total = engine.area(history.document.polygons(a)) + engine.area(history.document.polygons(b))
        try history.perform(MergeUnits(a.id, b.id), ids: &ids)
        #expect(history.document.feature(b.id) == nil)
        let merged = try #require(history.document.feature(a.id))
        #expect(abs(engine.area(history.document.polygons(merged)) - total) < 0.01)
        #expect(history.document.feature(anchorOfB)?.string("unit_id") == a.id)
        // The third room on the south side of the same corridor: two rooms away from A.
        let far = history.document.rooms.filter { $0.string("level_id") == a.string("level_id") }[2]
        #expect(refusal(MergeUnits(a.id, far.id), on: &history)?.message.contains("do not touch") == true)
        #expect(refusal(MergeUnits(a.id, a.id), on: &history)?.argument == "B")
    }

    @Test func movingAUnitToAnotherLevelTakesItsNodesAlong() throws {
        var history = History(document: smallVenue())
        var ids = IDSource(seed: 22)
        let levels = history.document.features(of: .level)
        let room = history.document.rooms[0]
        let box = history.document.box(room)
        let node = try history.perform(AddNode(at: history.document.position(box.x + 1, box.y + 1), levelID: levels[0].id), ids: &ids)
            .mintedIDs[0]
        try history.perform(MoveUnitToLevel(room.id, toLevel: levels[1].id), ids: &ids)
        #expect(history.document.feature(room.id)?.string("level_id") == levels[1].id)
        #expect(history.document.feature(node)?.string("level_id") == levels[1].id)
        #expect(refusal(MoveUnitToLevel(room.id, toLevel: levels[1].id), on: &history)?.message.contains("already") == true)
    }

    @Test func amenitiesFindTheirUnitsByContainment() throws {
        var history = History(document: smallVenue())
        var ids = IDSource(seed: 23)
        let room = history.document.rooms[0]
        let box = history.document.box(room)
        let level = history.document.firstLevel
        let id = try history.perform(
            AddAmenity(category: "atm", at: history.document.position(box.x + 1, box.y + 1), levelID: level.id), ids: &ids
        ).mintedIDs[0]
        #expect(history.document.feature(id)?.strings("unit_ids") == [room.id])
        #expect(
            refusal(AddAmenity(category: "atm", at: history.document.position(-500, -500), levelID: level.id), on: &history)?.argument
                == "at")
        #expect(
            refusal(
                AddAmenity(category: "cashmachine", at: history.document.position(box.x + 1, box.y + 1), levelID: level.id), on: &history)?
                .argument == "CATEGORY")
    }
}
