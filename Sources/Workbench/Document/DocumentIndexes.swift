// The document's indexes, kept current change by change: features by type, by level, and the
// reverse of every reference (who names this id), which delete and merge need.

import Geometry
import IMDF

public struct DocumentIndexes: Sendable, Equatable {
    public private(set) var byType: [String: Set<String>] = [:]
    public private(set) var byLevel: [String: Set<String>] = [:]
    public private(set) var referrers: [String: Set<String>] = [:]
    /// Per level: where its features are (metres in the document's frame).
    public private(set) var spatial: [String: GridIndex] = [:]
    /// Ids by their first four characters, for id-prefix references.
    public private(set) var byIDPrefix: [Substring: Set<String>] = [:]
    /// Ids by name: every label, lower-cased, and its last word (a room designation: "310").
    public private(set) var byName: [String: Set<String>] = [:]

    static func nameKeys(of feature: Feature) -> Set<String> {
        var keys = Set<String>()
        for label in feature.labels(.name)?.labels ?? [] {
            let lowered = label.text.lowercased()
            keys.insert(lowered)
            if let last = lowered.split(separator: " ").last { keys.insert(String(last)) }
        }
        return keys
    }

    /// The indexes, each kept by its own map; when a document opens they are built side by side.
    enum Part: CaseIterable, Sendable {
        case types, levels, references, prefixes, names
    }

    init() {}

    /// The indexes of `features` (a document being opened), each part built on its own core:
    /// building them one feature at a time took most of the time of opening a large venue.
    init(building features: [Feature], projector: Projector?) {
        let parts = Part.allCases.parallelMap(heaviestFirst: { $0 == .levels ? 2 : 1 }) { part -> DocumentIndexes in
            var partial = DocumentIndexes()
            for feature in features { partial.add(feature, projector, only: part) }
            return partial
        }
        byType = parts[0].byType
        byLevel = parts[1].byLevel
        spatial = parts[1].spatial
        referrers = parts[2].referrers
        byIDPrefix = parts[3].byIDPrefix
        byName = parts[4].byName
    }

    mutating func add(_ feature: Feature, _ projector: Projector?, only part: Part? = nil) {
        if part == nil || part == .types { byType[feature.featureType, default: []].insert(feature.id) }
        if part == nil || part == .prefixes { byIDPrefix[feature.id.lowercased().prefix(4), default: []].insert(feature.id) }
        if part == nil || part == .names {
            for key in Self.nameKeys(of: feature) { byName[key, default: []].insert(feature.id) }
        }
        if part == nil || part == .levels, let level = feature.string(.levelID) {
            byLevel[level, default: []].insert(feature.id)
            if let bounds = Self.bounds(of: feature, projector) { spatial[level, default: GridIndex()].insert(feature.id, bounds) }
        }
        if part == nil || part == .references {
            for target in References.targets(of: feature) { referrers[target, default: []].insert(feature.id) }
        }
    }

    mutating func remove(_ feature: Feature, _ projector: Projector?) {
        byType[feature.featureType]?.remove(feature.id)
        byIDPrefix[feature.id.lowercased().prefix(4)]?.remove(feature.id)
        for key in Self.nameKeys(of: feature) {
            byName[key]?.remove(feature.id)
            if byName[key]?.isEmpty == true { byName[key] = nil }
        }
        if let level = feature.string(.levelID) {
            byLevel[level]?.remove(feature.id)
            if let bounds = Self.bounds(of: feature, projector) { spatial[level]?.remove(feature.id, bounds) }
        }
        for target in References.targets(of: feature) {
            referrers[target]?.remove(feature.id)
            if referrers[target]?.isEmpty == true { referrers[target] = nil }
        }
    }
}

extension DocumentIndexes {
    /// The feature's extent in metres: the degree box's corners projected (four projections, not
    /// one per vertex - this runs for every feature when a document opens), widened by a
    /// centimetre for the frame's slight curvature across a room.
    static func bounds(of feature: Feature, _ projector: Projector?) -> Bounds? {
        guard let projector, let geometry = feature.geometry else { return nil }
        var minimum = Position(x: .infinity, y: .infinity)
        var maximum = Position(x: -.infinity, y: -.infinity)
        geometry.forEachPosition { position in
            minimum = Position(x: Swift.min(minimum.x, position.x), y: Swift.min(minimum.y, position.y))
            maximum = Position(x: Swift.max(maximum.x, position.x), y: Swift.max(maximum.y, position.y))
        }
        guard minimum.x.isFinite, maximum.y.isFinite else { return nil }
        let corners = [
            minimum, Position(x: maximum.x, y: minimum.y), maximum, Position(x: minimum.x, y: maximum.y),
        ].map(projector.point)
        return Bounds(points: corners)?.expanded(by: 0.01)
    }
}

/// A uniform grid over a level: each cell lists the features whose extent reaches it. Kept
/// current feature by feature (a GEOS STRtree cannot take insertions after its first query), so
/// "what is near here" costs what is near, whatever the size of the level or the venue.
public struct GridIndex: Sendable, Equatable {
    static let cellSize = 10.0
    /// Features spanning more cells than this (a level's outline) are kept in one list instead.
    static let largestSpan = 64

    struct Cell: Hashable, Sendable {
        var column: Int
        var row: Int
    }

    private var cells: [Cell: Set<String>] = [:]
    private var large: Set<String> = []

    private static func cells(_ bounds: Bounds) -> [Cell]? {
        // Non-finite or absurd bounds (a coordinate of 1e999, a shape a million km across) go in
        // the list of large features rather than through a conversion that could trap.
        let limit = 1e12
        guard [bounds.minX, bounds.maxX, bounds.minY, bounds.maxY].allSatisfy({ $0.isFinite && abs($0 / cellSize) < limit }),
            ((bounds.maxX - bounds.minX) / cellSize + 1) * ((bounds.maxY - bounds.minY) / cellSize + 1) <= Double(largestSpan) * 4
        else { return nil }
        let columns = Int((bounds.minX / cellSize).rounded(.down))...Int((bounds.maxX / cellSize).rounded(.down))
        let rows = Int((bounds.minY / cellSize).rounded(.down))...Int((bounds.maxY / cellSize).rounded(.down))
        guard columns.count * rows.count <= largestSpan else { return nil }
        return columns.flatMap { column in rows.map { Cell(column: column, row: $0) } }
    }

    mutating func insert(_ id: String, _ bounds: Bounds) {
        guard let covered = Self.cells(bounds) else { return _ = large.insert(id) }
        for cell in covered { cells[cell, default: []].insert(id) }
    }

    mutating func remove(_ id: String, _ bounds: Bounds) {
        guard let covered = Self.cells(bounds) else { return _ = large.remove(id) }
        for cell in covered {
            cells[cell]?.remove(id)
            if cells[cell]?.isEmpty == true { cells[cell] = nil }
        }
    }

    /// Ids whose cells meet `bounds` (a superset of the features that intersect it).
    public func query(_ bounds: Bounds) -> Set<String> {
        guard let covered = Self.cells(bounds) else { return cells.values.reduce(large) { $0.union($1) } }
        var found = large
        for cell in covered { found.formUnion(cells[cell] ?? []) }
        return found
    }
}

/// Where a feature names other features: IMDF's `*_id`/`*_ids` and `parents`, FEATURE-REFERENCE
/// objects, and the routing extension's `neighbours`, `pathNode_id` and `associeted_id` [sic].
/// Unknown keys that end in `_id`/`_ids` count too (exporters add such links, e.g. an occupant's
/// `unit_id`); `correlation_id` is a grouping tag, not a reference.
public enum References {
    public static func isReferenceKey(_ key: String) -> Bool {
        guard key != "correlation_id" else { return false }
        return key.hasSuffix("_id") || key.hasSuffix("_ids") || key == RoutingExtension.neighbours || key == "parents"
    }

    public static func targets(of feature: Feature) -> [String] {
        var targets: [String] = []
        for entry in feature.properties {
            if isReferenceKey(entry.key) {
                switch entry.value {
                case .string(let id): targets.append(id)
                case .array(let items): targets += items.compactMap(\.stringValue)
                default: break
                }
            } else if entry.key == "origin" || entry.key == "destination" {
                if let reference = FeatureReference(json: entry.value) { targets.append(reference.id) }
            } else if entry.key == "intermediary" {
                targets += (entry.value.arrayValue ?? []).compactMap { FeatureReference(json: $0)?.id }
            }
        }
        return targets
    }
}
