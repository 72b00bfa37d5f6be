// An archive as a folder of Shapefiles, for GIS software that wants them. One way only: a
// Shapefile cannot hold what an archive holds, so nothing reads these back.
//
// - One Shapefile per feature file (`unit.shp`, `opening.shp`, `navPath.shp`), in WGS 84 (.prj),
//   its text in UTF-8 (.cpg). A Shapefile holds one kind of geometry: a file whose features have
//   more than one kind (points and polygons, say) is split into `NAME_point.shp`, `NAME_line.shp`
//   and `NAME_polygon.shp`, and its features without geometry go to `NAME_none.dbf`. In a file of
//   one kind, features without geometry (and geometry collections) are rows with a null shape;
//   a file with no geometry at all (`address`) is a table alone, `address.dbf`.
// - Columns are those of the GeoPackage (ArchiveTables.swift) without `imdf_json`, whose whole
//   feature would not fit a dBASE field. A field name is at most 10 bytes: longer names are cut
//   to 10, a label column keeping its language (`alt_name_en` is `alt_nam_en`), and a cut name
//   that is already taken (compared without case) ends in `_2`, `_3`, ... instead
//   (`postal_code_ext` after `postal_code` is `postal_c_2`). `fields.csv` in the folder lists
//   every field with the column it stands for.
// - Text longer than dBASE's 254 bytes is cut there (at a character boundary), and its trailing
//   spaces are lost (dBASE pads text with spaces, which readers drop); booleans are the integers
//   1 and 0; numbers keep 15 significant digits.

import CGDAL
import Foundation
import IMDF

/// What a Shapefile export wrote.
public struct ShapefileSummary: Sendable, Equatable {
    public struct Layer: Sendable, Equatable {
        /// The layer's file name without extension (`unit`, `unit_point`).
        public var name: String
        /// The archive file its features come from.
        public var fileName: String
        public var features: Int
        public var hasGeometry: Bool
        /// Each field's name in the .dbf and the column it stands for.
        public var fields: [(field: String, column: String)]

        public static func == (lhs: Layer, rhs: Layer) -> Bool {
            lhs.name == rhs.name && lhs.fileName == rhs.fileName && lhs.features == rhs.features && lhs.hasGeometry == rhs.hasGeometry
                && lhs.fields.map(\.field) == rhs.fields.map(\.field) && lhs.fields.map(\.column) == rhs.fields.map(\.column)
        }
    }

    public var layers: [Layer]
    /// How many field names were cut to 10 bytes.
    public var cutNames: Int { layers.reduce(0) { $0 + $1.fields.filter { $0.field != $0.column }.count } }
    /// How many text values were cut to 254 bytes.
    public var cutValues: Int
}

public enum ShapefileWriter {
    /// The list of fields and the columns they stand for, written beside the Shapefiles; a folder
    /// holding it is one an export may replace.
    public static let fieldList = "fields.csv"
    /// dBASE's longest text field, in bytes.
    static let maxText = 254

    /// Whether a path names a Shapefile export folder (its name ends in `-shp`).
    public static func isShapefileFolderPath(_ path: String) -> Bool {
        var trimmed = path
        while trimmed.hasSuffix("/") { trimmed.removeLast() }
        return trimmed.lowercased().hasSuffix("-shp")
    }

    /// Writes `archive` as Shapefiles in the folder `path`, atomically: a folder already there
    /// (one an earlier export wrote, or empty) is replaced only once the new one is complete.
    @discardableResult
    public static func write(_ archive: IMDFArchive, to path: String) throws(InterchangeError) -> ShapefileSummary {
        try AtomicOutput(path, folder: true, marker: fieldList).produce { (temporary: String) throws(InterchangeError) in
            try write(archive, into: temporary)
        }
    }

    private static func write(_ archive: IMDFArchive, into folder: String) throws(InterchangeError) -> ShapefileSummary {
        let writer = try VectorWriter(driver: "ESRI Shapefile", path: folder)
        var layerNames = UniqueNames()
        var layers: [ShapefileSummary.Layer] = []
        var cutValues = 0
        for collection in archive.allCollections {
            let stem = GeoPackageWriter.tableName(for: collection.fileName)
            for part in parts(of: collection.features) {
                let name = layerNames.claim(part.kind.map { stem + "_" + $0.rawValue } ?? stem)
                let layout = TableLayout(features: part.features, wholeFeature: false, names: UniqueNames(maxBytes: 10))
                var rows = part.features.map { layout.cells(of: $0) }
                var fields = layout.fields
                for (column, field) in fields.enumerated() where field.kind == .text || field.kind == .json {
                    var widest = 1
                    for row in rows.indices {
                        guard case .text(let text) = rows[row][column] else { continue }
                        if text.utf8.count > maxText {
                            rows[row][column] = .text(UniqueNames.cut(text, to: maxText))
                            cutValues += 1
                        }
                        widest = max(widest, min(text.utf8.count, maxText))
                    }
                    fields[column].width = widest
                }
                let layer = try writer.createLayer(name, geometry: part.geometryType, fields: fields, options: ["ENCODING=UTF-8"])
                for (feature, row) in zip(part.features, rows) {
                    let geometry =
                        part.geometryType == wkbNone || ShapeKind(feature.geometry) == nil
                        ? nil : feature.geometry.flatMap { OGRGeometryBuilder.make($0, for: part.geometryType) }
                    try layer.add(row, geometry: geometry)
                }
                layers.append(
                    .init(
                        name: name, fileName: collection.fileName, features: part.features.count, hasGeometry: part.geometryType != wkbNone,
                        fields: Array(zip(layer.fieldNames, layout.columns.map(columnName)))))
            }
        }
        try writer.close()
        var list = "layer,field,column\n"
        for layer in layers {
            for field in layer.fields { list += [layer.name, field.field, field.column].map(csv).joined(separator: ",") + "\n" }
        }
        guard FileManager.default.createFile(atPath: folder + "/" + fieldList, contents: Data(list.utf8)) else {
            throw InterchangeError("\(folder): cannot write \(fieldList)")
        }
        return ShapefileSummary(layers: layers, cutValues: cutValues)
    }

    /// The kinds of geometry a Shapefile holds one of.
    enum ShapeKind: String {
        case point, line, polygon

        /// Nil for no geometry and for geometry collections, which no Shapefile holds.
        init?(_ geometry: IMDF.Geometry?) {
            switch geometry {
            case .point?, .multiPoint?: self = .point
            case .lineString?, .multiLineString?: self = .line
            case .polygon?, .multiPolygon?: self = .polygon
            case .geometryCollection?, nil: return nil
            }
        }
    }

    /// The features of one Shapefile: `kind` names the suffix of a split file (nil: not split).
    struct Part {
        var kind: Suffix?
        var features: [Feature]
        var geometryType: OGRwkbGeometryType

        enum Suffix: String {
            case point, line, polygon
            case withoutGeometry = "none"
        }
    }

    /// One part for a file of one kind of geometry (or none), one per kind otherwise.
    static func parts(of features: [Feature]) -> [Part] {
        var byKind: [ShapeKind: [Feature]] = [:]
        var without: [Feature] = []
        for feature in features {
            if let kind = ShapeKind(feature.geometry) { byKind[kind, default: []].append(feature) } else { without.append(feature) }
        }
        func type(_ kind: ShapeKind, _ features: [Feature]) -> OGRwkbGeometryType {
            var hasZ = false
            var multiPoint = false
            for feature in features {
                guard let geometry = feature.geometry else { continue }
                if case .multiPoint = geometry { multiPoint = true }
                if !hasZ { geometry.forEachPosition { if $0.z != nil { hasZ = true } } }
            }
            let type: OGRwkbGeometryType
            switch kind {
            case .point: type = multiPoint ? wkbMultiPoint : wkbPoint
            case .line: type = wkbLineString
            case .polygon: type = wkbPolygon
            }
            return hasZ ? OGR_GT_SetZ(type) : type
        }
        let kinds: [ShapeKind] = [.point, .line, .polygon].filter { byKind[$0] != nil }
        if kinds.count <= 1 {
            let geometryType = kinds.first.map { type($0, byKind[$0]!) } ?? wkbNone
            return [Part(kind: nil, features: features, geometryType: geometryType)]
        }
        var parts = kinds.map { Part(kind: Part.Suffix(rawValue: $0.rawValue), features: byKind[$0]!, geometryType: type($0, byKind[$0]!)) }
        if !without.isEmpty { parts.append(Part(kind: .withoutGeometry, features: without, geometryType: wkbNone)) }
        return parts
    }

    private static func columnName(_ column: TableLayout.Column) -> String {
        switch column.source {
        case .id: TableLayout.idColumn
        case .property(let key): key
        case .label(let key, let language): key + "_" + language
        case .wholeFeature: TableLayout.featureColumn
        case .levelName: TableLayout.levelNameColumn
        case .levelOrdinal: TableLayout.levelOrdinalColumn
        }
    }

    private static func csv(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
