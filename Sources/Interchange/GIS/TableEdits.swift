// A table's rows made features again, with what was edited in a GIS taken in. The columns and
// the geometry are what a person sees and changes, so they win over `imdf_json`: each cell is
// compared with the cell the writer made from the row's `imdf_json`, and only a cell that differs
// is an edit - so an untouched row gives back its feature exactly, key order and number text
// included, and an edited one changes only the properties edited.
//
// - a changed property cell sets the property (in place; a new IMDF key where the specification
//   orders it); a NULL cell clears it as `unset` does (an IMDF key becomes null, another key is
//   removed; a required key is refused); a `name_en` cell sets or removes that one label;
// - a changed geometry replaces the feature's (a one-part Multi geometry written for a
//   single one comes back single);
// - a row without `imdf_json` (added in a GIS) is a new feature with a fresh v4 UUID, of the
//   table's type, with its properties from its cells;
// - a row deleted is a feature deleted;
// - the id and the derived level columns cannot be edited, and a copied row (two rows holding
//   one feature) is refused.
//
// Problems are collected, each at its table, row and column, so that every one is reported and
// nothing is written; EditChecks.swift checks what needs the whole archive (references).

import CGDAL
import Foundation
import IMDF

/// A problem with a row of a GeoPackage table, located for the message.
struct EditProblem: Equatable {
    var table: String
    var fid: Int64
    var column: String?
    var message: String

    func text(path: String) -> String {
        "\(path): table \(table), row \(fid) (fid)" + (column.map { ", column \($0)" } ?? "") + ": \(message)"
    }
}

/// The features of one table after its edits were taken in.
struct TableResult {
    var table: String
    var fileName: String
    var imdfType: FeatureType?
    var layout: TableLayout
    var features: [Feature] = []
    /// Each feature's row.
    var fids: [Int64] = []
    /// The properties a person set, for the checks that need the whole archive.
    var editedKeys: [(feature: Int, column: String, key: String)] = []
    var changes: [GeoPackageEdits.Change] = []
    var added: [GeoPackageEdits.Change] = []
    var deleted = 0

    /// The column showing `key`, or the key itself where the table has none.
    func columnName(for key: String) -> String {
        layout.columns.first { $0.source == .property(key) }?.name ?? key
    }
}

enum TableEdits {
    private struct CellProblem: Error {
        var message: String
        init(_ message: String) { self.message = message }
    }

    /// The table's features with their edits; `written` is how many rows imdf wrote (nil when
    /// the GeoPackage does not say).
    static func apply(_ rows: GeoPackageRows, layout: TableLayout, fileName: String, written: Int?, problems: inout [EditProblem])
        -> TableResult
    {
        let imdfType = FeatureType.allCases.first { $0.fileName == fileName }
        var result = TableResult(table: rows.table, fileName: fileName, imdfType: imdfType, layout: layout)
        let extensionType = rows.rows.lazy.compactMap { $0.feature?.featureType }.first ?? rows.table
        var rowOfID: [String: Int64] = [:]
        for row in rows.rows {
            func problem(_ column: String?, _ message: String) {
                problems.append(EditProblem(table: rows.table, fid: row.fid, column: column, message: message))
            }
            let position = result.features.count
            var edited: [(column: String, key: String)] = []
            var feature: Feature
            var changed: [String] = []
            if let original = row.feature {
                if let earlier = rowOfID.updateValue(row.fid, forKey: original.id) {
                    problem(
                        nil,
                        "holds the same feature (\(original.id.prefix(8))) as row \(earlier): a copied row keeps \(TableLayout.featureColumn); empty the copy's \(TableLayout.featureColumn) to make it a new feature"
                    )
                    continue
                }
                feature = original
                let expected = layout.cells(of: original, wholeFeature: false)
                for (index, column) in layout.columns.enumerated() {
                    guard column.source != .wholeFeature, let cell = row.cells[index], cell != expected[index] else { continue }
                    // A derived cell that cannot be worked out (its level is gone) is not compared.
                    if column.source.isDerived && expected[index] == .null { continue }
                    do {
                        if let key = try take(cell, column: column, into: &feature, type: imdfType) { edited.append((column.name, key)) }
                        changed.append(column.name)
                    } catch {
                        problem(column.name, error.message)
                    }
                }
            } else {
                feature =
                    imdfType.map { Feature($0, id: FeatureID.random(), geometry: nil, values: [:]) }
                    ?? Feature(id: FeatureID.random(), featureType: extensionType, geometry: nil, properties: JSONObject())
                for (index, column) in layout.columns.enumerated() {
                    guard let cell = row.cells[index], cell != .null else { continue }
                    switch column.source {
                    case .property, .label:
                        do {
                            if let key = try take(cell, column: column, into: &feature, type: imdfType) {
                                edited.append((column.name, key))
                            }
                        } catch {
                            problem(column.name, error.message)
                        }
                    case .id, .wholeFeature, .levelName, .levelOrdinal:
                        // A new row's id is made here, and what is derived follows from level_id.
                        continue
                    }
                }
                if let imdfType {
                    for spec in imdfType.schema where spec.isRequired && (feature.properties[spec.key] ?? .null).isNull {
                        guard spec.kind != .labels else {
                            problem(
                                nil, "a new \(imdfType.rawValue) needs \(spec.key) (a \(spec.key)_LANGUAGE column such as \(spec.key)_en)")
                            continue
                        }
                        problem(result.columnName(for: spec.key), "a new \(imdfType.rawValue) needs \(spec.key)")
                    }
                }
            }
            if rows.geometryType != wkbNone {
                let written = row.feature.flatMap { Self.writtenGeometry($0, layerType: rows.geometryType) }
                if row.feature == nil || row.geometry != written {
                    let isNew = row.feature == nil
                    do {
                        feature.geometry = try geometry(row.geometry, replacing: row.feature?.geometry, type: imdfType, isNew: isNew)
                        if !isNew { changed.append("geometry") }
                    } catch {
                        problem(GeoPackage.geometryColumn, error.message)
                    }
                }
            }
            result.editedKeys += edited.map { (position, $0.column, $0.key) }
            result.features.append(feature)
            result.fids.append(row.fid)
            if row.feature == nil {
                result.added.append(.init(featureType: feature.featureType, id: feature.id, columns: []))
            } else if !changed.isEmpty {
                result.changes.append(.init(featureType: feature.featureType, id: feature.id, columns: changed))
            }
        }
        let kept = rows.rows.count - result.added.count
        result.deleted = max(0, (written ?? kept) - kept)
        return result
    }

    /// Takes a cell's value into the feature; returns the property key whose value the archive
    /// checks must see (nil for a label).
    private static func take(_ cell: Cell, column: TableLayout.Column, into feature: inout Feature, type: FeatureType?) throws(CellProblem)
        -> String?
    {
        switch column.source {
        case .id:
            throw CellProblem(
                "the id is the feature's IMDF id, kept in \(TableLayout.featureColumn), and cannot be changed; to make the row a new feature, empty its \(TableLayout.featureColumn)"
            )
        case .levelName:
            throw CellProblem("level_name is derived from level_id; change level_id, or rename the level in the level table")
        case .levelOrdinal:
            throw CellProblem("level_ordinal is derived from level_id; change level_id, or change the ordinal in the level table")
        case .wholeFeature:
            return nil
        case .property(let key):
            var value = try value(of: cell, kind: column.kind)
            if column.kind == .text, case .string(let text)? = value, let spec = type?.spec(forKey: key) {
                value = typedText(text, kind: spec.kind)
            }
            try set(key, value, on: &feature, type: type)
            return key
        case .label(let key, let language):
            var labels = feature.properties[key]?.objectValue ?? JSONObject()
            guard case .text(let text) = cell else {
                labels[language] = nil
                try set(key, labels.isEmpty ? nil : .object(labels), on: &feature, type: type)
                return nil
            }
            labels[language] = .string(text)
            feature.setProperty(key, .object(labels))
            return nil
        }
    }

    /// Text typed into a text column for a property that is not text (a column of nulls is a text
    /// column): JSON where it reads as JSON (`2`, `true`, `["wheelchair"]`), and for a list of
    /// categories or ids also `wheelchair,braille` as the prompt takes it; else the text itself,
    /// which the checks then refuse with the reason.
    private static func typedText(_ text: String, kind: PropertyKind) -> JSONValue {
        switch kind {
        case .string, .labels, .category, .reference, .uuid, .phone, .website, .countryCode, .subdivisionCode, .oneOf, .hours:
            return .string(text)
        case .categoryArray, .referenceArray:
            if let parsed = try? GeoJSONReader.readJSON(Array(text.utf8)) { return parsed }
            return .array(text.split(separator: ",").map { .string($0.trimmingCharacters(in: .whitespaces)) })
        default:
            return (try? GeoJSONReader.readJSON(Array(text.utf8))) ?? .string(text)
        }
    }

    /// A property set to `value`, or cleared as `unset` clears it.
    private static func set(_ key: String, _ value: JSONValue?, on feature: inout Feature, type: FeatureType?) throws(CellProblem) {
        if let value, !value.isNull {
            feature.setProperty(key, value)
        } else if let type, let spec = type.spec(forKey: key) {
            if spec.isRequired { throw CellProblem("\(EditChecks.aOrAn(type.rawValue)) needs \(key); it cannot be emptied") }
            feature.setProperty(key, .null)
        } else {
            feature.removeProperty(key)
        }
    }

    /// A cell's value as the property's JSON; nil for NULL.
    private static func value(of cell: Cell, kind: FieldKind) throws(CellProblem) -> JSONValue? {
        switch cell {
        case .null: return nil
        case .boolean(let flag): return .bool(flag)
        case .integer(let number): return kind == .boolean ? .bool(number != 0) : .number(JSONNumber(Int(number)))
        case .real(let number):
            guard let json = JSONNumber(number) else { throw CellProblem("\(number) is not a number JSON can hold") }
            return .number(json)
        case .text(let text) where kind == .json:
            guard let parsed = try? GeoJSONReader.readJSON(Array(text.utf8)) else {
                throw CellProblem("\(text) is not JSON (this column holds JSON values: text in double quotes, lists in [ ])")
            }
            return parsed
        case .text(let text): return .string(text)
        case .utf8(let bytes): return .string(String(decoding: bytes, as: UTF8.self))
        case .bytes: throw CellProblem("binary data is not a property value")
        }
    }

    /// The geometry of a row whose geometry cell changed (or of a new row): from its WKB, the
    /// third coordinate kept where the feature had one, a one-part Multi geometry made single
    /// where the feature's was single (or the row is new), checked against the feature type.
    private static func geometry(_ wkb: [UInt8]?, replacing original: IMDF.Geometry?, type: FeatureType?, isNew: Bool) throws(CellProblem)
        -> IMDF.Geometry?
    {
        var geometry: IMDF.Geometry?
        if let wkb {
            var hadZ = false
            original?.forEachPosition { if $0.z != nil { hadZ = true } }
            guard let read = OGRGeometryReader.geometry(wellKnownBinary: wkb, keepZ: hadZ || (isNew && wkbHasZ(wkb))) else {
                throw CellProblem("the geometry cannot be read as GeoJSON (a curve or an empty shape?)")
            }
            let wasMulti = original.map { $0.typeName.hasPrefix("Multi") } ?? false
            geometry = read.isOnePartCollection && !wasMulti ? read.singlePart : read
        }
        if let type, !type.geometryRule.allows(geometry) {
            throw CellProblem(
                "\(EditChecks.aOrAn(type.rawValue)) needs \(type.geometryRule.description); \(geometry.map { "this is a " + $0.typeName } ?? "the row has none")"
            )
        }
        return geometry
    }

    /// Whether ISO WKB has z coordinates (its type code is in the 1000s or 3000s).
    private static func wkbHasZ(_ wkb: [UInt8]) -> Bool {
        guard wkb.count >= 5 else { return false }
        let code =
            wkb[0] == 1
            ? UInt32(wkb[1]) | UInt32(wkb[2]) << 8 | UInt32(wkb[3]) << 16 | UInt32(wkb[4]) << 24
            : UInt32(wkb[4]) | UInt32(wkb[3]) << 8 | UInt32(wkb[2]) << 16 | UInt32(wkb[1]) << 24
        return (1000..<2000).contains(code) || (3000..<4000).contains(code)
    }

    /// The geometry cell the writer made for `feature`, as ISO WKB.
    private static func writtenGeometry(_ feature: Feature, layerType: OGRwkbGeometryType) -> [UInt8]? {
        guard let geometry = feature.geometry, let made = OGRGeometryBuilder.make(geometry, for: layerType) else { return nil }
        defer { OGR_G_DestroyGeometry(made) }
        return OGR_G_IsEmpty(made) == 0 ? OGRGeometryReader.wellKnownBinary(made) : nil
    }
}
