// An IMDF archive in memory: the manifest, one feature collection per IMDF feature type, the
// extension feature files the tool does not interpret (routing graphs, environment layers), and
// any other JSON file, kept byte for byte.

public struct IMDFArchive: Sendable, Hashable {
    /// A JSON file that is not a feature collection, carried through a save unchanged.
    public struct OpaqueFile: Sendable, Hashable {
        public var name: String
        public var bytes: [UInt8]

        public init(name: String, bytes: [UInt8]) {
            self.name = name
            self.bytes = bytes
        }
    }

    public var manifest: Manifest
    public var collections: [FeatureType: FeatureCollection]
    /// Feature collections of types IMDF does not define, in the order they were read.
    public var extensions: [FeatureCollection]
    public var opaqueFiles: [OpaqueFile]

    public init(
        manifest: Manifest, collections: [FeatureType: FeatureCollection] = [:],
        extensions: [FeatureCollection] = [], opaqueFiles: [OpaqueFile] = []
    ) {
        self.manifest = manifest
        self.collections = collections
        self.extensions = extensions
        self.opaqueFiles = opaqueFiles
    }

    /// The features of an IMDF type, in file order.
    public func features(of type: FeatureType) -> [Feature] { collections[type]?.features ?? [] }

    /// The extension collection read from `fileName` (`navPath.geojson`).
    public func extensionCollection(named fileName: String) -> FeatureCollection? {
        extensions.first { $0.fileName == fileName }
    }

    /// Every collection: IMDF types in hierarchy order, then extensions.
    public var allCollections: [FeatureCollection] {
        FeatureType.hierarchyOrder.compactMap { collections[$0] } + extensions
    }

    public var featureCount: Int { allCollections.reduce(0) { $0 + $1.features.count } }

    public func makeIndex() -> FeatureIndex { FeatureIndex(self) }

    public func feature(at place: FeatureIndex.Place) -> Feature {
        switch place.collection {
        case .imdf(let type): collections[type]!.features[place.position]
        case .extension(let number): extensions[number].features[place.position]
        }
    }
}

/// Where each feature id lives. Ids must be unique across the whole archive (IMDF F3); when one
/// is not, lookups find its first occurrence and `duplicates` lists every place it occurs.
public struct FeatureIndex: Sendable {
    public enum CollectionKey: Sendable, Hashable {
        case imdf(FeatureType)
        case `extension`(Int)
    }

    public struct Place: Sendable, Hashable {
        public var collection: CollectionKey
        public var position: Int
    }

    /// Each id's first feature, by its number counting through the collections in order (IMDF
    /// types in hierarchy order, then extensions): an editor numbering the features the same way
    /// takes this table over as it is, instead of hashing every id once more.
    public private(set) var ordinals: [HashedKey: Int32] = [:]
    /// Where each collection's features start in that count.
    private var starts: [(collection: CollectionKey, start: Int)] = []
    public private(set) var duplicates: [String: [Place]] = [:]

    init(_ archive: IMDFArchive) {
        ordinals.reserveCapacity(archive.featureCount)
        var ordered: [(collection: FeatureCollection, key: CollectionKey)] = []
        for type in FeatureType.hierarchyOrder {
            if let collection = archive.collections[type] { ordered.append((collection, .imdf(type))) }
        }
        for (number, collection) in archive.extensions.enumerated() { ordered.append((collection, .extension(number))) }
        // Each id's hash - most of the work, a SipHash over 36 bytes - is worked out on all
        // cores; the table is then filled in order on one.
        let hashed = ordered.parallelMap(heaviestFirst: { $0.collection.features.count }) { entry in
            entry.collection.features.withUnsafeBufferPointer { features in features.map { HashedKey($0.id) } }
        }
        var next = 0
        for ((collection, key), ids) in zip(ordered, hashed) {
            starts.append((key, next))
            for position in ids.indices {
                let id = ids[position]
                if let first = ordinals.updateValue(Int32(next + position), forKey: id) {
                    ordinals[id] = first
                    let firstPlace = place(of: Int(first))
                    duplicates[id.text, default: [firstPlace]].append(Place(collection: key, position: position))
                }
            }
            next += collection.features.count
        }
    }

    private func place(of ordinal: Int) -> Place {
        let owner = starts.last { $0.start <= ordinal }!
        return Place(collection: owner.collection, position: ordinal - owner.start)
    }

    public subscript(id: String) -> Place? { ordinals[HashedKey(id)].map { place(of: Int($0)) } }

    /// The numbers (in `ordinals`' count) of the features whose id an earlier feature has.
    public var shadowedOrdinals: Set<Int32> {
        var shadowed = Set<Int32>()
        for places in duplicates.values {
            for place in places.dropFirst() {
                shadowed.insert(Int32(starts.first { $0.collection == place.collection }!.start + place.position))
            }
        }
        return shadowed
    }
}
