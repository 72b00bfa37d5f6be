// Opening a session for a subcommand: the load diagnostics printed, and an archive that cannot
// be opened turned into exit code 3 (or, for `open` typed in a session, into the command's error).

import IMDF
import Shell
import Workbench

enum Sessions {
    /// A session on `path` (or a new document), its load diagnostics printed; an archive that
    /// cannot be opened exits with 3. A `journaled` session gets its journal next.
    static func open(_ path: String?, limits: ArchiveLimits = .standard, journaled: Bool = false) throws(CommandFailure) -> EditingSession {
        do {
            return try EditingSession.open(path, limits: limits, journaled: journaled) { Output.diagnostics($0, archive: path ?? "") }
        } catch {
            throw CommandFailure(exitCode: CommandFailure.unreadableArchive, message: error.message)
        }
    }

    /// `open PATH` typed in a session: the archive's session, or the reason as the command's error.
    static func openForCommand(_ path: String, limits: ArchiveLimits) throws(EditError) -> EditingSession {
        do {
            return try open(path, limits: limits, journaled: true)
        } catch {
            throw EditError("open: \(error.message)", argument: "PATH")
        }
    }
}
