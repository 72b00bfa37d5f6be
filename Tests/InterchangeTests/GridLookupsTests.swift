import Geometry
import Testing

@testable import Interchange

@Suite("Points and boxes found near through a grid")
struct GridLookupsTests {
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

    /// Every box that touches the one asked about is offered, whatever its size: boxes of a few
    /// cells, a box too large for the grid (kept aside), and a lookup box too large for it.
    @Test func everyBoxThatTouchesIsACandidate() {
        var boxes: [Bounds] = (0..<1_500).map { i in
            let (u, v) = (Double(i) * 0.754_877_666_2, Double(i) * 0.569_840_291_0)
            let (x, y) = ((u - u.rounded(.down)) * 200, (v - v.rounded(.down)) * 200)
            let size = 1 + Double(i % 7) * 1.5
            return Bounds(minX: x, minY: y, maxX: x + size, maxY: y + size * 0.6)
        }
        boxes.append(Bounds(minX: -100_000, minY: 10, maxX: 100_000, maxY: 12))
        boxes.append(Bounds(minX: 8, minY: 4, maxX: 12, maxY: 8))
        boxes.append(Bounds(minX: 12, minY: 8, maxX: 14, maxY: 9))
        var near = NearBoxes(cellSize: 4)
        for (number, box) in boxes.enumerated() { near.insert(box, number) }
        for probe in boxes.prefix(200) + boxes.suffix(3) + [Bounds(minX: -1e6, minY: -1e6, maxX: 1e6, maxY: 1e6)] {
            let offered = near.candidates(probe)
            #expect(offered == offered.sorted() && Set(offered).count == offered.count)
            let touching = boxes.indices.filter { boxes[$0].intersects(probe) }
            #expect(Set(touching).isSubset(of: Set(offered)))
        }
        // Boxes meeting at a cell's edge (x = 12 and y = 8) touch, and are offered.
        #expect(near.candidates(boxes[boxes.count - 1]).contains(boxes.count - 2))
        // An empty box, an infinite one and a point of NaN are kept and looked up without a trap:
        // the infinite box is offered everywhere, a lookup of the empty box is offered every box.
        var odd = NearBoxes(cellSize: 4)
        odd.insert(.empty, 0)
        odd.insert(Bounds(minX: -.infinity, minY: -.infinity, maxX: .infinity, maxY: .infinity), 1)
        odd.insert(Bounds(minX: 0, minY: 0, maxX: 1, maxY: 1), 2)
        #expect(odd.candidates(Bounds(minX: 0.5, minY: 0.5, maxX: 0.6, maxY: 0.6)) == [0, 1, 2])
        #expect(odd.candidates(.empty) == [0, 1, 2])
        var points = NearPoints(reach: 1)
        points.insert(Point(x: .nan, y: 0), 0)
        points.insert(Point(x: .infinity, y: 0), 1)
        #expect(points.near(Point(x: 0, y: 0)).isEmpty && points.near(Point(x: .nan, y: .nan)).isEmpty)
        // The box 200 km long, too large for the grid, is offered to a lookup anywhere along it.
        #expect(near.candidates(Bounds(point: Point(x: 60_000, y: 11))) == [boxes.count - 3])
    }
}
