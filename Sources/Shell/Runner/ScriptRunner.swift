// Runs scripts: text files of commands, exactly as typed at the prompt. A trailing `\` joins the
// next line; `#` starts a comment; `source FILE` runs another script; `quit` stops. A failing
// command is reported as `FILE:LINE: message` and stops the run unless asked to keep going. What
// each command did comes back as a typed outcome, which alone decides what is journaled, recorded
// and printed.

import FindingReports
import Foundation
import IMDF
import Render
import Workbench

public struct ScriptLine: Sendable, Equatable {
    public var file: String
    /// The line the command starts on.
    public var number: Int
    public var text: String

    public init(file: String, number: Int, text: String) {
        self.file = file
        self.number = number
        self.text = text
    }
}

public struct ScriptFailure: Error, Sendable, Equatable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var message: String

    public var description: String { "\(file):\(line): \(message)" }
}

/// Joins a line ending in `\\` with the next: the command starts on the first line's number.
/// Scripts, standard input and the prompt all join lines with it.
public struct ContinuationJoiner: Sendable {
    private let file: String
    private var pending: (number: Int, text: String)?

    public init(file: String) { self.file = file }

    /// Whether a command is waiting for its continuation line.
    public var isContinuing: Bool { pending != nil }

    /// Adds line `number`; returns the command when the line completes one.
    public mutating func add(_ line: String, number: Int) -> ScriptLine? {
        var text = line
        let continues = text.hasSuffix("\\")
        if continues { text.removeLast() }
        if var open = pending {
            open.text += " " + text
            pending = open
        } else {
            pending = (number, text)
        }
        return continues ? nil : finish()
    }

    /// The command still waiting at the end of the input, if any.
    public mutating func finish() -> ScriptLine? {
        defer { pending = nil }
        return pending.map { ScriptLine(file: file, number: $0.number, text: $0.text) }
    }
}

public enum ScriptRunner {
    /// The commands of a script, continuation lines joined.
    public static func lines(of text: String, file: String) -> [ScriptLine] {
        var joiner = ContinuationJoiner(file: file)
        var result: [ScriptLine] = []
        for (index, line) in InputLines.split(text).enumerated() {
            if let command = joiner.add(line, number: index + 1) { result.append(command) }
        }
        if let last = joiner.finish() { result.append(last) }
        return result
    }

    public struct Outcome: Sendable {
        public var commands = 0
        public var failures: [ScriptFailure] = []
        /// `quit` was read, or the run cannot go on (a command could not be journaled, scripts
        /// source each other without end): nothing after it runs, whatever `keepGoing` says.
        public var quit = false
        /// The stop was the `quit` command (which the prompt may ask about first).
        public var quitCommand = false
        /// The journal could not be written (a full disk): the run stopped at the command it
        /// could not record, and the journal keeps the records written before it.
        public var journalFailure: JournalError?

        public init() {}
    }

    /// Opens another archive for `open PATH`: replaces the session and its journal and returns the
    /// confirmation, or throws why not (the session and journal then stay as they were).
    public typealias ArchiveOpener = (_ path: String, _ session: inout EditingSession, _ journal: inout Journal?) throws(EditError) ->
        String

    /// How many lines in a row may fail to be commands before a file is taken for something that
    /// is not a script (a binary, a GeoJSON file given to `source` by mistake).
    public static let unknownLinesBeforeGivingUp = 10
    /// How deep `source` may nest.
    public static let maximumSourceDepth = 16

    /// Runs `lines` without a journal, where `open` is not available (tests, benchmarks).
    public static func run(
        _ lines: [ScriptLine], in session: inout EditingSession, echo: Bool, keepGoing: Bool, reportFindings: Bool = false,
        output: (String) -> Void
    ) -> Outcome {
        var journal: Journal?
        return run(
            lines, in: &session, echo: echo, keepGoing: keepGoing, reportFindings: reportFindings, journal: &journal, open: nil,
            output: output)
    }

    /// Runs `lines`, printing each result through `output`; every accepted command that changes
    /// state is journaled before its result is printed. With `reportFindings` (the prompt, `imdf
    /// run --echo`), each edit's result is followed by a line of the findings it introduced or
    /// resolved, unless the session has switched that off (`findings off`).
    public static func run(
        _ lines: [ScriptLine], in session: inout EditingSession, echo: Bool, keepGoing: Bool, reportFindings: Bool = false,
        journal: inout Journal?, open: ArchiveOpener?, output: (String) -> Void, report: ((String) -> Void)? = nil
    ) -> Outcome {
        withoutActuallyEscaping(output) { output in
            Runner(echo: echo, keepGoing: keepGoing, reportFindings: reportFindings, open: open, output: output, report: report ?? output)
                .run(lines, in: &session, journal: &journal, sourceChain: [])
        }
    }

    private struct Runner {
        let echo: Bool
        let keepGoing: Bool
        let reportFindings: Bool
        let open: ArchiveOpener?
        let output: (String) -> Void
        /// Where reports (`CommandOutcome.report`) go: paged at a terminal.
        let report: (String) -> Void

        func run(_ lines: [ScriptLine], in session: inout EditingSession, journal: inout Journal?, sourceChain: [String]) -> Outcome {
            var outcome = Outcome()
            var unknownInARow = 0
            for line in lines {
                let trimmed = line.text.trimmingCharacters(in: .whitespaces)
                func fail(_ message: String) -> Bool {
                    outcome.failures.append(ScriptFailure(file: line.file, line: line.number, message: message))
                    return !keepGoing
                }
                let result: CommandOutcome
                do {
                    // Blank lines and comments run as nothing and are not echoed. Running
                    // prints nothing, so the echo still comes before the command's output.
                    guard let ran = try Interpreter.run(trimmed, in: &session) else { continue }
                    if echo { output("> " + trimmed) }
                    result = ran
                    unknownInARow = 0
                } catch {
                    if echo { output("> " + trimmed) }
                    // Only a failed line can be one that is not a command: the check stays off
                    // the path every accepted command takes.
                    if Interpreter.recognises(trimmed) {
                        unknownInARow = 0
                    } else {
                        unknownInARow += 1
                        if unknownInARow >= ScriptRunner.unknownLinesBeforeGivingUp && line.file != "<prompt>" && line.file != "<stdin>" {
                            outcome.failures.append(
                                ScriptFailure(
                                    file: line.file, line: line.number,
                                    message:
                                        "this does not look like an imdf script: \(unknownInARow) lines in a row are not commands; the rest of \(line.file) is not run"
                                ))
                            return outcome
                        }
                    }
                    if fail(error.message) { return outcome }
                    continue
                }
                switch result.effect {
                case .quit:
                    outcome.quit = true
                    outcome.quitCommand = true
                    return outcome
                case .open(let path):
                    outcome.commands += 1
                    if let message = openArchive(path, &session, &journal), fail(message) { return outcome }
                    continue
                case .source(let path):
                    let inner = runSource(path, from: line, &session, &journal, sourceChain)
                    outcome.commands += inner.commands
                    outcome.failures += inner.failures
                    outcome.journalFailure = outcome.journalFailure ?? inner.journalFailure
                    if inner.quit || (!inner.failures.isEmpty && !keepGoing) {
                        outcome.quit = inner.quit
                        outcome.quitCommand = inner.quitCommand
                        return outcome
                    }
                    continue
                default:
                    outcome.commands += 1
                }
                let recorded = result.recordedLine ?? trimmed
                if let journal {
                    do {
                        switch result.effect {
                        case .save(let path): try journal.saved(to: path, context: session.contextCommands)
                        case .savePending(let path): journal.saveIsPending(to: path, session: session)
                        case .context: try journal.accepted(recorded, ids: [], session: session, context: true)
                        default: if result.isJournaled { try journal.accepted(recorded, ids: result.mintedIDs, session: session) }
                        }
                    } catch {
                        // Not durable, so not acknowledged: stop rather than go on unrecorded.
                        outcome.failures.append(
                            ScriptFailure(file: line.file, line: line.number, message: "\(error) (the command was not recorded)"))
                        outcome.journalFailure = error
                        outcome.quit = true
                        return outcome
                    }
                }
                session.record(result, line: recorded)
                if !result.message.isEmpty { (result.isReport ? report : output)(result.message) }
                if let line = findingsLine(result, session) { output(line) }
                if let line = staleGraphLine(result, session) { output(line) }
            }
            return outcome
        }

        /// The findings the command's edit introduced and resolved, in one line: nil when it made
        /// no edit (or one inside a group, which is reported at its commit), when nothing changed,
        /// or when the findings are not to be reported.
        func findingsLine(_ result: CommandOutcome, _ session: EditingSession) -> String? {
            guard reportFindings, session.reportsEditFindings, !session.history.isGrouping, let change = result.documentChange,
                !change.changes.isEmpty
            else { return nil }
            return ValidationOutput.line(EditFindings(of: change, in: session.document))
        }

        /// After an edit of the plan on levels with a generated routing graph: that the graph there
        /// is stale, and the command that makes it anew. Nil for views, undo, edits inside a group
        /// (told at its commit) and edits that leave the graph as true as it was.
        func staleGraphLine(_ result: CommandOutcome, _ session: EditingSession) -> String? {
            guard reportFindings, !session.history.isGrouping else { return nil }
            let patch: Patch
            switch result.effect {
            case .edit(let applied), .commit(let applied): patch = applied
            case .redo(let patches) where !patches.isEmpty: patch = Patch.combining(patches, label: "redo")
            default: return nil
            }
            let levels = GeneratedGraph.levelsLeftStale(by: patch, in: session.document)
            guard let first = levels.first else { return nil }
            let document = session.document
            let names = levels.map { document.feature($0).map { session.describe($0) } ?? document.shortID($0) }
            let refresh =
                levels.count == 1
                ? "graph build level \(Self.reference(first, document)) --replace" : "graph build all --replace"
            return "the generated routing graph of \(names.joined(separator: ", ")) is stale after this edit: `\(refresh)` makes it anew"
        }

        /// How to name a level in a suggested command: its short id (unique, and needs no quoting).
        static func reference(_ id: String, _ document: Document) -> String { document.shortID(id) }

        /// `open PATH`: nil when the archive is open, else why not.
        func openArchive(_ path: String, _ session: inout EditingSession, _ journal: inout Journal?) -> String? {
            guard let open else { return "open: not available here; give the archive when starting (imdf run SCRIPT --archive A)" }
            do {
                // The choice of what to report goes on with the next archive.
                let reportsEditFindings = session.reportsEditFindings
                let deferredSaving = session.deferredSaving
                output(try open(path, &session, &journal))
                session.reportsEditFindings = reportsEditFindings
                // Saves recorded so far still wait for the run's end; the new archive's journal is held now.
                session.deferredSaving = deferredSaving.map {
                    var deferred = $0
                    deferred.journaledArchive = path
                    return deferred
                }
                return nil
            } catch {
                return error.message
            }
        }

        func runSource(
            _ path: String, from line: ScriptLine, _ session: inout EditingSession, _ journal: inout Journal?, _ chain: [String]
        ) -> Outcome {
            var outcome = Outcome()
            func stop(_ message: String, always: Bool) -> Outcome {
                outcome.failures.append(ScriptFailure(file: line.file, line: line.number, message: message))
                // Nesting without end would repeat the same failure at every level: stop it all.
                outcome.quit = always
                return outcome
            }
            let identity = FileSystem.resolvedPath(path)
            if chain.contains(identity) {
                return stop(
                    "source: \(TerminalText.excerpt(path)) is already running (a script that sources itself); nothing more is run",
                    always: true)
            }
            guard chain.count < ScriptRunner.maximumSourceDepth else {
                return stop("source: scripts nested more than \(ScriptRunner.maximumSourceDepth) deep; nothing more is run", always: true)
            }
            guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
                return stop("source: cannot read \(TerminalText.excerpt(path)) (a UTF-8 text file of commands)", always: false)
            }
            return run(ScriptRunner.lines(of: text, file: path), in: &session, journal: &journal, sourceChain: chain + [identity])
        }
    }
}
