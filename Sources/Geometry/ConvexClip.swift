// The area two convex polygons share, by clipping one with each edge of the other
// (Sutherland-Hodgman). Written here beside GEOS because validation compares rooms pairwise:
// 20,000 rooms overlapping in a row are 400,000 pairs, and GEOS's general intersection, with the
// conversion of both shapes, was most of the 22 s such a venue took; most rooms are convex
// (rectangles, trapezoids), and for them this is exact and a small fraction of the cost. Any
// other shape - a hole, a concave corner, a ring not closed - goes to GEOS.

import Foundation

enum ConvexClip {
    /// The area `a` and `b` share, or nil when either is not a convex polygon without holes.
    static func sharedArea(_ a: Polygon, _ b: Polygon) -> Double? {
        guard a.holes.isEmpty, b.holes.isEmpty, let subject = convexCounterClockwise(a.exterior),
            let clip = convexCounterClockwise(b.exterior)
        else { return nil }
        return sharedArea(convex: subject, clip)
    }

    /// The ring of a shape that is one convex polygon without holes, counter-clockwise and
    /// without its closing point, to clip with again and again; nil for any other shape.
    static func convexRing(_ polygons: [Polygon]) -> [Point]? {
        guard polygons.count == 1, polygons[0].holes.isEmpty else { return nil }
        return convexCounterClockwise(polygons[0].exterior)
    }

    /// The area two convex counter-clockwise rings (as `convexRing` gives them) share.
    static func sharedArea(convex first: [Point], _ clip: [Point]) -> Double {
        var subject = first
        for (start, end) in zip(clip, clip.dropFirst() + [clip[0]]) {
            guard !subject.isEmpty else { return 0 }
            func side(_ p: Point) -> Double { (end.x - start.x) * (p.y - start.y) - (end.y - start.y) * (p.x - start.x) }
            var kept: [Point] = []
            kept.reserveCapacity(subject.count + 2)
            for (index, current) in subject.enumerated() {
                let previous = subject[(index + subject.count - 1) % subject.count]
                let (sideCurrent, sidePrevious) = (side(current), side(previous))
                if sideCurrent >= 0 {
                    if sidePrevious < 0 { kept.append(crossing(previous, current, sidePrevious, sideCurrent)) }
                    kept.append(current)
                } else if sidePrevious >= 0 {
                    kept.append(crossing(previous, current, sidePrevious, sideCurrent))
                }
            }
            subject = kept
        }
        return subject.count < 3 ? 0 : abs(signedArea(subject))
    }

    /// Where the segment from `p` (at signed distance `dp`) to `q` (at `dq`) crosses the line.
    private static func crossing(_ p: Point, _ q: Point, _ dp: Double, _ dq: Double) -> Point {
        let t = dp / (dp - dq)
        return Point(x: p.x + (q.x - p.x) * t, y: p.y + (q.y - p.y) * t)
    }

    private static func signedArea(_ ring: [Point]) -> Double {
        var sum = 0.0
        for (index, p) in ring.enumerated() {
            let q = ring[(index + 1) % ring.count]
            sum += p.x * q.y - q.x * p.y
        }
        return sum / 2
    }

    /// The ring's vertices without its closing point, counter-clockwise, when it is closed, has
    /// finite coordinates and turns one way only (collinear vertices allowed); nil otherwise.
    private static func convexCounterClockwise(_ ring: [Point]) -> [Point]? {
        guard ring.count >= 4, ring.count <= 256, ring.first == ring.last,
            ring.allSatisfy({ $0.x.isFinite && $0.y.isFinite })
        else { return nil }
        var points = Array(ring.dropLast())
        let area = signedArea(points)
        guard area != 0 else { return nil }
        if area < 0 { points.reverse() }
        let count = points.count
        // Each vertex turns left or goes straight on, and the turns add up to one full turn (a
        // star also turns one way only, but twice round).
        var turning = 0.0
        for index in 0..<count {
            let (a, b, c) = (points[index], points[(index + 1) % count], points[(index + 2) % count])
            let cross = (b.x - a.x) * (c.y - b.y) - (b.y - a.y) * (c.x - b.x)
            let scale = max(abs(b.x - a.x) + abs(b.y - a.y), 1e-300) * max(abs(c.x - b.x) + abs(c.y - b.y), 1e-300)
            if cross < -1e-12 * scale { return nil }
            turning += atan2(cross, (b.x - a.x) * (c.x - b.x) + (b.y - a.y) * (c.y - b.y))
        }
        guard abs(turning - 2 * Double.pi) < 1e-6 else { return nil }
        return points
    }
}
