// Examples for Apple's rules that are one rule over several feature types or properties
// (`UnitMustReferenceLevel`, `FixtureCategoryMustBeValid`, `KioskHasInteriorRing`), worked out
// from the rule's name so each says which feature and which property it is about. A rule no
// pattern fits is taught by its code's example (`CodeLessons`).

import IMDF

public enum RuleExamples {
    /// A failing and a passing feature for `rule`, listed under `feature` (`Unit`; `N/A`).
    public static func example(rule: String, feature: String) -> (failing: String, passing: String)? {
        if let written = byRule[rule] { return written }
        let type = feature == "N/A" ? "feature" : feature.prefix(1).lowercased() + feature.dropFirst()
        let one = "\(article(type)) \(type)"
        if let target = rule.suffix(after: "MustReference"), let key = referenceKey(type: type, target: target) {
            return (
                "\(one) with \"\(key)\": null", "\(one) whose \"\(key)\" names \(article(target.lowercased())) \(target.lowercased())"
            )
        }
        if let property = rule.suffix(after: "MustHave"), let key = propertyKeys[property] {
            return ("\(one) with \"\(key)\": null", "\(one) with \"\(key)\": \(sampleValue(key: key, type: type))")
        }
        if rule.hasSuffix("CategoryMustBeValid"), let valid = validCategory(type) {
            return (#"\#(one) with "category": "not-a-category""#, #"\#(one) with "category": "\#(valid)""#)
        }
        if rule.hasSuffix("GeometryMustContainDisplayPoint") {
            return (
                "\(one) whose `display_point` lies 3 m outside its geometry",
                "\(one) whose `display_point` lies inside its geometry"
            )
        }
        if rule.hasSuffix("MustBeCoveredByReferencedLevel") {
            return (
                "\(one) whose geometry reaches 2 m beyond the outline of the level its `level_id` names",
                "\(one) whose geometry lies within its level's polygon"
            )
        }
        if rule.hasSuffix("HasInteriorRing") || rule.hasSuffix("ShouldNotHaveInteriorRing") {
            return ("\(one) whose Polygon has an interior ring (a hole)", "\(one) whose Polygon is one exterior ring")
        }
        for (kind, shown) in geometryKinds where rule.hasSuffix("MustHave\(kind)Geometry") {
            return ("\(one) with \(shown.failing) geometry", "\(one) with \(shown.passing) geometry")
        }
        if let property = rule.suffix(after: "ShouldHave"), let key = propertyKeys[property] {
            return ("\(one) with \"\(key)\": null", "\(one) with \"\(key)\": \(sampleValue(key: key, type: type))")
        }
        return nil
    }

    /// Rules whose code's example is about another of its cases.
    private static let byRule: [String: (failing: String, passing: String)] = [
        "FeatureMustHaveId": (
            #"{"type": "Feature", "feature_type": "unit", "geometry": {...}, "properties": {...}}"#,
            #"the same with "id": "3f2a9c1e-7b4d-4c1a-9e2f-5a6b7c8d9e0f""#
        ),
        "FeatureMustHaveFeatureType": (
            #"{"type": "Feature", "id": "3f2a9c1e-...", "geometry": {...}, "properties": {...}}"#, #"the same with "feature_type": "unit""#
        ),
        "FeatureTypeMustBeString": (
            #"{"type": "Feature", "id": "3f2a9c1e-...", "feature_type": 7, ...}"#,
            #"{"type": "Feature", "id": "3f2a9c1e-...", "feature_type": "unit", ...}"#
        ),
        "FileMustContainFeatureCollection": (
            #"`unit.geojson`: {"type": "Feature", ...}  (one feature, not a collection)"#,
            #"`unit.geojson`: {"type": "FeatureCollection", "features": [...]}"#
        ),
        "FeatureIdMustNotBeEmpty": (
            #"{"type": "Feature", "id": "", "feature_type": "unit", ...}"#,
            #"{"type": "Feature", "id": "3f2a9c1e-7b4d-4c1a-9e2f-5a6b7c8d9e0f", ...}"#
        ),
        "VenueHasNoDisplayPoint": (
            #"a venue with "display_point": null"#,
            #"a venue with "display_point": {"type": "Point", "coordinates": [30.3712, 60.0071]} inside its polygon"#
        ),
        "GeofenceMustHaveLevelOrBuildingReference": (
            #"a geofence with "level_ids": null and "building_ids": null"#, #"a geofence with "level_ids": ["a1b2c3d4-..."] naming a level"#
        ),
        "LevelMustBeReferencedByUnit": ("a level that no unit's `level_id` names", "a level with at least one unit on it"),
        "LevelShouldBeReferencedByOpening": (
            "a level with units and no opening whose `level_id` names it", "a level with the doors of its rooms as openings"
        ),
        "CorrelationIdMustBeMatched": (
            #"one amenity with "correlation_id": "5e6f7a8b-..." that no other amenity shares"#,
            "an elevator amenity on each floor, all with one `correlation_id`"
        ),
        "LevelIDsMustBeDissimilarForCorrelationID": (
            "two amenities on one level sharing a `correlation_id`", "amenities sharing a `correlation_id` each on a level of its own"
        ),
        "CategoryShouldBeSameForCorrelationID": (
            "an `elevator` amenity and a `stairs` amenity sharing a `correlation_id`", "`elevator` amenities sharing a `correlation_id`"
        ),
        "InvalidCorrelationID": (
            #"an amenity with "correlation_id": "lift-3""#, #"an amenity with "correlation_id": "5e6f7a8b-1c2d-4e3f-8a9b-0c1d2e3f4a5b""#
        ),
        "OpeningIsSuspiciouslySmall": ("a door LineString 0.3 m long", "a door LineString 0.9 m long"),
        "OpeningIsSuspiciouslyLarge": ("an opening LineString 60 m long", "an opening LineString 2.4 m long (a double door)"),
    ]

    /// The key a `...MustReferenceX` rule checks.
    private static func referenceKey(type: String, target: String) -> String? {
        switch (type, target) {
        case ("amenity", "Unit"): "unit_ids"
        case (_, "Unit"): "unit_id"
        case (_, "Level"): "level_id"
        case (_, "Building"): "building_ids"
        case (_, "Anchor"): "anchor_id"
        default: nil
        }
    }

    private static let propertyKeys: [String: String] = [
        "Category": "category", "Name": "name", "Ordinal": "ordinal", "ShortName": "short_name", "Address": "address_id",
        "AddressLine": "address", "CountryCode": "country", "Locality": "locality", "ProvinceCode": "province",
        "Hours": "hours", "Phone": "phone", "Website": "website", "PostalCode": "postal_code",
    ]

    private static func sampleValue(key: String, type: String) -> String {
        switch key {
        case "category":
            return validCategory(type).map { "\"\($0)\"" } ?? "\"unspecified\""
        case "name": return #"{"en": "Main Hall"}"#
        case "short_name": return #"{"en": "L1"}"#
        case "ordinal": return "0"
        case "address_id": return "the id of an address"
        case "address": return "\"Unter den Linden 6\""
        case "country": return "\"DE\""
        case "locality": return "\"Berlin\""
        case "province": return "\"DE-BE\""
        case "hours": return "\"Mo-Fr 08:00-18:00\""
        case "phone": return "\"+49 30 1234567\""
        case "website": return "\"https://example.org\""
        case "postal_code": return "\"10117\""
        default: return "a value"
        }
    }

    private static let geometryKinds: [(String, (failing: String, passing: String))] = [
        ("Point", ("a Polygon", "a Point")), ("Polygonal", ("a Point", "a Polygon (or MultiPolygon)")),
        ("Lineal", ("a Polygon", "a LineString (or MultiLineString)")), ("LineString", ("a Polygon", "a LineString")),
    ]

    /// A value of the type's category enumeration: `room` for units where it is one.
    private static func validCategory(_ type: String) -> String? {
        guard let categories = CategoryList(rawValue: type.uppercased() + "-CATEGORY") else { return nil }
        for preferred in ["room", "office", "pedestrian", "parking", "unspecified", "restroom", "ground"]
        where categories.contains(preferred) {
            return preferred
        }
        return categories.values.first
    }

    /// `an anchor`, `a unit` (said "you-nit").
    private static func article(_ word: String) -> String { "aeio".contains(word.first ?? "x") ? "an" : "a" }
}

extension String {
    /// What follows `marker` when the string is `Something` + `marker` + `Rest`.
    fileprivate func suffix(after marker: String) -> String? {
        guard let range = range(of: marker), range.lowerBound != startIndex else { return nil }
        let rest = String(self[range.upperBound...])
        return rest.isEmpty ? nil : rest
    }
}
