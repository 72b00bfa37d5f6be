// What `imdf info` shows about an archive: counts per file, the buildings, and the levels grouped
// by ordinal (ordinals are venue-wide stacking positions; several levels may share one).

public struct ArchiveSummary: Sendable {
    public struct FileCount: Sendable, Hashable {
        public var fileName: String
        /// The `feature_type` values found in the file (one, normally).
        public var featureTypes: [String]
        public var count: Int
    }

    public struct BuildingInfo: Sendable, Hashable {
        public var id: String
        public var name: String?
        public var category: String?
        public var levelCount: Int
        public var footprintCount: Int
    }

    public struct LevelInfo: Sendable, Hashable {
        public var id: String
        public var name: String?
        public var shortName: String?
        public var ordinal: Int?
        public var outdoor: Bool?
        public var buildingNames: [String]
        public var unitCount: Int
    }

    public var typeCounts: [FeatureType: Int]
    public var imdfFiles: [FileCount]
    public var extensionFiles: [FileCount]
    public var opaqueFiles: [String]
    public var buildings: [BuildingInfo]
    /// Levels by ordinal, lowest first; levels without a usable ordinal come last under nil.
    public var levelsByOrdinal: [(ordinal: Int?, levels: [LevelInfo])]

    public var imdfFeatureCount: Int { typeCounts.values.reduce(0, +) }
    public var extensionFeatureCount: Int { extensionFiles.reduce(0) { $0 + $1.count } }

    public init(_ archive: IMDFArchive) {
        let language = archive.manifest.language
        func fileCount(_ collection: FeatureCollection) -> FileCount {
            var types: [String] = []
            for feature in collection.features where !types.contains(feature.featureType) {
                types.append(feature.featureType)
            }
            return FileCount(fileName: collection.fileName, featureTypes: types, count: collection.features.count)
        }
        typeCounts = [:]
        for (type, collection) in archive.collections { typeCounts[type] = collection.features.count }
        imdfFiles = FeatureType.hierarchyOrder.compactMap { archive.collections[$0].map(fileCount) }
        extensionFiles = archive.extensions.map(fileCount)
        opaqueFiles = archive.opaqueFiles.map(\.name)

        var levelsPerBuilding: [String: Int] = [:]
        var footprintsPerBuilding: [String: Int] = [:]
        for level in archive.features(of: .level) {
            for id in level.strings(.buildingIDs) ?? [] { levelsPerBuilding[id, default: 0] += 1 }
        }
        for footprint in archive.features(of: .footprint) {
            for id in footprint.strings(.buildingIDs) ?? [] { footprintsPerBuilding[id, default: 0] += 1 }
        }
        var buildingNames: [String: String] = [:]
        buildings = archive.features(of: .building).map { feature in
            let name = feature.labels(.name)?.preferred(language: language)
            if let name { buildingNames[feature.id] = name }
            return BuildingInfo(
                id: feature.id, name: name, category: feature.string(.category),
                levelCount: levelsPerBuilding[feature.id] ?? 0, footprintCount: footprintsPerBuilding[feature.id] ?? 0)
        }

        var unitsPerLevel: [String: Int] = [:]
        for unit in archive.features(of: .unit) {
            if let level = unit.string(.levelID) { unitsPerLevel[level, default: 0] += 1 }
        }
        var grouped: [Int?: [LevelInfo]] = [:]
        for feature in archive.features(of: .level) {
            let info = LevelInfo(
                id: feature.id, name: feature.labels(.name)?.preferred(language: language),
                shortName: feature.labels(.shortName)?.preferred(language: language), ordinal: feature.integer(.ordinal),
                outdoor: feature.bool(.outdoor),
                buildingNames: (feature.strings(.buildingIDs) ?? []).map { buildingNames[$0] ?? String($0.prefix(8)) },
                unitCount: unitsPerLevel[feature.id] ?? 0)
            grouped[info.ordinal, default: []].append(info)
        }
        let ordinals = grouped.keys.compactMap { $0 }.sorted()
        levelsByOrdinal = ordinals.map { ($0, grouped[$0]!) } + (grouped[nil].map { [(nil, $0)] } ?? [])
    }
}
