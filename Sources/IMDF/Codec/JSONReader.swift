// A byte-level JSON reader over a UTF-8 buffer.
//
// Hand-written rather than Foundation's JSONSerialization, which measured 7-18 MB/s on Linux here
// (an order of magnitude short of the open+save target) and neither keeps key order nor the text
// of numbers. It builds `JSONValue`s directly, validates UTF-8 and the full JSON grammar, and
// reports errors at the byte where they occur, with messages a person can act on.

struct JSONReader {
    let bytes: UnsafeBufferPointer<UInt8>
    var position: Int
    static let maximumDepth = 512
    /// Short keys met before (KeyCache below).
    private var keys = KeyCache()
    /// The entries of the objects being read (EntryStack.swift).
    private let openEntries = EntryStack()

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        position = 0
        // A UTF-8 byte order mark is not JSON, but some exporters write one; RFC 8259 lets readers ignore it.
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { position = 3 }
    }

    /// Parses a whole document: one value and nothing after it but white space.
    static func parseDocument(_ bytes: UnsafeBufferPointer<UInt8>) throws(JSONSyntaxError) -> JSONValue {
        var reader = JSONReader(bytes: bytes)
        reader.skipWhitespace()
        let value = try reader.parseValue(depth: 0)
        try reader.expectEnd()
        return value
    }

    mutating func expectEnd() throws(JSONSyntaxError) {
        skipWhitespace()
        if position < bytes.count {
            throw error("unexpected \(describeByte(at: position)) after the end of the JSON document")
        }
    }

    // MARK: - Cursor

    @inline(__always)
    /// JSON's whitespace: space, line feed, carriage return, tab.
    static func isWhitespace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 }

    mutating func skipWhitespace() {
        while position < bytes.count, Self.isWhitespace(bytes[position]) { position += 1 }
    }

    @inline(__always)
    var current: UInt8? { position < bytes.count ? bytes[position] : nil }

    func error(_ message: String, at offset: Int? = nil) -> JSONSyntaxError {
        JSONSyntaxError(offset: offset ?? position, message: message)
    }

    func describeByte(at offset: Int) -> String {
        guard offset < bytes.count else { return "end of file" }
        let byte = bytes[offset]
        if byte >= 0x21, byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        let hex = String(byte, radix: 16, uppercase: true)
        return "byte 0x\(hex.count == 1 ? "0" + hex : hex)"
    }

    mutating func expect(_ byte: UInt8, _ what: @autoclosure () -> String) throws(JSONSyntaxError) {
        guard position < bytes.count, bytes[position] == byte else {
            throw error("expected \(what()), found \(describeByte(at: position))")
        }
        position += 1
    }

    // MARK: - Values

    mutating func parseValue(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        guard position < bytes.count else { throw error("expected a value, found end of file") }
        switch bytes[position] {
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "{"): return .object(try parseObject(depth: depth))
        case UInt8(ascii: "["): return .array(try parseArray(depth: depth))
        case UInt8(ascii: "t"):
            try parseLiteral("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try parseLiteral("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try parseLiteral("null")
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            let range = try parseNumberLexeme()
            return .number(JSONNumber(unchecked: makeASCIIString(range)))
        default:
            throw error("expected a value, found \(describeByte(at: position))")
        }
    }

    mutating func parseLiteral(_ literal: StaticString) throws(JSONSyntaxError) {
        let count = literal.utf8CodeUnitCount
        let start = literal.utf8Start
        for index in 0..<count {
            guard position + index < bytes.count, bytes[position + index] == start[index] else {
                throw error("invalid literal (expected '\(literal)')")
            }
        }
        position += count
    }

    /// Validates a number at the cursor and returns its byte range.
    @inline(__always)
    mutating func parseNumberLexeme() throws(JSONSyntaxError) -> Range<Int> {
        let start = position
        let end = NumberParsing.lexemeEnd(in: bytes, from: start)
        guard end > start else { throw error("invalid number") }
        if end < bytes.count {  // "01", "1.", "1e": the lexer stops early; make the message precise
            let next = bytes[end]
            if NumberParsing.isDigit(next) || next == UInt8(ascii: ".") || next == UInt8(ascii: "e")
                || next == UInt8(ascii: "E")
            {
                throw error("invalid number (leading zeros, or a missing digit after '.' or 'e')", at: start)
            }
        }
        position = end
        return start..<end
    }

    func makeASCIIString(_ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }

    mutating func parseArray(depth: Int) throws(JSONSyntaxError) -> [JSONValue] {
        guard depth < JSONReader.maximumDepth else { throw error("nesting deeper than \(JSONReader.maximumDepth) levels") }
        position += 1  // [
        skipWhitespace()
        var items: [JSONValue] = []
        if current == UInt8(ascii: "]") {
            position += 1
            return items
        }
        while true {
            items.append(try parseValue(depth: depth + 1))
            try afterElement(closing: UInt8(ascii: "]"), container: "an array")
            if bytes[position - 1] == UInt8(ascii: "]") { return items }
        }
    }

    mutating func parseObject(depth: Int) throws(JSONSyntaxError) -> JSONObject {
        guard depth < JSONReader.maximumDepth else { throw error("nesting deeper than \(JSONReader.maximumDepth) levels") }
        position += 1  // {
        skipWhitespace()
        if current == UInt8(ascii: "}") {
            position += 1
            return JSONObject()
        }
        let start = openEntries.count
        // Popped by `take` when the object is read; dropped here when its reading fails.
        defer { openEntries.truncate(to: start) }
        // A repeated key is an error: JSON readers disagree on which value counts (first or last
        // wins), so an archive with one means different things to different tools.
        var repeats = RepeatedKeys()
        while true {
            let keyStart = position
            let key = try parseKey()
            if repeats.isRepeat(key, among: openEntries.entries(from: start)) {
                throw error(
                    "duplicate key \"\(key.count > 80 ? String(key.prefix(80)) + "..." : key)\" in an object; which value counts is not defined",
                    at: keyStart)
            }
            let value = try parseValue(depth: depth + 1)
            openEntries.push(key: key, value: value)
            try afterElement(closing: UInt8(ascii: "}"), container: "an object")
            if bytes[position - 1] == UInt8(ascii: "}") { return JSONObject(openEntries.take(from: start)) }
        }
    }

    /// Reads `"key"` and the colon after it, leaving the cursor on the value.
    mutating func parseKey() throws(JSONSyntaxError) -> String {
        guard current == UInt8(ascii: "\"") else {
            throw error("expected a string key in an object, found \(describeByte(at: position))")
        }
        let key: String
        if let known = keys.key(at: &position, in: bytes) {
            key = known
        } else {
            key = try parseString()
        }
        skipWhitespace()
        try expect(UInt8(ascii: ":"), "':' after an object key")
        skipWhitespace()
        return key
    }

    /// After an element: consumes `,` (then expects another element) or the closing bracket.
    /// Leaves the cursor after the bracket, or on the next element.
    @inline(__always)
    mutating func afterElement(closing: UInt8, container: String) throws(JSONSyntaxError) {
        skipWhitespace()
        guard position < bytes.count else { throw error("unexpected end of file in \(container)") }
        let byte = bytes[position]
        if byte == closing {
            position += 1
            return
        }
        guard byte == UInt8(ascii: ",") else {
            throw error("expected ',' or '\(Character(Unicode.Scalar(closing)))' in \(container), found \(describeByte(at: position))")
        }
        position += 1
        skipWhitespace()
        if position < bytes.count, bytes[position] == closing {
            throw error("trailing comma before '\(Character(Unicode.Scalar(closing)))'")
        }
    }

    // MARK: - Strings

    mutating func parseString() throws(JSONSyntaxError) -> String {
        let open = position
        position += 1
        let start = position
        var nonASCII: UInt8 = 0
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                let range = start..<position
                position += 1
                if nonASCII & 0x80 == 0 { return makeASCIIString(range) }
                guard let text = String(validating: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self) else {
                    throw error("invalid UTF-8 in string", at: start)
                }
                return text
            }
            if byte == UInt8(ascii: "\\") { return try parseEscapedString(from: start, open: open) }
            if byte < 0x20 { throw error("control character (0x\(String(byte, radix: 16))) in a string; it must be escaped") }
            nonASCII |= byte
            position += 1
        }
        throw error("unterminated string", at: open)
    }

    private mutating func parseEscapedString(from start: Int, open: Int) throws(JSONSyntaxError) -> String {
        var buffer: [UInt8] = Array(UnsafeBufferPointer(rebasing: bytes[start..<position]))
        while position < bytes.count {
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: "\""):
                position += 1
                guard let text = String(validating: buffer, as: UTF8.self) else {
                    throw error("invalid UTF-8 in string", at: start)
                }
                return text
            case UInt8(ascii: "\\"):
                position += 1
                guard position < bytes.count else { break }
                let escape = bytes[position]
                position += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): buffer.append(escape)
                case UInt8(ascii: "b"): buffer.append(0x08)
                case UInt8(ascii: "f"): buffer.append(0x0C)
                case UInt8(ascii: "n"): buffer.append(0x0A)
                case UInt8(ascii: "r"): buffer.append(0x0D)
                case UInt8(ascii: "t"): buffer.append(0x09)
                case UInt8(ascii: "u"): try appendUnicodeEscape(to: &buffer)
                default: throw error("invalid escape '\\\(Character(Unicode.Scalar(escape)))' in a string", at: position - 2)
                }
            default:
                if byte < 0x20 { throw error("control character (0x\(String(byte, radix: 16))) in a string; it must be escaped") }
                buffer.append(byte)
                position += 1
            }
        }
        throw error("unterminated string", at: open)
    }

    private mutating func readHex4() throws(JSONSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard position < bytes.count else { throw error("incomplete \\u escape") }
            let byte = bytes[position]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw error("invalid hex digit in \\u escape")
            }
            value = value << 4 | digit
            position += 1
        }
        return value
    }

    private mutating func appendUnicodeEscape(to buffer: inout [UInt8]) throws(JSONSyntaxError) {
        let escapeStart = position - 2
        var scalarValue = try readHex4()
        if (0xD800...0xDBFF).contains(scalarValue) {
            guard position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u") else {
                throw error("lone high surrogate in \\u escape", at: escapeStart)
            }
            position += 2
            let low = try readHex4()
            guard (0xDC00...0xDFFF).contains(low) else { throw error("invalid low surrogate in \\u escape", at: escapeStart) }
            scalarValue = 0x10000 + ((scalarValue - 0xD800) << 10) + (low - 0xDC00)
        } else if (0xDC00...0xDFFF).contains(scalarValue) {
            throw error("lone low surrogate in \\u escape", at: escapeStart)
        }
        guard let scalar = Unicode.Scalar(scalarValue) else { throw error("invalid \\u escape", at: escapeStart) }
        buffer.append(contentsOf: String(Character(scalar)).utf8)
    }
}

/// Finds a key repeated in one object as it is read: a scan of the keys so far while the object
/// is small, a set once it is large, so a huge object stays linear.
struct RepeatedKeys {
    private var seen: Set<String>?

    /// Whether `key` is already among `object`'s keys; call it before appending `key`.
    mutating func isRepeat(_ key: String, in object: JSONObject) -> Bool {
        object.entries.withUnsafeBufferPointer { isRepeat(key, among: $0) }
    }

    /// Whether `key` is already among `entries`' keys; call it before adding `key`.
    mutating func isRepeat(_ key: String, among entries: UnsafeBufferPointer<JSONObject.Entry>) -> Bool {
        if seen == nil && entries.count >= 16 { seen = Set(entries.lazy.map(\.key)) }
        if seen != nil { return !seen!.insert(key).inserted }
        for index in entries.indices where entries[index].key == key { return true }
        return false
    }
}

/// The keys of an archive's objects, by their bytes. A file repeats a few dozen keys (`"type"`,
/// `"properties"`, `"level_id"`) hundreds of thousands of times, and making each a String anew
/// (validating its UTF-8 on the way) took a tenth of the time of reading W; a key of up to 16
/// plain ASCII bytes is looked up here instead, by its bytes packed into two words.
struct KeyCache {
    private struct Entry {
        var words: (UInt64, UInt64)
        var count: Int
        var key: String
    }

    private static let slots = 64
    private var entries = [Entry](repeating: Entry(words: (0, 0), count: -1, key: ""), count: slots)

    /// The key whose opening quote is at `position`, moving `position` past its closing quote;
    /// nil (and `position` unchanged) for a key that is not short plain ASCII, which the caller
    /// reads the long way.
    mutating func key(at position: inout Int, in bytes: UnsafeBufferPointer<UInt8>) -> String? {
        let start = position + 1
        guard start + 16 <= bytes.count, let base = bytes.baseAddress else { return keyByBytes(at: &position, in: bytes) }
        // The sixteen bytes after the quote as two words: the first quote among them ends the
        // key (none: a longer key), and no byte before it may be a backslash, a control
        // character or other than ASCII. Each test marks the high bit of the bytes it finds.
        let raw = UnsafeRawPointer(base + start)
        let first = raw.loadUnaligned(as: UInt64.self)
        let second = raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
        let ones: UInt64 = 0x0101_0101_0101_0101
        let high: UInt64 = 0x8080_8080_8080_8080
        func equal(_ word: UInt64, _ byte: UInt8) -> UInt64 {
            let x = word ^ (ones &* UInt64(byte))
            return ~(((x & ~high) &+ ~high) | x | ~high)
        }
        func unusual(_ word: UInt64) -> UInt64 {
            let atLeastSpace = (word & ~high) &+ (ones &* 0x60)  // high bit: low seven bits >= 0x20
            return (word & high) | (~atLeastSpace & ~word & high) | equal(word, UInt8(ascii: "\\"))
        }
        let count: Int
        if case let quotes = equal(first, UInt8(ascii: "\"")), quotes != 0 {
            count = quotes.trailingZeroBitCount / 8
        } else if case let quotes = equal(second, UInt8(ascii: "\"")), quotes != 0 {
            count = 8 + quotes.trailingZeroBitCount / 8
        } else {
            return nil
        }
        let firstMask: UInt64 = count >= 8 ? ~0 : (1 << UInt64(count * 8)) &- 1
        let secondMask: UInt64 = count <= 8 ? 0 : (1 << UInt64((count - 8) * 8)) &- 1
        guard unusual(first) & firstMask == 0, unusual(second) & secondMask == 0 else { return nil }
        let words = (first & firstMask, second & secondMask)
        let slot = Int(truncatingIfNeeded: ((words.0 ^ (words.1 &* 31) ^ UInt64(count)) &* 0x9E37_79B9_7F4A_7C15) >> 58)
        position = start + count + 1
        if entries[slot].count == count, entries[slot].words == words { return entries[slot].key }
        let key = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<start + count]), as: UTF8.self)
        entries[slot] = Entry(words: words, count: count, key: key)
        return key
    }

    /// `key(at:in:)` a byte at a time, near the end of the buffer.
    private mutating func keyByBytes(at position: inout Int, in bytes: UnsafeBufferPointer<UInt8>) -> String? {
        let start = position + 1
        var end = start
        var words: (UInt64, UInt64) = (0, 0)
        while end < bytes.count {
            let byte = bytes[end]
            if byte == UInt8(ascii: "\"") { break }
            // Escapes, control characters (an error the long way reports) and other than ASCII.
            guard byte >= 0x20, byte < 0x80, byte != UInt8(ascii: "\\"), end - start < 16 else { return nil }
            let shift = UInt64((end - start) % 8 * 8)
            if end - start < 8 { words.0 |= UInt64(byte) << shift } else { words.1 |= UInt64(byte) << shift }
            end += 1
        }
        guard end < bytes.count else { return nil }
        let count = end - start
        let slot = Int(truncatingIfNeeded: ((words.0 ^ (words.1 &* 31) ^ UInt64(count)) &* 0x9E37_79B9_7F4A_7C15) >> 58)
        position = end + 1
        if entries[slot].count == count, entries[slot].words == words { return entries[slot].key }
        let key = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        entries[slot] = Entry(words: words, count: count, key: key)
        return key
    }
}
