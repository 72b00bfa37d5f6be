// Splits input into lines the same way everywhere - a script file, standard input, a line pasted
// at the prompt: a line ends at LF, CRLF or a lone CR. Swift's
// `String.split(separator: "\n")` works on characters, where CRLF is one character that is not
// "\n", so a CRLF script read as one long line and a stray CR stayed inside a command (and in the
// journal record made from it); this works on bytes.

#if canImport(Glibc)
    import Glibc
#endif

public enum InputLines {
    private static let lineFeed = UInt8(ascii: "\n")
    private static let carriageReturn = UInt8(ascii: "\r")

    /// The lines of `text`, without their ends; a final line end does not start an empty line.
    public static func split(_ text: String) -> [String] {
        var lines: [String] = []
        var reader = Splitter()
        for byte in text.utf8 {
            if let line = reader.take(byte) { lines.append(line) }
        }
        if let last = reader.finish() { lines.append(last) }
        return lines
    }

    /// Collects bytes into lines; a CR ends a line at once (a prompt must not wait for the next
    /// byte to answer), and a LF right after it is then skipped.
    struct Splitter {
        private var current: [UInt8] = []
        private var afterCarriageReturn = false

        /// Adds a byte; returns a finished line when the byte ends one.
        mutating func take(_ byte: UInt8) -> String? {
            defer { if byte != carriageReturn { afterCarriageReturn = false } }
            switch byte {
            case lineFeed:
                if afterCarriageReturn { return nil }
                return finishLine()
            case carriageReturn:
                afterCarriageReturn = true
                return finishLine()
            default:
                current.append(byte)
                return nil
            }
        }

        /// The last line, when the input ended without a line end.
        mutating func finish() -> String? {
            current.isEmpty ? nil : finishLine()
        }

        private mutating func finishLine() -> String {
            defer { current.removeAll(keepingCapacity: true) }
            return String(decoding: current, as: UTF8.self)
        }
    }

    /// Reads lines from a file descriptor (standard input) as they arrive.
    public final class Reader {
        private let descriptor: Int32
        private var splitter = Splitter()
        private var buffer = [UInt8](repeating: 0, count: 1 << 16)
        private var filled = 0
        private var position = 0
        private var ended = false

        public init(descriptor: Int32 = 0) {
            self.descriptor = descriptor
        }

        /// The next line, or nil at the end of the input.
        public func next() -> String? {
            while true {
                while position < filled {
                    let byte = buffer[position]
                    position += 1
                    if let line = splitter.take(byte) { return line }
                }
                if ended { return splitter.finish() }
                let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, $0.count) }
                if count < 0 && errno == EINTR { continue }
                if count <= 0 {
                    ended = true
                    continue
                }
                filled = count
                position = 0
            }
        }
    }
}
