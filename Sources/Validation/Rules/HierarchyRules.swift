// The hierarchy Apple expects beyond the references themselves: a building's footprints of each
// kind (R8), levels that units and openings refer to (R4), levels tied to buildings as their
// indoor/outdoor flag and ordinal ask (R8), ordinals in the usual range (O5), and geofences and
// sections that nest in parents (R8, noted).

import IMDF

extension FindingCode {
    public static let R8 = FindingCode(
        "R8", .warning, "footprints, buildings or parents the hierarchy expects",
        explanation: """
            a building without an aerial or ground footprint, or without a subterranean one while it has levels below ground; an indoor \
            level without a building, an outdoor level off the ground without one; an outdoor level at ordinal 0 with one (info); a \
            geofence or section with parents (info)
            """)
    public static let O5 = FindingCode(
        "O5", .info, "ordinal outside the usual \(HierarchyRules.usualOrdinals)",
        explanation: "a level's ordinal outside \(HierarchyRules.usualOrdinals) (Apple: `LevelHasSuspiciousOrdinal`)")
}

enum HierarchyRules {
    static let aerialFootprint = AppleRule("Building", "BuildingHasNoAerialFootprint", .R8)
    static let groundFootprint = AppleRule("Building", "BuildingHasNoGroundFootprint", .R8)
    static let subterraneanFootprint = AppleRule("Building", "BuildingHasNoSubterraneanFootprint", .R8)
    static let levelHasUnits = AppleRule("Level", "LevelMustBeReferencedByUnit", .R4)
    static let levelHasOpenings = AppleRule("Level", "LevelShouldBeReferencedByOpening", .R4)
    static let indoorLevelBuilding = AppleRule("Level", "IndoorLevelMustHaveBuildingReference", .R8)
    static let outdoorLevelBuilding = AppleRule("Level", "OutdoorLevelShouldReferenceBuilding", .R8)
    static let groundOutdoorLevelBuilding = AppleRule("Level", "OutdoorLevelHasBuildingReference", .R8)
    static let suspiciousOrdinal = AppleRule("Level", "LevelHasSuspiciousOrdinal", .O5)
    static let geofenceParent = AppleRule("Geofence", "GeofenceHasParentReference", .R8)
    static let sectionParent = AppleRule("Section", "SectionHasParentReference", .R8)

    static let declarations = RuleDeclarations(
        codes: [.R8, .O5],
        rules: [
            aerialFootprint, groundFootprint, subterraneanFootprint, levelHasUnits, levelHasOpenings, indoorLevelBuilding,
            outdoorLevelBuilding, groundOutdoorLevelBuilding, suspiciousOrdinal, geofenceParent, sectionParent,
        ])

    /// Apple's typical ordinals: from 12 below ground to the 163 floors of the tallest building.
    static let usualOrdinals = -12...163

    static func check(_ context: ValidationContext, _ relations: Relations) -> [Finding] {
        var findings: [Finding] = []
        for building in context.archive.features(of: .building) {
            // A building without any footprint is R5's (BuildingMustHaveAtLeastOneFootprint).
            let footprints = relations.footprintsOfBuilding[building.id] ?? []
            guard !footprints.isEmpty else { continue }
            let categories = Set(footprints.compactMap { $0.string(.category) })
            let levels = relations.levelsOfBuilding[building.id] ?? []
            let wanted: [(String, AppleRule, Bool)] = [
                ("aerial", aerialFootprint, true), ("ground", groundFootprint, true),
                ("subterranean", subterraneanFootprint, levels.contains { ($0.integer(.ordinal) ?? 0) < 0 }),
            ]
            for (category, rule, needed) in wanted where needed && !categories.contains(category) {
                findings.append(context.finding(rule, "\(context.describe(building)) has no \(category) footprint", building))
            }
        }
        for level in context.archive.features(of: .level) {
            if relations.unitCountOfLevel[level.id] == nil {
                findings.append(context.finding(levelHasUnits, "\(context.describe(level)) has no units", level))
            }
            if relations.openingCountOfLevel[level.id] == nil {
                findings.append(context.finding(levelHasOpenings, "\(context.describe(level)) has no openings", level))
            }
            let hasBuilding = !(level.strings(.buildingIDs) ?? []).isEmpty
            let ordinal = level.integer(.ordinal)
            switch (level.bool(.outdoor), hasBuilding) {
            case (false?, false):
                findings.append(
                    context.finding(
                        indoorLevelBuilding, "\(context.describe(level)) is indoor but names no building", level,
                        fix: Fix(
                            "set its building_ids",
                            repair: .choose(feature: level.id, key: PropertyKey.buildingIDs.rawValue, .reference(.building)))))
            case (true?, false) where ordinal != nil && ordinal != 0:
                findings.append(
                    context.finding(
                        outdoorLevelBuilding, "\(context.describe(level)) is outdoor at ordinal \(ordinal!) but names no building", level))
            case (true?, true) where ordinal == 0:
                findings.append(
                    context.finding(
                        groundOutdoorLevelBuilding, "\(context.describe(level)) is outdoor at ground level and names a building", level))
            default: break
            }
            if let ordinal, !usualOrdinals.contains(ordinal) {
                findings.append(
                    context.finding(
                        suspiciousOrdinal,
                        "\(context.describe(level)) has ordinal \(ordinal), outside the usual \(usualOrdinals.lowerBound)...\(usualOrdinals.upperBound)",
                        level))
            }
        }
        for (type, rule) in [(FeatureType.geofence, geofenceParent), (.section, sectionParent)] {
            for feature in context.archive.features(of: type) where !(feature.strings(.parents) ?? []).isEmpty {
                findings.append(context.finding(rule, "\(context.describe(feature)) has parents", feature))
            }
        }
        return findings
    }
}
