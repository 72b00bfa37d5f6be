// C2: parking as Apple models it - a parking building of parking levels, parking levels holding
// parking units, and a way in for cars. Units are on a level through their level_id.

import IMDF

extension FindingCode {
    public static let C2 = FindingCode(
        "C2", .warning, "parking buildings, levels and units disagree",
        explanation: """
            parking: a building whose levels are all parking but is not, a parking building with a non-parking level, a parking level \
            without parking units, a level of parking units only that is not parking, parking units among other categories (info), no \
            automobile opening on the parking level nearest the ground
            """,
        repair: "`set REF category=parking` where it follows")
}

enum ParkingRules {
    static let buildingShouldBeParking = AppleRule("Building", "BuildingCategoryShouldBeParking", .C2)
    static let buildingLevels = AppleRule("Building", "ParkingBuildingReferencingNonParkingLevel", .C2)
    static let levelUnits = AppleRule("Level", "ParkingLevelShouldContainParkingUnit", .C2)
    static let levelShouldBeParking = AppleRule("Level", "ParkingUnitShouldBeContainedByParkingLevel", .C2)
    static let mixedLevel = AppleRule("Level", "ParkingUnitIsNotContainedByParkingLevel", .C2)
    static let carEntrance = AppleRule("Level", "ParkingLevelShouldHaveAutomobileOpening", .C2)

    static let declarations = RuleDeclarations(
        codes: [.C2],
        rules: [buildingShouldBeParking, buildingLevels, levelUnits, levelShouldBeParking, mixedLevel, carEntrance])

    /// Unit categories a parking unit may share a non-parking level with, without note.
    static let usualNeighbours: Set<String> = ["office", "platform", "room", "unenclosedarea"]

    static func isParking(_ category: String?) -> Bool { category == "parking" || category?.hasPrefix("parking.") == true }

    static func check(_ context: ValidationContext, _ relations: Relations) -> [Finding] {
        var findings: [Finding] = []
        var unitCategories: [String: Set<String>] = [:]
        for unit in context.archive.features(of: .unit) {
            if let level = unit.string(.levelID), let category = unit.string(.category) {
                unitCategories[level, default: []].insert(category)
            }
        }
        var carOpenings = Set<String>()
        for opening in context.archive.features(of: .opening) where opening.string(.category) == "automobile" {
            if let level = opening.string(.levelID) { carOpenings.insert(level) }
        }
        for level in context.archive.features(of: .level) {
            let categories = unitCategories[level.id] ?? []
            let parkingUnits = categories.filter(isParking)
            if level.string(.category) == "parking" {
                if parkingUnits.isEmpty && !categories.isEmpty {
                    findings.append(
                        context.finding(levelUnits, "\(context.describe(level)) is a parking level without a parking unit", level))
                }
            } else if !parkingUnits.isEmpty {
                let others = categories.subtracting(parkingUnits)
                if others.isEmpty {
                    findings.append(
                        context.finding(
                            levelShouldBeParking, "\(context.describe(level)) holds only parking units but is not a parking level", level,
                            fix: Fix(
                                "make it a parking level",
                                repair: .set(feature: level.id, key: PropertyKey.category.rawValue, .text("parking")))))
                } else if !others.isSubset(of: usualNeighbours) {
                    findings.append(
                        context.finding(
                            mixedLevel, "\(context.describe(level)) holds parking units beside \(others.sorted().joined(separator: ", "))",
                            level))
                }
            }
        }
        for building in context.archive.features(of: .building) {
            let levels = relations.levelsOfBuilding[building.id] ?? []
            guard !levels.isEmpty else { continue }
            let parkingLevels = levels.filter { $0.string(.category) == "parking" }
            if building.string(.category) == "parking" {
                for level in levels where level.string(.category) != "parking" {
                    findings.append(
                        context.finding(
                            buildingLevels,
                            "\(context.describe(level)) of the parking \(context.describe(building)) is not a parking level", level))
                }
            } else if parkingLevels.count == levels.count {
                findings.append(
                    context.finding(
                        buildingShouldBeParking,
                        "every level of \(context.describe(building)) is a parking level, but the building is not parking", building,
                        fix: Fix(
                            "make it a parking building",
                            repair: .set(feature: building.id, key: PropertyKey.category.rawValue, .text("parking")))))
            }
            // Cars come in on the parking level nearest the ground: that level needs an opening for them.
            if let entrance = parkingLevels.min(by: { abs($0.integer(.ordinal) ?? 0) < abs($1.integer(.ordinal) ?? 0) }),
                !carOpenings.contains(entrance.id)
            {
                findings.append(
                    context.finding(
                        carEntrance,
                        "\(context.describe(entrance)), the parking level nearest the ground of \(context.describe(building)), has no automobile opening",
                        entrance))
            }
        }
        return findings
    }
}
