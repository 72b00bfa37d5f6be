// Areas from linework: the faces that the lines of a CAD plan enclose, and where a boundary runs
// clear of those lines (a door's gap in a wall).

import CGEOS
import Foundation
import IMDF

extension GeometryEngine {
    /// The faces the lines enclose once they are noded where they cross or touch (GEOS's
    /// polygonizer): closed polylines, and walls whose lines meet exactly.
    public func faces(of lines: [[Point]]) -> [Polygon] {
        guard let all = context.multiLine(lines), let noded = Geom(GEOSNode_r(handle, all.pointer), context) else { return [] }
        let input: [OpaquePointer?] = [noded.pointer]
        let faces = input.withUnsafeBufferPointer { GEOSPolygonize_r(handle, $0.baseAddress, 1) }
        return Geom(faces, context)?.polygons ?? []
    }

    /// The spaces that walls drawn as lines enclose, closing gaps up to `gap` wide (a door, or
    /// lines that miss each other): every line is grown by half the gap with square ends, and each
    /// hole in their union is grown back by as much with mitred corners. A room so reaches the
    /// face of a double wall or the line of a single one; the space inside a double wall thinner
    /// than the gap, short and duplicate segments and slightly open corners all disappear in the
    /// union.
    ///
    /// With `alongLines` wider than the gap, gaps between the pieces of one straight line (a wall
    /// face broken at a door) are closed up to that width while the lines grow only by half the
    /// gap: a closet 0.6 m deep behind a 1.8 m bi-fold keeps its shape, where growing every line
    /// by 0.9 m would fill it.
    public func spaces(enclosedBy lines: [[Point]], closingGapsUpTo gap: Double, alongLines: Double? = nil) -> [Polygon] {
        guard let walls = grownWalls(lines, closingGapsUpTo: gap, alongLines: alongLines) else { return [] }
        return spaces(within: walls, closingGapsUpTo: gap)
    }

    /// The spaces the walls enclose (as `spaces(enclosedBy:closingGapsUpTo:)`) and the plan's
    /// outline: the outer face of its outer walls, with openings in them up to `bridging` wide
    /// (an entrance wider than a door) bridged, and every space inside filled - the shape of the
    /// floor, courtyards aside. Pieces under `smallest` m² (a stray column, a detail) are left out.
    ///
    /// `open` is the floor inside the outline that the walls do not enclose (a corridor open at its
    /// ends, a hall round an entrance), reaching the walls' faces as the spaces do: worked out from
    /// the walls' outer shape, not by taking every room from the outline; empty without `openFloor`.
    public func wallPlan(of lines: [[Point]], closingGapsUpTo gap: Double, bridging: Double, smallest: Double, openFloor: Bool = true)
        -> (spaces: [Polygon], outline: [Polygon], open: [Polygon])
    {
        guard let walls = grownWalls(lines, closingGapsUpTo: gap) else { return ([], [], []) }
        let spaces = spaces(within: walls, closingGapsUpTo: gap)
        // The grown walls with their holes filled, grown by half the bridge (closing openings up
        // to it), filled again, and shrunk by as much plus half the gap: back to the outer face.
        let filled = union(walls.polygons.map { Polygon(exterior: $0.exterior) })
        let reach = bridging / 2
        let bridged = roundBuffer(filled, by: reach).map { Polygon(exterior: $0.exterior) }
        guard let grown = context.geometry(bridged), let shrunk = mitred(grown, by: -(reach + gap / 2)) else { return (spaces, [], []) }
        let outline = shrunk.polygons.map { Polygon(exterior: $0.exterior) }.filter { area([$0]) >= smallest }
        // Beside outlined rooms, the open floor is what the rooms leave of the outline: this half
        // of the work (most of it, on a large floor) is asked for only by rooms formed from walls.
        guard openFloor else { return (spaces, outline, []) }
        // Inside the bridged shape (at the grown walls' outer edge), outside the grown walls and
        // what they enclose; grown back by half the gap, within the outline.
        // Grown and shrunk by GEOS, as the walls were: shrunk from Clipper's shape, on its
        // micrometre grid, the edge would lie a micrometre off the walls' faces, and the sliver
        // between would join pieces of floor along them.
        let bridgedByGEOS = buffer(filled, by: reach).map { Polygon(exterior: $0.exterior) }
        let edge = buffer(bridgedByGEOS, by: -reach).map { Polygon(exterior: $0.exterior) }
        let unenclosed = difference(edge, filled)
        guard !unenclosed.isEmpty else { return (spaces, outline, []) }
        // Each piece grown on its own and the pieces united: the same shape as growing them all
        // at once, where GEOS nodes every piece's offset curve against every other's - for the
        // 340 pieces of a teaching building's floor, 55 ms against 5 ms and a union of 20.
        let reaching =
            unenclosed.count == 1 ? mitred(unenclosed, by: gap / 2) : union(unenclosed.flatMap { mitred([$0], by: gap / 2) })
        return (spaces, outline, intersection(reaching, outline))
    }

    /// The polygons grown (shrunk, for a negative distance) by `distance` with round corners, as
    /// `buffer(_:by:)` grows them: by Clipper, by GEOS where Clipper cannot.
    func roundBuffer(_ polygons: [Polygon], by distance: Double) -> [Polygon] {
        Self.clipperRoundOffset(polygons, by: distance) ?? buffer(polygons, by: distance)
    }

    /// `shape` grown (shrunk, for a negative distance) by `distance` with mitred corners, limited
    /// at twice the distance, and flat ends: as grown walls reach, and leave, the walls' faces.
    func mitred(_ shape: Geom, by distance: Double) -> Geom? {
        Geom(
            GEOSBufferWithStyle_r(
                handle, shape.pointer, distance, 4, Int32(GEOSBUF_CAP_FLAT.rawValue), Int32(GEOSBUF_JOIN_MITRE.rawValue), 2), context)
    }

    /// The polygons grown by `distance` as `mitred(_:by:)` grows a shape.
    func mitred(_ polygons: [Polygon], by distance: Double) -> [Polygon] {
        context.geometry(polygons).flatMap { mitred($0, by: distance) }?.polygons ?? []
    }

    /// What `polygons` and `others` share.
    public func intersection(_ polygons: [Polygon], _ others: [Polygon]) -> [Polygon] {
        guard let first = context.geometry(polygons), let second = context.geometry(others) else { return [] }
        return Geom(GEOSIntersection_r(handle, first.pointer, second.pointer), context)?.polygons ?? []
    }

    /// What of `polygons` lies outside `others`. Others that do not overlap (rooms) are taken as
    /// they are; united first only when overlay refuses them so.
    public func difference(_ polygons: [Polygon], _ others: [Polygon]) -> [Polygon] {
        guard let first = context.geometry(polygons) else { return [] }
        guard !others.isEmpty else { return polygons }
        if let second = context.geometry(others), let rest = Geom(GEOSDifference_r(handle, first.pointer, second.pointer), context) {
            return rest.polygons
        }
        guard let second = context.geometry(union(others)) else { return polygons }
        if let rest = Geom(GEOSDifference_r(handle, first.pointer, second.pointer), context) { return rest.polygons }
        guard let valid = Geom(GEOSMakeValid_r(handle, first.pointer), context) else { return [] }
        return Geom(GEOSDifference_r(handle, valid.pointer, second.pointer), context)?.polygons ?? []
    }

    /// The open space of a floor: what of `outline` no room covers, without the bands narrower than
    /// `narrowest` (the inside of a double wall, a sliver between a room and the outline), in
    /// pieces of at least `smallest` m² - corridors, halls, the open plan.
    public func openSpaces(in outline: [Polygon], besides rooms: [Polygon], narrowest: Double, smallest: Double) -> [Polygon] {
        let rest = difference(outline, rooms)
        guard !rest.isEmpty else { return [] }
        // An opening (shrink, then grow back) drops what is narrower than `narrowest`; clipped to
        // what was there, as growing back rounds corners out: by Clipper, by GEOS where it cannot.
        let opened = buffer(buffer(rest, by: -narrowest / 2), by: narrowest / 2)
        if let clipped = Self.clipperIntersection(opened, rest) {
            return clipped.filter { area([$0]) >= smallest }
        }
        guard let shape = context.geometry(opened), let space = context.geometry(rest),
            let clipped = Geom(GEOSIntersection_r(handle, shape.pointer, space.pointer), context)
        else { return [] }
        return clipped.polygons.filter { area([$0]) >= smallest }
    }

    /// Every segment of `lines` grown by half the gap with square ends, united: the walls as areas;
    /// pieces of one line up to `alongLines` apart joined first.
    func grownWalls(_ lines: [[Point]], closingGapsUpTo gap: Double, alongLines: Double? = nil) -> Geom? {
        let half = gap / 2
        // Each segment grown into its rectangle (square ends reach past its ends by half the gap,
        // so ends that miss each other by up to the gap meet, and corners are filled), then the
        // rectangles united: a union of simple rectangles costs a fraction of buffering the whole
        // linework, whose offset curves must all be noded against each other.
        guard half > 0 else { return nil }
        var rectangles: [Polygon] = []
        for (a, b) in Self.joined(
            Self.distinctSegments(of: lines, grid: gap / 32), bridging: Swift.max(gap, alongLines ?? gap), grid: gap / 32)
        {
            let length = a.distance(to: b)
            guard length > 0, length.isFinite else { continue }
            let (ux, uy) = ((b.x - a.x) / length * half, (b.y - a.y) / length * half)
            let (nx, ny) = (-uy, ux)
            let start = Point(x: a.x - ux, y: a.y - uy)
            let end = Point(x: b.x + ux, y: b.y + uy)
            rectangles.append(
                Polygon(exterior: [
                    Point(x: start.x + nx, y: start.y + ny), Point(x: start.x - nx, y: start.y - ny),
                    Point(x: end.x - nx, y: end.y - ny), Point(x: end.x + nx, y: end.y + ny),
                ]))
        }
        guard !rectangles.isEmpty else { return nil }
        // Clipper unites rectangles six times as fast as GEOS (ClipperOperations.swift), and on
        // integers it leaves no hole of zero width where two rectangles' edges nearly meet (GEOS
        // did, and the hole grown back became a room). GEOS unites them where Clipper cannot.
        if let united = Self.clipperUnion(rectangles), let walls = context.geometry(united) { return walls }
        guard let all = context.geometry(rectangles) else { return nil }
        return Geom(GEOSUnaryUnion_r(handle, all.pointer), context)
    }

    /// The holes of the grown walls, each grown back by half the gap: the rooms.
    func spaces(within walls: Geom, closingGapsUpTo gap: Double) -> [Polygon] {
        let half = gap / 2
        let grown = walls.polygons.flatMap { wall in
            wall.holes.compactMap { hole -> Geom? in
                guard let hole = context.geometry([Polygon(exterior: hole)]) else { return nil }
                // A hole beside dense linework has a vertex every grid step along it: simplified
                // by the grid's size first (which moves nothing by more than the snapping did),
                // its growing back costs what a plain room's does.
                let space = Geom(GEOSTopologyPreserveSimplify_r(handle, hole.pointer, gap / 32), context) ?? hole
                return mitred(space, by: half)
            }
        }
        // Grown back, two spaces can meet in a band at most half a gap wide (past a sharp corner,
        // an arc drawn with the walls): the earlier one keeps it, so rooms never overlap; of what
        // is left, the largest piece is the room.
        var rooms: [(geometry: Geom, bounds: Bounds)] = []
        for space in grown {
            var room = space
            var bounds = space.polygons.reduce(Bounds.empty) { $0.union($1.bounds) }
            for other in rooms where other.bounds.intersects(bounds) {
                guard let clipped = Geom(GEOSDifference_r(handle, room.pointer, other.geometry.pointer), context) else { continue }
                room = clipped
            }
            guard let largest = room.polygons.max(by: { area([$0]) < area([$1]) }), let kept = context.geometry([largest]) else { continue }
            bounds = largest.bounds
            rooms.append((kept, bounds))
        }
        return rooms.flatMap(\.geometry.polygons)
    }

    /// Segments on one line (within `grid` of it and a thousandth of a radian of its direction)
    /// whose ends are at most `gap` apart, joined into one: grown by half the gap with square ends
    /// they unite into the same area, and a wall drawn in pieces - each room's side of it, or
    /// broken at every door - becomes one rectangle instead of dozens for the union to merge.
    public static func joined(_ segments: [(Point, Point)], bridging gap: Double, grid: Double) -> [(Point, Point)] {
        struct Line: Hashable {
            var direction: Int
            var offset: Int
        }
        let step = 0.001
        let turns = Int((Double.pi / step).rounded())
        var runs: [Line: [(start: Double, end: Double, from: Point, to: Point)]] = [:]
        var order: [Line] = []
        for (a, b) in segments {
            var angle = atan2(b.y - a.y, b.x - a.x)
            if angle < 0 { angle += .pi }
            let direction = Int((angle / step).rounded()) % turns
            let (ux, uy) = (cos(Double(direction) * step), sin(Double(direction) * step))
            let offset = (-a.x * uy + a.y * ux) / grid
            guard offset.isFinite, abs(offset) < Double(Int.max / 2) else { return segments }
            let line = Line(direction: direction, offset: Int(offset.rounded()))
            let (s, t) = (a.x * ux + a.y * uy, b.x * ux + b.y * uy)
            if runs[line] == nil { order.append(line) }
            runs[line, default: []].append(s <= t ? (s, t, a, b) : (t, s, b, a))
        }
        var result: [(Point, Point)] = []
        for line in order {
            var pieces = runs[line]!
            pieces.sort { $0.start < $1.start }
            var current = pieces[0]
            for piece in pieces.dropFirst() {
                if piece.start <= current.end + gap {
                    if piece.end > current.end { (current.end, current.to) = (piece.end, piece.to) }
                } else {
                    result.append((current.from, current.to))
                    current = piece
                }
            }
            result.append((current.from, current.to))
        }
        return result
    }

    /// The segments of `lines` with their ends snapped to a grid of `grid` and each drawn once,
    /// whichever way round. Dense linework - a wall drawn as a zig-zag of many thousand vertices,
    /// a scribble, a hatch exploded into lines, one wall traced twice - collapses to the few
    /// segments it can differ by at the grid's size, so the rectangles grown from it, and their
    /// union, stay few; an end moves at most `grid` times 0.71, which the union of walls grown by
    /// 32 times as much does not notice.
    static func distinctSegments(of lines: [[Point]], grid: Double) -> [(Point, Point)] {
        guard grid > 0, grid.isFinite else { return lines.flatMap { Array(zip($0, $0.dropFirst())) } }
        struct Cell: Hashable {
            var x: Int
            var y: Int
        }
        func cell(_ point: Point) -> Cell {
            Cell(x: Int(saturating: (point.x / grid).rounded()), y: Int(saturating: (point.y / grid).rounded()))
        }
        func point(_ cell: Cell) -> Point { Point(x: Double(cell.x) * grid, y: Double(cell.y) * grid) }
        struct Segment: Hashable {
            var a: Cell
            var b: Cell
        }
        // Room for every segment at once: grown as it filled, the set was hashed afresh at each
        // doubling.
        let count = lines.reduce(0) { $0 + Swift.max($1.count - 1, 0) }
        var seen = Set<Segment>(minimumCapacity: count)
        var segments: [(Point, Point)] = []
        segments.reserveCapacity(count)
        for line in lines {
            for (a, b) in zip(line, line.dropFirst()) where a.x.isFinite && a.y.isFinite && b.x.isFinite && b.y.isFinite {
                var (start, end) = (cell(a), cell(b))
                if (end.x, end.y) < (start.x, start.y) { swap(&start, &end) }
                guard start != end, seen.insert(Segment(a: start, b: end)).inserted else { continue }
                segments.append((point(start), point(end)))
            }
        }
        return segments
    }

    /// For each line, its parts farther than `distance` from every one of `lines`: where a room's
    /// outline crosses a gap in its walls. Each outline segment meets only the wall segments near
    /// it (a spatial index), so the work grows with the drawing, not with its square.
    ///
    /// Written here rather than as GEOS's difference of the outline and the buffered walls: that
    /// buffer, of a long wall of many thousand vertices whose offsets overlap, took minutes and
    /// gigabytes (snap-rounding retries), and the union of per-segment buffers seconds. Along one
    /// outline segment the distance to one wall segment is convex, so the part within `distance`
    /// of it is one interval, found by bisection; what no interval covers is clear.
    public func parts(of outlines: [[Point]], fartherThan distance: Double, from lines: [[Point]]) -> [[[Point]]] {
        let segments = Self.distinctSegments(of: lines, grid: distance / 8)
        // A large plan's outlines are searched in two halves at once, each with an index of the
        // lines of its own on a GEOS context of its own (a context is one thread's).
        if outlines.count >= Self.searchedInHalves {
            let middle = outlines.count / 2
            let (first, second) = inParallel(
                { GeometryEngine().parts(of: Array(outlines[..<middle]), fartherThan: distance, fromSegments: segments) },
                { GeometryEngine().parts(of: Array(outlines[middle...]), fartherThan: distance, fromSegments: segments) })
            return first + second
        }
        return parts(of: outlines, fartherThan: distance, fromSegments: segments)
    }

    /// At least this many outlines are searched in two halves at once.
    static let searchedInHalves = 256

    private func parts(of outlines: [[Point]], fartherThan distance: Double, fromSegments segments: [(Point, Point)]) -> [[[Point]]] {
        let index = SpatialIndex<Int>(engine: self)
        for (number, segment) in segments.enumerated() {
            if let bounds = Bounds(points: [segment.0, segment.1]) { index.insert(bounds, number) }
        }
        return outlines.map { outline in
            var pieces: [[Point]] = []
            var current: [Point] = []
            func close() {
                if current.count > 1 { pieces.append(current) }
                current = []
            }
            for (p, q) in zip(outline, outline.dropFirst()) where p != q {
                guard let bounds = Bounds(points: [p, q]) else { continue }
                let covered = index.query(bounds.expanded(by: distance)).compactMap { number in
                    Self.interval(of: p, q, within: distance, of: segments[number])
                }
                let clear = Self.uncovered(covered)
                if clear.isEmpty { close() }
                for (start, end) in clear {
                    // A clear run starting inside this segment; one at its start goes on from the last.
                    if start > 0 || current.isEmpty {
                        close()
                        current = [Self.point(p, q, start)]
                    }
                    current.append(Self.point(p, q, end))
                    if end < 1 { close() }
                }
            }
            close()
            // A clear run through the start of a closed outline is one piece, not two.
            if pieces.count > 1, outline.count > 2, outline.first == outline.last, pieces[0].first == outline.first,
                pieces[pieces.count - 1].last == outline.last
            {
                let last = pieces.removeLast()
                pieces[0] = last + pieces[0].dropFirst()
            }
            return pieces
        }
    }

    /// The point at `t` (0 to 1) of the segment from `p` to `q`.
    static func point(_ p: Point, _ q: Point, _ t: Double) -> Point { Point(x: p.x + (q.x - p.x) * t, y: p.y + (q.y - p.y) * t) }

    /// The parameters (0 to 1) of the segment `p`-`q` within `distance` of `wall`, or nil when no
    /// point of it is. The distance along the segment is convex, so its least value is at an end,
    /// where it crosses the wall, or where a wall end projects onto it; each end of the interval
    /// is then found by bisection.
    static func interval(of p: Point, _ q: Point, within distance: Double, of wall: (Point, Point)) -> (Double, Double)? {
        func gap(_ t: Double) -> Double { Polygon.segmentDistance(point(p, q, t), wall.0, wall.1) }
        let (startGap, endGap) = (gap(0), gap(1))
        // Both ends near the wall: all of it is (the common case, an outline along its wall).
        if startGap <= distance && endGap <= distance { return (0, 1) }
        let (dx, dy) = (q.x - p.x, q.y - p.y)
        let squared = dx * dx + dy * dy
        guard squared > 0 else { return nil }
        func projection(_ point: Point) -> Double { Swift.min(1, Swift.max(0, ((point.x - p.x) * dx + (point.y - p.y) * dy) / squared)) }
        var candidates = [projection(wall.0), projection(wall.1)]
        let (wx, wy) = (wall.1.x - wall.0.x, wall.1.y - wall.0.y)
        let denominator = dx * wy - dy * wx
        if denominator != 0 {
            let t = ((wall.0.x - p.x) * wy - (wall.0.y - p.y) * wx) / denominator
            if (0...1).contains(t) { candidates.append(t) }
        }
        var nearest = startGap <= endGap ? 0.0 : 1.0
        var least = Swift.min(startGap, endGap)
        for t in candidates {
            let value = gap(t)
            if value < least { (nearest, least) = (t, value) }
        }
        guard least <= distance else { return nil }
        // Halving until a step is a tenth of a millimetre (a plan's coordinates hold no finer
        // detail), not a fixed fifty times: this is the inner loop of finding a large plan's doors.
        let steps = Swift.min(50, Swift.max(1, Int((log2(squared.squareRoot() / 1e-4)).rounded(.up))))
        func edge(_ inside: Double, _ outside: Double, _ outsideGap: Double) -> Double {
            guard outsideGap > distance else { return outside }
            var (inside, outside) = (inside, outside)
            for _ in 0..<steps {
                let middle = (inside + outside) / 2
                if gap(middle) <= distance { inside = middle } else { outside = middle }
            }
            return inside
        }
        return (edge(nearest, 0, startGap), edge(nearest, 1, endGap))
    }

    /// The parts of 0 to 1 that none of `covered` covers, in order.
    static func uncovered(_ covered: [(Double, Double)]) -> [(start: Double, end: Double)] {
        var clear: [(start: Double, end: Double)] = []
        var reached = 0.0
        for (start, end) in covered.sorted(by: { $0.0 < $1.0 }) {
            // Two intervals meeting at a shared wall vertex leave no gap, however the bisection ended.
            if start > reached + 1e-12 { clear.append((reached, start)) }
            reached = Swift.max(reached, end)
        }
        if reached < 1 { clear.append((reached, 1)) }
        return clear
    }
}

extension GEOSContext {
    /// A MultiLineString of the lines with two or more points; nil when there are none.
    func multiLine(_ lines: [[Point]]) -> Geom? {
        let parts: [OpaquePointer?] = lines.filter { line in line.contains { $0 != line[0] } }.compactMap { rawLineString($0) }
        guard !parts.isEmpty else { return nil }
        return collection(Int32(GEOS_MULTILINESTRING.rawValue), parts)
    }

    /// The line strings inside a borrowed geometry, whatever collection holds them.
    func lines(in geometry: OpaquePointer) -> [[Point]] {
        let type = GEOSGeomTypeId_r(handle, geometry)
        if type == Int32(GEOS_LINESTRING.rawValue) || type == Int32(GEOS_LINEARRING.rawValue) {
            return GEOSisEmpty_r(handle, geometry) == 0 ? [points(of: geometry)] : []
        }
        let count = max(0, GEOSGetNumGeometries_r(handle, geometry))
        guard type != Int32(GEOS_POINT.rawValue), type != Int32(GEOS_POLYGON.rawValue) else { return [] }
        return (0..<count).flatMap { index -> [[Point]] in
            guard let part = GEOSGetGeometryN_r(handle, geometry, index) else { return [] }
            return lines(in: part)
        }
    }
}
