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
        if let language {
            if let exact = self[language] { return exact }
            let base = language.split(separator: "-").first.map(String.init) ?? language
            if let match = labels.first(where: { $0.language.split(separator: "-").first.map(String.init) == base }) {
                return match.text
            }
        }
        return labels.first?.text
    }

    public var json: JSONValue {
        .object(JSONObject(labels.map { JSONObject.Entry(key: $0.language, value: .string($0.text)) }))
    }
}
