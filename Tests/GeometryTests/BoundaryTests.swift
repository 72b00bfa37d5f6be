import Geometry
import Testing

@Suite struct BoundaryTests {
    let engine = GeometryEngine()
    /// 10 m x 5 m, counter-clockwise from the origin: bottom 0-10, right 10-15, top 15-25, left 25-30.
    let room = rectangle(0, 0, 10, 5, holes: [ring([(4, 2), (4, 3), (6, 3), (6, 2)])])

    func close(_ a: Point, _ b: Point) -> Bool { a.distance(to: b) < 1e-9 }

    @Test func aPointNearAWallFindsItsPositionAlongTheRing() {
        let position = engine.nearestBoundaryPosition(on: room, to: Point(x: 9, y: -0.5))
        #expect(position.ring == 0)
        #expect(close(position.point, Point(x: 9, y: 0)))
        #expect(abs(position.distanceAlong - 9) < 1e-9)
        #expect(abs(position.distance - 0.5) < 1e-9)
    }

    @Test func slidingThreeMetresPastACornerLandsOnTheNextSide() {
        let position = engine.nearestBoundaryPosition(on: room, to: Point(x: 9, y: -0.5))
        let moved = engine.boundaryPoint(on: room, ring: position.ring, distanceAlong: position.distanceAlong + 3)
        #expect(close(moved, Point(x: 10, y: 2)))
        let back = engine.boundaryPoint(on: room, ring: 0, distanceAlong: 9 - 12)
        #expect(close(back, Point(x: 0, y: 3)))
    }

    @Test func slidingPastTheRingStartWrapsAround() {
        #expect(engine.ringLength(of: room, ring: 0) == 30)
        #expect(close(engine.boundaryPoint(on: room, ring: 0, distanceAlong: 28 + 3), Point(x: 1, y: 0)))
        #expect(close(engine.boundaryPoint(on: room, ring: 0, distanceAlong: -1), Point(x: 0, y: 1)))
        #expect(close(engine.boundaryPoint(on: room, ring: 0, distanceAlong: 30 * 4 + 12), Point(x: 10, y: 2)))
        // The start itself is at 0, not at the full length.
        let start = engine.nearestBoundaryPosition(on: room, to: Point(x: -1, y: -1))
        #expect(start.distanceAlong == 0 && close(start.point, Point(x: 0, y: 0)))
    }

    @Test func aPointNearAColumnSlidesAlongTheHole() {
        let position = engine.nearestBoundaryPosition(on: room, to: Point(x: 5, y: 3.2))
        #expect(position.ring == 1)
        #expect(close(position.point, Point(x: 5, y: 3)))
        // The hole is written clockwise from (4, 2): up 1, right 2 -> (5, 3) is 2 m along.
        #expect(abs(position.distanceAlong - 2) < 1e-9)
        #expect(engine.ringLength(of: room, ring: 1) == 6)
        #expect(close(engine.boundaryPoint(on: room, ring: 1, distanceAlong: 2 + 1.5), Point(x: 6, y: 2.5)))
    }

    @Test func openRingsAreClosedBeforeMeasuring() {
        let open = Polygon(exterior: [Point(x: 0, y: 0), Point(x: 4, y: 0), Point(x: 4, y: 3)])
        #expect(engine.ringLength(of: open, ring: 0) == 12)
        #expect(close(engine.boundaryPoint(on: open, ring: 0, distanceAlong: 9.5), Point(x: 2, y: 1.5)))
    }
}
