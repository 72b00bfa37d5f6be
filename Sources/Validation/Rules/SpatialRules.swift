// T5 and G1-G8, N3: where things are. Geometry is projected into metres in one local frame
// around the venue, and every tolerance is in metres. Levels are checked independently and in
// parallel (units on different levels may overlap; on one level they may not).

import Geometry
import IMDF
import Synchronization

extension FindingCode {
    public static let T5 = FindingCode(
        "T5", .error, "polygon is not valid (self-intersection, ...)",
        explanation: """
            a polygon is not valid (self-intersection, ...), with the reason and location GEOS gives (Apple: `FileMustBeValidGeoJSON`); a \
            warning, naming no rule of Apple's, for a polygon in an extension file (`enviroment.geojson`), which Apple's validator does \
            not read
            """)
    public static let G1 = FindingCode(
        "G1", .warning, "display_point outside the feature's geometry",
        explanation: """
            a `display_point` lies more than \(centimetres: SpatialRules.pointTolerance) outside its feature's geometry (a building's: \
            outside its footprints; an opening's: more than \(centimetres: SpatialRules.openingDisplayPointBuffer) off its line, Apple's \
            "buffered distance"); an error for the venue's, as Apple has it. Findings carry Apple's rule name \
            (`UnitGeometryMustContainDisplayPoint`, `VenueGeometryMustContainDisplayPoint`, \
            `OpeningDisplayPointShouldBeWithinBufferedDistanceOfOpening`, ...)
            """,
        repair: "`set REF display_point=@LON,LAT` (the visual centre)")
    public static let G2 = FindingCode(
        "G2", .error, "anchor outside its unit",
        explanation: "an anchor lies more than \(centimetres: SpatialRules.pointTolerance) outside its unit",
        repair: "`move REF to @LON,LAT`")
    public static let G3 = FindingCode(
        "G3", .warning, "amenity outside its units",
        explanation: "an amenity lies more than \(metres: SpatialRules.containmentTolerance) outside every unit it names")
    public static let G4 = FindingCode(
        "G4", .warning, "opening not on a unit's boundary",
        explanation: """
            a stretch of an opening (anywhere along it, not only its ends and middle) lies more than \
            \(centimetres: SpatialRules.openingTolerance) from every unit boundary of its level
            """,
        repair: "`move opening REF to ...`")
    public static let G5 = FindingCode(
        "G5", .error, "feature outside its level",
        explanation: """
            a unit, opening, section, fixture, kiosk or detail extends more than \(centimetres: SpatialRules.levelTolerance) outside its \
            level (Apple: `UnitMustBeCoveredByReferencedLevel`, ..., Violations)
            """)
    public static let G6 = FindingCode(
        "G6", .warning, "feature outside the venue, or level outside its building's footprints",
        explanation: """
            a level extends more than \(metres: SpatialRules.containmentTolerance) outside its building's footprints (a check of ours: \
            Apple compares levels with footprints by G11's rules); any located feature more than \
            \(metres: SpatialRules.containmentTolerance) outside the venue is an error (Apple: `VenueMustCoverAllChildFeatures`): \
            levels, footprints, geofences, and units, openings, fixtures, kiosks, sections, details, anchors and amenities whatever \
            their references
            """)
    public static let G8 = FindingCode(
        "G8", .warning, "units on one level overlap",
        explanation: """
            two units of one level overlap by more than \(squareMetres: SpatialRules.unitOverlapThreshold) (the area is given); a unit \
            overlapping more than \(SpatialRules.overlapsNamedOneByOne) units that come after it in the file gets one finding with the total and \
            the largest \(SpatialRules.overlapsNamedOneByOne)
            """)
    public static let G9 = FindingCode(
        "G9", .warning, "opening suspiciously large or small",
        explanation: """
            an opening is longer than \(metres: SpatialRules.openingLengths.upperBound) or shorter than \
            \(metres: SpatialRules.openingLengths.lowerBound) (Apple: `OpeningIsSuspiciouslyLarge`, `OpeningIsSuspiciouslySmall`)
            """)
    public static let N3 = FindingCode(
        "N3", .warning, "path node outside its level",
        explanation: """
            a path node lies more than \(metres: SpatialRules.containmentTolerance) outside its level; a check of ours: the routing graph \
            is an extension Apple's validator does not read
            """)
}

enum SpatialRules {
    /// T5: Apple counts a polygon that is not valid against its file, as any defect of a geometry.
    static let invalidPolygon = AppleRule("N/A", "FileMustBeValidGeoJSON", .T5)
    /// G1: for each type with a display_point.
    static let displayPointInside = AppleRuleFamily(.G1, over: FeatureType.having(.displayPoint)) {
        switch $0 {
        // A building is unlocated: its footprints are its geometry.
        case .building: "BuildingFootprintGeometryMustContainDisplayPoint"
        case .opening: "OpeningDisplayPointShouldBeWithinBufferedDistanceOfOpening"
        default: "\($0.appleName)GeometryMustContainDisplayPoint"
        }
    }
    static let anchorInUnit = AppleRule("Anchor", "AnchorMustBeCoveredByReferencedUnit", .G2)
    static let amenityInUnits = AppleRule("Amenity", "AmenityShouldBeCoveredByReferencedUnit", .G3)
    static let openingOnBoundary = AppleRule("Opening", "OpeningMustBeCoveredByUnitBoundary", .G4)
    /// G5: for each type that stands on a level through its level_id.
    static let withinLevel = AppleRuleFamily(.G5, over: FeatureType.having(.levelID)) { "\($0.appleName)MustBeCoveredByReferencedLevel" }
    static let unitsOverlap = AppleRule("Unit", "UnitsMustNotOverlap", .G8)
    static let openingTooLarge = AppleRule("Opening", "OpeningIsSuspiciouslyLarge", .G9)
    static let openingTooSmall = AppleRule("Opening", "OpeningIsSuspiciouslySmall", .G9)

    static let declarations = RuleDeclarations(
        codes: [.T5, .G1, .G2, .G3, .G4, .G5, .G6, .G8, .G9, .N3],
        rules: [invalidPolygon, anchorInUnit, amenityInUnits, openingOnBoundary, unitsOverlap, openingTooLarge, openingTooSmall],
        families: [displayPointInside, withinLevel])

    /// How far a feature may stray outside its container before it is reported (digitising slop).
    static let containmentTolerance = 0.5
    /// How far a unit, opening, fixture, kiosk, section or detail may reach outside its level (G5):
    /// 5 cm, five times the largest slop of the real archives (`Tolerances`).
    static let levelTolerance = 0.05
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
    /// How close every point of an opening must be to a unit's boundary: 5 cm (`Tolerances`).
    static let openingTolerance = 0.05
    /// Overlaps smaller than this (m²) are slivers from digitising, not errors.
    static let overlapThreshold = 0.1
    /// Units of one level overlapping by less than this (m²) share a wall up to rounding (`Tolerances`).
    static let unitOverlapThreshold = 0.01
    /// A unit overlapping more than this many units has its overlaps in one finding.
    static let overlapsNamedOneByOne = 3

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
    /// Located features that no level check sees: a level_id (or the unit of an anchor or
    /// amenity) that names no level, or none. Their shapes and their place in the venue are
    /// checked all the same, by the venue-wide task.
    let offLevel: [Feature]
    let pathNodes: [String: [Feature]]
    /// Geofences, on each level they name.
    let geofences: [String: [Feature]]

    init(context: ValidationContext, projector: Projector) {
        self.context = context
        self.projector = projector
        let levels = Set(context.archive.features(of: .level).map(\.id))
        var onLevel: [String: [Feature]] = [:]
        var offLevel: [Feature] = []
        for type in [FeatureType.unit, .opening, .fixture, .kiosk, .section, .detail] {
            for feature in context.archive.features(of: type) {
                if let level = feature.string(.levelID), levels.contains(level) {
                    onLevel[level, default: []].append(feature)
                } else {
                    offLevel.append(feature)
                }
            }
        }
        var unitLevel: [String: String] = [:]
        for unit in context.archive.features(of: .unit) { unitLevel[unit.id] = unit.string(.levelID) }
        var byUnitLevel: [String: [Feature]] = [:]
        for anchor in context.archive.features(of: .anchor) {
            if let level = anchor.string(.unitID).flatMap({ unitLevel[$0] }), levels.contains(level) {
                byUnitLevel[level, default: []].append(anchor)
            } else {
                offLevel.append(anchor)
            }
        }
        for amenity in context.archive.features(of: .amenity) {
            if let level = (amenity.strings(.unitIDs) ?? []).lazy.compactMap({ unitLevel[$0] }).first(where: levels.contains) {
                byUnitLevel[level, default: []].append(amenity)
            } else {
                offLevel.append(amenity)
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
        self.offLevel = offLevel
        self.pathNodes = pathNodes
    }

    func weight(of task: SpatialTask) -> Int {
        switch task {
        case .level(let id): (onLevel[id]?.count ?? 0) + (byUnitLevel[id]?.count ?? 0)
        case .venueWide: context.archive.features(of: .footprint).count + context.archive.features(of: .level).count + offLevel.count
        }
    }
}
