// Splits a command line into words: plain words, "quoted strings" (with \" and \\ escapes), and
// key=value pairs whose value may be quoted. `#` outside quotes starts a comment.

import FindingReports
import Render

public struct Token: Sendable, Equatable {
    public var text: String
    /// For key=value tokens: the key (the text is then the value).
    public var key: String?
    /// Whether the text (or value) was quoted: quoted words are never keywords.
    public var quoted: Bool

    public init(_ text: String, key: String? = nil, quoted: Bool = false) {
        self.text = text
        self.key = key
        self.quoted = quoted
    }
}

public struct SyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}

public enum Tokenizer {
    public static func tokens(_ line: String) throws(SyntaxError) -> [Token] {
        var tokens: [Token] = []
        var characters = Array(line)[...]
        while let first = characters.first {
            if first == " " || first == "\t" {
                characters.removeFirst()
                continue
            }
            if first == "#" { break }
            if first == "\"" {
                characters.removeFirst()
                tokens.append(Token(try quoted(&characters), quoted: true))
                continue
            }
            var word = ""
            var key: String?
            var valueQuoted = false
            while let character = characters.first, character != " ", character != "\t" {
                if character == "=" && key == nil && !word.isEmpty {
                    key = word
                    word = ""
                    characters.removeFirst()
                    if characters.first == "\"" {
                        characters.removeFirst()
                        word = try quoted(&characters)
                        valueQuoted = true
                        break
                    }
                    continue
                }
                if character == "\"" { throw SyntaxError(message: "a quote in the middle of a word (\(TerminalText.excerpt(word))\"...)") }
                word.append(character)
                characters.removeFirst()
            }
            tokens.append(Token(word, key: key, quoted: valueQuoted))
        }
        return tokens
    }

    /// `text` as one word of a command line: bare when it reads back as itself, else quoted.
    public static func quoted(_ text: String) -> String { CommandWords.quoted(text) }

    private static func quoted(_ characters: inout ArraySlice<Character>) throws(SyntaxError) -> String {
        var text = ""
        while let character = characters.popFirst() {
            switch character {
            case "\"": return text
            case "\\":
                guard let escaped = characters.popFirst() else { throw SyntaxError(message: "a backslash at the end of a quoted string") }
                switch escaped {
                case "n": text.append("\n")
                case "t": text.append("\t")
                default: text.append(escaped)
                }
            default: text.append(character)
            }
        }
        throw SyntaxError(message: "unterminated quoted string \"\(TerminalText.excerpt(text))")
    }
}
