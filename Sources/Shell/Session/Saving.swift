// Saving a session: inheritance filled in as a step of its own, validation of what would be
// written (for --strict), the lock on another archive's journal, the atomic write - and the time
// every save stamps into the manifest.

import Foundation
import IMDF
import Validation
import Workbench

extension EditingSession {
    /// The document checked against the IMDF rules as it would be saved now: the save stamps the
    /// manifest's version, time and producer, so what it will write is what is checked.
    var validation: ValidationReport { Self.validation(of: document) }

    static func validation(of document: Document, progress: Progress? = nil) -> ValidationReport {
        var archive = document.archive
        archive.manifest = archive.manifest.stamped(created: SaveClock.now(), generatedBy: ToolInfo.generatedBy)
        return Validator.validate(ArchiveLoad(archive: archive, format: .folder), progress: progress.map(\.validationStages))
    }

    /// Writes the archive to `path`. What the hierarchy hands down (InheritOnSave) is filled in as
    /// a step of its own, kept only once the archive is written: a failed save changes nothing.
    /// `strict` refuses while validation of what would be written finds errors.
    /// Saves to `path`; returns what the save did besides writing (links it replaced).
    @discardableResult
    public mutating func save(to path: String, strict: Bool = false, force: Bool = false) throws(EditError) -> [String] {
        if !force { try checkUnchangedOnDisk(path) }
        let prepared = try preparedSave(strict: strict)
        let notes = try Self.write(
            prepared.history.document.archive, to: path,
            lockNeeded: archivePath.map(FileSystem.resolvedPath) != FileSystem.resolvedPath(path))
        (history, ids) = (prepared.history, prepared.ids)
        markSaved(as: path)
        return notes
    }

    /// A save over the archive this session opened refuses when the archive changed on disk since
    /// it was opened or last saved (another editor, a `git pull`): its changes would be lost.
    func checkUnchangedOnDisk(_ path: String) throws(EditError) {
        guard let archivePath, let onDisk, FileSystem.resolvedPath(archivePath) == FileSystem.resolvedPath(path) else { return }
        guard DiskSignature(of: path) == onDisk else {
            throw EditError(
                "save: \(path) changed on disk since it was opened; save --force to overwrite it, or save NEW to keep both (nothing written)",
                argument: "PATH")
        }
    }

    /// What a save would write: the history with what the hierarchy hands down filled in.
    private func preparedSave(strict: Bool) throws(EditError) -> (history: History, ids: IDSource) {
        var history = self.history
        var ids = self.ids
        try history.apply(try InheritOnSave(edited: history.editedIDs).plan(history.document, ids: &ids))
        if strict {
            let errors = Self.validation(of: history.document).count(.error)
            guard errors == 0 else {
                throw EditError(
                    "save: validation finds \(errors) error\(errors == 1 ? "" : "s"); `validate` lists them, `fix all` applies the suggested repairs (nothing written)",
                    argument: "--strict")
            }
        }
        return (history, ids)
    }

    /// Writes `archive` atomically; `lockNeeded` when it goes over another archive than the one
    /// this session journals: not while another editor has that one open.
    private static func write(_ archive: IMDFArchive, to path: String, lockNeeded: Bool) throws(EditError) -> [String] {
        var lock: JournalWriter.WriteLock?
        if lockNeeded {
            do {
                lock = try JournalWriter.WriteLock(archive: path)
            } catch {
                throw EditError("save: \(error.description)", argument: "PATH")
            }
        }
        defer { withExtendedLifetime(lock) {} }
        do throws(ArchiveWriteError) {
            return try ArchiveWriter.write(archive, to: path, created: SaveClock.now())
        } catch {
            throw EditError(error.description, argument: "PATH")
        }
    }

    /// `save` in a script run: everything a save does but the writing, which waits until the whole
    /// run has succeeded (`writePendingSaves`). The session goes on as if saved, so later commands
    /// see the values the save filled in, and a later `save` without a path writes the same place.
    /// Returns what an immediate save did besides writing (at the prompt); a recorded one says
    /// so when it is written.
    @discardableResult
    public mutating func saveWhenTheRunSucceeds(to path: String, strict: Bool, force: Bool = false) throws(EditError) -> [String] {
        guard var deferred = deferredSaving else { return try save(to: path, strict: strict, force: force) }
        if !force { try checkUnchangedOnDisk(path) }
        let prepared = try preparedSave(strict: strict)
        (history, ids) = (prepared.history, prepared.ids)
        markSaved(as: path)
        deferred.pending.removeAll { FileSystem.resolvedPath($0.path) == FileSystem.resolvedPath(path) }
        deferred.pending.append(DeferredSaving.Save(path: path, archive: history.document.archive))
        deferredSaving = deferred
        return []
    }

    /// Writes what the run's `save` lines recorded, each path once with its last content, in the
    /// order they were last saved; returns a line for each, with what it did besides (links it
    /// replaced). A write that fails stops there and
    /// says which were written before it.
    public mutating func writePendingSaves() throws(EditError) -> [String] {
        guard var deferred = deferredSaving else { return [] }
        var lines: [String] = []
        var written: [String] = []
        while !deferred.pending.isEmpty {
            let save = deferred.pending.removeFirst()
            let journaled = deferred.journaledArchive.map(FileSystem.resolvedPath)
            let notes: [String]
            do {
                notes = try Self.write(save.archive, to: save.path, lockNeeded: journaled != FileSystem.resolvedPath(save.path))
            } catch {
                deferredSaving = deferred
                let before = written.isEmpty ? "" : " (written before it: \(written.joined(separator: "; ")))"
                throw EditError(error.message + before, argument: error.argument)
            }
            let saved = "saved \(save.path): \(save.archive.featureCount) features"
            written.append(saved)
            lines += [saved] + notes
        }
        deferredSaving = deferred
        return lines
    }
}

/// How a script run (`imdf run`, a script piped to `imdf`) saves: a `save` line is recorded and
/// carried out only when the whole run has succeeded, so a run that stops half-way writes no
/// archive at all. The prompt saves at once (`deferredSaving` nil).
public struct DeferredSaving: Sendable {
    public struct Save: Sendable {
        public var path: String
        var archive: IMDFArchive
    }

    /// Where `save` without a path writes (`imdf run --save OUT`); nil: the session's archive.
    public var defaultPath: String?
    /// The archive whose journal (and lock) this run holds: writing over it takes no other lock.
    public var journaledArchive: String?
    /// The saves recorded, each path once, in the order they were last saved.
    public internal(set) var pending: [Save] = []

    public init(defaultPath: String?, journaledArchive: String?) {
        self.defaultPath = defaultPath
        self.journaledArchive = journaledArchive
    }
}

/// The time saves stamp into the manifest: now, or `SOURCE_DATE_EPOCH` when set, so scripted
/// saves can be byte-reproducible (the reproducible-builds convention). Every save reads it here.
public enum SaveClock {
    public static func now() -> Date {
        if let text = ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"], let seconds = TimeInterval(text) {
            return Date(timeIntervalSince1970: seconds)
        }
        return Date()
    }
}
