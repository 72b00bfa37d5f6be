// Apple's names for the rules our findings implement (shared/imdf/apple-validations-1.0.3.csv),
// with Apple's severity: Violation is an error, Warning a warning, Info info. A finding carries the
// name, so a report of Apple's validator and ours can be matched line by line.

import IMDF

/// One of Apple's published rules.
public struct PublishedRule: Sendable {
    /// The feature type it applies to (`Unit`), or `N/A` for the whole archive.
    public let feature: String
    public let severity: Severity
    public let name: String
    public let definition: String

    init(_ feature: String, _ severity: Severity, _ name: String, _ definition: String) {
        self.feature = feature
        self.severity = severity
        self.name = name
        self.definition = definition
    }

    public var coverage: AppleRuleCoverage { AppleRuleCoverage.of(feature: feature, rule: name) }
}

public enum AppleRules {
    /// A feature type as Apple's rules name it: `Unit` (the `feature` of its list, and the start
    /// of rule names such as `UnitMustReferenceLevel`).
    public static func name(of type: FeatureType) -> String { names[type]! }

    private static let categoryRules = Dictionary(
        uniqueKeysWithValues: FeatureType.allCases.map { ($0, name(of: $0) + "CategoryMustBeValid") })

    private static let names = Dictionary(
        uniqueKeysWithValues: FeatureType.allCases.map { ($0, $0.rawValue.prefix(1).uppercased() + $0.rawValue.dropFirst()) })

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
    static let displayPointIsAPoint = "DisplayPointMustBePointGeometry"

    /// The one rule of Apple's a code implements whatever the feature, for the codes that have
    /// one: their findings carry it unless they name another.
    static let onlyRule: [FindingCode: String] = [
        .A1: "ManifestFileMustBePresent",
        .T2: "FileMustBeValidGeoJSON",
        .T5: "FileMustBeValidGeoJSON",
        .F3: "FeatureIdMustBeUnique",
        .R1: "ReferencedFeatureIDMustBeResolvable",
        .O1: "LevelOrdinalMustBeInteger",
        .O2: "LevelOrdinalsForBuildingAreNotSequential",
        .G3: "AmenityShouldBeCoveredByReferencedUnit",
        .G4: "OpeningMustBeCoveredByUnitBoundary",
        .G8: "UnitsMustNotOverlap",
    ]

    /// The rule a malformed value of this kind breaks (all Violations); nil where Apple has none
    /// (a DATE-TIME, the hours' syntax: checks of ours).
    static func format(_ kind: PropertyKind) -> String? {
        switch kind {
        case .phone: "PhoneMustBeValid"
        case .website: "WebsiteMustBeValid"
        case .hours: "HoursMustNotBeBlank"
        case .countryCode: "InvalidCountryCode"
        case .subdivisionCode: "InvalidIsoProvinceCode"
        case .uuid: "InvalidCorrelationID"
        default: nil
        }
    }

    /// The rule a label value that is not a string breaks (`NameMustBeString`).
    static func labelIsString(_ key: String) -> String? {
        switch PropertyKey(rawValue: key) {
        case .name?: "NameMustBeString"
        case .altName?: "AltNameMustBeString"
        default: nil
        }
    }

    static let languageTag = "InvalidLanguageTag"
    static let onlyAltName = "HasOnlyAltName"
    static let altNameLanguage = "AltNameLangTagHasNoCorrespondingNameLangTag"
    static let addressUsed = "AddressMustBeReferenced"
    static let buildingLevels = "BuildingHasNoLevel"
    static let buildingFootprints = "BuildingMustHaveAtLeastOneFootprint"
    static let venueBuildings = "VenueMustHaveAtLeastOneBuilding"
    static let labelNotBlank = "LabelMustNotBeBlank"

    /// The rule that a feature lies within its level (`UnitMustBeCoveredByReferencedLevel`).
    static func withinLevel(_ type: FeatureType) -> String? {
        switch type {
        case .unit, .section, .fixture, .kiosk, .detail, .opening:
            name(of: type) + "MustBeCoveredByReferencedLevel"
        default: nil
        }
    }

    /// The rule that a required property is present (`UnitMustReferenceLevel`), with Apple's
    /// severity: all Violations but the venue's display point, which Apple only warns about.
    static func requiredProperty(_ type: FeatureType, key: String) -> (rule: String, severity: Severity)? {
        let typeName = name(of: type)
        let rule: String?
        switch (type, PropertyKey(rawValue: key)) {
        case (.footprint, .category?): rule = nil
        case (_, .category?): rule = typeName + "MustHaveCategory"
        case (.detail, .levelID?), (.fixture, .levelID?), (.kiosk, .levelID?), (.opening, .levelID?), (.section, .levelID?),
            (.unit, .levelID?):
            rule = typeName + "MustReferenceLevel"
        case (.amenity, .unitIDs?), (.anchor, .unitID?): rule = typeName + "MustReferenceUnit"
        case (.occupant, .anchorID?): rule = "OccupantMustReferenceAnchor"
        case (.footprint, .buildingIDs?): rule = "FootprintMustReferenceBuilding"
        case (.level, .name?), (.occupant, .name?), (.venue, .name?): rule = typeName + "MustHaveName"
        case (.level, .shortName?): rule = "LevelMustHaveShortName"
        case (.level, .ordinal?): rule = "LevelMustHaveOrdinal"
        case (.address, .address?): rule = "AddressMustHaveAddressLine"
        case (.address, .country?): rule = "AddressMustHaveCountryCode"
        case (.address, .locality?): rule = "AddressMustHaveLocality"
        case (.venue, .addressID?): rule = "VenueMustHaveAddress"
        case (.venue, .displayPoint?): return ("VenueHasNoDisplayPoint", .warning)
        default: rule = nil
        }
        return rule.map { ($0, .error) }
    }
    static let featureID = "InvalidFeatureID"
    static let oneVenue = "VenueCountMustBeExactlyOne"

    /// The rule on a feature type's geometry (`UnitMustHavePolygonalGeometry`); Apple has none
    /// for the unlocated types (address, building, occupant, relationship).
    static func geometryType(_ type: FeatureType) -> String? {
        let typeName = name(of: type)
        switch type.geometryRule {
        case .point: return typeName + "MustHavePointGeometry"
        case .lineString: return typeName + "MustHaveLineStringGeometry"
        case .lineal: return typeName + "MustHaveLinealGeometry"
        case .polygonal: return typeName + "MustHavePolygonalGeometry"
        case .none, .any: return nil
        }
    }

    /// The rule that an enumerated value is one of IMDF's (all Violations): the category by the
    /// feature's type (`UnitCategoryMustBeValid`), the others by property.
    static func enumeratedValue(_ type: FeatureType, key: String) -> String? {
        switch key {
        case PropertyKey.category.rawValue:
            // Every type with a category has its rule: Amenity, Building, ... Venue.
            return categoryRules[type]!
        case PropertyKey.accessibility.rawValue: return "AccessibilityMustBeValid"
        case PropertyKey.restriction.rawValue: return "RestrictionCategoryMustBeValid"
        case PropertyKey.accessControl.rawValue: return "AccessControlMustBeValid"
        case "door.type": return "OpeningDoorTypeMustBeValid"
        case "door.material": return "OpeningDoorMaterialMustBeValid"
        default: return nil
        }
    }
}

/// How one of Apple's rules is covered here: by the finding code that implements it (at the
/// severity its findings have), or not yet. The coverage table (APPLE-RULES.md) is generated
/// from this, so it says what the checks do: the rule names come from the functions the checks
/// themselves call.
public enum AppleRuleCoverage: Sendable, Equatable {
    case implemented(FindingCode, Severity)
    case notYet

    /// The coverage of Apple's `rule` for features of `feature` (`Unit`; `N/A` for archive-wide rules).
    public static func of(feature: String, rule: String) -> AppleRuleCoverage {
        if let declared = AppleRules.declaredByKey["\(feature) \(rule)"] { return .implemented(declared.code, declared.severity) }
        if let type = FeatureType(rawValue: feature.lowercased()) {
            let inside = AppleRules.displayPointInside(type)
            if inside.rule == rule { return .implemented(.G1, inside.severity) }
            if AppleRules.geometryType(type) == rule { return .implemented(.T1, FindingCode.T1.severity) }
            let enumerated = type.schema.map(\.key) + (type == .opening ? ["door.type"] : [])
            if enumerated.contains(where: { AppleRules.enumeratedValue(type, key: $0) == rule }) {
                return .implemented(.F4c, FindingCode.F4c.severity)
            }
            if rule == AppleRules.displayPointIsAPoint, type.spec(forKey: .displayPoint) != nil {
                return .implemented(.T4, FindingCode.T4.severity)
            }
            if rule == AppleRules.featureID { return .implemented(.F2, FindingCode.F2.severity) }
            for spec in type.schema where spec.isRequired {
                if let required = AppleRules.requiredProperty(type, key: spec.key), required.rule == rule {
                    return .implemented(.F4, required.severity)
                }
            }
            if type == .anchor, rule == AppleRules.anchorInUnit { return .implemented(.G2, FindingCode.G2.severity) }
            if AppleRules.withinLevel(type) == rule { return .implemented(.G5, FindingCode.G5.severity) }
            let labels = type.schema.filter { if case .labels = $0.kind { true } else { false } }.map(\.key)
            if !labels.isEmpty,
                rule == AppleRules.languageTag || rule == AppleRules.labelNotBlank
                    || labels.contains(where: { AppleRules.labelIsString($0) == rule })
            {
                return .implemented(.F7, FindingCode.F7.severity)
            }
            if type.schema.contains(where: { AppleRules.format($0.kind) == rule }) { return .implemented(.F8, .error) }
            if labels.contains(PropertyKey.name.rawValue), labels.contains(PropertyKey.altName.rawValue),
                rule == AppleRules.onlyAltName || rule == AppleRules.altNameLanguage
            {
                return .implemented(.F9, FindingCode.F9.severity)
            }
            if type == .address, rule == AppleRules.addressUsed { return .implemented(.R4, .error) }
            if (type == .building && [AppleRules.buildingLevels, AppleRules.buildingFootprints].contains(rule))
                || (type == .venue && rule == AppleRules.venueBuildings)
            {
                return .implemented(.R5, FindingCode.R5.severity)
            }
        }
        // The first code in the table's order that implements the rule (T2 before T5).
        if let code = FindingCode.allCases.first(where: { AppleRules.onlyRule[$0] == rule }) { return .implemented(code, code.severity) }
        switch (feature, rule) {
        case (_, AppleRules.oneVenue): return .implemented(.A8, FindingCode.A8.severity)
        case ("Building", "BuildingLevelOrdinalZeroShouldBePresent"): return .implemented(.O3, FindingCode.O3.severity)
        case ("Level", "OutdoorLevelHasNegativeOrdinal"): return .implemented(.O4, FindingCode.O4.severity)
        case ("Opening", "OpeningIsSuspiciouslyLarge"), ("Opening", "OpeningIsSuspiciouslySmall"):
            return .implemented(.G9, FindingCode.G9.severity)
        default: return .notYet
        }
    }
}
