import Testing

@testable import Geometry

@Suite("Polyline measures")
struct PolylineTests {
    let bent = [Point(x: 0, y: 0), Point(x: 3, y: 0), Point(x: 3, y: 1)]

    @Test func lengthAndHalfwayFollowTheBends() {
        #expect(Polyline.length(bent) == 4)
        #expect(Polyline.halfway(bent) == Point(x: 2, y: 0))
    }

    @Test func distanceIsToTheNearestSegment() {
        #expect(Polyline.distance(from: Point(x: 1, y: 2), to: bent) == 2)
        #expect(Polyline.distance(from: Point(x: 4, y: 0.5), to: bent) == 1)
        #expect(Polyline.distance(from: Point(x: -3, y: 4), to: bent) == 5)
    }
}
