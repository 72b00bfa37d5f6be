// Properties IMDF leaves optional but Apple expects (F10): a building's name, address and display
// point, a venue's and an occupant's hours, phone and website, names on gates and carousels, a
// geofence's level and building. Apple warns (or notes) their absence; a geofence that names
// neither a level nor a building breaks one of Apple's Violations (F4).

import IMDF

extension FindingCode {
    public static let F10 = FindingCode(
        "F10", .warning, "a property Apple expects is missing",
        explanation: """
            a property IMDF leaves optional and Apple expects is null: a building's name, address or display point; a venue's or an \
            occupant's hours, phone, website; an occupant's `validity.modified` (info); names of gates, baggage carousels and \
            `unspecified` amenities; a geofence's `building_ids` or `level_ids` (info); an address's `postal_code`
            """,
        repair: "`set REF key=...`")
}

enum ExpectedProperties {
    /// (Apple's feature, the key, the rule): the key should not be null.
    static let expected: [(FeatureType, PropertyKey, AppleRule)] = [
        (.building, .name, AppleRule("Building", "BuildingHasNoName", .F10)),
        (.building, .addressID, AppleRule("Building", "BuildingHasNoAddress", .F10)),
        (.building, .displayPoint, AppleRule("Building", "BuildingHasNoDisplayPoint", .F10)),
        (.venue, .hours, AppleRule("Venue", "VenueShouldHaveHours", .F10)),
        (.venue, .phone, AppleRule("Venue", "VenueShouldHavePhone", .F10)),
        (.venue, .website, AppleRule("Venue", "VenueShouldHaveWebsite", .F10)),
        (.occupant, .hours, AppleRule("Occupant", "OccupantShouldHaveHours", .F10)),
        (.occupant, .phone, AppleRule("Occupant", "OccupantShouldHavePhone", .F10)),
        (.occupant, .website, AppleRule("Occupant", "OccupantShouldHaveWebsite", .F10)),
        (.geofence, .buildingIDs, AppleRule("Geofence", "GeofenceHasNoBuildingReference", .F10)),
        (.geofence, .levelIDs, AppleRule("Geofence", "GeofenceHasNoLevelReference", .F10)),
    ]

    /// The fix of each of `expected`, written once rather than for each finding.
    static let fixes: [String] = expected.map { "set \($0.1.rawValue)" }

    /// Amenities of these categories should carry a name (a gate's number, a carousel's).
    static let namedAmenities: [String: AppleRule] = [
        "boardinggate.aircraft": AppleRule("Amenity", "AircraftBoardingGateAmenityShouldHaveName", .F10),
        "arrivalgate": AppleRule("Amenity", "ArrivalGateAmenityShouldHaveName", .F10),
        "baggagecarousel": AppleRule("Amenity", "BaggageCarouselAmenityShouldHaveName", .F10),
        "boardinggate.bus": AppleRule("Amenity", "BusBoardingGateAmenityShouldHaveName", .F10),
        "boardinggate.train": AppleRule("Amenity", "TrainBoardingGateAmenityShouldHaveName", .F10),
        "unspecified": AppleRule("Amenity", "UnspecifiedAmenityShouldHaveName", .F10),
    ]

    static let modifiedTime = AppleRule("Occupant", "OccupantShouldHaveModifiedTime", .F10)
    static let geofenceReference = AppleRule("Geofence", "GeofenceMustHaveLevelOrBuildingReference", .F4)

    static let declarations = RuleDeclarations(
        codes: [.F10],
        rules: expected.map(\.2) + namedAmenities.values.sorted { $0.name < $1.name } + [modifiedTime, geofenceReference])

    static func isEmpty(_ value: JSONValue?) -> Bool {
        guard let value, !value.isNull else { return true }
        if let items = value.arrayValue { return items.isEmpty }
        if let object = value.objectValue { return object.isEmpty }
        return false
    }

    /// One pass of the checks over one type's features, in the order the report lists ties (the
    /// features of a file written on one line): each expected key over all features, then the
    /// amenities' names, the occupants' modified times and the geofences' references.
    enum Pass: Sendable {
        case expected(Int)
        case amenityNames, modifiedTimes, geofenceReferences

        static let all: [Pass] =
            ExpectedProperties.expected.indices.map { .expected($0) } + [.amenityNames, .modifiedTimes, .geofenceReferences]

        var featureType: FeatureType {
            switch self {
            case .expected(let number): ExpectedProperties.expected[number].0
            case .amenityNames: .amenity
            case .modifiedTimes: .occupant
            case .geofenceReferences: .geofence
            }
        }
    }

    /// The findings of `pass` over the features in `range` of its type's collection (a slice,
    /// so that an archive's 24,000 occupants are checked on all cores). Features are read in
    /// place: a copy would retain each of their properties.
    static func check(_ context: ValidationContext, _ pass: Pass, _ range: Range<Int>) -> [Finding] {
        guard let collection = context.archive.collections[pass.featureType] else { return [] }
        let file = collection.sourceFileName ?? collection.fileName
        var findings: [Finding] = []
        collection.features.withUnsafeBufferPointer { features in
            for index in range {
                if let finding = check(context, pass, features[index], file) { findings.append(finding) }
            }
        }
        return findings
    }

    private static func check(_ context: ValidationContext, _ pass: Pass, _ feature: Feature, _ file: String) -> Finding? {
        switch pass {
        case .expected(let number):
            let (_, key, rule) = expected[number]
            guard isEmpty(feature.property(key)) else { return nil }
            return context.finding(
                rule, String(concatenating: context.describe(feature), " has no ", key.rawValue), feature, file: file,
                fix: Fix(
                    fixes[number],
                    repair: .choose(feature: feature.id, key: key.rawValue, key == .addressID ? .reference(.address) : .value)
                ))
        case .amenityNames:
            guard let category = feature.string(.category), let rule = namedAmenities[category], isEmpty(feature.property(.name)) else {
                return nil
            }
            return context.finding(
                rule, "\(context.describe(feature)) (\(category)) has no name", feature, file: file,
                fix: Fix("name it", repair: .choose(feature: feature.id, key: PropertyKey.name.rawValue, .value)))
        case .modifiedTimes:
            let modified = feature.property(.validity)?.objectValue?["modified"]
            guard modified == nil || modified!.isNull else { return nil }
            return context.finding(
                modifiedTime, String(concatenating: context.describe(feature), " has no validity.modified time"), feature, file: file)
        case .geofenceReferences:
            guard isEmpty(feature.property(.levelIDs)) && isEmpty(feature.property(.buildingIDs)) else { return nil }
            return context.finding(
                geofenceReference, "\(context.describe(feature)) names neither a level nor a building", feature, file: file,
                fix: Fix("set its level_ids", repair: .choose(feature: feature.id, key: PropertyKey.levelIDs.rawValue, .reference(.level))))
        }
    }
}
