// T5 and G1-G8, N3: where things are. Geometry is projected into metres in one local frame
// around the venue, and every tolerance is in metres. Levels are checked independently and in
// parallel (units on different levels may overlap; on one level they may not).

import Geometry
import IMDF
import Synchronization

enum SpatialRules {
    /// How far a feature may stray outside its container before it is reported (digitising slop).
    static let containmentTolerance = 0.5
    /// How far a point that must lie inside (a display point, an anchor) may lie outside: 5 cm,
    /// well under a wall's thickness. spbstu-polymap has a unit whose display point and anchor sit
    /// 1 cm outside its outline, on the wall - placed there, not misplaced.
    static let pointTolerance = 0.05
    /// Apple checks an opening's display point "within a buffered distance" of its line and names
    /// no distance. 10 cm: Apple's own WWDC sample places them 1-6 cm off the line (rounding of
    /// degrees), which is no defect; a point further off is reported, as a warning, as Apple does.
    static let openingDisplayPointBuffer = 0.1
    /// Apple's bounds on an opening's length: over 45 m or under 0.8382 m (33 inches) is suspicious.
    static let openingLengths = 0.8382...45.0
    /// How close an opening's ends and middle must be to a unit's boundary.
    static let openingTolerance = 0.5
    /// Overlaps smaller than this (m²) are slivers from digitising, not errors.
    static let overlapThreshold = 0.1

    static func coordinate(_ geometry: IMDF.Geometry) -> Coordinate? {
        geometry.firstPosition.map { Coordinate(longitude: $0.x, latitude: $0.y) }
    }

    /// The spatial checks to run: one per level and one for the venue-wide features, with what
    /// they share; nil for an archive without coordinates.
    static func plan(_ context: ValidationContext) -> SpatialPlan? {
        guard let projector = Projector(archive: context.archive) else { return nil }
        let levels = context.archive.features(of: .level)
        return SpatialPlan(
            tasks: levels.map { SpatialTask.level($0.id) } + [.venueWide], levelCount: levels.count,
            shared: SharedInputs(context: context, projector: projector))
    }

    static func run(_ task: SpatialTask, _ plan: SpatialPlan) -> [Finding] { LevelChecker(shared: plan.shared).run(task) }
}

struct SpatialPlan: Sendable {
    let tasks: [SpatialTask]
    let levelCount: Int
    let shared: SharedInputs
}

enum SpatialTask: Sendable {
    case level(String)
    case venueWide
}

extension Projector {
    /// A point in metres as the WGS 84 location findings carry.
    func coordinate(_ point: Point) -> Coordinate {
        let (longitude, latitude) = frame.coordinates(of: point)
        return Coordinate(longitude: longitude, latitude: latitude)
    }
}

/// What every level check reads: features grouped by level, looked up by id.
struct SharedInputs: Sendable {
    let context: ValidationContext
    let projector: Projector
    /// Features that sit on a level through level_id (units, openings, fixtures, ...).
    let onLevel: [String: [Feature]]
    /// Anchors and amenities, placed on the level of their unit.
    let byUnitLevel: [String: [Feature]]
    let pathNodes: [String: [Feature]]
    /// Geofences, on each level they name.
    let geofences: [String: [Feature]]

    init(context: ValidationContext, projector: Projector) {
        self.context = context
        self.projector = projector
        var onLevel: [String: [Feature]] = [:]
        for type in [FeatureType.unit, .opening, .fixture, .kiosk, .section, .detail] {
            for feature in context.archive.features(of: type) {
                if let level = feature.string(.levelID) { onLevel[level, default: []].append(feature) }
            }
        }
        var unitLevel: [String: String] = [:]
        for unit in context.archive.features(of: .unit) { unitLevel[unit.id] = unit.string(.levelID) }
        var byUnitLevel: [String: [Feature]] = [:]
        for anchor in context.archive.features(of: .anchor) {
            if let level = anchor.string(.unitID).flatMap({ unitLevel[$0] }) { byUnitLevel[level, default: []].append(anchor) }
        }
        for amenity in context.archive.features(of: .amenity) {
            if let level = (amenity.strings(.unitIDs) ?? []).lazy.compactMap({ unitLevel[$0] }).first {
                byUnitLevel[level, default: []].append(amenity)
            }
        }
        var pathNodes: [String: [Feature]] = [:]
        for collection in RoutingRules.nodeCollections(context.archive) {
            for node in collection.features {
                if let level = node.string(.levelID) { pathNodes[level, default: []].append(node) }
            }
        }
        var geofences: [String: [Feature]] = [:]
        for geofence in context.archive.features(of: .geofence) {
            for level in geofence.strings(.levelIDs) ?? [] { geofences[level, default: []].append(geofence) }
        }
        self.geofences = geofences
        self.onLevel = onLevel
        self.byUnitLevel = byUnitLevel
        self.pathNodes = pathNodes
    }

    func weight(of task: SpatialTask) -> Int {
        switch task {
        case .level(let id): (onLevel[id]?.count ?? 0) + (byUnitLevel[id]?.count ?? 0)
        case .venueWide: context.archive.features(of: .footprint).count + context.archive.features(of: .level).count
        }
    }
}
