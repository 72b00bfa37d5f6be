// The value types of the geometry engine, in metres in a LocalFrame.

/// A position in metres: x east, y north.
public struct Point: Hashable, Sendable {
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
public struct Bounds: Hashable, Sendable {
    public var minX: Double, minY: Double, maxX: Double, maxY: Double

    public init(minX: Double, minY: Double, maxX: Double, maxY: Double) {
        self.minX = minX
        self.minY = minY
        self.maxX = maxX
        self.maxY = maxY
    }

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
