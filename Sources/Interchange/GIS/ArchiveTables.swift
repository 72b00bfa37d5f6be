// How the features of one archive file become the rows of a GIS table: the IMDF id, one column per
// property (LABELS one column per language, `name_en`, `name_ru`; arrays and objects as JSON
// text), and in a GeoPackage the whole feature as JSON (`imdf_json`), which is what is read back.
//
// A column's type follows from the values the property has in the table: all booleans a boolean
// column, all integers (written without a fraction or exponent) an integer column, all numbers a
// real one, all strings text; anything else (arrays, objects, a property that is a string here
// and a number there) is JSON text, strings included, so every cell of such a column is JSON.
// A property that is null or missing is a NULL cell.
//
// In a GeoPackage a table whose features have `level_id` also has `level_name` and
// `level_ordinal` after it: the level's name and ordinal, for filtering by floor without a join.
// They are derived, so they are never read back as a feature's value.

import CGDAL
import IMDF

/// Names unique within a table or a dataset, compared without regard to case as SQLite and dBASE
/// compare them. With `maxBytes`, a name is first cut to that many bytes of UTF-8 (at a character
/// boundary), keeping a label column's `_LANGUAGE` whole and cutting the property's name before
/// it (`alt_name_ru` is `alt_nam_ru`); a name already taken then ends in `_2`, `_3`, ... in place
/// of its last characters, so `postal_code` is `postal_cod` and `postal_code_ext` after it
/// `postal_c_2`.
struct UniqueNames {
    let maxBytes: Int?
    private var taken: Set<String> = []

    init(maxBytes: Int? = nil, reserved: [String] = []) {
        self.maxBytes = maxBytes
        taken = Set(reserved.map { $0.lowercased() })
    }

    /// `wanted` made unique; `kept` is an ending of it to keep whole when it is cut (when there
    /// is room for at least two characters before it).
    mutating func claim(_ wanted: String, keeping kept: String = "") -> String {
        var candidate = Self.cut(wanted, to: maxBytes)
        if let maxBytes, wanted.utf8.count > maxBytes, wanted.hasSuffix(kept), maxBytes - kept.utf8.count >= 2 {
            candidate = Self.cut(String(wanted.dropLast(kept.count)), to: maxBytes - kept.utf8.count) + kept
        }
        var number = 2
        while taken.contains(candidate.lowercased()) {
            let suffix = "_\(number)"
            candidate = Self.cut(wanted, to: maxBytes.map { $0 - suffix.utf8.count }) + suffix
            number += 1
        }
        taken.insert(candidate.lowercased())
        return candidate
    }

    /// The longest prefix of `name` that is at most `bytes` bytes of UTF-8.
    static func cut(_ name: String, to bytes: Int?) -> String {
        guard let bytes, name.utf8.count > bytes else { return name }
        var result = ""
        for character in name {
            guard result.utf8.count + character.utf8.count <= bytes else { break }
            result.append(character)
        }
        return result
    }
}

/// The columns of a table made from some features of one archive file, and each feature's row.
struct TableLayout {
    enum Source: Equatable {
        /// The feature's IMDF id.
        case id
        case property(String)
        case label(property: String, language: String)
        /// The whole feature as one-line GeoJSON.
        case wholeFeature
        /// The name of the level the feature's `level_id` names (derived, read only).
        case levelName
        /// That level's ordinal (derived, read only).
        case levelOrdinal

        /// Whether the column shows something other than the feature's own value.
        var isDerived: Bool { self == .levelName || self == .levelOrdinal }
    }

    struct Column: Equatable {
        var name: String
        var source: Source
        var kind: FieldKind
    }

    /// The column that holds the whole feature in a GeoPackage.
    static let featureColumn = "imdf_json"
    /// The IMDF id's column.
    static let idColumn = "id"

    /// The derived columns' names.
    static let levelNameColumn = "level_name"
    static let levelOrdinalColumn = "level_ordinal"

    let columns: [Column]
    /// What the derived level columns show.
    let levels: LevelDirectory

    /// `names` holds what the table has besides its columns (a GeoPackage's `fid` and `geom`);
    /// `wholeFeature` adds `imdf_json`, placed last but named before the properties, so a
    /// property called `imdf_json` becomes `imdf_json_2`. With `levels`, a `level_id` column is
    /// followed by the derived `level_name` and `level_ordinal`.
    init(features: [Feature], wholeFeature: Bool, names: UniqueNames, levels: LevelDirectory? = nil) {
        var names = names
        var columns = [Column(name: names.claim(Self.idColumn), source: .id, kind: .text)]
        let featureColumn = wholeFeature ? Column(name: names.claim(Self.featureColumn), source: .wholeFeature, kind: .json) : nil
        for (key, values) in Self.propertyValues(features) {
            if let languages = Self.languages(values) {
                for language in languages {
                    columns.append(
                        Column(
                            name: names.claim(key + "_" + language, keeping: "_" + language),
                            source: .label(property: key, language: language), kind: .text))
                }
            } else {
                columns.append(Column(name: names.claim(key), source: .property(key), kind: Self.kind(of: values)))
                if levels != nil && key == PropertyKey.levelID.rawValue {
                    columns.append(Column(name: names.claim(Self.levelNameColumn), source: .levelName, kind: .text))
                    columns.append(Column(name: names.claim(Self.levelOrdinalColumn), source: .levelOrdinal, kind: .integer))
                }
            }
        }
        if let featureColumn { columns.append(featureColumn) }
        self.columns = columns
        self.levels = levels ?? LevelDirectory()
    }

    /// A layout as recorded beside the table (see TableLayoutRecord.swift).
    init(columns: [Column], levels: LevelDirectory) {
        self.columns = columns
        self.levels = levels
    }

    var fields: [FieldDefinition] { columns.map { FieldDefinition(name: $0.name, kind: $0.kind) } }

    /// The feature's row, one cell per column; without `wholeFeature`, `imdf_json` is left NULL
    /// (for comparing a row with what was written, where writing the feature again is waste).
    func cells(of feature: Feature, wholeFeature: Bool = true) -> [Cell] {
        columns.map { column in
            switch column.source {
            case .id:
                return .text(feature.id)
            case .wholeFeature:
                return wholeFeature ? .utf8(GeoJSONWriter.write(oneLine: feature)) : .null
            case .label(let key, let language):
                return feature.properties[key]?.objectValue?[language]?.stringValue.map(Cell.text) ?? .null
            case .property(let key):
                guard let value = feature.properties[key], !value.isNull else { return .null }
                return Self.cell(value, kind: column.kind)
            case .levelName:
                return feature.string(.levelID).flatMap { levels[$0]?.name }.map(Cell.text) ?? .null
            case .levelOrdinal:
                return feature.string(.levelID).flatMap { levels[$0]?.ordinal }.map(Cell.integer) ?? .null
            }
        }
    }

    /// A property's value as a cell of a column of `kind`; NULL when the value does not fit it.
    static func cell(_ value: JSONValue, kind: FieldKind) -> Cell {
        switch kind {
        case .boolean: return value.boolValue.map(Cell.boolean) ?? .null
        case .integer: return value.numberValue.flatMap { Int64($0.text) }.map(Cell.integer) ?? .null
        case .real: return value.doubleValue.map(Cell.real) ?? .null
        case .text, .dateTime: return value.stringValue.map(Cell.text) ?? .null
        case .json, .binary: return .text(value.inlineText)
        }
    }

    /// Each property key in the order the features first use it, with its values that are not null.
    private static func propertyValues(_ features: [Feature]) -> [(key: String, values: [JSONValue])] {
        var order: [String] = []
        var values: [String: [JSONValue]] = [:]
        for feature in features {
            var seen: Set<String> = []
            for entry in feature.properties where seen.insert(entry.key).inserted {
                if values[entry.key] == nil {
                    order.append(entry.key)
                    values[entry.key] = []
                }
                if !entry.value.isNull { values[entry.key]!.append(entry.value) }
            }
        }
        return order.map { ($0, values[$0]!) }
    }

    /// The languages, in the order first used, when every value is LABELS (an object of strings)
    /// and some language is used; nil otherwise.
    private static func languages(_ values: [JSONValue]) -> [String]? {
        guard !values.isEmpty else { return nil }
        var languages: [String] = []
        var seen: Set<String> = []
        for value in values {
            guard let object = value.objectValue else { return nil }
            for entry in object {
                guard entry.value.stringValue != nil else { return nil }
                if seen.insert(entry.key).inserted { languages.append(entry.key) }
            }
        }
        return languages.isEmpty ? nil : languages
    }

    private static func kind(of values: [JSONValue]) -> FieldKind {
        guard let first = values.first else { return .text }
        switch first {
        case .bool:
            return values.allSatisfy { $0.boolValue != nil } ? .boolean : .json
        case .number:
            guard values.allSatisfy({ $0.numberValue != nil }) else { return .json }
            return values.allSatisfy { Int64($0.numberValue!.text) != nil } ? .integer : .real
        case .string:
            return values.allSatisfy { $0.stringValue != nil } ? .text : .json
        default:
            return .json
        }
    }
}

/// Each level's name (its label in the manifest's language, else its first) and ordinal, by id:
/// what the derived level columns show.
struct LevelDirectory {
    struct Level: Equatable {
        var name: String?
        var ordinal: Int64?
    }

    private var levels: [String: Level] = [:]

    init() {}

    init(_ features: [Feature], language: String?) {
        for feature in features where levels[feature.id] == nil {
            levels[feature.id] = Level(
                name: feature.labels(.name)?.preferred(language: language), ordinal: feature.integer(.ordinal).map(Int64.init))
        }
    }

    subscript(id: String) -> Level? { levels[id] }
}

/// The geometry type of a GeoPackage table: one kind where the features have one (Polygon and
/// MultiPolygon make MultiPolygon, and the polygons are written as one-part MultiPolygons), a
/// generic GEOMETRY table where kinds are mixed, no geometry column where no feature has geometry.
/// With a z coordinate anywhere, the 3D type.
enum TableGeometry {
    static func type(of features: [Feature]) -> OGRwkbGeometryType {
        var names: Set<String> = []
        var hasZ = false
        for feature in features {
            guard let geometry = feature.geometry else { continue }
            names.insert(geometry.typeName)
            if !hasZ { geometry.forEachPosition { if $0.z != nil { hasZ = true } } }
        }
        let type: OGRwkbGeometryType
        switch names {
        case []: return wkbNone
        case ["Point"]: type = wkbPoint
        case ["LineString"]: type = wkbLineString
        case ["Polygon"]: type = wkbPolygon
        case ["MultiPoint"], ["Point", "MultiPoint"]: type = wkbMultiPoint
        case ["MultiLineString"], ["LineString", "MultiLineString"]: type = wkbMultiLineString
        case ["MultiPolygon"], ["Polygon", "MultiPolygon"]: type = wkbMultiPolygon
        case ["GeometryCollection"]: type = wkbGeometryCollection
        default: type = wkbUnknown
        }
        return hasZ ? OGR_GT_SetZ(type) : type
    }
}
