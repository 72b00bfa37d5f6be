// Examples for how shapes sit together (G10: equal, overlapping, crossing, coinciding) and what
// must cover what (G11), with the tolerances of the checks (SpatialRules, ShapeRules): overlaps
// under 0.1 m² are slivers, shapes within 0.1 m² or 1% of area are equal, points under 1 cm
// apart coincide.

extension RuleExamples {
    /// G10's and G11's rules of one shape, worked out from the name.
    static func shapes(rule: String, type: String) -> Example? {
        let sliver = "\(squareMetres: SpatialRules.overlapThreshold)"
        // `FixturesMustNotOverlap`, `LevelsShouldNotOverlap`, `SectionsOverlap`: two of a kind that
        // share area. Units are G8's, at a threshold of their own, and taught by its example.
        for ending in ["sMustNotOverlap", "sShouldNotOverlap", "sOverlap"] where rule.hasSuffix(ending) && !rule.hasPrefix("Units") {
            let plural = String(rule.dropLast(ending.count - 1)).spelledOut
            let scope = type == "level" ? " of one ordinal" : type == "footprint" ? "" : " on one level"
            return ("two \(plural)\(scope) overlapping by 2 m²", "two \(plural)\(scope) that meet along an edge, sharing under \(sliver)")
        }
        if let outer = rule.prefix(before: "MustNotContainOrEqual"), rule == "\(outer)MustNotContainOrEqual\(outer)" {
            let kind = outer.spelledOut
            return (
                "\(article(kind)) \(kind) lying within (or equal to) another \(kind)",
                "two \(kind.pluralNoun) side by side, neither within the other"
            )
        }
        for verb in ["MustNotEqual", "ShouldNotEqual"] {
            guard let first = rule.prefix(before: verb), let second = rule.suffix(after: verb) else { continue }
            let (one, other) = (first.spelledOut, second.spelledOut)
            if one == "amenity" || one == "anchor" {
                let apart = "\(centimetres: ShapeRules.coincidence)"
                return (
                    "\(article(one)) \(one) under \(apart) from another \(one) of its level",
                    "\(one.pluralNoun) of one level at least \(apart) apart"
                )
            }
            let equal = "differing by at most \(sliver), or 1% of area if more"
            if one == other {
                return (
                    "\(article(one)) \(one) whose polygon is another \(one)'s (\(equal))",
                    "\(one.pluralNoun) each with a polygon of its own, side by side"
                )
            }
            return (
                "\(article(one)) \(one) whose polygon is the outline of the \(other) it stands in (\(equal))",
                "\(article(one)) \(one) smaller than its \(other): a 2 m² counter in a 40 m² room"
            )
        }
        if let first = rule.prefix(before: "MustNotOverlap"), let second = rule.suffix(after: "MustNotOverlap") {
            let (one, other) = (first.spelledOut, second.spelledOut)
            return (
                "\(article(one)) \(one) overlapping \(article(other)) \(other) by 2 m²",
                "\(article(one)) \(one) beside \(article(other)) \(other), sharing under \(sliver)"
            )
        }
        // `FixtureMustBeCoveredByUnit`: inside one unit, up to the equality tolerance.
        if let first = rule.prefix(before: "MustBeCoveredByUnit"), rule.hasSuffix("MustBeCoveredByUnit") {
            let (one, other) = (first.spelledOut, "unit")
            return (
                "\(article(one)) 6 m² \(one) with 1 m² outside any one \(other) (across the wall into the next room)",
                "\(article(one)) \(one) inside one \(other) (at most \(sliver), or 1% of its area, outside)"
            )
        }
        if let first = rule.prefix(before: "MustContainReferencedAnchor") {
            let one = first.spelledOut
            return (
                #"\#(article(one)) \#(one) whose "anchor_id" names an anchor 2 m outside its polygon"#,
                "\(article(one)) \(one) whose anchor lies inside it (or within \(centimetres: SpatialRules.pointTolerance) of its edge)"
            )
        }
        // `IndoorLevelNotEqualToAerialFootprint`: the union of a building's indoor levels of some
        // ordinals against its footprint of one category.
        if let category = rule.middle(after: "IndoorLevelNotEqualTo", before: "Footprint")?.lowercased(),
            let ordinals = ShapeRules.levelsEqualFootprint.first(where: { $0.0 == category })?.1
        {
            let which = ordinals.lowerBound == ordinals.upperBound ? "0" : ordinals.lowerBound == 0 ? "0 and up" : "below 0"
            return (
                "a building whose \(category) footprint reaches 3 m beyond the outline of its indoor levels at ordinal \(which)",
                "a building whose indoor levels at ordinal \(which) together outline its \(category) footprint (within \(sliver), or 1% of area if more)"
            )
        }
        if let category = rule.middle(after: "LevelAnd", before: "FootprintShouldReferenceSameBuilding")?.lowercased() {
            return (
                #"a level of building A that overlaps, by 2 m², \#(article(category)) \#(category) footprint whose "building_ids" name only building B"#,
                "a level that lies over only footprints of its own building (or over others by under \(sliver))"
            )
        }
        return nil
    }

    /// G10's and G11's rules of their own shape.
    static let shapeExamples: [String: Example] = [
        "OpeningsMustNotCrossOrOverlap": (
            "two openings whose LineStrings cross, or run along each other for more than 1 cm",
            "two openings of one level that at most meet at an end"
        ),
        "DetailMustNotIntersectOpening": (
            "a detail LineString drawn across a door's opening", "a detail LineString that ends at the wall beside the opening"
        ),
        "OutdoorLevelShouldNotOverlapGroundFootprint": (
            #"a level with "outdoor": true and "ordinal": 0 overlapping a ground footprint by 20 m²"#,
            "the outdoor level drawn around the buildings' ground footprints, sharing under \(squareMetres: SpatialRules.overlapThreshold)"
        ),
        "GeofenceNotCoveredByReferencedLevel": (
            #"a geofence reaching 2 m beyond the outline of the level its "level_ids" name"#,
            "a geofence within its level (or within \(metres: SpatialRules.containmentTolerance) of its outline)"
        ),
        "GeofenceNotWithinReferencedBuildingFootprint": (
            #"a geofence reaching 3 m beyond the footprints of the buildings its "building_ids" name"#,
            "a geofence within those footprints (or within \(metres: SpatialRules.containmentTolerance) of them)"
        ),
        "AerialFootprintShouldCoverGroundFootprint": (
            "a ground footprint reaching 2 m beyond its building's aerial footprint (a porch drawn on the ground only)",
            "a ground footprint inside its building's aerial footprint"
        ),
        "GroundFootprintShouldIntersectSubterraneanFootprint": (
            "a subterranean footprint that neither overlaps nor touches any ground footprint",
            "a subterranean footprint under (or touching) a ground footprint"
        ),
        "LevelMustBeFullyCoveredByUnits": (
            "a 400 m² level with 30 m² of it in no unit (a corridor left undrawn)",
            "a level whose units leave at most 1 m² of it (or 1% of its area, if more) uncovered"
        ),
    ]
}
