// An archive as a GeoPackage: one table per feature file (`unit`, `opening`, ... and each
// extension file such as `navPath`), its rows the features in file order, columns as
// ArchiveTables.swift describes (`imdf_json` holding each whole feature), in WGS 84 (EPSG:4326),
// each table with geometry given its R-tree spatial index (`rtree_<table>_geom`); a feature
// without geometry has a NULL one, and a file none of whose features has geometry is a table
// without a geometry column. Tables whose features have `level_id` show the level's name and
// ordinal beside it (derived columns). The table `imdf_archive` keeps the rest of the archive: the
// manifest, each file's name, table, collection members and column layout, and files kept byte
// for byte. `layer_styles` holds the styles QGIS applies on opening (LayerStyles.swift).
//
// GeoPackageReader reads such a file back into the same archive.

import CGDAL
import IMDF

public enum GeoPackage {
    /// The table that holds the manifest and the list of the archive's files.
    public static let archiveTable = "imdf_archive"
    /// The geometry column of every spatial table.
    static let geometryColumn = "geom"

    /// The kinds of `imdf_archive` rows.
    enum Entry: String {
        case manifest
        case collection
        case file
    }

    static let archiveFields = [
        FieldDefinition(name: "entry", kind: .text),
        FieldDefinition(name: "name", kind: .text),
        FieldDefinition(name: "table_name", kind: .text),
        FieldDefinition(name: "features", kind: .integer),
        FieldDefinition(name: "json", kind: .json),
        FieldDefinition(name: "content", kind: .binary),
        // Each table's columns and what they show (TableLayoutRecord.swift); absent in
        // GeoPackages of earlier versions.
        FieldDefinition(name: "columns", kind: .json),
    ]

    /// Whether a path names a GeoPackage (ends in `.gpkg`).
    public static func isGeoPackagePath(_ path: String) -> Bool {
        var trimmed = path
        while trimmed.hasSuffix("/") { trimmed.removeLast() }
        return trimmed.lowercased().hasSuffix(".gpkg")
    }
}

/// What a GeoPackage export wrote.
public struct GeoPackageSummary: Sendable, Equatable {
    public struct Table: Sendable, Equatable {
        public var name: String
        public var fileName: String
        public var features: Int
        /// Whether the table has a geometry column (and so its spatial index).
        public var isSpatial: Bool
    }

    public var tables: [Table]
}

public enum GeoPackageWriter {
    /// Writes `archive` to the GeoPackage `path`, atomically: a file already there is replaced
    /// only once the new one is complete.
    @discardableResult
    public static func write(_ archive: IMDFArchive, to path: String) throws(InterchangeError) -> GeoPackageSummary {
        try AtomicOutput(path, folder: false).produce { (temporary: String) throws(InterchangeError) in try write(archive, into: temporary)
        }
    }

    private static func write(_ archive: IMDFArchive, into path: String) throws(InterchangeError) -> GeoPackageSummary {
        let writer = try VectorWriter(driver: "GPKG", path: path)
        var tableNames = UniqueNames(reserved: [GeoPackage.archiveTable, LayerStyles.table])
        var tables: [GeoPackageSummary.Table] = []
        var layouts: [TableLayout] = []
        let levels = LevelDirectory(archive.features(of: .level), language: archive.manifest.language)
        for collection in archive.allCollections {
            let name = tableNames.claim(tableName(for: collection.fileName))
            let layout = TableLayout(
                features: collection.features, wholeFeature: true, names: UniqueNames(reserved: ["fid", "geom"]), levels: levels)
            layouts.append(layout)
            let geometryType = TableGeometry.type(of: collection.features)
            let spatial = geometryType != wkbNone
            let options = ["FID=fid"] + (spatial ? ["GEOMETRY_NAME=\(GeoPackage.geometryColumn)", "SPATIAL_INDEX=YES"] : [])
            let layer = try writer.createLayer(name, geometry: geometryType, fields: layout.fields, options: options)
            try writer.inTransaction { () throws(InterchangeError) in
                for feature in collection.features {
                    let geometry = spatial ? feature.geometry.flatMap { OGRGeometryBuilder.make($0, for: geometryType) } : nil
                    try layer.add(layout.cells(of: feature), geometry: geometry)
                }
            }
            tables.append(.init(name: name, fileName: collection.fileName, features: collection.features.count, isSpatial: spatial))
        }
        let index = try writer.createLayer(
            GeoPackage.archiveTable, geometry: wkbNone, fields: GeoPackage.archiveFields, options: ["FID=fid"])
        try writer.inTransaction { () throws(InterchangeError) in
            try index.add(
                [
                    .text(GeoPackage.Entry.manifest.rawValue), .text("manifest.json"), .null, .null,
                    .text(JSONValue.object(archive.manifest.object).inlineText), .null, .null,
                ],
                geometry: nil)
            for (collection, (table, layout)) in zip(archive.allCollections, zip(tables, layouts)) {
                try index.add(
                    [
                        .text(GeoPackage.Entry.collection.rawValue), .text(collection.fileName), .text(table.name),
                        .integer(Int64(table.features)),
                        .text(JSONValue.object(collection.foreignMembers).inlineText), .null, .text(layout.record.inlineText),
                    ],
                    geometry: nil)
            }
            for file in archive.opaqueFiles {
                try index.add(
                    [.text(GeoPackage.Entry.file.rawValue), .text(file.name), .null, .null, .null, .bytes(file.bytes), .null], geometry: nil
                )
            }
        }
        try LayerStyles.write(into: writer, tables: tables, geometryColumn: GeoPackage.geometryColumn)
        try writer.close()
        return GeoPackageSummary(tables: tables)
    }

    /// A feature file's table: its name without `.geojson`; names SQLite and GeoPackage keep for
    /// themselves (`gpkg_...`, `rtree_...`, `sqlite_...`) get `ext_` in front.
    static func tableName(for fileName: String) -> String {
        var stem = fileName
        for suffix in [".geojson", ".json"] where stem.lowercased().hasSuffix(suffix) {
            stem.removeLast(suffix.count)
            break
        }
        let lowered = stem.lowercased()
        if stem.isEmpty || ["gpkg_", "rtree_", "sqlite_"].contains(where: lowered.hasPrefix) { return "ext_" + stem }
        return stem
    }
}
