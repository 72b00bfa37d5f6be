// Examples for references and the hierarchy (ReferenceChecks: R2, R5; HierarchyRules: R8),
// addresses that disagree (AddressRules: R7) and names that should differ or match in language
// (DistinctNames: F11, F12).

extension RuleExamples {
    /// The LABELS key a `NonMatching<Key>LangTags...` rule is about, with a label in German.
    private static let levelLabels: [String: (key: String, german: String)] = [
        "Name": ("name", "Erdgeschoss"), "ShortName": ("short_name", "EG"),
    ]

    /// `BuildingHasNoAerialFootprint`, `SectionHasParentReference`,
    /// `InvalidRelationshipOriginReference`, `NonMatchingNameLangTagsAmongLevelsReferencingSameBuilding`.
    static func references(rule: String, type: String, one: String) -> Example? {
        if let category = rule.middle(after: "BuildingHasNo", before: "Footprint")?.lowercased() {
            // A building needs a subterranean footprint only when it has a level below ground;
            // one without any footprint is R5's.
            if category == "subterranean" {
                return (
                    "a building with a level at ordinal -1, aerial and ground footprints and no subterranean one",
                    "the building with a subterranean footprint too"
                )
            }
            let other = category == "aerial" ? "ground" : "aerial"
            return (
                "a building with \(article(other)) \(other) footprint and no \(category) one",
                "a building with an aerial and a ground footprint"
            )
        }
        if rule.hasSuffix("HasParentReference"), rule.prefix(before: "HasParentReference") != nil {
            return (#"\#(one) with "parents": [the id of another \#(type)]"#, #"\#(one) with "parents": null"#)
        }
        if let member = rule.middle(after: "InvalidRelationship", before: "Reference")?.lowercased() {
            // The intermediary is a list of references, the origin and destination one each.
            let reference = #"{"id": "5e6f7a8b-...", "feature_type": "opening"}"#
            let value = member == "intermediary" ? "[\(reference)]" : reference
            return (
                #"a relationship with "\#(member)": \#(value) where 5e6f7a8b-... is no feature (or is a unit)"#,
                #"a relationship with "\#(member)": \#(value) where 5e6f7a8b-... is an opening"#
            )
        }
        if let property = rule.middle(after: "NonMatching", before: "LangTagsAmongLevelsReferencingSameBuilding"),
            let label = levelLabels[property]
        {
            return (
                #"a level with "\#(label.key)": {"de": "\#(label.german)"} among levels of its building labelled in "en" only"#,
                #"each level of the building with "\#(label.key)" in "en" (or each in "en" and "de" alike)"#
            )
        }
        return nil
    }

    static let referenceExamples: [String: Example] = [
        "AddressMustBeReferenced": (
            #"an address that no "address_id" names (of the venue, a building or an anchor)"#,
            #"an address named by the "address_id" of a building"#
        ),
        "BuildingHasNoLevel": (#"a building that no level's "building_ids" names"#, #"a building named by the "building_ids" of a level"#),
        "BuildingMustHaveAtLeastOneFootprint": (
            #"a building that no footprint's "building_ids" names"#, #"a building named by the "building_ids" of a ground footprint"#
        ),
        "VenueMustHaveAtLeastOneBuilding": (
            "a venue whose `building.geojson` holds no building", "a venue with one building in `building.geojson`"
        ),
        "IndoorLevelMustHaveBuildingReference": (
            #"a level with "outdoor": false and "building_ids": null"#,
            #"a level with "outdoor": false and "building_ids": [the id of a building]"#
        ),
        "OutdoorLevelShouldReferenceBuilding": (
            #"a level with "outdoor": true, "ordinal": 2 and "building_ids": null (a roof terrace)"#,
            #"a level with "outdoor": true, "ordinal": 2 and "building_ids": [the id of its building]"#
        ),
        "OutdoorLevelHasBuildingReference": (
            #"a level with "outdoor": true, "ordinal": 0 and "building_ids": [the id of a building]"#,
            #"a level with "outdoor": true, "ordinal": 0 and "building_ids": null (the grounds around the buildings)"#
        ),
        "AddressHasDissimilarProvinceCode": (
            #"an address with "province": "DE-BB" in a venue whose address has "province": "DE-BE""#,
            #"every address with "province": "DE-BE", as the venue's"#
        ),
        "BuildingAddressResolvesToVenueAddress": (
            #"a building whose "address_id" names the venue's address"#, #"a building whose "address_id" names an address of its own"#
        ),
        "BuildingReferencesUnitQualifiedAddress": (
            #"a building whose address has "unit": "2.14""#, #"a building whose address has "unit": null"#
        ),
        "ReferencedAddressDoesNotMatchBuildingAddress": (
            #"an anchor whose address has "address": "Friedrichstraße 1" in a building at "Unter den Linden 6""#,
            #"an anchor whose address is its building's with "unit": "2.14" added"#
        ),
        "ZeroCountOfUnitQualifiedAddresses": (
            #"an `address.geojson` in which every address has "unit": null"#, #"an `address.geojson` with an address with "unit": "2.14""#
        ),
        "AddressMustBeDistinct": (
            #"two addresses alike in "address", "locality", "province", "country", "postal_code" and "unit""#,
            #"two addresses of one street that differ in "unit": "2.14" and "2.15""#
        ),
        "BuildingsHaveSameAddress": (
            #"two buildings whose "address_id" names one address"#, #"two buildings each with an address of its own"#
        ),
        "BuildingNameIsNotDistinct": (
            #"two buildings with "name": {"en": "Terminal"}"#, #"buildings with "name": {"en": "Terminal 1"} and {"en": "Terminal 2"}"#
        ),
        "BuildingAltNameShouldBeDistinct": (
            #"two buildings with "alt_name": {"en": "T"}"#, #"buildings with "alt_name": {"en": "T1"} and {"en": "T2"}"#
        ),
        "BuildingNameMatchesOccupantName": (
            #"a building with "name": {"en": "Galeria"} holding an occupant with "name": {"en": "Galeria"}"#,
            #"a building with "name": {"en": "Alexa Mall"} holding an occupant with "name": {"en": "Galeria"}"#
        ),
        "LevelNamesInBuildingShouldBeDistinct": (
            #"two levels of one building with "name": {"en": "Ground Floor"}"#,
            #"levels of one building with "name": {"en": "Ground Floor"} and {"en": "First Floor"}"#
        ),
        "LevelShortNamesInBuildingShouldBeDistinct": (
            #"two levels of one building with "short_name": {"en": "1"}"#,
            #"levels of one building with "short_name": {"en": "0"} and {"en": "1"}"#
        ),
        "AmenityNameShouldNotBeDuplicate": (
            #"two amenities of category "boardinggate.aircraft" with "name": {"en": "A12"}"#,
            #"amenities of category "boardinggate.aircraft" with "name": {"en": "A12"} and {"en": "A14"}"#
        ),
        "BaggageCarouselAmenityNameIsDuplicateInSameBuilding": (
            #"two amenities of category "baggagecarousel" in one building with "name": {"en": "Belt 3"}"#,
            #"amenities of category "baggagecarousel" in one building with "name": {"en": "Belt 3"} and {"en": "Belt 4"}"#
        ),
        "AmenityNameAndCategoryAreSame": (
            #"an amenity of category "information" with "name": {"en": "Information"}"#,
            #"an amenity of category "information" with "name": {"en": "Help Desk North"} (or no name)"#
        ),
        "SimilarOccupantsShouldNotRefSameAnchor": (
            #"occupants with "name": {"en": "Coffee Bar"} and {"en": "coffee bar"} and one "anchor_id""#,
            #"one occupant with "name": {"en": "Coffee Bar"} on that anchor"#
        ),
    ]
}
