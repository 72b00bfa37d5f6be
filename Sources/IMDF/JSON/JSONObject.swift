// A JSON object that remembers key order. Lookups scan linearly: IMDF property objects hold a dozen
// keys, where a scan beats hashing and keeps one allocation per object.

public struct JSONObject: Sendable, Hashable, RandomAccessCollection, ExpressibleByDictionaryLiteral {
    public struct Entry: Sendable, Hashable {
        public var key: String
        public var value: JSONValue
        public init(key: String, value: JSONValue) {
            self.key = key
            self.value = value
        }
    }

    public private(set) var entries: [Entry]

    public init() { entries = [] }
    public init(_ entries: [Entry]) { self.entries = entries }
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        entries = elements.map { Entry(key: $0.0, value: $0.1) }
    }

    public var startIndex: Int { entries.startIndex }
    public var endIndex: Int { entries.endIndex }
    public subscript(position: Int) -> Entry { entries[position] }

    public var keys: [String] { entries.map(\.key) }

    /// The first value stored under `key`. Setting a value replaces it in place (the key keeps its
    /// position); setting a new key appends it; setting nil removes every entry with that key.
    public subscript(key: String) -> JSONValue? {
        get {
            // By place, so that only the value found is copied, not each entry passed.
            for index in entries.indices where entries[index].key == key { return entries[index].value }
            return nil
        }
        set {
            if let newValue {
                if let index = entries.firstIndex(where: { $0.key == key }) {
                    entries[index].value = newValue
                } else {
                    entries.append(Entry(key: key, value: newValue))
                }
            } else {
                entries.removeAll { $0.key == key }
            }
        }
    }

    public func contains(key: String) -> Bool { entries.contains { $0.key == key } }

    /// Calls `body` with each entry in order, where it lies: a `for` loop copies each entry it
    /// passes (a retain and a release of its key and of its value), which showed in every profile
    /// of indexing an archive's references. The pointer is valid during the call.
    public func forEachEntry(_ body: (UnsafePointer<Entry>) -> Void) {
        entries.withUnsafeBufferPointer { entries in
            guard let first = entries.baseAddress else { return }
            for index in entries.indices { body(first + index) }
        }
    }

    /// Keys that appear more than once (JSON permits them; lookups see the first).
    public var duplicateKeys: [String] {
        // A property object of a dozen keys is checked pairwise, without building a set: this runs
        // for every feature a validation reads.
        if entries.count <= 16 {
            var repeated: [String] = []
            for index in entries.indices.dropFirst() where entries[..<index].contains(where: { $0.key == entries[index].key }) {
                if !repeated.contains(entries[index].key) { repeated.append(entries[index].key) }
            }
            return repeated
        }
        var seen = Set<String>()
        var repeated: [String] = []
        for entry in entries where !seen.insert(entry.key).inserted && !repeated.contains(entry.key) {
            repeated.append(entry.key)
        }
        return repeated
    }

    public mutating func append(key: String, value: JSONValue) {
        entries.append(Entry(key: key, value: value))
    }

    /// Inserts `key` at `position`, or replaces its value where it already is.
    public mutating func set(_ value: JSONValue, forKey key: String, at position: Int) {
        if let index = entries.firstIndex(where: { $0.key == key }) {
            entries[index].value = value
        } else {
            entries.insert(Entry(key: key, value: value), at: Swift.min(Swift.max(position, 0), entries.count))
        }
    }

    @discardableResult
    public mutating func removeValue(forKey key: String) -> JSONValue? {
        let old = self[key]
        self[key] = nil
        return old
    }
}
