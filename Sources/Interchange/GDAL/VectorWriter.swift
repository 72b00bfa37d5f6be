// Writing vector datasets through GDAL (GeoPackage, Shapefile): a new dataset of one driver,
// layers with typed fields in WGS 84 longitude, latitude, and features whose OGR geometry is built
// from IMDF coordinates.

import CGDAL
import IMDF

/// A field's type as written.
enum FieldKind: Sendable, Equatable {
    case boolean
    case integer
    case real
    case text
    /// Text holding a JSON value (GeoPackage marks the column as JSON).
    case json
    case binary
    /// A date and time, given as ISO 8601 text.
    case dateTime
}

/// One value of a row, for a field of the matching kind.
enum Cell: Sendable, Equatable {
    case null
    case boolean(Bool)
    case integer(Int64)
    case real(Double)
    case text(String)
    /// Text as UTF-8 bytes (a whole feature's JSON), written without making a Swift string of it.
    case utf8([UInt8])
    case bytes([UInt8])
}

/// A field to create: its name, kind and, for Shapefile text, its width in bytes (0: the driver's).
struct FieldDefinition: Sendable, Equatable {
    var name: String
    var kind: FieldKind
    var width: Int = 0
}

/// A new dataset being written. Not Sendable: GDAL datasets are used from one thread.
final class VectorWriter {
    private var handle: GDALDatasetH?
    let path: String
    private let wgs84: OGRSpatialReferenceH

    /// Creates the dataset at `path` with the driver `driver` ("GPKG", "ESRI Shapefile").
    init(driver: String, path: String, options: [String] = []) throws(InterchangeError) {
        GDALRuntime.prepare()
        self.path = path
        CPLErrorReset()
        guard let found = GDALGetDriverByName(driver) else {
            throw InterchangeError("\(path): this GDAL has no \(driver) driver")
        }
        let created = CStringList.withOptions(options) { GDALCreate(found, path, 0, 0, 0, GDT_Unknown, $0) }
        guard let created else {
            throw InterchangeError("\(path): cannot be created as \(driver)\(GDALRuntime.lastError.map { ": \($0)" } ?? "")")
        }
        guard let reference = OSRNewSpatialReference(nil) else {
            GDALClose(created)
            throw InterchangeError("\(path): GDAL could not allocate a reference system")
        }
        // IMDF coordinates are longitude, latitude: EPSG:4326 with x the longitude.
        _ = OSRImportFromEPSG(reference, 4326)
        OSRSetAxisMappingStrategy(reference, OAMS_TRADITIONAL_GIS_ORDER)
        handle = created
        wgs84 = reference
    }

    deinit {
        if let handle { GDALClose(handle) }
        OSRRelease(wgs84)
    }

    /// Creates a layer: `geometry` wkbNone makes a table without geometry; the others are in WGS 84.
    func createLayer(
        _ name: String, geometry: OGRwkbGeometryType, fields: [FieldDefinition], options: [String] = []
    ) throws(InterchangeError) -> LayerWriter {
        guard let handle else { throw InterchangeError("\(path): already closed") }
        CPLErrorReset()
        let layer = CStringList.withOptions(options) { list in
            GDALDatasetCreateLayer(handle, name, geometry == wkbNone ? nil : wgs84, geometry, list)
        }
        guard let layer else { throw failure("cannot create the layer \(name)") }
        for field in fields {
            let type: OGRFieldType
            switch field.kind {
            case .boolean, .integer: type = field.kind == .boolean ? OFTInteger : OFTInteger64
            case .real: type = OFTReal
            case .text, .json: type = OFTString
            case .binary: type = OFTBinary
            case .dateTime: type = OFTDateTime
            }
            guard let definition = OGR_Fld_Create(field.name, type) else {
                throw failure("cannot define the field \(field.name) of \(name)")
            }
            defer { OGR_Fld_Destroy(definition) }
            if field.kind == .boolean { OGR_Fld_SetSubType(definition, OFSTBoolean) }
            if field.kind == .json { OGR_Fld_SetSubType(definition, OFSTJSON) }
            if field.width > 0 { OGR_Fld_SetWidth(definition, Int32(field.width)) }
            guard OGR_L_CreateField(layer, definition, 0) == OGRERR_NONE else {
                throw failure("cannot create the field \(field.name) of \(name)")
            }
        }
        return LayerWriter(writer: self, handle: layer, name: name, kinds: fields.map(\.kind))
    }

    /// Runs `body` in one transaction (GeoPackage: one commit instead of one per row).
    func inTransaction(_ body: () throws(InterchangeError) -> Void) throws(InterchangeError) {
        guard let handle else { throw InterchangeError("\(path): already closed") }
        let started = GDALDatasetStartTransaction(handle, 0) == OGRERR_NONE
        do {
            try body()
        } catch {
            if started { _ = GDALDatasetRollbackTransaction(handle) }
            throw error
        }
        if started && GDALDatasetCommitTransaction(handle) != OGRERR_NONE { throw failure("cannot commit") }
    }

    /// Finishes the dataset (a GeoPackage builds its spatial indexes here) and closes it.
    func close() throws(InterchangeError) {
        guard let handle else { return }
        self.handle = nil
        CPLErrorReset()
        GDALClose(handle)
        if CPLGetLastErrorType() == CE_Failure || CPLGetLastErrorType() == CE_Fatal { throw failure("cannot be finished") }
    }

    func failure(_ what: String) -> InterchangeError {
        InterchangeError("\(path): \(what)\(GDALRuntime.lastError.map { ": \($0)" } ?? "")")
    }
}

/// A layer of a dataset being written; keeps the dataset open.
struct LayerWriter {
    let writer: VectorWriter
    let handle: OGRLayerH
    let name: String
    let kinds: [FieldKind]

    /// The fields' names as the driver made them (a Shapefile's are at most 10 bytes).
    var fieldNames: [String] {
        guard let definition = OGR_L_GetLayerDefn(handle) else { return [] }
        return (0..<OGR_FD_GetFieldCount(definition)).map { index in
            OGR_FD_GetFieldDefn(definition, index).flatMap { OGR_Fld_GetNameRef($0) }.map { String(cString: $0) } ?? ""
        }
    }

    /// Adds one row: `cells` in the order of the fields, `geometry` (taken over) or none.
    func add(_ cells: [Cell], geometry: OGRGeometryH?) throws(InterchangeError) {
        guard let feature = OGR_F_Create(OGR_L_GetLayerDefn(handle)) else {
            if let geometry { OGR_G_DestroyGeometry(geometry) }
            throw writer.failure("cannot make a feature of \(name)")
        }
        defer { OGR_F_Destroy(feature) }
        for (index, cell) in cells.enumerated() {
            let field = Int32(index)
            switch cell {
            case .null: OGR_F_SetFieldNull(feature, field)
            case .boolean(let flag): OGR_F_SetFieldInteger(feature, field, flag ? 1 : 0)
            case .integer(let value): OGR_F_SetFieldInteger64(feature, field, value)
            case .real(let value): OGR_F_SetFieldDouble(feature, field, value)
            case .text(let text): OGR_F_SetFieldString(feature, field, text)
            case .utf8(let bytes):
                (bytes + [0]).withUnsafeBufferPointer { buffer in
                    buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                        OGR_F_SetFieldString(feature, field, $0)
                    }
                }
            case .bytes(let bytes):
                bytes.withUnsafeBytes { OGR_F_SetFieldBinary(feature, field, Int32(bytes.count), $0.baseAddress) }
            }
        }
        if let geometry { _ = OGR_F_SetGeometryDirectly(feature, geometry) }
        CPLErrorReset()
        guard OGR_L_CreateFeature(handle, feature) == OGRERR_NONE else { throw writer.failure("cannot write a row of \(name)") }
    }
}

/// OGR geometries from IMDF's, and the layer types that hold them.
enum OGRGeometryBuilder {
    /// The geometry as OGR's, made `layerType`'s Multi kind when the layer is a Multi layer and the
    /// geometry a single part. The caller owns the result.
    static func make(_ geometry: IMDF.Geometry, for layerType: OGRwkbGeometryType) -> OGRGeometryH? {
        guard let made = make(geometry) else { return nil }
        switch OGR_GT_Flatten(layerType) {
        case wkbMultiPoint where OGR_GT_Flatten(OGR_G_GetGeometryType(made)) == wkbPoint: return OGR_G_ForceToMultiPoint(made)
        case wkbMultiLineString where OGR_GT_Flatten(OGR_G_GetGeometryType(made)) == wkbLineString:
            return OGR_G_ForceToMultiLineString(made)
        case wkbMultiPolygon where OGR_GT_Flatten(OGR_G_GetGeometryType(made)) == wkbPolygon: return OGR_G_ForceToMultiPolygon(made)
        default: return made
        }
    }

    static func make(_ geometry: IMDF.Geometry) -> OGRGeometryH? {
        switch geometry {
        case .point(let position):
            return line(wkbPoint, [position])
        case .lineString(let positions):
            return line(wkbLineString, positions)
        case .polygon(let rings):
            return polygon(rings)
        case .multiPoint(let positions):
            return collection(wkbMultiPoint, positions.map { line(wkbPoint, [$0]) })
        case .multiLineString(let lines):
            return collection(wkbMultiLineString, lines.map { line(wkbLineString, $0) })
        case .multiPolygon(let polygons):
            return collection(wkbMultiPolygon, polygons.map(polygon))
        case .geometryCollection(let members):
            return collection(wkbGeometryCollection, members.map { make($0.geometry) })
        }
    }

    /// A point, line string or linear ring through `positions`.
    private static func line(_ type: OGRwkbGeometryType, _ positions: [Position]) -> OGRGeometryH? {
        guard let made = OGR_G_CreateGeometry(type) else { return nil }
        if positions.isEmpty { return made }
        let xs = positions.map(\.x)
        let ys = positions.map(\.y)
        let stride = Int32(MemoryLayout<Double>.stride)
        if positions.contains(where: { $0.z != nil }) {
            let zs = positions.map { $0.z ?? 0 }
            OGR_G_SetPoints(made, Int32(positions.count), xs, stride, ys, stride, zs, stride)
        } else {
            OGR_G_SetPoints(made, Int32(positions.count), xs, stride, ys, stride, nil, 0)
        }
        return made
    }

    private static func polygon(_ rings: [[Position]]) -> OGRGeometryH? {
        collection(wkbPolygon, rings.map { line(wkbLinearRing, $0) })
    }

    private static func collection(_ type: OGRwkbGeometryType, _ parts: [OGRGeometryH?]) -> OGRGeometryH? {
        guard let made = OGR_G_CreateGeometry(type) else {
            parts.forEach { $0.map(OGR_G_DestroyGeometry) }
            return nil
        }
        for part in parts {
            if let part, OGR_G_AddGeometryDirectly(made, part) != OGRERR_NONE { OGR_G_DestroyGeometry(part) }
        }
        return made
    }
}
