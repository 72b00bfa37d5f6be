import Geometry
import Testing

@Suite struct SpatialIndexTests {
    let engine = GeometryEngine()

    /// A 20 x 20 grid of 3 m boxes every 5 m, numbered row by row.
    func grid() -> [Bounds] {
        (0..<400).map { index in
            let x = Double(index % 20) * 5
            let y = Double(index / 20) * 5
            return Bounds(minX: x, minY: y, maxX: x + 3, maxY: y + 3)
        }
    }

    @Test func theIndexReturnsExactlyTheIntersectingItems() {
        let boxes = grid()
        let index = SpatialIndex<Int>(engine: engine)
        for (number, box) in boxes.enumerated() { index.insert(box, number) }
        for probe in [
            Bounds(minX: 12, minY: 12, maxX: 28, maxY: 17),
            Bounds(minX: 3, minY: 3, maxX: 5, maxY: 5),  // touches four boxes at their corners
            Bounds(minX: 3.5, minY: 3.5, maxX: 4.5, maxY: 4.5),  // in the gaps
            Bounds(minX: -10, minY: -10, maxX: 200, maxY: 200),
            Bounds(minX: 51, minY: 51, maxX: 51, maxY: 51),  // a point
        ] {
            let expected = boxes.indices.filter { boxes[$0].intersects(probe) }
            #expect(index.query(probe) == expected, "\(probe)")
        }
        #expect(index.query(Bounds(minX: 3, minY: 3, maxX: 5, maxY: 5)) == [0, 1, 20, 21])
        #expect(index.query(Bounds(minX: 3.5, minY: 3.5, maxX: 4.5, maxY: 4.5)).isEmpty)
        #expect(index.query(.empty).isEmpty)
    }

    @Test func insertingAfterAQueryRebuildsTheTree() {
        let index = SpatialIndex<String>(engine: engine)
        index.insert(Bounds(minX: 0, minY: 0, maxX: 1, maxY: 1), "a")
        #expect(index.query(Bounds(minX: 0, minY: 0, maxX: 10, maxY: 10)) == ["a"])
        index.insert(Bounds(minX: 5, minY: 5, maxX: 6, maxY: 6), "b")
        #expect(index.query(Bounds(minX: 0, minY: 0, maxX: 10, maxY: 10)) == ["a", "b"])
        #expect(index.query(Bounds(minX: 5.5, minY: 5.5, maxX: 7, maxY: 7)) == ["b"])
    }

    @Test func anEmptyIndexFindsNothing() {
        #expect(SpatialIndex<Int>(engine: engine).query(Bounds(minX: 0, minY: 0, maxX: 1, maxY: 1)).isEmpty)
    }

    @Test func boundsUnionAndExpandAndIntersectInclusively() {
        let a = Bounds(minX: 0, minY: 0, maxX: 1, maxY: 1)
        #expect(a.union(.empty) == a && Bounds.empty.union(a) == a)
        #expect(a.expanded(by: 1) == Bounds(minX: -1, minY: -1, maxX: 2, maxY: 2))
        #expect(a.intersects(Bounds(minX: 1, minY: 1, maxX: 2, maxY: 2)))
        #expect(!a.intersects(.empty))
        #expect(Bounds(points: []) == nil)
        #expect(Bounds(points: lShapedRoom.exterior) == Bounds(minX: 0, minY: 0, maxX: 10, maxY: 10))
        #expect(lShapedRoom.bounds == Bounds(minX: 0, minY: 0, maxX: 10, maxY: 10))
    }
}
