// Examples for what a unit, kiosk or level holds (C1, ContentRules) and for parking (C2,
// ParkingRules). "Holds" is spatial as the checks have it: an amenity or anchor within 5 cm of
// the unit, a fixture or kiosk inside an open-to-below unit or overlapping a structural one.

extension RuleExamples {
    /// The unit category a C1 rule's name stands for: a structural unit is shown as a column.
    private static let unitKinds: [String: String] = [
        "OpenToBelow": "opentobelow", "Structural": "column", "Steps": "steps", "Elevator": "elevator", "Escalator": "escalator",
        "MovingWalkway": "movingwalkway", "Stairs": "stairs",
    ]

    /// `<Kind>UnitMayOnlyContain<Kind>Amenity` and `<Kind>UnitMustNotContain<Feature>`.
    static func contents(rule: String) -> Example? {
        if let kind = rule.prefix(before: "UnitMayOnlyContain"), let category = unitKinds[kind],
            rule == "\(kind)UnitMayOnlyContain\(kind)Amenity"
        {
            let other = category == "elevator" ? "stairs" : "elevator"
            return (
                #"a unit of category "\#(category)" holding an amenity of category "\#(other)""#,
                #"a unit of category "\#(category)" holding only an amenity of category "\#(category)""#
            )
        }
        guard let kind = rule.prefix(before: "UnitMustNotContain"), let category = unitKinds[kind],
            let held = rule.suffix(after: "UnitMustNotContain")
        else { return nil }
        let feature = held.lowercased()
        let unit = #"a unit of category "\#(category)""#
        let tolerance = "\(centimetres: SpatialRules.pointTolerance)"
        if feature == "amenity" || feature == "anchor" {
            // A point is held within the point tolerance of the unit.
            return (
                "\(article(feature)) \(feature) inside \(unit) (or within \(tolerance) of its edge)",
                #"the \#(feature) in the unit of category "room" beside it, more than \#(tolerance) from the \#(category)"#
            )
        }
        guard feature == "fixture" || feature == "kiosk" else { return nil }
        if category == "opentobelow" {
            // A shape is held when the void covers it.
            return (
                "\(article(feature)) \(feature) drawn inside \(unit)", #"the \#(feature) inside a unit of category "room" beside the void"#
            )
        }
        // A structural unit holds a shape that overlaps it by more than the sliver threshold.
        return (
            "\(article(feature)) \(feature) overlapping \(unit) by 0.5 m²",
            "the \(feature) drawn up to the \(category)'s outline, overlapping it by under \(squareMetres: SpatialRules.overlapThreshold)"
        )
    }

    /// C1's restroom, kiosk and carousel rules, and C2's.
    static let contentExamples: [String: Example] = [
        "RestroomUnitMayOnlyContainAmenityFromRestroomHierarchy": (
            #"a unit of category "restroom.female" holding an amenity of category "atm""#,
            #"a unit of category "restroom.female" holding only an amenity of category "restroom.female""#
        ),
        "GenericRestroomUnitCategoryContainsSpecificRestroomAmenityCategory": (
            #"a unit of category "restroom" holding an amenity of category "restroom.female""#,
            #"a unit of category "restroom" holding an amenity of category "restroom" (or "restroom.wheelchair")"#
        ),
        "FemaleRestroomUnitMustNotContainRestroomAmenityCategory": (
            #"a unit of category "restroom.female" holding an amenity of category "restroom.male""#,
            #"a unit of category "restroom.female" holding an amenity of category "restroom.female.wheelchair""#
        ),
        "MaleRestroomUnitMustNotContainRestroomAmenityCategory": (
            #"a unit of category "restroom.male" holding an amenity of category "restroom.unisex""#,
            #"a unit of category "restroom.male" holding an amenity of category "restroom.male""#
        ),
        "RestroomUnitCategoryShouldNotContainRestroomAmenityCategory": (
            #"a unit of category "restroom.family" (or "restroom.unisex") holding an amenity of category "restroom.female""#,
            #"a unit of category "restroom.family" holding an amenity of category "restroom.family""#
        ),
        "KioskMustNotContainAmenityCategory": (
            #"a kiosk holding an amenity of category "elevator" (or "escalator", "movingwalkway", "stairs")"#,
            #"a kiosk holding an amenity of category "information""#
        ),
        "KioskShouldHaveAnchorOrContainAmenity": (
            #"a kiosk with "anchor_id": null and no amenity inside it"#,
            #"a kiosk whose "anchor_id" names an anchor inside it, or that holds an amenity"#
        ),
        "BaggageCarouselFixtureShouldHaveDisplayPointAndName": (
            #"a fixture of category "baggagecarousel" with "display_point": null and no "baggagecarousel" amenity on it"#,
            #"the fixture with a "display_point" and "name": {"en": "Belt 3"} (or a "baggagecarousel" amenity on it)"#
        ),
        "BuildingCategoryShouldBeParking": (
            #"a building of category "unspecified" whose levels are all of category "parking""#,
            #"the building of category "parking""#
        ),
        "ParkingBuildingReferencingNonParkingLevel": (
            #"a building of category "parking" with a level of category "unspecified""#,
            #"a building of category "parking" whose levels are all of category "parking""#
        ),
        "ParkingLevelShouldContainParkingUnit": (
            #"a level of category "parking" whose units are of category "walkway" and "room" only"#,
            #"a level of category "parking" with units of category "parking""#
        ),
        "ParkingUnitShouldBeContainedByParkingLevel": (
            #"a level of category "unspecified" whose units are all of category "parking""#,
            #"the level of category "parking""#
        ),
        "ParkingUnitIsNotContainedByParkingLevel": (
            #"a level of category "unspecified" holding units of category "parking" beside a unit of category "foodservice""#,
            #"a level of category "unspecified" holding units of category "parking" beside only "office", "platform", "room" or "unenclosedarea" units"#
        ),
        "ParkingLevelShouldHaveAutomobileOpening": (
            #"a building's parking level nearest the ground (ordinal 0) with no opening of category "automobile""#,
            #"that level with an opening of category "automobile" (the way in for cars)"#
        ),
    ]
}
