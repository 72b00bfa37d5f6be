// When a level takes a new outline (a floor plan imported onto an empty level), what stands
// around it follows in the same step: the building's footprints and the venue. Without this, a
// plan larger than the template it lands on leaves the level outside its venue (Apple:
// VenueMustCoverAllChildFeatures) and its building's footprints unequal to its levels
// (IndoorLevelNotEqualToGroundFootprint, ...).
//
// A footprint that was the union of its building's levels (as `add level` and the templates make
// them) stays that union, now with the new outline; one drawn by hand only grows to cover it. A
// building's display point outside its new footprint moves to the footprint's centre. The venue
// grows to cover the new outline with a margin, and keeps what it covered.

import Geometry
import IMDF

enum HierarchyGrowth {
    /// The venue reaches this far (metres) past a level it grows to cover: a venue drawn exactly
    /// along a building's wall would put the wall's own thickness of rounding at stake.
    static let venueMargin = 1.0
    /// Two shapes differing by less than this share of their area are the same shape.
    static let sameShape = 0.001

    /// The changes to the level's building footprints and the venue when `level` becomes `reshaped`.
    static func changes(
        from level: Feature, to reshaped: Feature, in document: Document, _ projector: Projector, _ engine: GeometryEngine
    ) -> [Change] {
        guard let newOutline = projector.polygons(reshaped.geometry) else { return [] }
        var changes: [Change] = []
        let indoor = reshaped.bool(.outdoor) != true
        let ordinal = reshaped.integer(PropertyKey.ordinal.rawValue) ?? 0
        for buildingID in indoor ? reshaped.strings(.buildingIDs) ?? [] : [] {
            let levels = document.referrers(of: buildingID).compactMap(document.feature).filter {
                $0.imdfType == .level && $0.id != level.id && $0.bool(.outdoor) != true
            }
            let footprints = document.referrers(of: buildingID).compactMap(document.feature).filter { $0.imdfType == .footprint }
            var ground: [Polygon]?
            for category in AddLevel.footprintCategories(ordinal: ordinal) {
                for footprint in footprints where footprint.string(.category) == category {
                    guard let shape = projector.polygons(footprint.geometry) else { continue }
                    func outlines(with mine: Feature) -> [Polygon] {
                        (levels + [mine]).filter { candidate in
                            let levelOrdinal = candidate.integer(PropertyKey.ordinal.rawValue) ?? 0
                            return AddLevel.footprintCategories(ordinal: levelOrdinal).contains(category)
                        }.flatMap { projector.polygons($0.geometry) ?? [] }
                    }
                    let before = engine.union(outlines(with: level))
                    let grown: [Polygon]
                    if same(shape, before, engine) {
                        grown = engine.union(outlines(with: reshaped))
                    } else if !engine.prepare(shape).covers(newOutline) {
                        grown = engine.union(shape + newOutline)
                    } else {
                        continue
                    }
                    guard !grown.isEmpty else { continue }
                    var changed = footprint
                    changed.geometry = projector.geometry(grown)
                    changes.append(.modify(before: footprint, after: changed))
                    if category == "ground" || ground == nil { ground = grown }
                }
            }
            // The building's display point stays within its footprint (Apple:
            // BuildingFootprintGeometryMustContainDisplayPoint).
            if let ground, let building = document.feature(buildingID), let point = building.point(.displayPoint),
                !engine.prepare(ground).covers(projector.point(point))
            {
                var moved = building
                moved.setProperty(PropertyKey.displayPoint.rawValue, displayPoint(of: ground, projector, engine))
                changes.append(.modify(before: building, after: moved))
            }
        }
        for venue in document.features(of: .venue) {
            guard let shape = projector.polygons(venue.geometry), !engine.prepare(shape).covers(newOutline) else { continue }
            let grown = engine.union(shape + engine.buffer(newOutline, by: venueMargin))
            guard !grown.isEmpty else { continue }
            var changed = venue
            changed.geometry = projector.geometry(grown)
            changes.append(.modify(before: venue, after: changed))
        }
        return changes
    }

    static func same(_ a: [Polygon], _ b: [Polygon], _ engine: GeometryEngine) -> Bool {
        let (areaA, areaB) = (engine.area(a), engine.area(b))
        guard areaA > 0, areaB > 0 else { return false }
        let shared = engine.intersectionArea(a, b)
        return areaA + areaB - 2 * shared <= sameShape * max(areaA, areaB)
    }
}
