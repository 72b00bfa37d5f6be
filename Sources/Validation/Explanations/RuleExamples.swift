// Examples for Apple's rules that are one rule over several feature types or properties
// (`UnitMustReferenceLevel`, `FixtureCategoryMustBeValid`, `KioskHasInteriorRing`), worked out
// from the rule's name so each says which feature and which property it is about, and for the
// rules that share a finding code with others, whose code's example is about another of them.
// The rules of each topic are in a file of their own beside this one: what units and levels
// hold (C1, C2), shapes (G10, G11), property values (A5, F4c-F13), and references, hierarchy,
// addresses and names (R2-R8, F11, F12). A rule no pattern fits and no entry names is taught by
// its code's example (`CodeLessons`): a code that implements one rule only.

import IMDF

public enum RuleExamples {
    /// A failing and a passing feature, each a line of GeoJSON or of words.
    public typealias Example = (failing: String, passing: String)

    /// A failing and a passing feature for `rule`, listed under `feature` (`Unit`; `N/A`).
    public static func example(rule: String, feature: String) -> Example? {
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
        return contents(rule: rule) ?? shapes(rule: rule, type: type) ?? properties(rule: rule, type: type, one: one)
            ?? references(rule: rule, type: type, one: one)
    }

    /// Rules whose code's example is about another of its cases, written out: those of this file
    /// and those of each topic's file.
    private static let byRule: [String: Example] = [
        archiveAndCorrelationExamples, contentExamples, shapeExamples, propertyExamples, referenceExamples,
    ]
    .reduce(into: [:]) { all, table in all.merge(table) { first, _ in first } }

    /// Rules of the archive's structure, ids and geometry, correlated amenities and openings.
    private static let archiveAndCorrelationExamples: [String: Example] = [
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
            #"an elevator amenity on level 1 with "correlation_id": "5e6f7a8b-...", and no amenity on another floor sharing it"#,
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
        "OpeningIsSuspiciouslySmall": ("a door LineString 0.3 m long", "a door LineString 0.9 m long (at least 0.8382 m, 33 inches)"),
        "OpeningDisplayPointShouldBeWithinBufferedDistanceOfOpening": (
            #"an opening whose "display_point" lies 0.5 m beside its LineString"#,
            #"an opening whose "display_point" lies on its LineString (within \#(centimetres: SpatialRules.openingDisplayPointBuffer) of it)"#
        ),
        "InvalidFeatureID": (
            #"a unit with "id": "unit-12" (not a UUID), or a version 1 UUID"#,
            #"a unit with "id": "3f2a9c1e-7b4d-4c1a-9e2f-5a6b7c8d9e0f" (a version 4 UUID)"#
        ),
        "RelationshipHasGeometry": (
            #"a relationship with "geometry": {"type": "LineString", ...}"#,
            #"a relationship with "geometry": null (its origin and destination place it)"#
        ),
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

    static func sampleValue(key: String, type: String) -> String {
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
        case "display_point":
            // A building is unlocated: its footprints are where it is.
            let within = type == "building" ? "its footprints" : "its polygon"
            return #"{"type": "Point", "coordinates": [13.3777, 52.5163]} inside \#(within)"#
        case "building_ids": return "[the id of a building]"
        case "level_ids": return "[the id of a level]"
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
    static func article(_ word: String) -> String { "aeio".contains(word.first ?? "x") ? "an" : "a" }
}

extension String {
    /// What follows `marker` when the string is `Something` + `marker` + `Rest`.
    func suffix(after marker: String) -> String? {
        guard let range = range(of: marker), range.lowerBound != startIndex else { return nil }
        let rest = String(self[range.upperBound...])
        return rest.isEmpty ? nil : rest
    }

    /// What comes before `marker` when the string is `Something` + `marker` + `Rest`.
    func prefix(before marker: String) -> String? {
        guard let range = range(of: marker), range.lowerBound != startIndex else { return nil }
        return String(self[..<range.lowerBound])
    }

    /// What lies between `head` and `tail` when the string is `head` + `Middle` + `tail`.
    func middle(after head: String, before tail: String) -> String? {
        guard hasPrefix(head), hasSuffix(tail), count > head.count + tail.count else { return nil }
        return String(dropFirst(head.count).dropLast(tail.count))
    }

    /// A name's words in lower case: `AerialFootprints` is `aerial footprints`.
    var spelledOut: String {
        var words: [String] = []
        for character in self {
            if character.isUppercase || words.isEmpty { words.append("") }
            words[words.count - 1].append(character.lowercased())
        }
        return words.joined(separator: " ")
    }
}
