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
    /// Every id the document holds or names, as a handle (DocumentIndexes.swift).
    private(set) var table = IDTable()
    /// The features by the handle of their id.
    private(set) var slots = Slots()
    /// Later features with an id already taken (an archive defect, F3): kept and written back,
    /// but not editable until they get ids of their own.
    private(set) var shadowed: [Entry] = []
    private var nextOrder = 0
    private(set) var index = DocumentIndexes()
    private(set) var names = LazyNameIndexes()

    /// The indexes by type, level, id prefix and name, read as ids.
    public var indexes: IndexView { IndexView(indexes: index, names: names, slots: slots, table: table) }
    /// The metric frame commands compute in (around the venue); nil for a document with no
    /// coordinates yet, where commands frame themselves around their own input.
    public let projector: Projector?
    /// The language names are shown and written in (LabelLanguage).
    public let labelLanguage: String

    /// The document of `archive`. Its features are moved, not copied, when the caller gives the
    /// archive up (`Document(consume archive)`): copying 97,000 features and releasing the
    /// originals touched every one of their strings and arrays twice. `index`, the reader's index
    /// of this very archive (`ArchiveLoad.takeArchive()`), becomes the document's table of ids
    /// as it is, so no id is hashed twice.
    public init(_ archive: consuming IMDFArchive, index readIndex: consuming FeatureIndex? = nil) {
        manifest = archive.manifest
        projector = Projector(archive: copy archive)
        labelLanguage = LabelLanguage.choose(manifest: archive.manifest.language, tags: LabelLanguage.tags(of: copy archive))
        opaqueFiles = archive.opaqueFiles
        var collections = archive.collections
        var extensions = archive.extensions
        archive = IMDFArchive(manifest: manifest)
        let total = collections.values.reduce(0) { $0 + $1.features.count } + extensions.reduce(0) { $0 + $1.features.count }
        // The reader numbered the features in the order they are added here: its numbers are the
        // handles, and features whose id an earlier one has are the ones it found repeated.
        var shadowedOrdinals: Set<Int32>?
        if let given = consume readIndex {
            shadowedOrdinals = given.shadowedOrdinals
            table = IDTable(handles: given.ordinals, count: total)
        } else {
            table = IDTable(capacity: total)
        }
        slots.reserveCapacity(total)
        for type in FeatureType.hierarchyOrder {
            if let collection = collections.removeValue(forKey: type) { add(collection, as: .imdf(type), shadowedOrdinals) }
        }
        for index in extensions.indices {
            let collection = extensions[index]
            extensions[index] = FeatureCollection(fileName: collection.fileName)
            extensionOrder.append(collection.fileName)
            add(consume collection, as: .extension(extensionOrder.last!), shadowedOrdinals)
        }
        shadowed.sort { $0.order < $1.order }
        recogniseInheritance()
        index = DocumentIndexes(building: slots, table: &table, projector: projector)
    }

    /// Notes which values came down the hierarchy, so a save keeps them up to date (Inheritance/).
    private mutating func recogniseInheritance() {
        let (anchorMarks, levelMarks) = inheritanceMarks()
        for mark in anchorMarks {
            modifyFeature(mark.anchor) {
                $0.editorNotes[AddressInheritance.choice] = "inherit"
                $0.editorNotes[AddressInheritance.language] = mark.language
                $0.editorNotes[AddressInheritance.derived] = mark.address
            }
            modifyFeature(mark.address) { $0.editorNotes[AddressInheritance.derivedAddress] = "yes" }
        }
        // Levels whose address is their building's.
        for mark in levelMarks {
            modifyFeature(mark.level) {
                $0.editorNotes[AddressInheritance.choice] = "inherit"
                $0.editorNotes[AddressInheritance.derived] = mark.address
            }
        }
    }

    /// Anchors whose address is derived from their building's, and levels whose address is
    /// their building's.
    private func inheritanceMarks() -> (
        anchors: [(anchor: String, address: String, language: String)], levels: [(level: String, address: String)]
    ) {
        var anchors: [Handle] = []
        var levels: [Handle] = []
        var venue: Feature?
        slots.forEach { entry, handle in
            switch entry.pointee.collection {
            case .imdf(.anchor): anchors.append(handle)
            case .imdf(.level): levels.append(handle)
            case .imdf(.venue): if venue == nil { venue = entry.pointee.feature }
            default: break
            }
        }
        let anchorMarks = AddressInheritance.recognise(anchors.lazy.map { slots[$0]!.feature }, venue: venue, feature)
        let levelMarks = levels.compactMap { handle -> (level: String, address: String)? in
            let level = slots[handle]!.feature
            guard let address = level.string(.addressID),
                let building = level.strings(.buildingIDs)?.first.flatMap(feature),
                AddressInheritance.buildingAddressID(building, venue: venue, exists: { entry($0) != nil }) == address
            else { return nil }
            return (level.id, address)
        }
        return (anchorMarks, levelMarks)
    }

    /// Changes the feature `id` in place (while opening, before the indexes exist).
    private mutating func modifyFeature(_ id: String, _ change: (inout Feature) -> Void) {
        guard let handle = table.handle(id) else { return }
        slots.modifyFeature(handle, change)
    }

    /// Moves the collection's features into the document: the first feature with an id gets it,
    /// later ones with the same id are kept aside (`shadowed`). With the reader's numbering
    /// (`shadowedOrdinals` known), a feature's number is its handle and its id is not looked up.
    private mutating func add(_ collection: consuming FeatureCollection, as key: CollectionKey, _ shadowedOrdinals: Set<Int32>?) {
        var features = collection.features
        collection.features = []
        headers[key] = CollectionHeader(
            fileName: collection.fileName, sourceFileName: collection.sourceFileName, foreignMembers: collection.foreignMembers)
        nextOrder += features.count
        // Taken from the end, each feature moves out of the array instead of being copied; the
        // earliest of features sharing an id keeps it.
        var order = nextOrder
        while let feature = features.popLast() {
            order -= 1
            if let shadowedOrdinals {
                let handle = Handle(order)
                table.name(handle, feature.id)
                let entry = Entry(feature: feature, collection: key, order: order)
                if shadowedOrdinals.contains(handle) { shadowed.append(entry) } else { slots.put(entry, at: handle) }
                continue
            }
            let handle = table.intern(feature.id)
            let entry = Entry(feature: feature, collection: key, order: order)
            if let holder = slots[handle] {
                if holder.order < order {
                    shadowed.append(entry)
                    continue
                }
                shadowed.append(holder)
            }
            slots.put(entry, at: handle)
        }
    }

    // MARK: - Reading

    public func feature(_ id: String) -> Feature? { entry(id)?.feature }

    public func collection(of id: String) -> CollectionKey? { entry(id)?.collection }

    func entry(_ id: String) -> Entry? {
        guard let handle = table.handle(id) else { return nil }
        return slots[handle]
    }

    func entry(_ handle: Handle) -> Entry? { slots[handle] }

    public var featureCount: Int { slots.liveCount }

    /// `id` as shown: its first 8 characters, or as many more as it takes to be unique among the
    /// document's ids (`ShortIDs`), looked up among the few ids sharing its first 4.
    public func shortID(_ id: String) -> String {
        let shared = indexes.byIDPrefix[id.lowercased().prefix(4)].map { Array($0) } ?? []
        return String(id.prefix(ShortIDs.uniqueLength(of: id, among: shared)))
    }

    /// The feature's place in its collection (an order key: smaller stands earlier in the file).
    public func order(of id: String) -> Int? { entry(id)?.order }

    /// The live entries, in no particular order.
    var liveEntries: [Entry] { slots.liveEntries }

    /// The extent of `feature` in metres in the document's frame, as the spatial index keeps it;
    /// nil for an unlocated feature or a document without a frame.
    public func bounds(of feature: Feature) -> Bounds? { DocumentIndexes.bounds(of: feature, projector) }

    /// The frame to compute in: the document's, or - for a document that had no coordinates when
    /// it was opened - one around its first located feature.
    public var workingProjector: Projector? {
        if let projector { return projector }
        for entry in liveEntries {
            if let first = entry.feature.geometry?.positions.first {
                return Projector(frame: LocalFrame(originLongitude: first.x, originLatitude: first.y))
            }
        }
        return nil
    }

    /// Every feature, in no particular order.
    public var allFeatures: [Feature] { liveEntries.map(\.feature) }

    /// Features of a `feature_type`, in file order.
    public func features(ofType type: String) -> [Feature] {
        inFileOrder(index.byType[type] ?? [])
    }

    private func inFileOrder(_ handles: some Sequence<Handle>) -> [Feature] {
        handles.compactMap { slots[$0] }.sorted { $0.order < $1.order }.map(\.feature)
    }

    public func features(of type: FeatureType) -> [Feature] { features(ofType: type.rawValue) }

    /// Features whose level_id is `levelID`, in file order.
    public func features(onLevel levelID: String) -> [Feature] {
        inFileOrder(index.levels[levelID]?.members ?? [])
    }

    /// How many features of a `feature_type` have this `level_id`.
    public func count(ofType type: String, onLevel levelID: String) -> Int { index.levels[levelID]?.typeCounts[type] ?? 0 }

    /// Features on a level whose extent meets `bounds` (metres in the document's frame), in file
    /// order: the spatial index, so the cost follows what is nearby, not the size of the level.
    public func features(onLevel levelID: String, near bounds: Bounds) -> [Feature] {
        inFileOrder(handles(onLevel: levelID, near: bounds))
    }

    /// The ids of `features(onLevel:near:)`, in no particular order (a superset of the features
    /// whose extent meets `bounds`).
    public func ids(onLevel levelID: String, near bounds: Bounds) -> Set<String> {
        ids(handles(onLevel: levelID, near: bounds))
    }

    private func handles(onLevel levelID: String, near bounds: Bounds) -> Set<Handle> {
        // A document that had no coordinates when opened has no frame to index in.
        guard projector != nil else { return index.levels[levelID]?.members ?? [] }
        return index.levels[levelID]?.grid.query(bounds) ?? []
    }

    /// Ids of the features whose references name `id`.
    public func referrers(of id: String) -> Set<String> {
        guard let handle = table.handle(id) else { return [] }
        return ids(index.referrers(of: handle))
    }

    func ids(_ handles: some Sequence<Handle>) -> Set<String> {
        var ids = Set<String>(minimumCapacity: handles.underestimatedCount)
        for handle in handles { ids.insert(table[handle]) }
        return ids
    }

    /// The archive to save: every collection in file order, with its own members.
    public var archive: IMDFArchive {
        var grouped: [CollectionKey: [Entry]] = [:]
        for entry in liveEntries { grouped[entry.collection, default: []].append(entry) }
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
        let extensions =
            extensionOrder.compactMap { collection(.extension($0)) }
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
            if let entry = entry(id) { grouped[entry.collection, default: []].append(entry) }
        }
        var collections: [FeatureType: FeatureCollection] = [:]
        var extensions: [FeatureCollection] = []
        for (key, members) in grouped {
            let collection = FeatureCollection(
                fileName: Self.fileName(for: key), features: members.sorted { $0.order < $1.order }.map(\.feature))
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
        // Where a feature stands as the changes so far leave it: the index of the last change to
        // it (its state after that change), or none for one the patch has not touched. Indexes,
        // not copies of the features: a graph build creates a hundred thousand.
        var pending: [String: Int] = [:]
        pending.reserveCapacity(patch.changes.count)
        let changes = patch.changes
        func current(_ id: String) -> Feature? {
            guard let index = pending[id] else { return feature(id) }
            switch changes[index] {
            case .create(let feature, _, _): return feature
            case .modify(_, let after): return after
            case .delete: return nil
            }
        }
        for (index, change) in changes.enumerated() {
            switch change {
            case .create(let feature, _, _):
                guard current(feature.id) == nil else { throw EditError("a feature with id \(feature.id) already exists") }
                pending[feature.id] = index
            case .modify(let before, let after):
                guard before.id == after.id else { throw EditError("a change may not alter a feature's id") }
                guard current(before.id) == before else {
                    throw EditError("\(before.featureType) \(before.id.prefix(8)) has changed since the edit was planned")
                }
                pending[after.id] = index
            case .delete(let feature, _, _):
                guard current(feature.id) == feature else {
                    throw EditError("\(feature.featureType) \(feature.id.prefix(8)) has changed or is gone")
                }
                pending[feature.id] = index
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
        if !isKnownUniquelyReferenced(&names) { names = names.copy() }
        for change in patch.changes {
            switch change {
            case .create(let feature, let collection, let order):
                let position = order ?? nextOrder
                nextOrder = Swift.max(nextOrder, position + 1)
                if headers[collection] == nil, case .extension(let name) = collection, !extensionOrder.contains(name) {
                    extensionOrder.append(name)
                }
                let handle = table.intern(feature.id)
                slots.put(Entry(feature: feature, collection: collection, order: position), at: handle)
                index.add(feature, handle, &table, projector)
                names.update { $0.add(feature, handle) }
            case .modify(let before, let after):
                let handle = table.handle(after.id)!
                index.remove(before, handle, table, projector)
                slots.modifyFeature(handle) { $0 = after }
                index.add(after, handle, &table, projector)
                names.update {
                    $0.remove(before, handle)
                    $0.add(after, handle)
                }
            case .delete(let feature, _, _):
                let handle = table.handle(feature.id)!
                index.remove(feature, handle, table, projector)
                names.update { $0.remove(feature, handle) }
                slots.clear(handle)
            }
        }
    }
}

extension Document: Equatable {
    /// Two documents are equal when they hold the same features, each in the same collection at
    /// the same position, and the same manifest and extra files.
    public static func == (lhs: Document, rhs: Document) -> Bool {
        lhs.manifest == rhs.manifest && lhs.featureCount == rhs.featureCount
            && lhs.liveEntries.allSatisfy { rhs.entry($0.feature.id) == $0 } && lhs.shadowed == rhs.shadowed
            && lhs.opaqueFiles == rhs.opaqueFiles && lhs.headers == rhs.headers
    }
}
