// What the command-line executables share: failures with their exit codes, printing (always
// terminal-safe), opening an archive with its diagnostics, and values kept until exit.

import Foundation
import IMDF
import Synchronization

/// A failure already explained to the user; `Entry` prints the message and exits with the code.
public struct CommandFailure: Error {
    public var exitCode: Int32
    public var message: String

    public init(exitCode: Int32, message: String) {
        self.exitCode = exitCode
        self.message = message
    }

    public static let commandFailed: Int32 = 1
    public static let usage: Int32 = 2
    public static let unreadableArchive: Int32 = 3
}

public enum Output {
    public static func line(_ text: String) {
        print(TerminalText.sanitized(text))
        // Acknowledgements must reach a pipe as they happen, not when the buffer fills.
        fflush(nil)
    }

    public static func error(_ text: String) {
        FileHandle.standardError.write(Data((TerminalText.sanitized(text) + "\n").utf8))
    }

    /// Overwrites the current line of standard error (progress on a terminal); "" clears it.
    public static func status(_ text: String) {
        FileHandle.standardError.write(Data(("\r\u{1B}[K" + text).utf8))
    }

    /// Prints load diagnostics to standard error, errors first, as `path/file:line:column: severity: message`.
    public static func diagnostics(_ diagnostics: [ArchiveDiagnostic], archive path: String) {
        let ordered = diagnostics.filter { $0.severity == .error } + diagnostics.filter { $0.severity == .warning }
        for diagnostic in ordered {
            let place = diagnostic.file.map { "\(path)/\($0)" } ?? path
            let location = diagnostic.location.map { ":\($0.line):\($0.column)" } ?? ""
            error("\(place)\(location): \(diagnostic.severity.rawValue): \(diagnostic.message)")
        }
    }
}

public enum Loading {
    /// Opens an archive, printing every diagnostic; a failure to open at all exits with 3.
    public static func open(_ path: String, limits: ArchiveLimits = .standard) throws(CommandFailure) -> ArchiveLoad {
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
public enum KeptUntilExit {
    private static let values = Mutex<[any Sendable]>([])

    public static func keep(_ value: any Sendable) {
        values.withLock { $0.append(value) }
    }
}
