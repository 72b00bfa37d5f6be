import Geometry
import Testing

@testable import Interchange

/// What validation would say of the rooms an import forms.
@Suite("Problems of the rooms found")
struct RoomFinderProblemsTests {
    static func square(_ x: Double, _ y: Double, _ side: Double) -> Polygon {
        Polygon(exterior: [
            Point(x: x, y: y), Point(x: x + side, y: y), Point(x: x + side, y: y + side), Point(x: x, y: y + side), Point(x: x, y: y),
        ])
    }

    @Test func roomsSideBySideAreNoProblemAndRoomsOverlappingByMoreThanHalfASquareMetreAre() {
        let engine = GeometryEngine()
        // Two rooms sharing a wall, and a third laid 1 m over the second.
        let rooms = [Self.square(0, 0, 4), Self.square(4, 0, 4), Self.square(7, 0, 4)]
        #expect(RoomFinder.problems(rooms, engine) == ["rooms 2 and 3 overlap by 4.0 m2"])
        // An L-shaped room round a square one: their boxes share 4 m², the rooms nothing.
        let l = Polygon(exterior: [
            Point(x: 0, y: 0), Point(x: 4, y: 0), Point(x: 4, y: 2), Point(x: 2, y: 2), Point(x: 2, y: 4), Point(x: 0, y: 4),
            Point(x: 0, y: 0),
        ])
        #expect(RoomFinder.problems([l, Self.square(2, 2, 2)], engine).isEmpty)
    }

    @Test func onlyBoxesSharingAsMuchAsAskedCanHoldRoomsThatDo() {
        let a = Bounds(minX: 0, minY: 0, maxX: 4, maxY: 4)
        #expect(!RoomFinder.mayShare(a, Bounds(minX: 3.9, minY: 0, maxX: 8, maxY: 4), 0.5))  // a wall's band: 0.4 m²
        #expect(RoomFinder.mayShare(a, Bounds(minX: 3, minY: 0, maxX: 8, maxY: 4), 0.5))
        #expect(RoomFinder.mayShare(a, a, 16))
        #expect(!RoomFinder.mayShare(a, Bounds(minX: 5, minY: 5, maxX: 6, maxY: 6), 0))
    }
}
