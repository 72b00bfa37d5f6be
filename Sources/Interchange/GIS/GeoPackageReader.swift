// A GeoPackage written by GeoPackageWriter, read back into its archive with what was edited in
// it since (in QGIS, with sqlite3): TableEdits.swift says how cells, geometries, added and deleted
// rows become the features' changes, EditChecks.swift what is checked. `imdf_archive` gives the
// manifest, each file's name, collection members and column layout, the order of the files, and
// the files kept byte for byte. An untouched GeoPackage gives back exactly the archive written.

import CGDAL
import Foundation
import IMDF

/// An archive read back from a GeoPackage, with what was left out of it and what was edited.
public struct GeoPackageArchive: Sendable {
    public var archive: IMDFArchive
    /// Tables that are not part of the archive (added in a GIS), each said in a sentence.
    public var warnings: [String]
    public var edits: GeoPackageEdits
}

public enum GeoPackageReader {
    /// At most this many problems are listed when edits are refused.
    static let listedProblems = 20

    /// `limits` apply as to any archive read: the GeoPackage in all under `maxTotalBytes`, each
    /// file it holds (a row of imdf_archive) under `maxFileBytes`.
    public static func read(_ path: String, limits: ArchiveLimits = .standard) throws(InterchangeError) -> GeoPackageArchive {
        let (kind, size) = FileSystem.status(of: path)
        switch kind {
        case .missing: throw InterchangeError("\(path): no such file")
        case .directory: throw InterchangeError("\(path): is a folder, not a GeoPackage")
        case .file: break
        case .symbolicLink, .other: throw InterchangeError("\(path): not a regular file, which a GeoPackage is")
        }
        guard size <= limits.maxTotalBytes else {
            throw InterchangeError(
                "\(path): \(ArchiveLimits.describe(size)), over the \(ArchiveLimits.describe(limits.maxTotalBytes)) an archive may hold (--max-total sets it)"
            )
        }
        let source: VectorSource
        do {
            source = try VectorSource(path: path, drivers: ["GPKG"])
        } catch {
            throw InterchangeError("\(path): not a GeoPackage\(GDALRuntime.lastError.map { " (\($0))" } ?? "")")
        }
        guard let index = source.layer(named: GeoPackage.archiveTable) else {
            throw InterchangeError(
                "\(path): a GeoPackage imdf did not write (it has no \(GeoPackage.archiveTable) table); only GeoPackages written by imdf convert read back as an archive"
            )
        }
        let rows = try ArchiveRows(index, path: path, limits: limits)
        guard let manifestText = rows.manifest else {
            throw InterchangeError("\(path): \(GeoPackage.archiveTable) has no manifest row")
        }
        let manifest = Manifest(object: try object(manifestText, path: path, what: "\(GeoPackage.archiveTable): the manifest"))

        // Every table's rows first: the derived level columns are compared with the levels as
        // imdf wrote them, whatever was edited in the level table since.
        var tables: [(entry: ArchiveRows.Collection, rows: GeoPackageRows, layout: TableLayout)] = []
        var unknownColumns: [String] = []
        for entry in rows.collections {
            guard let layer = source.layer(named: entry.table) else {
                throw InterchangeError("\(path): the table \(entry.table) (\(entry.fileName)) is missing")
            }
            var recorded: TableLayout?
            if let text = entry.columns {
                guard let value = try? GeoJSONReader.readJSON(Array(text.utf8)),
                    let layout = TableLayout(record: value, levels: LevelDirectory())
                else {
                    throw InterchangeError("\(path): \(GeoPackage.archiveTable): the columns of \(entry.fileName) are not a column list")
                }
                // Two columns showing one property (or one column named twice): which holds the
                // value cannot be told, and writing both would give the feature one key twice.
                for (index, column) in layout.columns.enumerated() {
                    if let other = layout.columns[..<index].first(where: { $0.source == column.source || $0.name == column.name }) {
                        throw InterchangeError(
                            "\(path): \(GeoPackage.archiveTable): the columns of \(entry.fileName) show one value twice (\(other.name) and \(column.name)); which holds it cannot be told; nothing written"
                        )
                    }
                }
                recorded = layout
            }
            let read = try GeoPackageRows.read(layer, layout: recorded, path: path)
            tables.append((entry, read.rows, read.layout))
            unknownColumns += read.unknownColumns.map { "\(entry.table).\($0)" }
        }
        let writtenLevels = tables.first { $0.entry.fileName == FeatureType.level.fileName }?.rows.rows.compactMap(\.feature) ?? []
        let levels = LevelDirectory(writtenLevels, language: manifest.language)

        var problems: [EditProblem] = []
        var results: [TableResult] = []
        for table in tables {
            let layout = TableLayout(columns: table.layout.columns, levels: levels)
            results.append(
                TableEdits.apply(
                    table.rows, layout: layout, fileName: table.entry.fileName, written: table.entry.features, problems: &problems))
        }
        EditChecks.check(results, problems: &problems)
        guard problems.isEmpty else {
            // In the tables' order, then by row, whichever check found them.
            let order = Dictionary(tables.enumerated().map { ($1.rows.table, $0) }, uniquingKeysWith: { first, _ in first })
            problems = problems.enumerated().sorted { a, b in
                (order[a.element.table] ?? 0, a.element.fid, a.offset) < (order[b.element.table] ?? 0, b.element.fid, b.offset)
            }.map(\.element)
            var lines = problems.prefix(listedProblems).map { $0.text(path: path) }
            if problems.count > listedProblems { lines.append("and \(problems.count - listedProblems) more problems") }
            throw InterchangeError(lines.joined(separator: "\n"))
        }

        var collections: [FeatureType: FeatureCollection] = [:]
        var extensions: [FeatureCollection] = []
        var edits = GeoPackageEdits()
        for (table, result) in zip(tables, results) {
            var collection = FeatureCollection(fileName: table.entry.fileName, features: result.features)
            collection.foreignMembers = try object(
                table.entry.members, path: path, what: "\(GeoPackage.archiveTable): the members of \(table.entry.fileName)")
            if let type = result.imdfType {
                guard collections[type] == nil else {
                    throw InterchangeError("\(path): \(GeoPackage.archiveTable) lists \(table.entry.fileName) twice")
                }
                collections[type] = collection
            } else {
                extensions.append(collection)
            }
            edits.changed += result.changes
            edits.added += result.added
            edits.deleted += result.deleted
        }
        let known = Set(rows.collections.map(\.table) + [GeoPackage.archiveTable, LayerStyles.table])
        var warnings = source.layers.map(\.name).filter { !known.contains($0) }.map { table in
            "\(path): left out the table \(table): it is not part of the archive imdf wrote"
        }
        warnings += unknownColumns.map { column in
            "\(path): left out the column \(column): it shows no property imdf wrote (a new property is added with `set REF KEY=VALUE`, `--custom` for keys IMDF does not define)"
        }
        let archive = IMDFArchive(manifest: manifest, collections: collections, extensions: extensions, opaqueFiles: rows.files)
        edits.shortIDs = ShortIDs(archive.allCollections.lazy.flatMap(\.features).map(\.id))
        return GeoPackageArchive(archive: archive, warnings: warnings, edits: edits)
    }

    private static func object(_ text: String?, path: String, what: String) throws(InterchangeError) -> JSONObject {
        guard let text else { return JSONObject() }
        guard let value = try? GeoJSONReader.readJSON(Array(text.utf8)), let object = value.objectValue else {
            throw InterchangeError("\(path): \(what) is not a JSON object")
        }
        return object
    }
}

/// The rows of `imdf_archive`, in order.
private struct ArchiveRows {
    struct Collection {
        var fileName: String
        var table: String
        var members: String?
        /// How many rows imdf wrote.
        var features: Int?
        /// The table's layout (TableLayoutRecord.swift); nil in GeoPackages written before it was kept.
        var columns: String?
    }

    var manifest: String?
    var collections: [Collection] = []
    var files: [IMDFArchive.OpaqueFile] = []

    init(_ layer: VectorLayer, path: String, limits: ArchiveLimits) throws(InterchangeError) {
        let table = GeoPackage.archiveTable
        guard let definition = OGR_L_GetLayerDefn(layer.handle) else { throw InterchangeError("\(path): \(table) cannot be read") }
        var columns: [String: Int32] = [:]
        for field in GeoPackage.archiveFields {
            let index = OGR_FD_GetFieldIndex(definition, field.name)
            guard index >= 0 else {
                if field.name == "columns" { continue }
                throw InterchangeError("\(path): \(table) has no \(field.name) column")
            }
            columns[field.name] = index
        }
        OGR_L_ResetReading(layer.handle)
        while let feature = OGR_L_GetNextFeature(layer.handle) {
            defer { OGR_F_Destroy(feature) }
            func text(_ name: String) -> String? {
                guard let index = columns[name], OGR_F_IsFieldSetAndNotNull(feature, index) != 0 else { return nil }
                return OGR_F_GetFieldAsString(feature, index).map { String(cString: $0) }
            }
            let row = OGR_F_GetFID(feature)
            for name in ["json", "content"] {
                guard let index = columns[name], OGR_F_IsFieldSetAndNotNull(feature, index) != 0 else { continue }
                var count: Int32 = 0
                let length: UInt64 =
                    name == "content"
                    ? (OGR_F_GetFieldAsBinary(feature, index, &count) != nil ? UInt64(max(0, count)) : 0)
                    : UInt64(OGR_F_GetFieldAsString(feature, index).map { strlen($0) } ?? 0)
                guard length <= limits.maxFileBytes else {
                    throw InterchangeError(
                        "\(path): \(table), row \(row): a file of \(ArchiveLimits.describe(length)), over the \(ArchiveLimits.describe(limits.maxFileBytes)) a file may hold (--max-size sets it)"
                    )
                }
            }
            switch text("entry").flatMap(GeoPackage.Entry.init) {
            case .manifest:
                manifest = text("json")
            case .collection:
                guard let name = text("name"), let tableName = text("table_name") else {
                    throw InterchangeError("\(path): \(table), row \(row): a feature file without its name or table")
                }
                try Self.checkName(name, path, table, row)
                collections.append(
                    Collection(
                        fileName: name, table: tableName, members: text("json"), features: text("features").flatMap { Int($0) },
                        columns: text("columns")))
            case .file:
                guard let name = text("name") else { throw InterchangeError("\(path): \(table), row \(row): a file without its name") }
                try Self.checkName(name, path, table, row)
                var count: Int32 = 0
                let content = columns["content"]!
                let bytes = OGR_F_IsFieldSetAndNotNull(feature, content) != 0 ? OGR_F_GetFieldAsBinary(feature, content, &count) : nil
                files.append(
                    IMDFArchive.OpaqueFile(name: name, bytes: bytes.map { Array(UnsafeBufferPointer(start: $0, count: Int(count))) } ?? []))
            case nil:
                throw InterchangeError(
                    "\(path): \(table), row \(row): the entry is \(text("entry") ?? "empty"), not manifest, collection or file")
            }
        }
    }

    /// A member's name as the archive will have it: one plain file name (MemberName), or the
    /// GeoPackage is refused naming the row.
    static func checkName(_ name: String, _ path: String, _ table: String, _ row: Int64) throws(InterchangeError) {
        if let problem = MemberName.problem(name) {
            throw InterchangeError("\(path): \(table), row \(row): the file name \"\(name)\" is refused: \(problem)")
        }
    }
}
