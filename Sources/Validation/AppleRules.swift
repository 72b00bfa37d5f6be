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

    /// The rule that an enumerated value is one of IMDF's (all Violations): the category by the
    /// feature's type (`UnitCategoryMustBeValid`), the others by property.
    static func enumeratedValue(_ type: FeatureType, key: String) -> String? {
        switch key {
        case PropertyKey.category.rawValue:
            // Every type with a category has its rule: Amenity, Building, ... Venue.
            return type.rawValue.prefix(1).uppercased() + type.rawValue.dropFirst() + "CategoryMustBeValid"
        case PropertyKey.accessibility.rawValue: return "AccessibilityMustBeValid"
        case PropertyKey.restriction.rawValue: return "RestrictionCategoryMustBeValid"
        case PropertyKey.accessControl.rawValue: return "AccessControlMustBeValid"
        case "door.type": return "OpeningDoorTypeMustBeValid"
        case "door.material": return "OpeningDoorMaterialMustBeValid"
        default: return nil
        }
    }
}
