// What the prompt's Tab offers at the cursor, read from the commands' declarations: command
// words, then what the command's grammar allows next - keywords and option keys not given yet,
// and values by the kind of argument due (features of the right types by name and `$handle`,
// values of the right enumeration after `category=`, feature types, property keys, finding
// codes, templates; file paths go to readline's own completion). Pure: it reads the line and
// the session; the line editor asks it.

import IMDF
import Validation
import Workbench

public enum Completion {
    /// Candidates for the word that ends at the cursor; `line` is the text before the cursor.
    public static func candidates(_ line: String, session: EditingSession) -> [String] {
        // After an opening quote the word is everything since it, spaces too ("Classroom 10|):
        // readline is told `"` quotes (LineEditor), completes the text inside the quote and closes it.
        if line.count(where: { $0 == "\"" }) % 2 == 1, let quote = line.lastIndex(of: "\"") {
            let inside = line[line.index(after: quote)...].lowercased()
            guard quote == line.startIndex || line[line.index(before: quote)] == " " else { return [] }  // name.en="...
            return names(session, types: []).map { $0.hasPrefix("\"") ? String($0.dropFirst().dropLast()) : $0 }
                .filter { $0.lowercased().hasPrefix(inside) }
        }
        let words = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        let partial = line.hasSuffix(" ") || line.isEmpty ? "" : (words.last ?? "")
        let before = line.hasSuffix(" ") || line.isEmpty ? words : Array(words.dropLast())
        let commandWords = Interpreter.commands.flatMap { [$0.words] + $0.aliases }
        if before.isEmpty {
            return unique(commandWords.map { $0[0] }).filter { $0.hasPrefix(partial) }
        }
        if before.count == 1, commandWords.contains(where: { $0.count > 1 && $0[0] == before[0] }) {
            let matches = commandWords.filter { $0.count > 1 && $0[0] == before[0] }.map { $0[1] }.filter { $0.hasPrefix(partial) }
            if !matches.isEmpty { return matches }
        }
        guard let (parser, typed) = command(before) else { return [] }
        let expectation = parser.expectation(after: typed)
        if let equals = partial.firstIndex(of: "="), expectation.dueValue == nil {
            let key = String(partial[..<equals])
            let value = String(partial[partial.index(after: equals)...])
            let parameter = parser.option(key) ?? (expectation.takesProperties ? propertyParameter(key, typed, session) : nil)
            return parameter.map { values($0, partial: value, typed, session).map { key + "=" + $0 } } ?? []
        }
        if let due = expectation.dueValue { return values(due, partial: partial, typed, session) }
        var offered: [String] = []
        if let list = expectation.listValue { offered += values(list, partial: partial, typed, session) }
        if let positional = expectation.positional { offered += values(positional, partial: partial, typed, session) }
        offered += expectation.keywords.filter { $0.hasPrefix(partial) }
        offered += expectation.optionKeys.map { $0 + "=" }.filter { $0.hasPrefix(partial) }
        if expectation.takesProperties, !typed.isEmpty {
            offered += propertyKeys(typed, session).map { $0 + "=" }.filter { $0.hasPrefix(partial) }
        }
        return unique(offered)
    }

    /// Whether completing to these candidates ends the word, so a space may follow: not for an
    /// option key (`control=`, `category=`), whose value is typed straight after the `=`.
    public static func endsWord(_ candidates: [String]) -> Bool {
        !candidates.contains { $0.hasSuffix("=") }
    }

    /// Whether the word at the cursor is a file path (readline completes those itself).
    public static func wantsPath(_ line: String) -> Bool {
        let words = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        let before = line.hasSuffix(" ") ? words : Array(words.dropLast())
        guard !before.isEmpty, let (parser, typed) = command(before) else { return false }
        let expectation = parser.expectation(after: typed)
        let next = expectation.dueValue ?? expectation.positional
        return next?.kind == .path
    }

    /// The parser of the command the words name, and the words typed after its name.
    private static func command(_ words: [String]) -> (GrammarParser, [Token])? {
        guard let tokens = try? Tokenizer.tokens(words.joined(separator: " ")), let (spec, rest) = Interpreter.match(tokens) else {
            return nil
        }
        return (spec.parser, rest)
    }

    /// The values an argument of this kind can take, starting with `partial`.
    static func values(_ parameter: Parameter, partial: String, _ typed: [Token], _ session: EditingSession) -> [String] {
        var values = parameter.alternatives
        switch parameter.kind {
        case .reference(let types):
            if partial.hasPrefix("$") { return (["$_"] + session.handles.keys.sorted().map { "$" + $0 }).filter { $0.hasPrefix(partial) } }
            values += names(session, types: types)
            return values.filter { $0.lowercased().hasPrefix(partial.lowercased()) }
        case .references(let types):
            // The name after the last comma.
            let head = partial.lastIndex(of: ",").map { String(partial[...$0]) } ?? ""
            let last = String(partial.dropFirst(head.count)).lowercased()
            return names(session, types: types).filter { !$0.hasPrefix("\"") && $0.lowercased().hasPrefix(last) }.map { head + $0 }
        case .category(let list): values += list.values
        case .words(let words): values += words
        case .featureType: values += unique(FeatureType.allCases.map(\.rawValue) + session.document.indexes.byType.keys.sorted())
        case .propertyKey: values += propertyKeys(typed, session)
        case .command: values += unique(Interpreter.commands.map { $0.words[0] })
        case .findingCode: values += FindingCode.allCases.map(\.rawValue)
        case .template: values += TemplateCatalog.find()?.templates.map(\.name) ?? []
        case .point, .offset, .distance, .size, .number, .integer, .count, .text, .list, .path, .handle: break
        }
        return values.filter { $0.hasPrefix(partial) }
    }

    /// The feature the first reference typed names (`set 310 ...`), for its property keys.
    private static func target(_ typed: [Token], _ session: EditingSession) -> Feature? {
        guard let first = typed.first(where: { $0.key == nil }), let id = try? session.resolve(first.text, argument: "REF") else {
            return nil
        }
        return session.document.feature(id)
    }

    /// The keys `set` and `unset` take for the target: its schema's, then those it has.
    static func propertyKeys(_ typed: [Token], _ session: EditingSession) -> [String] {
        guard let feature = target(typed, session) else { return [] }
        return unique((feature.imdfType?.schema.map(\.key) ?? []) + feature.properties.map(\.key))
    }

    /// The value an assignment of `key` takes, from the target's schema.
    static func propertyParameter(_ key: String, _ typed: [Token], _ session: EditingSession) -> Parameter? {
        guard let spec = target(typed, session)?.imdfType?.spec(forKey: key) else { return nil }
        switch spec.kind {
        case .category(let list), .categoryArray(let list): return Parameter("C", .category(list))
        case .boolean: return Parameter("B", .words(["true", "false"]))
        case .reference(let type), .referenceArray(let type): return Parameter("REF", .reference([type.rawValue]))
        default: return nil
        }
    }

    /// Names of features of `types` (any when empty) - buildings, levels and what is on the level
    /// in use - as typed (quoted when they hold spaces), and room designations ("310" of "Room 310").
    static func names(_ session: EditingSession, types: Set<String>) -> [String] {
        let document = session.document
        var features = document.features(of: .building) + document.features(of: .level)
        if let level = session.levelID { features += document.features(onLevel: level) }
        if !types.isEmpty { features = features.filter { types.contains($0.featureType) } }
        let language = document.labelLanguage
        let names = features.compactMap { $0.labels(.name)?.preferred(language: language) }
        let designations = names.compactMap { name in name.split(separator: " ").last.map(String.init) }
        return unique(names.map { $0.contains(" ") ? "\"\($0)\"" : $0 } + designations).sorted()
    }

    static func unique(_ items: [String]) -> [String] {
        var seen = Set<String>()
        return items.filter { seen.insert($0).inserted }
    }
}
