// Validation's repairs as the command lines that make them, shown with each finding in the
// reports (`[fix: ...]`, JSON's `command`); Shell's Repairs runs the same repairs as edit
// commands. Here, optimized, rather than with the command language: a report of 100,000
// findings words as many fixes.

import IMDF
import Validation

extension Repair {
    /// The command line a person would type for this repair, each feature named by its id as
    /// `short` shortens it (unique in the document, so the line names what it says). Never a
    /// name: two features may share one. An id that is not hex digits (`unit-12`) is not taken
    /// as a prefix, so it is written whole (quoted where it needs to be), as an exact id wins.
    public func commandLine(_ short: ShortIDs) -> String {
        var line = ""
        writeCommandLine(short) { line += $0 }
        return line
    }

    /// The command line of `commandLine`, given to `piece` a word or a space at a time: a report
    /// writes them into its line as they come, rather than making a string for each of 100,000
    /// fixes. The pieces are literals, ids and values, which need no new string.
    public func writeCommandLine(_ short: ShortIDs, _ piece: (String) -> Void) {
        func ref(_ id: String) { piece(Self.reference(to: id, short)) }
        func at(_ coordinate: Coordinate) {
            piece("@")
            piece(String(coordinate.longitude))
            piece(",")
            piece(String(coordinate.latitude))
        }
        /// `VERB ID`, the start of every line that names a feature.
        func verb(_ word: String, _ id: String) {
            piece(word)
            piece(" ")
            ref(id)
        }
        /// `set ID KEY=`, the start of the lines that set a value.
        func set(_ id: String, _ key: String) {
            verb("set", id)
            piece(" ")
            piece(key)
            piece("=")
        }
        switch self {
        case .save: piece("save")
        case .choose(let id, let key, .reference):
            set(id, key)
            piece("REF")
        case .choose(let id, let key, .example(let value)):
            set(id, key)
            piece(CommandWords.quoted(value))
        case .choose(let id, let key, .value):
            set(id, key)
            piece("...")
        case .set(let id, let key, .text(let text)):
            set(id, key)
            piece(CommandWords.quoted(text))
        case .set(let id, let key, .null):
            set(id, key)
            piece("null")
        case .set(let id, let key, .point(let coordinate)):
            set(id, key)
            at(coordinate)
        case .removeGeometry(let id):
            set(id, "geometry")
            piece("null")
        case .unset(let id, let key):
            verb("unset", id)
            piece(" ")
            piece(key)
        case .flatten(let id): verb("flatten", id)
        case .delete(let id): verb("delete", id)
        case .link(let a, let b):
            verb("link", a)
            piece(" ")
            ref(b)
        case .unlink(let a, let b):
            verb("unlink", a)
            piece(" ")
            ref(b)
        case .moveOpening(let id, let coordinate):
            verb("move opening", id)
            piece(" to ")
            at(coordinate)
        case .move(let id, let coordinate):
            verb("move", id)
            piece(" to ")
            at(coordinate)
            piece(" --outside")
        }
    }

    /// How a fix line names the feature `id`: its short id where that resolves as an id prefix
    /// (hex digits and dashes), else the whole id.
    static func reference(to id: String, _ short: ShortIDs) -> String {
        let shortened = short.short(id)
        // ASCII (every UUID) by its bytes; any other text by its characters.
        let utf8 = shortened.utf8
        if utf8.allSatisfy({ $0 < 0x80 }) {
            let hex = utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x66) || $0 == 0x2D }
            if utf8.count >= 4 && hex { return shortened }
        } else if shortened.count >= 4, shortened.allSatisfy({ $0.isHexDigit || $0 == "-" }) {
            return shortened
        }
        return CommandWords.quoted(id)
    }
}

extension Fix {
    /// The repair as shown with a finding: its command line, else its description.
    public func shown(_ short: ShortIDs) -> String { repair.map { $0.commandLine(short) } ?? description }

    /// `shown`, given to `piece` as `Repair.writeCommandLine` gives it.
    public func writeShown(_ short: ShortIDs, _ piece: (String) -> Void) {
        if let repair { repair.writeCommandLine(short, piece) } else { piece(description) }
    }
}

/// Words of the command language as a command line writes them.
public enum CommandWords {
    /// `text` as one word of a command line: bare when it reads back as itself, else quoted
    /// (the Tokenizer reads it back).
    public static func quoted(_ text: String) -> String {
        let plain = !text.isEmpty && !text.hasPrefix("$") && !text.contains { " \t\"#=\\\n\r".contains($0) }
        if plain { return text }
        var escaped = "\""
        for character in text {
            switch character {
            case "\"": escaped += "\\\""
            case "\\": escaped += "\\\\"
            case "\n": escaped += "\\n"
            case "\t": escaped += "\\t"
            default: escaped.append(character)
            }
        }
        return escaped + "\""
    }
}
