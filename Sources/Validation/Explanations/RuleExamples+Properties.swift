// Examples for property values (PropertyChecks, AddressRules, ExpectedProperties,
// TemporalRules): a file or id that does not read (A5), enumerated values (F4c), LABELS (F7),
// blank and malformed values (F8), alt_name beside name (F9), properties Apple expects (F10) and
// an occupant's validity (F13).

extension RuleExamples {
    /// The key a `<Key>MustNotBeBlank` rule is about.
    private static let blankKeys: [String: (key: String, sample: String)] = [
        "AddressUnit": ("unit", #""2.14""#), "Hours": ("hours", #""Mo-Fr 08:00-18:00""#), "PostalCode": ("postal_code", #""10117""#),
        "PostalCodeExtension": ("postal_code_ext", #""1234""#), "VanityPostalCode": ("postal_code_vanity", #""BERLIN 1""#),
    ]

    /// The key a `<Type>HasNo<Property>` rule of F10's is about.
    private static let expectedKeys: [String: String] = [
        "Name": "name", "Address": "address_id", "DisplayPoint": "display_point", "BuildingReference": "building_ids",
        "LevelReference": "level_ids",
    ]

    /// `HoursMustNotBeBlank`, `AddressUnitMustNotBeBlank`; `BuildingHasNoName`.
    static func properties(rule: String, type: String, one: String) -> Example? {
        if let property = rule.prefix(before: "MustNotBeBlank"), rule.hasSuffix("MustNotBeBlank"), let blank = blankKeys[property] {
            // Blank is white space only; null is no value, and passes.
            return (#"\#(one) with "\#(blank.key)": "  " (spaces only)"#, #"\#(one) with "\#(blank.key)": \#(blank.sample) (or null)"#)
        }
        if let property = rule.suffix(after: "HasNo"), let key = expectedKeys[property] {
            // An absent key is as empty as null.
            return ("\(one) with \"\(key)\": null (or without the key)", "\(one) with \"\(key)\": \(sampleValue(key: key, type: type))")
        }
        return nil
    }

    static let propertyExamples: [String: Example] = [
        "FeatureIdMustBeString": (
            #"{"type": "Feature", "id": 42, "feature_type": "unit", ...}"#,
            #"{"type": "Feature", "id": "3f2a9c1e-7b4d-4c1a-9e2f-5a6b7c8d9e0f", "feature_type": "unit", ...}"#
        ),
        "FileMustBeValidGeoJSON": (
            #"`unit.geojson` ending `{"type": "Feature", ...},]}` (a trailing comma: the JSON does not parse), or a polygon whose outline crosses itself"#,
            #"`unit.geojson` ending `{"type": "Feature", ...}]}`, each polygon's outline a simple ring"#
        ),
        "AccessControlMustBeValid": (
            #"an opening with "access_control": ["keycard"]"#, #"an opening with "access_control": ["badgereader"]"#
        ),
        "AccessibilityMustBeValid": (#"an opening with "accessibility": ["ramp"]"#, #"an opening with "accessibility": ["wheelchair"]"#),
        "OpeningDoorTypeMustBeValid": (
            #"an opening with "door": {"type": "hinged", "automatic": false, "material": "wood"}"#,
            #"an opening with "door": {"type": "swinging", "automatic": false, "material": "wood"}"#
        ),
        "OpeningDoorMaterialMustBeValid": (
            #"an opening with "door": {"type": "swinging", "automatic": false, "material": "steel"}"#,
            #"an opening with "door": {"type": "swinging", "automatic": false, "material": "metal"}"#
        ),
        "RelationshipDirectionMustBeValid": (
            #"a relationship with "direction": "both""#, #"a relationship with "direction": "undirected" (or "directed")"#
        ),
        "NameMustBeString": (
            #"a unit with "name": {"en": 42} (or "name": "Main Hall", a string where LABELS belong)"#,
            #"a unit with "name": {"en": "Main Hall"}"#
        ),
        "AltNameMustBeString": (
            #"a unit with "alt_name": {"en": 42} (or "alt_name": "Hall", a string where LABELS belong)"#,
            #"a unit with "alt_name": {"en": "Hall"}"#
        ),
        "InvalidLanguageTag": (#"a unit with "name": {"en_GB": "Main Hall"}"#, #"a unit with "name": {"en-GB": "Main Hall"}"#),
        "LabelMustNotBeBlank": (
            #"a unit with "name": {"en": "  "}, or an address with "locality": "  ""#,
            #"a unit with "name": {"en": "Main Hall"}, an address with "locality": "Berlin""#
        ),
        "PhoneMustBeValid": (#"an occupant with "phone": "030 1234567""#, #"an occupant with "phone": "+49301234567" (E.164)"#),
        "WebsiteMustBeValid": (
            #"an occupant with "website": "www.example.org""#, #"an occupant with "website": "https://www.example.org""#
        ),
        "InvalidCountryCode": (#"an address with "country": "GER""#, #"an address with "country": "DE" (ISO 3166 alpha-2)"#),
        "InvalidIsoProvinceCode": (#"an address with "province": "Berlin""#, #"an address with "province": "DE-BE" (ISO 3166-2)"#),
        "InvalidISOCountryAndISOProvinceCodeCombination": (
            #"an address with "country": "DE" and "province": "US-CA""#, #"an address with "country": "DE" and "province": "DE-BE""#
        ),
        "HasOnlyAltName": (
            #"a unit with "name": null and "alt_name": {"en": "Hall"}"#,
            #"a unit with "name": {"en": "Main Hall"} and "alt_name": {"en": "Hall"}"#
        ),
        "AltNameLangTagHasNoCorrespondingNameLangTag": (
            #"a unit with "name": {"en": "Main Hall"} and "alt_name": {"de": "Halle"}"#,
            #"a unit with "name": {"en": "Main Hall", "de": "Haupthalle"} and "alt_name": {"de": "Halle"}"#
        ),
        "OccupantShouldHaveModifiedTime": (
            #"an occupant with "validity": null (or a validity without "modified")"#,
            #"an occupant with "validity": {"modified": "2026-01-05T09:00:00Z"}"#
        ),
        "StartDateTimeIsAfterEndDateTime": (
            #"an occupant with "validity": {"start": "2030-06-01T00:00:00Z", "end": "2030-03-01T00:00:00Z"}"#,
            #"an occupant with "validity": {"start": "2030-03-01T00:00:00Z", "end": "2030-06-01T00:00:00Z"}"#
        ),
        "EndDateTimeIsBeforeCurrentDateTime": (
            #"an occupant with "validity": {"end": "2020-12-31T23:59:59Z"} (passed when validated)"#,
            #"an occupant with "validity": {"end": "2099-12-31T23:59:59Z"}, or no end"#
        ),
        "ModifiedDateTimeIsAfterCurrentDateTime": (
            #"an occupant with "validity": {"modified": "2099-01-05T09:00:00Z"} (in the future when validated)"#,
            #"an occupant with "validity": {"modified": "2026-01-05T09:00:00Z"}"#
        ),
    ]
}
