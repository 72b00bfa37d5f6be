// A command's grammar, declared once: its positional words, its keywords (with the values that
// follow them), its flags and its key=value options, each with the kind of value it takes. One
// declaration feeds parsing (which refuses what it does not know), the usage line `help` prints
// and what Tab completes - as one argument definition does in swift-argument-parser.

import IMDF
import Render
import Validation
import Workbench

/// What an argument's words must be. Parsing checks the kinds it can check without a document
/// (numbers, fixed words); references and coordinates are resolved by the command in its session.
/// Completion offers candidates by kind.
public enum ArgumentKind: Sendable, Equatable {
    /// A feature: its id (or a prefix), a `$handle`, or its name; of these types (any when empty).
    case reference(Set<String>)
    /// Several references, comma-separated (`unit=A,B`).
    case references(Set<String>)
    /// `X,Y` in metres in the frame, or `@LON,LAT`.
    case point
    /// `DX,DY` in metres.
    case offset
    /// A distance in metres.
    case distance
    /// `WxH` in metres.
    case size
    case number
    case integer
    /// A positive whole number (`undo 3`).
    case count
    /// A name or other free text.
    case text
    /// Comma-separated words (`tags=a,b`).
    case list
    /// One of these words.
    case words([String])
    /// A value of an IMDF enumeration.
    case category(CategoryList)
    /// A feature type (`ls opening`).
    case featureType
    /// A property of the target feature (`unset 310 restriction`).
    case propertyKey
    /// A file or folder.
    case path
    /// A name to bind with `as` (letters, digits, _).
    case handle
    /// A validation finding code.
    case findingCode
    /// A command's name (`help split unit`).
    case command
    /// A starter template's name.
    case template
}

/// One argument: the placeholder usage shows (`REF`, `X,Y`), its kind, and words it also takes
/// (`link=prev|nearest|REF`).
public struct Parameter: Sendable, Equatable {
    public let placeholder: String
    public let kind: ArgumentKind
    public let alternatives: [String]

    public init(_ placeholder: String, _ kind: ArgumentKind, or alternatives: [String] = []) {
        self.placeholder = placeholder
        self.kind = kind
        self.alternatives = alternatives
    }

    /// A word that must be typed as it is (`to level REF`).
    public static func literal(_ word: String) -> Parameter { Parameter(word, .words([word])) }

    var usage: String {
        if case .words(let words) = kind, words == [placeholder] { return placeholder }
        return (alternatives + [placeholder]).joined(separator: "|")
    }
}

/// A part of a command's grammar, in the order usage shows them.
public enum GrammarPart: Sendable, Equatable {
    public enum Presence: Sendable, Equatable {
        case required
        case optional
        /// As many as given, at least `minimum`.
        case repeated(minimum: Int)
    }

    /// A word in its place among the words that are not keywords.
    case positional(Parameter, Presence)
    /// A keyword and the fixed number of values after it (`at X,Y`, `rect X,Y WxH`); none makes it
    /// a flag (`--cascade`, `oneway`).
    case keyword(String, [Parameter], required: Bool = false)
    /// A keyword and a list of values up to the next keyword (`along X1,Y1 X2,Y2 ...`).
    case keywordList(String, Parameter, minimum: Int, required: Bool = false)
    /// `key=value`.
    case option(String, Parameter, required: Bool = false)
    /// `key=value` as often as wanted, kept in the order typed (`control=` points of a drawing).
    case repeatedOption(String, Parameter)
    /// One of several keyword parts (`on UNIT | between UNIT UNIT`).
    case oneOf([GrammarPart], required: Bool)
    /// `key=value` for any property of the target feature (`set`): keys checked by the command
    /// against the feature's schema.
    case properties

    public static func flag(_ word: String) -> GrammarPart { .keyword(word, []) }

    /// The keyword parts this part holds (itself, or its alternatives).
    var keywordParts: [GrammarPart] {
        switch self {
        case .keyword, .keywordList: [self]
        case .oneOf(let parts, _): parts.flatMap(\.keywordParts)
        default: []
        }
    }

    var keywordWord: String? {
        switch self {
        case .keyword(let word, _, _), .keywordList(let word, _, _, _): word
        default: nil
        }
    }

    var usage: String {
        switch self {
        case .positional(let parameter, .required): parameter.usage
        case .positional(let parameter, .optional): "[\(parameter.usage)]"
        case .positional(let parameter, .repeated(let minimum)):
            Array(repeating: parameter.usage, count: minimum).joined(separator: " ")
                + (minimum == 0 ? "[\(parameter.usage) ...]" : " [\(parameter.usage) ...]")
        case .keyword(_, _, let required), .keywordList(_, _, _, let required): wrap(bareUsage, required)
        case .option(let key, let value, let required): wrap("\(key)=\(value.usage)", required)
        case .repeatedOption(let key, let value): "[\(key)=\(value.usage) ...]"
        case .oneOf(let parts, let required):
            (required ? "(" : "[") + parts.map { $0.bareUsage }.joined(separator: " | ") + (required ? ")" : "]")
        case .properties: "key=value ..."
        }
    }

    /// Usage without the brackets of an optional part (inside a `oneOf`, and naming a missing
    /// alternative).
    var bareUsage: String {
        switch self {
        case .keyword(let word, let values, _): ([word] + values.map(\.usage)).joined(separator: " ")
        case .keywordList(let word, let value, let minimum, _):
            ([word] + Array(repeating: value.usage, count: max(minimum, 1)) + ["..."]).joined(separator: " ")
        default: usage
        }
    }

    private func wrap(_ text: String, _ required: Bool) -> String { required ? text : "[\(text)]" }

    /// The names its help is declared under (`CommandSpec.argumentHelp`): an option's key, a
    /// keyword's word, each alternative's.
    var helpNames: [String] {
        switch self {
        case .option(let key, _, _), .repeatedOption(let key, _): [key]
        case .keyword(let word, _, _), .keywordList(let word, _, _, _): [word]
        case .oneOf(let parts, _): parts.flatMap(\.helpNames)
        case .positional, .properties: []
        }
    }
}

/// A command line's words after the command's name, sorted by the grammar.
public struct Arguments: Sendable {
    public let command: String
    fileprivate(set) var positionals: [String: [Token]] = [:]
    fileprivate(set) var keywords: [String: [String]] = [:]
    fileprivate(set) var options: [String: String] = [:]
    /// The values of repeated options, in the order typed.
    fileprivate(set) var repeatedOptions: [String: [String]] = [:]
    /// `key=value` properties in the order typed (`set`).
    fileprivate(set) var properties: [(key: String, value: String)] = []

    init(command: String) { self.command = command }

    /// The positional word named `placeholder` (present when declared required).
    public func word(_ placeholder: String) -> String { positionals[placeholder]?.first?.text ?? "" }
    func optionalWord(_ placeholder: String) -> String? { positionals[placeholder]?.first?.text }
    /// All the words of a repeated positional.
    func words(_ placeholder: String) -> [String] { positionals[placeholder]?.map(\.text) ?? [] }
    /// The values after a keyword, nil when it was not given.
    public func keyword(_ word: String) -> [String]? { keywords[word] }
    /// The first value after a keyword.
    func value(after word: String) -> String? { keywords[word]?.first }
    public func flag(_ word: String) -> Bool { keywords[word] != nil }
    func option(_ key: String) -> String? { options[key] }
    /// Every value of a repeated option, in the order typed.
    func options(_ key: String) -> [String] { repeatedOptions[key] ?? [] }
    /// A number option, already checked by the parser.
    func number(_ key: String) -> Double? { options[key].flatMap(Double.init) }
    func integer(_ key: String) -> Int? { options[key].flatMap { Int($0) } }
}

extension Arguments {
    /// The arguments as one command line in the grammar's order, with `setting` options put in
    /// (or replaced) and positional words replaced by `replacingWords` (by placeholder): what a
    /// journal records when a command adds to what was typed. It parses back to the same arguments.
    func canonicalLine(_ grammar: [GrammarPart], setting: [String: String] = [:], replacingWords: [String: String] = [:]) -> String {
        var words = [command]
        var positionals = self.positionals
        for (placeholder, text) in replacingWords { positionals[placeholder] = [Token(text)] }
        func word(_ token: Token) -> String {
            // A quoted word stays quoted, so it never reads back as a keyword.
            let text = Tokenizer.quoted(token.text)
            return token.quoted && text == token.text ? "\"\(text)\"" : text
        }
        var options = self.options
        for (key, value) in setting { options[key] = value }
        func add(_ part: GrammarPart) {
            switch part {
            case .positional(let parameter, _): words += (positionals[parameter.placeholder] ?? []).map(word)
            case .keyword(let keyword, _, _), .keywordList(let keyword, _, _, _):
                if let values = keywords[keyword] { words += [keyword] + values.map(Tokenizer.quoted) }
            case .option(let key, _, _): if let value = options[key] { words.append(key + "=" + Tokenizer.quoted(value)) }
            case .repeatedOption(let key, _): words += (repeatedOptions[key] ?? []).map { key + "=" + Tokenizer.quoted($0) }
            case .oneOf(let parts, _): parts.forEach(add)
            case .properties: words += properties.map { $0.key + "=" + Tokenizer.quoted($0.value) }
            }
        }
        grammar.forEach(add)
        return words.joined(separator: " ")
    }
}

/// Parses the words after a command's name by its grammar.
struct GrammarParser {
    let command: String
    let grammar: [GrammarPart]

    private var positionalSlots: [(Parameter, GrammarPart.Presence)] {
        grammar.compactMap { if case .positional(let parameter, let presence) = $0 { (parameter, presence) } else { nil } }
    }

    private var keywordParts: [GrammarPart] { grammar.flatMap(\.keywordParts) }

    private var optionParts: [(String, Parameter)] {
        grammar.compactMap { part in
            switch part {
            case .option(let key, let parameter, _), .repeatedOption(let key, let parameter): (key, parameter)
            default: nil
            }
        }
    }

    private func isRepeated(_ key: String) -> Bool { grammar.contains { if case .repeatedOption(key, _) = $0 { true } else { false } } }

    private var takesProperties: Bool { grammar.contains(.properties) }

    func keywordPart(_ token: Token) -> GrammarPart? {
        guard !token.quoted, token.key == nil else { return nil }
        return keywordParts.first { $0.keywordWord == token.text }
    }

    func parse(_ tokens: [Token]) throws(EditError) -> Arguments {
        var arguments = Arguments(command: command)
        let slots = positionalSlots
        var slot = 0
        var index = 0
        while index < tokens.count {
            let token = tokens[index]
            index += 1
            if let key = token.key {
                try takeOption(key, token, into: &arguments)
                continue
            }
            if let part = keywordPart(token) {
                try takeKeyword(part, tokens, &index, into: &arguments)
                continue
            }
            guard slot < slots.count else { throw surplus(token) }
            let (parameter, presence) = slots[slot]
            try check(token.text, parameter, argument: parameter.placeholder)
            arguments.positionals[parameter.placeholder, default: []].append(token)
            if case .repeated = presence { continue }
            slot += 1
        }
        try checkComplete(arguments)
        return arguments
    }

    private func takeOption(_ key: String, _ token: Token, into arguments: inout Arguments) throws(EditError) {
        if let (_, parameter) = optionParts.first(where: { $0.0 == key }) {
            if isRepeated(key) {
                try check(token.text, parameter, argument: key + "=")
                arguments.repeatedOptions[key, default: []].append(token.text)
                return
            }
            guard arguments.options[key] == nil else {
                throw EditError("\(command): \(TerminalText.excerpt(key))= is given twice", argument: key)
            }
            try check(token.text, parameter, argument: key + "=")
            arguments.options[key] = token.text
            return
        }
        if takesProperties {
            guard !arguments.properties.contains(where: { $0.key == key }) else {
                throw EditError("\(command): \(TerminalText.excerpt(key))= is given twice", argument: key)
            }
            guard token.text.count <= Interpreter.maximumText else {
                throw EditError("\(key)=: \(token.text.count) characters; values are at most \(Interpreter.maximumText)", argument: key)
            }
            arguments.properties.append((key, token.text))
            return
        }
        let known = optionParts.map(\.0)
        var message = "\(command): unknown option \(TerminalText.excerpt(key))="
        if let near = Spelling.nearest(to: key, in: known) {
            message += "; did you mean \(near)=?"
        } else if known.isEmpty {
            message += " (\(command) takes no options)"
        } else {
            message += " (\(command) takes \(known.map { $0 + "=" }.joined(separator: ", ")))"
        }
        throw EditError(message, argument: key)
    }

    private func takeKeyword(_ part: GrammarPart, _ tokens: [Token], _ index: inout Int, into arguments: inout Arguments) throws(EditError)
    {
        guard let word = part.keywordWord else { return }
        guard arguments.keywords[word] == nil else { throw EditError("\(command): \(word) is given twice", argument: word) }
        // Alternatives exclude each other: `on` and `between` are not both given.
        for case .oneOf(let parts, _) in grammar where parts.contains(part) {
            if let other = parts.compactMap(\.keywordWord).first(where: { arguments.keywords[$0] != nil }) {
                throw EditError("\(command): give \(other) or \(word), not both", argument: word)
            }
        }
        var values: [String] = []
        switch part {
        case .keyword(_, let parameters, _):
            for parameter in parameters {
                guard index < tokens.count, tokens[index].key == nil else {
                    throw EditError("\(command): \(word) needs \(parameters.map(\.usage).joined(separator: " "))", argument: word)
                }
                try check(tokens[index].text, parameter, argument: word)
                values.append(tokens[index].text)
                index += 1
            }
        case .keywordList(_, let parameter, let minimum, _):
            while index < tokens.count, tokens[index].key == nil, keywordPart(tokens[index]) == nil {
                try check(tokens[index].text, parameter, argument: word)
                values.append(tokens[index].text)
                index += 1
            }
            guard values.count >= minimum else {
                throw EditError("\(command): \(word) needs at least \(minimum) \(parameter.placeholder) (\(part.usage))", argument: word)
            }
        default: break
        }
        arguments.keywords[word] = values
    }

    /// A word with no place: the closest keyword is suggested (a misspelt `along`).
    private func surplus(_ token: Token) -> EditError {
        var message = "\(command): unexpected word \"\(TerminalText.excerpt(token.text))\""
        if !token.quoted, let near = Spelling.nearest(to: token.text, in: keywordParts.compactMap(\.keywordWord)) {
            message += "; did you mean \(near)?"
        } else {
            message += " (usage: \(command) \(grammar.map(\.usage).joined(separator: " ")))"
        }
        return EditError(message, argument: token.text)
    }

    /// Refuses values that are not of their kind, where no document is needed to tell.
    private func check(_ text: String, _ parameter: Parameter, argument: String) throws(EditError) {
        if parameter.alternatives.contains(text) { return }
        guard text.count <= Interpreter.maximumText else {
            throw EditError(
                "\(argument): \(text.count) characters; names and other texts are at most \(Interpreter.maximumText)", argument: argument)
        }
        switch parameter.kind {
        case .number:
            guard let value = Double(text), value.isFinite else {
                throw EditError("\(argument): \(TerminalText.excerpt(text)) is not a number", argument: argument)
            }
            // No argument of any command means anything beyond this (a width, a weight, a distance).
            guard abs(value) <= 1e9 else {
                throw EditError("\(argument): \(TerminalText.excerpt(text)) is out of range (at most 1e9 in size)", argument: argument)
            }
        case .integer:
            guard Int(text) != nil else {
                throw EditError("\(argument): \(TerminalText.excerpt(text)) is not an integer", argument: argument)
            }
        case .count:
            guard let value = Int(text), value > 0 else {
                throw EditError("\(argument): \"\(TerminalText.excerpt(text))\" is not a number of steps", argument: argument)
            }
        case .words(let words):
            guard words.contains(text) else {
                throw EditError("\(argument): \(TerminalText.excerpt(text)) is not \(words.joined(separator: " or "))", argument: argument)
            }
        case .findingCode:
            guard FindingCode.matching(text) != nil else {
                let alternatives = parameter.alternatives.map { "; or \($0)" }.joined()
                throw EditError(
                    "\(argument): \"\(TerminalText.excerpt(text))\" is not a finding code (`validate` shows the codes\(alternatives))",
                    argument: argument)
            }
        case .handle:
            guard !text.isEmpty, text.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else {
                throw EditError(
                    "\(argument): a handle is letters, digits and _ (then use it as $\(TerminalText.excerpt(text)))", argument: argument)
            }
        default: break
        }
    }

    private func checkComplete(_ arguments: Arguments) throws(EditError) {
        for part in grammar {
            switch part {
            case .positional(let parameter, let presence):
                let count = arguments.positionals[parameter.placeholder]?.count ?? 0
                switch presence {
                case .required where count == 0:
                    throw EditError("\(command): \(parameter.placeholder) is missing", argument: parameter.placeholder)
                case .repeated(let minimum) where count < minimum:
                    throw EditError("\(command): give at least \(minimum) \(parameter.placeholder)", argument: parameter.placeholder)
                default: break
                }
            case .keyword(let word, _, true), .keywordList(let word, _, _, true):
                guard arguments.keywords[word] != nil else { throw EditError("\(command): \(part.usage) is required", argument: word) }
            case .option(let key, let parameter, true):
                guard arguments.options[key] != nil else {
                    throw EditError("\(command): \(key)=\(parameter.usage) is required", argument: key)
                }
            case .oneOf(let parts, true):
                let words = parts.compactMap(\.keywordWord)
                guard words.contains(where: { arguments.keywords[$0] != nil }) else {
                    throw EditError("\(command): say \(parts.map(\.bareUsage).joined(separator: " or "))", argument: words.first)
                }
            case .properties:
                guard !arguments.properties.isEmpty else { throw EditError("\(command): give key=value", argument: "key") }
            default: break
            }
        }
    }
}

/// How far apart two spellings are, and the closest of several words to a misspelt one when it is
/// close enough to be what was meant.
public enum Spelling {
    static func distance(_ a: String, _ b: String) -> Int { Suggestion.editDistance(a.lowercased(), b.lowercased()) }

    /// A third of the letters (one for short words, at most three) may be wrong.
    static func isClose(_ distance: Int, to word: String) -> Bool { distance <= max(1, min(3, word.count / 3)) }

    public static func nearest(to word: String, in candidates: [String]) -> String? {
        var best: (word: String, distance: Int)?
        for candidate in candidates {
            let distance = distance(word, candidate)
            if best == nil || distance < best!.distance { best = (candidate, distance) }
        }
        guard let best, isClose(best.distance, to: best.word) else { return nil }
        return best.word
    }
}

/// What may come next after some words of a command: Tab completion reads the grammar through this.
struct Expectation {
    /// A keyword's value is due, and nothing else may come (`at` was typed: X,Y).
    var dueValue: Parameter?
    /// The value a keyword's list takes next, while other parts may also come (`poly ... `).
    var listValue: Parameter?
    /// The positional argument whose place is next.
    var positional: Parameter?
    /// Keywords and option keys not given yet.
    var keywords: [String] = []
    var optionKeys: [String] = []
    var takesProperties = false
}

extension GrammarParser {
    func option(_ key: String) -> Parameter? { optionParts.first { $0.0 == key }?.1 }

    /// What may follow `tokens` (the words typed after the command's name).
    func expectation(after tokens: [Token]) -> Expectation {
        let slots = positionalSlots
        var slot = 0
        var usedKeywords: Set<String> = []
        var usedOptions: Set<String> = []
        var listValue: Parameter?
        var index = 0
        while index < tokens.count {
            let token = tokens[index]
            index += 1
            listValue = nil
            if let key = token.key {
                usedOptions.insert(key)
                continue
            }
            if let part = keywordPart(token), let word = part.keywordWord {
                usedKeywords.insert(word)
                switch part {
                case .keyword(_, let parameters, _):
                    for parameter in parameters {
                        guard index < tokens.count else { return Expectation(dueValue: parameter) }
                        index += 1
                    }
                case .keywordList(_, let parameter, _, _):
                    while index < tokens.count, tokens[index].key == nil, keywordPart(tokens[index]) == nil { index += 1 }
                    listValue = parameter
                default: break
                }
                continue
            }
            if slot < slots.count, case .repeated = slots[slot].1 { continue }
            slot += 1
        }
        var expectation = Expectation(listValue: listValue, positional: slot < slots.count ? slots[slot].0 : nil)
        for part in grammar {
            let alternatives = part.keywordParts.compactMap(\.keywordWord)
            if case .oneOf = part, alternatives.contains(where: usedKeywords.contains) { continue }
            expectation.keywords += alternatives.filter { !usedKeywords.contains($0) }
        }
        expectation.optionKeys = optionParts.map(\.0).filter { !usedOptions.contains($0) }
        expectation.takesProperties = takesProperties
        return expectation
    }
}
