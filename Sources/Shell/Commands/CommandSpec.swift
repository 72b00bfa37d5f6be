// Each shell command is declared once: its words, its grammar (every argument with its kind),
// whether it changes the document, its summary, an example, and the handler. Parsing, `help`,
// usage lines and Tab completion all read these declarations, so they cannot drift apart.

import IMDF
import Workbench

/// Where `help` lists a command: groups of what a person came to do.
public enum CommandGroup: String, Sendable, CaseIterable {
    case viewing, editing, routing, checks, history
    case session = "files and session"
}

public struct CommandSpec: Sendable {
    public let words: [String]
    /// The group `help` lists it in: its own, or its list's (`grouped`).
    public private(set) var group: CommandGroup
    /// Other names the command answers to (`exit` for `quit`).
    public let aliases: [[String]]
    public let grammar: [GrammarPart]
    /// Whether the command can change the document (an edit, undo, a new document).
    public let changesDocument: Bool
    public let summary: String
    public let example: String
    /// What each option and keyword is for, by its name in the grammar (`rooms-layer`, `box`,
    /// `--findings`): `help COMMAND` shows it, and so does `--help` where the command is offered
    /// on the command line (CommandLineFront).
    public let argumentHelp: [String: String]
    let run: @Sendable (inout EditingSession, Arguments) throws -> CommandOutcome

    /// Whether the declaration named its group; otherwise its list's applies.
    private var declaresGroup: Bool

    init(
        _ words: String, aliases: [String] = [], _ grammar: [GrammarPart], changesDocument: Bool, group: CommandGroup? = nil,
        _ summary: String,
        example: String, help argumentHelp: [String: String] = [:],
        run: @escaping @Sendable (inout EditingSession, Arguments) throws -> CommandOutcome
    ) {
        self.group = group ?? .session
        declaresGroup = group != nil
        self.words = words.split(separator: " ").map(String.init)
        self.aliases = aliases.map { $0.split(separator: " ").map(String.init) }
        self.grammar = grammar
        self.changesDocument = changesDocument
        self.summary = summary
        self.example = example
        self.argumentHelp = argumentHelp
        self.run = run
    }

    public var name: String { words.joined(separator: " ") }

    /// The command in `group` unless it declared one of its own.
    func grouped(_ group: CommandGroup) -> CommandSpec {
        var spec = self
        if !declaresGroup { spec.group = group }
        return spec
    }

    /// The usage line, derived from the grammar: `split unit REF along X,Y X,Y ... [names=A,B]`.
    public var usage: String { ([name] + grammar.map(\.usage)).joined(separator: " ") }

    /// The parser of the command's grammar (parsing, and what completion expects next).
    var parser: GrammarParser { GrammarParser(command: name, grammar: grammar) }

    /// The words after the command's name, parsed by its grammar.
    public func parse(_ tokens: [Token]) throws(EditError) -> Arguments { try parser.parse(tokens) }
}

/// What a command did, as a value: the runner journals, records the transcript, keeps the dirty
/// flag and prints from this alone.
public struct CommandOutcome: Sendable {
    public enum Effect: Sendable {
        /// It looked (or wrote a file of its own, like `render --svg`): nothing to journal.
        case view
        /// It set the context later commands resolve in (`use level`, `frame`): journaled.
        case context
        /// It changed the document: the applied patch, with the ids it minted.
        case edit(Patch)
        /// Steps undone or redone, newest first.
        case undo([Patch])
        case redo([Patch])
        /// A group opened, with the label typed (none: the history calls it "group").
        case begin(label: String?)
        case commit(Patch)
        case rollback
        /// The document was written to `path` (which is now the session's archive).
        case save(path: String)
        /// In a script run: the save is recorded, and written when the whole run has succeeded.
        case savePending(path: String)
        /// The document was replaced by a new one (`new`).
        case newDocument
        /// The runner opens another archive, runs a script, or stops.
        case open(path: String)
        case source(path: String)
        case quit
    }

    public var effect: Effect
    public var message: String
    /// The line the journal and the transcript keep in place of the one typed, when the command
    /// says more than was typed (an import adds the SHA-256 of the files it read, so a replay
    /// against other files is refused).
    public var recordedLine: String?

    public init(_ effect: Effect, _ message: String) {
        self.effect = effect
        self.message = message
    }

    public static func view(_ message: String) -> CommandOutcome { CommandOutcome(.view, message) }

    /// A report (a list, a validation, a route) that may be longer than the screen: at a terminal
    /// it is paged. Pictures are not: a page break would cut a drawing in two.
    public static func report(_ message: String) -> CommandOutcome {
        var outcome = CommandOutcome(.view, message)
        outcome.isReport = true
        return outcome
    }

    /// Whether the message is a report to page at a terminal (`report`).
    public var isReport = false

    /// The ids the command minted (the journal records them so a replay mints the same).
    public var mintedIDs: [String] {
        switch effect {
        // A group's commands were journaled one by one, with their ids; its commit mints nothing.
        case .edit(let patch): patch.mintedIDs
        default: []
        }
    }

    /// What the command did to the document, as one patch: an edit's, a group's at its commit,
    /// the undone steps inverted, the redone steps. The runner reports the findings it introduced
    /// and resolved from it. Nil when the command did not edit (a command inside an open group
    /// edits too, but the runner waits for the group's commit).
    public var documentChange: Patch? {
        switch effect {
        case .edit(let patch), .commit(let patch): patch
        case .undo(let patches): patches.isEmpty ? nil : Patch.combining(patches.map(\.inverse), label: "undo")
        case .redo(let patches): patches.isEmpty ? nil : Patch.combining(patches, label: "redo")
        default: nil
        }
    }

    /// Whether the journal records the command: everything that changes the document or the
    /// context. A save starts the journal afresh instead; open, source and quit are not commands
    /// of the document.
    public var isJournaled: Bool {
        switch effect {
        case .context, .edit, .undo, .redo, .begin, .commit, .rollback, .newDocument: true
        case .view, .save, .savePending, .open, .source, .quit: false
        }
    }
}
