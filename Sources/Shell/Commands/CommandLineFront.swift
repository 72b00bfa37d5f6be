// A prompt command offered as an `imdf` subcommand (`imdf import dxf`, `imdf render`): its grammar
// read as command-line options, so an option is declared once, for the prompt, and works on both.
// `rooms-layer=X` is `--rooms-layer X` (or `--rooms-layer=X`), a repeated option repeats, a flag
// (`--findings`) is itself, a keyword with values (`box X,Y WxH`) is `--box X,Y WxH` or one quoted
// word `--box "X,Y WxH"`, and the grammar's positional words are positional. The words become the
// grammar's arguments directly - tokens, never a line to be tokenized again - and the subcommand's
// own options (which archive, which level, where to save) sit beside them, declared with it.

import Foundation
import IMDF
import Render
import Workbench

public struct CommandLineFront: Sendable {
    /// An option of the subcommand itself, not of the command it runs.
    public struct Option: Sendable {
        public let name: String
        /// The placeholder of its value; nil for a flag.
        public let value: String?
        public let help: String
        public let repeats: Bool

        public init(_ name: String, value: String? = nil, repeats: Bool = false, _ help: String) {
            self.name = name
            self.value = value
            self.help = help
            self.repeats = repeats
        }
    }

    /// The words given, sorted: the command's arguments, and the subcommand's own options.
    public struct Parsed: Sendable {
        public let arguments: Arguments
        /// Each own option given, with its values in the order given (none for a flag).
        public let own: [String: [String]]

        public func flag(_ name: String) -> Bool { own[name] != nil }
        public func value(_ name: String) -> String? { own[name]?.last }
        public func values(_ name: String) -> [String] { own[name] ?? [] }
    }

    public let spec: CommandSpec
    public let own: [Option]

    /// The front door of the prompt command `command` (`import dxf`), which must exist.
    public init(_ command: String, own: [Option]) {
        guard let spec = Interpreter.command(named: command) else { preconditionFailure("no prompt command \(command)") }
        self.spec = spec
        self.own = own
    }

    /// One command-line option standing for a part of the grammar.
    struct GrammarOption {
        let name: String
        let part: GrammarPart
        /// The word the grammar knows it by (`--findings`, `box`, `rooms-layer`).
        let word: String
        let values: [Parameter]
    }

    var grammarOptions: [GrammarOption] {
        func options(_ part: GrammarPart) -> [GrammarOption] {
            switch part {
            case .option(let key, let parameter, _), .repeatedOption(let key, let parameter):
                [GrammarOption(name: key, part: part, word: key, values: [parameter])]
            case .keyword(let word, let parameters, _):
                [GrammarOption(name: Self.optionName(word), part: part, word: word, values: parameters)]
            case .keywordList(let word, let parameter, _, _):
                [GrammarOption(name: Self.optionName(word), part: part, word: word, values: [parameter])]
            case .oneOf(let parts, _): parts.flatMap(options)
            case .positional, .properties: []
            }
        }
        return spec.grammar.flatMap(options)
    }

    /// `--findings` and `box` alike become `--findings` and `--box`.
    static func optionName(_ word: String) -> String { word.hasPrefix("--") ? String(word.dropFirst(2)) : word }

    /// Every option the command line takes, grammar's and own, as `--name`.
    public var optionNames: [String] { (grammarOptions.map(\.name) + own.map(\.name)).map { "--" + $0 } }

    /// The positional words, as usage shows them (`FILE`).
    var positionals: [Parameter] {
        spec.grammar.compactMap { if case .positional(let parameter, _) = $0 { parameter } else { nil } }
    }

    /// The options' help, one per option, in the grammar's order and then the subcommand's, as
    /// swift-argument-parser lays out its own.
    public var optionsHelp: String {
        var rows: [(String, String)] = []
        for option in grammarOptions {
            let values = option.values.map { "<\($0.placeholder)>" }.joined(separator: " ")
            var help = spec.argumentHelp[option.word] ?? ""
            if case .option(_, _, true) = option.part { help += help.isEmpty ? "(required)" : " (required)" }
            rows.append(("--\(option.name)\(values.isEmpty ? "" : " " + values)", help))
        }
        for option in own { rows.append(("--\(option.name)\(option.value.map { " <\($0)>" } ?? "")", option.help)) }
        let width = min(32, (rows.map(\.0.count).max() ?? 0) + 2)
        return rows.map { name, help in
            let lead = "  " + name
            // 80 columns in all: swift-argument-parser wraps longer lines of a discussion again.
            let wrapped = TextWrapping.wrap(help, width: 75 - width, first: "", rest: "")
            guard let first = wrapped.first else { return lead }
            let pad = String(repeating: " ", count: width + 2)
            let head =
                lead.count + 2 <= width + 2
                ? lead.padding(toLength: width + 2, withPad: " ", startingAt: 0) + first : lead + "\n" + pad + first
            return ([head] + wrapped.dropFirst().map { pad + $0 }).joined(separator: "\n")
        }.joined(separator: "\n")
    }

    /// The usage line: `imdf import dxf <FILE> [options]`.
    public var usage: String {
        (["imdf", spec.name] + positionals.map { "<\($0.placeholder)>" } + ["[options]"]).joined(separator: " ")
    }

    /// Sorts `words` (the command line after the subcommand's name) into the command's arguments
    /// and the own options. Every grammar rule applies as at the prompt; an unknown option is
    /// refused with the nearest known one.
    public func parse(_ words: [String]) throws(EditError) -> Parsed {
        var tokens: [Token] = []
        var ownValues: [String: [String]] = [:]
        let grammarOptions = self.grammarOptions
        var index = 0
        // An option's value: after `=` in the same word, or the next word.
        func value(for name: String, _ inline: String?) throws(EditError) -> String {
            if let inline { return inline }
            guard index < words.count else { throw EditError("--\(name) needs a value", argument: "--\(name)") }
            index += 1
            return words[index - 1]
        }
        while index < words.count {
            let word = words[index]
            index += 1
            guard word.hasPrefix("--"), word.count > 2 else {
                // A positional word, quoted so that a file named `level` is never a keyword.
                tokens.append(Token(word, quoted: true))
                continue
            }
            var name = String(word.dropFirst(2))
            var inline: String?
            if let equals = name.firstIndex(of: "=") {
                inline = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            if let option = own.first(where: { $0.name == name }) {
                if option.value == nil {
                    guard inline == nil else { throw EditError("--\(name) takes no value", argument: word) }
                    ownValues[name] = []
                } else {
                    guard option.repeats || ownValues[name] == nil else { throw EditError("--\(name) is given twice", argument: word) }
                    ownValues[name, default: []].append(try value(for: name, inline))
                }
                continue
            }
            guard let option = grammarOptions.first(where: { $0.name == name }) else {
                let near =
                    Spelling.nearest(to: name, in: grammarOptions.map(\.name) + own.map(\.name)).map { "; did you mean --\($0)?" } ?? ""
                throw EditError("unknown option --\(TerminalText.excerpt(name))\(near) (--help lists them)", argument: word)
            }
            switch option.part {
            case .option(let key, _, _), .repeatedOption(let key, _):
                tokens.append(Token(try value(for: name, inline), key: key))
            case .keyword(_, let parameters, _):
                tokens.append(Token(option.word))
                var values: [String] = inline.map { [$0] } ?? []
                while values.count < parameters.count, index < words.count, !Self.isOption(words[index]) {
                    values.append(words[index])
                    index += 1
                }
                // Several values in one quoted word: `--box "10,5 20x15"`.
                if values.count == 1, parameters.count > 1 {
                    values = values[0].split(whereSeparator: \.isWhitespace).map(String.init)
                }
                guard values.count == parameters.count else {
                    let usage = parameters.map { "<\($0.placeholder)>" }.joined(separator: " ")
                    throw EditError("--\(name) takes \(usage)", argument: word)
                }
                tokens += values.map { Token($0, quoted: true) }
            case .keywordList:
                tokens.append(Token(option.word))
                var values: [String] = inline.map { [$0] } ?? []
                while index < words.count, !Self.isOption(words[index]) {
                    values.append(words[index])
                    index += 1
                }
                tokens += values.map { Token($0, quoted: true) }
            case .positional, .oneOf, .properties:
                break
            }
        }
        return Parsed(arguments: try spec.parse(tokens), own: ownValues)
    }

    /// Whether a word starts the next option rather than being a value.
    static func isOption(_ word: String) -> Bool { word.hasPrefix("--") && word.count > 2 }

    /// Runs the command with `parsed`'s arguments in `session`, keeping the session's books as
    /// the prompt does; its message.
    public func run(_ parsed: Parsed, in session: inout EditingSession) throws(EditError) -> String {
        try Interpreter.execute(spec, parsed.arguments, in: &session)
    }
}
