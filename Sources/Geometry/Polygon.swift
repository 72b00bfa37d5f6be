// The value types of the geometry engine, in metres in a LocalFrame.

/// A position in metres: x east, y north.
public struct Point: Hashable, Sendable, Codable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    public func distance(to other: Point) -> Double { ((other.x - x) * (other.x - x) + (other.y - y) * (other.y - y)).squareRoot() }
}

/// A polygon in metres. Rings are closed (first point == last point); an open ring is closed
/// before it reaches GEOS. A MultiPolygon is `[Polygon]`.
public struct Polygon: Hashable, Sendable {
    public var exterior: [Point]
    public var holes: [[Point]]

    public init(exterior: [Point], holes: [[Point]] = []) {
        self.exterior = exterior
        self.holes = holes
    }

    /// The box around the exterior (holes lie inside it); `Bounds.empty` for an empty exterior.
    public var bounds: Bounds { Bounds(points: exterior) ?? .empty }
}

/// An axis-aligned box in metres. Boundaries count: boxes that only touch intersect.
public struct Bounds: Hashable, Sendable, Codable {
    public var minX: Double, minY: Double, maxX: Double, maxY: Double

    public init(minX: Double, minY: Double, maxX: Double, maxY: Double) {
        self.minX = minX
        self.minY = minY
        self.maxX = maxX
        self.maxY = maxY
    }

    /// The box of one point (a probe for a spatial index).
    public init(point: Point) { self.init(minX: point.x, minY: point.y, maxX: point.x, maxY: point.y) }

    /// Nil for no points.
    public init?(points: [Point]) {
        guard let first = points.first else { return nil }
        self.init(minX: first.x, minY: first.y, maxX: first.x, maxY: first.y)
        for point in points.dropFirst() {
            minX = Swift.min(minX, point.x)
            minY = Swift.min(minY, point.y)
            maxX = Swift.max(maxX, point.x)
            maxY = Swift.max(maxY, point.y)
        }
    }

    /// The box of nothing: inverted infinities, so that it intersects nothing and is the identity of
    /// `union`.
    public static let empty = Bounds(minX: .infinity, minY: .infinity, maxX: -.infinity, maxY: -.infinity)

    public var isEmpty: Bool { !(minX <= maxX && minY <= maxY) }

    public var width: Double { maxX - minX }
    public var height: Double { maxY - minY }

    /// Whether the box spans some distance both ways (a picture of it can be scaled).
    public var hasArea: Bool { maxX > minX && maxY > minY }

    public mutating func include(_ point: Point) {
        minX = Swift.min(minX, point.x)
        minY = Swift.min(minY, point.y)
        maxX = Swift.max(maxX, point.x)
        maxY = Swift.max(maxY, point.y)
    }

    public func expanded(by margin: Double) -> Bounds {
        Bounds(minX: minX - margin, minY: minY - margin, maxX: maxX + margin, maxY: maxY + margin)
    }

    public func intersects(_ other: Bounds) -> Bool {
        minX <= other.maxX && other.minX <= maxX && minY <= other.maxY && other.minY <= maxY
    }

    public func contains(_ point: Point) -> Bool {
        minX <= point.x && point.x <= maxX && minY <= point.y && point.y <= maxY
    }

    /// The area two boxes share, 0 where they do not overlap: no two shapes inside them share more.
    public func sharedArea(with other: Bounds) -> Double {
        let width = Swift.min(maxX, other.maxX) - Swift.max(minX, other.minX)
        let height = Swift.min(maxY, other.maxY) - Swift.max(minY, other.minY)
        return width > 0 && height > 0 ? width * height : 0
    }

    public func union(_ other: Bounds) -> Bounds {
        Bounds(
            minX: Swift.min(minX, other.minX), minY: Swift.min(minY, other.minY),
            maxX: Swift.max(maxX, other.maxX), maxY: Swift.max(maxY, other.maxY))
    }
}

/// Whether polygons are valid in the OGC sense, and if not, GEOS's reason and where.
public enum Validity: Sendable, Equatable {
    case valid
    case invalid(reason: String, location: Point?)
}

/// Distances worked out directly on the rings, without GEOS: plain planar arithmetic, accurate to
/// far better than a micrometre on indoor maps. Checks use them to settle the usual case (a door
/// on a wall, a display point well inside its room) before asking GEOS for the exact value, which
/// builds GEOS geometries each time and took most of the time of validating a large venue.
extension Polygon {
    /// Whether every ring is one GEOS builds as it is: closed, of four points or more, all finite.
    var hasBuildableRings: Bool {
        ([exterior] + holes).allSatisfy { ring in
            ring.count >= 4 && ring.first == ring.last && ring.allSatisfy { $0.x.isFinite && $0.y.isFinite }
        }
    }

    /// Metres from `point` to the nearest segment of any ring (from inside too: to the nearest
    /// wall), by planar arithmetic; nil where a ring is not one GEOS would build as it is.
    public func planarBoundaryDistance(to point: Point) -> Double? {
        guard point.x.isFinite, point.y.isFinite, hasBuildableRings else { return nil }
        return boundaryDistance(to: point)
    }

    /// Metres from `point` to the nearest segment of any ring.
    func boundaryDistance(to point: Point) -> Double {
        var nearest = Double.infinity
        for ring in [exterior] + holes {
            for index in ring.indices.dropFirst() {
                nearest = Swift.min(nearest, Self.segmentDistance(point, ring[index - 1], ring[index]))
            }
        }
        return nearest
    }

    /// Whether `point` is inside the exterior and outside every hole, by counting ring crossings
    /// (the even-odd rule of GEOS's point location); a point on a ring may go either way.
    func evenOddContains(_ point: Point) -> Bool {
        func inside(_ ring: [Point]) -> Bool {
            var crossings = false
            for index in ring.indices.dropFirst() {
                let (a, b) = (ring[index - 1], ring[index])
                if (a.y > point.y) != (b.y > point.y), point.x < (b.x - a.x) * (point.y - a.y) / (b.y - a.y) + a.x { crossings.toggle() }
            }
            return crossings
        }
        return inside(exterior) && !holes.contains(where: inside)
    }

    static func segmentDistance(_ point: Point, _ start: Point, _ end: Point) -> Double {
        let dx = end.x - start.x
        let dy = end.y - start.y
        let lengthSquared = dx * dx + dy * dy
        guard lengthSquared > 0 else { return point.distance(to: start) }
        let along = Swift.min(1, Swift.max(0, ((point.x - start.x) * dx + (point.y - start.y) * dy) / lengthSquared))
        return point.distance(to: Point(x: start.x + along * dx, y: start.y + along * dy))
    }
}

extension Array where Element == Polygon {
    /// Whether `point` lies within `distance` metres of the polygons (inside one counts as 0), by
    /// the planar arithmetic above with a micrometre to spare: then GEOS's distance is within
    /// `distance` too. False says nothing; ask GEOS.
    public func surelyWithin(_ distance: Double, of point: Point) -> Bool {
        guard point.x.isFinite, point.y.isFinite, !isEmpty, allSatisfy(\.hasBuildableRings) else { return false }
        return contains { $0.evenOddContains(point) || $0.boundaryDistance(to: point) < distance - 1e-6 }
    }

    /// Whether `point` lies within `distance` metres of the polygons' rings (their boundary, not
    /// their inside), by the planar arithmetic above with a micrometre to spare.
    public func boundarySurelyWithin(_ distance: Double, of point: Point) -> Bool {
        guard point.x.isFinite, point.y.isFinite, allSatisfy(\.hasBuildableRings) else { return false }
        return contains { $0.boundaryDistance(to: point) < distance - 1e-6 }
    }
}
