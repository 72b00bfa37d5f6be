import Foundation
import IMDF
import TestSupport
import Testing

/// A fresh folder under the system temporary folder, removed when the value goes away.
final class TemporaryFolder {
    let path: String

    init() {
        path = NSTemporaryDirectory() + "imdf-tests-" + UUID().uuidString
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    func file(_ name: String) -> String { path + "/" + name }

    /// Copies a folder archive, optionally leaving some files out.
    func copy(_ folder: String, as name: String, leavingOut: Set<String> = []) throws -> String {
        let target = file(name)
        try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: true)
        for entry in try FileManager.default.contentsOfDirectory(atPath: folder) where !leavingOut.contains(entry) {
            try FileManager.default.copyItem(atPath: folder + "/" + entry, toPath: target + "/" + entry)
        }
        return target
    }

    func write(_ name: String, _ text: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: file(name)))
    }
}

/// A fixed save time, so saved archives are byte-comparable.
let fixedDate = Date(timeIntervalSince1970: 1_700_000_000)

func read(_ path: String) throws -> ArchiveLoad {
    try ArchiveReader.read(path)
}

func bytes(of path: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
}
