import Geometry
import Testing

@testable import Interchange

@Suite("Points found near a point through a grid")
struct NearPointsTests {
    /// Whatever cells the points fall in, a lookup finds exactly the points within reach that
    /// comparing it with every point finds, the distance equal to the reach included.
    @Test func aLookupFindsWhatComparingWithEveryPointFinds() {
        // Spread evenly over 40 x 40 m without a pattern along the grid (the R2 sequence).
        let points = (0..<2_000).map { i -> Point in
            let (u, v) = (Double(i) * 0.754_877_666_2, Double(i) * 0.569_840_291_0)
            return Point(x: (u - u.rounded(.down)) * 40 - 20, y: (v - v.rounded(.down)) * 40 - 20)
        }
        var near = NearPoints(reach: 0.8)
        for (number, point) in points.enumerated() { near.insert(point, number) }
        for probe in points.prefix(300) + [Point(x: 0, y: 0), Point(x: 0.8, y: 0)] {
            let found = Set(near.near(probe).map(\.number))
            let everyOne = Set(points.indices.filter { points[$0].distance(to: probe) <= 0.8 })
            #expect(found == everyOne)
        }
        #expect(points.indices.contains { near.near(points[$0]).count > 1 }, "no two points near each other: the test tests nothing")
        var edge = NearPoints(reach: 0.5)
        edge.insert(Point(x: 0.5, y: 0), 1)
        #expect(edge.near(Point(x: 0, y: 0)).map(\.number) == [1])
        #expect(edge.near(Point(x: -0.01, y: 0)).isEmpty)
    }
}
