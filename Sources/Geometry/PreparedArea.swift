// One area tested many times (is this point / feature inside the level?): GEOS prepared geometry
// indexes the area's edges once, instead of on every predicate.

import CGEOS

/// A prepared area. It keeps the engine that made it alive and, like the engine, must stay on the
/// thread that made it.
public final class PreparedArea {
    /// The box around the area; `Bounds.empty` for no polygons.
    public let bounds: Bounds
    private let engine: GeometryEngine
    private let geometry: Geom?
    private let prepared: OpaquePointer?

    init(engine: GeometryEngine, polygons: [Polygon]) {
        self.engine = engine
        bounds = polygons.reduce(Bounds.empty) { $0.union($1.bounds) }
        geometry = engine.context.geometry(polygons)
        prepared = geometry.flatMap { GEOSPrepare_r(engine.handle, $0.pointer) }
    }

    // The prepared geometry refers to `geometry`, which is released only after this body runs.
    deinit { if let prepared { GEOSPreparedGeom_destroy_r(engine.handle, prepared) } }

    /// Strictly inside: a point on the boundary is not contained.
    public func contains(_ point: Point) -> Bool {
        test(point) { GEOSPreparedContains_r($0, $1, $2) }
    }

    /// Inside or on the boundary.
    public func covers(_ point: Point) -> Bool {
        test(point) { GEOSPreparedCovers_r($0, $1, $2) }
    }

    /// Every point of the polygons is inside or on the boundary; true for no polygons. False when
    /// the polygons cannot be built.
    public func covers(_ polygons: [Polygon]) -> Bool {
        guard !polygons.isEmpty else { return true }
        guard let prepared, let other = engine.context.geometry(polygons) else { return false }
        return GEOSPreparedCovers_r(engine.handle, prepared, other.pointer) == 1
    }

    /// Every point of the straight segment from `a` to `b` is inside or on the boundary.
    public func covers(segment a: Point, _ b: Point) -> Bool {
        guard let prepared, bounds.contains(a), bounds.contains(b) else { return false }
        guard let line = a == b ? engine.context.point(a) : engine.context.lineString([a, b]) else { return false }
        return GEOSPreparedCovers_r(engine.handle, prepared, line.pointer) == 1
    }

    /// The polygons and the area share at least one point (touching counts).
    public func intersects(_ polygons: [Polygon]) -> Bool {
        guard let prepared, bounds.intersects(polygons.reduce(Bounds.empty) { $0.union($1.bounds) }),
            let other = engine.context.geometry(polygons)
        else { return false }
        return GEOSPreparedIntersects_r(engine.handle, prepared, other.pointer) == 1
    }

    /// How far the point is from the area (0 inside); infinity when it cannot be told.
    public func distance(to point: Point) -> Double {
        guard let prepared, let probe = engine.context.point(point) else { return .infinity }
        var distance = 0.0
        return GEOSPreparedDistance_r(engine.handle, prepared, probe.pointer, &distance) == 1 ? distance : .infinity
    }

    /// GEOS predicates answer 2 on an exception (e.g. a badly invalid area); that is not a yes.
    private func test(_ point: Point, _ predicate: (GEOSContextHandle_t, OpaquePointer, OpaquePointer) -> CChar) -> Bool {
        guard let prepared, bounds.contains(point), let probe = engine.context.point(point) else { return false }
        return predicate(engine.handle, prepared, probe.pointer) == 1
    }
}

@available(*, unavailable, message: "a GEOS context must stay on one thread")
extension PreparedArea: Sendable {}
