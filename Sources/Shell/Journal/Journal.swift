// The session's journal: opened with the archive, offered back after a crash, appended to before
// each accepted command is acknowledged, and started afresh (rotated) when the archive is saved.

import Foundation
import IMDF
import Workbench

public final class Journal {
    public enum Start: Sendable {
        /// Recover unsaved records without asking.
        case recover
        /// Throw unsaved records away.
        case discard
        /// Ask (at a terminal); refuse to guess otherwise.
        case ask
    }

    public private(set) var path: String
    /// The journal file, once something has been written to it. A session that finds no journal
    /// on disk writes its own with the first record: until then there is nothing to recover, and
    /// the archive's hash for its header (read and hashed again, about 40 ms for workload W, on
    /// a thread started here) is not waited for before the prompt.
    private var started: JournalWriter?

    /// What is left after a command could not be recorded (a full disk): the journal as it was,
    /// every acknowledged command in it, and how to get them back.
    public var keptAfterFailure: String {
        let count = started?.recordCount ?? 0
        let archive = path == Self.untitledPath ? "" : " " + Tokenizer.quoted(String(path.dropLast(".journal".count)))
        return
            "the journal \(path) is kept with the \(count) command\(count == 1 ? "" : "s") recorded before it; once there is room, `imdf\(archive) --recover` replays \(count == 1 ? "it" : "them")"
    }
    private var lock: Int32
    /// The archive the journal's records apply to, as its header names it.
    private var archive: String
    /// The SHA-256 of that archive, or the hash still being worked out.
    private var base: Base

    enum Base {
        case known(String)
        case pending(PendingArchiveHash)

        var hash: String {
            switch self {
            case .known(let hash): hash
            case .pending(let pending): pending.value ?? "new"
            }
        }
    }

    /// Where the journal of a new, never saved document is kept: `$XDG_STATE_HOME/imdf/`
    /// (by default `~/.local/state/imdf/`).
    public static var untitledPath: String {
        let state = ProcessInfo.processInfo.environment["XDG_STATE_HOME"] ?? (NSHomeDirectory() + "/.local/state")
        return state + "/imdf/untitled.journal"
    }

    /// Opens the journal of `archive` (or of a new document when nil) for `session`, replaying
    /// unsaved records when asked to. `ask` returns the user's choice for "recover, discard,
    /// show" (nil when nobody can answer).
    public init(
        archive: String?, session: inout EditingSession, start: Start, ask: (String) -> Character?, report: (String) -> Void
    ) throws(JournalError) {
        path = archive.map(JournalWriter.path(for:)) ?? Self.untitledPath
        if archive == nil {
            try? FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        }
        lock = try JournalWriter.lock(path)
        self.archive = archive ?? "(new document)"
        base = archive.map { .pending(PendingArchiveHash(path: $0)) } ?? .known("new")
        guard Self.exists(path) else { return }
        // A journal left by an earlier session: compared with the archive, offered back or set
        // aside, and replaced by this session's own at once, so that what was discarded is not
        // offered again after a crash.
        let baseHash = base.hash
        var recovered: JournalContents?
        // A journal that cannot be read, or is damaged, is set aside under a new name - never
        // deleted - once the intact records before the damage have been offered back.
        var contents: JournalContents
        var setAsideReason: String?
        do {
            contents = try JournalReader.read(path)
        } catch {
            report("journal: \(error.description); nothing can be recovered from it")
            contents = JournalContents(baseHash: "", archive: "", started: "", records: [], checks: [], warnings: [], damage: nil)
            setAsideReason = "unreadable"
        }
        for warning in contents.warnings { report("journal: \(warning)") }
        if let damage = contents.damage {
            let intact = contents.records.count
            report(
                "journal: \(path):\(damage.line): \(damage.message); \(intact == 0 ? "no" : String(intact)) intact record\(intact == 1 ? "" : "s") before it"
            )
            setAsideReason = "damaged"
        }
        if !contents.records.isEmpty {
            if contents.baseHash != baseHash {
                setAsideReason = "stale"
                report(
                    "journal: \(contents.records.count) unsaved commands were recorded against an earlier version of the archive; not replayed"
                )
            } else if try Self.choose(start, contents, ask, report) {
                try Self.replay(contents, into: &session, path: path)
                report(
                    "recovered \(contents.records.count) unsaved command\(contents.records.count == 1 ? "" : "s") from \(contents.started)"
                )
                recovered = contents
            } else {
                report("discarded \(contents.records.count) unsaved command\(contents.records.count == 1 ? "" : "s")")
            }
        }
        if let setAsideReason {
            let aside = try Self.setAside(path, reason: setAsideReason)
            report("journal: the \(setAsideReason) journal is kept as \(aside)")
        }
        started = try Self.startJournal(at: path, archive: self.archive, baseHash: baseHash, records: recovered?.records ?? [])
    }

    /// The journal file, written now (its header) if no record has needed it yet.
    private func writer() throws(JournalError) -> JournalWriter {
        if let started { return started }
        let writer = try Self.startJournal(at: path, archive: archive, baseHash: base.hash, records: [])
        started = writer
        return writer
    }

    /// Whether anything - a file, a link, a dangling link - is at `path`.
    static func exists(_ path: String) -> Bool {
        FileSystem.status(of: path, followingLinks: false).kind != .missing
    }

    /// Renames the journal to `PATH.REASON-TIME` (a number added while that name is taken).
    static func setAside(_ path: String, reason: String) throws(JournalError) -> String {
        let stem = path + ".\(reason)-\(Int(Date().timeIntervalSince1970))"
        var aside = stem
        var attempt = 1
        while exists(aside) {
            attempt += 1
            aside = stem + "-\(attempt)"
        }
        guard rename(path, aside) == 0 else {
            throw JournalError(path: path, line: 0, message: "cannot set the \(reason) journal aside: \(String(cString: strerror(errno)))")
        }
        return aside
    }

    deinit { close(lock) }

    static func choose(_ start: Start, _ contents: JournalContents, _ ask: (String) -> Character?, _ report: (String) -> Void)
        throws(JournalError) -> Bool
    {
        switch start {
        case .recover: return true
        case .discard: return false
        case .ask:
            while true {
                let intact = contents.damage == nil ? "" : " (the intact ones before the damage)"
                let question =
                    "\(contents.records.count) unsaved command\(contents.records.count == 1 ? "" : "s")\(intact) from \(contents.started) - recover, discard, show? [r/d/s] "
                guard let answer = ask(question) else {
                    throw JournalError(
                        path: contents.archive, line: 0,
                        message:
                            "\(contents.records.count) unsaved command\(contents.records.count == 1 ? " is" : "s are") in the journal; `imdf \(contents.archive) --recover` replays \(contents.records.count == 1 ? "it" : "them"), `imdf \(contents.archive) --discard-journal` drops \(contents.records.count == 1 ? "it" : "them")"
                    )
                }
                switch answer {
                case "r": return true
                case "d": return false
                default: for record in contents.records { report("  \(record.number). \(record.command)") }
                }
            }
        }
    }

    /// Replays the records, minting the recorded ids, and checks the #check hashes.
    static func replay(_ contents: JournalContents, into session: inout EditingSession, path: String) throws(JournalError) {
        let checks = Dictionary(contents.checks.map { ($0.0, $0.1) }, uniquingKeysWith: { first, _ in first })
        let progress = Progress("replaying the journal")
        defer { progress.finish() }
        for (number, record) in contents.records.enumerated() {
            progress.update("\(number + 1) of \(contents.records.count) commands")
            session.ids = IDSource(replaying: record.ids)
            do {
                _ = try Interpreter.execute(record.command, in: &session)
            } catch {
                let after = contents.records.count - number - 1
                throw JournalError(
                    path: path, line: 0,
                    message:
                        "record \(record.number) (\(record.command)) does not replay: \(error.message); recovery stops, so it and the \(after) command\(after == 1 ? "" : "s") after it are not recovered (nothing is changed: put back what the record needs and open with --recover again, or --discard-journal to drop them)"
                )
            }
            // A check libcrypto cannot hash is passed over, as the records between checks are.
            if let expected = checks[record.number], let actual = JournalFormat.documentHash(session.document.archive), actual != expected {
                throw JournalError(
                    path: path, line: 0, message: "the replay diverges from the recorded session at record \(record.number); recovery stops"
                )
            }
        }
        session.ids = IDSource()
    }

    /// A new journal file holding `records` (a recovered session goes on where it stopped): the
    /// whole file is written beside the old one, synced, and renamed over it.
    static func startJournal(at path: String, archive: String, baseHash: String, records: [JournalFormat.Record]) throws(JournalError)
        -> JournalWriter
    {
        // A fresh, unguessable name created exclusively (never through a planted link), then
        // renamed over the journal: the rename replaces whatever is at `path`, link or not.
        let temporary = FileSystem.siblingTemporaryPath(for: path, purpose: "new")
        do {
            let fresh = try JournalWriter(path: temporary, archive: archive, baseHash: baseHash, fresh: true)
            for record in records { try fresh.append(command: record.command, ids: record.ids) }
        } catch {
            unlink(temporary)
            throw error
        }
        guard rename(temporary, path) == 0 else {
            unlink(temporary)
            throw JournalError(path: path, line: 0, message: "cannot put the new journal in place")
        }
        try? FileSystem.syncDirectory(FileSystem.parent(of: path))
        return try JournalWriter(path: path, archive: archive, baseHash: baseHash, fresh: false, existingRecords: records.count)
    }

    /// Context commands (`use level`, `frame`) waiting for the next command that changes the
    /// document: a session that only looks writes no record, so a session that ends without
    /// cleaning up (killed, or stopped by a closed pipe) leaves nothing to offer back. They are
    /// written, in order, before that command's own record, so a replay edits in the same context.
    private var heldContext: [String] = []
    /// Set by a `save` a script run carries out only when the whole run has succeeded: where it
    /// writes, the context then in force, and the records written after it - what the journal
    /// keeps once the save is written.
    private var pendingSave: (archive: String, context: [String], after: [(command: String, ids: [String])])?

    /// Records an accepted command; only after this returns may its result be shown. A
    /// `context` command is held back until a command that changes the document follows it.
    public func accepted(_ command: String, ids: [String], session: EditingSession, context: Bool = false) throws(JournalError) {
        if context {
            heldContext.append(command)
            return
        }
        for held in heldContext { try append(held, ids: [], session: session) }
        heldContext = []
        try append(command, ids: ids, session: session)
    }

    private func append(_ command: String, ids: [String], session: EditingSession) throws(JournalError) {
        let writer = try writer()
        try writer.append(command: command, ids: ids)
        pendingSave?.after.append((command, ids))
        // A check is left out when libcrypto cannot hash: replay goes on without it, as it does
        // between checks.
        if writer.recordCount % JournalFormat.checkInterval == 0, let hash = JournalFormat.documentHash(session.document.archive) {
            try writer.appendCheck(hash)
        }
    }

    /// A `save` to `archive` recorded now and carried out when the run succeeds: until then the
    /// journal keeps every record since the archive was opened, so a run that fails or is killed
    /// loses nothing.
    public func saveIsPending(to archive: String, session: EditingSession) {
        pendingSave = (archive, session.contextCommands, [])
    }

    /// The pending save was written: the journal starts again from it, with the commands
    /// recorded since (the changes still unsaved) after the context they were made in.
    public func pendingSaveWasWritten() throws(JournalError) {
        guard let pending = pendingSave else { return }
        pendingSave = nil
        let stillHeld = heldContext
        try saved(to: pending.archive, context: pending.context)
        guard !pending.after.isEmpty else { return }
        let writer = try writer()
        for command in pending.context { try writer.append(command: command, ids: []) }
        for record in pending.after { try writer.append(command: record.command, ids: record.ids) }
        heldContext = stillHeld
    }

    /// Ends a session whose unsaved work is meant to go (a script run that finished without
    /// saving to this archive): the journal is removed, so nothing is offered back.
    public func finish() {
        try? FileManager.default.removeItem(atPath: path)
        try? FileManager.default.removeItem(atPath: path + ".lock")
    }

    /// After a save: the saved archive is the new base, and the journal starts again; `context`
    /// (the session's `contextCommands`) is written before the next edit, so a recovery from the
    /// saved archive edits where the session was working.
    public func saved(to archive: String, context: [String]) throws(JournalError) {
        heldContext = context
        let newPath = JournalWriter.path(for: archive)
        if newPath != path {
            let newLock = try JournalWriter.lock(newPath)
            close(lock)
            lock = newLock
            try? FileManager.default.removeItem(atPath: path)
            try? FileManager.default.removeItem(atPath: path + ".lock")
            path = newPath
        }
        self.archive = archive
        base = .known(JournalFormat.archiveHash(archive) ?? "")
        started = try Self.startJournal(at: path, archive: archive, baseHash: base.hash, records: [])
    }
}
