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
        func ref(_ id: String) -> String { Self.reference(to: id, short) }
        func at(_ coordinate: Coordinate) -> String { "@\(coordinate.longitude),\(coordinate.latitude)" }
        switch self {
        case .save: return "save"
        case .choose(let id, let key, .reference): return "set \(ref(id)) \(key)=REF"
        case .choose(let id, let key, .example(let value)): return "set \(ref(id)) \(key)=\(CommandWords.quoted(value))"
        case .choose(let id, let key, .value): return "set \(ref(id)) \(key)=..."
        case .set(let id, let key, .text(let text)): return "set \(ref(id)) \(key)=\(CommandWords.quoted(text))"
        case .set(let id, let key, .null): return "set \(ref(id)) \(key)=null"
        case .set(let id, let key, .point(let coordinate)): return "set \(ref(id)) \(key)=\(at(coordinate))"
        case .unset(let id, let key): return "unset \(ref(id)) \(key)"
        case .removeGeometry(let id): return "set \(ref(id)) geometry=null"
        case .flatten(let id): return "flatten \(ref(id))"
        case .delete(let id): return "delete \(ref(id))"
        case .link(let a, let b): return "link \(ref(a)) \(ref(b))"
        case .unlink(let a, let b): return "unlink \(ref(a)) \(ref(b))"
        case .moveOpening(let id, let coordinate): return "move opening \(ref(id)) to \(at(coordinate))"
        case .move(let id, let coordinate): return "move \(ref(id)) to \(at(coordinate)) --outside"
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
