/// A JSON syntax error at a byte offset; `TextLocation` turns the offset into line and column.
public struct JSONSyntaxError: Error, Sendable, Equatable {
    public var offset: Int
    public var message: String
}

/// A position in a text file, 1-based, columns counted in characters (as editors show them).
public struct TextLocation: Sendable, Hashable, Codable, CustomStringConvertible {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// The line and column of `offset` in UTF-8 `bytes`.
    public init(offset: Int, in bytes: UnsafeBufferPointer<UInt8>) {
        let end = min(offset, bytes.count)
        var line = 1
        var lineStart = 0
        for index in 0..<end where bytes[index] == UInt8(ascii: "\n") {
            line += 1
            lineStart = index + 1
        }
        var column = 1
        for index in lineStart..<end where bytes[index] & 0xC0 != 0x80 {
            column += 1
        }
        self.init(line: line, column: column)
    }

    public var description: String { "\(line):\(column)" }
}
