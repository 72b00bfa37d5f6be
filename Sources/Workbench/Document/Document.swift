// The document the editor works on: every feature by id, with the indexes commands need (by
// type, by level, who refers to whom). Features keep their collection (file) and their position
// in it as an order key, so a save writes untouched features where they were and an undone delete
// puts a feature back exactly where it stood. Only `History` changes a document, by applying
// patches; the indexes are updated from each change, never rebuilt.

import Geometry
import IMDF

public enum CollectionKey: Hashable, Sendable {
    case imdf(FeatureType)
    /// An extension file (navPath.geojson), by file name.
    case `extension`(String)
}

public struct Document: Sendable {
    struct Entry: Sendable, Equatable {
        var feature: Feature
        var collection: CollectionKey
        var order: Int
    }

    struct CollectionHeader: Sendable, Equatable {
        var fileName: String
        var sourceFileName: String?
        var foreignMembers: JSONObject
    }

    public private(set) var manifest: Manifest
    private(set) var headers: [CollectionKey: CollectionHeader] = [:]
    /// Extension collections in the order they were read.
    private(set) var extensionOrder: [String] = []
    private(set) var opaqueFiles: [IMDFArchive.OpaqueFile]
    private(set) var entries: [String: Entry] = [:]
    /// Later features with an id already taken (an archive defect, F3): kept and written back,
    /// but not editable until they get ids of their own.
    private(set) var shadowed: [Entry] = []
    private var nextOrder = 0
    public private(set) var indexes = DocumentIndexes()
    /// The metric frame commands compute in (around the venue); nil for a document with no
    /// coordinates yet, where commands frame themselves around their own input.
    public let projector: Projector?
    /// The language names are shown and written in (LabelLanguage).
    public let labelLanguage: String

    public init(_ archive: IMDFArchive) {
        manifest = archive.manifest
        projector = Projector(archive: archive)
        labelLanguage = LabelLanguage.choose(manifest: archive.manifest.language, tags: LabelLanguage.tags(of: archive))
        opaqueFiles = archive.opaqueFiles
        for type in FeatureType.hierarchyOrder {
            if let collection = archive.collections[type] { add(collection, as: .imdf(type)) }
        }
        for collection in archive.extensions {
            extensionOrder.append(collection.fileName)
            add(collection, as: .extension(collection.fileName))
        }
        recogniseInheritance()
        indexes = DocumentIndexes(building: entries.values.map(\.feature), projector: projector)
    }

    /// Notes which values came down the hierarchy, so a save keeps them up to date (Inheritance/).
    private mutating func recogniseInheritance() {
        let anchors = (headers[.imdf(.anchor)] == nil ? [] : entries.values.filter { $0.collection == .imdf(.anchor) }).map(\.feature)
        let venue = entries.values.first { $0.collection == .imdf(.venue) }?.feature
        for mark in AddressInheritance.recognise(anchors, venue: venue, { entries[$0]?.feature }) {
            entries[mark.anchor]?.feature.editorNotes[AddressInheritance.choice] = "inherit"
            entries[mark.anchor]?.feature.editorNotes[AddressInheritance.language] = mark.language
            entries[mark.anchor]?.feature.editorNotes[AddressInheritance.derived] = mark.address
            entries[mark.address]?.feature.editorNotes[AddressInheritance.derivedAddress] = "yes"
        }
        // Levels whose address is their building's.
        let levels = entries.values.filter { $0.collection == .imdf(.level) }.map(\.feature)
        for level in levels {
            guard let address = level.string(.addressID),
                let building = level.strings(.buildingIDs)?.first.flatMap({ entries[$0]?.feature }),
                AddressInheritance.buildingAddressID(building, venue: venue, exists: { entries[$0] != nil }) == address
            else { continue }
            entries[level.id]?.feature.editorNotes[AddressInheritance.choice] = "inherit"
            entries[level.id]?.feature.editorNotes[AddressInheritance.derived] = address
        }
    }

    private mutating func add(_ collection: FeatureCollection, as key: CollectionKey) {
        headers[key] = CollectionHeader(
            fileName: collection.fileName, sourceFileName: collection.sourceFileName, foreignMembers: collection.foreignMembers)
        entries.reserveCapacity(entries.count + collection.features.count)
        for feature in collection.features {
            let entry = Entry(feature: feature, collection: key, order: nextOrder)
            nextOrder += 1
            if entries[feature.id] == nil {
                entries[feature.id] = entry
            } else {
                shadowed.append(entry)
            }
        }
    }

    // MARK: - Reading

    public var featureCount: Int { entries.count }

    public func feature(_ id: String) -> Feature? { entries[id]?.feature }

    public func collection(of id: String) -> CollectionKey? { entries[id]?.collection }

    func entry(_ id: String) -> Entry? { entries[id] }

    /// The feature's place in its collection (an order key: smaller stands earlier in the file).
    public func order(of id: String) -> Int? { entries[id]?.order }

    /// The extent of `feature` in metres in the document's frame, as the spatial index keeps it;
    /// nil for an unlocated feature or a document without a frame.
    public func bounds(of feature: Feature) -> Bounds? { DocumentIndexes.bounds(of: feature, projector) }

    /// The frame to compute in: the document's, or - for a document that had no coordinates when
    /// it was opened - one around its first located feature.
    public var workingProjector: Projector? {
        if let projector { return projector }
        for entry in entries.values {
            if let first = entry.feature.geometry?.positions.first {
                return Projector(frame: LocalFrame(originLongitude: first.x, originLatitude: first.y))
            }
        }
        return nil
    }

    /// Every feature, in no particular order.
    public var allFeatures: [Feature] { entries.values.map(\.feature) }

    /// Features of a `feature_type`, in file order.
    public func features(ofType type: String) -> [Feature] {
        (indexes.byType[type] ?? []).compactMap { entries[$0] }.sorted { $0.order < $1.order }.map(\.feature)
    }

    public func features(of type: FeatureType) -> [Feature] { features(ofType: type.rawValue) }

    /// Features whose level_id is `levelID`, in file order.
    public func features(onLevel levelID: String) -> [Feature] {
        (indexes.byLevel[levelID] ?? []).compactMap { entries[$0] }.sorted { $0.order < $1.order }.map(\.feature)
    }

    /// Features on a level whose extent meets `bounds` (metres in the document's frame), in file
    /// order: the spatial index, so the cost follows what is nearby, not the size of the level.
    public func features(onLevel levelID: String, near bounds: Bounds) -> [Feature] {
        ids(onLevel: levelID, near: bounds).compactMap { entries[$0] }.sorted { $0.order < $1.order }.map(\.feature)
    }

    /// The ids of `features(onLevel:near:)`, in no particular order (a superset of the features
    /// whose extent meets `bounds`).
    public func ids(onLevel levelID: String, near bounds: Bounds) -> Set<String> {
        // A document that had no coordinates when opened has no frame to index in.
        guard projector != nil else { return indexes.byLevel[levelID] ?? [] }
        return indexes.spatial[levelID]?.query(bounds) ?? []
    }

    /// Ids of the features whose references name `id`.
    public func referrers(of id: String) -> Set<String> { indexes.referrers[id] ?? [] }

    /// The archive to save: every collection in file order, with its own members.
    public var archive: IMDFArchive {
        var grouped: [CollectionKey: [Entry]] = [:]
        for entry in entries.values { grouped[entry.collection, default: []].append(entry) }
        for entry in shadowed { grouped[entry.collection, default: []].append(entry) }
        func collection(_ key: CollectionKey) -> FeatureCollection? {
            let header = headers[key]
            let features = (grouped[key] ?? []).sorted { $0.order < $1.order }.map(\.feature)
            if header == nil && features.isEmpty { return nil }
            var result = FeatureCollection(
                fileName: header?.fileName ?? Self.fileName(for: key), foreignMembers: header?.foreignMembers ?? JSONObject(),
                features: features)
            result.sourceFileName = header?.sourceFileName
            return result
        }
        var collections: [FeatureType: FeatureCollection] = [:]
        for type in FeatureType.allCases {
            if let built = collection(.imdf(type)) { collections[type] = built }
        }
        let extensions = extensionOrder.compactMap { collection(.extension($0)) }
            + grouped.keys.compactMap { key -> FeatureCollection? in
                guard case .extension(let name) = key, !extensionOrder.contains(name) else { return nil }
                return collection(key)
            }.sorted { $0.fileName < $1.fileName }
        return IMDFArchive(manifest: manifest, collections: collections, extensions: extensions, opaqueFiles: opaqueFiles)
    }

    /// The archive of just these features, each in its collection in file order: a part of the
    /// document to validate on its own (one level, what an edit touched).
    public func archive(of ids: Set<String>) -> IMDFArchive {
        var grouped: [CollectionKey: [Entry]] = [:]
        for id in ids {
            if let entry = entries[id] { grouped[entry.collection, default: []].append(entry) }
        }
        var collections: [FeatureType: FeatureCollection] = [:]
        var extensions: [FeatureCollection] = []
        for (key, members) in grouped {
            let collection = FeatureCollection(fileName: Self.fileName(for: key), features: members.sorted { $0.order < $1.order }.map(\.feature))
            switch key {
            case .imdf(let type): collections[type] = collection
            case .extension: extensions.append(collection)
            }
        }
        return IMDFArchive(manifest: manifest, collections: collections, extensions: extensions.sorted { $0.fileName < $1.fileName })
    }

    static func fileName(for key: CollectionKey) -> String {
        switch key {
        case .imdf(let type): type.fileName
        case .extension(let name): name
        }
    }

    // MARK: - Changing (History only)

    /// Checks that every change of `patch` applies to this document, in order, without changing it.
    func check(_ patch: Patch) throws(EditError) {
        var pending: [String: Feature?] = [:]
        func current(_ id: String) -> Feature? {
            if let state = pending[id] { return state }
            return entries[id]?.feature
        }
        for change in patch.changes {
            switch change {
            case .create(let feature, _, _):
                guard current(feature.id) == nil else { throw EditError("a feature with id \(feature.id) already exists") }
                pending[feature.id] = .some(feature)
            case .modify(let before, let after):
                guard before.id == after.id else { throw EditError("a change may not alter a feature's id") }
                guard current(before.id) == before else {
                    throw EditError("\(before.featureType) \(before.id.prefix(8)) has changed since the edit was planned")
                }
                pending[after.id] = .some(after)
            case .delete(let feature, _, _):
                guard current(feature.id) == feature else {
                    throw EditError("\(feature.featureType) \(feature.id.prefix(8)) has changed or is gone")
                }
                pending[feature.id] = .some(nil)
            }
        }
    }

    /// The patch with a concrete position for every create that has none (the end of its
    /// collection), so that re-applying the recorded patch (redo, replay) puts features exactly
    /// where they went the first time.
    func resolvingPositions(_ patch: Patch) -> Patch {
        var next = nextOrder
        var resolved = patch
        resolved.changes = patch.changes.map { change in
            guard case .create(let feature, let collection, nil) = change else { return change }
            defer { next += 1 }
            return .create(feature, in: collection, at: next)
        }
        return resolved
    }

    /// Applies a checked patch.
    mutating func applyChecked(_ patch: Patch) {
        for change in patch.changes {
            switch change {
            case .create(let feature, let collection, let order):
                let position = order ?? nextOrder
                nextOrder = Swift.max(nextOrder, position + 1)
                if headers[collection] == nil, case .extension(let name) = collection, !extensionOrder.contains(name) {
                    extensionOrder.append(name)
                }
                entries[feature.id] = Entry(feature: feature, collection: collection, order: position)
                indexes.add(feature, projector)
            case .modify(let before, let after):
                indexes.remove(before, projector)
                entries[after.id]!.feature = after
                indexes.add(after, projector)
            case .delete(let feature, _, _):
                indexes.remove(feature, projector)
                entries[feature.id] = nil
            }
        }
    }
}

extension Document: Equatable {
    /// Two documents are equal when they hold the same features, each in the same collection at
    /// the same position, and the same manifest and extra files.
    public static func == (lhs: Document, rhs: Document) -> Bool {
        lhs.manifest == rhs.manifest && lhs.entries == rhs.entries && lhs.shadowed == rhs.shadowed
            && lhs.opaqueFiles == rhs.opaqueFiles && lhs.headers == rhs.headers
    }
}
