// The journal is a script: every line a user could type, each accepted command followed by a
// metadata comment that numbers it, carries the ids it minted and a checksum:
//
//   #imdf-journal 1
//   #base sha256:9f2c... venue.zip
//   #started 2026-11-22T10:15:30+00:00 by imdf 0.1.0, pid 4242 on host
//   rename 310 "Seminar room"
//   #r 1 ids= sum=5be1c0a7d2e94f11
//   split unit 312 along 10,0 10,8
//   #r 2 ids=0c4f...,9a1e... sum=...
//   #check 100 3b9e...           (every 100 records: a hash of the document, to detect a replay
//                                 that diverges)
//
// Run as a script, the comments are ignored and the commands replay; recovery also checks the
// sums, reuses the ids, and compares the #check hashes.

import Foundation
import IMDF

public enum JournalFormat {
    public static let magic = "#imdf-journal 1"
    public static let checkInterval = 100

    public struct Record: Sendable, Equatable {
        public var number: Int
        public var command: String
        public var ids: [String]

        public init(number: Int, command: String, ids: [String]) {
            self.number = number
            self.command = command
            self.ids = ids
        }

        /// FNV-1a 64 over the number, the command and the ids: catches a damaged byte, and is
        /// cheap enough to compute on every command.
        var sum: String {
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for byte in "\(number)\n\(command)\n\(ids.joined(separator: ","))".utf8 {
                hash ^= UInt64(byte)
                hash = hash &* 0x0000_0100_0000_01B3
            }
            let hex = String(hash, radix: 16)
            return String(repeating: "0", count: 16 - hex.count) + hex
        }

        /// The record as the journal holds it: the command line, then its metadata line.
        public var text: String { "\(command)\n#r \(number) ids=\(ids.joined(separator: ",")) sum=\(sum)\n" }
    }

    public static func header(baseHash: String, archive: String, date: Date) -> String {
        let host = ProcessInfo.processInfo.hostName
        return
            "\(magic)\n#base sha256:\(baseHash) \(archive)\n#started \(Manifest.timestamp(date)) by \(ToolInfo.generatedBy), pid \(getpid()) on \(host)\n"
    }

    /// SHA-256 of an archive on disk: of the zip file, or of a folder's files (names and bytes,
    /// in name order). A journal applies only to the archive it was started on.
    public static func archiveHash(_ path: String) -> String? {
        var hasher = SHA256Digest()
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { return nil }
        if isFolder.boolValue {
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: path).sorted() else { return nil }
            for name in names {
                // Regular files only: a FIFO beside the archive's files would block the read.
                guard FileSystem.status(of: path + "/" + name, followingLinks: false).kind == .file,
                    let data = FileManager.default.contents(atPath: path + "/" + name)
                else { continue }
                hasher.update(Array(name.utf8))
                hasher.update([UInt8(0)])
                hasher.update(data)
            }
        } else {
            guard let data = FileManager.default.contents(atPath: path) else { return nil }
            hasher.update(data)
        }
        return hasher.finalize().map { SHA256Digest.hex($0) }
    }

    /// A hash of the document's content (every feature's canonical form), for #check records: the
    /// first 16 bytes of a SHA-256, in hex. Nil when libcrypto fails.
    public static func documentHash(_ archive: IMDFArchive) -> String? {
        var hasher = SHA256Digest()
        for collection in archive.allCollections {
            hasher.update(Array(collection.fileName.utf8))
            hasher.update(GeoJSONWriter.write(collection))
        }
        return hasher.finalize().map { SHA256Digest.hex($0.prefix(16)) }
    }
}

/// `JournalFormat.archiveHash` of an archive, worked out on a thread of its own from the moment it
/// is made: opening a large archive reads and hashes it again for the journal (about 40 ms for
/// workload W). The journal makes it when it opens - once the document is built, which keeps both
/// cores busy - and waits for it only with its first record, so the prompt does not wait for it.
/// (A thread of the lowest priority, made earlier, would starve behind any other busy process, and
/// an unprivileged thread cannot raise its priority again when the hash is wanted.)
final class PendingArchiveHash: @unchecked Sendable {
    let path: String
    /// Written once by the hashing thread before `done` is signalled; read only after.
    private var hash: String?
    private let done = DispatchSemaphore(value: 0)

    init(path: String) {
        self.path = path
        Thread { [self] in
            hash = JournalFormat.archiveHash(path)
            done.signal()
        }.start()
    }

    /// The hash (nil when the archive could not be read), once it is known.
    var value: String? {
        done.wait()
        done.signal()
        return hash
    }
}
