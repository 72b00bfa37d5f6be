import Foundation
import Testing

@testable import Geometry

@Suite struct ClipperOperationsTests {
    let engine = GeometryEngine()

    func square(_ x: Double, _ y: Double, _ size: Double) -> Polygon {
        Polygon(exterior: [Point(x: x, y: y), Point(x: x + size, y: y), Point(x: x + size, y: y + size), Point(x: x, y: y + size)])
    }

    func box(_ minX: Double, _ minY: Double, _ maxX: Double, _ maxY: Double) -> Polygon {
        Polygon(exterior: [Point(x: minX, y: minY), Point(x: maxX, y: minY), Point(x: maxX, y: maxY), Point(x: minX, y: maxY)])
    }

    @Test func overlappingSquaresBecomeOnePolygonOfTheirJointArea() throws {
        let united = try #require(GeometryEngine.clipperUnion([square(0, 0, 2), square(1, 1, 2)]))
        #expect(united.count == 1)
        #expect(united[0].holes.isEmpty)
        #expect(abs(engine.area(united) - 7) < 1e-9)
    }

    @Test func fourWallsAroundARoomLeaveTheRoomAsAHoleAndAnIslandInItIsAPolygonOfItsOwn() throws {
        // A 10 x 10 m frame of 1 m walls, and a 2 x 2 m block with a 1 x 1 m hole inside the room.
        let walls = [box(0, 0, 10, 1), box(0, 9, 10, 10), box(0, 0, 1, 10), box(9, 0, 10, 10)]
        let block = [box(4, 4, 6, 4.5), box(4, 5.5, 6, 6), box(4, 4, 4.5, 6), box(5.5, 4, 6, 6)]
        let united = try #require(GeometryEngine.clipperUnion(walls + block))
        #expect(united.count == 2)
        let frame = try #require(united.first { $0.holes.count == 1 && abs(GeometryEngine.signedArea($0.exterior)) > 99 })
        #expect(abs(abs(GeometryEngine.signedArea(frame.holes[0])) - 64) < 1e-9)
        let island = try #require(united.first { $0 != frame })
        #expect(island.holes.count == 1)
        #expect(abs(abs(GeometryEngine.signedArea(island.holes[0])) - 1) < 1e-9)
        // Rings are closed, as GEOS takes them.
        #expect(united.allSatisfy { $0.exterior.first == $0.exterior.last && $0.holes.allSatisfy { $0.first == $0.last } })
    }

    @Test func theUnionOfManyRotatedRectanglesHasGEOSsAreaAndHoles() throws {
        // A lattice of walls at 7 degrees, each wall a rectangle of its own with square ends past
        // the crossings: 15 x 15 cells, each a hole, far from the origin as surveyed plans are.
        let (cosine, sine) = (cos(7 * Double.pi / 180), sin(7 * Double.pi / 180))
        func rotated(_ polygon: Polygon) -> Polygon {
            Polygon(
                exterior: polygon.exterior.map {
                    Point(x: 500_000 + $0.x * cosine - $0.y * sine, y: 5_600_000 + $0.x * sine + $0.y * cosine)
                })
        }
        var rectangles: [Polygon] = []
        for line in 0...15 {
            let at = Double(line) * 3
            rectangles.append(rotated(box(-0.2, at - 0.1, 45.2, at + 0.1)))
            rectangles.append(rotated(box(at - 0.1, -0.2, at + 0.1, 45.2)))
        }
        let united = try #require(GeometryEngine.clipperUnion(rectangles))
        let geos = engine.union(rectangles)
        #expect(united.flatMap(\.holes).count == 15 * 15)
        #expect(geos.flatMap(\.holes).count == 15 * 15)
        #expect(abs(engine.area(united) - engine.area(geos)) < 1e-3)
    }

    @Test func hundredsOfRectanglesUnitedAStripAtATimeCoverWhatGEOSsUnionCovers() throws {
        // A 20 x 20 lattice of walls at 3 degrees, each wall drawn in 8 overlapping pieces: 320
        // rectangles, far more than one strip's 32, crossing every strip's edge.
        let (cosine, sine) = (cos(3 * Double.pi / 180), sin(3 * Double.pi / 180))
        func rotated(_ polygon: Polygon) -> Polygon {
            Polygon(
                exterior: polygon.exterior.map { Point(x: 1_000 + $0.x * cosine - $0.y * sine, y: 2_000 + $0.x * sine + $0.y * cosine) })
        }
        var rectangles: [Polygon] = []
        for line in 0..<20 {
            let at = Double(line) * 2.5
            for piece in 0..<8 {
                let (from, to) = (Double(piece) * 6 - 0.2, Double(piece) * 6 + 6.5)
                rectangles.append(rotated(box(from, at - 0.1, to, at + 0.1)))
                rectangles.append(rotated(box(at - 0.1, from, at + 0.1, to)))
            }
        }
        let united = try #require(GeometryEngine.clipperUnion(rectangles))
        let geos = engine.union(rectangles)
        #expect(united.count == 1)
        #expect(united.flatMap(\.holes).count == 19 * 19)
        #expect(abs(engine.area(united) - engine.area(geos)) < 1e-3)
        // The same region: what either covers beyond the other is a band along the outlines no
        // wider than the micrometre Clipper rounds to.
        let outlines = geos.flatMap { [$0.exterior] + $0.holes }.map(Polyline.length).reduce(0, +)
        #expect(outlines > 3_000)
        #expect(engine.area(engine.difference(united, geos)) < outlines * 1e-6)
        #expect(engine.area(engine.difference(geos, united)) < outlines * 1e-6)
    }

    /// A floor with a notch 2 m wide and 3 m deep in its front wall, a courtyard (a hole) of 4 x 4 m, far from
    /// the origin as surveyed plans are, whichever way round its rings are drawn.
    func floorWithNotchAndCourtyard(clockwise: Bool) -> Polygon {
        let (x, y) = (600_000.0, 5_500_000.0)
        var exterior = [(0.0, 0.0), (9, 0), (9, 3), (11, 3), (11, 0), (20, 0), (20, 12), (0, 12)].map { Point(x: x + $0.0, y: y + $0.1) }
        var hole = [(4.0, 5.0), (8, 5), (8, 9), (4, 9)].map { Point(x: x + $0.0, y: y + $0.1) }.reversed().map { $0 }
        exterior.append(exterior[0])
        hole.append(hole[0])
        return clockwise ? Polygon(exterior: exterior.reversed(), holes: [hole.reversed()]) : Polygon(exterior: exterior, holes: [hole])
    }

    @Test(arguments: [false, true])
    func aRoundOffsetCoversWhatGEOSsBufferCoversToTheArcsTolerance(clockwise: Bool) throws {
        let floor = floorWithNotchAndCourtyard(clockwise: clockwise)
        for distance in [1.5, -0.5] {
            let grown = try #require(GeometryEngine.clipperRoundOffset([floor], by: distance))
            let geos = engine.buffer([floor], by: distance)
            #expect(engine.validity(grown) == .valid)
            #expect(grown.count == geos.count)
            #expect(grown.flatMap(\.holes).count == geos.flatMap(\.holes).count)
            // Each arc is as near the circle as GEOS's (8 segments a quarter): what either covers
            // beyond the other is a band along the outline no wider than that.
            let tolerance = abs(distance) * (1 - cos(Double.pi / 32))
            let outline = geos.flatMap { [$0.exterior] + $0.holes }.map(Polyline.length).reduce(0, +)
            #expect(engine.area(engine.difference(grown, geos)) < outline * tolerance)
            #expect(engine.area(engine.difference(geos, grown)) < outline * tolerance)
        }
        // Grown by more than half its width, the notch is bridged (no corner of it is left on the
        // outer ring), and the courtyard narrows to a square of 1 m, its corners sharp.
        let bridged = try #require(GeometryEngine.clipperRoundOffset([floor], by: 1.5))
        #expect(bridged.count == 1 && bridged[0].holes.count == 1)
        #expect(!bridged[0].exterior.contains { $0.y < 5_500_000 + 3 && $0.y > 5_500_000 - 1 && $0.x > 600_009 && $0.x < 600_011 })
        #expect(abs(abs(GeometryEngine.signedArea(bridged[0].holes[0])) - 1) < 1e-6)
    }

    @Test(arguments: [false, true])
    func anIntersectionCoversWhatGEOSsCoversHolesAndAll(clockwise: Bool) throws {
        let floor = floorWithNotchAndCourtyard(clockwise: clockwise)
        // A band across the floor, through the notch and the courtyard, and a square apart.
        let (x, y) = (600_000.0, 5_500_000.0)
        let band = box(x - 1, y + 2, x + 21, y + 7)
        let apart = square(x + 30, y, 2)
        let shared = try #require(GeometryEngine.clipperIntersection([floor], [band, apart]))
        let geos = engine.intersection([floor], [band, apart])
        #expect(engine.validity(shared) == .valid)
        #expect(shared.count == geos.count)
        #expect(abs(engine.area(shared) - engine.area(geos)) < 1e-6)
        // 20 x 5 m, less the notch's 2 x 1 m and the courtyard's 4 x 2 m inside the band.
        #expect(abs(engine.area(shared) - (100 - 2 - 8)) < 1e-6)
        // What either covers beyond the other is a band no wider than the micrometre Clipper rounds to.
        let outline = geos.flatMap { [$0.exterior] + $0.holes }.map(Polyline.length).reduce(0, +)
        #expect(engine.area(engine.difference(shared, geos)) < outline * 1e-6)
        #expect(engine.area(engine.difference(geos, shared)) < outline * 1e-6)
        #expect(try #require(GeometryEngine.clipperIntersection([floor], [apart])).isEmpty)
    }

    @Test(arguments: [false, true])
    func aUnionOnTheGridKeepsAHoleNoOtherPolygonCoversAndFillsOneThatIs(clockwise: Bool) throws {
        let floor = floorWithNotchAndCourtyard(clockwise: clockwise)
        let (x, y) = (600_000.0, 5_500_000.0)
        // A room filling the notch, beside the floor (sharing its edges); one over the courtyard's
        // corner, a second floor with a courtyard the first floor covers.
        let notch = box(x + 9, y, x + 11, y + 3)
        let corner = box(x + 7, y + 8, x + 10, y + 10)
        let kept = engine.unionOnGrid([floor, notch])
        #expect(kept.count == 1 && kept[0].holes.count == 1)
        #expect(abs(engine.area(kept) - (240 - 16)) < 1e-6)
        let covered = Polygon(exterior: [
            Point(x: x - 5, y: y + 4), Point(x: x + 5, y: y + 4), Point(x: x + 5, y: y + 10), Point(x: x - 5, y: y + 10),
            Point(x: x - 5, y: y + 4),
        ])
        let united = try #require(GeometryEngine.clipperUnion(holesAndAll: [floor, corner, covered]))
        let geos = engine.union([floor, corner, covered])
        #expect(engine.validity(united) == .valid)
        #expect(united.count == geos.count && united.flatMap(\.holes).count == geos.flatMap(\.holes).count)
        #expect(abs(engine.area(united) - engine.area(geos)) < 1e-6)
    }

    @Test func coordinatesNoIntegerHoldsAreLeftToGEOS() {
        #expect(GeometryEngine.clipperUnion(holesAndAll: [square(0, 0, 1), square(1e300, 0, 1)]) == nil)
        #expect(GeometryEngine.clipperIntersection([square(0, 0, 1)], [square(1e300, 0, 1)]) == nil)
        #expect(GeometryEngine.clipperRoundOffset([square(0, 0, 1), square(1e300, 0, 1)], by: 1) == nil)
        #expect(GeometryEngine.clipperRoundOffset([square(.nan, 0, 1)], by: 1) == nil)
        #expect(GeometryEngine.clipperRoundOffset([square(0, 0, 1)], by: .infinity) == nil)
        #expect(GeometryEngine.clipperRoundOffset([], by: 1) == [])
        #expect(GeometryEngine.clipperUnion([square(0, 0, 1), square(1e300, 0, 1)]) == nil)
        #expect(GeometryEngine.clipperUnion([square(.nan, 0, 1)]) == nil)
        #expect(GeometryEngine.clipperUnion([]) == [])
    }
}
