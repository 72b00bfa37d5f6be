// A GeoPackage written by GeoPackageWriter, read back into the archive it was written from.
//
// Every feature comes from its `imdf_json` cell, so ids, properties and their order, numbers as
// written, geometry and features without geometry come back exactly; `imdf_archive` gives the
// manifest, each file's name and collection members, the order of the files, and the files kept
// byte for byte. The other columns and the geometry column are a view for GIS software: what is
// changed in them is not read back. A row deleted in a GIS is a feature deleted.

import CGDAL
import Foundation
import IMDF

/// An archive read back from a GeoPackage, with what was left out of it.
public struct GeoPackageArchive: Sendable {
    public var archive: IMDFArchive
    /// Tables that are not part of the archive (added in a GIS), each said in a sentence.
    public var warnings: [String]
}

public enum GeoPackageReader {
    public static func read(_ path: String) throws(InterchangeError) -> GeoPackageArchive {
        switch FileSystem.status(of: path).kind {
        case .missing: throw InterchangeError("\(path): no such file")
        case .directory: throw InterchangeError("\(path): is a folder, not a GeoPackage")
        default: break
        }
        let source: VectorSource
        do {
            source = try VectorSource(path: path, drivers: ["GPKG"])
        } catch {
            throw InterchangeError("\(path): not a GeoPackage\(GDALRuntime.lastError.map { " (\($0))" } ?? "")")
        }
        guard let index = source.layer(named: GeoPackage.archiveTable) else {
            throw InterchangeError("\(path): a GeoPackage imdf did not write (it has no \(GeoPackage.archiveTable) table); only GeoPackages written by imdf convert read back as an archive")
        }
        let rows = try ArchiveRows(index, path: path)
        guard let manifestText = rows.manifest else {
            throw InterchangeError("\(path): \(GeoPackage.archiveTable) has no manifest row")
        }
        let manifest = try object(manifestText, path: path, what: "\(GeoPackage.archiveTable): the manifest")

        var collections: [FeatureType: FeatureCollection] = [:]
        var extensions: [FeatureCollection] = []
        for entry in rows.collections {
            guard let layer = source.layer(named: entry.table) else {
                throw InterchangeError("\(path): the table \(entry.table) (\(entry.fileName)) is missing")
            }
            var collection = try features(of: layer, path: path)
            collection.fileName = entry.fileName
            collection.foreignMembers = try object(entry.members, path: path, what: "\(GeoPackage.archiveTable): the members of \(entry.fileName)")
            if let type = FeatureType.allCases.first(where: { $0.fileName == entry.fileName }) {
                guard collections[type] == nil else { throw InterchangeError("\(path): \(GeoPackage.archiveTable) lists \(entry.fileName) twice") }
                collections[type] = collection
            } else {
                extensions.append(collection)
            }
        }
        let known = Set(rows.collections.map(\.table) + [GeoPackage.archiveTable])
        let warnings = source.layers.map(\.name).filter { !known.contains($0) }.map { table in
            "\(path): left out the table \(table): it is not part of the archive imdf wrote"
        }
        let archive = IMDFArchive(
            manifest: Manifest(object: manifest), collections: collections, extensions: extensions, opaqueFiles: rows.files)
        return GeoPackageArchive(archive: archive, warnings: warnings)
    }

    /// The features of a table, from its `imdf_json` cells in row order, read as one
    /// FeatureCollection (and row by row when that fails, to say which row is wrong).
    private static func features(of layer: VectorLayer, path: String) throws(InterchangeError) -> FeatureCollection {
        let table = layer.name
        guard let definition = OGR_L_GetLayerDefn(layer.handle) else { throw InterchangeError("\(path): the table \(table) cannot be read") }
        let column = OGR_FD_GetFieldIndex(definition, TableLayout.featureColumn)
        guard column >= 0 else {
            throw InterchangeError("\(path): the table \(table) has no \(TableLayout.featureColumn) column, which holds each whole feature; it cannot be read back")
        }
        // Only the one column is read: no geometry is decoded, no other cell converted.
        let ignored = layer.fieldNames.filter { $0 != TableLayout.featureColumn } + ["OGR_GEOMETRY", "OGR_STYLE"]
        _ = CStringList.with(ignored) { list in OGR_L_SetIgnoredFields(layer.handle, UnsafeMutablePointer(mutating: list)) }
        defer { _ = OGR_L_SetIgnoredFields(layer.handle, nil) }

        var text = header
        var rows: [(fid: Int64, range: Range<Int>)] = []
        OGR_L_ResetReading(layer.handle)
        CPLErrorReset()
        while let feature = OGR_L_GetNextFeature(layer.handle) {
            defer { OGR_F_Destroy(feature) }
            let fid = Int64(OGR_F_GetFID(feature))
            guard OGR_F_IsFieldSetAndNotNull(feature, column) != 0, let cell = OGR_F_GetFieldAsString(feature, column), cell.pointee != 0 else {
                throw InterchangeError("\(path): the table \(table), row \(fid): \(TableLayout.featureColumn) is empty (a row added outside imdf cannot be read back)")
            }
            if !rows.isEmpty { text.append(contentsOf: [UInt8(ascii: ","), UInt8(ascii: "\n")]) }
            let start = text.count
            text.append(contentsOf: UnsafeBufferPointer(start: UnsafeRawPointer(cell).assumingMemoryBound(to: UInt8.self), count: strlen(cell)))
            rows.append((fid, start..<text.count))
        }
        if CPLGetLastErrorType() == CE_Failure, let error = GDALRuntime.lastError {
            throw InterchangeError("\(path): the table \(table): \(error)")
        }
        text.append(contentsOf: footer)
        if let collection = try? GeoJSONReader.read(text), collection.features.count == rows.count { return collection }
        // Something is wrong: each row on its own says which.
        for row in rows {
            let problem: String
            do {
                let alone = try GeoJSONReader.read(header + text[row.range] + footer)
                guard alone.features.count != 1 else { continue }
                problem = "it holds \(alone.features.count) features, not one"
            } catch {
                problem = error.problems.first?.message ?? "unreadable"
            }
            throw InterchangeError("\(path): the table \(table), row \(row.fid): \(TableLayout.featureColumn) is not an IMDF feature: \(problem)")
        }
        throw InterchangeError("\(path): the table \(table): its \(TableLayout.featureColumn) cells do not read as a feature each")
    }

    private static let header = Array("{\"type\": \"FeatureCollection\", \"features\": [\n".utf8)
    private static let footer = Array("\n]}\n".utf8)

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
    }

    var manifest: String?
    var collections: [Collection] = []
    var files: [IMDFArchive.OpaqueFile] = []

    init(_ layer: VectorLayer, path: String) throws(InterchangeError) {
        let table = GeoPackage.archiveTable
        guard let definition = OGR_L_GetLayerDefn(layer.handle) else { throw InterchangeError("\(path): \(table) cannot be read") }
        var columns: [String: Int32] = [:]
        for field in GeoPackage.archiveFields {
            let index = OGR_FD_GetFieldIndex(definition, field.name)
            guard index >= 0 else { throw InterchangeError("\(path): \(table) has no \(field.name) column") }
            columns[field.name] = index
        }
        OGR_L_ResetReading(layer.handle)
        while let feature = OGR_L_GetNextFeature(layer.handle) {
            defer { OGR_F_Destroy(feature) }
            func text(_ name: String) -> String? {
                let index = columns[name]!
                guard OGR_F_IsFieldSetAndNotNull(feature, index) != 0 else { return nil }
                return OGR_F_GetFieldAsString(feature, index).map { String(cString: $0) }
            }
            let row = OGR_F_GetFID(feature)
            switch text("entry").flatMap(GeoPackage.Entry.init) {
            case .manifest:
                manifest = text("json")
            case .collection:
                guard let name = text("name"), let tableName = text("table_name") else {
                    throw InterchangeError("\(path): \(table), row \(row): a feature file without its name or table")
                }
                collections.append(Collection(fileName: name, table: tableName, members: text("json")))
            case .file:
                guard let name = text("name") else { throw InterchangeError("\(path): \(table), row \(row): a file without its name") }
                var count: Int32 = 0
                let content = columns["content"]!
                let bytes = OGR_F_IsFieldSetAndNotNull(feature, content) != 0 ? OGR_F_GetFieldAsBinary(feature, content, &count) : nil
                files.append(IMDFArchive.OpaqueFile(name: name, bytes: bytes.map { Array(UnsafeBufferPointer(start: $0, count: Int(count))) } ?? []))
            case nil:
                throw InterchangeError("\(path): \(table), row \(row): the entry is \(text("entry") ?? "empty"), not manifest, collection or file")
            }
        }
    }
}
