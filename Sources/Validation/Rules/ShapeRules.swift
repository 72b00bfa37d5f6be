// How the shapes of one level sit together (G10: features that equal or overlap others of their
// kind, openings that cross, points that coincide) and what must cover what (G11: fixtures and
// kiosks inside a unit and around their anchor, a level covered by its units, a geofence inside
// its level and its building). Venue-wide: levels of one ordinal, footprints of each kind against
// each other and against the levels of their building, and everything inside the venue.

import Geometry
import IMDF

extension FindingCode {
    public static let G10 = FindingCode(
        "G10", .warning, "features of one kind equal, overlap, cross or coincide",
        explanation: """
            features of one level equal or overlap by more than \(squareMetres: SpatialRules.overlapThreshold) (equal: within \
            \(squareMetres: SpatialRules.overlapThreshold) or 1% of area): fixtures (errors, Apple's Violations), a fixture or kiosk and a \
            unit (errors), kiosks (errors), a fixture and a kiosk, sections (info), geofences (info); openings that cross or overlap; a \
            detail that crosses an opening (info); amenities or anchors within \(centimetres: ShapeRules.coincidence) of each other; \
            levels of one ordinal; footprints of one category (an aerial or ground footprint containing or equal to another: errors)
            """)
    public static let G11 = FindingCode(
        "G11", .warning, "feature not covered by what should cover it",
        explanation: """
            a feature not covered by what should cover it: a fixture or kiosk by one unit, a fixture or kiosk around its anchor, a \
            geofence by its level (\(metres: SpatialRules.containmentTolerance)) or its buildings' footprints (info); a level by its units \
            (more than 1 m² or 1% left; a level with no units at all too, beside R4's `LevelMustBeReferencedByUnit`); a ground footprint by its building's aerial one; a subterranean footprint meeting no ground one; \
            a building's indoor levels (ordinal 0 and up, 0, below 0) against its aerial, ground and subterranean footprints; a level over \
            a footprint of another building
            """)
}

enum ShapeRules {
    static let fixtureEqualsFixture = AppleRule("Fixture", "FixtureMustNotEqualFixture", .G10)
    static let fixtureEqualsUnit = AppleRule("Fixture", "FixtureMustNotEqualUnit", .G10)
    static let fixturesOverlap = AppleRule("Fixture", "FixturesMustNotOverlap", .G10)
    static let fixtureOverlapsKiosk = AppleRule("Fixture", "FixtureMustNotOverlapKiosk", .G10)
    static let kioskEqualsUnit = AppleRule("Kiosk", "KioskMustNotEqualUnit", .G10)
    static let kiosksOverlap = AppleRule("Kiosk", "KiosksMustNotOverlap", .G10)
    static let sectionsOverlap = AppleRule("Section", "SectionsOverlap", .G10)
    static let geofencesOverlap = AppleRule("Geofence", "GeofencesOverlap", .G10)
    static let openingsCross = AppleRule("Opening", "OpeningsMustNotCrossOrOverlap", .G10)
    static let detailCrossesOpening = AppleRule("Detail", "DetailMustNotIntersectOpening", .G10)
    static let amenitiesCoincide = AppleRule("Amenity", "AmenityShouldNotEqualAmenity", .G10)
    static let anchorsCoincide = AppleRule("Anchor", "AnchorShouldNotEqualAnchor", .G10)
    static let levelsOverlap = AppleRule("Level", "LevelsShouldNotOverlap", .G10)
    static let aerialContainsAerial = AppleRule("Footprint", "AerialFootprintMustNotContainOrEqualAerialFootprint", .G10)
    static let groundContainsGround = AppleRule("Footprint", "GroundFootprintMustNotContainOrEqualGroundFootprint", .G10)
    static let aerialsOverlap = AppleRule("Footprint", "AerialFootprintsShouldNotOverlap", .G10)
    static let groundsOverlap = AppleRule("Footprint", "GroundFootprintsShouldNotOverlap", .G10)
    static let subterraneansOverlap = AppleRule("Footprint", "SubterraneanFootprintsOverlap", .G10)
    static let outdoorLevelOverGround = AppleRule("Level", "OutdoorLevelShouldNotOverlapGroundFootprint", .G10)

    static let fixtureInUnit = AppleRule("Fixture", "FixtureMustBeCoveredByUnit", .G11)
    static let kioskInUnit = AppleRule("Kiosk", "KioskMustBeCoveredByUnit", .G11)
    static let fixtureAroundAnchor = AppleRule("Fixture", "FixtureMustContainReferencedAnchor", .G11)
    static let kioskAroundAnchor = AppleRule("Kiosk", "KioskMustContainReferencedAnchor", .G11)
    static let geofenceInLevel = AppleRule("Geofence", "GeofenceNotCoveredByReferencedLevel", .G11)
    static let geofenceInBuilding = AppleRule("Geofence", "GeofenceNotWithinReferencedBuildingFootprint", .G11)
    static let levelCovered = AppleRule("Level", "LevelMustBeFullyCoveredByUnits", .G11)
    static let venueCoversAll = AppleRule("Venue", "VenueMustCoverAllChildFeatures", .G6)
    static let aerialCoversGround = AppleRule("Footprint", "AerialFootprintShouldCoverGroundFootprint", .G11)
    static let groundMeetsSubterranean = AppleRule("Footprint", "GroundFootprintShouldIntersectSubterraneanFootprint", .G11)
    /// The levels of a building against its footprints: (footprint category, which ordinals, rule).
    static let levelsEqualFootprint: [(String, ClosedRange<Int>, AppleRule)] = [
        ("aerial", 0...Int.max, AppleRule("Footprint", "IndoorLevelNotEqualToAerialFootprint", .G11)),
        ("ground", 0...0, AppleRule("Footprint", "IndoorLevelNotEqualToGroundFootprint", .G11)),
        ("subterranean", Int.min...(-1), AppleRule("Footprint", "IndoorLevelNotEqualToSubterraneanFootprint", .G11)),
    ]
    static let levelFootprintBuilding: [String: AppleRule] = [
        "aerial": AppleRule("Level", "LevelAndAerialFootprintShouldReferenceSameBuilding", .G11),
        "ground": AppleRule("Level", "LevelAndGroundFootprintShouldReferenceSameBuilding", .G11),
        "subterranean": AppleRule("Level", "LevelAndSubterraneanFootprintShouldReferenceSameBuilding", .G11),
    ]

    static let declarations = RuleDeclarations(
        codes: [.G10, .G11],
        rules: [
            fixtureEqualsFixture, fixtureEqualsUnit, fixturesOverlap, fixtureOverlapsKiosk, kioskEqualsUnit, kiosksOverlap, sectionsOverlap,
            geofencesOverlap, openingsCross, detailCrossesOpening, amenitiesCoincide, anchorsCoincide, levelsOverlap, aerialContainsAerial,
            groundContainsGround, aerialsOverlap, groundsOverlap, subterraneansOverlap, outdoorLevelOverGround, fixtureInUnit, kioskInUnit,
            fixtureAroundAnchor, kioskAroundAnchor, geofenceInLevel, geofenceInBuilding, levelCovered, venueCoversAll, aerialCoversGround,
            groundMeetsSubterranean,
        ] + levelsEqualFootprint.map(\.2) + levelFootprintBuilding.values.sorted { $0.name < $1.name })

    /// Two shapes are equal when they differ by at most this much area: 0.1 m², or 1% of the
    /// smaller for large shapes (the same outline digitised twice differs by slivers).
    static func equalityTolerance(_ a: Double, _ b: Double) -> Double { Swift.max(SpatialRules.overlapThreshold, 0.01 * Swift.min(a, b)) }
    /// Points closer than this (metres) coincide.
    static let coincidence = CoincidentPoints.coincidence
    /// A level counts as covered by its units when at most this much of it is left: 1 m², or 1%
    /// of the level for large ones (walls drawn as gaps between rooms leave thin strips).
    static func coverageTolerance(_ levelArea: Double) -> Double { Swift.max(1, 0.01 * levelArea) }

    /// The planar area of polygons (holes subtracted), without GEOS: the common case of a level
    /// whose units fill it is settled by adding up areas.
    static func area(_ polygons: [Polygon]) -> Double {
        func ring(_ points: [Point]) -> Double {
            guard let first = points.first, points.count >= 3 else { return 0 }
            var twice = 0.0
            for (a, b) in zip(points, points.dropFirst() + [first]) {
                twice += (a.x - first.x) * (b.y - first.y) - (b.x - first.x) * (a.y - first.y)
            }
            return abs(twice) / 2
        }
        return polygons.reduce(0) { total, polygon in total + ring(polygon.exterior) - polygon.holes.reduce(0) { $0 + ring($1) } }
    }

    /// Whether two segments share a point other than a common end (they cross, or overlap along
    /// a stretch longer than a centimetre).
    static func segmentsCross(_ a: Point, _ b: Point, _ c: Point, _ d: Point) -> Bool {
        func cross(_ o: Point, _ p: Point, _ q: Point) -> Double { (p.x - o.x) * (q.y - o.y) - (p.y - o.y) * (q.x - o.x) }
        let scale = Swift.max(a.distance(to: b), c.distance(to: d), 1e-9)
        let d1 = cross(c, d, a) / scale
        let d2 = cross(c, d, b) / scale
        let d3 = cross(a, b, c) / scale
        let d4 = cross(a, b, d) / scale
        let epsilon = 1e-6
        if abs(d1) < epsilon && abs(d2) < epsilon {
            // Collinear: overlap along the line?
            let direction = Point(x: (b.x - a.x) / scale, y: (b.y - a.y) / scale)
            func along(_ p: Point) -> Double { (p.x - a.x) * direction.x + (p.y - a.y) * direction.y }
            let (low, high) = (Swift.min(along(c), along(d)), Swift.max(along(c), along(d)))
            return Swift.min(scale, high) - Swift.max(0, low) > 0.01
        }
        let strictly =
            ((d1 > epsilon && d2 < -epsilon) || (d1 < -epsilon && d2 > epsilon))
            && ((d3 > epsilon && d4 < -epsilon) || (d3 < -epsilon && d4 > epsilon))
        return strictly
    }

    static func linesCross(_ first: [Point], _ second: [Point]) -> Bool {
        for (a, b) in zip(first, first.dropFirst()) {
            for (c, d) in zip(second, second.dropFirst()) where segmentsCross(a, b, c, d) { return true }
        }
        return false
    }
}
