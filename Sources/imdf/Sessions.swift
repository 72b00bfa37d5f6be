// Opening a session for a subcommand: the load diagnostics printed, and an archive that cannot
// be opened turned into exit code 3 (or, for `open` typed in a session, into the command's error).

import IMDF
import Shell
import Workbench

enum Sessions {
    /// A session on `path` (or a new document), its load diagnostics printed; an archive that
    /// cannot be opened exits with 3.
    static func open(_ path: String?, limits: ArchiveLimits = .standard) throws(CommandFailure) -> EditingSession {
        do {
            return try EditingSession.open(path, limits: limits) { Output.diagnostics($0, archive: path ?? "") }
        } catch {
            throw CommandFailure(exitCode: CommandFailure.unreadableArchive, message: error.message)
        }
    }

    /// The archive a command-line front door (`imdf import`, `render`, `graph build`) works on,
    /// read within the limits its options set, with no building or level in use: a level name
    /// several buildings share is a question that lists them, not the first building's level.
    static func openForFront(_ archive: String, _ parsed: CommandLineFront.Parsed) throws(CommandFailure) -> EditingSession {
        var session = try open(archive, limits: try ArchiveLimitOptions.limits(parsed))
        session.buildingID = nil
        session.levelID = nil
        return session
    }

    /// `open PATH` typed in a session: the archive's session, or the reason as the command's error.
    static func openForCommand(_ path: String, limits: ArchiveLimits) throws(EditError) -> EditingSession {
        do {
            return try open(path, limits: limits)
        } catch {
            throw EditError("open: \(error.message)", argument: "PATH")
        }
    }
}
