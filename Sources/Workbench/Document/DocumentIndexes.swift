// The document's indexes, kept current change by change: features by type, by level, and the
// reverse of every reference (who names this id), which delete and merge need.

import IMDF

public struct DocumentIndexes: Sendable, Equatable {
    public private(set) var byType: [String: Set<String>] = [:]
    public private(set) var byLevel: [String: Set<String>] = [:]
    public private(set) var referrers: [String: Set<String>] = [:]

    mutating func add(_ feature: Feature) {
        byType[feature.featureType, default: []].insert(feature.id)
        if let level = feature.string("level_id") { byLevel[level, default: []].insert(feature.id) }
        for target in References.targets(of: feature) { referrers[target, default: []].insert(feature.id) }
    }

    mutating func remove(_ feature: Feature) {
        byType[feature.featureType]?.remove(feature.id)
        if let level = feature.string("level_id") { byLevel[level]?.remove(feature.id) }
        for target in References.targets(of: feature) {
            referrers[target]?.remove(feature.id)
            if referrers[target]?.isEmpty == true { referrers[target] = nil }
        }
    }
}

/// Where a feature names other features: IMDF's `*_id`/`*_ids` and `parents`, FEATURE-REFERENCE
/// objects, and the routing extension's `neighbours`, `pathNode_id` and `associeted_id` [sic].
/// Unknown keys that end in `_id`/`_ids` count too (exporters add such links, e.g. an occupant's
/// `unit_id`); `correlation_id` is a grouping tag, not a reference.
public enum References {
    public static func isReferenceKey(_ key: String) -> Bool {
        guard key != "correlation_id" else { return false }
        return key.hasSuffix("_id") || key.hasSuffix("_ids") || key == "neighbours" || key == "parents"
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
