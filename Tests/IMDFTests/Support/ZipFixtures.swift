import Foundation
import ZIPFoundation

/// Builds zip files entry by entry, including ones a well-behaved producer would never write.
enum ZipFixtures {
    static func make(_ path: String, _ entries: [(name: String, bytes: [UInt8])], compressed: Bool = true) throws {
        let archive = try Archive(url: URL(fileURLWithPath: path), accessMode: .create)
        for entry in entries {
            let bytes = entry.bytes
            try archive.addEntry(
                with: entry.name, type: .file, uncompressedSize: Int64(bytes.count),
                compressionMethod: compressed ? .deflate : .none,
                provider: { position, size in Data(bytes[Int(position)..<Int(position) + size]) })
        }
    }

    /// Every file of a folder archive, optionally under a folder prefix inside the zip.
    static func zipFolder(_ folder: String, to path: String, prefix: String = "", extra: [(String, [UInt8])] = []) throws {
        var entries: [(String, [UInt8])] = []
        for name in try FileManager.default.contentsOfDirectory(atPath: folder).sorted() {
            entries.append((prefix + name, [UInt8](try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name)))))
        }
        try make(path, entries + extra)
    }
}
