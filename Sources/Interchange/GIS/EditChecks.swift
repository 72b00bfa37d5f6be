// The checks the prompt's `set` makes, made on the values edited in a GeoPackage once every table
// is read: categories from IMDF's enumerations (with the closest valid one named), references
// naming an existing feature of the right type, one-of values. Values no one edited are not
// checked here (that is `imdf validate`'s work), except that rows deleted from a table must not
// leave references to them behind.

import Foundation
import IMDF

enum EditChecks {
    static func check(_ results: [TableResult], problems: inout [EditProblem]) {
        var typeOfID: [String: String] = [:]
        for result in results {
            for feature in result.features where typeOfID[feature.id] == nil { typeOfID[feature.id] = feature.featureType }
        }
        for result in results {
            guard let type = result.imdfType else { continue }
            for edited in result.editedKeys {
                guard let spec = type.spec(forKey: edited.key), let value = result.features[edited.feature].properties[edited.key],
                    !value.isNull
                else { continue }
                if let message = problem(with: value, kind: spec.kind, typeOfID: typeOfID) {
                    problems.append(
                        EditProblem(table: result.table, fid: result.fids[edited.feature], column: edited.column, message: message))
                }
            }
        }
        // A table with rows deleted: what still names one of them.
        let emptied = Set(results.filter { $0.deleted > 0 }.compactMap(\.imdfType))
        guard !emptied.isEmpty else { return }
        for result in results {
            guard let type = result.imdfType else { continue }
            for spec in type.schema {
                guard let target = spec.referenceTarget, emptied.contains(target) else { continue }
                for (index, feature) in result.features.enumerated() {
                    guard let value = feature.properties[spec.key] else { continue }
                    let ids = value.stringValue.map { [$0] } ?? value.arrayValue?.compactMap(\.stringValue) ?? []
                    for id in ids where typeOfID[id] == nil {
                        let column = result.columnName(for: spec.key)
                        let message =
                            "\"\(id)\" is in no row of the \(target.rawValue) table (was its row deleted?); delete or change this row too"
                        let problem = EditProblem(table: result.table, fid: result.fids[index], column: column, message: message)
                        if !problems.contains(problem) { problems.append(problem) }
                    }
                }
            }
        }
    }

    /// What is wrong with a value a person gave a property of `kind`, or nil.
    static func problem(with value: JSONValue, kind: PropertyKind, typeOfID: [String: String]) -> String? {
        switch kind {
        case .category(let list):
            guard let text = value.stringValue else { return "expected text (one \(name(of: list))), found \(value.kindName)" }
            return category(text, list)
        case .categoryArray(let list):
            guard let items = value.arrayValue else {
                return
                    "expected a list of values of the \(name(of: list)), such as [\"\(list.values.first ?? "")\"], found \(value.kindName)"
            }
            for item in items {
                guard let text = item.stringValue else { return "expected text in the list, found \(item.kindName)" }
                if let problem = category(text, list) { return problem }
            }
            return nil
        case .oneOf(let values):
            guard let text = value.stringValue, values.contains(text) else {
                return "\(value.inlineText) is not one of \(values.joined(separator: ", "))"
            }
            return nil
        case .reference(let target):
            guard let id = value.stringValue else { return "expected the id of \(aOrAn(target.rawValue)), found \(value.kindName)" }
            return reference(id, target, typeOfID)
        case .referenceArray(let target):
            guard let items = value.arrayValue else { return "expected a list of \(target.rawValue) ids, found \(value.kindName)" }
            for item in items {
                guard let id = item.stringValue else {
                    return "expected the id of \(aOrAn(target.rawValue)) in the list, found \(item.kindName)"
                }
                if let problem = reference(id, target, typeOfID) { return problem }
            }
            return nil
        default:
            return nil
        }
    }

    private static func category(_ text: String, _ list: CategoryList) -> String? {
        guard !list.contains(text) else { return nil }
        let name = name(of: list)
        // "an amenity category", "an opening category", but "a unit category".
        let article = "aeio".contains(name.first ?? "x") ? "an" : "a"
        let advice = Suggestion.advice(for: text, in: list)
        return "\"\(text)\" is not \(article) \(name)" + (advice.convincing.map { "; did you mean \($0)?" } ?? "")
    }

    private static func reference(_ id: String, _ target: FeatureType, _ typeOfID: [String: String]) -> String? {
        guard let found = typeOfID[id] else { return "\"\(id)\" is not the id of any feature (\(aOrAn(target.rawValue)) is needed)" }
        guard found == target.rawValue else { return "\"\(id)\" is \(aOrAn(found)), not \(aOrAn(target.rawValue))" }
        return nil
    }

    /// A feature type with its article: "a unit", "an opening".
    static func aOrAn(_ type: String) -> String {
        ("aeio".contains(type.first ?? "x") ? "an " : "a ") + type
    }

    /// `UNIT-CATEGORY` as a person says it: "unit category".
    private static func name(of list: CategoryList) -> String {
        list.rawValue.lowercased().replacingOccurrences(of: "-", with: " ")
    }
}
