// Lists the files of an archive, from a folder or a zip, as names relative to the archive root
// with their bytes (zip) or their path (folder, read later in parallel).
//
// Zip entries are checked before anything is read: absolute paths, `..` and symbolic links are
// refused (the whole archive, since such an entry means a malicious or broken producer); a file
// that cannot be read - encrypted, an unsupported method, a bad offset, data shared with another
// entry, a name that appears twice, over a size limit, a CRC-32 mismatch - is a located error of
// its own while the other files still load; a shared top folder - or a chain of them, as some
// exporters zip a full home-directory path - is stripped, and operating-system litter
// (`.DS_Store`, `__MACOSX/`) is skipped with a warning. Folder archives do not follow symbolic
// links: a link is left out with a warning.

import Foundation

struct ArchiveEntry: Sendable {
    enum Content: Sendable {
        /// A file of a folder archive, `size` bytes when listed, read later (in parallel) and
        /// never past `limit` bytes.
        case path(String, size: UInt64, limit: UInt64)
        case bytes([UInt8])
    }

    var name: String
    var content: Content
}

struct ArchiveListing: Sendable {
    var entries: [ArchiveEntry] = []
    var diagnostics: [ArchiveDiagnostic] = []
    /// Files that exist but could not be read (encrypted, corrupt, over a limit, ...).
    var corruptEntries: [String] = []

    /// Records a file that cannot be read: a located error, and its content missing from the load.
    mutating func refuse(_ name: String, _ reason: String) {
        corruptEntries.append(name)
        diagnostics.append(ArchiveDiagnostic(.error, kind: .unreadableFile, file: name, message: reason))
    }
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

    static func listFolder(_ path: String, limits: ArchiveLimits) throws(ArchiveReadError) -> ArchiveListing {
        let names: [String]
        do {
            names = try FileSystem.list(path)
        } catch {
            throw ArchiveReadError(path: path, diagnostics: [ArchiveDiagnostic(.error, message: "cannot read the folder: \(error)")])
        }
        var listing = ArchiveListing()
        var ignored: [String] = []
        var links: [String] = []
        var total: UInt64 = 0
        for name in names {
            let full = path + "/" + name
            let (kind, size) = FileSystem.status(of: full, followingLinks: false)
            // A member of the archive that is no file cannot be read, and leaving it out would
            // lose its features at the next save: the open stops, naming it. (lstat only: a
            // FIFO is never opened, so it never blocks.)
            let isMember = if case .ignored = EntryRole(fileName: name) { false } else { true }
            if kind != .file, kind != .missing, isMember, !isLitter(name) {
                let reason =
                    switch kind {
                    case .symbolicLink:
                        "a symbolic link, which is not followed (it could name any file on the machine); put the file itself here"
                    case .directory: "a folder, not a file"
                    default: "not a regular file (a pipe or a device), which is not read"
                    }
                listing.refuse(name, reason)
                continue
            }
            if kind == .symbolicLink {
                // A link could name any file on the machine; an archive is what the folder holds.
                links.append(name)
                continue
            }
            guard kind == .file, !isLitter(name) else {
                if !name.hasPrefix(".") { ignored.append(kind == .directory ? name + "/" : name) }
                continue
            }
            if case .ignored = EntryRole(fileName: name) {
                listing.entries.append(ArchiveEntry(name: name, content: .bytes([])))
                continue
            }
            if size > limits.maxFileBytes {
                listing.refuse(
                    name,
                    "\(ArchiveLimits.describe(size)), over the limit of \(ArchiveLimits.describe(limits.maxFileBytes)) for one file (--max-size); not read"
                )
                continue
            }
            total += size
            listing.entries.append(ArchiveEntry(name: name, content: .path(full, size: size, limit: limits.maxFileBytes)))
        }
        if total > limits.maxTotalBytes {
            throw ArchiveReadError(
                path: path,
                diagnostics: [
                    ArchiveDiagnostic(
                        .error,
                        message:
                            "its files hold \(ArchiveLimits.describe(total)), over the limit of \(ArchiveLimits.describe(limits.maxTotalBytes)) for an archive (--max-total); nothing was read"
                    )
                ])
        }
        if !links.isEmpty {
            listing.diagnostics.append(ArchiveDiagnostic(.warning, message: "left out \(describe(links)): symbolic links are not followed"))
        }
        if !ignored.isEmpty {
            listing.diagnostics.append(ArchiveDiagnostic(.warning, message: "ignored \(describe(ignored)): not part of an IMDF archive"))
        }
        return listing
    }

    static func listZip(_ path: String, limits: ArchiveLimits) throws(ArchiveReadError) -> ArchiveListing {
        let file: ZipFile
        do {
            file = try ZipFile(path: path)
        } catch {
            throw ArchiveReadError(path: path, diagnostics: [ArchiveDiagnostic(.error, message: error.description)])
        }
        var unsafe: [ArchiveDiagnostic] = []
        var files: [ZipDirectoryEntry] = []
        var litter: [String] = []
        for entry in file.entries {
            if let reason = unsafeReason(entry.name) {
                unsafe.append(ArchiveDiagnostic(.error, file: entry.name, message: "refused: \(reason)"))
            } else if entry.isSymbolicLink {
                unsafe.append(ArchiveDiagnostic(.error, file: entry.name, message: "refused: symbolic links are not allowed in an archive"))
            } else if entry.isDirectory {
                continue
            } else if isLitter(entry.name) {
                litter.append(entry.name)
            } else {
                files.append(entry)
            }
        }
        guard unsafe.isEmpty else { throw ArchiveReadError(path: path, diagnostics: unsafe) }

        var listing = ArchiveListing()
        if !litter.isEmpty {
            listing.diagnostics.append(ArchiveDiagnostic(.warning, message: "ignored \(describe(litter)): operating-system files"))
        }
        let prefix = sharedFolder(of: files.map(\.name))
        if !prefix.isEmpty {
            listing.diagnostics.append(
                ArchiveDiagnostic(
                    .warning, message: "the archive's files are inside the folder \"\(prefix)\"; IMDF expects them at the root of the zip"))
        }
        var nested: [String] = []
        var rooted: [(name: String, entry: ZipDirectoryEntry)] = []
        var copies: [String: Int] = [:]
        for entry in files {
            let name = String(entry.name.dropFirst(prefix.count))
            guard !name.contains("/") else {
                nested.append(entry.name)
                continue
            }
            copies[name, default: 0] += 1
            rooted.append((name, entry))
        }
        // Entries to inflate, each checked before anything is: its header, method and sizes.
        var wanted: [(name: String, entry: ZipDirectoryEntry, data: Range<UInt64>)] = []
        var total: UInt64 = 0
        for (name, entry) in rooted {
            switch copies[name] {
            case 0: continue  // a later copy of a name already refused
            case let count? where count > 1:
                listing.refuse(entry.name, "appears \(count) times in the zip; which copy is meant cannot be told, so none is read")
                copies[name] = 0
                continue
            default: break
            }
            if case .ignored = EntryRole(fileName: name) {
                listing.entries.append(ArchiveEntry(name: name, content: .bytes([])))
                continue
            }
            if entry.uncompressedSize > limits.maxFileBytes {
                listing.refuse(
                    name,
                    "declares \(ArchiveLimits.describe(entry.uncompressedSize)), over the limit of \(ArchiveLimits.describe(limits.maxFileBytes)) for one file (--max-size); not inflated"
                )
                continue
            }
            do {
                wanted.append((name, entry, try file.dataRange(of: entry)))
                total += entry.uncompressedSize
            } catch {
                listing.refuse(name, error.description)
            }
        }
        if total > limits.maxTotalBytes {
            throw ArchiveReadError(
                path: path,
                diagnostics: [
                    ArchiveDiagnostic(
                        .error,
                        message:
                            "its entries declare \(ArchiveLimits.describe(total)) in all, over the limit of \(ArchiveLimits.describe(limits.maxTotalBytes)) for an archive (--max-total); nothing was inflated"
                    )
                ])
        }
        // Two directory records sharing data inflate the same bytes twice: the zip bomb's trick,
        // never what an exporter writes. One sweep in order of position groups the entries whose
        // data runs into each other; every entry of a group of two or more is refused.
        var groups: [[Int]] = []
        var groupEnd: UInt64 = 0
        for index in wanted.indices.sorted(by: { wanted[$0].data.lowerBound < wanted[$1].data.lowerBound }) {
            let data = wanted[index].data
            if let last = groups.indices.last, data.lowerBound < groupEnd {
                groups[last].append(index)
                groupEnd = max(groupEnd, data.upperBound)
            } else {
                groups.append([index])
                groupEnd = data.upperBound
            }
        }
        var overlapping = Set<Int>()
        for group in groups where group.count > 1 {
            overlapping.formUnion(group)
            let names = group.map { wanted[$0].name }.sorted()
            for index in group {
                let name = wanted[index].name
                let others = describe(first: names.lazy.filter { $0 != name }.prefix(5), count: names.count - 1)
                listing.refuse(name, "its data overlaps that of \(others) (one stored file read under several names); not inflated")
            }
        }
        let extracting = wanted.indices.filter { !overlapping.contains($0) }.map { wanted[$0] }
        let results = extracting.parallelMap(heaviestFirst: { Int(clamping: $0.entry.uncompressedSize) }) {
            item -> Result<[UInt8], ZipEntryProblem> in
            Result { () throws(ZipEntryProblem) in try file.contents(of: item.entry, data: item.data) }
        }
        for (item, outcome) in zip(extracting, results) {
            switch outcome {
            case .success(let bytes): listing.entries.append(ArchiveEntry(name: item.name, content: .bytes(bytes)))
            case .failure(let problem): listing.refuse(item.name, problem.description)
            }
        }
        if !nested.isEmpty {
            listing.diagnostics.append(
                ArchiveDiagnostic(.warning, message: "ignored \(describe(nested)): in a subfolder, not part of the archive"))
        }
        return listing
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
        describe(first: names.prefix(5), count: names.count)
    }

    /// `a, b, c`, or `12 files (a, b, c, d, e, ...)` when there are more than five.
    static func describe(first shown: some Sequence<String>, count: Int) -> String {
        let list = shown.joined(separator: ", ")
        return count > 5 ? "\(count) files (\(list), ...)" : list
    }
}
