// How much of an opening lies on unit boundaries (OpeningMustBeCoveredByUnitBoundary): the whole
// line, not a few points of it. The points of a segment within a distance of another segment
// form one stretch (the distance to a segment is convex along a line: the line crosses the
// segment's capsule once), so each segment of the opening is covered when the stretches of the
// boundary segments near it join up from one end to the other. Plain arithmetic, no GEOS.

import Geometry

enum BoundaryCover {
    /// The stretch of the segment `a`-`b` (as fractions of it, 0 at `a`) that lies within
    /// `tolerance` of the segment `c`-`d`; nil when none does.
    static func stretch(_ a: Point, _ b: Point, near c: Point, _ d: Point, within tolerance: Double) -> ClosedRange<Double>? {
        let (vx, vy) = (b.x - a.x, b.y - a.y)
        var low = Double.infinity
        var high = -Double.infinity
        func include(_ range: (Double, Double)?) {
            guard let (from, to) = range, from <= to else { return }
            low = Swift.min(low, from)
            high = Swift.max(high, to)
        }
        // The round ends of the capsule: |a + t v - centre| <= tolerance.
        func disc(_ centre: Point) -> (Double, Double)? {
            let (px, py) = (a.x - centre.x, a.y - centre.y)
            let qa = vx * vx + vy * vy
            let qb = 2 * (vx * px + vy * py)
            let qc = px * px + py * py - tolerance * tolerance
            guard qa > 0 else { return qc <= 0 ? (-Double.infinity, Double.infinity) : nil }
            let discriminant = qb * qb - 4 * qa * qc
            guard discriminant >= 0 else { return nil }
            let root = discriminant.squareRoot()
            return ((-qb - root) / (2 * qa), (-qb + root) / (2 * qa))
        }
        include(disc(c))
        include(disc(d))
        // The straight part: along the segment 0...length, across it -tolerance...tolerance.
        let length = c.distance(to: d)
        if length > 0 {
            let (ex, ey) = ((d.x - c.x) / length, (d.y - c.y) / length)
            let (along0, across0) = ((a.x - c.x) * ex + (a.y - c.y) * ey, -(a.x - c.x) * ey + (a.y - c.y) * ex)
            let (along1, across1) = (vx * ex + vy * ey, -vx * ey + vy * ex)
            var from = -Double.infinity
            var to = Double.infinity
            var empty = false
            // start + t * slope within lower...upper
            func clip(_ start: Double, _ slope: Double, _ lower: Double, _ upper: Double) {
                if slope == 0 {
                    if start < lower || start > upper { empty = true }
                    return
                }
                let (t0, t1) = ((lower - start) / slope, (upper - start) / slope)
                from = Swift.max(from, Swift.min(t0, t1))
                to = Swift.min(to, Swift.max(t0, t1))
            }
            clip(along0, along1, 0, length)
            clip(across0, across1, -tolerance, tolerance)
            if !empty { include((from, to)) }
        }
        let clipped = (Swift.max(0, low), Swift.min(1, high))
        return clipped.0 <= clipped.1 ? clipped.0...clipped.1 : nil
    }

    /// The longest stretch of `a`-`b` (as fractions) that no segment of `rings` comes within
    /// `tolerance` of; nil when the rings cover it all (gaps under a micrometre are none).
    static func widestGap(_ a: Point, _ b: Point, polygons: [Polygon], within tolerance: Double) -> ClosedRange<Double>? {
        let length = a.distance(to: b)
        let box = Bounds(minX: Swift.min(a.x, b.x), minY: Swift.min(a.y, b.y), maxX: Swift.max(a.x, b.x), maxY: Swift.max(a.y, b.y))
            .expanded(by: tolerance)
        var stretches: [ClosedRange<Double>] = []
        for polygon in polygons where polygon.bounds.intersects(box) {
            for ring in [polygon.exterior] + polygon.holes {
                for (c, d) in zip(ring, ring.dropFirst()) {
                    guard Swift.max(c.x, d.x) >= box.minX, Swift.min(c.x, d.x) <= box.maxX, Swift.max(c.y, d.y) >= box.minY,
                        Swift.min(c.y, d.y) <= box.maxY
                    else { continue }
                    if let stretch = stretch(a, b, near: c, d, within: tolerance) { stretches.append(stretch) }
                }
            }
        }
        stretches.sort { $0.lowerBound < $1.lowerBound }
        let slack = length > 0 ? 1e-6 / length : 0
        var reached = 0.0
        var widest: ClosedRange<Double>?
        func gap(to end: Double) {
            guard end - reached > slack, widest.map({ end - reached > $0.upperBound - $0.lowerBound }) ?? true else { return }
            widest = reached...end
        }
        for stretch in stretches {
            gap(to: stretch.lowerBound)
            reached = Swift.max(reached, stretch.upperBound)
        }
        gap(to: 1)
        // A line of no length lies on a boundary or not at all.
        if length == 0 { return stretches.isEmpty ? 0...1 : nil }
        return widest
    }
}
