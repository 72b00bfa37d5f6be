// Lists the files of an archive, from a folder or a zip, as names relative to the archive root
// with their bytes (zip) or their path (folder, read later in parallel).
//
// Zip entries are checked before anything is read: absolute paths and `..` are refused (the whole
// archive, since such an entry means a malicious or broken producer), every file's CRC-32 is
// verified (ZIPFoundation computes it while inflating but leaves the comparison to the caller),
// a shared top folder - or a chain of them, as some exporters zip a full home-directory path - is
// stripped, and operating-system litter (`.DS_Store`, `__MACOSX/`) is skipped with a warning.

import Foundation
import SystemZlib
import ZIPFoundation

struct ArchiveEntry: Sendable {
    enum Content: Sendable {
        case path(String)
        case bytes([UInt8])
    }

    var name: String
    var content: Content
}

struct ArchiveListing: Sendable {
    var entries: [ArchiveEntry] = []
    var diagnostics: [ArchiveDiagnostic] = []
    /// Entries read but with a corrupt payload (CRC mismatch, bad deflate stream).
    var corruptEntries: [String] = []
}

enum ArchiveSource {
    static func isZipPath(_ path: String) -> Bool {
        let lower = path.lowercased()
        return lower.hasSuffix(".zip") || lower.hasSuffix(".imdf")
    }

    /// Operating-system files that ride along in archives and are never IMDF content.
    static func isLitter(_ name: String) -> Bool {
        let components = name.split(separator: "/")
        if components.first == "__MACOSX" { return true }
        guard let last = components.last else { return false }
        return last == ".DS_Store" || last.hasPrefix("._") || last == "Thumbs.db" || last == "desktop.ini"
    }

    static func listFolder(_ path: String) throws(ArchiveReadError) -> ArchiveListing {
        let names: [String]
        do {
            names = try FileSystem.list(path)
        } catch {
            throw ArchiveReadError(path: path, diagnostics: [ArchiveDiagnostic(.error, message: "cannot read the folder: \(error)")])
        }
        var listing = ArchiveListing()
        var ignored: [String] = []
        for name in names {
            let full = path + "/" + name
            guard FileSystem.kind(of: full) == .file, !isLitter(name) else {
                if !name.hasPrefix(".") { ignored.append(FileSystem.kind(of: full) == .directory ? name + "/" : name) }
                continue
            }
            listing.entries.append(ArchiveEntry(name: name, content: .path(full)))
        }
        if !ignored.isEmpty {
            listing.diagnostics.append(ArchiveDiagnostic(.warning, message: "ignored \(describe(ignored)): not part of an IMDF archive"))
        }
        return listing
    }

    static func listZip(_ path: String) throws(ArchiveReadError) -> ArchiveListing {
        func fail(_ message: String) -> ArchiveReadError {
            ArchiveReadError(path: path, diagnostics: [ArchiveDiagnostic(.error, message: message)])
        }
        let archive: Archive
        do {
            archive = try Archive(url: URL(fileURLWithPath: path), accessMode: .read)
        } catch {
            throw fail("not a readable zip archive (\(error))")
        }
        var unsafe: [ArchiveDiagnostic] = []
        var files: [Entry] = []
        var litter: [String] = []
        for entry in archive {
            let name = entry.path
            if let reason = unsafeReason(name) {
                unsafe.append(ArchiveDiagnostic(.error, file: name, message: "refused: \(reason)"))
                continue
            }
            switch entry.type {
            case .directory: continue
            case .symlink:
                unsafe.append(ArchiveDiagnostic(.error, file: name, message: "refused: symbolic links are not allowed in an archive"))
            case .file:
                if isLitter(name) { litter.append(name) } else { files.append(entry) }
            }
        }
        guard unsafe.isEmpty else { throw ArchiveReadError(path: path, diagnostics: unsafe) }

        var listing = ArchiveListing()
        if !litter.isEmpty {
            listing.diagnostics.append(ArchiveDiagnostic(.warning, message: "ignored \(describe(litter)): operating-system files"))
        }
        let prefix = sharedFolder(of: files.map(\.path))
        if !prefix.isEmpty {
            listing.diagnostics.append(ArchiveDiagnostic(.warning, message: "the archive's files are inside the folder \"\(prefix)\"; IMDF expects them at the root of the zip"))
        }
        var nested: [String] = []
        var seen = Set<String>()
        var wanted: [(name: String, path: String, size: Int)] = []
        for entry in files {
            let name = String(entry.path.dropFirst(prefix.count))
            guard !name.contains("/") else {
                nested.append(entry.path)
                continue
            }
            guard seen.insert(name).inserted else {
                listing.diagnostics.append(ArchiveDiagnostic(.error, file: entry.path, message: "appears twice in the zip; the first copy is used"))
                continue
            }
            wanted.append((name, entry.path, Int(clamping: entry.uncompressedSize)))
        }
        for (item, outcome) in zip(wanted, extractInParallel(path, wanted.map { ($0.path, $0.size) })) {
            switch outcome {
            case .success(let bytes):
                listing.entries.append(ArchiveEntry(name: item.name, content: .bytes(bytes)))
            case .failure(let problem):
                listing.corruptEntries.append(item.name)
                listing.diagnostics.append(ArchiveDiagnostic(.error, kind: .unreadableFile, file: item.name, message: "corrupt zip entry: \(problem.reason)"))
            }
        }
        if !nested.isEmpty {
            listing.diagnostics.append(ArchiveDiagnostic(.warning, message: "ignored \(describe(nested)): in a subfolder, not part of the archive"))
        }
        return listing
    }

    struct ExtractionProblem: Error {
        var reason: String
    }

    /// Inflates the entries on all cores: each worker opens the zip on its own (a ZIPFoundation
    /// archive is not shareable between threads) and takes a share of the entries, largest first.
    static func extractInParallel(_ path: String, _ entries: [(path: String, size: Int)]) -> [Result<[UInt8], ExtractionProblem>] {
        let workers = max(1, min(ProcessInfo.processInfo.activeProcessorCount, entries.count))
        var shares = Array(repeating: [Int](), count: workers)
        var loads = Array(repeating: 0, count: workers)
        for index in entries.indices.sorted(by: { entries[$0].size > entries[$1].size }) {
            let lightest = loads.indices.min { loads[$0] < loads[$1] }!
            shares[lightest].append(index)
            loads[lightest] += entries[index].size
        }
        let perWorker = shares.parallelMap(heaviestFirst: { share in share.reduce(0) { $0 + entries[$1].size } }) {
            share -> [(Int, Result<[UInt8], ExtractionProblem>)] in
            let archive: Archive
            do {
                archive = try Archive(url: URL(fileURLWithPath: path), accessMode: .read)
            } catch {
                return share.map { ($0, .failure(ExtractionProblem(reason: "cannot reopen the zip (\(error))"))) }
            }
            return share.map { ($0, extract(entries[$0].path, size: entries[$0].size, from: archive)) }
        }
        var results = [Result<[UInt8], ExtractionProblem>](repeating: .failure(ExtractionProblem(reason: "not extracted")), count: entries.count)
        for (index, outcome) in perWorker.joined() { results[index] = outcome }
        return results
    }

    /// One entry's bytes, with its CRC-32 checked against the one the zip records.
    static func extract(_ entryPath: String, size: Int, from archive: Archive) -> Result<[UInt8], ExtractionProblem> {
        guard let entry = archive[entryPath] else { return .failure(ExtractionProblem(reason: "entry not found")) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(size)
        do {
            // ZIPFoundation's own CRC-32 on Linux is a byte-at-a-time table loop; zlib's is several
            // times faster (measured: a tenth of opening W as a zip), so the library skips it.
            _ = try archive.extract(entry, bufferSize: 1 << 20, skipCRC32: true, consumer: { chunk in bytes.append(contentsOf: chunk) })
        } catch {
            return .failure(ExtractionProblem(reason: "cannot extract it (\(error))"))
        }
        let checksum = bytes.withUnsafeBufferPointer { UInt32(crc32(0, $0.baseAddress, uInt($0.count))) }
        guard checksum == entry.checksum else {
            return .failure(ExtractionProblem(reason: "CRC-32 is \(hex(checksum)), the zip records \(hex(entry.checksum))"))
        }
        return .success(bytes)
    }

    /// Why an entry name may not be extracted, or nil when it is safe.
    static func unsafeReason(_ name: String) -> String? {
        if name.hasPrefix("/") || name.hasPrefix("\\") { return "absolute path" }
        let bytes = Array(name.utf8)
        if bytes.count >= 2, bytes[1] == UInt8(ascii: ":"), (bytes[0] | 0x20) >= UInt8(ascii: "a"), (bytes[0] | 0x20) <= UInt8(ascii: "z") {
            return "absolute path (drive letter)"
        }
        let components = name.split(whereSeparator: { $0 == "/" || $0 == "\\" })
        if components.contains("..") { return "path climbs out of the archive with '..'" }
        return nil
    }

    /// The folder path every entry shares ("IMDFData/" or "a/b/IMDFData/"), or "".
    static func sharedFolder(of names: [String]) -> String {
        let folders = names.map { name -> [Substring] in
            Array(name.split(separator: "/", omittingEmptySubsequences: false).dropLast())
        }
        guard var shared = folders.first else { return "" }
        for folder in folders.dropFirst() {
            var count = 0
            while count < shared.count, count < folder.count, shared[count] == folder[count] { count += 1 }
            shared = Array(shared.prefix(count))
        }
        return shared.isEmpty ? "" : shared.joined(separator: "/") + "/"
    }

    static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16)
        return "0x" + String(repeating: "0", count: max(0, 8 - digits.count)) + digits
    }

    static func describe(_ names: [String]) -> String {
        let shown = names.prefix(5).joined(separator: ", ")
        return names.count > 5 ? "\(names.count) files (\(shown), ...)" : shown
    }
}
