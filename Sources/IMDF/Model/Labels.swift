/// IMDF LABELS: language-tagged names (`{"en": "Main Lobby", "ru": "Главный холл"}`), in file order.
public struct Labels: Sendable, Hashable {
    public struct Label: Sendable, Hashable {
        public var language: String
        public var text: String
    }

    public var labels: [Label]

    public init(_ labels: [(language: String, text: String)]) {
        self.labels = labels.map { Label(language: $0.language, text: $0.text) }
    }

    public init(_ text: String, language: String) {
        labels = [Label(language: language, text: text)]
    }

    /// Nil unless `value` is an object whose every value is a string.
    public init?(json value: JSONValue) {
        guard let object = value.objectValue else { return nil }
        var labels: [Label] = []
        for entry in object {
            guard let text = entry.value.stringValue else { return nil }
            labels.append(Label(language: entry.key, text: text))
        }
        self.labels = labels
    }

    public subscript(language: String) -> String? {
        get { labels.first { $0.language == language }?.text }
        set {
            if let newValue {
                if let index = labels.firstIndex(where: { $0.language == language }) {
                    labels[index].text = newValue
                } else {
                    labels.append(Label(language: language, text: newValue))
                }
            } else {
                labels.removeAll { $0.language == language }
            }
        }
    }

    /// The label to show a person: the one in `language` (or its base language, `en` for `en-US`),
    /// else the first.
    public func preferred(language: String?) -> String? {
        var choice = Choice(language: language)
        for label in labels { choice.consider(label.language, label.text) }
        return choice.label
    }

    /// What `Labels(json: value)?.preferred(language: language)` gives, read from the JSON in
    /// place: nil unless `value` is an object of strings. Validation names a feature in each of
    /// its findings, and making the labels first (an array, and one of the parts of each tag)
    /// was a fifth of the cost of such a finding.
    public static func preferred(in value: JSONValue, language: String?) -> String? {
        guard case .object(let object) = value else { return nil }
        var choice = Choice(language: language)
        var valid = true
        object.forEachEntry { entry in
            guard valid else { return }
            guard case .string(let text) = entry.pointee.value else {
                valid = false
                return
            }
            choice.consider(entry.pointee.key, text)
        }
        return valid ? choice.label : nil
    }

    /// The choice `preferred` makes, shown the labels one at a time in order: the first in the
    /// language, else the first in its base language, else the first.
    struct Choice {
        let language: String?
        let base: Substring?
        var first, exact, sameBase: String?

        init(language: String?) {
            self.language = language
            base = language.map { Labels.firstPart(of: $0) ?? Substring($0) }
        }

        mutating func consider(_ tag: String, _ text: String) {
            if first == nil { first = text }
            guard let language, let base, exact == nil else { return }
            if tag == language {
                exact = text
            } else if sameBase == nil && Labels.firstPart(of: tag) == base {
                sameBase = text
            }
        }

        var label: String? { exact ?? sameBase ?? first }
    }

    /// The first part of a language tag split at its dashes that is not empty (`en` of `en-US`),
    /// as `split(separator: "-").first` gives it, without making an array of the parts.
    static func firstPart(of tag: String) -> Substring? {
        var rest = Substring(tag)
        while let dash = rest.firstIndex(of: "-") {
            if dash != rest.startIndex { return rest[..<dash] }
            rest = rest[rest.index(after: dash)...]
        }
        return rest.isEmpty ? nil : rest
    }

    public var json: JSONValue {
        .object(JSONObject(labels.map { JSONObject.Entry(key: $0.language, value: .string($0.text)) }))
    }
}
