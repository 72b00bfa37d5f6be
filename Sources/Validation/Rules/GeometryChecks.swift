// T1-T4: the geometry type each feature type allows (REFERENCE.md 7.3), valid GeoJSON (closed
// rings of four or more positions, longitudes and latitudes in range), winding, display points.

import IMDF

extension FindingCode {
    public static let T1 = FindingCode(
        "T1", .error, "geometry type not allowed for the feature type",
        explanation: """
            the geometry type is not the one the feature type allows (e.g. a building with a Polygon: buildings are unlocated; an opening \
            as a MultiLineString, whose parts G1 and G4 still check; Apple: `OpeningMustHaveLineStringGeometry`, \
            `UnitMustHavePolygonalGeometry`, ...); a relationship with a geometry is noted (info, `RelationshipHasGeometry`); a \
            geometry on a building, address or occupant is a check of ours: the IMDF schema makes them unlocated, and Apple's list has no \
            rule on their geometry
            """,
        repair: "`flatten REF` for a one-part Multi geometry; `set REF geometry=null` for a building")
    public static let T2 = FindingCode(
        "T2", .error, "geometry is not valid GeoJSON",
        explanation: """
            the geometry is not valid GeoJSON: unclosed ring, fewer than 4 positions, coordinates out of range or not finite (`1e999`), \
            null or empty coordinates
            """)
    public static let T3 = FindingCode(
        "T3", .warning, "exterior ring not counter-clockwise",
        explanation: """
            an exterior ring runs clockwise (RFC 7946 asks for counter-clockwise); a check of ours: Apple's list has no rule on winding
            """)
    public static let T4 = FindingCode(
        "T4", .error, "display_point is not a valid Point",
        explanation: "`display_point` is not a valid GeoJSON Point (e.g. `\"coordinates\": null`)",
        repair: "recompute it")
}

enum GeometryChecks {
    /// T1: Apple's rule on the geometry of each located type (`UnitMustHavePolygonalGeometry`);
    /// Apple has none for the unlocated types (address, building, occupant) nor a relationship's.
    static let geometryType = AppleRuleFamily(.T1, over: FeatureType.allCases.filter { ![.none, .any].contains($0.geometryRule) }) {
        let shape =
            switch $0.geometryRule {
            case .point: "Point"
            case .lineString: "LineString"
            case .lineal: "Lineal"
            default: "Polygonal"
            }
        return "\($0.appleName)MustHave\(shape)Geometry"
    }
    static let relationshipGeometry = AppleRule("Relationship", "RelationshipHasGeometry", .T1)
    /// T2: Apple counts every defect of a geometry against the file.
    static let invalidGeoJSON = AppleRule("N/A", "FileMustBeValidGeoJSON", .T2)
    /// T4: for a display_point on any feature, whether its schema has one or not.
    static let displayPointIsAPoint = AppleRuleFamily(.T4, over: FeatureType.allCases) { _ in "DisplayPointMustBePointGeometry" }

    static let declarations = RuleDeclarations(
        codes: [.T1, .T2, .T3, .T4], rules: [relationshipGeometry, invalidGeoJSON], families: [geometryType, displayPointIsAPoint])

    static func check(_ place: FeaturePlace, into findings: inout [Finding]) {
        let rule = place.type.geometryRule
        switch place.feature.geometryMember {
        case .absent:
            break  // F1
        case .null:
            if !rule.allows(nil) {
                findings.append(
                    place.finding(
                        .T1, "geometry is null; a \(place.type.rawValue) needs \(rule.description)", rule: geometryType[place.type]))
            }
        case .malformed(let value):
            findings.append(place.finding(invalidGeoJSON, "geometry is not a valid GeoJSON geometry: \(describe(value))"))
        case .geometry(let wrapped):
            if !rule.allows(wrapped.geometry) {
                var fix: Fix?
                if rule == .none {
                    fix = Fix(
                        "remove the geometry (IMDF keeps a building's extent in its footprints)",
                        repair: .removeGeometry(feature: place.feature.id))
                } else if wrapped.geometry.isOnePartCollection, rule.allows(wrapped.geometry.singlePart) {
                    fix = Fix("make it the \(wrapped.geometry.singlePart.typeName) it holds", repair: .flatten(feature: place.feature.id))
                }
                findings.append(
                    place.finding(
                        .T1, "geometry is a \(wrapped.geometry.typeName); a \(place.type.rawValue) needs \(rule.description)",
                        rule: geometryType[place.type], fix: fix))
            }
            checkGeoJSON(wrapped.geometry, place, into: &findings)
            InteriorRings.check(place, into: &findings)
            if place.type == .relationship {
                findings.append(
                    Finding(
                        relationshipGeometry, "relationship \(place.shortID) has a geometry (\(wrapped.geometry.typeName))",
                        feature: place.feature, file: place.file))
            }
        }
        if let value = place.feature.property(.displayPoint), !value.isNull {
            if case .point(let position)? = GeoJSONGeometry(json: value)?.geometry {
                if !position.isLongitudeLatitude {
                    findings.append(
                        place.finding(
                            .T4, "display_point [\(position.x), \(position.y)] is outside longitude/latitude range",
                            rule: displayPointIsAPoint[place.type]))
                }
            } else {
                findings.append(
                    place.finding(
                        .T4, "display_point is not a GeoJSON Point: \(describe(value))", rule: displayPointIsAPoint[place.type],
                        fix: Fix(
                            "recompute it (a point inside the geometry)",
                            repair: .unset(feature: place.feature.id, key: PropertyKey.displayPoint.rawValue))))
            }
        }
    }

    static func describe(_ value: JSONValue) -> String {
        let text = value.inlineText
        return text.count > 80 ? String(text.prefix(77)) + "..." : text
    }

    static func checkGeoJSON(_ geometry: Geometry, _ place: FeaturePlace, into findings: inout [Finding]) {
        var outOfRange: Position?
        geometry.forEachPosition { position in
            if outOfRange == nil && !position.isLongitudeLatitude { outOfRange = position }
        }
        if let position = outOfRange {
            findings.append(
                place.finding(
                    invalidGeoJSON, "coordinate [\(position.x), \(position.y)] is not a longitude/latitude (longitude first, in degrees)"))
        }
        func checkRings(_ rings: [[Position]], polygon: Int?) {
            let which = polygon.map { "polygon \($0 + 1), " } ?? ""
            for (number, ring) in rings.enumerated() {
                let name = number == 0 ? "exterior ring" : "hole \(number)"
                if ring.count < 4 {
                    findings.append(place.finding(invalidGeoJSON, "\(which)\(name) has \(ring.count) positions; a ring needs at least 4"))
                } else if ring.first != ring.last {
                    findings.append(
                        place.finding(invalidGeoJSON, "\(which)\(name) is not closed (its last position differs from its first)"))
                } else if number == 0 && signedArea(ring) < 0 {
                    findings.append(place.finding(.T3, "\(which)exterior ring runs clockwise (RFC 7946 asks for counter-clockwise)"))
                }
            }
        }
        switch geometry {
        case .polygon(let rings):
            // An empty Polygon is legal GeoJSON, but a feature's shape with no area is no shape.
            if rings.isEmpty { findings.append(place.finding(invalidGeoJSON, "Polygon has no rings (empty coordinates)")) }
            checkRings(rings, polygon: nil)
        case .multiPolygon(let polygons):
            if polygons.isEmpty { findings.append(place.finding(invalidGeoJSON, "MultiPolygon has no polygons (empty coordinates)")) }
            for (number, rings) in polygons.enumerated() {
                if rings.isEmpty {
                    findings.append(place.finding(invalidGeoJSON, "polygon \(number + 1) of the MultiPolygon has no rings"))
                }
                checkRings(rings, polygon: number)
            }
        case .lineString(let line):
            if line.count < 2 {
                findings.append(place.finding(invalidGeoJSON, "LineString has \(line.count) positions; it needs at least 2"))
            }
        case .multiLineString(let lines):
            if lines.isEmpty { findings.append(place.finding(invalidGeoJSON, "MultiLineString has no lines (empty coordinates)")) }
            if lines.contains(where: { $0.count < 2 }) {
                findings.append(place.finding(invalidGeoJSON, "a line of the MultiLineString has fewer than 2 positions"))
            }
        case .multiPoint(let points):
            if points.isEmpty { findings.append(place.finding(invalidGeoJSON, "MultiPoint has no points (empty coordinates)")) }
        case .point, .geometryCollection:
            break
        }
    }

    /// Twice the signed area in degrees²: positive for counter-clockwise rings. The sign is all
    /// that is needed, and a local linear map to metres would not change it.
    static func signedArea(_ ring: [Position]) -> Double {
        var sum = 0.0
        for (a, b) in zip(ring, ring.dropFirst()) { sum += (a.x - ring[0].x) * (b.y - ring[0].y) - (b.x - ring[0].x) * (a.y - ring[0].y) }
        return sum
    }
}
