// Planar answers for the questions a routing graph asks of a space many times over (how far is
// this door from the room; does this straight walk stay inside, allowing a margin for a door on a
// wall's far face), worked out on the rings without GEOS. Each answers `true` only when that is
// certain (with a micrometre to spare); `false` means "not sure, ask GEOS", so callers keep GEOS's
// exact answer for the unusual case and skip building, buffering and preparing a GEOS geometry
// for the usual one.

extension Array where Element == Polygon {
    /// Metres from `point` to the polygons (0 inside), by planar arithmetic; nil where a ring is
    /// not one GEOS would build (then ask GEOS).
    public func planarDistance(to point: Point) -> Double? {
        guard point.x.isFinite, point.y.isFinite, !isEmpty, allSatisfy(\.hasBuildableRings) else { return nil }
        var nearest = Double.infinity
        for polygon in self {
            if polygon.evenOddContains(point) { return 0 }
            nearest = Swift.min(nearest, polygon.boundaryDistance(to: point))
        }
        return nearest
    }

    /// Whether `point` is inside one of the polygons and at least a micrometre from every ring.
    public func surelyInside(_ point: Point) -> Bool {
        guard point.x.isFinite, point.y.isFinite, allSatisfy(\.hasBuildableRings) else { return false }
        return contains { $0.evenOddContains(point) && $0.boundaryDistance(to: point) > 1e-6 }
    }

    /// Whether every point of the segment from `a` to `b` lies within `margin` metres of the
    /// polygons (inside counts as 0), i.e. the segment is covered by the polygons grown by
    /// `margin`. The stretch of the segment within `margin - d` of an end `d` from the polygons is
    /// covered by the triangle inequality; the rest must lie inside one polygon without touching
    /// any ring. False says nothing; ask GEOS.
    public func surelyCover(segment a: Point, _ b: Point, within margin: Double) -> Bool {
        guard margin.isFinite, let fromA = planarDistance(to: a), let fromB = planarDistance(to: b) else { return false }
        let spare = 1e-6
        let reachA = margin - spare - fromA
        let reachB = margin - spare - fromB
        guard reachA >= 0, reachB >= 0 else { return false }
        let length = a.distance(to: b)
        guard length.isFinite else { return false }
        if reachA + reachB >= length { return true }
        let dx = (b.x - a.x) / length
        let dy = (b.y - a.y) / length
        let start = Point(x: a.x + dx * reachA, y: a.y + dy * reachA)
        let end = Point(x: b.x - dx * reachB, y: b.y - dy * reachB)
        return contains { $0.strictlyContains(segment: start, end, clearance: spare) }
    }
}

extension Polygon {
    /// Whether the segment lies inside the polygon and more than `clearance` from every ring.
    func strictlyContains(segment start: Point, _ end: Point, clearance: Double) -> Bool {
        guard evenOddContains(start) else { return false }
        for ring in [exterior] + holes {
            for index in ring.indices.dropFirst() where Self.segmentsNear(start, end, ring[index - 1], ring[index], clearance) {
                return false
            }
        }
        return true
    }

    /// Whether segments `p1 p2` and `q1 q2` cross or come within `clearance` of each other.
    static func segmentsNear(_ p1: Point, _ p2: Point, _ q1: Point, _ q2: Point, _ clearance: Double) -> Bool {
        func orientation(_ a: Point, _ b: Point, _ c: Point) -> Double { (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x) }
        let d1 = orientation(q1, q2, p1)
        let d2 = orientation(q1, q2, p2)
        let d3 = orientation(p1, p2, q1)
        let d4 = orientation(p1, p2, q2)
        if ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0)) { return true }
        // Not crossing: their distance is that of an end of one to the other.
        return segmentDistance(p1, q1, q2) <= clearance || segmentDistance(p2, q1, q2) <= clearance
            || segmentDistance(q1, p1, p2) <= clearance || segmentDistance(q2, p1, p2) <= clearance
    }
}
