// Apple's names for the rules our findings implement (shared/imdf/apple-validations-1.0.3.csv),
// with Apple's severity: Violation is an error, Warning a warning, Info info. A finding carries the
// name, so a report of Apple's validator and ours can be matched line by line.

import IMDF

public enum AppleRules {
    /// The rule that a display point lies in its feature's geometry, by feature type. Apple makes
    /// each of them a Warning but the venue's, which is a Violation.
    static func displayPointInside(_ type: FeatureType?) -> (rule: String?, severity: Severity) {
        switch type {
        case .venue?: ("VenueGeometryMustContainDisplayPoint", .error)
        case .building?: ("BuildingFootprintGeometryMustContainDisplayPoint", .warning)
        case .level?: ("LevelGeometryMustContainDisplayPoint", .warning)
        case .unit?: ("UnitGeometryMustContainDisplayPoint", .warning)
        case .section?: ("SectionGeometryMustContainDisplayPoint", .warning)
        case .fixture?: ("FixtureGeometryMustContainDisplayPoint", .warning)
        case .kiosk?: ("KioskGeometryMustContainDisplayPoint", .warning)
        case .geofence?: ("GeofenceGeometryMustContainDisplayPoint", .warning)
        case .opening?: ("OpeningDisplayPointShouldBeWithinBufferedDistanceOfOpening", .warning)
        default: (nil, .warning)
        }
    }

    static let anchorInUnit = "AnchorMustBeCoveredByReferencedUnit"
}
