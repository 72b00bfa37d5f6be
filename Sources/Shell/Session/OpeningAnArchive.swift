// Opening a session: an archive read whole (a file that cannot be read means editing would lose
// its features, so the archive is refused), or a new empty document. Load diagnostics go to the
// caller to print; the session starts clean.

import Foundation
import IMDF
import Workbench

/// Why an archive could not be opened for editing (what the reader found has gone to the
/// caller's `diagnostics` already).
public struct OpenFailure: Error, Sendable {
    public var message: String
}

extension EditingSession {
    /// A session on the archive at `path`, or on a new empty document when nil. `diagnostics`
    /// receives what loading found (warnings for an archive that opens, errors for one that does not).
    public static func open(
        _ path: String?, limits: ArchiveLimits = .standard, diagnostics: ([ArchiveDiagnostic]) -> Void
    ) throws(OpenFailure) -> EditingSession {
        var session: EditingSession
        if let path {
            // Before reading: a change made while the archive is being read counts as a change.
            let signature = DiskSignature(of: path)
            let progress = Progress("opening \(path)")
            defer { progress.finish() }
            var load: ArchiveLoad
            do {
                load = try ArchiveReader.read(path, limits: limits)
            } catch {
                diagnostics(error.diagnostics)
                throw OpenFailure(message: "\(path): the archive could not be read")
            }
            diagnostics(load.diagnostics)
            guard load.isComplete else {
                throw OpenFailure(
                    message: "\(path): \(load.unreadableFiles.joined(separator: ", ")) could not be read; editing would lose those features"
                )
            }
            // The document takes the archive's features, and the reader's index of their ids,
            // over rather than copying them.
            let (archive, index) = load.takeArchive()
            session = EditingSession(document: Document(consume archive, index: consume index), archivePath: path)
            session.onDisk = signature
        } else {
            session = EditingSession(document: Document(IMDFArchive(manifest: Manifest(language: "en"))))
        }
        // IMDF_ID_SEED makes the ids a session mints reproducible (tests, demos); unset, ids are random.
        if let text = ProcessInfo.processInfo.environment["IMDF_ID_SEED"], let seed = UInt64(text) {
            session.ids = IDSource(seed: seed)
        }
        return session
    }

    /// The confirmation of `open PATH`.
    public var openedMessage: String {
        "opened \(archivePath ?? "a new document"): \(document.featureCount.grouped) features"
    }
}
