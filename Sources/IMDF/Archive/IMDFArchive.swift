// An IMDF archive in memory: the manifest, one feature collection per IMDF feature type, the
// extension feature files the tool does not interpret (routing graphs, environment layers), and
// any other JSON file, kept byte for byte.

public struct IMDFArchive: Sendable, Hashable {
    /// A JSON file that is not a feature collection, carried through a save unchanged.
    public struct OpaqueFile: Sendable, Hashable {
        public var name: String
        public var bytes: [UInt8]
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

    private var places: [HashedKey: Place] = [:]
    public private(set) var duplicates: [String: [Place]] = [:]

    init(_ archive: IMDFArchive) {
        places.reserveCapacity(archive.featureCount)
        func add(_ collection: FeatureCollection, as key: CollectionKey) {
            for position in collection.features.indices {
                let id = HashedKey(collection.features[position].id)
                let place = Place(collection: key, position: position)
                if let first = places.updateValue(place, forKey: id) {
                    places[id] = first
                    duplicates[id.text, default: [first]].append(place)
                }
            }
        }
        for type in FeatureType.hierarchyOrder {
            if let collection = archive.collections[type] { add(collection, as: .imdf(type)) }
        }
        for (number, collection) in archive.extensions.enumerated() { add(collection, as: .extension(number)) }
    }

    public subscript(id: String) -> Place? { places[HashedKey(id)] }
}
