// A table's layout as JSON, kept in `imdf_archive` beside the table's name: each column's name,
// kind and source. A reader needs to know which property each column shows to read edits back, and
// working it out again from the rows cannot be trusted once rows were deleted in a GIS (the one
// feature that made `postal_code` a JSON column may be gone, and with it the reason for the kind).
//
//     [{"column": "id", "kind": "text", "source": "id"},
//      {"column": "name_en", "kind": "text", "property": "name", "language": "en"},
//      {"column": "level_name", "kind": "text", "source": "level_name"}, ...]

import IMDF

extension TableLayout {
    var record: JSONValue {
        .array(
            columns.map { column in
                var object: JSONObject = ["column": .string(column.name), "kind": .string(Self.kindName(column.kind))]
                switch column.source {
                case .id: object.append(key: "source", value: "id")
                case .wholeFeature: object.append(key: "source", value: "feature")
                case .levelName: object.append(key: "source", value: "level_name")
                case .levelOrdinal: object.append(key: "source", value: "level_ordinal")
                case .property(let key): object.append(key: "property", value: .string(key))
                case .label(let key, let language):
                    object.append(key: "property", value: .string(key))
                    object.append(key: "language", value: .string(language))
                }
                return .object(object)
            })
    }

    /// The layout `record` describes; nil when it is not one.
    init?(record: JSONValue, levels: LevelDirectory) {
        guard let items = record.arrayValue else { return nil }
        var columns: [Column] = []
        for item in items {
            guard let object = item.objectValue, let name = object["column"]?.stringValue,
                let kind = object["kind"]?.stringValue.flatMap(Self.kind(named:))
            else { return nil }
            let source: Source
            if let key = object["property"]?.stringValue {
                source = object["language"]?.stringValue.map { .label(property: key, language: $0) } ?? .property(key)
            } else {
                switch object["source"]?.stringValue {
                case "id": source = .id
                case "feature": source = .wholeFeature
                case "level_name": source = .levelName
                case "level_ordinal": source = .levelOrdinal
                default: return nil
                }
            }
            columns.append(Column(name: name, source: source, kind: kind))
        }
        self.init(columns: columns, levels: levels)
    }

    private static let kindNames: [(FieldKind, String)] = [
        (.boolean, "boolean"), (.integer, "integer"), (.real, "real"), (.text, "text"), (.json, "json"), (.binary, "binary"),
        (.dateTime, "datetime"),
    ]

    private static func kindName(_ kind: FieldKind) -> String { kindNames.first { $0.0 == kind }?.1 ?? "text" }

    private static func kind(named name: String) -> FieldKind? { kindNames.first { $0.1 == name }?.0 }
}
