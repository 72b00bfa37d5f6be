import ArgumentParser
import Foundation
import IMDF
import Render
import Shell
import Synchronization
import Workbench

/// The entry point. Exit codes (PRODUCT.md section 2): 0 success, 1 a command failed, 2 usage
/// error, 3 the archive could not be read, 4 validation errors with --strict.
@main
enum Entry {
    static func main() {
        HugePages.restartIfWorthwhile(CommandLine.arguments)
        // A file-size limit (`ulimit -f`) reached while writing the journal or an archive then
        // fails that write (EFBIG) with a message naming the file, as a full disk does, instead
        // of ending the session on a signal.
        signal(SIGXFSZ, SIG_IGN)
        if let slip = misspeltSubcommand(Array(CommandLine.arguments.dropFirst())) {
            Output.error(slip)
            exit(2)
        }
        do {
            var command = try IMDFCommand.parseAsRoot()
            try command.run()
        } catch let failure as CommandFailure {
            if !failure.message.isEmpty { Output.error(failure.message) }
            exit(failure.exitCode)
        } catch {
            // swift-argument-parser reports usage errors as 64 (EX_USAGE); the product says 2.
            let code = IMDFCommand.exitCode(for: error)
            if code == .validationFailure {
                Output.error(IMDFCommand.fullMessage(for: error))
                exit(2)
            }
            IMDFCommand.exit(withError: error)
        }
    }
}

/// `imdf validte venue`: a first word that is no subcommand and names no file is a misspelt
/// subcommand, not an archive for `imdf edit` to fail to open. Nil when the words are fine.
func misspeltSubcommand(_ arguments: [String]) -> String? {
    guard let first = arguments.first, !first.hasPrefix("-"), !first.contains("/"), FileManager.default.fileExists(atPath: first) == false
    else { return nil }
    let names = IMDFCommand.configuration.subcommands.map { $0.configuration.commandName ?? "" }.filter { !$0.isEmpty }
    guard !names.contains(first) else { return nil }
    guard let best = Spelling.nearest(to: first, in: names) else { return nil }
    return
        "unknown command \(TerminalText.excerpt(first)); did you mean \(best)? (`imdf --help` lists the commands; an archive of that name does not exist)"
}

struct IMDFCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "imdf",
        abstract: "A workbench for IMDF indoor maps: edit, validate, convert and inspect archives.",
        discussion: """
            imdf [ARCHIVE] opens the archive (or a new document) at a prompt; when standard input is not a \
            terminal it is read as a script (imdf venue.zip < fix.imdfs). ARCHIVE is a folder of \
            <feature_type>.geojson files plus manifest.json, or a .zip/.imdf file.
            """,
        version: ToolInfo.version,
        subcommands: [
            PromptCommand.self, RunCommand.self, NewCommand.self, RenderCommand.self, InfoCommand.self, ValidateCommand.self,
            ConvertCommand.self,
            ImportCommand.self, GraphCommand.self,
            GenerateCommand.self, BenchCommand.self,
        ],
        defaultSubcommand: PromptCommand.self
    )
}

/// `imdf [edit] [ARCHIVE]`: the prompt, or a script on standard input.
struct PromptCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit", abstract: "Edit an archive (or a new document) at the prompt; a script on standard input runs as a script.")

    @Argument(help: "The archive to edit (a new document when omitted).") var archive: String?
    @Flag(help: "Replay the journal's unsaved commands without asking.") var recover = false
    @Flag(help: "Throw the journal's unsaved commands away without asking.") var discardJournal = false
    @OptionGroup var limitOptions: ArchiveLimitOptions

    func validate() throws {
        if recover && discardJournal { throw ValidationError("--recover and --discard-journal exclude each other") }
    }

    func run() throws {
        var session = try Sessions.open(archive, limits: limitOptions.limits)
        let interactive = isatty(0) == 1
        let editor = interactive ? LineEditor(historyPath: LineEditor.defaultHistoryPath) : nil
        let start: Journal.Start = recover ? .recover : discardJournal ? .discard : .ask
        func openJournal(_ archive: String?, _ session: inout EditingSession) throws -> Journal {
            do {
                return try Journal(
                    archive: archive, session: &session, start: start,
                    ask: { question in editor?.line(prompt: question, remember: false, complete: { _ in [] })?.lowercased().first },
                    report: { Output.error($0) })
            } catch {
                throw CommandFailure(exitCode: CommandFailure.commandFailed, message: error.description)
            }
        }
        var journal: Journal?
        do {
            journal = try openJournal(archive, &session)
        } catch let failure as CommandFailure where archive == nil {
            // One new-document journal at a time: a second untitled session goes unjournaled.
            Output.error("\(failure.message); this new document's commands are not journaled")
        }
        /// `open PATH`: the new archive's session and journal replace the current ones; when it
        /// cannot be opened, the current session goes on, journaled as before.
        func reopen(_ path: String, _ session: inout EditingSession, _ journal: inout Journal?) throws(EditError) -> String {
            var next = try Sessions.openForCommand(path, limits: limitOptions.limits)
            let previous = session.archivePath
            journal = nil  // releases the current journal's lock before the new one is taken
            do {
                journal = try openJournal(path, &next)
            } catch {
                journal = try? openJournal(previous, &session)
                throw EditError("open: \((error as? CommandFailure)?.message ?? "\(error)")", argument: "PATH")
            }
            session = next
            return session.openedMessage
        }
        // A script on standard input saves as `imdf run` does: its `save` lines are written only
        // when the whole script has succeeded.
        if editor == nil { session.deferredSaving = DeferredSaving(defaultPath: nil, journaledArchive: archive) }
        // A session that ends with nothing unsaved leaves no journal behind (unless a save it
        // recorded could not be written: then the journal holds the work).
        var keepJournal = false
        defer { if !session.isDirty && !keepJournal { journal?.finish() } }
        defer { KeptUntilExit.keep(session) }
        // The prompt (GNU readline with history and completion) reports a failure and goes on; a
        // script on standard input stops at its first failing command, as `imdf run` does.
        let stop = Mutex<ScriptFailure?>(nil)
        let loop = InputLoop(
            source: editor.map(InputLoop.Source.prompt) ?? .standardInput(InputLines.Reader()), open: reopen, output: { Output.line($0) },
            report: { failure in
                stop.withLock { $0 = $0 ?? failure }
                Output.error(editor == nil ? failure.description : "error: \(failure.message)")
            })
        switch loop.run(&session, journal: &journal) {
        case .finished:
            do {
                for line in try session.writePendingSaves() { Output.line(line) }
                try journal?.pendingSaveWasWritten()
            } catch let error as EditError {
                keepJournal = true
                throw CommandFailure(
                    exitCode: CommandFailure.commandFailed, message: "\(error.message); the commands are kept in the journal")
            } catch {
                keepJournal = true
                throw CommandFailure(exitCode: CommandFailure.commandFailed, message: "\(error)")
            }
        case .discarded: journal?.finish()
        case .journalFailed:
            keepJournal = true
            throw CommandFailure(exitCode: CommandFailure.commandFailed, message: journal?.keptAfterFailure ?? "")
        case .failed:
            journal?.finish()
            if let stop = stop.withLock({ $0 }), session.deferredSaving?.pending.isEmpty == false {
                Output.error("nothing was saved: the run stopped at \(stop.file):\(stop.line)")
            }
            throw CommandFailure(exitCode: CommandFailure.commandFailed, message: "")
        }
    }
}
