// Appends accepted commands to the journal, each durable (fdatasync) before its result is shown.

import Foundation
import IMDF

#if canImport(Glibc)
    import Glibc
#endif

public final class JournalWriter {
    public let path: String
    private let descriptor: Int32
    public private(set) var recordCount: Int

    /// Opens `path` to append. `fresh` starts a new journal (header for `baseHash`); otherwise
    /// the records already there are continued (after a recovery).
    public init(path: String, archive: String, baseHash: String, fresh: Bool, existingRecords: Int = 0) throws(JournalError) {
        self.path = path
        // A fresh journal is a new file (O_EXCL: never an existing file or a planted link); an
        // existing one is continued only if it is a regular file of its own (O_NOFOLLOW). Only
        // the user may read it: it holds every command of the session.
        let flags = O_WRONLY | O_APPEND | O_CLOEXEC | O_NOFOLLOW | (fresh ? O_CREAT | O_EXCL : 0)
        let opened = open(path, flags, 0o600)
        guard opened >= 0 else {
            throw JournalError(path: path, line: 0, message: "cannot open the journal: \(String(cString: strerror(errno)))")
        }
        descriptor = opened
        recordCount = fresh ? 0 : existingRecords
        if fresh {
            try write(JournalFormat.header(baseHash: baseHash, archive: archive, date: Date()))
        }
    }

    deinit { close(descriptor) }

    /// Appends a record and makes it durable; only then may the command be acknowledged.
    public func append(command: String, ids: [String]) throws(JournalError) {
        let record = JournalFormat.Record(number: recordCount + 1, command: command, ids: ids)
        try write(record.text)
        recordCount += 1
    }

    public func appendCheck(_ hash: String) throws(JournalError) {
        try write("#check \(recordCount) \(hash)\n")
    }

    private func write(_ text: String) throws(JournalError) {
        if let failure = Array(text.utf8).withUnsafeBytes({ FileSystem.writeAll(descriptor, $0) }) {
            throw JournalError(path: path, line: 0, message: "cannot write the journal: \(String(cString: strerror(failure)))")
        }
        guard fdatasync(descriptor) == 0 else {
            throw JournalError(path: path, line: 0, message: "cannot flush the journal to disk: \(String(cString: strerror(errno)))")
        }
    }

    /// Takes the lock that keeps a second imdf from journaling the same archive; held until the
    /// returned descriptor is closed (or the process ends). A lock file beside the journal, so
    /// rotating the journal by rename does not drop the lock.
    public static func lock(_ journalPath: String) throws(JournalError) -> Int32 {
        let lockPath = journalPath + ".lock"
        // Only a regular file is a lock: a link, a folder or a pipe someone put there is named
        // with how to remove it, instead of every open failing for a reason nobody is told.
        let kind = FileSystem.status(of: lockPath, followingLinks: false).kind
        guard kind == .missing || kind == .file else { throw notALock(lockPath, kind) }
        let descriptor = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0o600)
        guard descriptor >= 0 else {
            throw JournalError(path: lockPath, line: 0, message: "cannot create the lock file (\(String(cString: strerror(errno))))")
        }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            throw notALock(lockPath, .other)
        }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            close(descriptor)
            throw JournalError(path: journalPath, line: 0, message: lockedMessage)
        }
        return descriptor
    }

    static let lockedMessage = "another imdf is editing this archive (its journal is locked)"

    private static func notALock(_ lockPath: String, _ kind: FileSystem.Kind) -> JournalError {
        let (what, remove) =
            switch kind {
            case .directory: ("a folder", "rmdir")
            case .symbolicLink: ("a symbolic link", "rm")
            default: ("not a regular file", "rm")
            }
        return JournalError(
            path: lockPath, line: 0,
            message:
                "is \(what), not the lock file imdf makes; if no imdf has this archive open, remove it (\(remove) \(Tokenizer.quoted(lockPath))) and open again"
        )
    }

    /// Holds the editor lock of the archive at `archivePath` while something other than its
    /// editor writes it (`convert`, a save to another path), so it cannot overwrite an archive
    /// an editor has open. Released when the value goes away; a lock file it made is removed.
    public final class WriteLock {
        private let descriptor: Int32
        private let createdPath: String?

        public init(archive archivePath: String) throws(JournalError) {
            let journal = JournalWriter.path(for: archivePath)
            let existed = Journal.exists(journal + ".lock")
            do {
                descriptor = try JournalWriter.lock(journal)
            } catch {
                guard error.message == JournalWriter.lockedMessage else { throw error }
                throw JournalError(
                    path: archivePath, line: 0, message: "another imdf has this archive open (its journal is locked); nothing written")
            }
            createdPath = existed ? nil : journal + ".lock"
        }

        deinit {
            if let createdPath { unlink(createdPath) }
            close(descriptor)
        }
    }

    /// The journal kept next to an archive: `venue.zip.journal`, `venue.journal` for a folder.
    /// The archive's path is resolved first (links followed, `v//` is `v`), so however an archive
    /// is named it has one journal and one lock.
    public static func path(for archive: String) -> String {
        FileSystem.resolvedPath(archive) + ".journal"
    }
}
