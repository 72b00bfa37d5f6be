// What the command-line executables share: failures with their exit codes, printing (always
// terminal-safe), opening an archive with its diagnostics, and values kept until exit.

import Foundation
import HelperProtocol
import IMDF
import Render

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

extension Loading {
    /// Opens an archive to be written out whole (`convert`): a file that cannot be read would be
    /// missing from the copy, so the archive is refused then (exit 3), and nothing is written.
    public static func whole(_ path: String, limits: ArchiveLimits) throws(CommandFailure) -> ArchiveLoad {
        let load = try open(path, limits: limits)
        KeptUntilExit.keep(load)
        guard load.isComplete else {
            throw CommandFailure(
                exitCode: CommandFailure.unreadableArchive,
                message:
                    "\(path): \(load.unreadableFiles.count) file(s) could not be read (\(load.unreadableFiles.joined(separator: ", "))); nothing written"
            )
        }
        return load
    }
}

/// Writing a converted archive, as `imdf convert` and the GDAL helper's convert do.
public enum ArchiveOutput {
    /// Runs `body` holding the lock an editor takes on `output`, so a conversion never overwrites
    /// an archive open elsewhere; the lock is released when `body` returns, also before an exit.
    public static func locked(_ output: String, _ body: () throws -> Void) throws {
        let lock = try JournalWriter.WriteLock(archive: output)
        defer { withExtendedLifetime(lock) {} }
        try body()
    }

    /// Writes `archive` as a folder or zip (by `output`'s name) and says what was written.
    public static func write(_ archive: IMDFArchive, to output: String) throws {
        try ArchiveWriter.write(archive, to: output, created: SaveClock.now())
        let written = ConvertedOutput(
            format: ArchiveWriter.writesZip(to: output) ? .zip : .folder, features: archive.featureCount,
            parts: ArchiveWriter.fileCount(of: archive))
        Output.line(ConversionWording.written(written, to: output))
    }
}
