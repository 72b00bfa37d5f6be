// Runs scripts: text files of commands, exactly as typed at the prompt. A trailing `\` joins the
// next line; `#` starts a comment; `source FILE` runs another script; `quit` stops. A failing
// command is reported as `FILE:LINE: message` and stops the run unless asked to keep going.

import Foundation
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
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var line = String(raw)
            if line.hasSuffix("\r") { line.removeLast() }
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
        public var quit = false
        /// `open PATH` asks the caller to replace the session (and its journal) with another archive.
        public var openRequest: String?

        public init() {}
    }

    /// Runs `lines`, printing each result through `output`.
    public static func run(
        _ lines: [ScriptLine], in session: inout EditingSession, echo: Bool, keepGoing: Bool, depth: Int = 0,
        journal: Journal? = nil, output: (String) -> Void
    ) -> Outcome {
        var outcome = Outcome()
        for line in lines {
            let trimmed = line.text.trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty, !trimmed.hasPrefix("#") else { continue }
            if echo { output("> " + trimmed) }
            if trimmed == "quit" || trimmed == "exit" {
                outcome.quit = true
                return outcome
            }
            if trimmed == "open" || trimmed.hasPrefix("open ") {
                let argument = String(trimmed.dropFirst(4)).trimmingCharacters(in: .whitespaces)
                let path = argument.hasPrefix("\"") && argument.hasSuffix("\"") && argument.count > 1 ? String(argument.dropFirst().dropLast()) : argument
                guard !path.isEmpty else {
                    outcome.failures.append(ScriptFailure(file: line.file, line: line.number, message: "open: give the archive to open"))
                    return outcome
                }
                guard !session.isDirty else {
                    outcome.failures.append(ScriptFailure(file: line.file, line: line.number, message: "open: there are unsaved changes; save them (or undo them) first"))
                    return outcome
                }
                outcome.openRequest = path
                return outcome
            }
            if trimmed.hasPrefix("source ") {
                let inner = runSource(String(trimmed.dropFirst(7)).trimmingCharacters(in: .whitespaces), from: line, &session, echo, keepGoing, depth, journal, output)
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
            } catch {
                outcome.failures.append(ScriptFailure(file: line.file, line: line.number, message: error.message))
                if !keepGoing { return outcome }
            }
        }
        return outcome
    }

    private static func runSource(
        _ argument: String, from line: ScriptLine, _ session: inout EditingSession, _ echo: Bool, _ keepGoing: Bool, _ depth: Int,
        _ journal: Journal?, _ output: (String) -> Void
    ) -> Outcome {
        var outcome = Outcome()
        let path = argument.hasPrefix("\"") && argument.hasSuffix("\"") ? String(argument.dropFirst().dropLast()) : argument
        guard depth < 16 else {
            outcome.failures.append(ScriptFailure(file: line.file, line: line.number, message: "source: scripts nested more than 16 deep"))
            return outcome
        }
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            outcome.failures.append(ScriptFailure(file: line.file, line: line.number, message: "source: cannot read \(path)"))
            return outcome
        }
        return run(lines(of: text, file: path), in: &session, echo: echo, keepGoing: keepGoing, depth: depth + 1, journal: journal, output: output)
    }
}
