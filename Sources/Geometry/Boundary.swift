// Linear referencing along polygon rings: positions on a wall as metres from the ring's first
// vertex, so that a point can slide along a wall and round its corners.

import CGEOS

public struct BoundaryPosition: Sendable, Equatable {
    /// Nearest point on the boundary.
    public var point: Point
    /// 0 = exterior, 1... = holes in order.
    public var ring: Int
    /// Metres from the ring's first vertex, following the ring; in [0, ring length).
    public var distanceAlong: Double
    /// Metres from the query point to `point`.
    public var distance: Double

    public init(point: Point, ring: Int, distanceAlong: Double, distance: Double) {
        self.point = point
        self.ring = ring
        self.distanceAlong = distanceAlong
        self.distance = distance
    }
}

extension GeometryEngine {
    /// The nearest position over all rings; on a tie the earlier ring wins. For a polygon without
    /// vertices, the query point itself at infinite distance.
    public func nearestBoundaryPosition(on polygon: Polygon, to point: Point) -> BoundaryPosition {
        var best = BoundaryPosition(point: point, ring: 0, distanceAlong: 0, distance: .infinity)
        guard let probe = context.point(point) else { return best }
        for (index, ring) in ([polygon.exterior] + polygon.holes).enumerated() {
            guard let line = ringLine(ring) else { continue }
            var distance = 0.0
            guard GEOSDistance_r(handle, line.pointer, probe.pointer, &distance) == 1, distance < best.distance else { continue }
            let along = GEOSProject_r(handle, line.pointer, probe.pointer)
            guard along >= 0, let nearest = interpolate(line, along) else { continue }
            let length = length(of: line)
            // The ring's start and end are one point; report it as 0, not as the full length.
            best = BoundaryPosition(
                point: nearest, ring: index, distanceAlong: along >= length ? along - length : along,
                distance: point.distance(to: nearest))
        }
        return best
    }

    /// The point `distanceAlong` metres from the ring's first vertex; the distance wraps modulo the
    /// ring's length, so it may be negative or exceed one lap. The ring index must exist.
    public func boundaryPoint(on polygon: Polygon, ring: Int, distanceAlong: Double) -> Point {
        let points = ringPoints(polygon, ring)
        guard let line = ringLine(points) else { return points.first ?? Point(x: .nan, y: .nan) }
        let length = length(of: line)
        guard length > 0, distanceAlong.isFinite else { return points[0] }
        var along = distanceAlong.truncatingRemainder(dividingBy: length)
        if along < 0 { along += length }
        return interpolate(line, along) ?? points[0]
    }

    /// The piece of a ring from distance `start` to `end` along it (end > start; both may run past
    /// the ring's length or below zero, wrapping around), with the ring's corners in between: a
    /// door laid along a wall follows it round a corner instead of cutting across.
    public func stretch(of polygon: Polygon, ring index: Int, from start: Double, to end: Double) -> [Point] {
        let points = ringPoints(polygon, index)
        let length = ringLength(of: polygon, ring: index)
        guard length > 0 else { return [] }
        var cumulative: [Double] = [0]
        for (a, b) in zip(points, points.dropFirst()) { cumulative.append(cumulative.last! + a.distance(to: b)) }
        var result = [boundaryPoint(on: polygon, ring: index, distanceAlong: start)]
        // Corners strictly between start and end, over as many laps as the stretch spans.
        var lap = (start / length).rounded(.down) * length
        while lap < end {
            for (vertex, distance) in zip(points.dropLast(), cumulative.dropLast()) {
                let along = lap + distance
                if along > start + 1e-9 && along < end - 1e-9 { result.append(vertex) }
            }
            lap += length
        }
        result.append(boundaryPoint(on: polygon, ring: index, distanceAlong: end))
        return result
    }

    /// The perimeter of one ring in metres; the ring index must exist.
    public func ringLength(of polygon: Polygon, ring: Int) -> Double {
        ringLine(ringPoints(polygon, ring)).map(length) ?? 0
    }

    private func ringPoints(_ polygon: Polygon, _ ring: Int) -> [Point] {
        precondition(ring >= 0 && ring <= polygon.holes.count, "ring \(ring) does not exist (the polygon has \(polygon.holes.count) holes)")
        return ring == 0 ? polygon.exterior : polygon.holes[ring - 1]
    }

    /// A ring as a closed line string: GEOS's linear referencing works on lines only.
    private func ringLine(_ ring: [Point]) -> Geom? {
        ring.isEmpty ? nil : context.lineString(GeometryEngine.closed(ring))
    }

    private func length(of line: Geom) -> Double {
        var length = 0.0
        return GEOSLength_r(handle, line.pointer, &length) == 1 ? length : 0
    }

    private func interpolate(_ line: Geom, _ along: Double) -> Point? {
        Geom(GEOSInterpolate_r(handle, line.pointer, along), context).flatMap { context.firstPoint(of: $0.pointer) }
    }
}
