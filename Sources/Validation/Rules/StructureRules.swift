// Apple's names for what the archive, feature and property checks find about structure: the
// defects that keep a file or a feature from loading (A5), an empty id or feature_type, the
// manifest's version, enumerated values of doors and relationships, a relationship's references,
// and polygons with holes (T6) where Apple asks for none.

import IMDF

enum StructureRules {
    static let notAFeatureCollection = AppleRule("N/A", "FileMustContainFeatureCollection", .A5)
    static let invalidGeoJSON = AppleRule("N/A", "FileMustBeValidGeoJSON", .A5)
    static let missingID = AppleRule("N/A", "FeatureMustHaveId", .A5)
    static let idNotAString = AppleRule("N/A", "FeatureIdMustBeString", .A5)
    static let missingFeatureType = AppleRule("N/A", "FeatureMustHaveFeatureType", .A5)
    static let featureTypeNotAString = AppleRule("N/A", "FeatureTypeMustBeString", .A5)
    static let emptyID = AppleRule("N/A", "FeatureIdMustNotBeEmpty", .F2)
    static let emptyFeatureType = AppleRule("N/A", "FeatureTypeMustNotBeEmpty", .A7)
    static let nameIsAString = AppleRule("N/A", "NameMustBeString", .F7)
    static let manifestVersion = AppleRule("Manifest", "ManifestVersionMustBeValid", .A2)
    static let doorMaterial = AppleRule("Opening", "OpeningDoorMaterialMustBeValid", .F4c)
    static let direction = AppleRule("Relationship", "RelationshipDirectionMustBeValid", .F4c)
    static let relationshipGeometry = AppleRule("Relationship", "RelationshipHasGeometry", .T1)

    /// The rule a broken FEATURE-REFERENCE of a relationship breaks, by key.
    static let relationshipReference: [String: AppleRule] = [
        PropertyKey.origin.rawValue: AppleRule("Relationship", "InvalidRelationshipOriginReference", .R2),
        PropertyKey.intermediary.rawValue: AppleRule("Relationship", "InvalidRelationshipIntermediaryReference", .R2),
        PropertyKey.destination.rawValue: AppleRule("Relationship", "InvalidRelationshipDestinationReference", .R2),
    ]

    /// The polygonal types Apple asks to have no interior ring, with the rule (T6).
    static let interiorRing: [FeatureType: AppleRule] = [
        .fixture: AppleRule("Fixture", "FixtureHasInteriorRing", .T6),
        .footprint: AppleRule("Footprint", "FootprintHasInteriorRing", .T6),
        .geofence: AppleRule("Geofence", "GeofenceHasInteriorRing", .T6),
        .kiosk: AppleRule("Kiosk", "KioskHasInteriorRing", .T6),
        .level: AppleRule("Level", "LevelHasInteriorRing", .T6),
        .section: AppleRule("Section", "SectionHasInteriorRing", .T6),
        .venue: AppleRule("Venue", "VenueGeometryShouldNotHaveInteriorRing", .T6),
    ]

    static let rules: [AppleRule] =
        [
            notAFeatureCollection, invalidGeoJSON, missingID, idNotAString, missingFeatureType, featureTypeNotAString, emptyID,
            emptyFeatureType,
            nameIsAString, manifestVersion, doorMaterial, direction, relationshipGeometry,
        ] + relationshipReference.values.sorted { $0.name < $1.name } + interiorRing.values.sorted { $0.name < $1.name }

    /// The rule behind a file that did not load.
    static func rule(for defect: StructuralDefect?) -> AppleRule {
        switch defect {
        case .notAFeatureCollection?: notAFeatureCollection
        case .missingID?: missingID
        case .idNotAString?: idNotAString
        case .missingFeatureType?: missingFeatureType
        case .featureTypeNotAString?: featureTypeNotAString
        case nil: invalidGeoJSON
        }
    }

    /// IMDF's door materials.
    static let doorMaterials = ["wood", "glass", "metal", "gate"]

    /// T6: holes in a polygonal feature of a type Apple wants without them.
    static func checkInteriorRings(_ place: FeaturePlace, into findings: inout [Finding]) {
        guard let rule = interiorRing[place.type] else { return }
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
