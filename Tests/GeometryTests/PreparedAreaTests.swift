import Geometry
import Testing

@Suite struct PreparedAreaTests {
    let engine = GeometryEngine()

    @Test func boundaryPointsAreCoveredButNotContained() {
        let area = engine.prepare([rectangle(0, 0, 10, 5)])
        #expect(area.bounds == Bounds(minX: 0, minY: 0, maxX: 10, maxY: 5))
        for point in [Point(x: 0, y: 2.5), Point(x: 10, y: 5), Point(x: 4, y: 0)] {
            #expect(area.covers(point))
            #expect(!area.contains(point))
        }
        #expect(area.contains(Point(x: 5, y: 2.5)) && area.covers(Point(x: 5, y: 2.5)))
        #expect(!area.covers(Point(x: 10.001, y: 2.5)) && !area.contains(Point(x: -1, y: -1)))
    }

    @Test func holesAreOutside() {
        let area = engine.prepare([rectangle(0, 0, 10, 10, holes: [ring([(4, 4), (4, 6), (6, 6), (6, 4)])])])
        #expect(!area.covers(Point(x: 5, y: 5)))
        #expect(area.covers(Point(x: 4, y: 5)) && !area.contains(Point(x: 4, y: 5)))
    }

    @Test func polygonsAreCoveredOnlyWhenEntirelyInside() {
        let area = engine.prepare([lShapedRoom])
        #expect(area.covers([rectangle(0, 0, 4, 10)]))
        #expect(area.covers([rectangle(1, 1, 2, 2), rectangle(6, 1, 9, 3)]))
        #expect(!area.covers([rectangle(3, 3, 5, 5)]))
        #expect(area.intersects([rectangle(3, 3, 5, 5)]))
        // Touching the bite's corner from outside is intersecting.
        #expect(area.intersects([rectangle(4, 4, 8, 8)]))
        #expect(!area.intersects([rectangle(5, 5, 8, 8)]))
        #expect(!area.intersects([rectangle(20, 20, 21, 21)]))
    }

    @Test func aGrownAreaCoversWhatStraysWithinTheTolerance() {
        let level = engine.prepare(engine.buffer([rectangle(0, 0, 10, 5)], by: 0.05))
        #expect(level.covers([rectangle(-0.04, 0, 10.04, 5)]))
        #expect(!level.covers([rectangle(-0.06, 0, 10, 5)]))
    }

    @Test func anEmptyAreaHasNothingInside() {
        let nothing = engine.prepare([])
        #expect(nothing.bounds.isEmpty)
        #expect(!nothing.covers(Point(x: 0, y: 0)) && !nothing.intersects([rectangle(0, 0, 1, 1)]))
    }
}
