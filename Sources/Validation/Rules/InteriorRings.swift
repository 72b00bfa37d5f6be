// T6: polygons with holes where Apple asks for none (fixtures, footprints, kiosks, levels,
// sections, geofences, the venue).

import IMDF

extension FindingCode {
    public static let T6 = FindingCode(
        "T6", .warning, "polygon with an interior ring where Apple wants none",
        explanation: """
            a polygon has an interior ring where Apple wants none (fixture, footprint, kiosk, level, venue: warnings; geofence, section: \
            info)
            """)
}

enum InteriorRings {
    /// The polygonal types Apple asks to have no interior ring, with the rule.
    static let rules: [FeatureType: AppleRule] = [
        .fixture: AppleRule("Fixture", "FixtureHasInteriorRing", .T6),
        .footprint: AppleRule("Footprint", "FootprintHasInteriorRing", .T6),
        .geofence: AppleRule("Geofence", "GeofenceHasInteriorRing", .T6),
        .kiosk: AppleRule("Kiosk", "KioskHasInteriorRing", .T6),
        .level: AppleRule("Level", "LevelHasInteriorRing", .T6),
        .section: AppleRule("Section", "SectionHasInteriorRing", .T6),
        .venue: AppleRule("Venue", "VenueGeometryShouldNotHaveInteriorRing", .T6),
    ]

    static let declarations = RuleDeclarations(codes: [.T6], rules: rules.values.sorted { $0.name < $1.name })

    /// Holes in a polygonal feature of a type Apple wants without them.
    static func check(_ place: FeaturePlace, into findings: inout [Finding]) {
        guard let rule = rules[place.type] else { return }
        let holes: Int
        switch place.feature.geometry {
        case .polygon(let rings)?: holes = max(rings.count - 1, 0)
        case .multiPolygon(let polygons)?: holes = polygons.reduce(0) { $0 + max($1.count - 1, 0) }
        default: return
        }
        if holes > 0 {
            findings.append(
                Finding(
                    rule, "\(place.type.rawValue) \(place.shortID) has \(holes == 1 ? "an interior ring" : "\(holes) interior rings")",
                    feature: place.feature, file: place.file, location: place.feature.geometry.flatMap(SpatialRules.coordinate)))
        }
    }
}
