// An ordered, lossless JSON value: objects keep their keys in file order (duplicates included),
// numbers keep the exact text they were written with. IMDF properties live in this form so that
// unknown keys, their order and their values survive a load and a save untouched.

public enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case number(JSONNumber)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    public var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    public var boolValue: Bool? {
        if case .bool(let flag) = self { return flag }
        return nil
    }

    public var numberValue: JSONNumber? {
        if case .number(let number) = self { return number }
        return nil
    }

    public var doubleValue: Double? { numberValue?.doubleValue }

    public var arrayValue: [JSONValue]? {
        if case .array(let items) = self { return items }
        return nil
    }

    public var objectValue: JSONObject? {
        if case .object(let object) = self { return object }
        return nil
    }

    /// The JSON type's name, for messages ("expected a string, found an array").
    public var kindName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByBooleanLiteral, ExpressibleByNilLiteral,
    ExpressibleByIntegerLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    public init(stringLiteral value: String) { self = .string(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(nilLiteral: ()) { self = .null }
    public init(integerLiteral value: Int) { self = .number(JSONNumber(value)) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(JSONObject(elements.map { JSONObject.Entry(key: $0.0, value: $0.1) }))
    }
}

/// A JSON number as written. Equality is textual (`1` and `1.0` differ) because the text is what a
/// save writes back; `doubleValue` is the IEEE value for arithmetic.
public struct JSONNumber: Sendable, Hashable, CustomStringConvertible {
    public let text: String

    /// `text` must already be a valid JSON number; the codec guarantees this for parsed input.
    init(unchecked text: String) { self.text = text }

    /// A number from JSON text; nil when the text is not a JSON number.
    public init?(text: String) {
        guard JSONNumber.isValidLexeme(Array(text.utf8)) else { return nil }
        self.text = text
    }

    public init(_ value: Int) { self.text = String(value) }

    /// The shortest text that reads back as exactly `value`. Non-finite values have no JSON form.
    public init?(_ value: Double) {
        guard value.isFinite else { return nil }
        if value == value.rounded(.towardZero), abs(value) < 1e15 {
            self.text = String(Int64(value))
        } else {
            self.text = NumberFormatting.shortest(value)
        }
    }

    public var doubleValue: Double { NumberParsing.double(fromValidLexeme: Array(text.utf8)) }

    /// The value as an integer when the text is an integer literal within range (`2`, `-1`; not `2.0`).
    public var intValue: Int? { Int(text) }

    /// Whether the number denotes an integer (`2`, `2.0`, `2e0`): IMDF's INTEGER is about the value.
    public var isIntegral: Bool {
        let value = doubleValue
        return value.isFinite && value == value.rounded(.towardZero)
    }

    public var description: String { text }

    static func isValidLexeme(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { buffer in
            NumberParsing.lexemeEnd(in: buffer, from: 0) == buffer.count && !buffer.isEmpty
        }
    }
}

extension JSONValue {
    /// The value as JSON on one line, as the canonical writer prints values inside properties.
    public var inlineText: String {
        var writer = JSONWriter()
        writer.writeInline(self)
        return String(decoding: writer.bytes, as: UTF8.self)
    }
}
