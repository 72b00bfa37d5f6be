// Saves an `IMDFArchive` to a folder or to a zip (chosen by the path: `.zip` and `.imdf` are zips).
//
// Saves are atomic: the whole archive is written beside the target under a temporary name,
// fsynced, and renamed into place (a folder is swapped in with one renameat2 exchange), then the
// containing folder is fsynced. A failure at any step leaves the previous archive as it was.
// Saving over an existing folder keeps the files in it that are not IMDF data (a README, a
// LICENSE), and refuses a non-empty folder that is not an IMDF archive.

import Foundation

public struct ArchiveWriteError: Error, Sendable, CustomStringConvertible {
    public var path: String
    public var message: String

    public var description: String { "\(path): \(message)" }
}

public enum ArchiveWriter {
    public struct OutputFile: Sendable {
        public var name: String
        /// The file's bytes in the parts they were made in, written one after another: a large
        /// collection is serialised in parts on all cores, and joining them was a copy of the
        /// whole archive on one core.
        public var parts: [[UInt8]]

        public init(name: String, bytes: [UInt8]) { self.init(name: name, parts: [bytes]) }

        public init(name: String, parts: [[UInt8]]) {
            self.name = name
            self.parts = parts
        }

        /// The file's bytes, joined.
        public var bytes: [UInt8] { parts.count == 1 ? parts[0] : Array(parts.joined()) }

        public var count: Int { parts.reduce(0) { $0 + $1.count } }
    }

    /// Whether a save to `path` writes a zip (`.zip`, `.imdf`) rather than a folder.
    public static func writesZip(to path: String) -> Bool { ArchiveSource.isZipPath(path) }

    /// The files a save of `archive` writes: each feature file, each file kept as it was, the manifest.
    public static func fileCount(of archive: IMDFArchive) -> Int { archive.allCollections.count + archive.opaqueFiles.count + 1 }

    /// Writes `archive` to `path`. `created` stamps the manifest (and the zip entries' dates, so
    /// the same archive saved with the same time gives the same bytes). Returns what the save did
    /// besides: the symbolic links and special files of the folder it replaced, none of which is
    /// ever written through, each with what became of it.
    @discardableResult
    public static func write(
        _ archive: IMDFArchive, to path: String, created: Date = Date(), generator: String = ToolInfo.generatedBy
    ) throws(ArchiveWriteError) -> [String] {
        try write(archive, to: path, created: created, generator: generator, beforeCommit: {})
    }

    /// `beforeCommit` runs when the new archive is complete and synced beside the target, just
    /// before it replaces the target: tests throw from it to stand in for a crash at that point.
    @discardableResult
    static func write(
        _ archive: IMDFArchive, to requestedPath: String, created: Date, generator: String,
        beforeCommit: () throws -> Void
    ) throws(ArchiveWriteError) -> [String] {
        if let format = singleFileFormat(requestedPath) {
            throw ArchiveWriteError(
                path: requestedPath,
                message:
                    "not saved: the name ends in .\(format), a single file of another format, but an IMDF archive is a folder of <feature_type>.geojson files, or a zip of them (.zip or .imdf); name a folder (venue) or a zip (venue.zip)"
            )
        }
        // Every member is one plain file name, whatever the archive was read from: nothing is
        // written outside the archive, and no zip carries a name that would be.
        for name in archive.allCollections.map(\.fileName) + archive.opaqueFiles.map(\.name) {
            if let problem = MemberName.problem(name) {
                throw ArchiveWriteError(
                    path: requestedPath,
                    message: "not saved: a file of the archive is named \"\(name)\", refused: \(problem); nothing was written")
            }
        }
        // Through a symbolic link, the archive it names is written, not the link replaced.
        let path = FileSystem.resolvedPath(requestedPath)
        if FileSystem.kind(of: path) != .missing && !FileSystem.isWritable(path) {
            let mode = FileSystem.mode(of: path).map { " (mode " + String($0, radix: 8) + ")" } ?? ""
            throw ArchiveWriteError(path: requestedPath, message: "not saved: you may not write this archive\(mode); nothing was changed")
        }
        FileSystem.removeStaleTemporaries(for: path)
        let parent = FileSystem.parent(of: path)
        guard FileSystem.kind(of: parent) == .directory else {
            throw ArchiveWriteError(path: path, message: "not saved: the folder \(parent) does not exist")
        }
        let files = serialize(archive, created: created, generator: generator)
        if ArchiveSource.isZipPath(path) {
            try writeZip(files, to: path, date: created, beforeCommit: beforeCommit)
            return []
        } else {
            return try writeFolder(files, to: path, beforeCommit: beforeCommit)
        }
    }

    /// Endings of files that are no archive, which a folder is rarely named with: `save out.geojson`
    /// meant a single file, and a folder called `out.geojson` would surprise. An existing folder
    /// of that name is written as asked.
    static let singleFileEndings: Set<String> = [
        "geojson", "json", "gpkg", "shp", "dxf", "dwg", "kml", "kmz", "gml", "csv", "txt", "xml", "osm", "pbf", "svg", "png", "pdf",
        "imdfs",
    ]

    /// The single-file format `path`'s name ends in, when it names no existing folder.
    static func singleFileFormat(_ path: String) -> String? {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        let ending = name[name.index(after: dot)...].lowercased()
        guard singleFileEndings.contains(ending), FileSystem.kind(of: path) != .directory else { return nil }
        return ending
    }

    /// Features per part of a collection serialised on its own (`GeoJSONWriter.write(_:features:)`).
    static let featuresPerPart = 4_000

    /// The archive's files in canonical form: manifest.json, the IMDF types from venue down, the
    /// extension files, then files kept as they were. Collections are serialised in parts of
    /// `featuresPerPart` features on all cores.
    public static func serialize(_ archive: IMDFArchive, created: Date, generator: String) -> [OutputFile] {
        let collections = archive.allCollections
        var parts: [(collection: Int, features: Range<Int>)] = []
        for (number, collection) in collections.enumerated() {
            let count = collection.features.count
            for start in stride(from: 0, to: Swift.max(count, 1), by: featuresPerPart) {
                parts.append((number, start..<Swift.min(start + featuresPerPart, count)))
            }
        }
        let written = parts.parallelMap(heaviestFirst: { $0.features.count }) { part in
            GeoJSONWriter.write(collections[part.collection], features: part.features)
        }
        var partsOf = [[[UInt8]]](repeating: [], count: collections.count)
        for (part, bytes) in zip(parts, written) { partsOf[part.collection].append(bytes) }
        let manifest = archive.manifest.stamped(created: created, generatedBy: generator)
        var files = [OutputFile(name: "manifest.json", bytes: GeoJSONWriter.write(document: manifest.object))]
        for (collection, bytes) in zip(collections, partsOf) {
            files.append(OutputFile(name: collection.fileName, parts: bytes))
        }
        for file in archive.opaqueFiles { files.append(OutputFile(name: file.name, bytes: file.bytes)) }
        return files
    }

    static func writeZip(
        _ files: [OutputFile], to path: String, date: Date, beforeCommit: () throws -> Void
    ) throws(ArchiveWriteError) {
        if FileSystem.kind(of: path) == .directory {
            throw ArchiveWriteError(path: path, message: "is a folder; a zip archive needs a file path")
        }
        let data: [UInt8]
        do {
            data = try ZipWriter.build(files, date: date)
        } catch {
            throw ArchiveWriteError(path: path, message: "not saved: \(error)")
        }
        do {
            try FileSystem.replaceFile(at: path, with: data, beforeRename: beforeCommit)
        } catch {
            throw ArchiveWriteError(path: path, message: "not saved: \(error)")
        }
    }

    static func writeFolder(
        _ files: [OutputFile], to path: String, beforeCommit: () throws -> Void
    ) throws(ArchiveWriteError) -> [String] {
        let existing = FileSystem.kind(of: path)
        var keep: [String] = []
        var notes: [String] = []
        switch existing {
        case .file, .symbolicLink, .other:
            throw ArchiveWriteError(path: path, message: "exists and is not a folder; to write a zip, end the path in .zip")
        case .directory:
            let names: [String]
            do {
                names = try FileSystem.list(path)
            } catch {
                throw ArchiveWriteError(path: path, message: "not saved: \(error)")
            }
            if !names.isEmpty && !names.contains("manifest.json") {
                throw ArchiveWriteError(
                    path: path, message: "is a folder that is not an IMDF archive (no manifest.json); refusing to replace it")
            }
            let written = Set(files.map(\.name))
            // The new folder is written whole beside the old one and swapped in, so nothing is
            // written through a link inside it; what becomes of each link is said.
            for name in names.sorted() {
                let member = path + "/" + name
                switch FileSystem.status(of: member, followingLinks: false).kind {
                case .symbolicLink:
                    let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: member)).map { " (to \($0))" } ?? ""
                    notes.append(
                        written.contains(name)
                            ? "\(name) was a symbolic link\(target): replaced by the file saved; what it named is untouched"
                            : "\(name) is a symbolic link\(target): not carried into the saved folder (a link may name any file on the machine); what it named is untouched"
                    )
                case .other:
                    notes.append("\(name) is not a file or a folder (a pipe, a socket, a device): not carried into the saved folder")
                default: break
                }
            }
            keep = names.filter { name in
                guard !written.contains(name) else { return false }
                let kind = FileSystem.status(of: path + "/" + name, followingLinks: false).kind
                guard kind == .file || kind == .directory else { return false }
                if case .ignored = EntryRole(fileName: name) { return true }
                return kind == .directory
            }
        case .missing:
            break
        }
        let staging = FileSystem.siblingTemporaryPath(for: path, purpose: "new")
        // The new copy keeps the modes of the one it replaces: the folder's and each file's.
        let folderMode = FileSystem.mode(of: path) ?? 0o755
        do {
            guard mkdir(staging, 0o700) == 0 else { throw FileSystemError("create", staging) }
            try FileSystem.writeFilesInParallel(
                files.map { (staging + "/" + $0.name, $0.parts, FileSystem.mode(of: path + "/" + $0.name) ?? 0o644) })
            for name in keep {
                try FileSystem.linkTree(from: path + "/" + name, to: staging + "/" + name)
            }
            guard chmod(staging, folderMode) == 0 else { throw FileSystemError("set the mode of", staging) }
            try FileSystem.syncDirectory(staging)
            try beforeCommit()
            try FileSystem.replaceDirectory(at: path, with: staging)
        } catch {
            FileSystem.removeTree(staging)
            throw ArchiveWriteError(path: path, message: "not saved: \(error)")
        }
        return notes.map { "\(path): \($0)" }
    }
}
