// The rows of one feature table of a GeoPackage imdf wrote, as they are now (perhaps edited in a
// GIS): each row's fid, the feature its `imdf_json` cell holds (none in a row added outside
// imdf), the cell of every column the layout names, and its geometry as ISO WKB.

import CGDAL
import Foundation
import IMDF

struct GeoPackageRows {
    struct Row {
        var fid: Int64
        /// The feature as imdf wrote it; nil when the row has no `imdf_json` (added in a GIS).
        var feature: Feature?
        /// One cell per layout column, nil where the table has no such column (dropped in a GIS).
        var cells: [Cell?]
        /// The row's geometry as ISO WKB, nil when it has none.
        var geometry: [UInt8]?
    }

    let table: String
    /// The geometry type of the table (wkbNone without a geometry column).
    let geometryType: OGRwkbGeometryType
    var rows: [Row]

    /// Reads every row. `layout` names the columns; nil works it out from the features, as the
    /// writer did (GeoPackages written before the layout was recorded).
    static func read(_ layer: VectorLayer, layout: TableLayout?, path: String) throws(InterchangeError) -> (
        rows: GeoPackageRows, layout: TableLayout, unknownColumns: [String]
    ) {
        let table = layer.name
        guard let definition = OGR_L_GetLayerDefn(layer.handle) else {
            throw InterchangeError("\(path): the table \(table) cannot be read")
        }
        let jsonColumn = OGR_FD_GetFieldIndex(definition, TableLayout.featureColumn)
        guard jsonColumn >= 0 else {
            throw InterchangeError(
                "\(path): the table \(table) has no \(TableLayout.featureColumn) column, which holds each whole feature; it cannot be read back"
            )
        }
        var text = header
        var ranges: [Range<Int>?] = []
        var fids: [Int64] = []
        var rawCells: [[String: Cell]] = []
        var anyFeature = false
        var geometries: [[UInt8]?] = []
        let fieldNames = layer.fieldNames
        OGR_L_ResetReading(layer.handle)
        CPLErrorReset()
        while let feature = OGR_L_GetNextFeature(layer.handle) {
            defer { OGR_F_Destroy(feature) }
            fids.append(Int64(OGR_F_GetFID(feature)))
            if OGR_F_IsFieldSetAndNotNull(feature, jsonColumn) != 0, let cell = OGR_F_GetFieldAsString(feature, jsonColumn),
                cell.pointee != 0
            {
                if anyFeature { text.append(contentsOf: [UInt8(ascii: ","), UInt8(ascii: "\n")]) }
                anyFeature = true
                let start = text.count
                text.append(
                    contentsOf: UnsafeBufferPointer(start: UnsafeRawPointer(cell).assumingMemoryBound(to: UInt8.self), count: strlen(cell)))
                ranges.append(start..<text.count)
            } else {
                ranges.append(nil)
            }
            var cells: [String: Cell] = [:]
            for (index, name) in fieldNames.enumerated() where Int32(index) != jsonColumn {
                cells[name] = Self.cell(feature, Int32(index))
            }
            rawCells.append(cells)
            geometries.append(
                OGR_F_GetGeometryRef(feature).flatMap { OGR_G_IsEmpty($0) == 0 ? OGRGeometryReader.wellKnownBinary($0) : nil })
        }
        if CPLGetLastErrorType() == CE_Failure, let error = GDALRuntime.lastError {
            throw InterchangeError("\(path): the table \(table): \(error)")
        }
        text.append(contentsOf: footer)
        let features = try Self.features(text, ranges: ranges, fids: fids, table: table, path: path)

        let layout =
            layout ?? TableLayout(features: features.compactMap { $0 }, wholeFeature: true, names: UniqueNames(reserved: ["fid", "geom"]))
        let rows = fids.indices.map { index in
            Row(
                fid: fids[index], feature: features[index],
                cells: layout.columns.map { column in rawCells[index][column.name].map { Self.typed($0, as: column.kind) } },
                geometry: geometries[index])
        }
        let geometryType = OGR_L_GetGeomType(layer.handle)
        // Columns added in a GIS, which no property of the layout shows: not read, and said so.
        let known = Set(layout.columns.map(\.name) + [TableLayout.featureColumn])
        let unknown = fieldNames.filter { !known.contains($0) }
        return (GeoPackageRows(table: table, geometryType: geometryType, rows: rows), layout, unknown)
    }

    /// The features of the rows that have `imdf_json`, read as one FeatureCollection (and row by
    /// row when that fails, to say which row is wrong); nil for the rows without.
    private static func features(_ text: [UInt8], ranges: [Range<Int>?], fids: [Int64], table: String, path: String)
        throws(InterchangeError) -> [Feature?]
    {
        let present = ranges.compactMap { $0 }
        if let collection = try? GeoJSONReader.read(text), collection.features.count == present.count {
            var next = collection.features.makeIterator()
            return ranges.map { $0 == nil ? nil : next.next() }
        }
        for (range, fid) in zip(ranges, fids) {
            guard let range else { continue }
            let problem: String
            do {
                let alone = try GeoJSONReader.read(header + text[range] + footer)
                guard alone.features.count != 1 else { continue }
                problem = "it holds \(alone.features.count) features, not one"
            } catch {
                problem = error.problems.first?.message ?? "unreadable"
            }
            throw InterchangeError(
                "\(path): the table \(table), row \(fid): \(TableLayout.featureColumn) is not an IMDF feature: \(problem)")
        }
        throw InterchangeError("\(path): the table \(table): its \(TableLayout.featureColumn) cells do not read as a feature each")
    }

    /// A cell as GDAL typed its field.
    private static func cell(_ feature: OGRFeatureH, _ index: Int32) -> Cell {
        guard OGR_F_IsFieldSetAndNotNull(feature, index) != 0, let definition = OGR_F_GetFieldDefnRef(feature, index) else { return .null }
        switch OGR_Fld_GetType(definition) {
        case OFTInteger, OFTInteger64: return .integer(Int64(OGR_F_GetFieldAsInteger64(feature, index)))
        case OFTReal: return .real(OGR_F_GetFieldAsDouble(feature, index))
        case OFTBinary:
            var count: Int32 = 0
            guard let bytes = OGR_F_GetFieldAsBinary(feature, index, &count) else { return .bytes([]) }
            return .bytes(Array(UnsafeBufferPointer(start: bytes, count: Int(count))))
        default: return .text(OGR_F_GetFieldAsString(feature, index).map { String(cString: $0) } ?? "")
        }
    }

    /// A cell as a column of `kind` holds it, so it compares with what the writer made: a
    /// boolean column's integers as booleans, an integer typed into a real column as a real.
    private static func typed(_ cell: Cell, as kind: FieldKind) -> Cell {
        switch (kind, cell) {
        case (.boolean, .integer(let value)): return .boolean(value != 0)
        case (.real, .integer(let value)): return .real(Double(value))
        case (.text, .integer(let value)), (.json, .integer(let value)): return .text(String(value))
        case (.text, .real(let value)), (.json, .real(let value)): return .text(JSONNumber(value)?.text ?? String(value))
        default: return cell
        }
    }

    private static let header = Array("{\"type\": \"FeatureCollection\", \"features\": [\n".utf8)
    private static let footer = Array("\n]}\n".utf8)
}
