// Opens an IMDF archive - a folder or a .zip/.imdf file - into an `IMDFArchive`.
//
// Policy for broken input: problems that make the archive unusable as a whole (no such path, not
// a zip, unsafe zip entries, no IMDF content at all) throw `ArchiveReadError`. A file that cannot
// be read (malformed JSON, not a FeatureCollection, a feature without an id, a CRC mismatch, a
// missing manifest) is reported with its location and left out, and the rest of the archive
// loads so it can be inspected and validated; `ArchiveLoad.isComplete` is then false, and the
// commands refuse to save such a load, because saving it would silently drop that file's features.
// Every problem of every file is reported in one pass.

import Foundation
import Synchronization

public struct ArchiveLoad: Sendable {
    public enum Format: String, Sendable {
        case folder
        case zip
    }

    public var archive: IMDFArchive {
        didSet { index = nil }
    }
    public var format: Format
    /// Where each id is in `archive` as it was read (the reader works it out to find repeated
    /// ids); nil once the archive has been changed, or for a load made in memory.
    public private(set) var index: FeatureIndex?
    public var diagnostics: [ArchiveDiagnostic]
    /// Files whose content is missing from `archive` because they could not be read.
    public var unreadableFiles: [String]

    public init(archive: IMDFArchive, format: Format, diagnostics: [ArchiveDiagnostic] = [], unreadableFiles: [String] = []) {
        self.archive = archive
        self.format = format
        self.diagnostics = diagnostics
        self.unreadableFiles = unreadableFiles
    }

    init(archive: IMDFArchive, format: Format, diagnostics: [ArchiveDiagnostic], unreadableFiles: [String], index: FeatureIndex) {
        self.init(archive: archive, format: format, diagnostics: diagnostics, unreadableFiles: unreadableFiles)
        self.index = index
    }

    /// Gives the archive and its index up to the caller (an editor taking the features over),
    /// leaving an empty archive with the same manifest.
    public mutating func takeArchive() -> (archive: IMDFArchive, index: FeatureIndex?) {
        let taken = (archive, index)
        archive = IMDFArchive(manifest: taken.0.manifest)
        return taken
    }

    public var isComplete: Bool { unreadableFiles.isEmpty }
    public var errors: [ArchiveDiagnostic] { diagnostics.filter { $0.severity == .error } }
    public var warnings: [ArchiveDiagnostic] { diagnostics.filter { $0.severity == .warning } }
}

public enum ArchiveReader {
    /// `skippingBrokenFeatures`: a feature file some of whose features are broken (no id, an id
    /// that is no string) is read without them rather than not at all, so that validation checks
    /// every other feature. The file is still listed unreadable, with an error for each feature
    /// left out: an editor must not take such a reading over, as a save would lose those features.
    public static func read(
        _ path: String, limits: ArchiveLimits = .standard, skippingBrokenFeatures: Bool = false
    ) throws(ArchiveReadError) -> ArchiveLoad {
        let format: ArchiveLoad.Format
        let listing: ArchiveListing
        switch FileSystem.kind(of: path) {
        case .missing:
            throw ArchiveReadError(path: path, diagnostics: [ArchiveDiagnostic(.error, message: "no such file or folder")])
        case .directory:
            format = .folder
            listing = try ArchiveSource.listFolder(path, limits: limits)
        case .file:
            format = .zip
            listing = try ArchiveSource.listZip(path, limits: limits)
        case .symbolicLink, .other:
            throw ArchiveReadError(path: path, diagnostics: [ArchiveDiagnostic(.error, message: "not a folder or a zip file")])
        }
        var assembly = Assembly(listing: listing, skippingBrokenFeatures: skippingBrokenFeatures)
        assembly.decodeAll()
        return try assembly.finish(path: path, format: format)
    }
}

/// What a file of the archive is, by its name.
enum EntryRole: Sendable {
    case manifest
    case featureFile(FeatureType)
    case extensionFile
    case ignored
}

extension EntryRole {
    init(fileName name: String) {
        if name == "manifest.json" {
            self = .manifest
            return
        }
        guard let dot = name.lastIndex(of: "."), ["geojson", "json"].contains(name[name.index(after: dot)...].lowercased())
        else {
            self = .ignored
            return
        }
        if let type = FeatureType(rawValue: String(name[..<dot])) {
            self = .featureFile(type)
        } else {
            self = .extensionFile
        }
    }
}

private enum DecodedEntry: Sendable {
    case manifest(Manifest)
    case collection(FeatureCollection)
    case unreadable([ArchiveDiagnostic])
    /// A feature file read without its broken features, with an error for each.
    case partial(FeatureCollection, [ArchiveDiagnostic])
    /// An extension file that is not a feature collection: kept byte for byte.
    case opaque([UInt8], ArchiveDiagnostic)
}

private struct Assembly {
    var listing: ArchiveListing
    var roles: [EntryRole] = []
    var decoded: [DecodedEntry?] = []
    let skippingBrokenFeatures: Bool

    init(listing: ArchiveListing, skippingBrokenFeatures: Bool) {
        self.listing = listing
        self.skippingBrokenFeatures = skippingBrokenFeatures
        roles = listing.entries.map { EntryRole(fileName: $0.name) }
    }

    /// One job of `decodeAll`: a file whole, or a half of a large feature file (`FeatureSplit`).
    enum Job: Sendable {
        case whole(Int)
        case firstHalf(Int)
        case secondHalf(Int)

        var entry: Int {
            switch self {
            case .whole(let entry), .firstHalf(let entry), .secondHalf(let entry): entry
            }
        }
    }

    enum JobResult: Sendable {
        case whole(DecodedEntry?)
        case firstHalf(FeatureCollection, landed: Bool)
        case secondHalf([Feature]?)
    }

    /// Reads and decodes every file, the largest first, on all cores. A feature file of
    /// `FeatureSplit.smallest` bytes or more is read in two halves at once, so that the last large
    /// file of an archive is not read on one core while the other waits.
    mutating func decodeAll() {
        let skipping = skippingBrokenFeatures
        let entries = listing.entries
        let roles = roles
        var jobs: [Job] = []
        for (index, entry) in entries.enumerated() {
            if case .featureFile = roles[index], Self.size(of: entry) >= FeatureSplit.smallest {
                jobs += [.firstHalf(index), .secondHalf(index)]
            } else {
                jobs.append(.whole(index))
            }
        }
        // Both halves of a file read its bytes once, and cut them in the same place.
        let sources = entries.map(SharedBytes.init)
        let results = jobs.parallelMap(heaviestFirst: { job in
            let size = Self.size(of: entries[job.entry])
            if case .whole = job { return size }
            return size / 2
        }) { job -> JobResult in
            let entry = entries[job.entry]
            let role = roles[job.entry]
            switch job {
            case .whole:
                return .whole(Self.decode(entry, role: role, skippingBrokenFeatures: skipping))
            case .firstHalf:
                defer { sources[job.entry].release() }
                // A file that cannot be read, cannot be cut or has a problem in its first half is
                // read whole by this job, with the bytes in hand, and reports what a whole reading
                // reports.
                switch sources[job.entry].contents() {
                case .failure(let failure): return .whole(.unreadable(failure.diagnostics))
                case .success(let (bytes, split)):
                    guard let split, let read = try? GeoJSONReader.readFirstHalf(bytes, split) else {
                        return .whole(Self.decode(entry, role: role, skippingBrokenFeatures: skipping, bytes: bytes))
                    }
                    return .firstHalf(read.collection, landed: read.landed)
                }
            case .secondHalf:
                defer { sources[job.entry].release() }
                guard case .success(let (bytes, split)) = sources[job.entry].contents(), let split else { return .secondHalf(nil) }
                return .secondHalf(GeoJSONReader.readSecondHalf(bytes, split))
            }
        }
        decoded = Swift.Array(repeating: nil, count: entries.count)
        var firstHalves: [Int: (collection: FeatureCollection, landed: Bool)] = [:]
        var secondHalves: [Int: [Feature]] = [:]
        for (job, result) in zip(jobs, results) {
            switch result {
            case .whole(let entry): decoded[job.entry] = entry
            case .firstHalf(let collection, let landed): firstHalves[job.entry] = (collection, landed)
            case .secondHalf(let features): secondHalves[job.entry] = features
            }
        }
        // A first half that found no feature where the second began read every feature itself.
        var again: [Int] = []
        for (index, first) in firstHalves {
            guard case .featureFile(let type) = roles[index] else { continue }
            var collection = first.collection
            if first.landed {
                guard let rest = secondHalves[index] else {
                    again.append(index)
                    continue
                }
                collection.features.append(contentsOf: rest)
            }
            collection.fileName = type.fileName
            collection.sourceFileName = entries[index].name
            decoded[index] = .collection(collection)
        }
        // A second half that could not be read alone (a defect in it): the file is read whole,
        // as if it had never been cut, and reports what a whole reading reports.
        let redone = again.parallelMap(heaviestFirst: { Self.size(of: entries[$0]) }) { index in
            Self.decode(entries[index], role: roles[index], skippingBrokenFeatures: skipping)
        }
        for (index, entry) in zip(again, redone) { decoded[index] = entry }
    }

    /// A file's bytes, read by whichever half of it asks first, and where to cut them; let go
    /// once both halves are done with them, as a whole reading lets its bytes go.
    final class SharedBytes: Sendable {
        typealias Contents = Result<(bytes: [UInt8], split: FeatureSplit?), ReadFailure>

        private enum State {
            case unread
            case read(Contents)
            case released
        }
        private let entry: ArchiveEntry
        private let state = Mutex((state: State.unread, users: 2))

        init(_ entry: ArchiveEntry) { self.entry = entry }

        func contents() -> Contents {
            state.withLock { shared in
                switch shared.state {
                case .read(let contents): return contents
                case .unread, .released:
                    let contents: Contents = Assembly.bytes(of: entry).map { (bytes: $0, split: FeatureSplit.plan($0)) }
                    shared.state = .read(contents)
                    return contents
                }
            }
        }

        /// One half is done with the bytes.
        func release() {
            state.withLock { shared in
                shared.users -= 1
                if shared.users == 0 { shared.state = .released }
            }
        }
    }

    static func size(of entry: ArchiveEntry) -> Int {
        switch entry.content {
        case .bytes(let bytes): return bytes.count
        case .path(_, let size, _):
            return Int(clamping: size)
        }
    }

    /// Why a file could not be read, as its reading reports it.
    struct ReadFailure: Error {
        var diagnostics: [ArchiveDiagnostic]
    }

    /// The bytes of `entry`, or why they cannot be read.
    static func bytes(of entry: ArchiveEntry) -> Result<[UInt8], ReadFailure> {
        switch entry.content {
        case .bytes(let content): return .success(content)
        case .path(let path, _, let limit):
            do {
                return .success(try FileSystem.readAll(path, limit: limit, noFollow: true))
            } catch {
                return .failure(
                    ReadFailure(diagnostics: [
                        ArchiveDiagnostic(.error, kind: .unreadableFile, file: entry.name, message: "cannot read the file: \(error)")
                    ]))
            }
        }
    }

    static func decode(_ entry: ArchiveEntry, role: EntryRole, skippingBrokenFeatures: Bool) -> DecodedEntry? {
        if case .ignored = role { return nil }
        switch bytes(of: entry) {
        case .success(let bytes): return decode(entry, role: role, skippingBrokenFeatures: skippingBrokenFeatures, bytes: bytes)
        case .failure(let failure): return .unreadable(failure.diagnostics)
        }
    }

    static func decode(_ entry: ArchiveEntry, role: EntryRole, skippingBrokenFeatures: Bool, bytes: [UInt8]) -> DecodedEntry? {
        func located(_ failure: GeoJSONReadFailure, _ severity: ArchiveDiagnostic.Severity) -> [ArchiveDiagnostic] {
            failure.problems.map {
                ArchiveDiagnostic(
                    severity, kind: severity == .error ? .unreadableFile : .general, file: entry.name, location: $0.location,
                    featureID: $0.featureID, message: $0.message, defect: $0.defect)
            }
        }
        switch role {
        case .manifest:
            do {
                let value = try GeoJSONReader.readJSON(bytes)
                guard let object = value.objectValue else {
                    return .unreadable([
                        ArchiveDiagnostic(
                            .error, kind: .unreadableFile, file: entry.name, location: TextLocation(line: 1, column: 1),
                            message: "the manifest must be a JSON object, found \(value.kindName)")
                    ])
                }
                return .manifest(Manifest(object: object))
            } catch {
                return .unreadable(located(error, .error))
            }
        case .featureFile(let type):
            switch collection(from: bytes, savedAs: type.fileName, readFrom: entry.name) {
            case .success(let collection): return .collection(collection)
            case .failure(let failure):
                guard skippingBrokenFeatures, case .structure = failure,
                    case .success(var read) = Result(catching: { () throws(GeoJSONReadFailure) in
                        try GeoJSONReader.readSkippingBrokenFeatures(bytes)
                    })
                else { return .unreadable(located(failure, .error)) }
                read.collection.fileName = type.fileName
                read.collection.sourceFileName = entry.name
                return .partial(read.collection, located(.structure(read.leftOut), .error))
            }
        case .extensionFile:
            switch collection(from: bytes, savedAs: entry.name, readFrom: entry.name) {
            case .success(let collection): return .collection(collection)
            case .failure(let failure):
                let first = located(failure, .warning).first
                let reason = first.map { "\($0.location.map { "\($0): " } ?? "")\($0.message)" } ?? "not a FeatureCollection"
                return .opaque(
                    bytes, ArchiveDiagnostic(.warning, file: entry.name, message: "kept unchanged, not read as features (\(reason))"))
            }
        case .ignored:
            return nil
        }
    }

    static func collection(
        from bytes: [UInt8], savedAs fileName: String, readFrom sourceName: String
    ) -> Result<FeatureCollection, GeoJSONReadFailure> {
        do {
            var collection = try GeoJSONReader.read(bytes)
            collection.fileName = fileName
            collection.sourceFileName = sourceName
            return .success(collection)
        } catch {
            return .failure(error)
        }
    }

    mutating func finish(path: String, format: ArchiveLoad.Format) throws(ArchiveReadError) -> ArchiveLoad {
        var diagnostics = listing.diagnostics
        var unreadable = listing.corruptEntries
        var manifest: Manifest?
        var collections: [FeatureType: FeatureCollection] = [:]
        var extensions: [FeatureCollection] = []
        var opaque: [IMDFArchive.OpaqueFile] = []
        var ignored: [String] = []
        var legacyNames: [String] = []
        var sawIMDFContent = false

        for (index, entry) in listing.entries.enumerated() {
            let role = roles[index]
            switch (role, decoded[index]) {
            case (.ignored, _):
                ignored.append(entry.name)
            case (_, .manifest(let value)?):
                manifest = value
            case (.featureFile(let type), .collection(let collection)?):
                sawIMDFContent = true
                if let existing = collections[type] {
                    diagnostics.append(
                        ArchiveDiagnostic(
                            .error, kind: .unreadableFile, file: entry.name,
                            message:
                                "a second file for \(type.rawValue) features (\(existing.sourceFileName ?? existing.fileName) was read); this one is left out"
                        ))
                    unreadable.append(entry.name)
                    continue
                }
                if entry.name != type.fileName { legacyNames.append(entry.name) }
                collections[type] = collection
            case (_, .collection(let collection)?):
                extensions.append(collection)
            case (let role, .partial(let collection, let problems)?):
                // Checked without its broken features, and listed unreadable all the same.
                sawIMDFContent = true
                diagnostics.append(contentsOf: problems)
                unreadable.append(entry.name)
                if case .featureFile(let type) = role, collections[type] == nil { collections[type] = collection }
            case (let role, .unreadable(let problems)?):
                if case .featureFile = role { sawIMDFContent = true }
                if case .manifest = role { sawIMDFContent = true }
                diagnostics.append(contentsOf: problems)
                unreadable.append(entry.name)
            case (_, .opaque(let bytes, let note)?):
                diagnostics.append(note)
                opaque.append(IMDFArchive.OpaqueFile(name: entry.name, bytes: bytes))
            case (_, nil):
                break
            }
        }
        if manifest == nil && !sawIMDFContent && extensions.isEmpty {
            throw ArchiveReadError(
                path: path,
                diagnostics: listing.diagnostics + [
                    ArchiveDiagnostic(
                        .error, message: "not an IMDF archive: no manifest.json and no <feature_type>.geojson files")
                ])
        }
        if !ignored.isEmpty {
            diagnostics.append(
                ArchiveDiagnostic(.warning, message: "ignored \(ArchiveSource.describe(ignored)): not part of an IMDF archive"))
        }
        if !legacyNames.isEmpty {
            diagnostics.append(
                ArchiveDiagnostic(
                    .warning,
                    message:
                        "legacy file names \(ArchiveSource.describe(legacyNames)): IMDF names feature files <feature_type>.geojson, and a save writes those names"
                ))
        }
        if let manifest {
            diagnostics.append(contentsOf: Self.manifestWarnings(manifest))
        } else if !unreadable.contains("manifest.json") {
            diagnostics.append(
                ArchiveDiagnostic(
                    .error, kind: .missingManifest, file: "manifest.json",
                    message: "missing: every IMDF archive needs a manifest.json at its root"))
            unreadable.append("manifest.json")
        }
        let archive = IMDFArchive(
            manifest: manifest ?? Manifest(object: JSONObject()), collections: collections, extensions: extensions,
            opaqueFiles: opaque)
        let index = archive.makeIndex()
        diagnostics.append(contentsOf: Self.duplicateIDs(in: archive, index))
        return ArchiveLoad(archive: archive, format: format, diagnostics: diagnostics, unreadableFiles: unreadable, index: index)
    }

    static func manifestWarnings(_ manifest: Manifest) -> [ArchiveDiagnostic] {
        guard let version = manifest.version else {
            return [
                ArchiveDiagnostic(
                    .warning, kind: .manifestVersion, file: "manifest.json",
                    message: "no \"version\"; a save writes \(Manifest.currentVersion)")
            ]
        }
        if version == Manifest.currentVersion { return [] }
        if manifest.isLegacyVersion {
            return [
                ArchiveDiagnostic(
                    .warning, kind: .manifestVersion, file: "manifest.json",
                    message:
                        "version \"\(version)\" is a pre-release of IMDF \(Manifest.currentVersion); read as \(Manifest.currentVersion), and a save writes \(Manifest.currentVersion)"
                )
            ]
        }
        return [
            ArchiveDiagnostic(
                .warning, kind: .manifestVersion, file: "manifest.json",
                message: "version \"\(version)\" is not IMDF \(Manifest.currentVersion); read as \(Manifest.currentVersion)")
        ]
    }

    static func duplicateIDs(in archive: IMDFArchive, _ index: FeatureIndex) -> [ArchiveDiagnostic] {
        func describe(_ place: FeatureIndex.Place) -> String {
            let collection: FeatureCollection
            switch place.collection {
            case .imdf(let type): collection = archive.collections[type]!
            case .extension(let number): collection = archive.extensions[number]
            }
            let line = collection.features[place.position].sourceLine
            return "\(collection.sourceFileName ?? collection.fileName)\(line > 0 ? ":\(line)" : "")"
        }
        return index.duplicates.keys.sorted().map { id in
            let places = index.duplicates[id]!
            let first = places[0]
            return ArchiveDiagnostic(
                .error, kind: .duplicateID, file: describe(first), featureID: id,
                message:
                    "duplicate id \(id): \(places.count) features share it (\(places.map(describe).joined(separator: ", "))); all are kept, and references to the id are ambiguous"
            )
        }
    }
}
