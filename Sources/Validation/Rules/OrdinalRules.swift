// O2-O4: the ordinals of a building's levels. Ordinals are venue-wide stacking positions; gaps
// (a building with floors 0, 1, 3 is missing 2) and the ground floor (ordinal 0) are checked per
// building, where they mean a missing floor, not across buildings of different heights.

import IMDF

extension FindingCode {
    public static let O2 = FindingCode(
        "O2", .warning, "gap in level ordinals",
        explanation: "a building's level ordinals have a gap (Apple: `LevelOrdinalsForBuildingAreNotSequential`)")
    public static let O3 = FindingCode(
        "O3", .warning, "building without a level at ordinal 0",
        explanation: "a building has no level at ordinal 0 (Apple: `BuildingLevelOrdinalZeroShouldBePresent`)")
    public static let O4 = FindingCode(
        "O4", .warning, "outdoor level below ground",
        explanation: "an outdoor level has a negative ordinal (Apple: `OutdoorLevelHasNegativeOrdinal`)")
}

enum OrdinalRules {
    static let gap = AppleRule("Building", "LevelOrdinalsForBuildingAreNotSequential", .O2)
    static let groundFloor = AppleRule("Building", "BuildingLevelOrdinalZeroShouldBePresent", .O3)
    static let outdoorBelowGround = AppleRule("Level", "OutdoorLevelHasNegativeOrdinal", .O4)

    static let declarations = RuleDeclarations(codes: [.O2, .O3, .O4], rules: [gap, groundFloor, outdoorBelowGround])

    static func check(_ context: ValidationContext) -> [Finding] {
        var ordinals: [String: Set<Int>] = [:]
        var findings: [Finding] = []
        for level in context.archive.features(of: .level) {
            guard let ordinal = level.integer(.ordinal) else { continue }
            for building in level.strings(.buildingIDs) ?? [] { ordinals[building, default: []].insert(ordinal) }
            if level.bool(.outdoor) == true && ordinal < 0 {
                findings.append(
                    Finding(
                        outdoorBelowGround, "\(context.describe(level)) is outdoor at ordinal \(ordinal), below ground", feature: level,
                        file: context.fileName(of: level)))
            }
        }
        for building in context.archive.features(of: .building) {
            guard let values = ordinals[building.id] else { continue }
            let sorted = values.sorted()
            // The gaps between neighbouring ordinals, not every integer between the lowest and
            // the highest: an archive may hold ordinals a billion apart.
            var missing: [String] = []
            // (lower + 1 cannot overflow: upper is larger; a difference could.)
            for (lower, upper) in zip(sorted, sorted.dropFirst()) where upper > lower + 1 {
                missing.append(upper == lower + 2 ? String(lower + 1) : "\(lower + 1)...\(upper - 1)")
            }
            if !missing.isEmpty {
                findings.append(
                    Finding(
                        gap,
                        "\(context.describe(building)) has levels at ordinals \(sorted.map(String.init).joined(separator: ", ")): none at \(missing.joined(separator: ", "))",
                        feature: building, file: context.fileName(of: building)))
            }
            if !values.contains(0) {
                findings.append(
                    Finding(
                        groundFloor,
                        "\(context.describe(building)) has no level at ordinal 0 (its levels are at \(sorted.map(String.init).joined(separator: ", ")))",
                        feature: building, file: context.fileName(of: building)))
            }
        }
        return findings
    }
}
