// IMDF geometries from OGR's, the inverse of OGRGeometryBuilder: a geometry edited in a GIS
// comes back as GeoJSON, z coordinates kept where asked, curves as their line approximations.
// Unlike `Shape` (which the importers read, flat and without Multi kinds), every GeoJSON kind
// is kept as what it is.

import CGDAL
import IMDF

enum OGRGeometryReader {
    /// The geometry, or nil when it is empty or of a kind GeoJSON has no counterpart for.
    /// `keepZ` keeps the third coordinate of 3D geometries.
    static func geometry(_ handle: OGRGeometryH, keepZ: Bool) -> IMDF.Geometry? {
        if OGR_G_HasCurveGeometry(handle, 0) != 0, let linear = OGR_G_GetLinearGeometry(handle, 0, nil) {
            defer { OGR_G_DestroyGeometry(linear) }
            return plain(linear, keepZ: keepZ)
        }
        return plain(handle, keepZ: keepZ)
    }

    private static func plain(_ handle: OGRGeometryH, keepZ: Bool) -> IMDF.Geometry? {
        guard OGR_G_IsEmpty(handle) == 0 else { return nil }
        func parts() -> [OGRGeometryH] { (0..<OGR_G_GetGeometryCount(handle)).compactMap { OGR_G_GetGeometryRef(handle, $0) } }
        switch OGR_GT_Flatten(OGR_G_GetGeometryType(handle)) {
        case wkbPoint: return positions(handle, keepZ: keepZ).first.map(IMDF.Geometry.point)
        case wkbLineString, wkbLinearRing: return .lineString(positions(handle, keepZ: keepZ))
        case wkbPolygon: return .polygon(parts().map { positions($0, keepZ: keepZ) })
        case wkbMultiPoint: return .multiPoint(parts().compactMap { positions($0, keepZ: keepZ).first })
        case wkbMultiLineString: return .multiLineString(parts().map { positions($0, keepZ: keepZ) })
        case wkbMultiPolygon:
            return .multiPolygon(
                parts().map { polygon in
                    (0..<OGR_G_GetGeometryCount(polygon)).compactMap { OGR_G_GetGeometryRef(polygon, $0) }.map {
                        positions($0, keepZ: keepZ)
                    }
                })
        case wkbGeometryCollection:
            return .geometryCollection(parts().compactMap { plain($0, keepZ: keepZ) }.map { GeoJSONGeometry($0) })
        default: return nil
        }
    }

    private static func positions(_ handle: OGRGeometryH, keepZ: Bool) -> [Position] {
        let hasZ = keepZ && OGR_G_Is3D(handle) != 0
        return (0..<OGR_G_GetPointCount(handle)).map { index in
            Position(x: OGR_G_GetX(handle, index), y: OGR_G_GetY(handle, index), z: hasZ ? OGR_G_GetZ(handle, index) : nil)
        }
    }

    /// The geometry ISO WKB `bytes` describe; nil when they describe none.
    static func geometry(wellKnownBinary bytes: [UInt8], keepZ: Bool) -> IMDF.Geometry? {
        var handle: OGRGeometryH?
        let error = bytes.withUnsafeBytes { OGR_G_CreateFromWkb($0.baseAddress, nil, &handle, Int32(bytes.count)) }
        guard error == OGRERR_NONE, let handle else { return nil }
        defer { OGR_G_DestroyGeometry(handle) }
        return geometry(handle, keepZ: keepZ)
    }

    /// The geometry in ISO WKB: two geometries are the same shape when these bytes are equal.
    static func wellKnownBinary(_ handle: OGRGeometryH) -> [UInt8] {
        let size = Int(OGR_G_WkbSize(handle))
        var bytes = [UInt8](repeating: 0, count: size)
        let done = bytes.withUnsafeMutableBufferPointer { OGR_G_ExportToIsoWkb(handle, wkbNDR, $0.baseAddress) }
        return done == OGRERR_NONE ? bytes : []
    }
}
