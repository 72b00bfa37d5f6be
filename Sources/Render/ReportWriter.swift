// A report on its way out: bytes gathered in a buffer and written to a file descriptor whenever
// 64 KiB have gathered, so a report of 100,000 findings is written as it is formatted and never
// held whole; or kept, for a caller that wants the text (the prompt's reports). A writer for a
// terminal makes each line safe as the line ends, byte for byte what `TerminalText.sanitized`
// makes of the whole text, at the cost of one scan of its bytes. JSON strings are escaped as
// they are written, so a JSON report needs no such pass. A writer is a value passed inout: a copy
// would hold, and write, the same bytes again.

import Foundation
import IMDF

public struct ReportWriter {
    private var bytes: [UInt8] = []
    private let descriptor: Int32?
    /// Whether lines are made safe for a terminal as they end.
    public let sanitizing: Bool
    /// Where the line being written began in `bytes`.
    private var lineStart = 0
    /// Why writing stopped (the system's words), once a write has failed; what comes after is
    /// dropped.
    public private(set) var failure: String?

    static let chunk = 1 << 16

    /// A writer to `descriptor` (standard output is 1) whose lines are made safe for a terminal
    /// when `sanitizing`.
    public init(descriptor: Int32, sanitizing: Bool) {
        self.descriptor = descriptor
        self.sanitizing = sanitizing
        bytes.reserveCapacity(Self.chunk + 4096)
    }

    /// A writer that keeps what it is given (`text`).
    public init(sanitizing: Bool = false) {
        descriptor = nil
        self.sanitizing = sanitizing
    }

    /// What a keeping writer was given.
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    /// What a keeping writer was given, as bytes.
    public var kept: [UInt8] { bytes }

    /// Whole lines (or JSON values) another writer made, safe as this one makes them: written as
    /// they are.
    public mutating func append(lines: [UInt8]) {
        bytes.append(contentsOf: lines)
        lineStart = bytes.count
        flushIfFull()
    }

    public mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    public mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    public mutating func append(byte: UInt8) { bytes.append(byte) }

    public mutating func append(_ number: Int) { append(String(number)) }

    /// `count` spaces.
    public mutating func appendSpaces(_ count: Int) {
        for _ in 0..<Swift.max(count, 0) { bytes.append(0x20) }
    }

    /// `text` followed by spaces up to `width` bytes, or by one space where it fills them: what
    /// `String.padded` gives for ASCII text (codes, severities).
    public mutating func append(_ text: String, paddedTo width: Int) {
        append(text)
        let count = text.utf8.count
        appendSpaces(count >= width ? 1 : width - count)
    }

    /// Ends the line written since the last one ended: made safe for a terminal where the
    /// writer sanitizes, then a line break; the buffer is written out when it is full.
    public mutating func endLine() {
        if sanitizing && Self.needsSanitizing(bytes[lineStart...]) {
            let line = String(decoding: bytes[lineStart...], as: UTF8.self)
            bytes.removeSubrange(lineStart...)
            append(TerminalText.sanitized(line))
        }
        bytes.append(0x0A)
        lineStart = bytes.count
        flushIfFull()
    }

    /// Writes the buffer out when 64 KiB or more have gathered (between lines, or between the
    /// values of a JSON document).
    public mutating func flushIfFull() {
        if descriptor != nil && bytes.count >= Self.chunk { flush() }
    }

    /// Writes out what has gathered (nothing for a keeping writer).
    public mutating func flush() {
        guard let descriptor else { return }
        defer {
            bytes.removeAll(keepingCapacity: true)
            lineStart = 0
        }
        guard failure == nil else { return }
        if let failed = bytes.withUnsafeBytes({ FileSystem.writeAll(descriptor, $0) }) { failure = String(cString: strerror(failed)) }
    }

    /// Whether `TerminalText.sanitized` would change the line: a control character other than a
    /// tab or a line break (C0, DEL, C1), a bidirectional override or isolate, or the colour
    /// mark, found by their UTF-8 bytes.
    static func needsSanitizing(_ line: ArraySlice<UInt8>) -> Bool {
        line.withUnsafeBufferPointer { buffer in
            let count = buffer.count
            var index = 0
            // Eight bytes at a time: a word of printable ASCII (0x20-0x7E) holds nothing to
            // escape; any other word is looked at byte by byte.
            while index + 8 <= count {
                let word = UnsafeRawPointer(buffer.baseAddress! + index).loadUnaligned(as: UInt64.self)
                if !isPrintableASCII(word) {
                    for byteIndex in index..<(index + 8) where needsEscape(buffer, at: byteIndex) { return true }
                }
                index += 8
            }
            while index < count {
                if needsEscape(buffer, at: index) { return true }
                index += 1
            }
            return false
        }
    }

    /// Whether the byte at `index` starts a scalar a terminal is not given as it is.
    @inline(__always)
    private static func needsEscape(_ buffer: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        let byte = buffer[index]
        if byte < 0x20 { return byte != 0x0A && byte != 0x09 }
        return byte >= 0x7F && escapedLength(buffer, at: index) > 0
    }

    /// How many bytes at `index` (DEL or a lead byte) make up a scalar the report escapes as
    /// `\uXXXX` where the text is for a terminal: DEL, the C1 controls U+0080-U+009F, the
    /// bidirectional overrides U+202A-U+202E and isolates U+2066-U+2069, and U+FDD0 (the colour
    /// mark); 0 for any other.
    private static func escapedLength(_ buffer: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
        let remaining = buffer.count - index
        switch buffer[index] {
        case 0x7F:
            return 1
        case 0xC2:
            return remaining >= 2 && buffer[index + 1] < 0xA0 ? 2 : 0
        case 0xE2:
            guard remaining >= 3 else { return 0 }
            let (second, third) = (buffer[index + 1], buffer[index + 2])
            return (second == 0x80 && (0xAA...0xAE).contains(third)) || (second == 0x81 && (0xA6...0xA9).contains(third)) ? 3 : 0
        case 0xEF:
            return remaining >= 3 && buffer[index + 1] == 0xB7 && buffer[index + 2] == 0x90 ? 3 : 0
        default:
            return 0
        }
    }

    /// `text` as a JSON string: quoted, with `"`, `\` and control characters escaped as
    /// Foundation's JSONEncoder escapes them (`\n`, `\t`, ..., `\u001b`), and DEL, C1 controls,
    /// bidirectional overrides and U+FDD0 as `\u007f` and so on, as `TerminalText.sanitized`
    /// shows them: valid JSON that is safe on a terminal. Slashes and other text are written as
    /// they are.
    public mutating func appendJSONString(_ text: String) {
        bytes.append(0x22)
        appendJSONStringContent(text)
        bytes.append(0x22)
    }

    /// `text` escaped as inside a JSON string, without the quotes: a string written in pieces.
    public mutating func appendJSONStringContent(_ text: String) {
        var text = text
        text.withUTF8 { source in
            let count = source.count
            var runStart = 0
            var index = 0
            while index < count {
                // Eight bytes at a time while they need no escape: the messages, ids and command
                // lines of a report of 100,000 findings are almost all such bytes.
                while index + 8 <= count,
                    Self.needsNoJSONEscape(UnsafeRawPointer(source.baseAddress! + index).loadUnaligned(as: UInt64.self))
                {
                    index += 8
                }
                guard index < count else { break }
                let byte = source[index]
                if byte >= 0x20 && byte != 0x22 && byte != 0x5C && byte < 0x7F {
                    index += 1
                    continue
                }
                var length = 1
                var scalar: UInt32 = UInt32(byte)
                if byte >= 0x7F {
                    length = Self.escapedLength(source, at: index)
                    if length == 0 {
                        index += 1
                        continue
                    }
                    scalar = Self.scalar(source, at: index, length: length)
                }
                if index > runStart { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: source[runStart..<index])) }
                switch scalar {
                case 0x22: append("\\\"" as StaticString)
                case 0x5C: append("\\\\" as StaticString)
                case 0x08: append("\\b" as StaticString)
                case 0x09: append("\\t" as StaticString)
                case 0x0A: append("\\n" as StaticString)
                case 0x0C: append("\\f" as StaticString)
                case 0x0D: append("\\r" as StaticString)
                default: appendUnicodeEscape(scalar)
                }
                index += length
                runStart = index
            }
            if count > runStart { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: source[runStart..<count])) }
        }
    }

    private static var ones: UInt64 { 0x0101_0101_0101_0101 }
    private static var high: UInt64 { 0x8080_8080_8080_8080 }

    /// The high bit of each byte of `value` that is zero, and maybe of bytes above one that is:
    /// not zero exactly when some byte is zero, found without looking at the bytes one by one.
    @inline(__always)
    private static func zeroBytes(_ value: UInt64) -> UInt64 { (value &- ones) & ~value & high }

    /// Whether the eight bytes of `word` are all printable ASCII (0x20-0x7E): no byte with its
    /// high bit set, none below 0x20 and no DEL.
    @inline(__always)
    static func isPrintableASCII(_ word: UInt64) -> Bool {
        let control = (word &- ones &* 0x20) & ~word & high
        return (word & high) | control | zeroBytes(word ^ (ones &* 0x7F)) == 0
    }

    /// Whether the eight bytes of `word` are what a JSON string holds as they are: printable
    /// ASCII other than a quote and a backslash.
    @inline(__always)
    static func needsNoJSONEscape(_ word: UInt64) -> Bool {
        isPrintableASCII(word) && zeroBytes(word ^ (ones &* 0x22)) | zeroBytes(word ^ (ones &* 0x5C)) == 0
    }

    /// A JSON number as JSONEncoder writes it (`1.5`, `30`, `1e-05`); null for a value JSON has
    /// no number for (infinite, not a number).
    public mutating func appendJSONNumber(_ value: Double) {
        guard value.isFinite else { return append("null" as StaticString) }
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        append(text)
    }

    /// The scalar the UTF-8 bytes at `index` encode (`length` of them: 1 to 3).
    private static func scalar(_ buffer: UnsafeBufferPointer<UInt8>, at index: Int, length: Int) -> UInt32 {
        switch length {
        case 2: return UInt32(buffer[index] & 0x1F) << 6 | UInt32(buffer[index + 1] & 0x3F)
        case 3: return UInt32(buffer[index] & 0x0F) << 12 | UInt32(buffer[index + 1] & 0x3F) << 6 | UInt32(buffer[index + 2] & 0x3F)
        default: return UInt32(buffer[index])
        }
    }

    /// `\u` and four lowercase hex digits.
    private mutating func appendUnicodeEscape(_ scalar: UInt32) {
        let digits: StaticString = "0123456789abcdef"
        bytes.append(0x5C)
        bytes.append(UInt8(ascii: "u"))
        digits.withUTF8Buffer { hex in
            for shift in stride(from: 12, through: 0, by: -4) { bytes.append(hex[Int((scalar >> UInt32(shift)) & 0xF)]) }
        }
    }
}
