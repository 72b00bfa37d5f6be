import Geometry
import Testing

@Suite struct SplitTests {
    let engine = GeometryEngine()

    @Test func anLShapedRoomCutByALineCrossingItTwiceFallsIntoThreeParts() throws {
        // x + y = 12 clips the top of the vertical arm, leaves the room, and clips the end of the
        // horizontal arm.
        let parts = try engine.split(lShapedRoom, along: line((-1, 13), (13, -1)))
        #expect(parts.count == 3)
        let areas = parts.map { engine.area([$0]) }
        #expect(abs(areas.reduce(0, +) - 64) < 1e-9)
        #expect(abs(areas[0] - 60) < 1e-9 && abs(areas[1] - 2) < 1e-9 && abs(areas[2] - 2) < 1e-9)
        #expect(areas == areas.sorted(by: >))
        for part in parts {
            #expect(engine.validity([part]) == .valid)
            #expect(GeometryEngine.isCounterClockwise(part.exterior))
        }
    }

    @Test func aCutThroughTheInsideCornerOfAnLHalvesIt() throws {
        let parts = try engine.split(lShapedRoom, along: line((-1, -1), (11, 11)))
        #expect(parts.count == 2)
        #expect(parts.map { engine.area([$0]) } == [32, 32])
    }

    @Test func aSlantedCutFarFromTheOriginConservesTheArea() throws {
        // The L turned by 30° and moved 3 km away, cut by a bent line: noding computes new
        // vertices, and nothing may be lost or gained beyond rounding.
        let (c, s) = (3.0.squareRoot() / 2, 0.5)
        func place(_ p: Point) -> Point { Point(x: 3000.123 + c * p.x - s * p.y, y: -2000.456 + s * p.x + c * p.y) }
        let room = Polygon(exterior: lShapedRoom.exterior.map(place))
        let parts = try engine.split(room, along: line((-1, 7.3), (3.1, 5.9), (3.5, 3), (7.7, -1)).map(place))
        #expect(parts.count == 2)
        #expect(abs(engine.area(parts) - 64) < 1e-6)
        #expect(parts.allSatisfy { engine.validity([$0]) == .valid })
        #expect(engine.intersectionArea([parts[0]], [parts[1]]) < 1e-6)
    }

    @Test func aLineThatCrossesOnceGivesTwoPartsLargestFirst() throws {
        let parts = try engine.split(rectangle(0, 0, 10, 5), along: line((3, -1), (3, 2), (3, 6)))
        #expect(parts.map { engine.area([$0]) } == [35, 15])
    }

    @Test func aLineThatStopsShortOfTheWallLeavesTheRoomWholeAndSaysHowFar() {
        #expect(throws: SplitError.self) { try engine.split(rectangle(0, 0, 10, 5), along: line((-5, 2), (-0.8, 2))) }
        do {
            _ = try engine.split(rectangle(0, 0, 10, 5), along: line((-5, 2), (-0.8, 2)))
        } catch .lineDoesNotCross(let distance) {
            #expect(abs(distance - 0.8) < 1e-9)
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func aLineThatEndsInsideWithoutDividingTheRoomDoesNotCross() {
        #expect(throws: SplitError.lineDoesNotCross(distance: 0)) {
            try engine.split(lShapedRoom, along: line((-1, 2), (5, 2)))
        }
        // Doubling back inside still divides nothing.
        #expect(throws: SplitError.lineDoesNotCross(distance: 0)) {
            try engine.split(lShapedRoom, along: line((-1, 2), (2, 2), (2, 6), (1, 3)))
        }
    }

    @Test func aLineThatOnlyTouchesACornerOrRunsAlongAWallDoesNotCross() {
        #expect(throws: SplitError.lineDoesNotCross(distance: 0)) {
            try engine.split(rectangle(0, 0, 10, 5), along: line((-1, -1), (0, 0)))
        }
        #expect(throws: SplitError.lineDoesNotCross(distance: 0)) {
            try engine.split(rectangle(0, 0, 10, 5), along: line((-1, 0), (11, 0)))
        }
    }

    @Test func aLineWithFewerThanTwoDistinctPointsIsTooShort() {
        #expect(throws: SplitError.lineTooShort) { try engine.split(lShapedRoom, along: line((1, 1), (1, 1))) }
        #expect(throws: SplitError.lineTooShort) { try engine.split(lShapedRoom, along: []) }
    }

    @Test func theColumnOfARoomSurvivesInThePartAroundIt() throws {
        let column = ring([(4, 4), (4, 6), (6, 6), (6, 4)])
        let room = rectangle(0, 0, 10, 10, holes: [column])
        let parts = try engine.split(room, along: line((2, -1), (2, 11)))
        #expect(parts.count == 2)
        #expect(abs(parts.map { engine.area([$0]) }.reduce(0, +) - 96) < 1e-9)
        #expect(parts[0].holes.count == 1 && parts[1].holes.isEmpty)
        #expect(abs(engine.area([parts[0]]) - 76) < 1e-9)
        #expect(Set(parts[0].holes[0]) == Set(column))
        #expect(!GeometryEngine.isCounterClockwise(parts[0].holes[0]))
    }

    @Test func aLineThroughTheColumnCutsItOpen() throws {
        let room = rectangle(0, 0, 10, 10, holes: [ring([(4, 4), (4, 6), (6, 6), (6, 4)])])
        let parts = try engine.split(room, along: line((5, -1), (5, 11)))
        #expect(parts.count == 2)
        #expect(parts.allSatisfy { $0.holes.isEmpty })
        #expect(parts.map { engine.area([$0]) } == [48, 48])
        #expect(engine.area(parts) == engine.area([room]))
    }

    @Test func aLineThatStopsInsideTheColumnDoesNotDivideTheRoom() {
        let room = rectangle(0, 0, 10, 10, holes: [ring([(4, 4), (4, 6), (6, 6), (6, 4)])])
        // From the outer wall into the column cuts the ring open, but the room stays one piece.
        #expect(throws: SplitError.lineDoesNotCross(distance: 0)) {
            try engine.split(room, along: line((5, -1), (5, 5)))
        }
        // Across the whole room through the column is two cuts, and two parts.
        let parts = try? engine.split(room, along: line((-1, 5), (11, 5)))
        #expect(parts?.count == 2)
    }
}
