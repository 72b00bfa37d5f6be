// The one loop that reads commands as they are typed or piped - at the prompt and from standard
// input: lines split at LF, CRLF or CR (a pasted block is several commands), `\` joining a line
// with the next, each command run and journaled by the script runner, `quit` (or the end of
// input) ending it - at the prompt only after asking, when there are unsaved changes.

import Foundation
import IMDF
import Workbench

public struct InputLoop {
    /// Where lines come from: readline at a terminal, standard input otherwise.
    public enum Source {
        case prompt(LineEditor)
        case standardInput(InputLines.Reader)
    }

    let source: Source
    let open: ScriptRunner.ArchiveOpener
    let output: (String) -> Void
    let report: (ScriptFailure) -> Void

    public init(
        source: Source, open: @escaping ScriptRunner.ArchiveOpener, output: @escaping (String) -> Void,
        report: @escaping (ScriptFailure) -> Void
    ) {
        self.source = source
        self.open = open
        self.output = output
        self.report = report
    }

    private var isPrompt: Bool { if case .prompt = source { true } else { false } }

    /// How a session's input ended, for what becomes of its journal.
    public enum Ending: Sendable, Equatable {
        /// Quit or the end of input; unsaved changes stay in the journal for `--recover`.
        case finished
        /// Quit with unsaved changes thrown away on purpose (answered yes): no journal is kept.
        case discarded
        /// Standard input stopped at a failing command: the script did not do what it was for,
        /// and its half-done changes are not offered back.
        case failed
        /// A command could not be recorded (the journal's disk is full): the session stopped
        /// there, and the journal keeps every command acknowledged before it.
        case journalFailed
    }

    /// The line a person at a terminal reads before the first prompt: where help is. A script
    /// on standard input prints nothing of the kind.
    public static let greeting = "`help` lists the commands, `help CMD` shows one with an example, Tab completes what may come next."

    /// Runs until quit or the end of input (the prompt reports failures and goes on).
    public func run(_ session: inout EditingSession, journal: inout Journal?) -> Ending {
        let file = isPrompt ? "<prompt>" : "<stdin>"
        if isPrompt { output(Self.greeting) }
        var joiner = ContinuationJoiner(file: file)
        var number = 0
        while true {
            guard let raw = nextLine(session, continuing: joiner.isContinuing) else {
                // The end of input (Ctrl-D at the prompt): a command still waiting for its
                // continuation runs; at the prompt, unsaved changes are asked about first.
                if let last = joiner.finish() {
                    let outcome = run([last], &session, &journal)
                    if !outcome.failures.isEmpty && !isPrompt { return .failed }
                }
                if isPrompt {
                    guard session.isDirty else {
                        output("")
                        return .finished
                    }
                    switch confirmQuit() {
                    case false?: continue
                    case true?:
                        output("")
                        return .discarded
                    case nil: return .finished
                    }
                }
                return .finished
            }
            // A pasted line may hold several commands (CR or LF inside it); an empty line is one
            // empty piece, which ends a continuation.
            var commands: [ScriptLine] = []
            let pieces = InputLines.split(raw)
            for piece in pieces.isEmpty ? [""] : pieces {
                number += 1
                if let command = joiner.add(piece, number: number) { commands.append(command) }
            }
            guard !commands.isEmpty else { continue }
            let outcome = run(commands, &session, &journal)
            if outcome.journalFailure != nil { return .journalFailed }
            if !outcome.failures.isEmpty && !isPrompt { return .failed }
            if outcome.quit {
                let dirty = session.isDirty
                if outcome.quitCommand && isPrompt && dirty {
                    switch confirmQuit() {
                    case false?: continue
                    case true?: return .discarded
                    case nil: return .finished
                    }
                }
                return .finished
            }
        }
    }

    private func run(_ commands: [ScriptLine], _ session: inout EditingSession, _ journal: inout Journal?) -> ScriptRunner.Outcome {
        // The prompt reports a failure and goes on; standard input stops at the first, as a script does.
        // At the prompt each edit is followed by the findings it introduced or resolved; a script
        // on standard input prints what `imdf run` prints.
        let outcome = ScriptRunner.run(
            commands, in: &session, echo: false, keepGoing: isPrompt, reportFindings: isPrompt, journal: &journal, open: open,
            output: output, report: page)
        for failure in outcome.failures { report(failure) }
        return outcome
    }

    /// A report: at a terminal, paged when it is taller than the screen.
    private func page(_ text: String) {
        guard case .prompt(let editor) = source, let rows = Pager.terminalRows else { return output(text) }
        Pager(rows: rows, width: TextWrapping.terminalWidth, ask: { editor.line(prompt: $0, remember: false, complete: { _ in [] }) }).show(
            text, output: output)
    }

    private func nextLine(_ session: EditingSession, continuing: Bool) -> String? {
        switch source {
        case .prompt(let editor):
            let snapshot = session
            return editor.line(prompt: continuing ? "... " : session.prompt, complete: { Completion.candidates($0, session: snapshot) })
        case .standardInput(let reader):
            return reader.next()
        }
    }

    /// Asks before throwing away unsaved changes.
    /// Asks before unsaved changes are left: true to quit, false to go on, nil when the input
    /// ended at the question (the terminal went away: quit, keeping the journal).
    private func confirmQuit() -> Bool? {
        guard case .prompt(let editor) = source else { return true }
        let answer = editor.line(prompt: "There are unsaved changes. Quit without saving? [y/N] ", remember: false, complete: { _ in [] })
        return answer.map { $0.lowercased().first == "y" }
    }
}
