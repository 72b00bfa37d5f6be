// The straight wall an opening stands on, as `move opening REF by D` speaks of it: where it runs,
// which way a positive D moves along it, and how far the opening can go each way before it would
// turn a corner or leave the stretch of wall the rooms either side share. Positive runs toward
// the wall's east end - on a wall running due north-south, its north end - so the sign can be
// told from a plan without knowing the order the outline was drawn in.

import Geometry
import IMDF

struct WallCourse {
    /// The wall's ends in metres: `start` lies the way a negative D moves, `end` the way a positive one does.
    var start: Point
    var end: Point
    /// Metres the opening can move with a positive D, and with a negative one.
    var forward: Double
    var backward: Double
    /// Whether a positive D runs against the order of the host's outline.
    var runsAgainstOutline: Bool
    /// The unit whose shared wall ends first, when that (not a corner) is what limits the move.
    var limitedBy: Feature?

    /// Within this many degrees of north or south, a wall counts as running north-south.
    static let northSouthTolerance = 0.5
    /// Consecutive edges that turn by less than this many degrees are one straight wall.
    static let straightTolerance = 0.5

    /// Bearing of a positive D, degrees clockwise from north.
    var bearing: Double { Bearing.degrees(from: start, to: end) ?? 0 }

    /// The course of the straight wall of `polygon`'s ring `ring` that holds the point `along`
    /// metres along the ring, for an opening of `width` centred there; `sharers` are the other
    /// units whose outlines the opening lies on, with their shapes.
    init?(on polygon: Polygon, ring: Int, at along: Double, width: Double, sharers: [(Feature, [Polygon])]) {
        var points = ring == 0 ? polygon.exterior : (ring - 1 < polygon.holes.count ? polygon.holes[ring - 1] : [])
        if points.count > 1, points.first == points.last { points.removeLast() }
        var edges: [(Point, Point)] = []
        for (index, point) in points.enumerated() where point != points[(index + 1) % points.count] {
            edges.append((point, points[(index + 1) % points.count]))
        }
        guard !edges.isEmpty else { return nil }
        // The edge holding the opening's centre.
        var travelled = 0.0
        var holding = edges.count - 1
        for (index, edge) in edges.enumerated() {
            let length = edge.0.distance(to: edge.1)
            if along <= travelled + length {
                holding = index
                break
            }
            travelled += length
        }
        func turn(_ a: (Point, Point), _ b: (Point, Point)) -> Double {
            guard let first = Bearing.degrees(from: a.0, to: a.1), let second = Bearing.degrees(from: b.0, to: b.1) else { return 0 }
            let difference = abs(first - second).truncatingRemainder(dividingBy: 360)
            return min(difference, 360 - difference)
        }
        // Collinear neighbours are the same wall (an outline drawn with extra vertices along it).
        var first = holding
        var last = holding
        var joined = 0
        while joined < edges.count - 1, turn(edges[(first + edges.count - 1) % edges.count], edges[first]) < Self.straightTolerance {
            first = (first + edges.count - 1) % edges.count
            joined += 1
        }
        while joined < edges.count - 1, turn(edges[last], edges[(last + 1) % edges.count]) < Self.straightTolerance {
            last = (last + 1) % edges.count
            joined += 1
        }
        let wallStart = edges[first].0
        let wallEnd = edges[last].1
        let length = wallStart.distance(to: wallEnd)
        guard length > 0 else { return nil }
        let direction = Point(x: (wallEnd.x - wallStart.x) / length, y: (wallEnd.y - wallStart.y) / length)
        // Where the opening's centre stands on the wall, metres from its start in outline order.
        let (edgeStart, edgeEnd) = edges[holding]
        let edgeLength = edgeStart.distance(to: edgeEnd)
        let fraction = min(max(along - travelled, 0), edgeLength) / edgeLength
        let centre = Point(x: edgeStart.x + fraction * (edgeEnd.x - edgeStart.x), y: edgeStart.y + fraction * (edgeEnd.y - edgeStart.y))
        let position = (centre.x - wallStart.x) * direction.x + (centre.y - wallStart.y) * direction.y
        var low = 0.0
        var high = length
        var limiting: Feature?
        // A wall two rooms share ends where either room's outline leaves it.
        for (sharer, shapes) in sharers {
            guard let (from, to) = Self.sharedStretch(of: shapes, along: wallStart, direction, length, around: position) else { continue }
            if from > low {
                low = from
                limiting = sharer
            }
            if to < high {
                high = to
                limiting = sharer
            }
        }
        let ahead = max(high - position - width / 2, 0)
        let behind = max(position - low - width / 2, 0)
        let ringBearing = Bearing.degrees(from: wallStart, to: wallEnd) ?? 0
        let northSouth = min(ringBearing, abs(ringBearing - 180), 360 - ringBearing) < Self.northSouthTolerance
        runsAgainstOutline = northSouth ? abs(ringBearing - 180) < 90 : ringBearing > 180
        start = runsAgainstOutline ? wallEnd : wallStart
        end = runsAgainstOutline ? wallStart : wallEnd
        forward = runsAgainstOutline ? behind : ahead
        backward = runsAgainstOutline ? ahead : behind
        limitedBy = limiting
    }

    /// The stretch of the straight wall (`origin` + t * `direction`, t in 0...`length`) that the
    /// outline of `shapes` runs along, as the range of t holding `position`.
    static func sharedStretch(of shapes: [Polygon], along origin: Point, _ direction: Point, _ length: Double, around position: Double) -> (
        Double, Double
    )? {
        var ranges: [(Double, Double)] = []
        for shape in shapes {
            for ring in [shape.exterior] + shape.holes {
                for (a, b) in zip(ring, ring.dropFirst() + ring.prefix(1)) where a != b {
                    func offset(_ p: Point) -> Double { abs((p.x - origin.x) * direction.y - (p.y - origin.y) * direction.x) }
                    guard offset(a) <= Walls.onWallTolerance, offset(b) <= Walls.onWallTolerance else { continue }
                    let ta = (a.x - origin.x) * direction.x + (a.y - origin.y) * direction.y
                    let tb = (b.x - origin.x) * direction.x + (b.y - origin.y) * direction.y
                    ranges.append((max(min(ta, tb), 0), min(max(ta, tb), length)))
                }
            }
        }
        // Touching pieces are one stretch; the one around the opening is the one it can use.
        var merged: [(Double, Double)] = []
        for range in ranges.sorted(by: { $0.0 < $1.0 }) where range.1 > range.0 {
            if let last = merged.last, range.0 <= last.1 + Walls.onWallTolerance {
                merged[merged.count - 1].1 = max(last.1, range.1)
            } else {
                merged.append(range)
            }
        }
        return merged.first { $0.0 - Walls.onWallTolerance <= position && position <= $0.1 + Walls.onWallTolerance }
    }

    /// `the wall runs from 12.1,3 to 12.1,9.4; by +D moves north (0°); up to 2.3 m that way, 3.9 m
    /// the other`, with positions in `frame` (`toFrame` turns the editor's metres into it).
    func explanation(_ toFrame: (Point) -> Point, _ document: Document) -> String {
        func place(_ point: Point) -> String {
            let shown = toFrame(point)
            return "\(String(typedMetres: shown.x)),\(String(typedMetres: shown.y))"
        }
        var text =
            "the wall runs from \(place(start)) to \(place(end)); by +D moves \(Bearing.compassWord(bearing)) (\(Bearing.text(bearing))); "
        text += "up to \(String(typedMetres: forward)) m that way, \(String(typedMetres: backward)) m the other"
        if let limitedBy { text += ", along the stretch it shares with \(limitedBy.described(in: document))" }
        return text
    }
}
