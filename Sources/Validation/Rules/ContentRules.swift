// C1: what a unit (or kiosk) holds must suit its category. Nothing stands in an open-to-below
// void or inside a wall or column; an elevator, escalator, moving walkway or stairs unit holds
// only its own kind of amenity; a restroom holds restroom amenities of its own kind; a kiosk
// holds no elevator or stairs; a kiosk has an anchor or an amenity; a baggage carousel fixture
// without a carousel amenity has a name and a display point. "Holds" is spatial, as Apple has
// it: a point within 5 cm of the unit, a shape inside it (or, for structural units, overlapping it).

import Geometry
import IMDF

extension FindingCode {
    public static let C1 = FindingCode(
        "C1", .warning, "what a unit or kiosk holds does not suit its category",
        explanation: """
            what a unit holds does not suit its category (points within \(centimetres: SpatialRules.pointTolerance), shapes inside): \
            anything in an `opentobelow` unit, an amenity on `steps`, anything in a structural unit (`brick`, `column`, `wall`-like \
            categories), an amenity of another kind in an elevator, escalator, moving walkway or stairs unit, a restroom amenity of \
            another kind in a restroom unit (a specific one in a generic `restroom`: info), an elevator or stairs amenity in a kiosk; a \
            kiosk with no anchor and no amenity; a baggage carousel fixture without a name or display point and no carousel amenity
            """)
}

enum ContentRules {
    static let structuralCategories: Set<String> = ["brick", "column", "concrete", "drywall", "glass", "structure", "wood"]
    /// Unit categories that may hold only amenities of the same category.
    static let ownKindOnly: [String: AppleRule] = [
        "elevator": AppleRule("Amenity", "ElevatorUnitMayOnlyContainElevatorAmenity", .C1),
        "escalator": AppleRule("Amenity", "EscalatorUnitMayOnlyContainEscalatorAmenity", .C1),
        "movingwalkway": AppleRule("Amenity", "MovingWalkwayUnitMayOnlyContainMovingWalkwayAmenity", .C1),
        "stairs": AppleRule("Amenity", "StairsUnitMayOnlyContainStairsAmenity", .C1),
    ]
    static let amenityInVoid = AppleRule("Amenity", "OpenToBelowUnitMustNotContainAmenity", .C1)
    static let amenityOnSteps = AppleRule("Amenity", "StepsUnitMustNotContainAmenity", .C1)
    static let amenityInStructure = AppleRule("Amenity", "StructuralUnitMustNotContainAmenity", .C1)
    static let anchorInVoid = AppleRule("Anchor", "OpenToBelowUnitMustNotContainAnchor", .C1)
    static let anchorInStructure = AppleRule("Anchor", "StructuralUnitMustNotContainAnchor", .C1)
    static let fixtureInVoid = AppleRule("Fixture", "OpenToBelowUnitMustNotContainFixture", .C1)
    static let fixtureInStructure = AppleRule("Fixture", "StructuralUnitMustNotContainFixture", .C1)
    static let kioskInVoid = AppleRule("Kiosk", "OpenToBelowUnitMustNotContainKiosk", .C1)
    static let kioskInStructure = AppleRule("Kiosk", "StructuralUnitMustNotContainKiosk", .C1)
    static let restroomHierarchy = AppleRule("Amenity", "RestroomUnitMayOnlyContainAmenityFromRestroomHierarchy", .C1)
    static let genericRestroom = AppleRule("Amenity", "GenericRestroomUnitCategoryContainsSpecificRestroomAmenityCategory", .C1)
    static let femaleRestroom = AppleRule("Amenity", "FemaleRestroomUnitMustNotContainRestroomAmenityCategory", .C1)
    static let maleRestroom = AppleRule("Amenity", "MaleRestroomUnitMustNotContainRestroomAmenityCategory", .C1)
    static let familyOrUnisexRestroom = AppleRule("Amenity", "RestroomUnitCategoryShouldNotContainRestroomAmenityCategory", .C1)
    static let kioskAmenity = AppleRule("Amenity", "KioskMustNotContainAmenityCategory", .C1)
    static let kioskAnchorOrAmenity = AppleRule("Kiosk", "KioskShouldHaveAnchorOrContainAmenity", .C1)
    static let carouselNameAndPoint = AppleRule("Fixture", "BaggageCarouselFixtureShouldHaveDisplayPointAndName", .C1)
    static let carouselName = AppleRule("Fixture", "BaggageCarouselFixtureShouldHaveName", .C1)

    static let declarations = RuleDeclarations(
        codes: [.C1],
        rules: ownKindOnly.values.sorted { $0.name < $1.name } + [
            amenityInVoid, amenityOnSteps, amenityInStructure, anchorInVoid, anchorInStructure, fixtureInVoid, fixtureInStructure,
            kioskInVoid, kioskInStructure, restroomHierarchy, genericRestroom, femaleRestroom, maleRestroom, familyOrUnisexRestroom,
            kioskAmenity, kioskAnchorOrAmenity, carouselNameAndPoint, carouselName,
        ])

    /// Amenity categories a kiosk must not hold.
    static let notInKiosks: Set<String> = ["elevator", "escalator", "movingwalkway", "stairs"]

    /// The restroom kind of a category (`female` for `restroom.female.wheelchair`); "" for plain
    /// `restroom` and `restroom.wheelchair`; nil outside the restroom hierarchy.
    static func restroomKind(_ category: String) -> String? {
        guard category == "restroom" || category.hasPrefix("restroom.") else { return nil }
        let kind = category.split(separator: ".").dropFirst().first.map(String.init) ?? ""
        return kind == "wheelchair" ? "" : kind
    }

    /// Unit categories that restrict what a unit holds: only these need a spatial look.
    static func restricts(_ category: String) -> Bool {
        category == "opentobelow" || category == "steps" || structuralCategories.contains(category) || ownKindOnly[category] != nil
            || restroomKind(category) != nil
    }

    /// The rule an amenity of `amenity` category breaks inside a unit of `unit` category, if any.
    static func amenityRule(unit: String, amenity: String) -> AppleRule? {
        if unit == "opentobelow" { return amenityInVoid }
        if unit == "steps" { return amenityOnSteps }
        if structuralCategories.contains(unit) { return amenityInStructure }
        if let rule = ownKindOnly[unit] { return amenity == unit ? nil : rule }
        guard let unitKind = restroomKind(unit) else { return nil }
        guard let amenityKind = restroomKind(amenity) else { return restroomHierarchy }
        switch unitKind {
        case "": return amenityKind.isEmpty ? nil : genericRestroom
        case "female": return ["family", "male", "transgender", "unisex"].contains(amenityKind) ? femaleRestroom : nil
        case "male": return ["family", "female", "transgender", "unisex"].contains(amenityKind) ? maleRestroom : nil
        case "family": return ["female", "male", "transgender", "unisex"].contains(amenityKind) ? familyOrUnisexRestroom : nil
        case "unisex": return ["family", "female", "male", "transgender"].contains(amenityKind) ? familyOrUnisexRestroom : nil
        default: return nil
        }
    }
}

extension LevelChecker {
    /// C1 on one level.
    mutating func checkContents(
        _ levelID: String, _ features: [Feature], _ units: [Feature], _ unitShapes: [[Polygon]?], _ index: SpatialIndex<Int>
    ) {
        let categories = units.map { $0.string(.category) ?? "" }
        /// The restricting units within the point tolerance of a point.
        func unitsHolding(_ point: Point) -> [Int] {
            let probe = Bounds(point: point).expanded(by: SpatialRules.pointTolerance)
            return index.query(probe).filter { number in
                ContentRules.restricts(categories[number])
                    && unitShapes[number].map { engine.distance(from: point, to: $0) <= SpatialRules.pointTolerance } == true
            }
        }
        let kiosks = features.filter { $0.imdfType == .kiosk }
        let kioskShapes = kiosks.map { polygons(of: $0) }
        var kiosksWithAmenity = Set<Int>()
        var amenityPoints: [(String, Point)] = []
        for feature in shared.byUnitLevel[levelID] ?? [] {
            guard case .point(let position)? = feature.geometry else { continue }
            let point = projector.point(position)
            if feature.imdfType == .amenity {
                let category = feature.string(.category) ?? ""
                amenityPoints.append((category, point))
                for number in unitsHolding(point) {
                    if let rule = ContentRules.amenityRule(unit: categories[number], amenity: category) {
                        findings.append(
                            finding(
                                rule,
                                "\(context.describe(feature)) (\(category)) is in \(context.describe(units[number])) (\(categories[number]))",
                                feature, at: point))
                    }
                }
                for (number, shapes) in kioskShapes.enumerated() {
                    guard let shapes, engine.distance(from: point, to: shapes) <= SpatialRules.pointTolerance else { continue }
                    kiosksWithAmenity.insert(number)
                    if ContentRules.notInKiosks.contains(category) {
                        findings.append(
                            finding(
                                ContentRules.kioskAmenity,
                                "\(context.describe(feature)) (\(category)) is in \(context.describe(kiosks[number]))", feature, at: point))
                    }
                }
            } else {
                for number in unitsHolding(point) {
                    let rule =
                        categories[number] == "opentobelow"
                        ? ContentRules.anchorInVoid
                        : ContentRules.structuralCategories.contains(categories[number]) ? ContentRules.anchorInStructure : nil
                    if let rule {
                        findings.append(
                            finding(
                                rule,
                                "anchor \(context.short(feature.id)) is in \(context.describe(units[number])) (\(categories[number]))",
                                feature, at: point))
                    }
                }
            }
        }
        for (number, kiosk) in kiosks.enumerated() where kiosk.string(.anchorID) == nil && !kiosksWithAmenity.contains(number) {
            findings.append(
                finding(ContentRules.kioskAnchorOrAmenity, "\(context.describe(kiosk)) has no anchor and holds no amenity", kiosk))
        }
        for feature in features where feature.imdfType == .fixture || feature.imdfType == .kiosk {
            guard let shapes = polygons(of: feature) else { continue }
            let isFixture = feature.imdfType == .fixture
            let bounds = shapes.reduce(Bounds.empty) { $0.union($1.bounds) }
            for number in index.query(bounds) {
                guard let unitShape = unitShapes[number] else { continue }
                let category = categories[number]
                if category == "opentobelow", isCovered(shapes, by: unitShape) {
                    findings.append(
                        finding(
                            isFixture ? ContentRules.fixtureInVoid : ContentRules.kioskInVoid,
                            "\(context.describe(feature)) is in \(context.describe(units[number])) (opentobelow)", feature))
                } else if ContentRules.structuralCategories.contains(category),
                    engine.intersectionArea(shapes, unitShape) > SpatialRules.overlapThreshold
                {
                    findings.append(
                        finding(
                            isFixture ? ContentRules.fixtureInStructure : ContentRules.kioskInStructure,
                            "\(context.describe(feature)) overlaps \(context.describe(units[number])) (\(category))", feature))
                }
            }
            if isFixture, feature.string(.category) == "baggagecarousel",
                !amenityPoints.contains(where: {
                    $0.0 == "baggagecarousel" && engine.distance(from: $0.1, to: shapes) <= SpatialRules.pointTolerance
                })
            {
                let named = !ExpectedProperties.isEmpty(feature.property(.name))
                if feature.point(.displayPoint) == nil {
                    let missing = named ? "a display_point" : "a name or a display_point"
                    findings.append(
                        finding(
                            ContentRules.carouselNameAndPoint,
                            "baggage carousel \(context.describe(feature)) has no \(missing), and no carousel amenity", feature))
                } else if !named {
                    findings.append(
                        finding(
                            ContentRules.carouselName, "baggage carousel \(context.describe(feature)) has no name and no carousel amenity",
                            feature))
                }
            }
        }
    }
}
