// The planar operations on polygons in metres, each one GEOS call or a short chain of them.

import CGEOS

/// Owns one GEOS context. Not thread-safe: make one per thread (it is cheap). Not Sendable.
public final class GeometryEngine {
    let context: GEOSContext
    var handle: GEOSContextHandle_t { context.handle }

    public init() { context = GEOSContext() }

    /// The last error GEOS reported on this engine, e.g. why an operation came back empty.
    public var lastError: String? { context.lastErrorReason() }

    /// Total area in square metres; overlapping parts count twice, as GEOS sums the parts.
    public func area(_ polygons: [Polygon]) -> Double {
        context.geometry(polygons)?.area ?? 0
    }

    /// GEOS's validity with its reason and location. A ring that cannot even be built (fewer than
    /// four points, non-finite coordinates) is invalid, located at that ring's first point.
    public func validity(_ polygons: [Polygon]) -> Validity {
        guard let geometry = context.geometry(polygons) else {
            let rings = polygons.flatMap { [$0.exterior] + $0.holes }
            let broken = rings.first { GeometryEngine.closed($0).count < 4 } ?? rings.first
            return .invalid(reason: context.lastErrorReason() ?? "a ring cannot be built", location: broken?.first)
        }
        var reason: UnsafeMutablePointer<CChar>?
        var location: OpaquePointer?
        let result = GEOSisValidDetail_r(handle, geometry.pointer, 0, &reason, &location)
        defer {
            if let reason { GEOSFree_r(handle, reason) }
            if let location { GEOSGeom_destroy_r(handle, location) }
        }
        switch result {
        case 1:
            return .valid
        case 0:
            return .invalid(reason: reason.map { String(cString: $0) } ?? "invalid", location: context.firstPoint(of: location))
        default:
            return .invalid(reason: context.lastErrorReason() ?? "GEOS could not check the geometry", location: nil)
        }
    }

    /// Signed (shoelace) area > 0. Works on closed and open rings alike.
    public static func isCounterClockwise(_ ring: [Point]) -> Bool {
        ring.count >= 3 && signedArea(ring) > 0
    }

    /// The shoelace area of a ring, positive when it runs counter-clockwise; open and closed rings
    /// alike, in the ring's own units (a drawing's, before its unit is known).
    public static func signedArea(_ ring: [Point]) -> Double {
        guard let first = ring.first else { return 0 }
        var twiceArea = 0.0
        var previous = ring[ring.count - 1]
        for point in ring {
            // Relative to the first vertex, so large coordinates do not swamp small rooms.
            twiceArea += (previous.x - first.x) * (point.y - first.y) - (point.x - first.x) * (previous.y - first.y)
            previous = point
        }
        return twiceArea / 2
    }

    /// A ring as written, closed if it was left open (GEOS refuses open rings, and a line along a
    /// room's outline must come back to its start).
    public static func closed(_ ring: [Point]) -> [Point] {
        guard let first = ring.first, ring.last != first else { return ring }
        return ring + [first]
    }

    /// The dissolved union; polygons that touch along an edge become one.
    public func union(_ polygons: [Polygon]) -> [Polygon] {
        guard let geometry = context.geometry(polygons) else { return [] }
        if let union = Geom(GEOSUnaryUnion_r(handle, geometry.pointer), context) { return union.polygons }
        // Overlay refuses some invalid inputs (TopologyException); repair them and try once more.
        guard let repaired = Geom(GEOSMakeValid_r(handle, geometry.pointer), context) else { return [] }
        return Geom(GEOSUnaryUnion_r(handle, repaired.pointer), context)?.polygons ?? []
    }

    /// The area two shapes share, for shapes compared with many others: each checked once for
    /// being one convex polygon (ConvexClip), not once per pair.
    public func intersectionArea(_ a: OverlapShape, _ b: OverlapShape) -> Double {
        if let first = a.convex, let second = b.convex {
            guard a.bounds.intersects(b.bounds) else { return 0 }
            return ConvexClip.sharedArea(convex: first, second)
        }
        return intersectionArea(a.polygons, b.polygons)
    }

    public func intersectionArea(_ a: [Polygon], _ b: [Polygon]) -> Double {
        let boundsA = a.reduce(Bounds.empty) { $0.union($1.bounds) }
        let boundsB = b.reduce(Bounds.empty) { $0.union($1.bounds) }
        guard boundsA.intersects(boundsB) else { return 0 }
        if a.count == 1, b.count == 1, let area = ConvexClip.sharedArea(a[0], b[0]) { return area }
        guard let first = context.geometry(a), let second = context.geometry(b) else { return 0 }
        if let overlap = Geom(GEOSIntersection_r(handle, first.pointer, second.pointer), context) { return overlap.area }
        guard let validFirst = Geom(GEOSMakeValid_r(handle, first.pointer), context),
            let validSecond = Geom(GEOSMakeValid_r(handle, second.pointer), context)
        else { return 0 }
        return Geom(GEOSIntersection_r(handle, validFirst.pointer, validSecond.pointer), context)?.area ?? 0
    }

    /// A point guaranteed inside, preferring the visual centre: the centre of the largest polygon's
    /// maximum inscribed circle, or the centroid when it is as good (so symmetric shapes, whose
    /// inscribed circle can slide, get their obvious centre). Nil for an empty input.
    public func interiorPoint(_ polygons: [Polygon]) -> Point? {
        let shapes = polygons.compactMap { polygon in
            context.geometry([polygon]).flatMap { $0.isEmpty ? nil : (polygon, $0) }
        }
        guard let (polygon, largest) = shapes.max(by: { $0.1.area < $1.1.area }) else { return nil }
        // A rectangle's visual centre is its middle, which the circle search below ends at too
        // (the middle's clearance is the inscribed circle's radius): found without the search,
        // which was most of an import's time in this process, rooms being mostly rectangles.
        if let middle = Self.middleOfRectangle(polygon) { return middle }
        let bounds = polygon.bounds
        // The circle search starts from square cells as wide as the envelope's shorter side: a
        // strip 4 m wide and 3,600 km long (as a slip of one coordinate makes) would be 900,000
        // cells. Such a sliver gets a point on its surface.
        let slender = Swift.max(bounds.width, bounds.height) > Self.slenderest * Swift.min(bounds.width, bounds.height)
        if !slender, let centre = visualCentre(of: largest) { return centre }
        guard let all = context.geometry(polygons), let surface = Geom(GEOSPointOnSurface_r(handle, all.pointer), context) else {
            return nil
        }
        return context.firstPoint(of: surface.pointer)
    }

    /// How far from square a rectangle's corners may be (the cosine of their angle): a room drawn
    /// square comes back from longitude and latitude a few hundred-thousandths off, and a
    /// thousandth moves the middle from the inscribed circle's centre by a two-thousandth of the
    /// room's size at most, a tenth of the circle search's own tolerance.
    static let squareEnough = 1e-3

    /// The middle of a polygon that is a rectangle (four corners at right angles within
    /// `squareEnough`, whatever points lie on its sides; no holes; of finite size); nil for any
    /// other shape.
    static func middleOfRectangle(_ polygon: Polygon) -> Point? {
        guard polygon.holes.isEmpty, polygon.exterior.count <= 64 else { return nil }
        // Corners only: repeated points, and points on a straight side (where formed rooms are
        // cut or joined), are not corners.
        var points: [Point] = []
        for point in polygon.exterior where point != points.last { points.append(point) }
        if points.count > 1, points.first == points.last { points.removeLast() }
        guard points.count >= 4 else { return nil }
        var corners: [Point] = []
        for (index, b) in points.enumerated() {
            let a = points[(index + points.count - 1) % points.count]
            let c = points[(index + 1) % points.count]
            let (ux, uy, vx, vy) = (b.x - a.x, b.y - a.y, c.x - b.x, c.y - b.y)
            let (u, v) = ((ux * ux + uy * uy).squareRoot(), (vx * vx + vy * vy).squareRoot())
            if abs(ux * vy - uy * vx) <= 1e-7 * u * v && ux * vx + uy * vy > 0 { continue }
            corners.append(b)
        }
        guard corners.count == 4 else { return nil }
        for index in 0..<4 {
            let (a, b, c) = (corners[index], corners[(index + 1) % 4], corners[(index + 2) % 4])
            let (ux, uy, vx, vy) = (b.x - a.x, b.y - a.y, c.x - b.x, c.y - b.y)
            let (u, v) = ((ux * ux + uy * uy).squareRoot(), (vx * vx + vy * vy).squareRoot())
            guard u > 0, v > 0, u.isFinite, v.isFinite, abs(ux * vx + uy * vy) <= Self.squareEnough * u * v else { return nil }
        }
        let middle = Point(
            x: corners.reduce(0) { $0 + $1.x } / 4, y: corners.reduce(0) { $0 + $1.y } / 4)
        return middle.x.isFinite && middle.y.isFinite ? middle : nil
    }

    /// Shapes larger than this (metres) get a point on their surface, not a visual centre: no
    /// indoor space is 10,000 km across, and the search would work on meaningless numbers.
    static let largestCentredExtent = 1e7
    /// Shapes whose envelope is longer than this many times its width get a point on their
    /// surface, not a visual centre.
    static let slenderest = 1000.0

    private func visualCentre(of shape: Geom) -> Point? {
        // The circle search refines until its cells are `tolerance` wide, so its cost grows with
        // (size / tolerance)^2: a fixed centimetre made every split spend most of its time here.
        // A two-hundredth of the shape's size (3 cm in a 6 m room) is far below what a label or
        // a pin on a map can show, and never coarser than a centimetre for small rooms. The
        // search's cells are also never finer than a two-thousandth of the shape's longest side,
        // which bounds its work for thin shapes (a 1 m x 1,000 km strip once took 91 s and 10 GB).
        let extent = shape.extent
        let area = shape.area
        guard extent.isFinite, area.isFinite, extent > 0, extent < Self.largestCentredExtent else { return nil }
        let tolerance = Swift.max(0.01, area.squareRoot() / 200, extent / 2000)
        // The centroid wins over the circle's centre when it is as clear of the boundary, less the
        // tolerance: it is where a reader looks for the middle. No circle inside the shape is
        // wider than the shape's narrowest width, so a centroid that clear is the answer without
        // the search - which is longest for the shapes most rooms are, rectangles with a recess
        // or a column, whose widest circles are many (a teaching building: 42 ms for 78 rooms;
        // 45 of them need no search).
        let centroid = clearCentroid(of: shape)
        if let centroid, let width = narrowestWidth(of: shape), centroid.clearance >= width / 2 - tolerance {
            return centroid.point
        }
        guard let circle = Geom(GEOSMaximumInscribedCircle_r(handle, shape.pointer, tolerance), context) else { return nil }
        let ends = context.points(of: circle.pointer)
        guard let centre = ends.first, ends.count == 2 else { return nil }
        let radius = centre.distance(to: ends[1])
        // An invalid polygon can give a centre outside it; that is no answer.
        guard radius > 0, contains(shape, centre) else { return nil }
        if let centroid, centroid.clearance >= radius - tolerance { return centroid.point }
        return centre
    }

    /// The shape's centroid and its distance from the boundary, when the centroid lies inside.
    private func clearCentroid(of shape: Geom) -> (point: Point, clearance: Double)? {
        guard let centroid = Geom(GEOSGetCentroid_r(handle, shape.pointer), context).flatMap({ context.firstPoint(of: $0.pointer) }),
            contains(shape, centroid),
            let boundary = Geom(GEOSBoundary_r(handle, shape.pointer), context),
            let probe = context.point(centroid)
        else { return nil }
        var clearance = 0.0
        return GEOSDistance_r(handle, boundary.pointer, probe.pointer, &clearance) == 1 ? (centroid, clearance) : nil
    }

    /// The width of the narrowest strip the shape fits in (its convex hull's least width).
    private func narrowestWidth(of shape: Geom) -> Double? {
        guard let line = Geom(GEOSMinimumWidth_r(handle, shape.pointer), context) else { return nil }
        var width = 0.0
        return GEOSLength_r(handle, line.pointer, &width) == 1 && width.isFinite ? width : nil
    }

    private func contains(_ shape: Geom, _ point: Point) -> Bool {
        guard let probe = context.point(point) else { return false }
        return GEOSContains_r(handle, shape.pointer, probe.pointer) == 1
    }

    /// Metres from the point to the nearest polygon: 0 inside or on a boundary, infinity when there
    /// are no polygons.
    public func distance(from point: Point, to polygons: [Polygon]) -> Double {
        guard !polygons.isEmpty, let area = context.geometry(polygons), !area.isEmpty, let probe = context.point(point) else {
            return .infinity
        }
        var distance = 0.0
        return GEOSDistance_r(handle, probe.pointer, area.pointer, &distance) == 1 ? distance : .infinity
    }

    /// Each polygon, made valid where it is not: the area its rings enclose. A ring that crosses
    /// itself (a figure of eight) encloses two parts running opposite ways, and GEOS's buffer and
    /// overlay keep only one of them; GEOS's MakeValid keeps both. An area that others must lie
    /// within (a level, a venue, a footprint) is taken this way, so that what stands in the other
    /// part is not reported outside it: the defect is the container's own (T5), found once.
    public func madeValid(_ polygons: [Polygon]) -> [Polygon] {
        var parts: [Polygon] = []
        for polygon in polygons {
            // Built once for the test and the repair; a ring that cannot be built is kept as it is.
            guard let geometry = context.geometry([polygon]), GEOSisValid_r(handle, geometry.pointer) != 1,
                let valid = Geom(GEOSMakeValid_r(handle, geometry.pointer), context)
            else {
                parts.append(polygon)
                continue
            }
            parts += valid.polygons
        }
        return parts
    }

    /// Grown (positive) or shrunk (negative) by `distance` metres with round corners, i.e. every
    /// point within `distance` of the input, which is what a tolerance means.
    public func buffer(_ polygons: [Polygon], by distance: Double) -> [Polygon] {
        guard let geometry = context.geometry(polygons) else { return [] }
        return Geom(GEOSBuffer_r(handle, geometry.pointer, distance, 8), context)?.polygons ?? []
    }

    public func prepare(_ polygons: [Polygon]) -> PreparedArea {
        PreparedArea(engine: self, polygons: polygons)
    }
}

@available(*, unavailable, message: "a GEOS context must stay on one thread; make one engine per thread")
extension GeometryEngine: Sendable {}

/// Polygons prepared for pairwise overlap areas: their bounds, and their ring when they are one
/// convex polygon.
public struct OverlapShape: Sendable {
    public let polygons: [Polygon]
    public let bounds: Bounds
    let convex: [Point]?

    public init(_ polygons: [Polygon]) {
        self.polygons = polygons
        bounds = polygons.reduce(Bounds.empty) { $0.union($1.bounds) }
        convex = ConvexClip.convexRing(polygons)
    }
}
