// Plain measures of a polyline in metres, shared by validation (is an opening on a wall?) and
// the editor (laying and sliding openings along walls).

public enum Polyline {
    public static func length(_ line: [Point]) -> Double {
        zip(line, line.dropFirst()).reduce(0) { $0 + $1.0.distance(to: $1.1) }
    }

    /// The point half way along the line (by length, not by vertex count).
    public static func halfway(_ line: [Point]) -> Point {
        var remaining = length(line) / 2
        for (a, b) in zip(line, line.dropFirst()) {
            let segment = a.distance(to: b)
            if remaining <= segment, segment > 0 {
                let t = remaining / segment
                return Point(x: a.x + t * (b.x - a.x), y: a.y + t * (b.y - a.y))
            }
            remaining -= segment
        }
        return line[line.count - 1]
    }

    /// The distance from `point` to the nearest point of the line.
    public static func distance(from point: Point, to line: [Point]) -> Double {
        var best = Double.infinity
        for (a, b) in zip(line, line.dropFirst()) {
            let dx = b.x - a.x
            let dy = b.y - a.y
            let lengthSquared = dx * dx + dy * dy
            let t = lengthSquared == 0 ? 0 : max(0, min(1, ((point.x - a.x) * dx + (point.y - a.y) * dy) / lengthSquared))
            best = min(best, point.distance(to: Point(x: a.x + t * dx, y: a.y + t * dy)))
        }
        return best
    }

    /// Which side of the line `point` lies on, looking along the line from its first point, and
    /// how far along the line the point's foot is - measured on the nearest segment, the first
    /// and last reaching on past the line's ends. Nil for a line of fewer than two distinct
    /// points or a point on the line.
    public static func side(of point: Point, relativeTo line: [Point]) -> (isLeft: Bool, along: Double)? {
        var best: (distance: Double, cross: Double, along: Double)?
        var start = 0.0
        let segments = Array(zip(line, line.dropFirst()))
        for (index, (a, b)) in segments.enumerated() {
            let dx = b.x - a.x
            let dy = b.y - a.y
            let length = (dx * dx + dy * dy).squareRoot()
            guard length > 0 else { continue }
            let raw = ((point.x - a.x) * dx + (point.y - a.y) * dy) / (length * length)
            // The ends of the line reach on, so a point beyond them still has a side.
            let t = max(index == 0 ? -Double.infinity : 0, min(index == segments.count - 1 ? Double.infinity : 1, raw))
            let foot = Point(x: a.x + t * dx, y: a.y + t * dy)
            let distance = point.distance(to: foot)
            let cross = dx * (point.y - a.y) - dy * (point.x - a.x)
            if best == nil || distance < best!.distance { best = (distance, cross, start + t * length) }
            start += length
        }
        guard let best, best.cross != 0 else { return nil }
        return (best.cross > 0, best.along)
    }
}
