// Exports are written the way archives are saved: complete beside the target under a temporary
// name, synced, then renamed into place, so a failure at any point leaves what was at the target
// as it was and no half-written file behind.

import Foundation
import IMDF

struct AtomicOutput {
    /// The path as given, which messages name.
    let requested: String
    /// The path written in the end (a symbolic link is followed to what it names).
    let target: String
    /// Where the output is made: `.NAME.tmp-PID-RANDOM` beside the target.
    let temporary: String
    let isFolder: Bool

    /// Checks that `requested` can be written as a file (GeoPackage) or a folder (Shapefiles):
    /// its folder exists, it may be written, and a folder in its place is one this tool wrote
    /// (`marker` names the file that says so) or empty.
    init(_ requested: String, folder: Bool, marker: String? = nil) throws(InterchangeError) {
        self.requested = requested
        let target = FileSystem.resolvedPath(requested)
        let parent = FileSystem.parent(of: target)
        guard FileSystem.status(of: parent).kind == .directory else {
            throw InterchangeError("\(requested): not written: the folder \(parent) does not exist")
        }
        switch FileSystem.status(of: target).kind {
        case .missing:
            break
        case .directory where folder:
            let names = (try? FileManager.default.contentsOfDirectory(atPath: target)) ?? []
            if !names.isEmpty && !(marker.map(names.contains) ?? false) {
                throw InterchangeError(
                    "\(requested): is a folder that imdf did not export to (no \(marker ?? "marker file")); refusing to replace it")
            }
        case .directory:
            throw InterchangeError("\(requested): is a folder; a GeoPackage needs a file path")
        default:
            if folder { throw InterchangeError("\(requested): exists and is not a folder") }
        }
        if FileSystem.status(of: target).kind != .missing && access(target, W_OK) != 0 {
            throw InterchangeError("\(requested): not written: you may not write it; nothing was changed")
        }
        FileSystem.removeStaleTemporaries(for: target)
        self.target = target
        self.temporary = FileSystem.siblingTemporaryPath(for: target, purpose: "tmp")
        self.isFolder = folder
    }

    /// Syncs what was made and renames it into place.
    func commit() throws(InterchangeError) {
        do {
            if isFolder {
                for name in try FileManager.default.contentsOfDirectory(atPath: temporary) {
                    try FileSystem.syncFile(temporary + "/" + name)
                }
                try FileSystem.syncDirectory(temporary)
                try FileSystem.replaceDirectory(at: target, with: temporary)
            } else {
                try FileSystem.syncFile(temporary)
                guard rename(temporary, target) == 0 else {
                    let reason = String(cString: strerror(errno))
                    discard()
                    throw InterchangeError("\(target): not written: cannot rename \(temporary) into place: \(reason)")
                }
                try FileSystem.syncDirectory(FileSystem.parent(of: target))
            }
        } catch let error as InterchangeError {
            throw error
        } catch {
            discard()
            throw InterchangeError("\(target): not written: \(error)")
        }
    }

    /// Removes what was made (SQLite's journal files beside a temporary GeoPackage too).
    /// Runs `body` on the temporary path, then commits; on failure discards what it wrote and
    /// reports the error with the path asked for in place of the temporary one.
    func produce<T>(_ body: (String) throws(InterchangeError) -> T) throws(InterchangeError) -> T {
        do {
            let result = try body(temporary)
            try commit()
            return result
        } catch {
            discard()
            throw InterchangeError(error.message.replacingOccurrences(of: temporary, with: requested))
        }
    }

    func discard() {
        if isFolder {
            FileSystem.removeTree(temporary)
        } else {
            for suffix in ["", "-journal", "-wal", "-shm"] { unlink(temporary + suffix) }
        }
    }
}
