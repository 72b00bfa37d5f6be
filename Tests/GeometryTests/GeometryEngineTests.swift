import Foundation
import Geometry
import Testing

@Suite struct GeometryEngineTests {
    let engine = GeometryEngine()

    @Test func areaSumsThePartsOfAMultiPolygonAndSubtractsHoles() {
        #expect(engine.area([lShapedRoom]) == 64)
        #expect(engine.area([rectangle(0, 0, 10, 10, holes: [ring([(4, 4), (4, 6), (6, 6), (6, 4)])]), rectangle(20, 0, 21, 1)]) == 97)
        #expect(engine.area([]) == 0)
    }

    @Test func wallsOfALargePlanEncloseEveryRoom() {
        // 33 columns of 32 rooms of 4 x 4 m, 2 m apart, each drawn with four lines of its own and
        // shifted by up to 0.48 m (on the 4 cm grid line ends are snapped to at this gap) so that
        // no two rooms' sides are one line: 4,224 rectangles united at once.
        var lines: [[Point]] = []
        for column in 0..<33 {
            for row in 0..<32 {
                let x = Double(column) * 6 + 0.12 * Double(row % 5)
                let y = Double(row) * 6 + 0.12 * Double(column % 5)
                let corners = [Point(x: x, y: y), Point(x: x + 4, y: y), Point(x: x + 4, y: y + 4), Point(x: x, y: y + 4)]
                for side in 0..<4 { lines.append([corners[side], corners[(side + 1) % 4]]) }
            }
        }
        let spaces = engine.spaces(enclosedBy: lines, closingGapsUpTo: 1.28)
        #expect(spaces.count == 33 * 32)
        #expect(spaces.allSatisfy { abs(engine.area([$0]) - 16) < 1e-6 })
        #expect(spaces.allSatisfy { abs($0.bounds.width - 4) < 1e-6 && abs($0.bounds.maxY - $0.bounds.minY - 4) < 1e-6 })
    }

    @Test func aPlanAskedWithoutItsOpenFloorHasTheSameRoomsAndOutline() {
        // A row of three 6 x 5 m rooms between two corridors 2 m wide, each open at both ends:
        // the floor the walls do not enclose is the two corridors, each a piece of its own.
        var lines: [[Point]] = [
            [Point(x: 0, y: 0), Point(x: 18, y: 0)], [Point(x: 0, y: 9), Point(x: 18, y: 9)],
            [Point(x: 0, y: 2), Point(x: 18, y: 2)], [Point(x: 0, y: 7), Point(x: 18, y: 7)],
        ]
        for x in [0.0, 6, 12, 18] { lines.append([Point(x: x, y: 2), Point(x: x, y: 7)]) }
        let whole = engine.wallPlan(of: lines, closingGapsUpTo: 1.3, bridging: 4, smallest: 1)
        let rooms = engine.wallPlan(of: lines, closingGapsUpTo: 1.3, bridging: 4, smallest: 1, openFloor: false)
        #expect(whole.spaces.count == 3)
        #expect(whole.open.count == 2, "\(whole.open.map { engine.area([$0]) })")
        // Each corridor reaches the walls' faces: 18 x 2 m, cut where the outline bridges its ends.
        #expect(whole.open.allSatisfy { (34...37).contains(engine.area([$0])) }, "\(whole.open.map { engine.area([$0]) })")
        #expect(rooms.spaces == whole.spaces && rooms.outline == whole.outline && !whole.outline.isEmpty)
        #expect(rooms.open.isEmpty)
    }

    @Test func theGapsInManyOutlinesAreFoundInTwoHalvesAsOneByOne() {
        // 16 x 16 rooms of 4 x 4 m on a 5 m grid, each with walls on three sides and one side
        // walled but for a door's gap of 0.9 m at a place of its own: 256 outlines, searched in
        // two halves at once, against each outline searched alone.
        var outlines: [[Point]] = []
        var walls: [[Point]] = []
        for column in 0..<16 {
            for row in 0..<16 {
                let (x, y) = (Double(column) * 5, Double(row) * 5)
                let corners = [Point(x: x, y: y), Point(x: x + 4, y: y), Point(x: x + 4, y: y + 4), Point(x: x, y: y + 4)]
                outlines.append(corners + [corners[0]])
                for side in 1..<4 { walls.append([corners[side], corners[(side + 1) % 4]]) }
                let door = 0.5 + Double((column + row) % 5) * 0.5
                walls += [[corners[0], Point(x: x + door, y: y)], [Point(x: x + door + 0.9, y: y), corners[1]]]
            }
        }
        let together = engine.parts(of: outlines, fartherThan: 0.05, from: walls)
        let alone = outlines.map { engine.parts(of: [$0], fartherThan: 0.05, from: walls)[0] }
        #expect(together.count == 256)
        #expect(together == alone)
        // The gap less 5 cm at each end, found by bisection to a tenth of a millimetre.
        #expect(together.allSatisfy { $0.count == 1 && abs(Polyline.length($0[0]) - 0.8) < 1e-3 }, "\(together.prefix(2))")
    }

    @Test func aStripAThousandKilometresLongGetsAnInteriorPointWithoutEndlessSearch() throws {
        // A 1 m x 1,000,000 km strip once kept the inscribed-circle search busy for 91 s.
        let strip = rectangle(0, 0, 1, 1e9)
        let point = try #require(engine.interiorPoint([strip]))
        #expect(point.x > 0 && point.x < 1)
        #expect(point.y > 0 && point.y < 1e9)
        // Beyond any venue's size: a point on the surface, still inside.
        let absurd = rectangle(0, 0, 1e12, 1)
        let inside = try #require(engine.interiorPoint([absurd]))
        #expect(inside.y >= 0 && inside.y <= 1)
        // A 4 m x 3,600 km sliver (one coordinate slipped) gets a point on its surface: the
        // circle search would start from 900,000 cells.
        let sliver = rectangle(0, 0, 3.6e6, 4)
        let onSliver = try #require(engine.interiorPoint([sliver]))
        #expect(onSliver.y > 0 && onSliver.y < 4 && onSliver.x > 0 && onSliver.x < 3.6e6)
    }

    @Test func validityReportsABowTieWithAReasonAndALocation() throws {
        let bowTie = Polygon(exterior: ring([(0, 0), (10, 10), (10, 0), (0, 10)]))
        guard case .invalid(let reason, let location) = engine.validity([bowTie]) else {
            Issue.record("a bow-tie is not valid")
            return
        }
        #expect(reason.lowercased().contains("self-intersection"))
        let at = try #require(location)
        #expect(at.distance(to: Point(x: 5, y: 5)) < 1e-9)
        #expect(engine.validity([lShapedRoom]) == .valid)
        #expect(engine.validity([]) == .valid)
    }

    /// A bow tie's two triangles run opposite ways round; buffered as drawn, GEOS keeps one.
    @Test func aBowTieMadeValidKeepsBothOfItsTriangles() {
        let bowTie = Polygon(exterior: ring([(0, 0), (10, 10), (10, 0), (0, 10)]))
        let valid = engine.madeValid([bowTie])
        #expect(abs(engine.area(valid) - 50) < 1e-9)
        #expect(engine.validity(valid) == .valid)
        let widened = engine.buffer(valid, by: 0.05)
        #expect(engine.prepare(widened).covers([rectangle(1, 4, 2, 6)]))
        #expect(engine.prepare(widened).covers([rectangle(8, 4, 9, 6)]))
        #expect(engine.madeValid([lShapedRoom]) == [lShapedRoom])
    }

    @Test func validityReportsRingsThatCannotBeBuiltAndOverlappingParts() {
        let sliver = Polygon(exterior: [Point(x: 1, y: 1), Point(x: 2, y: 2), Point(x: 1, y: 1)])
        guard case .invalid(let reason, let location) = engine.validity([lShapedRoom, sliver]) else {
            Issue.record("a two-point ring is not valid")
            return
        }
        #expect(reason.lowercased().contains("points"))
        #expect(location == Point(x: 1, y: 1))
        // A single point cannot even become a ring; that is invalid too, at that point.
        guard case .invalid(let broken, let at) = engine.validity([Polygon(exterior: [Point(x: 7, y: 8)])]) else {
            Issue.record("a one-point ring is not valid")
            return
        }
        #expect(!broken.isEmpty && !broken.contains("Exception"))
        #expect(at == Point(x: 7, y: 8))
        guard case .invalid = engine.validity([rectangle(0, 0, 10, 10), rectangle(5, 5, 15, 15)]) else {
            Issue.record("overlapping parts of a MultiPolygon are not valid")
            return
        }
    }

    @Test func windingIsTheSignOfTheArea() {
        #expect(GeometryEngine.isCounterClockwise(lShapedRoom.exterior))
        #expect(!GeometryEngine.isCounterClockwise(lShapedRoom.exterior.reversed()))
        #expect(!GeometryEngine.isCounterClockwise([Point(x: 0, y: 0), Point(x: 1, y: 1)]))
        // Far from the origin, a tiny room keeps its winding.
        let far = ring([(1e6, 1e6), (1e6 + 0.01, 1e6), (1e6 + 0.01, 1e6 + 0.01)])
        #expect(GeometryEngine.isCounterClockwise(far))
    }

    @Test func theUnionOfTwoTouchingRectanglesIsOnePolygonOfTheSummedArea() {
        let union = engine.union([rectangle(0, 0, 10, 5), rectangle(10, 0, 20, 5)])
        #expect(union.count == 1)
        #expect(abs(engine.area(union) - 100) < 1e-9)
        #expect(union.first?.holes.isEmpty == true)
        #expect(union.first.map { GeometryEngine.isCounterClockwise($0.exterior) } == true)
        #expect(engine.union([rectangle(0, 0, 1, 1), rectangle(5, 5, 6, 6)]).count == 2)
    }

    /// Convex pairs are measured without GEOS, concave or holed ones with it: the same areas
    /// either way, whichever way round the rings run.
    @Test func intersectionAreaIsExactForConvexConcaveAndHoledShapes() {
        let square = rectangle(0, 0, 10, 10)
        let diamond = Polygon(exterior: [
            Point(x: 5, y: -5), Point(x: 15, y: 5), Point(x: 5, y: 15), Point(x: -5, y: 5), Point(x: 5, y: -5),
        ])
        // The square lies within the diamond (its corners on the diamond's sides).
        #expect(abs(engine.intersectionArea([square], [diamond]) - 100) < 1e-9)
        let inscribed = Polygon(exterior: [Point(x: 5, y: 0), Point(x: 10, y: 5), Point(x: 5, y: 10), Point(x: 0, y: 5), Point(x: 5, y: 0)])
        // The diamond inscribed in the square: half the square.
        #expect(abs(engine.intersectionArea([square], [inscribed]) - 50) < 1e-9)
        let clockwise = Polygon(exterior: Array(inscribed.exterior.reversed()))
        #expect(abs(engine.intersectionArea([clockwise], [square]) - 50) < 1e-9)
        // An L (concave) over the square's top right quarter: the L's arm covers 25 of it.
        let l = Polygon(exterior: [
            Point(x: 0, y: 0), Point(x: 20, y: 0), Point(x: 20, y: 5), Point(x: 5, y: 5), Point(x: 5, y: 20), Point(x: 0, y: 20),
            Point(x: 0, y: 0),
        ])
        #expect(abs(engine.intersectionArea([l], [rectangle(5, 5, 10, 10)])) < 1e-9)
        #expect(abs(engine.intersectionArea([l], [square]) - 75) < 1e-9)
        let holed = rectangle(
            0, 0, 10, 10, holes: [[Point(x: 4, y: 4), Point(x: 6, y: 4), Point(x: 6, y: 6), Point(x: 4, y: 6), Point(x: 4, y: 4)]])
        #expect(abs(engine.intersectionArea([holed], [rectangle(0, 0, 5, 5)]) - 24) < 1e-9)
        // A pentagram turns one way at every point yet is no convex shape.
        let star = (0..<5).map { index -> Point in
            let angle = Double.pi / 2 + Double(index * 2) * 2 * Double.pi / 5
            return Point(x: 5 + 5 * cos(angle), y: 5 + 5 * sin(angle))
        }
        #expect(
            abs(
                engine.intersectionArea([Polygon(exterior: star + [star[0]])], [square])
                    - engine.intersectionArea([square], [Polygon(exterior: star + [star[0]])])) < 1e-9)
    }

    @Test func intersectionAreaOfOverlappingRectangles() {
        #expect(engine.intersectionArea([rectangle(0, 0, 10, 10)], [rectangle(5, 5, 15, 15)]) == 25)
        #expect(engine.intersectionArea([rectangle(0, 0, 10, 10)], [rectangle(10, 0, 20, 10)]) == 0)
        #expect(engine.intersectionArea([rectangle(0, 0, 10, 10)], [rectangle(50, 50, 60, 60)]) == 0)
        #expect(engine.intersectionArea([lShapedRoom], [rectangle(2, 2, 8, 8)]) == 20)
    }

    @Test func theInteriorPointOfAUShapedRoomLiesInsideIt() throws {
        // A U whose centroid (5, 3.4) falls in the gap between the arms.
        let u = Polygon(exterior: ring([(0, 0), (10, 0), (10, 10), (8, 10), (8, 2), (2, 2), (2, 10), (0, 10)]))
        let point = try #require(engine.interiorPoint([u]))
        #expect(engine.prepare([u]).contains(point))
        #expect(engine.distance(from: point, to: [u]) == 0)
    }

    @Test func theInteriorPointOfARectangleIsItsCentre() throws {
        let point = try #require(engine.interiorPoint([rectangle(0, 0, 10, 4)]))
        #expect(point.distance(to: Point(x: 5, y: 2)) < 1e-9)
        #expect(engine.interiorPoint([]) == nil)
    }

    @Test func aTurnedRectangleIsCentredAtItsMiddleAndAnyOtherFourSidedRoomByItsInscribedCircle() throws {
        // A 6 x 3 m room turned by 30 degrees about (100, 50).
        let (c, s) = (cos(Double.pi / 6), sin(Double.pi / 6))
        let corners = [(0.0, 0.0), (6, 0), (6, 3), (0, 3)].map { Point(x: 100 + $0.0 * c - $0.1 * s, y: 50 + $0.0 * s + $0.1 * c) }
        let turned = Polygon(exterior: corners + [corners[0]])
        let middle = Point(x: corners.reduce(0) { $0 + $1.x } / 4, y: corners.reduce(0) { $0 + $1.y } / 4)
        let point = try #require(engine.interiorPoint([turned]))
        #expect(point.distance(to: middle) < 1e-9)
        // The same room with a point in the middle of a side and one repeated: still a rectangle.
        let cut = Polygon(
            exterior: [corners[0], corners[0], Point(x: (corners[0].x + corners[1].x) / 2, y: (corners[0].y + corners[1].y) / 2)]
                + corners.dropFirst() + [corners[0]])
        let pointOfCut = try #require(engine.interiorPoint([cut]))
        #expect(pointOfCut.distance(to: middle) < 1e-9)
        // Four sides, no right angle: the point is the inscribed circle's centre (clearance about
        // 1.9 m near the tall end), not the corners' average (1.2 m from the slanted side).
        let wedge = Polygon(exterior: ring([(0, 0), (10, 0), (10, 4), (0, 1)]))
        let centre = try #require(engine.interiorPoint([wedge]))
        let clearance = Polyline.distance(from: centre, to: wedge.exterior)
        #expect(clearance > 1.7, "\(centre), clearance \(clearance)")
    }

    @Test func aRoomWithARecessIsCentredAtItsCentroidWhichNoPointIsClearerThan() throws {
        // 8 x 4 m less a 0.5 x 0.25 m recess in a corner: its centroid (3.992, 1.993) is as clear
        // of the walls as any point, within the search's tolerance (a two-hundredth of the size).
        let room = Polygon(exterior: ring([(0, 0), (8, 0), (8, 3.75), (7.5, 3.75), (7.5, 4), (0, 4)]))
        let area = 32 - 0.125
        let centroid = Point(x: (32 * 4 - 0.125 * 7.75) / area, y: (32 * 2 - 0.125 * 3.875) / area)
        let point = try #require(engine.interiorPoint([room]))
        #expect(point.distance(to: centroid) < 1e-9, "\(point)")
        let clearance = Polyline.distance(from: point, to: room.exterior)
        let tolerance = area.squareRoot() / 200
        let prepared = engine.prepare([room])
        for x in stride(from: 0.05, to: 8, by: 0.05) {
            for y in stride(from: 0.05, to: 4, by: 0.05) where prepared.contains(Point(x: x, y: y)) {
                #expect(Polyline.distance(from: Point(x: x, y: y), to: room.exterior) <= clearance + tolerance)
            }
        }
    }

    @Test func theInteriorPointOfAMultiPolygonIsInItsLargestPart() throws {
        let point = try #require(engine.interiorPoint([rectangle(0, 0, 1, 1), rectangle(10, 0, 20, 10)]))
        #expect(point.distance(to: Point(x: 15, y: 5)) < 1e-9)
        // A room with a column in the middle: the point avoids the column.
        let ringRoom = rectangle(0, 0, 10, 10, holes: [ring([(3, 3), (3, 7), (7, 7), (7, 3)])])
        let around = try #require(engine.interiorPoint([ringRoom]))
        #expect(engine.prepare([ringRoom]).contains(around))
    }

    @Test func distanceIsZeroInsideAndOnTheBoundary() {
        #expect(engine.distance(from: Point(x: 5, y: 2), to: [rectangle(0, 0, 10, 5)]) == 0)
        #expect(engine.distance(from: Point(x: 10, y: 2), to: [rectangle(0, 0, 10, 5)]) == 0)
        #expect(engine.distance(from: Point(x: 13, y: 9), to: [rectangle(0, 0, 10, 5)]) == 5)
        #expect(
            engine.distance(from: Point(x: 5, y: 5), to: [rectangle(0, 0, 10, 10, holes: [ring([(4, 4), (4, 6), (6, 6), (6, 4)])])]) == 1)
        #expect(engine.distance(from: Point(x: 0, y: 0), to: []) == .infinity)
    }

    @Test func bufferGrowsAndShrinksByTheDistance() {
        let grown = engine.buffer([rectangle(0, 0, 10, 5)], by: 1)
        #expect(grown.count == 1)
        // 50 + perimeter x 1 + a circle of radius 1 (as a 32-gon).
        #expect(abs(engine.area(grown) - (50 + 30 + .pi)) < 0.05)
        let shrunk = engine.buffer([rectangle(0, 0, 10, 5)], by: -1)
        #expect(abs(engine.area(shrunk) - 8 * 3) < 1e-9)
        #expect(engine.buffer([rectangle(0, 0, 10, 5)], by: -3).isEmpty)
    }
}
