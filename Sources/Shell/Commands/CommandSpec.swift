// Each shell command is declared once: its words, syntax, one-line summary, an example, and the
// handler. `help`, dispatch and (later) completion all read these declarations, so they cannot
// drift apart.

import IMDF
import Workbench

public struct CommandSpec: Sendable {
    public let words: [String]
    public let syntax: String
    public let summary: String
    public let example: String
    let run: @Sendable (inout EditingSession, Invocation) throws -> String

    init(
        _ words: String, _ syntax: String, _ summary: String, example: String,
        run: @escaping @Sendable (inout EditingSession, Invocation) throws -> String
    ) {
        self.words = words.split(separator: " ").map(String.init)
        self.syntax = syntax
        self.summary = summary
        self.example = example
        self.run = run
    }

    public var name: String { words.joined(separator: " ") }

    public var help: CommandHelp { CommandHelp(name, syntax: syntax, summary: summary, example: example) }
}

/// What `help` shows of a command and Tab completes: also for the commands the script runner
/// carries out itself (`open`, `source`, `quit`), which act on the session rather than the document.
public struct CommandHelp: Sendable {
    public let name: String
    public let syntax: String
    public let summary: String
    public let example: String

    public init(_ name: String, syntax: String, summary: String, example: String) {
        self.name = name
        self.syntax = syntax
        self.summary = summary
        self.example = example
    }

    public var words: [String] { name.split(separator: " ").map(String.init) }
}

/// The words after a command's name: positional words and key=value options.
public struct Invocation: Sendable {
    public let command: String
    public let positional: [Token]
    public let options: [String: String]

    init(command: String, tokens: [Token]) throws(EditError) {
        self.command = command
        positional = tokens.filter { $0.key == nil }
        var options: [String: String] = [:]
        for token in tokens {
            guard let key = token.key else { continue }
            guard options[key] == nil else { throw EditError("\(TerminalText.excerpt(key))= is given twice", argument: key) }
            options[key] = token.text
        }
        self.options = options
    }

    var words: [String] { positional.map(\.text) }

    /// The positional word at `index`, or an error naming what is missing.
    func word(_ index: Int, _ name: String) throws(EditError) -> String {
        guard index < positional.count else { throw EditError("\(command): \(name) is missing", argument: name) }
        return positional[index].text
    }

    /// Whether an unquoted keyword (`oneway`, `--cascade`) is present.
    func flag(_ word: String) -> Bool { positional.contains { !$0.quoted && $0.text == word } }

    /// The words after an unquoted keyword (`along X1,Y1 X2,Y2` -> the two points).
    func after(_ keyword: String, count: Int? = nil) -> [String]? {
        guard let index = positional.firstIndex(where: { !$0.quoted && $0.text == keyword }) else { return nil }
        let rest = positional[(index + 1)...].map(\.text)
        return count.map { Array(rest.prefix($0)) } ?? rest
    }

    func number(_ key: String) throws(EditError) -> Double? {
        guard let text = options[key] else { return nil }
        guard let value = Double(text), value.isFinite else { throw EditError("\(key)=\(TerminalText.excerpt(text)) is not a number", argument: key) }
        // No option of any command means anything beyond this (a width, a weight, a distance).
        guard abs(value) <= 1e9 else { throw EditError("\(key)=\(TerminalText.excerpt(text)) is out of range (at most 1e9 in size)", argument: key) }
        return value
    }

    func unknownOptions(allowed: Set<String>) throws(EditError) {
        if let key = options.keys.sorted().first(where: { !allowed.contains($0) }) {
            throw EditError("\(command): unknown option \(TerminalText.excerpt(key))= (allowed: \(allowed.sorted().map { $0 + "=" }.joined(separator: ", ")))", argument: key)
        }
    }
}
