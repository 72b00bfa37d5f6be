// Runs scripts: text files of commands, exactly as typed at the prompt. A trailing `\` joins the
// next line; `#` starts a comment; `source FILE` runs another script; `quit` stops. A failing
// command is reported as `FILE:LINE: message` and stops the run unless asked to keep going.

import Foundation
import IMDF
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

public enum ScriptRunner {
    /// The commands the runner carries out itself: they replace the session, read other scripts or
    /// end the run, which no document command can do.
    public static let controlCommands = [
        CommandHelp("open", syntax: "open PATH", summary: "open another archive (refused while there are unsaved changes)", example: "open venue.zip"),
        CommandHelp("source", syntax: "source FILE", summary: "run the commands of a script file, as if typed", example: "source fix-doors.imdfs"),
        CommandHelp("quit", syntax: "quit", summary: "leave (at the prompt, asks first when there are unsaved changes)", example: "quit"),
    ]

    /// The commands of a script, continuation lines joined.
    public static func lines(of text: String, file: String) -> [ScriptLine] {
        var result: [ScriptLine] = []
        var pending: (number: Int, text: String)?
        for (index, raw) in InputLines.split(text).enumerated() {
            var line = raw
            let continues = line.hasSuffix("\\")
            if continues { line.removeLast() }
            if var open = pending {
                open.text += " " + line
                pending = open
            } else {
                pending = (index + 1, line)
            }
            if !continues, let done = pending {
                result.append(ScriptLine(file: file, number: done.number, text: done.text))
                pending = nil
            }
        }
        if let done = pending { result.append(ScriptLine(file: file, number: done.number, text: done.text)) }
        return result
    }

    public struct Outcome: Sendable {
        public var commands = 0
        public var failures: [ScriptFailure] = []
        /// `quit` was read, or the run cannot go on (a command could not be journaled, scripts
        /// source each other without end): nothing after it runs, whatever `keepGoing` says.
        public var quit = false

        public init() {}
    }

    /// Opens another archive for `open PATH`: replaces the session and its journal and returns the
    /// confirmation, or throws why not (the session and journal then stay as they were).
    public typealias ArchiveOpener = (_ path: String, _ session: inout EditingSession, _ journal: inout Journal?) throws(EditError) -> String

    /// How many lines in a row may fail to be commands before a file is taken for something that
    /// is not a script (a binary, a GeoJSON file given to `source` by mistake).
    public static let unknownLinesBeforeGivingUp = 10
    /// How deep `source` may nest.
    public static let maximumSourceDepth = 16

    /// Runs `lines` without a journal, where `open` is not available (tests, benchmarks).
    public static func run(
        _ lines: [ScriptLine], in session: inout EditingSession, echo: Bool, keepGoing: Bool, output: (String) -> Void
    ) -> Outcome {
        var journal: Journal?
        return run(lines, in: &session, echo: echo, keepGoing: keepGoing, journal: &journal, open: nil, output: output)
    }

    /// Runs `lines`, printing each result through `output`; every accepted command that changes
    /// state is journaled before its result is printed.
    public static func run(
        _ lines: [ScriptLine], in session: inout EditingSession, echo: Bool, keepGoing: Bool, journal: inout Journal?,
        open: ArchiveOpener?, output: (String) -> Void
    ) -> Outcome {
        withoutActuallyEscaping(output) { output in
            Runner(echo: echo, keepGoing: keepGoing, open: open, output: output).run(lines, in: &session, journal: &journal, sourceChain: [])
        }
    }

    private struct Runner {
        let echo: Bool
        let keepGoing: Bool
        let open: ArchiveOpener?
        let output: (String) -> Void

        func run(_ lines: [ScriptLine], in session: inout EditingSession, journal: inout Journal?, sourceChain: [String]) -> Outcome {
            var outcome = Outcome()
            var unknownInARow = 0
            for line in lines {
                let trimmed = line.text.trimmingCharacters(in: .whitespaces)
                guard !trimmed.isEmpty, !trimmed.hasPrefix("#") else { continue }
                if echo { output("> " + trimmed) }
                func fail(_ message: String) -> Bool {
                    outcome.failures.append(ScriptFailure(file: line.file, line: line.number, message: message))
                    return !keepGoing
                }
                if trimmed == "quit" || trimmed == "exit" {
                    outcome.quit = true
                    return outcome
                }
                if trimmed == "open" || trimmed.hasPrefix("open ") {
                    outcome.commands += 1
                    if let message = openArchive(argument: String(trimmed.dropFirst(4)), &session, &journal) {
                        if fail(message) { return outcome }
                    }
                    continue
                }
                if trimmed == "source" || trimmed.hasPrefix("source ") {
                    let inner = runSource(String(trimmed.dropFirst(6)).trimmingCharacters(in: .whitespaces), from: line, &session, &journal, sourceChain)
                    outcome.commands += inner.commands
                    outcome.failures += inner.failures
                    if inner.quit || (!inner.failures.isEmpty && !keepGoing) {
                        outcome.quit = inner.quit
                        return outcome
                    }
                    continue
                }
                outcome.commands += 1
                do {
                    let result = try Interpreter.execute(trimmed, in: &session)
                    if let journal, Interpreter.changesState(trimmed) {
                        do {
                            if trimmed == "save" || trimmed.hasPrefix("save ") {
                                try journal.saved(to: session.archivePath ?? "")
                            } else {
                                try journal.accepted(trimmed, ids: session.lastMinted, session: session)
                            }
                        } catch {
                            // Not durable, so not acknowledged: stop rather than go on unrecorded.
                            outcome.failures.append(ScriptFailure(file: line.file, line: line.number, message: "\(error) (the command was not recorded)"))
                            outcome.quit = true
                            return outcome
                        }
                    }
                    if !result.isEmpty { output(result) }
                    unknownInARow = 0
                } catch {
                    // Only a failed line can be one that is not a command: the check stays off
                    // the path every accepted command takes.
                    if Interpreter.recognises(trimmed) {
                        unknownInARow = 0
                    } else {
                        unknownInARow += 1
                        if unknownInARow >= ScriptRunner.unknownLinesBeforeGivingUp && line.file != "<prompt>" && line.file != "<stdin>" {
                            outcome.failures.append(ScriptFailure(
                                file: line.file, line: line.number,
                                message: "this does not look like an imdf script: \(unknownInARow) lines in a row are not commands; the rest of \(line.file) is not run"))
                            return outcome
                        }
                    }
                    if fail(error.message) { return outcome }
                }
            }
            return outcome
        }

        /// `open PATH`: nil when the archive is open, else why not.
        func openArchive(argument: String, _ session: inout EditingSession, _ journal: inout Journal?) -> String? {
            let path = ScriptRunner.unquoted(argument.trimmingCharacters(in: .whitespaces))
            guard !path.isEmpty else { return "open: give the archive to open" }
            guard !session.isDirty else { return "open: there are unsaved changes; save them (or undo them) first" }
            guard let open else { return "open: not available here; give the archive when starting (imdf run SCRIPT --archive A)" }
            do {
                output(try open(path, &session, &journal))
                return nil
            } catch {
                return error.message
            }
        }

        func runSource(
            _ argument: String, from line: ScriptLine, _ session: inout EditingSession, _ journal: inout Journal?, _ chain: [String]
        ) -> Outcome {
            var outcome = Outcome()
            func stop(_ message: String, always: Bool) -> Outcome {
                outcome.failures.append(ScriptFailure(file: line.file, line: line.number, message: message))
                // Nesting without end would repeat the same failure at every level: stop it all.
                outcome.quit = always
                return outcome
            }
            let path = ScriptRunner.unquoted(argument)
            guard !path.isEmpty else { return stop("source: give the script to run", always: false) }
            let identity = FileSystem.resolvedPath(path)
            if chain.contains(identity) {
                return stop("source: \(TerminalText.excerpt(path)) is already running (a script that sources itself); nothing more is run", always: true)
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

    static func unquoted(_ text: String) -> String {
        text.count > 1 && text.hasPrefix("\"") && text.hasSuffix("\"") ? String(text.dropFirst().dropLast()) : text
    }
}
