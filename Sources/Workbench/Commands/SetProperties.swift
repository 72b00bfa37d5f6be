// `set REF key=value ...`: sets properties, typed by the feature type's schema. `name.en=...`
// sets one label of a LABELS property. Enumerated values must be IMDF's (the error names the
// closest one), integers integral, booleans booleans, and references must name an existing
// feature of the right type. Refuses the whole command when any assignment is wrong.

import Geometry
import IMDF

public struct SetProperties: EditCommand {
    public struct Assignment: Sendable, Equatable {
        public var key: String
        /// For LABELS properties: the language of the one label to set (`name.en`).
        public var language: String?
        public var value: JSONValue

        public init(key: String, language: String? = nil, value: JSONValue) {
            self.key = key
            self.language = language
            self.value = value
        }
    }

    public var target: String
    public var assignments: [Assignment]

    public init(_ target: String, _ assignments: [Assignment]) {
        self.target = target
        self.assignments = assignments
    }

    public func plan(_ document: Document, ids: inout IDSource) throws(EditError) -> Patch {
        let before = try document.require(target, argument: "REF")
        var after = before
        for assignment in assignments {
            try Self.assign(assignment, to: &after, in: document)
        }
        let keys = assignments.map { assignment in assignment.language.map { "\(assignment.key).\($0)" } ?? assignment.key }
        return Patch(
            label: "set \(keys.joined(separator: ", ")) of \(before.described(in: document))",
            changes: after == before ? [] : [.modify(before: before, after: after)])
    }

    static func assign(_ assignment: Assignment, to feature: inout Feature, in document: Document) throws(EditError) {
        let key = assignment.key
        let argument = assignment.language.map { "\(key).\($0)" } ?? key
        if key == "geometry" && assignment.language == nil {
            // Not a property: `geometry=null` removes the feature's geometry (a building, which
            // IMDF leaves unlocated); shapes change through move, split and merge.
            guard assignment.value.isNull else {
                throw EditError(
                    "geometry: only geometry=null (remove it) can be set; move, split and merge change shapes", argument: argument)
            }
            feature.geometry = nil
            return
        }
        guard let spec = feature.imdfType?.spec(forKey: key) else {
            if assignment.language != nil {
                var labels = feature.labels(key) ?? Labels([])
                guard let text = assignment.value.stringValue else {
                    throw EditError("\(argument): a label must be text", argument: argument)
                }
                labels[assignment.language!] = text
                feature.setLabels(key, labels)
            } else {
                feature.setProperty(key, assignment.value)
            }
            return
        }
        if let language = assignment.language {
            guard case .labels = spec.kind else {
                throw EditError("\(key) is not a LABELS property; \(argument) means nothing", argument: argument)
            }
            guard let text = assignment.value.stringValue else { throw EditError("\(argument): a label must be text", argument: argument) }
            var labels = feature.labels(key) ?? Labels([])
            labels[language] = text
            feature.setLabels(key, labels)
            return
        }
        let value = assignment.value
        if value.isNull {
            guard !spec.isRequired else { throw EditError("\(key) is required by IMDF and cannot be null", argument: argument) }
            feature.setProperty(key, .null)
            return
        }
        try check(value, against: spec, argument: argument, in: document)
        feature.setProperty(key, value)
    }

    static func check(_ value: JSONValue, against spec: PropertySpec, argument: String, in document: Document) throws(EditError) {
        func expect(_ ok: Bool, _ what: String) throws(EditError) {
            if !ok { throw EditError("\(argument) must be \(what), not \(value.inlineText)", argument: argument) }
        }
        func category(_ text: String, _ list: CategoryList) throws(EditError) {
            guard list.contains(text) else {
                throw EditError(
                    "\(argument): \"\(text)\" is not in \(list.rawValue)\(Suggestion.hint(for: text, in: list))", argument: argument)
            }
        }
        func reference(_ id: String, _ target: FeatureType) throws(EditError) {
            guard let referenced = document.feature(id) else {
                throw EditError("\(argument): no feature with id \(id)", argument: argument)
            }
            guard referenced.featureType == target.rawValue else {
                throw EditError("\(argument): \(id.prefix(8)) is a \(referenced.featureType), not a \(target.rawValue)", argument: argument)
            }
        }
        switch spec.kind {
        case .category(let list):
            guard let text = value.stringValue else { return try expect(false, "a \(list.rawValue) value") }
            try category(text, list)
        case .categoryArray(let list):
            guard let items = value.arrayValue else { return try expect(false, "a list of \(list.rawValue) values") }
            for item in items {
                guard let text = item.stringValue else { return try expect(false, "a list of \(list.rawValue) values") }
                try category(text, list)
            }
        case .labels: try expect(Labels(json: value).map { !$0.labels.isEmpty } ?? false, "labels ({\"en\": \"...\"}, or set name.en=...)")
        case .string, .hours, .phone, .website, .countryCode, .subdivisionCode, .uuid: try expect(value.stringValue != nil, "text")
        case .boolean: try expect(value.boolValue != nil, "true or false")
        case .integer: try expect(value.numberValue?.intValue != nil, "an integer")
        case .oneOf(let values): try expect(value.stringValue.map(values.contains) ?? false, "one of \(values.joined(separator: ", "))")
        case .displayPoint:
            guard case .point? = GeoJSONGeometry(json: value)?.geometry else { return try expect(false, "a point") }
        case .reference(let target):
            guard let id = value.stringValue else { return try expect(false, "the id of a \(target.rawValue)") }
            try reference(id, target)
        case .referenceArray(let target):
            guard let items = value.arrayValue, items.allSatisfy({ $0.stringValue != nil }) else {
                return try expect(false, "a list of \(target.rawValue) ids")
            }
            for item in items { try reference(item.stringValue!, target) }
        case .featureReference, .featureReferenceArray, .door, .temporality:
            try expect(value.objectValue != nil || value.arrayValue != nil, "an object")
        }
    }
}
