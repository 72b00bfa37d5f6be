// The mapping file of a GIS import: which attribute gives which IMDF property, and which IMDF
// category each value of a category attribute stands for (a company's room-type codes to unit
// categories). JSON:
//
//   {
//     "properties": {"name": "ROOM_NAME", "alt_name": "ROOM_NO"},
//     "category": {"field": "TYPE", "values": {"OFF": "office", "WC": "restroom"}, "default": "unspecified"},
//     "language": "en"
//   }
//
// - `properties`: `name` and `alt_name`, each a field name, or an object of language -> field
//   (`{"en": "NAME_EN", "de": "NAME_DE"}`) for names in several languages.
// - `category`: one category for every feature (`"category": "office"`), or a field with its
//   values' categories; a value not listed that is itself a category of the type is taken as it
//   is; any other value gets `default` and is reported with its count (no default: refused).
//   Left out, features get `unspecified` where the type's list has it.
// - `language`: the language tag of the names (default: the archive's).
// Every category is checked against the type's IMDF list when the file is read, and every
// field against the layer's, each error pointing at its line in the file.

import Foundation
import IMDF

public struct GISMapping: Sendable, Equatable {
    /// Where a label comes from: a field, in a language (nil: the mapping's or the archive's).
    public struct LabelSource: Sendable, Equatable {
        public var language: String?
        public var field: String
        /// Where the field is named in the file (`properties.name`, `properties.name.de`).
        public var path: String
    }

    public enum CategoryRule: Sendable, Equatable {
        case fixed(String)
        case field(String, values: [String: String], default: String?)
    }

    /// The file as named, for messages.
    public let file: String
    public var names: [LabelSource] = []
    public var altNames: [LabelSource] = []
    public var category: CategoryRule?
    public var language: String?
    /// Where each entry's value starts in the file, by its path.
    var places: [String: TextLocation] = [:]

    init(file: String) { self.file = file }

    /// Reads the mapping for features of `type`.
    public static func read(_ path: String, for type: FeatureType) throws(InterchangeError) -> GISMapping {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw InterchangeError("\(path): cannot read the mapping file")
        }
        return try parse([UInt8](data), file: path, for: type)
    }

    /// The fields the mapping reads, with where each is named.
    public var fields: [(path: String, field: String)] {
        var fields = (names + altNames).map { ($0.path, $0.field) }
        if case .field(let field, _, _) = category { fields.append(("category.field", field)) }
        return fields
    }

    /// An error pointing at `path` in the file: `map.json:4:13: category.values.OFF: ...`.
    public func error(at path: String, _ message: String) -> InterchangeError {
        let place = places[path].map { ":\($0.line):\($0.column)" } ?? ""
        return InterchangeError("\(file)\(place): \(path.isEmpty ? "" : path + ": ")\(message)")
    }

    // MARK: - Reading

    public static func parse(_ bytes: [UInt8], file: String, for type: FeatureType) throws(InterchangeError) -> GISMapping {
        let root: JSONValue
        do {
            root = try GeoJSONReader.readJSON(bytes)
        } catch {
            let problem = error.problems[0]
            throw InterchangeError("\(file):\(problem.location): \(problem.message)")
        }
        var mapping = GISMapping(file: file)
        mapping.places = KeyLocator.places(of: root, in: bytes)
        try mapping.read(root, for: type)
        return mapping
    }

    private mutating func read(_ root: JSONValue, for type: FeatureType) throws(InterchangeError) {
        guard let object = root.objectValue else { throw error(at: "", "a mapping is a JSON object, not \(root.kindName)") }
        try checkKeys(object, at: "", known: ["properties", "category", "language"])
        if let value = object["language"] {
            guard let language = value.stringValue, Self.isLanguageTag(language) else {
                throw error(at: "language", "a language tag such as \"en\" or \"de-CH\", not \(value.inlineText)")
            }
            self.language = language
        }
        if let value = object["properties"] {
            guard let properties = value.objectValue else {
                throw error(at: "properties", "an object of property -> field, not \(value.kindName)")
            }
            try checkKeys(properties, at: "properties", known: ["name", "alt_name"])
            for entry in properties {
                guard type.spec(forKey: entry.key) != nil else {
                    throw error(at: "properties.\(entry.key)", "\(Self.article(type)) \(type.rawValue) has no \(entry.key)")
                }
                let sources = try labelSources(entry.value, at: "properties.\(entry.key)")
                if entry.key == "name" { names = sources } else { altNames = sources }
            }
        }
        let list: CategoryList? = if case .category(let list)? = type.spec(forKey: .category)?.kind { list } else { nil }
        if let value = object["category"] {
            guard let list else { throw error(at: "category", "\(Self.article(type)) \(type.rawValue) has no category") }
            category = try categoryRule(value, list: list)
        } else if let list, !list.contains("unspecified") {
            throw error(
                at: "",
                "give \"category\": \(Self.article(type)) \(type.rawValue) needs one and \(list.rawValue) has no \"unspecified\" (e.g. \"category\": \"\(list.values[0])\")"
            )
        }
    }

    private func labelSources(_ value: JSONValue, at path: String) throws(InterchangeError) -> [LabelSource] {
        if let field = value.stringValue {
            guard !field.isEmpty else { throw error(at: path, "a field name, not \"\"") }
            return [LabelSource(language: nil, field: field, path: path)]
        }
        guard let languages = value.objectValue, !languages.isEmpty else {
            throw error(at: path, "a field name, or an object of language -> field name (\"en\": \"NAME_EN\"), not \(value.inlineText)")
        }
        var sources: [LabelSource] = []
        for entry in languages {
            guard Self.isLanguageTag(entry.key) else {
                throw error(at: "\(path).\(entry.key)", "\"\(entry.key)\" is not a language tag such as \"en\"")
            }
            guard let field = entry.value.stringValue, !field.isEmpty else {
                throw error(at: "\(path).\(entry.key)", "a field name, not \(entry.value.inlineText)")
            }
            sources.append(LabelSource(language: entry.key, field: field, path: "\(path).\(entry.key)"))
        }
        return sources
    }

    private func categoryRule(_ value: JSONValue, list: CategoryList) throws(InterchangeError) -> CategoryRule {
        if let fixed = value.stringValue {
            try check(fixed, list, at: "category")
            return .fixed(fixed)
        }
        guard let object = value.objectValue else {
            throw error(
                at: "category", "one category (\"office\") or {\"field\": ..., \"values\": {...}, \"default\": ...}, not \(value.kindName)")
        }
        try checkKeys(object, at: "category", known: ["field", "values", "default"])
        guard let field = object["field"]?.stringValue, !field.isEmpty else {
            throw error(
                at: object["field"] == nil ? "category" : "category.field", "name the field that holds the category (\"field\": \"TYPE\")")
        }
        var values: [String: String] = [:]
        if let given = object["values"] {
            guard let entries = given.objectValue else {
                throw error(at: "category.values", "an object of value -> category, not \(given.kindName)")
            }
            for entry in entries {
                guard let category = entry.value.stringValue else {
                    throw error(at: "category.values.\(entry.key)", "a \(list.rawValue) value, not \(entry.value.inlineText)")
                }
                try check(category, list, at: "category.values.\(entry.key)")
                values[entry.key] = category
            }
        }
        var fallback: String?
        if let given = object["default"] {
            guard let text = given.stringValue else {
                throw error(at: "category.default", "a \(list.rawValue) value, not \(given.inlineText)")
            }
            try check(text, list, at: "category.default")
            fallback = text
        }
        return .field(field, values: values, default: fallback)
    }

    private func check(_ category: String, _ list: CategoryList, at path: String) throws(InterchangeError) {
        guard list.contains(category) else {
            throw error(at: path, "\"\(category)\" is not in \(list.rawValue)\(Suggestion.hint(for: category, in: list))")
        }
    }

    private func checkKeys(_ object: JSONObject, at path: String, known: [String]) throws(InterchangeError) {
        let prefix = path.isEmpty ? "" : path + "."
        if let repeated = object.duplicateKeys.first { throw error(at: prefix + repeated, "given twice") }
        for key in object.keys where !known.contains(key) {
            let near = known.min { Suggestion.editDistance(key, $0) < Suggestion.editDistance(key, $1) }
                .flatMap { Suggestion.editDistance(key.lowercased(), $0) <= max(1, $0.count / 3) ? "; did you mean \"\($0)\"?" : nil }
            throw error(at: prefix + key, "unknown key\(near ?? " (known: \(known.map { "\"\($0)\"" }.joined(separator: ", ")))")")
        }
    }

    static func article(_ type: FeatureType) -> String { [.address, .amenity, .anchor, .occupant, .opening].contains(type) ? "an" : "a" }

    static func isLanguageTag(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        return !text.isEmpty && text.count <= 35
            && parts.allSatisfy { !$0.isEmpty && $0.count <= 8 && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } }
            && parts[0].allSatisfy(\.isLetter)
    }
}

/// Where the keys of a parsed JSON document are in its text: the value's paths (`category.values.OFF`)
/// found by looking for each key in turn after its parent's, in the order the reader kept.
enum KeyLocator {
    static func places(of root: JSONValue, in bytes: [UInt8]) -> [String: TextLocation] {
        var places: [String: TextLocation] = [:]
        bytes.withUnsafeBufferPointer { buffer in
            var cursor = 0
            // Line and column counted on from the last key's, never from the start again: the
            // keys come in order, and counting from the start for each made a mapping of
            // 10,000 values take 20 s.
            var (line, column, scanned) = (1, 1, 0)
            func location(_ offset: Int) -> TextLocation {
                while scanned < offset {
                    let byte = buffer[scanned]
                    if byte == UInt8(ascii: "\n") {
                        line += 1
                        column = 1
                    } else if byte & 0xC0 != 0x80 {
                        column += 1
                    }
                    scanned += 1
                }
                return TextLocation(line: line, column: column)
            }
            func visit(_ value: JSONValue, path: String) {
                guard let object = value.objectValue else { return }
                for entry in object {
                    let childPath = path.isEmpty ? entry.key : path + "." + entry.key
                    guard let offset = find(entry.key, in: buffer, from: cursor) else { continue }
                    places[childPath] = location(offset)
                    cursor = offset + 1
                    visit(entry.value, path: childPath)
                }
            }
            places[""] = TextLocation(line: 1, column: 1)
            visit(root, path: "")
        }
        return places
    }

    /// The offset of `"key"` followed by a colon, at or after `start`.
    private static func find(_ key: String, in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        let needle = Array("\"\(key)\"".utf8)
        guard needle.count <= bytes.count else { return nil }
        var index = start
        while index + needle.count <= bytes.count {
            if bytes[index] == needle[0], bytes[index..<(index + needle.count)].elementsEqual(needle) {
                var after = index + needle.count
                while after < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[after]) { after += 1 }
                if after < bytes.count, bytes[after] == UInt8(ascii: ":") { return index }
            }
            index += 1
        }
        return nil
    }
}
