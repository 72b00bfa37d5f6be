// Runs one command line against a session: tokenise, find the command by its leading words
// (longest match), parse the rest by its grammar, run it, and return its outcome. A failing line
// changes nothing.

import IMDF
import Render
import Workbench

public enum Interpreter {
    public static let commands: [CommandSpec] =
        EditingCommands.all.map { $0.grouped(.editing) } + ImportCommands.all.map { $0.grouped(.editing) }
        + ContextCommands.all.map { $0.grouped(.viewing) }
        + ViewingCommands.all.map { $0.grouped(.viewing) } + RenderCommands.all.map { $0.grouped(.viewing) }
        + HistoryCommands.all.map { $0.grouped(.history) }
        + FixCommands.all.map { $0.grouped(.checks) } + TemplateCommands.all.map { $0.grouped(.session) }
        + SessionCommands.all.map { $0.grouped(.session) }

    /// The command for `tokens` (longest matching words, or alias) and the tokens after its name.
    static func match(_ tokens: [Token]) -> (CommandSpec, [Token])? {
        let words = tokens.prefix { $0.key == nil && !$0.quoted }.map(\.text)
        guard let first = words.first, let candidates = namesByFirstWord[first] else { return nil }
        var best: (command: Int, length: Int)?
        for (name, command) in candidates where name.count <= words.count && words.starts(with: name) {
            if best == nil || name.count > best!.length { best = (command, name.count) }
        }
        return best.map { (commands[$0.command], Array(tokens.dropFirst($0.length))) }
    }

    /// The names (words and aliases) of the commands by their first word, each with its command's
    /// place in `commands`, in that order: a line is held against the few names that start with
    /// its first word, not against every command's.
    static let namesByFirstWord: [String: [(name: [String], command: Int)]] = {
        var names: [String: [(name: [String], command: Int)]] = [:]
        for (index, spec) in commands.enumerated() {
            for name in [spec.words] + spec.aliases {
                if let first = name.first { names[first, default: []].append((name, index)) }
            }
        }
        return names
    }()

    /// The longest line a command may be, in bytes.
    public static let maximumLine = 64 * 1024
    /// The longest name or other text a command takes, in characters.
    public static let maximumText = 1_000

    /// The declaration named `name` (`split unit`).
    public static func command(named name: String) -> CommandSpec? { commands.first { $0.name == name } }

    /// Whether `line` reads as a command at all (whatever its arguments): a script whose lines do
    /// not is not a script.
    public static func recognises(_ line: String) -> Bool {
        guard let tokens = try? Tokenizer.tokens(line) else { return false }
        return match(tokens) != nil
    }

    /// Runs `line` and returns what it did; nil for blank lines and comments. Bookkeeping (the
    /// transcript, the dirty flag, the journal) is the caller's, from the outcome.
    public static func run(_ line: String, in session: inout EditingSession) throws(EditError) -> CommandOutcome? {
        // No command is this long: a pasted file, refused before any work is spent on it.
        guard line.utf8.count <= maximumLine else {
            throw EditError("the line is \(line.utf8.count / 1024) KB; a command line is at most \(maximumLine / 1024) KB")
        }
        let tokens: [Token]
        do {
            tokens = try Tokenizer.tokens(line)
        } catch {
            throw EditError(error.message)
        }
        guard let first = tokens.first else { return nil }
        guard let (spec, rest) = match(tokens) else { throw unknownCommand(first, tokens) }
        return try run(spec, try spec.parse(rest), in: &session)
    }

    /// Runs `spec` with its arguments already sorted by its grammar.
    static func run(_ spec: CommandSpec, _ arguments: Arguments, in session: inout EditingSession) throws(EditError) -> CommandOutcome {
        do {
            return try spec.run(&session, arguments)
        } catch let error as EditError {
            throw error
        } catch {
            throw EditError("\(spec.name): \(error)")
        }
    }

    /// Runs `spec` with `arguments` (from a command-line front door) and keeps the session's books
    /// as `execute(_:in:)` does, recording the command as its canonical line; returns the message.
    @discardableResult
    public static func execute(_ spec: CommandSpec, _ arguments: Arguments, in session: inout EditingSession) throws(EditError) -> String {
        let outcome = try run(spec, arguments, in: &session)
        session.record(outcome, line: outcome.recordedLine ?? arguments.canonicalLine(spec.grammar))
        return outcome.message
    }

    /// Runs `line` and keeps the session's books (transcript, context) from its outcome; returns
    /// the message. For callers with no journal: tests, replays, `imdf render`.
    @discardableResult
    public static func execute(_ line: String, in session: inout EditingSession) throws(EditError) -> String {
        guard let outcome = try run(line, in: &session) else { return "" }
        session.record(outcome, line: outcome.recordedLine ?? line)
        return outcome.message
    }

    /// `splt unit` -> did you mean `split unit`?
    static func unknownCommand(_ first: Token, _ tokens: [Token]) -> EditError {
        let typed = tokens.prefix { $0.key == nil && !$0.quoted }.map(\.text)
        let known = Set(commands.map { $0.words[0] })
        var hint = "; `help` lists the commands"
        if known.contains(first.text) {
            hint = "; `help \(first.text)` lists its forms"
        } else {
            // Compare with as many words as each command has.
            var best: (name: String, distance: Int)?
            for spec in commands where typed.count >= spec.words.count {
                let text = typed.prefix(spec.words.count).joined(separator: " ")
                let distance = Spelling.distance(text, spec.name)
                if best == nil || distance < best!.distance { best = (spec.name, distance) }
            }
            if let best, Spelling.isClose(best.distance, to: best.name) { hint = "; did you mean `\(best.name)`?" }
        }
        return EditError(
            "unknown command \"\(TerminalText.excerpt(tokens.prefix(2).map(\.text).joined(separator: " ")))\"\(hint)", argument: first.text)
    }
}

extension EditingSession {
    /// How many of the ids an edit minted its confirmation lists.
    static let mintedIDsShown = 12

    /// Performs an edit through the history; binds `as NAME` to the first id it minted.
    mutating func perform(_ command: some EditCommand, _ arguments: Arguments) throws(EditError) -> CommandOutcome {
        let patch = try history.perform(command, ids: &ids)
        let handle = arguments.value(after: "as")
        if let first = patch.mintedIDs.first {
            lastCreated = first
            if let handle { handles[handle] = first }
        }
        if let node = patch.mintedIDs.last(where: { document.feature($0)?.featureType == RoutingExtension.nodeType }) { lastNode = node }
        // A few ids to refer to; an edit that makes thousands (`graph build`) says how many more.
        let shown = patch.mintedIDs.prefix(Self.mintedIDsShown).map { document.shortID($0) }
        let more = patch.mintedIDs.count - shown.count
        let minted =
            patch.mintedIDs.isEmpty ? "" : " [" + shown.joined(separator: ", ") + (more > 0 ? ", ... and \(more.grouped) more" : "") + "]"
        return CommandOutcome(.edit(patch), patch.label + minted + (handle.map { " as $\($0)" } ?? ""))
    }
}
