// Ownership of GEOS handles, and the conversions between GEOS geometries and the Swift types.
// Everything here is internal: GEOS pointers never leave the module.

import CGEOS

/// One GEOS context and the last error it reported. GEOS reports failures through a callback, not
/// through return values, so the message is kept here for the caller of the failed function.
final class GEOSContext {
    let handle: GEOSContextHandle_t
    fileprivate(set) var lastError: String?

    init() {
        guard let handle = GEOS_init_r() else { fatalError("GEOS could not allocate a context") }
        self.handle = handle
        // Unretained: the context owns the handle, so the handle never outlives the userdata.
        let userdata = Unmanaged.passUnretained(self).toOpaque()
        _ = GEOSContext_setErrorMessageHandler_r(
            handle,
            { message, userdata in
                guard let message, let userdata else { return }
                Unmanaged<GEOSContext>.fromOpaque(userdata).takeUnretainedValue().lastError = String(cString: message)
            }, userdata)
        // Notices carry nothing a caller acts on (isValidDetail returns the same detail); without
        // a handler some GEOS builds print them.
        _ = GEOSContext_setNoticeMessageHandler_r(handle, { _, _ in }, nil)
    }

    deinit { GEOS_finish_r(handle) }

    func clearError() { lastError = nil }

    /// The last error without GEOS's C++ exception class prefix, which means nothing to a map editor.
    func lastErrorReason() -> String? {
        guard let message = lastError else { return nil }
        if let range = message.range(of: "Exception: "), !message[..<range.lowerBound].contains(" ") {
            return String(message[range.upperBound...])
        }
        return message
    }
}

/// Owns one GEOS geometry and destroys it with the context that made it.
final class Geom {
    let context: GEOSContext
    let pointer: OpaquePointer

    /// Takes ownership of `pointer`; nil when the GEOS call that produced it failed.
    init?(_ pointer: OpaquePointer?, _ context: GEOSContext) {
        guard let pointer else { return nil }
        self.pointer = pointer
        self.context = context
    }

    deinit { GEOSGeom_destroy_r(context.handle, pointer) }

    var isEmpty: Bool { GEOSisEmpty_r(context.handle, pointer) == 1 }

    var area: Double {
        var area = 0.0
        return GEOSArea_r(context.handle, pointer, &area) == 1 ? area : 0
    }

    /// The larger side of the bounding box (0 for an empty geometry).
    var extent: Double {
        var (minX, maxX, minY, maxY) = (0.0, 0.0, 0.0, 0.0)
        guard GEOSGeom_getXMin_r(context.handle, pointer, &minX) == 1, GEOSGeom_getXMax_r(context.handle, pointer, &maxX) == 1,
            GEOSGeom_getYMin_r(context.handle, pointer, &minY) == 1, GEOSGeom_getYMax_r(context.handle, pointer, &maxY) == 1
        else { return 0 }
        return Swift.max(maxX - minX, maxY - minY)
    }

    /// The polygons inside this geometry, whatever kind of collection GEOS returned.
    var polygons: [Polygon] { context.polygons(in: pointer) }
}

// MARK: - Swift to GEOS

extension GEOSContext {
    /// An owned coordinate sequence; GEOS copies the buffer, so the Swift array may go away.
    func sequence(_ points: [Point]) -> OpaquePointer? {
        var buffer: [Double] = []
        buffer.reserveCapacity(points.count * 2)
        for point in points {
            buffer.append(point.x)
            buffer.append(point.y)
        }
        return GEOSCoordSeq_copyFromBuffer_r(handle, buffer, UInt32(points.count), 0, 0)
    }

    /// An owned linear ring (raw, to be handed to a polygon, which takes ownership).
    func rawRing(_ points: [Point]) -> OpaquePointer? {
        // The ring takes the sequence even when it refuses it, so the sequence is never freed here.
        guard let sequence = sequence(GeometryEngine.closed(points)) else { return nil }
        return GEOSGeom_createLinearRing_r(handle, sequence)
    }

    func rawLineString(_ points: [Point]) -> OpaquePointer? {
        guard let sequence = sequence(points) else { return nil }
        return GEOSGeom_createLineString_r(handle, sequence)
    }

    func lineString(_ points: [Point]) -> Geom? { Geom(rawLineString(points), self) }

    func point(_ point: Point) -> Geom? { Geom(GEOSGeom_createPointFromXY_r(handle, point.x, point.y), self) }

    /// A line whose envelope is exactly `bounds`, also when the box is a segment or a point (a
    /// rectangle polygon would be invalid there). STRtrees only look at envelopes.
    func envelope(_ bounds: Bounds) -> Geom? {
        lineString([Point(x: bounds.minX, y: bounds.minY), Point(x: bounds.maxX, y: bounds.maxY)])
    }

    func rawPolygon(_ polygon: Polygon) -> OpaquePointer? {
        guard let shell = rawRing(polygon.exterior) else { return nil }
        var holes: [OpaquePointer?] = []
        for hole in polygon.holes {
            guard let ring = rawRing(hole) else {
                GEOSGeom_destroy_r(handle, shell)
                for made in holes { GEOSGeom_destroy_r(handle, made) }
                return nil
            }
            holes.append(ring)
        }
        // GEOS takes the shell and holes in every case, also when it fails.
        return holes.withUnsafeMutableBufferPointer {
            GEOSGeom_createPolygon_r(handle, shell, $0.baseAddress, UInt32($0.count))
        }
    }

    /// A Polygon for one polygon, a MultiPolygon for several, an empty polygon for none. Nil when a
    /// ring cannot be built (fewer than 4 points, non-finite coordinates); `lastError` says why.
    func geometry(_ polygons: [Polygon]) -> Geom? {
        clearError()
        if polygons.isEmpty { return Geom(GEOSGeom_createEmptyPolygon_r(handle), self) }
        if polygons.count == 1 { return Geom(rawPolygon(polygons[0]), self) }
        var parts: [OpaquePointer?] = []
        for polygon in polygons {
            guard let part = rawPolygon(polygon) else {
                for made in parts { GEOSGeom_destroy_r(handle, made) }
                return nil
            }
            parts.append(part)
        }
        return collection(Int32(GEOS_MULTIPOLYGON.rawValue), parts)
    }

    /// A collection that takes ownership of `parts`.
    func collection(_ type: Int32, _ parts: [OpaquePointer?]) -> Geom? {
        var parts = parts
        return Geom(
            parts.withUnsafeMutableBufferPointer {
                GEOSGeom_createCollection_r(handle, type, $0.baseAddress, UInt32($0.count))
            }, self)
    }
}

// MARK: - GEOS to Swift

extension GEOSContext {
    func points(ofSequence sequence: OpaquePointer?) -> [Point] {
        guard let sequence else { return [] }
        var size: UInt32 = 0
        guard GEOSCoordSeq_getSize_r(handle, sequence, &size) == 1, size > 0 else { return [] }
        var buffer = [Double](repeating: 0, count: Int(size) * 2)
        guard GEOSCoordSeq_copyToBuffer_r(handle, sequence, &buffer, 0, 0) == 1 else { return [] }
        return (0..<Int(size)).map { Point(x: buffer[2 * $0], y: buffer[2 * $0 + 1]) }
    }

    /// The vertices of a point, line string or ring (borrowed pointer).
    func points(of geometry: OpaquePointer?) -> [Point] {
        guard let geometry else { return [] }
        return points(ofSequence: GEOSGeom_getCoordSeq_r(handle, geometry))
    }

    func firstPoint(of geometry: OpaquePointer?) -> Point? { points(of: geometry).first }

    /// Polygons inside a borrowed geometry, with RFC 7946 winding (exterior counter-clockwise,
    /// holes clockwise) since GEOS leaves the winding of computed polygons unspecified and IMDF
    /// files are GeoJSON.
    func polygons(in geometry: OpaquePointer) -> [Polygon] {
        let type = GEOSGeomTypeId_r(handle, geometry)
        if type == Int32(GEOS_POLYGON.rawValue) {
            guard GEOSisEmpty_r(handle, geometry) == 0 else { return [] }
            var exterior = points(of: GEOSGetExteriorRing_r(handle, geometry))
            if !GeometryEngine.isCounterClockwise(exterior) { exterior.reverse() }
            let count = max(0, GEOSGetNumInteriorRings_r(handle, geometry))
            let holes = (0..<count).map { index -> [Point] in
                let hole = points(of: GEOSGetInteriorRingN_r(handle, geometry, index))
                return GeometryEngine.isCounterClockwise(hole) ? hole.reversed() : hole
            }
            return [Polygon(exterior: exterior, holes: holes)]
        }
        if type == Int32(GEOS_MULTIPOLYGON.rawValue) || type == Int32(GEOS_GEOMETRYCOLLECTION.rawValue) {
            let count = max(0, GEOSGetNumGeometries_r(handle, geometry))
            return (0..<count).flatMap { index -> [Polygon] in
                guard let part = GEOSGetGeometryN_r(handle, geometry, index) else { return [] }
                return polygons(in: part)
            }
        }
        return []
    }
}
