// What an archive on disk looked like when this session opened or last saved it: each file's
// name, size, modification time and inode (lstat). A save over the archive compares it first, so
// an archive another editor saved, or a `git pull` changed, since it was opened is not
// overwritten without a word. Metadata, not a hash: it is read in microseconds, and any write
// (ours replace the whole folder or file) changes it.

import Foundation
import IMDF

struct DiskSignature: Sendable, Equatable {
    private var entries: [String]

    /// The signature of the archive at `path` (a folder's files, or the zip file), nil when
    /// nothing is there.
    init?(of path: String) {
        let resolved = FileSystem.resolvedPath(path)
        guard let own = Self.entry("", resolved) else { return nil }
        entries = [own]
        var info = stat()
        guard lstat(resolved, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { return }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: resolved)) ?? []
        entries += names.sorted().compactMap { Self.entry($0, resolved + "/" + $0) }
    }

    private static func entry(_ name: String, _ path: String) -> String? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return "\(name) \(info.st_ino) \(info.st_size) \(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
    }
}
