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

    static func check(_ context: ValidationContext) -> [Finding] {
        var findings: [Finding] = []
        for (type, key, rule) in expected {
            for feature in context.archive.features(of: type) where isEmpty(feature.property(key)) {
                findings.append(
                    context.finding(
                        rule, "\(context.describe(feature)) has no \(key.rawValue)", feature,
                        fix: Fix(
                            "set \(key.rawValue)",
                            repair: .choose(feature: feature.id, key: key.rawValue, key == .addressID ? .reference(.address) : .value))))
            }
        }
        for amenity in context.archive.features(of: .amenity) {
            guard let category = amenity.string(.category), let rule = namedAmenities[category], isEmpty(amenity.property(.name)) else {
                continue
            }
            findings.append(
                context.finding(
                    rule, "\(context.describe(amenity)) (\(category)) has no name", amenity,
                    fix: Fix("name it", repair: .choose(feature: amenity.id, key: PropertyKey.name.rawValue, .value))))
        }
        for occupant in context.archive.features(of: .occupant) {
            let modified = occupant.property(.validity)?.objectValue?["modified"]
            if modified == nil || modified!.isNull {
                findings.append(context.finding(modifiedTime, "\(context.describe(occupant)) has no validity.modified time", occupant))
            }
        }
        for geofence in context.archive.features(of: .geofence)
        where isEmpty(geofence.property(.levelIDs)) && isEmpty(geofence.property(.buildingIDs)) {
            findings.append(
                context.finding(
                    geofenceReference, "\(context.describe(geofence)) names neither a level nor a building", geofence,
                    fix: Fix(
                        "set its level_ids", repair: .choose(feature: geofence.id, key: PropertyKey.levelIDs.rawValue, .reference(.level))))
            )
        }
        return findings
    }
}
