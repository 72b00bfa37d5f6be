// Which levels' generated routing graph an edit of the plan leaves behind it. `graph build` makes
// the graph from units, openings and vertical amenities; an edit that adds, removes or reshapes one
// of them (split, merge, move opening, add opening, delete, ...) on a level that has generated
// path nodes leaves those nodes describing the plan as it was. The prompt says so after the edit,
// and `graph build level REF --replace` makes that level's part anew. An edit that itself changes
// generated path nodes (a graph build, or an undo of one) leaves nothing stale.

import IMDF

extension GeneratedGraph {
    /// Properties of units, openings and amenities that the generated graph is made from.
    static let plannedKeys: [PropertyKey] = [.category, .door, .accessibility, .levelID, .unitIDs, .displayPoint]

    /// The levels (in the order the patch first touches them) whose generated graph `patch`, just
    /// applied to `document`, has left behind the plan.
    public static func levelsLeftStale(by patch: Patch, in document: Document) -> [String] {
        var levels: [String] = []
        var seen = Set<String>()
        func touches(_ feature: Feature) -> Bool {
            switch feature.imdfType {
            case .unit, .opening: true
            case .amenity: levelCost[feature.string(.category) ?? ""] != nil
            default: false
            }
        }
        func level(of feature: Feature) -> String? {
            if let level = feature.string(.levelID) { return level }
            // An amenity stands on the level of its unit.
            return feature.strings(.unitIDs)?.first.flatMap(document.feature)?.string(.levelID)
        }
        func note(_ feature: Feature) {
            guard let level = level(of: feature), seen.insert(level).inserted else { return }
            levels.append(level)
        }
        for change in patch.changes {
            switch change {
            case .create(let feature, _, _), .delete(let feature, _, _):
                if RoutingFormat.isNode(feature) && GraphBuild.isGenerated(feature) { return [] }
                if touches(feature) { note(feature) }
            case .modify(let before, let after):
                if RoutingFormat.isNode(after) && GraphBuild.isGenerated(after) && GraphBuild.isGenerated(before) {
                    continue
                }
                guard touches(before) || touches(after) else { continue }
                let changed =
                    before.geometry != after.geometry
                    || plannedKeys.contains { before.property($0.rawValue) != after.property($0.rawValue) }
                if changed {
                    note(before)
                    note(after)
                }
            }
        }
        return levels.filter { hasGeneratedNodes(onLevel: $0, document) }
    }

    /// Whether `level` has nodes `graph build` made.
    static func hasGeneratedNodes(onLevel level: String, _ document: Document) -> Bool {
        guard document.count(ofType: RoutingFormat.nodeType, onLevel: level) > 0 else { return false }
        return document.features(onLevel: level).contains { RoutingFormat.isNode($0) && GraphBuild.isGenerated($0) }
    }
}
