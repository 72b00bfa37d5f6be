// Serialises JSON values into a byte buffer.
//
// The canonical output is meant to be read by people and diffed by git: containers that hold
// features or top-level members go one entry per line (see `GeoJSONWriter`), while values inside a
// property (labels, display points, arrays) stay on one line with ", " and ": " separators.
// Strings are written as UTF-8 with only the escapes JSON requires; numbers as their original text.

struct JSONWriter {
    private let sink: ByteSink

    init(reservingCapacity capacity: Int = 256) {
        sink = ByteSink(capacity: capacity)
    }

    /// Everything written so far.
    var bytes: [UInt8] { sink.bytes }

    @inline(__always)
    mutating func write(_ byte: UInt8) { sink.append(byte) }

    @inline(__always)
    mutating func write(_ text: StaticString) {
        sink.append(UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    @inline(__always)
    mutating func write(_ buffer: UnsafeBufferPointer<UInt8>) { sink.append(UnsafeRawBufferPointer(buffer)) }

    mutating func writeRaw(_ text: String) {
        var text = text
        text.withUTF8 { write($0) }
    }

    mutating func writeIndent(_ level: Int) {
        for _ in 0..<level { write("  ") }
    }

    // MARK: - Scalars

    mutating func writeString(_ string: String) {
        var string = string
        string.withUTF8 { utf8 in
            write(UInt8(ascii: "\""))
            var runStart = 0
            for index in 0..<utf8.count {
                let byte = utf8[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                write(UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
                appendEscape(for: byte)
                runStart = index + 1
            }
            write(UnsafeBufferPointer(rebasing: utf8[runStart..<utf8.count]))
            write(UInt8(ascii: "\""))
        }
    }

    private mutating func appendEscape(for byte: UInt8) {
        switch byte {
        case UInt8(ascii: "\""): write("\\\"")
        case UInt8(ascii: "\\"): write("\\\\")
        case 0x0A: write("\\n")
        case 0x0D: write("\\r")
        case 0x09: write("\\t")
        case 0x08: write("\\b")
        case 0x0C: write("\\f")
        default:
            let hexDigits: StaticString = "0123456789abcdef"
            write("\\u00")
            write(hexDigits.utf8Start[Int(byte >> 4)])
            write(hexDigits.utf8Start[Int(byte & 0x0F)])
        }
    }

    mutating func writeNumber(_ number: JSONNumber) { writeRaw(number.text) }

    mutating func writeDouble(_ value: Double) {
        writeRaw(JSONNumber(value)?.text ?? "null")
    }

    // MARK: - Values on one line

    /// Writes `value` on a single line: `{"en": "Hall", "ru": "Зал"}`, `[1, 2]`.
    mutating func writeInline(_ value: JSONValue) {
        switch value {
        case .null: write("null")
        case .bool(let flag): flag ? write("true") : write("false")
        case .number(let number): writeNumber(number)
        case .string(let text): writeString(text)
        case .array(let items):
            write(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { write(", ") }
                writeInline(item)
            }
            write(UInt8(ascii: "]"))
        case .object(let object):
            writeInline(object)
        }
    }

    mutating func writeInline(_ object: JSONObject) {
        write(UInt8(ascii: "{"))
        for (index, entry) in object.entries.enumerated() {
            if index > 0 { write(", ") }
            writeString(entry.key)
            write(": ")
            writeInline(entry.value)
        }
        write(UInt8(ascii: "}"))
    }

    // MARK: - Objects one member per line

    /// Writes an object with one member per line at `indent`, values inline:
    /// ```
    /// {
    ///   "version": "1.0.0",
    ///   "language": "en"
    /// }
    /// ```
    mutating func writeExpanded(_ object: JSONObject, indent: Int) {
        guard !object.isEmpty else {
            write("{}")
            return
        }
        write("{\n")
        for (index, entry) in object.entries.enumerated() {
            writeIndent(indent + 1)
            writeString(entry.key)
            write(": ")
            writeInline(entry.value)
            write(index == object.count - 1 ? "\n" : ",\n")
        }
        writeIndent(indent)
        write(UInt8(ascii: "}"))
    }
}

/// The writer's output buffer: one growing allocation written with memcpy. Written by hand because
/// appending many short runs to `[UInt8]` cost about half of encoding time (measured on W: each
/// `append(contentsOf:)` goes through the generic copy path and a uniqueness check).
final class ByteSink {
    private var storage: UnsafeMutableRawPointer
    private var count = 0
    private var capacity: Int

    init(capacity: Int) {
        self.capacity = Swift.max(capacity, 64)
        storage = UnsafeMutableRawPointer.allocate(byteCount: self.capacity, alignment: 1)
    }

    deinit { storage.deallocate() }

    var bytes: [UInt8] { [UInt8](UnsafeRawBufferPointer(start: storage, count: count)) }

    @inline(__always)
    func append(_ byte: UInt8) {
        if count == capacity { grow(to: count + 1) }
        storage.storeBytes(of: byte, toByteOffset: count, as: UInt8.self)
        count += 1
    }

    @inline(__always)
    func append(_ buffer: UnsafeRawBufferPointer) {
        guard let base = buffer.baseAddress, !buffer.isEmpty else { return }
        if count + buffer.count > capacity { grow(to: count + buffer.count) }
        (storage + count).copyMemory(from: base, byteCount: buffer.count)
        count += buffer.count
    }

    private func grow(to needed: Int) {
        var newCapacity = capacity * 2
        while newCapacity < needed { newCapacity *= 2 }
        let larger = UnsafeMutableRawPointer.allocate(byteCount: newCapacity, alignment: 1)
        larger.copyMemory(from: storage, byteCount: count)
        storage.deallocate()
        storage = larger
        capacity = newCapacity
    }
}
