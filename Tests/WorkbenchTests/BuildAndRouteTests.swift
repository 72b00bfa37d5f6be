import Geometry
import IMDF
import Testing

@testable import Workbench

@Suite("Buildings, levels, associations and routes")
struct BuildAndRouteTests {
    @Test func aLevelOfABuildingGetsTheFootprintsItLiesInAndTheyGrowWithLaterLevels() throws {
        var history = History(document: smallVenue())
        var ids = IDSource(seed: 31)
        let building = try history.perform(AddBuilding(name: "Annex"), ids: &ids).mintedIDs[0]
        let ground = try history.perform(
            AddLevel(name: "Ground", ordinal: 0, outline: history.document.rectangle(-100, -100, 20, 10), buildingID: building), ids: &ids)
        #expect(ground.mintedIDs.count == 3)  // the level and its ground and aerial footprints
        let footprint = try #require(history.document.feature(ground.mintedIDs[1]))
        let aerial = try #require(history.document.feature(ground.mintedIDs[2]))
        #expect(footprint.strings("building_ids") == [building] && footprint.string("category") == "ground")
        #expect(aerial.strings("building_ids") == [building] && aerial.string("category") == "aerial")
        #expect(
            history.document.feature(building)?.point("display_point")
                == history.document.feature(ground.mintedIDs[0])?.point("display_point"))
        let level = try #require(history.document.feature(ground.mintedIDs[0]))
        #expect(level.strings("building_ids") == [building])
        #expect(level.labels("short_name")?["en"] == "0")
        try history.perform(
            AddLevel(name: "Wing", ordinal: 1, outline: history.document.rectangle(-100, -100, 30, 10), buildingID: building), ids: &ids)
        // The first floor is larger: the aerial footprint grows to cover it, the ground one keeps the ground floor's outline.
        let grown = try #require(history.document.feature(aerial.id))
        #expect(abs(GeometryEngine().area(history.document.polygons(grown)) - 300) < 0.5)
        #expect(history.document.feature(footprint.id) == footprint)
        let basement = try history.perform(
            AddLevel(name: "Basement", ordinal: -1, outline: history.document.rectangle(-100, -100, 20, 10), buildingID: building),
            ids: &ids)
        #expect(history.document.feature(basement.mintedIDs[1])?.string("category") == "subterranean")
        #expect(refusal(AddBuilding(name: "X", category: "castle"), on: &history)?.argument == "category")
        #expect(refusal(AddLevel(name: "X", ordinal: 0, outline: [], buildingID: building), on: &history)?.argument == "outline")
    }

    @Test func associationsTieNodesToDestinationsOnce() throws {
        var history = History(document: smallVenue())
        var ids = IDSource(seed: 32)
        let level = history.document.firstLevel
        let node = try history.perform(AddNode(at: history.document.position(30, 27), levelID: level.id, allowOutside: true), ids: &ids)
            .mintedIDs[0]
        let room = history.document.rooms[0]
        try history.perform(Associate(node: node, with: room.id), ids: &ids)
        #expect(refusal(Associate(node: node, with: room.id), on: &history)?.message.contains("already associated") == true)
        #expect(refusal(Associate(node: node, with: level.id), on: &history)?.message.contains("not a destination") == true)
        #expect(refusal(Associate(node: room.id, with: node), on: &history)?.message.contains("not a path node") == true)
    }

    /// Three rooms' worth of corridor: a - b - c, with b in a stairwell for the accessible case.
    @Test func routesFollowLinksAndAccessibleRoutesAvoidStairs() throws {
        var history = History(document: smallVenue(rooms: 6, levels: 1))
        var ids = IDSource(seed: 33)
        let level = history.document.firstLevel
        let corridor = history.document.box(history.document.corridors[0])
        let y = corridor.y + corridor.height / 2
        func node(_ x: Double, link: AddNode.LinkTarget = .none) throws -> String {
            try history.perform(AddNode(at: history.document.position(corridor.x + x, y), levelID: level.id, link: link), ids: &ids)
                .mintedIDs[0]
        }
        let a = try node(1)
        let b = try node(5, link: .node(a))
        let c = try node(9, link: .node(b))
        let detour = try node(6.5)
        try history.perform(Link([a, detour, c]), ids: &ids)
        try history.perform(Link([detour, c], weight: 3), ids: &ids)  // only the weight changes
        try history.perform(SetProperties(c, [.init(key: "weight", value: 1)]), ids: &ids)
        let rooms = history.document.rooms
        try history.perform(Associate(node: a, with: rooms[0].id), ids: &ids)
        try history.perform(Associate(node: c, with: rooms[1].id), ids: &ids)
        var route = try RoutingGraph(history.document).shortestRoute(from: rooms[0].id, to: rooms[1].id)
        #expect(route.nodes == [a, b, c])
        #expect(abs(route.length - 8) < 0.01)  // 4 m + 4 m; the detour costs 5.5 m x 3 + 2.5 m
        // Put b's stretch of corridor in a stairwell: the accessible route takes the (heavier) detour.
        try history.perform(
            AddUnit(
                name: "Stairwell", category: "stairs",
                outline: history.document.rectangle(corridor.x + 4.5, corridor.y + 0.2, 1, corridor.height - 0.4), levelID: level.id),
            ids: &ids)
        route = try RoutingGraph(history.document).shortestRoute(from: a, to: c, accessible: true)
        #expect(route.nodes == [a, detour, c])
        #expect(throws: EditError.self) { try RoutingGraph(history.document).shortestRoute(from: a, to: rooms[2].id) }
        let unreachable = Set(RoutingGraph.unreachableUnits(in: history.document).map(\.id))
        #expect(!unreachable.contains(rooms[0].id) && !unreachable.contains(rooms[1].id))
        #expect(unreachable.contains(rooms[2].id))
        #expect(!unreachable.contains(history.document.corridors[0].id))  // nodes lie in it
    }
}
