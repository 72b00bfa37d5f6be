// Names that should tell features apart (F11): buildings of a venue, levels of a building, gates
// and baggage carousels, occupants on one anchor, a building and an occupant inside it, an
// amenity named after its own category; and the languages a building's levels are named in (F12).
// Names are compared language by language, ignoring case and spacing.

import IMDF

extension FindingCode {
    public static let F11 = FindingCode(
        "F11", .warning, "names or addresses that should differ are the same",
        explanation: """
            names that should differ are the same (compared per language, ignoring case and spacing): two buildings (name, alt_name), two \
            levels of one building (name, short_name), gates of one category, baggage carousels of one building, occupants of one name on \
            one anchor, a building named as an occupant inside it, an amenity named as its category; two identical addresses, two \
            buildings with one address
            """)
    public static let F12 = FindingCode(
        "F12", .warning, "a level's labels in other languages than its building's other levels",
        explanation: """
            a level's name (or short_name) is in languages no other level of its building uses (Apple: \
            `NonMatchingNameLangTagsAmongLevelsReferencingSameBuilding`, ...)
            """)
}

enum DistinctNames {
    static let buildingName = AppleRule("Building", "BuildingNameIsNotDistinct", .F11)
    static let buildingAltName = AppleRule("Building", "BuildingAltNameShouldBeDistinct", .F11)
    static let levelName = AppleRule("Building", "LevelNamesInBuildingShouldBeDistinct", .F11)
    static let levelShortName = AppleRule("Building", "LevelShortNamesInBuildingShouldBeDistinct", .F11)
    static let levelNameLanguages = AppleRule("Building", "NonMatchingNameLangTagsAmongLevelsReferencingSameBuilding", .F12)
    static let levelShortNameLanguages = AppleRule("Building", "NonMatchingShortNameLangTagsAmongLevelsReferencingSameBuilding", .F12)
    static let gateName = AppleRule("Amenity", "AmenityNameShouldNotBeDuplicate", .F11)
    static let carouselName = AppleRule("Amenity", "BaggageCarouselAmenityNameIsDuplicateInSameBuilding", .F11)
    static let amenityNamedAsCategory = AppleRule("Amenity", "AmenityNameAndCategoryAreSame", .F11)
    static let buildingNamedAsOccupant = AppleRule("Building", "BuildingNameMatchesOccupantName", .F11)
    static let occupantsOnOneAnchor = AppleRule("Occupant", "SimilarOccupantsShouldNotRefSameAnchor", .F11)

    static let declarations = RuleDeclarations(
        codes: [.F11, .F12],
        rules: [
            buildingName, buildingAltName, levelName, levelShortName, levelNameLanguages, levelShortNameLanguages, gateName, carouselName,
            amenityNamedAsCategory, buildingNamedAsOccupant, occupantsOnOneAnchor,
        ])

    /// The categories of gates, whose names (numbers) must differ among gates of one category.
    static let gateCategories: Set<String> = ["arrivalgate", "boardinggate.aircraft", "boardinggate.bus", "boardinggate.train"]

    /// For features that share a label with an earlier one in the same group, one finding each.
    static func repeats(
        _ features: [Feature], key: PropertyKey, group: (Feature) -> [String] = { _ in [""] }, _ rule: AppleRule,
        _ context: ValidationContext,
        _ message: (Feature, Feature) -> String
    ) -> [Finding] {
        var first: [String: Feature] = [:]
        var findings: [Finding] = []
        for feature in features {
            var repeated: Feature?
            for scope in group(feature) {
                for label in NameKey.labels(feature.labels(key)) {
                    let slot = scope + "\u{1}" + label
                    if let earlier = first[slot], earlier.id != feature.id {
                        repeated = repeated ?? earlier
                    } else if first[slot] == nil {
                        first[slot] = feature
                    }
                }
            }
            if let repeated { findings.append(context.finding(rule, message(feature, repeated), feature)) }
        }
        return findings
    }

    static func check(_ context: ValidationContext, _ relations: Relations) -> [Finding] {
        let archive = context.archive
        let buildings = archive.features(of: .building)
        var findings = repeats(buildings, key: .name, buildingName, context) {
            "\(context.describe($0)) has the name of \(context.describe($1))"
        }
        findings += repeats(buildings, key: .altName, buildingAltName, context) {
            "\(context.describe($0)) has the alt_name of \(context.describe($1))"
        }
        let levels = archive.features(of: .level)
        let byBuilding = { (level: Feature) in level.strings(.buildingIDs) ?? [] }
        findings += repeats(levels, key: .name, group: byBuilding, levelName, context) {
            "\(context.describe($0)) has the name of \(context.describe($1)) in the same building"
        }
        findings += repeats(levels, key: .shortName, group: byBuilding, levelShortName, context) {
            "\(context.describe($0)) has the short_name of \(context.describe($1)) in the same building"
        }
        findings += languages(context, relations, key: .name, levelNameLanguages)
        findings += languages(context, relations, key: .shortName, levelShortNameLanguages)
        let amenities = archive.features(of: .amenity)
        findings += repeats(
            amenities.filter { gateCategories.contains($0.string(.category) ?? "") }, key: .name, group: { [$0.string(.category) ?? ""] },
            gateName, context
        ) {
            "\(context.describe($0)) has the name of \(context.describe($1)), another \($0.string(.category) ?? "gate")"
        }
        findings += repeats(
            amenities.filter { $0.string(.category) == "baggagecarousel" }, key: .name, group: { relations.buildings(of: $0) },
            carouselName, context
        ) {
            "\(context.describe($0)) has the name of \(context.describe($1)) in the same building"
        }
        for amenity in amenities {
            guard let category = amenity.string(.category) else { continue }
            let names = (amenity.labels(.name)?.labels ?? []).map { NameKey.of($0.text) }
            let spelled = Set([category, category.replacingOccurrences(of: ".", with: " ")])
            if names.contains(where: {
                spelled.contains($0) || $0.replacingOccurrences(of: " ", with: "") == category.replacingOccurrences(of: ".", with: "")
            }) {
                // No repair to run: removing the name would leave an alt_name without one (F9).
                findings.append(
                    context.finding(
                        amenityNamedAsCategory, "\(context.describe(amenity)) is named after its category \(category)", amenity,
                        fix: Fix("give it a name of its own (a number, a place), or none")))
            }
        }
        let occupants = archive.features(of: .occupant)
        findings += repeats(occupants, key: .name, group: { [$0.string(.anchorID) ?? $0.id] }, occupantsOnOneAnchor, context) {
            "\(context.describe($0)) and \(context.describe($1)) have one name and one anchor"
        }
        var buildingNames: [String: Set<String>] = [:]
        for building in buildings { buildingNames[building.id] = NameKey.labels(building.labels(.name)) }
        // An occupant whose names no building has is passed by without working out its
        // buildings: the usual case, and the costly part (anchor, unit, level, building).
        let anyBuildingNames = buildingNames.values.reduce(into: Set<String>()) { $0.formUnion($1) }
        var reported = Set<String>()
        for occupant in occupants {
            let names = NameKey.labels(occupant.labels(.name))
            guard !anyBuildingNames.isDisjoint(with: names) else { continue }
            for buildingID in relations.buildings(of: occupant) where !reported.contains(buildingID) {
                guard let building = context.feature(buildingID), !(buildingNames[buildingID] ?? []).isDisjoint(with: names) else {
                    continue
                }
                reported.insert(buildingID)
                findings.append(
                    context.finding(
                        buildingNamedAsOccupant, "\(context.describe(building)) has the name of \(context.describe(occupant)) inside it",
                        building))
            }
        }
        return findings
    }

    /// A level whose label languages no other level of its building shares (one level in `en`
    /// among levels in `de`), in buildings of two levels or more.
    static func languages(_ context: ValidationContext, _ relations: Relations, key: PropertyKey, _ rule: AppleRule) -> [Finding] {
        var findings: [Finding] = []
        for building in context.archive.features(of: .building) {
            let levels = relations.levelsOfBuilding[building.id] ?? []
            guard levels.count >= 2 else { continue }
            let sets = levels.map { Set(($0.labels(key)?.labels ?? []).map { $0.language.lowercased() }) }
            for (number, level) in levels.enumerated() where !sets[number].isEmpty {
                let matched = sets.enumerated().contains { $0.offset != number && $0.element == sets[number] }
                if !matched {
                    findings.append(
                        context.finding(
                            rule,
                            "\(context.describe(level)) has \(key.rawValue) in \(sets[number].sorted().joined(separator: ", ")), unlike the other levels of \(context.describe(building))",
                            level))
                }
            }
        }
        return findings
    }
}
