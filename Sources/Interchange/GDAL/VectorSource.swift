// Reading any vector format GDAL knows (DXF, Shapefile, GeoPackage, GeoJSON, OSM, ...): layers,
// their fields, and features with plain Swift geometry.

import CGDAL
import Foundation
import Geometry

/// A field's value as GDAL typed it.
public enum FieldValue: Sendable, Equatable {
    case integer(Int64)
    case real(Double)
    case string(String)
    case integers([Int64])
    case reals([Double])
    case strings([String])

    /// The value as text, as a mapping file or a report names it.
    public var text: String {
        switch self {
        case .integer(let value): return String(value)
        case .real(let value): return value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
        case .string(let value): return value
        case .integers(let values): return values.map(String.init).joined(separator: ",")
        case .reals(let values): return values.map { String($0) }.joined(separator: ",")
        case .strings(let values): return values.joined(separator: ",")
        }
    }

    public var number: Double? {
        switch self {
        case .integer(let value): return Double(value)
        case .real(let value): return value
        case .string(let value): return Double(value)
        default: return nil
        }
    }

    public var numbers: [Double] {
        switch self {
        case .integers(let values): return values.map(Double.init)
        case .reals(let values): return values
        default: return number.map { [$0] } ?? []
        }
    }
}

/// A geometry in the source's coordinates (or WGS 84 longitude, latitude once transformed), flat
/// (z dropped), curves replaced by their line approximations.
public indirect enum Shape: Sendable, Equatable {
    case point(Point)
    case lineString([Point])
    /// Exterior ring first, then holes; rings closed as the source wrote them.
    case polygon([[Point]])
    case collection([Shape])

    /// Every point, in order.
    public var points: [Point] {
        switch self {
        case .point(let point): return [point]
        case .lineString(let points): return points
        case .polygon(let rings): return rings.flatMap { $0 }
        case .collection(let parts): return parts.flatMap(\.points)
        }
    }

    /// The box of every point, gathered without making the array `points` does: an import asks
    /// for the boxes of tens of thousands of entities, several times each.
    public var bounds: Bounds {
        var box = Bounds.empty
        widen(&box)
        return box
    }

    private func widen(_ box: inout Bounds) {
        switch self {
        case .point(let point): box.include(point)
        case .lineString(let points): for point in points { box.include(point) }
        case .polygon(let rings): for ring in rings { for point in ring { box.include(point) } }
        case .collection(let parts): for part in parts { part.widen(&box) }
        }
    }

    /// The simple parts (points, line strings, polygons) of a collection, or self.
    public var parts: [Shape] {
        if case .collection(let parts) = self { return parts.flatMap(\.parts) }
        return [self]
    }
}

public struct VectorFeature: Sendable, Equatable {
    /// The feature's id in its layer (GDAL's FID).
    public var fid: Int64
    /// Set fields in the layer's order; null and unset fields are left out.
    public var fields: [(name: String, value: FieldValue)]
    public var shape: Shape?
    /// The height of a drawing's text in its units: the size GDAL's DXF driver gives its LABEL
    /// style (`s:2.5g`); nil for anything else.
    public var textHeight: Double?

    public init(fid: Int64, fields: [(name: String, value: FieldValue)], shape: Shape?, textHeight: Double? = nil) {
        self.fid = fid
        self.fields = fields
        self.shape = shape
        self.textHeight = textHeight
    }

    public subscript(field: String) -> FieldValue? { fields.first { $0.name == field }?.value }

    public static func == (lhs: VectorFeature, rhs: VectorFeature) -> Bool {
        lhs.fid == rhs.fid && lhs.shape == rhs.shape && lhs.fields.map(\.name) == rhs.fields.map(\.name)
            && lhs.fields.map(\.value) == rhs.fields.map(\.value) && lhs.textHeight == rhs.textHeight
    }
}

/// One open dataset, read only. Not Sendable: GDAL datasets are used from one thread.
public final class VectorSource {
    let handle: GDALDatasetH
    public let path: String

    /// Opens `path` as a vector dataset. `drivers` limits the formats tried (e.g. ["DXF"]), so a
    /// file is never read as something it only resembles.
    public init(path: String, drivers: [String]? = nil, openOptions: [String] = []) throws(InterchangeError) {
        GDALRuntime.prepare()
        self.path = path
        CPLErrorReset()
        let opened = CStringList.with(drivers ?? []) { driverList in
            CStringList.with(openOptions) { options in
                GDALOpenEx(path, UInt32(GDAL_OF_VECTOR | GDAL_OF_READONLY), drivers == nil ? nil : driverList, options, nil)
            }
        }
        guard let opened else {
            throw InterchangeError(
                "\(path): cannot be read as \(drivers?.joined(separator: " or ") ?? "a vector dataset")\(GDALRuntime.lastError.map { ": \($0)" } ?? "")"
            )
        }
        handle = opened
    }

    deinit { GDALClose(handle) }

    /// The GDAL driver that read the file, e.g. "DXF", "ESRI Shapefile", "GPKG".
    public var driverName: String {
        guard let driver = GDALGetDatasetDriver(handle), let name = GDALGetDriverShortName(driver) else { return "" }
        return String(cString: name)
    }

    public var layers: [VectorLayer] {
        (0..<max(0, GDALDatasetGetLayerCount(handle))).compactMap { index in
            GDALDatasetGetLayer(handle, index).map { VectorLayer(source: self, handle: $0) }
        }
    }

    public func layer(named name: String) -> VectorLayer? {
        GDALDatasetGetLayerByName(handle, name).map { VectorLayer(source: self, handle: $0) }
    }
}

/// A layer of an open source; keeps its source open.
public struct VectorLayer {
    let source: VectorSource
    let handle: OGRLayerH

    public var name: String { OGR_L_GetName(handle).map { String(cString: $0) } ?? "" }

    /// The count GDAL knows without reading, or -1.
    public var featureCount: Int { Int(OGR_L_GetFeatureCount(handle, 1)) }

    public var fieldNames: [String] {
        guard let definition = OGR_L_GetLayerDefn(handle) else { return [] }
        return (0..<OGR_FD_GetFieldCount(definition)).map { index in
            OGR_FD_GetFieldDefn(definition, index).flatMap { OGR_Fld_GetNameRef($0) }.map { String(cString: $0) } ?? ""
        }
    }

    /// The layer's coordinate reference system as WKT, nil when it has none.
    public var referenceSystem: String? {
        guard let reference = OGR_L_GetSpatialRef(handle) else { return nil }
        var text: UnsafeMutablePointer<CChar>?
        guard OSRExportToWkt(reference, &text) == OGRERR_NONE, let text else { return nil }
        defer { VSIFree(text) }
        return String(cString: text)
    }

    /// Every feature, in the layer's order. With `toWGS84`, geometries are reprojected from the
    /// layer's reference system to longitude, latitude; a layer without one is refused then,
    /// since its numbers could be anything. `assuming` names the reference system the layer's
    /// coordinates are in when the file does not say (or says wrongly), as GDAL reads a user's
    /// choice: `EPSG:25832`, a PROJ string, WKT.
    /// With `only`, the fields read are those named (the others are left out of each feature):
    /// a drawing's reader wants a dozen of the DXF driver's fields. The fields' names are made
    /// once per layer, not once per feature; with both, jp-house-1f's 7,558 block entities are
    /// read in 37-39 ms instead of 40-43.
    public func features(toWGS84: Bool = false, assuming reference: String? = nil, only wanted: Set<String>? = nil)
        throws(InterchangeError) -> [VectorFeature]
    {
        var transform: CoordinateTransform?
        if toWGS84, let reference {
            let assumed = try ReferenceSystem(userInput: reference)
            transform = try CoordinateTransform(from: assumed.handle, layer: name, path: source.path)
        } else if toWGS84 {
            transform = try CoordinateTransform(from: OGR_L_GetSpatialRef(handle), layer: name, path: source.path)
        }
        OGR_L_ResetReading(handle)
        let table = fieldTable(only: wanted)
        var features: [VectorFeature] = []
        CPLErrorReset()
        let drawing = source.driverName == "DXF"
        while let feature = OGR_L_GetNextFeature(handle) {
            defer { OGR_F_Destroy(feature) }
            var shape: Shape?
            if let geometry = OGR_F_GetGeometryRef(feature) {
                if let transform, OGR_G_Transform(geometry, transform.handle) != OGRERR_NONE {
                    throw InterchangeError(
                        "\(source.path): layer \(name), feature \(OGR_F_GetFID(feature)): cannot be reprojected to WGS 84")
                }
                shape = ShapeReader.shape(geometry)
            }
            features.append(
                VectorFeature(
                    fid: Int64(OGR_F_GetFID(feature)), fields: Self.fields(of: feature, table), shape: shape,
                    textHeight: drawing ? Self.textHeight(of: feature) : nil))
        }
        if CPLGetLastErrorType() == CE_Failure, let error = GDALRuntime.lastError {
            // GDAL's DXF driver calls a drawing's model space its layer "entities".
            let part = source.driverName == "DXF" && name == "entities" ? "its entities" : "layer \(name)"
            throw InterchangeError("\(source.path): \(part) could not be read to the end (\(error)); the file is damaged or cut short")
        }
        return features
    }

    /// The size of a LABEL style, `LABEL(f:"Arial",t:"Office",s:2.5g,...)`, in ground units.
    static func textHeight(of feature: OGRFeatureH) -> Double? {
        // Every entity has a style (PEN, BRUSH, ...): only a LABEL's is made a string.
        guard let style = OGR_F_GetStyleString(feature), strncmp(style, "LABEL(", 6) == 0 else { return nil }
        return textHeight(inStyle: String(cString: style))
    }

    /// The `s:` size of a LABEL style string, when given in ground units (`g`) or without a unit.
    public static func textHeight(inStyle style: String) -> Double? {
        guard style.hasPrefix("LABEL("), let offset = style.byteOffset(of: "s:") else { return nil }
        let size = style[style.utf8.index(style.utf8.startIndex, offsetBy: offset + 2)...]
        let number = size.prefix { $0.isNumber || $0 == "." || $0 == "-" || $0 == "e" }
        let unit = size.dropFirst(number.count).first
        guard unit == nil || unit == "g" || unit == "," || unit == ")", let value = Double(number), value > 0, value.isFinite else {
            return nil
        }
        return value
    }

    /// A field of the layer's definition, as each feature's fields are read by: its index, its
    /// name (made once, shared by every feature) and its type.
    struct FieldColumn {
        let index: Int32
        let name: String
        let type: OGRFieldType
    }

    /// The layer's fields in order, or those of them in `wanted`.
    func fieldTable(only wanted: Set<String>?) -> [FieldColumn] {
        guard let definition = OGR_L_GetLayerDefn(handle) else { return [] }
        return (0..<OGR_FD_GetFieldCount(definition)).compactMap { index in
            guard let field = OGR_FD_GetFieldDefn(definition, index) else { return nil }
            let name = OGR_Fld_GetNameRef(field).map { String(cString: $0) } ?? ""
            if let wanted, !wanted.contains(name) { return nil }
            return FieldColumn(index: index, name: name, type: OGR_Fld_GetType(field))
        }
    }

    private static func fields(of feature: OGRFeatureH, _ table: [FieldColumn]) -> [(name: String, value: FieldValue)] {
        table.compactMap { column in
            let index = column.index
            guard OGR_F_IsFieldSetAndNotNull(feature, index) != 0 else { return nil }
            let name = column.name
            let value: FieldValue
            switch column.type {
            case OFTInteger, OFTInteger64:
                value = .integer(Int64(OGR_F_GetFieldAsInteger64(feature, index)))
            case OFTReal:
                value = .real(OGR_F_GetFieldAsDouble(feature, index))
            case OFTIntegerList, OFTInteger64List:
                var count: Int32 = 0
                let values = OGR_F_GetFieldAsInteger64List(feature, index, &count)
                value = .integers((0..<Int(count)).map { Int64(values![$0]) })
            case OFTRealList:
                var count: Int32 = 0
                let values = OGR_F_GetFieldAsDoubleList(feature, index, &count)
                value = .reals((0..<Int(count)).map { values![$0] })
            case OFTStringList:
                value = .strings(CStringList.strings(OGR_F_GetFieldAsStringList(feature, index)))
            default:
                value = .string(OGR_F_GetFieldAsString(feature, index).map { String(cString: $0) } ?? "")
            }
            return (name, value)
        }
    }
}

/// OGR geometry to `Shape`.
enum ShapeReader {
    static func shape(_ geometry: OGRGeometryH) -> Shape? {
        // Arcs and curve polygons become line approximations (GDAL's default steps of 4 degrees).
        if OGR_G_HasCurveGeometry(geometry, 0) != 0, let linear = OGR_G_GetLinearGeometry(geometry, 0, nil) {
            defer { OGR_G_DestroyGeometry(linear) }
            return plainShape(linear)
        }
        return plainShape(geometry)
    }

    private static func plainShape(_ geometry: OGRGeometryH) -> Shape? {
        guard OGR_G_IsEmpty(geometry) == 0 else { return nil }
        let type = OGR_GT_Flatten(OGR_G_GetGeometryType(geometry))
        switch type {
        case wkbPoint:
            return .point(Point(x: OGR_G_GetX(geometry, 0), y: OGR_G_GetY(geometry, 0)))
        case wkbLineString, wkbLinearRing:
            return .lineString(points(geometry))
        case wkbPolygon:
            return .polygon((0..<OGR_G_GetGeometryCount(geometry)).compactMap { OGR_G_GetGeometryRef(geometry, $0).map(points) })
        default:
            let parts = (0..<OGR_G_GetGeometryCount(geometry)).compactMap { OGR_G_GetGeometryRef(geometry, $0).flatMap(plainShape) }
            return parts.isEmpty ? nil : .collection(parts)
        }
    }

    private static func points(_ geometry: OGRGeometryH) -> [Point] {
        (0..<OGR_G_GetPointCount(geometry)).map { Point(x: OGR_G_GetX(geometry, $0), y: OGR_G_GetY(geometry, $0)) }
    }
}

/// Longitude, latitude in WGS 84 from a layer's reference system, in GIS axis order.
final class CoordinateTransform {
    let handle: OGRCoordinateTransformationH

    init(from reference: OGRSpatialReferenceH?, layer: String, path: String) throws(InterchangeError) {
        guard let reference else {
            throw InterchangeError(
                "\(path): layer \(layer) has no coordinate reference system; say which it is (e.g. write a .prj beside a Shapefile)")
        }
        guard let source = OSRClone(reference), let target = OSRNewSpatialReference(nil) else {
            throw InterchangeError("\(path): layer \(layer): GDAL could not allocate a reference system")
        }
        defer {
            OSRRelease(source)
            OSRRelease(target)
        }
        _ = OSRImportFromEPSG(target, 4326)
        OSRSetAxisMappingStrategy(source, OAMS_TRADITIONAL_GIS_ORDER)
        OSRSetAxisMappingStrategy(target, OAMS_TRADITIONAL_GIS_ORDER)
        guard let handle = OCTNewCoordinateTransformation(source, target) else {
            throw InterchangeError(
                "\(path): layer \(layer): no transformation from its reference system to WGS 84\(GDALRuntime.lastError.map { " (\($0))" } ?? "")"
            )
        }
        self.handle = handle
    }

    deinit { OCTDestroyCoordinateTransformation(handle) }
}

/// NULL-terminated lists of C strings, as GDAL takes and returns them.
enum CStringList {
    static func with<T>(_ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>?) -> T) -> T {
        let copies = strings.map { strdup($0) }
        defer { copies.forEach { free($0) } }
        let list: [UnsafePointer<CChar>?] = copies.map { UnsafePointer($0) } + [nil]
        return list.withUnsafeBufferPointer { body($0.baseAddress) }
    }

    /// The same list typed as GDAL's `CSLConstList` (imported as `char **`), which GDAL only reads.
    static func withOptions<T>(_ strings: [String], _ body: (UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> T) -> T {
        with(strings) { list in
            body(list.map { UnsafeMutableRawPointer(mutating: $0).assumingMemoryBound(to: UnsafeMutablePointer<CChar>?.self) })
        }
    }

    static func strings(_ list: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> [String] {
        guard let list else { return [] }
        var strings: [String] = []
        var index = 0
        while let entry = list[index] {
            strings.append(String(cString: entry))
            index += 1
        }
        return strings
    }
}
