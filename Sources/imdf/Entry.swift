import ArgumentParser
import Foundation
import Synchronization
import IMDF
import Shell
import Workbench

/// The entry point. Exit codes (PRODUCT.md section 2): 0 success, 1 a command failed, 2 usage
/// error, 3 the archive could not be read, 4 validation errors with --strict.
@main
enum Entry {
    static func main() {
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
            PromptCommand.self, RunCommand.self, NewCommand.self, RenderCommand.self, InfoCommand.self, ValidateCommand.self, ConvertCommand.self,
            ImportCommand.self,
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
        var session = try Sessions.open(archive, limits: limitOptions.limits, journaled: true)
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
        // A session that ends with nothing unsaved leaves no journal behind.
        defer { if !session.isDirty { journal?.finish() } }
        defer { KeptUntilExit.keep(session) }
        // The prompt (GNU readline with history and completion) reports a failure and goes on; a
        // script on standard input stops at its first failing command, as `imdf run` does.
        let loop = InputLoop(
            source: editor.map(InputLoop.Source.prompt) ?? .standardInput(InputLines.Reader()), open: reopen, output: { Output.line($0) },
            report: { failure in Output.error(editor == nil ? failure.description : "error: \(failure.message)") })
        switch loop.run(&session, journal: &journal) {
        case .finished: break
        case .discarded: journal?.finish()
        case .failed:
            journal?.finish()
            throw CommandFailure(exitCode: CommandFailure.commandFailed, message: "")
        }
    }
}

/// A failure already explained to the user; `Entry` prints the message and exits with the code.
struct CommandFailure: Error {
    var exitCode: Int32
    var message: String

    static let commandFailed: Int32 = 1
    static let usage: Int32 = 2
    static let unreadableArchive: Int32 = 3
}

enum Output {
    static func line(_ text: String) {
        print(TerminalText.sanitized(text))
        // Acknowledgements must reach a pipe as they happen, not when the buffer fills.
        fflush(nil)
    }

    static func error(_ text: String) {
        FileHandle.standardError.write(Data((TerminalText.sanitized(text) + "\n").utf8))
    }

    /// Overwrites the current line of standard error (progress on a terminal); "" clears it.
    static func status(_ text: String) {
        FileHandle.standardError.write(Data(("\r\u{1B}[K" + text).utf8))
    }

    /// Prints load diagnostics to standard error, errors first, as `path/file:line:column: severity: message`.
    static func diagnostics(_ diagnostics: [ArchiveDiagnostic], archive path: String) {
        let ordered = diagnostics.filter { $0.severity == .error } + diagnostics.filter { $0.severity == .warning }
        for diagnostic in ordered {
            let place = diagnostic.file.map { "\(path)/\($0)" } ?? path
            let location = diagnostic.location.map { ":\($0.line):\($0.column)" } ?? ""
            error("\(place)\(location): \(diagnostic.severity.rawValue): \(diagnostic.message)")
        }
    }
}

enum Loading {
    /// Opens an archive, printing every diagnostic; a failure to open at all exits with 3.
    static func open(_ path: String, limits: ArchiveLimits = .standard) throws(CommandFailure) -> ArchiveLoad {
        do {
            let load = try ArchiveReader.read(path, limits: limits)
            Output.diagnostics(load.diagnostics, archive: path)
            return load
        } catch {
            Output.diagnostics(error.diagnostics, archive: path)
            throw CommandFailure(exitCode: CommandFailure.unreadableArchive, message: "\(path): the archive could not be read")
        }
    }
}

/// What the process keeps until it exits instead of freeing it: the kernel takes a finished
/// session's or archive's memory back at once, where freeing a large venue's features one by one
/// took 0.06-0.1 s after the work was done.
enum KeptUntilExit {
    private static let values = Mutex<[any Sendable]>([])

    static func keep(_ value: any Sendable) {
        values.withLock { $0.append(value) }
    }
}
