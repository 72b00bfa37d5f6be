// The walkable middle of a space: the medial axis of a polygon, taken from GEOS's Voronoi diagram
// of its densified boundary. The diagram's edges that stay inside the polygon approximate the
// axis; the spurs that run into convex corners are pruned (a spur no longer than about the
// clearance at the junction it leaves is a corner's, not a branch of the space), the chains
// between junctions are simplified, and then cut so that no two consecutive points are further
// apart than the spacing asked for. No edge of the result leaves the polygon.

import CGEOS

/// Points and the straight edges between them, in metres.
public struct WalkNetwork: Sendable, Equatable {
    public struct Edge: Hashable, Sendable {
        public var a: Int
        public var b: Int

        public init(_ a: Int, _ b: Int) {
            self.a = Swift.min(a, b)
            self.b = Swift.max(a, b)
        }
    }

    public var points: [Point] = []
    public var edges: [Edge] = []

    public init(points: [Point] = [], edges: [Edge] = []) {
        self.points = points
        self.edges = edges
    }
}

extension GeometryEngine {
    /// Most boundary points one polygon is densified to: the diagram's work grows with them, and
    /// a space a few kilometres round still gets a point every half metre or so.
    static let mostAxisSites = 8000

    /// The medial axis of `polygon` as a network whose consecutive points are at most `spacing`
    /// metres apart (spacing must be positive and finite; one under a millionth of the perimeter
    /// counts as that). Empty when the polygon cannot be
    /// built or is too small to have an axis apart from its corners.
    public func medialAxis(of polygon: Polygon, spacing: Double) -> WalkNetwork {
        guard spacing.isFinite, spacing > 0 else { return WalkNetwork() }
        let rings = ([polygon.exterior] + polygon.holes).map(GeometryEngine.closed).filter { $0.count >= 4 }
        let perimeter = rings.reduce(0) { $0 + Polyline.length($1) }
        guard perimeter.isFinite, perimeter > 0 else { return WalkNetwork() }
        // However fine the spacing asked, a space gets at most about a million points along its axis.
        let spacing = Swift.max(spacing, perimeter / 1e6)
        let step = Swift.max(Swift.min(0.5, spacing / 2), perimeter / Double(Self.mostAxisSites))
        var sites: [Point] = []
        for ring in rings {
            for (a, b) in zip(ring, ring.dropFirst()) {
                let pieces = Swift.max(1, Int(saturating: (a.distance(to: b) / step).rounded(.up)))
                for piece in 0..<pieces {
                    let t = Double(piece) / Double(pieces)
                    sites.append(Point(x: a.x + t * (b.x - a.x), y: a.y + t * (b.y - a.y)))
                }
            }
        }
        guard sites.count >= 3, let area = context.geometry([polygon]), !area.isEmpty,
            let prepared = GEOSPrepare_r(handle, area.pointer)
        else { return WalkNetwork() }
        defer { GEOSPreparedGeom_destroy_r(handle, prepared) }
        guard let boundary = Geom(GEOSBoundary_r(handle, area.pointer), context) else { return WalkNetwork() }
        // Planar answers where the rings allow them (the same to far better than a micrometre);
        // GEOS where they do not.
        let planar = polygon.hasBuildableRings

        // The diagram's edges inside the polygon, their ends shared by position. The Voronoi
        // diagram is the dual of the Delaunay triangulation: its vertices are the triangles'
        // circumcentres, and two triangles that share a side give the edge between their centres
        // (sides on the hull give rays, which leave the polygon). GEOS's own diagram clips every
        // edge to a frame by a full overlay, which cost several times the triangulation.
        let parts = sites.map { GEOSGeom_createPointFromXY_r(handle, $0.x, $0.y) }
        guard let cloud = context.collection(Int32(GEOS_MULTIPOINT.rawValue), parts),
            let triangulation = Geom(GEOSDelaunayTriangulation_r(handle, cloud.pointer, 0, 0), context)
        else { return WalkNetwork() }
        var centres: [Point?] = []
        var sides: [Side: Int] = [:]
        var diagramEdges: [(Point, Point)] = []
        let count = Swift.max(0, GEOSGetNumGeometries_r(handle, triangulation.pointer))
        for index in 0..<count {
            let ring = context.points(of: GEOSGetExteriorRing_r(handle, GEOSGetGeometryN_r(handle, triangulation.pointer, index)))
            guard ring.count >= 4 else { continue }
            let centre = Self.circumcentre(ring[0], ring[1], ring[2])
            let triangle = centres.count
            centres.append(centre)
            for (a, b) in [(ring[0], ring[1]), (ring[1], ring[2]), (ring[2], ring[0])] {
                let side = Side(a, b)
                if let other = sides.removeValue(forKey: side) {
                    if let first = centres[other], let second = centre { diagramEdges.append((first, second)) }
                } else {
                    sides[side] = triangle
                }
            }
        }
        var graph = AxisGraph()
        for (start, end) in diagramEdges where start != end {
            let inside: Bool
            if planar {
                inside = polygon.strictlyContains(segment: start, end, clearance: 0)
            } else if let line = context.lineString([start, end]) {
                inside = GEOSPreparedContainsProperly_r(handle, prepared, line.pointer) == 1
            } else {
                inside = false
            }
            if inside { graph.link(graph.vertex(start), graph.vertex(end)) }
        }
        guard !graph.points.isEmpty else { return WalkNetwork() }
        graph.clearance = graph.points.map { point in
            if planar { return polygon.boundaryDistance(to: point) }
            guard let probe = context.point(point) else { return 0 }
            var distance = 0.0
            return GEOSDistance_r(handle, probe.pointer, boundary.pointer, &distance) == 1 ? distance : 0
        }
        graph.pruneCornerSpurs(step: step)
        return graph.network(spacing: spacing, tolerance: Swift.min(0.2, spacing / 4)) { a, b in
            if planar && polygon.strictlyContains(segment: a, b, clearance: 1e-6) { return true }
            guard let line = context.lineString([a, b]) else { return false }
            return GEOSPreparedCovers_r(handle, prepared, line.pointer) == 1
        }
    }

    /// The centre of the circle through three points; nil when they are (nearly) on one line.
    static func circumcentre(_ a: Point, _ b: Point, _ c: Point) -> Point? {
        // Relative to `a`, for precision far from the origin.
        let (bx, by) = (b.x - a.x, b.y - a.y)
        let (cx, cy) = (c.x - a.x, c.y - a.y)
        let d = 2 * (bx * cy - by * cx)
        guard d != 0, d.isFinite else { return nil }
        let b2 = bx * bx + by * by
        let c2 = cx * cx + cy * cy
        let centre = Point(x: a.x + (cy * b2 - by * c2) / d, y: a.y + (bx * c2 - cx * b2) / d)
        return centre.x.isFinite && centre.y.isFinite ? centre : nil
    }
}

/// A side of a triangle, whichever way round it is walked.
private struct Side: Hashable {
    var a: Point
    var b: Point

    init(_ first: Point, _ second: Point) {
        if (first.x, first.y) < (second.x, second.y) {
            (a, b) = (first, second)
        } else {
            (a, b) = (second, first)
        }
    }
}

/// The diagram's edges as an undirected graph, while they are pruned and simplified.
struct AxisGraph {
    var points: [Point] = []
    var neighbours: [Set<Int>] = []
    /// Each point's distance to the polygon's boundary.
    var clearance: [Double] = []
    private var positions: [Point: Int] = [:]

    mutating func vertex(_ point: Point) -> Int {
        // Ends computed for neighbouring cells agree to the last bits, or nearly: a micrometre grid.
        let key = Point(x: (point.x * 1e6).rounded() / 1e6, y: (point.y * 1e6).rounded() / 1e6)
        if let index = positions[key] { return index }
        positions[key] = points.count
        points.append(point)
        neighbours.append([])
        return points.count - 1
    }

    mutating func link(_ a: Int, _ b: Int) {
        guard a != b else { return }
        neighbours[a].insert(b)
        neighbours[b].insert(a)
    }

    /// The chain from leaf `start` to the first point that is not a plain link in a line, and its length.
    func chain(from start: Int) -> (points: [Int], length: Double) {
        var path = [start]
        var length = 0.0
        var previous = -1
        var current = start
        while true {
            guard let next = neighbours[current].first(where: { $0 != previous }) else { break }
            length += points[current].distance(to: points[next])
            path.append(next)
            previous = current
            current = next
            if neighbours[current].count != 2 { break }
        }
        return (path, length)
    }

    /// Removes, again and again, each chain from a leaf to a junction no longer than the junction's
    /// clearance (with some slack): the spur the diagram draws into a convex corner.
    mutating func pruneCornerSpurs(step: Double) {
        var changed = true
        while changed {
            changed = false
            // The spurs of one pass are found before any goes, so the two spurs into the corners
            // at a corridor's end both go, and the axis ends between them.
            var spurs: [Int: [(path: [Int], length: Double)]] = [:]
            for leaf in points.indices where neighbours[leaf].count == 1 {
                let (path, length) = chain(from: leaf)
                guard let junction = path.last, neighbours[junction].count >= 3 else { continue }
                guard length <= 1.5 * clearance[junction] + 2 * step else { continue }
                spurs[junction, default: []].append((path, length))
            }
            for (junction, found) in spurs {
                var doomed = found
                // A junction of spurs only (a small, nearly round space) keeps its longest.
                if doomed.count >= neighbours[junction].count,
                    let longest = doomed.indices.max(by: { doomed[$0].length < doomed[$1].length })
                {
                    doomed.remove(at: longest)
                }
                for spur in doomed {
                    for (a, b) in zip(spur.path, spur.path.dropFirst()) {
                        neighbours[a].remove(b)
                        neighbours[b].remove(a)
                    }
                    changed = true
                }
            }
        }
    }

    /// The graph as a network: chains between junctions and leaves simplified (never so far that
    /// a simplified edge leaves the space, as `inside` tells) and cut to at most `spacing`.
    func network(spacing: Double, tolerance: Double, inside: (Point, Point) -> Bool) -> WalkNetwork {
        var result = WalkNetwork()
        var index: [Int: Int] = [:]
        func output(_ vertex: Int) -> Int {
            if let known = index[vertex] { return known }
            index[vertex] = result.points.count
            result.points.append(points[vertex])
            return result.points.count - 1
        }
        func outputPoint(_ point: Point) -> Int {
            result.points.append(point)
            return result.points.count - 1
        }
        var visited = Set<WalkNetwork.Edge>()
        func emit(_ chain: [Int]) {
            let kept = simplified(chain, tolerance: tolerance, inside: inside)
            for (a, b) in zip(kept, kept.dropFirst()) {
                let start = points[a]
                let end = points[b]
                let pieces = Swift.max(1, Int(saturating: (start.distance(to: end) / spacing).rounded(.up)))
                var previous = output(a)
                for piece in 1..<pieces {
                    let t = Double(piece) / Double(pieces)
                    let next = outputPoint(Point(x: start.x + t * (end.x - start.x), y: start.y + t * (end.y - start.y)))
                    result.edges.append(WalkNetwork.Edge(previous, next))
                    previous = next
                }
                result.edges.append(WalkNetwork.Edge(previous, output(b)))
            }
        }
        func walk(from start: Int, through first: Int) -> [Int] {
            var chain = [start, first]
            visited.insert(WalkNetwork.Edge(start, first))
            var previous = start
            var current = first
            while neighbours[current].count == 2, current != start {
                guard let next = neighbours[current].first(where: { $0 != previous }) else { break }
                visited.insert(WalkNetwork.Edge(current, next))
                chain.append(next)
                previous = current
                current = next
            }
            return chain
        }
        // Chains start at junctions and leaves; rings with neither (round a hole) at any point.
        let starts = points.indices.filter { !neighbours[$0].isEmpty && neighbours[$0].count != 2 }
        for start in starts {
            for next in neighbours[start].sorted() where !visited.contains(WalkNetwork.Edge(start, next)) {
                emit(walk(from: start, through: next))
            }
        }
        for start in points.indices where neighbours[start].count == 2 {
            for next in neighbours[start].sorted() where !visited.contains(WalkNetwork.Edge(start, next)) {
                emit(walk(from: start, through: next))
            }
        }
        return result
    }

    /// Douglas-Peucker on one chain, keeping a point wherever the straight edge that would replace
    /// it leaves the space.
    private func simplified(_ chain: [Int], tolerance: Double, inside: (Point, Point) -> Bool) -> [Int] {
        guard chain.count > 2 else { return chain }
        var keep = [Bool](repeating: false, count: chain.count)
        keep[0] = true
        keep[chain.count - 1] = true
        var stack = [(0, chain.count - 1)]
        while let (first, last) = stack.popLast() {
            guard last > first + 1 else { continue }
            let line = [points[chain[first]], points[chain[last]]]
            var farthest = first + 1
            var distance = -1.0
            for middle in (first + 1)..<last {
                let here = Polyline.distance(from: points[chain[middle]], to: line)
                if here > distance {
                    distance = here
                    farthest = middle
                }
            }
            if distance > tolerance || !inside(line[0], line[1]) {
                keep[farthest] = true
                stack.append((first, farthest))
                stack.append((farthest, last))
            }
        }
        return chain.indices.filter { keep[$0] }.map { chain[$0] }
    }
}
