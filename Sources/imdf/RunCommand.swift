import ArgumentParser
import Foundation
import IMDF
import Shell
import Workbench

/// `imdf run SCRIPT... [--archive A] [--save OUT] [--echo] [--keep-going] [--json]`.
struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run edit scripts (.imdfs) on an archive, or on a new document.",
        discussion: """
            A script holds commands exactly as typed at the prompt. The run stops at the first failing command \
            (FILE:LINE: message, exit 1) unless --keep-going. Nothing is written unless the run succeeds (or --keep-going is \
            given): --save OUT writes the result, a `save` line is carried out at the end, and `save` without a \
            path writes OUT, never the input.
            """
    )

    @Argument(help: "Scripts to run, in order.") var scripts: [String]
    @Option(help: "The archive to open first.") var archive: String?
    @Option(help: "Where to save the result.") var save: String?
    @Flag(help: "Print each command before its result, and after each edit the findings it introduced or resolved.") var echo = false
    @Flag(help: "Run the remaining commands after a failure.") var keepGoing = false
    @Flag(help: "Print a JSON summary instead of the results.") var json = false
    @OptionGroup var limitOptions: ArchiveLimitOptions

    func validate() throws {
        guard !scripts.isEmpty else { throw ValidationError("give at least one script") }
    }

    func run() throws {
        var session = try Sessions.open(archive, limits: limitOptions.limits)
        // `save` lines wait for the whole run to succeed; without a path they write --save's OUT.
        session.deferredSaving = DeferredSaving(defaultPath: save, journaledArchive: archive)
        // The archive's journal records the run, so a run killed half-way can be recovered with
        // `imdf edit A --recover`; a run that finishes removes it (its result is --save's to keep).
        var journal: Journal?
        if let archive {
            do {
                journal = try Journal(archive: archive, session: &session, start: .ask, ask: { _ in nil }, report: { Output.error($0) })
            } catch {
                throw CommandFailure(exitCode: CommandFailure.commandFailed, message: error.description)
            }
        }
        // Unless a command could not be recorded: then it holds what was (a full disk).
        var keepJournal = false
        defer { if !keepJournal { journal?.finish() } }
        defer { KeptUntilExit.keep(session) }
        /// `open PATH` in a script: the rest of the script edits that archive (and --save saves it).
        func openArchive(_ path: String, _ session: inout EditingSession, _ journal: inout Journal?) throws(EditError) -> String {
            var next = try Sessions.openForCommand(path, limits: limitOptions.limits)
            do {
                let opened = try Journal(archive: path, session: &next, start: .ask, ask: { _ in nil }, report: { Output.error($0) })
                journal?.finish()
                journal = opened
            } catch {
                throw EditError("open: \(error)", argument: "PATH")
            }
            session = next
            return session.openedMessage
        }
        var outcome = ScriptRunner.Outcome()
        for script in scripts {
            guard let text = try? String(contentsOfFile: script, encoding: .utf8) else {
                throw CommandFailure(exitCode: CommandFailure.usage, message: "\(script): cannot read the script")
            }
            let result = ScriptRunner.run(
                ScriptRunner.lines(of: text, file: script), in: &session, echo: echo, keepGoing: keepGoing, reportFindings: echo && !json,
                journal: &journal,
                open: openArchive, output: { if !json { Output.line($0) } })
            outcome.commands += result.commands
            outcome.failures += result.failures
            if result.journalFailure != nil {
                keepJournal = true
                for failure in outcome.failures where !json { Output.error(failure.description) }
                throw CommandFailure(exitCode: CommandFailure.commandFailed, message: journal?.keptAfterFailure ?? "")
            }
            if result.quit || (!result.failures.isEmpty && !keepGoing) { break }
        }
        for failure in outcome.failures where !json { Output.error(failure.description) }
        var saved: [String] = []
        if let stop = outcome.failures.first, !keepGoing {
            if save != nil || session.deferredSaving?.pending.isEmpty == false {
                Output.error("nothing was saved: the run stopped at \(stop.file):\(stop.line)")
            }
        } else {
            do throws(EditError) {
                // --save OUT writes the final document: it takes the place of an earlier `save` to OUT.
                if let save { try session.saveWhenTheRunSucceeds(to: save, strict: false) }
                let paths = session.deferredSaving?.pending.map(\.path) ?? []
                for line in try session.writePendingSaves() where !json { Output.line(line) }
                saved = paths
            } catch {
                throw CommandFailure(exitCode: CommandFailure.commandFailed, message: error.message)
            }
        }
        if json {
            var summary: [String: Any] = [
                "commands": outcome.commands,
                "failures": outcome.failures.map {
                    ["file": $0.file, "line": $0.line, "message": $0.message] as [String: Any]
                },
            ]
            // The --save path as before; every archive written in "saves".
            if let save, saved.contains(save) { summary["saved"] = save }
            if !saved.isEmpty { summary["saves"] = saved }
            let data = try JSONSerialization.data(withJSONObject: summary, options: [.sortedKeys])
            Output.line(String(decoding: data, as: UTF8.self))
        }
        if !outcome.failures.isEmpty { throw CommandFailure(exitCode: CommandFailure.commandFailed, message: "") }
    }
}
