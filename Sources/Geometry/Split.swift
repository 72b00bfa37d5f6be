// Cutting a polygon with a polyline. GEOS 3.11 has no split operation, so it is built from noding
// and polygonizing: the line and every ring are cut at each other's crossings, every face of the
// resulting planar graph is formed, and the faces inside the original polygon are the parts.

import CGEOS

public enum SplitError: Error, Equatable, Sendable {
    /// The line does not cut through the polygon; `distance` is how far it stays from it (0 when
    /// it touches, or ends inside without dividing it).
    case lineDoesNotCross(distance: Double)
    /// Fewer than 2 distinct points.
    case lineTooShort
}

extension GeometryEngine {
    /// Parts sorted by area, largest first. A concave room can fall into 3 or more parts; holes stay
    /// in the part around them, or are cut open when the line crosses them. A polygon whose rings
    /// cannot be built is reported as `lineDoesNotCross(distance: .infinity)`.
    public func split(_ polygon: Polygon, along line: [Point]) throws(SplitError) -> [Polygon] {
        var path: [Point] = []
        for point in line where point != path.last { path.append(point) }
        guard path.count >= 2 else { throw .lineTooShort }
        guard let area = context.geometry([polygon]), !area.isEmpty, let cut = context.lineString(path) else {
            throw .lineDoesNotCross(distance: .infinity)
        }
        var distance = 0.0
        guard GEOSDistance_r(handle, cut.pointer, area.pointer, &distance) == 1 else { throw .lineDoesNotCross(distance: .infinity) }
        guard distance == 0 else { throw .lineDoesNotCross(distance: distance) }

        let rings = ([polygon.exterior] + polygon.holes).map(GeometryEngine.closed)
        var lines: [OpaquePointer?] = []
        for points in rings + [path] {
            guard let made = context.rawLineString(points) else {
                for line in lines { GEOSGeom_destroy_r(handle, line) }
                throw .lineDoesNotCross(distance: .infinity)
            }
            lines.append(made)
        }
        guard let network = context.collection(Int32(GEOS_MULTILINESTRING.rawValue), lines),
            let noded = Geom(GEOSNode_r(handle, network.pointer), context)
        else { throw .lineDoesNotCross(distance: .infinity) }
        // Parts of the line outside the polygon or ending inside it are dangles or cut edges, which
        // polygonize drops; faces outside (where the line leaves and re-enters) and the faces of
        // the holes themselves are dropped below.
        let faces: Geom? = [noded.pointer as OpaquePointer?].withUnsafeBufferPointer {
            Geom(GEOSPolygonize_r(handle, $0.baseAddress, 1), context)
        }
        guard let faces, let inside = GEOSPrepare_r(handle, area.pointer) else { throw .lineDoesNotCross(distance: 0) }
        defer { GEOSPreparedGeom_destroy_r(handle, inside) }

        var parts: [(polygon: Polygon, area: Double)] = []
        for index in 0..<max(0, GEOSGetNumGeometries_r(handle, faces.pointer)) {
            guard let face = GEOSGetGeometryN_r(handle, faces.pointer, index),
                let probe = Geom(GEOSPointOnSurface_r(handle, face), context),
                GEOSPreparedContains_r(handle, inside, probe.pointer) == 1
            else { continue }
            var faceArea = 0.0
            _ = GEOSArea_r(handle, face, &faceArea)
            parts += context.polygons(in: face).map { ($0, faceArea) }
        }
        guard parts.count >= 2 else { throw .lineDoesNotCross(distance: 0) }
        return parts.sorted { $0.area > $1.area }.map(\.polygon)
    }
}
