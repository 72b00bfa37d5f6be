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
    /// How close an opening's ends and middle must be to a unit's boundary.
    static let openingTolerance = 0.5
    /// Overlaps smaller than this (m²) are slivers from digitising, not errors.
    static let overlapThreshold = 0.1

    static func coordinate(_ geometry: IMDF.Geometry) -> Coordinate? {
        geometry.firstPosition.map { Coordinate(longitude: $0.x, latitude: $0.y) }
    }

    static func check(_ context: ValidationContext, progress: (@Sendable (ValidationStage) -> Void)?) -> [Finding] {
        guard let projector = Projector(archive: context.archive) else { return [] }
        let levels = context.archive.features(of: .level)
        var tasks: [SpatialTask] = levels.map { SpatialTask.level($0.id) }
        tasks.append(.venueWide)
        let shared = SharedInputs(context: context, projector: projector)
        let done = Mutex(0)
        let results = tasks.parallelMap(heaviestFirst: { shared.weight(of: $0) }) { task in
            let findings = LevelChecker(shared: shared).run(task)
            let count = done.withLock { count in
                count += 1
                return count
            }
            progress?(.levels(done: Swift.min(count, levels.count), of: levels.count))
            return findings
        }
        return results.flatMap { $0 }
    }
}

enum SpatialTask: Sendable {
    case level(String)
    case venueWide
}

/// lon/lat <-> metres for the whole archive, around the venue. The editor computes in the same
/// frame.
public struct Projector: Sendable {
    public let frame: LocalFrame

    public init(frame: LocalFrame) { self.frame = frame }

    public init?(archive: IMDFArchive) {
        var origin: Position?
        if let venue = archive.features(of: .venue).first {
            origin = venue.point("display_point") ?? venue.geometry.flatMap { SpatialRules.coordinate($0) }.map { Position(x: $0.longitude, y: $0.latitude) }
        }
        if origin == nil {
            for collection in archive.allCollections {
                for feature in collection.features {
                    if let geometry = feature.geometry, let first = SpatialRules.coordinate(geometry) {
                        origin = Position(x: first.longitude, y: first.latitude)
                        break
                    }
                }
                if origin != nil { break }
            }
        }
        guard let origin, origin.isLongitudeLatitude else { return nil }
        frame = LocalFrame(originLongitude: origin.x, originLatitude: origin.y)
    }

    public func point(_ position: Position) -> Point { frame.point(longitude: position.x, latitude: position.y) }

    public func position(_ point: Point) -> Position {
        let (longitude, latitude) = frame.coordinates(of: point)
        return Position(x: longitude, y: latitude)
    }

    /// A polygon in metres as a GeoJSON polygon in degrees.
    public func geometry(_ polygons: [Polygon]) -> IMDF.Geometry {
        let converted = polygons.map { polygon in ([polygon.exterior] + polygon.holes).map { $0.map(position) } }
        return converted.count == 1 ? .polygon(converted[0]) : .multiPolygon(converted)
    }

    public func coordinate(_ point: Point) -> Coordinate {
        let (longitude, latitude) = frame.coordinates(of: point)
        return Coordinate(longitude: longitude, latitude: latitude)
    }

    /// The polygons of a polygonal geometry, in metres; nil for other geometries and for rings
    /// too short to be polygons (T2 reports those).
    public func polygons(_ geometry: IMDF.Geometry?) -> [Polygon]? {
        func polygon(_ rings: [[Position]]) -> Polygon? {
            guard let exterior = rings.first, exterior.count >= 4, rings.allSatisfy({ $0.count >= 4 && $0.first == $0.last }) else {
                return nil
            }
            return Polygon(exterior: exterior.map(point), holes: rings.dropFirst().map { $0.map(point) })
        }
        switch geometry {
        case .polygon(let rings)?: return polygon(rings).map { [$0] }
        case .multiPolygon(let polygons)?:
            let converted = polygons.compactMap(polygon)
            return converted.count == polygons.count && !converted.isEmpty ? converted : nil
        default: return nil
        }
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

    init(context: ValidationContext, projector: Projector) {
        self.context = context
        self.projector = projector
        var onLevel: [String: [Feature]] = [:]
        for type in [FeatureType.unit, .opening, .fixture, .kiosk, .section, .detail] {
            for feature in context.archive.features(of: type) {
                if let level = feature.string("level_id") { onLevel[level, default: []].append(feature) }
            }
        }
        var unitLevel: [String: String] = [:]
        for unit in context.archive.features(of: .unit) { unitLevel[unit.id] = unit.string("level_id") }
        var byUnitLevel: [String: [Feature]] = [:]
        for anchor in context.archive.features(of: .anchor) {
            if let level = anchor.string("unit_id").flatMap({ unitLevel[$0] }) { byUnitLevel[level, default: []].append(anchor) }
        }
        for amenity in context.archive.features(of: .amenity) {
            if let level = (amenity.strings("unit_ids") ?? []).lazy.compactMap({ unitLevel[$0] }).first {
                byUnitLevel[level, default: []].append(amenity)
            }
        }
        var pathNodes: [String: [Feature]] = [:]
        for collection in RoutingRules.nodeCollections(context.archive) {
            for node in collection.features {
                if let level = node.string("level_id") { pathNodes[level, default: []].append(node) }
            }
        }
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
