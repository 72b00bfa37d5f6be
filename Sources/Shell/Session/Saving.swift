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
    public mutating func save(to path: String, strict: Bool = false) throws(EditError) {
        var history = self.history
        var ids = self.ids
        try history.apply(try InheritOnSave(edited: history.editedIDs).plan(history.document, ids: &ids))
        if strict {
            let errors = Self.validation(of: history.document).count(.error)
            guard errors == 0 else {
                throw EditError("save: validation finds \(errors) error\(errors == 1 ? "" : "s"); `validate` lists them, `fix all` applies the suggested repairs (nothing written)", argument: "--strict")
            }
        }
        // Saving over another archive than this session's: not while another editor has it open.
        var lock: JournalWriter.WriteLock?
        if archivePath.map(FileSystem.resolvedPath) != FileSystem.resolvedPath(path) {
            do {
                lock = try JournalWriter.WriteLock(archive: path)
            } catch {
                throw EditError("save: \(error.description)", argument: "PATH")
            }
        }
        do throws(ArchiveWriteError) {
            try ArchiveWriter.write(history.document.archive, to: path, created: SaveClock.now())
        } catch {
            throw EditError(error.description, argument: "PATH")
        }
        withExtendedLifetime(lock) {}
        (self.history, self.ids) = (history, ids)
        markSaved(as: path)
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
