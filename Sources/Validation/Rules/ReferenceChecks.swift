// R1, R2, R4, R5: every *_id / *_ids names an existing feature of the right type (REFERENCE.md
// 5), FEATURE-REFERENCEs resolve, features nothing refers to are noted, and buildings and the
// venue have what they hold.

import IMDF

extension FindingCode {
    public static let R1 = FindingCode(
        "R1", .error, "reference does not resolve to a feature of the right type",
        explanation: "a `*_id`/`*_ids` reference names no feature, or one of the wrong type",
        repair: "`set REF key=...`")
    public static let R2 = FindingCode(
        "R2", .error, "FEATURE-REFERENCE does not resolve",
        explanation: """
            a FEATURE-REFERENCE (`{"id", "feature_type"}`) does not resolve or its type is wrong (a relationship's origin, intermediary, \
            destination: Apple's `InvalidRelationshipOriginReference`, ...)
            """)
    public static let R4 = FindingCode(
        "R4", .info, "feature nothing refers to",
        explanation: """
            an address no feature uses (error, Apple's `AddressMustBeReferenced`), a level no unit refers to (error, \
            `LevelMustBeReferencedByUnit`; G11 reports the same level under `LevelMustBeFullyCoveredByUnits`), a level no opening refers \
            to (warning, `LevelShouldBeReferencedByOpening`)
            """,
        repair: "`delete REF` for an address")
    public static let R5 = FindingCode(
        "R5", .error, "building without a level or a footprint, or venue without a building",
        explanation: """
            a building no level or no footprint refers to, a venue with no building (Apple: `BuildingHasNoLevel`, \
            `BuildingMustHaveAtLeastOneFootprint`, `VenueMustHaveAtLeastOneBuilding`)
            """)
}

enum ReferenceChecks {
    static let unresolvable = AppleRule("N/A", "ReferencedFeatureIDMustBeResolvable", .R1)
    /// The rule a broken FEATURE-REFERENCE of a relationship breaks, by key.
    static let relationshipReference: [String: AppleRule] = [
        PropertyKey.origin.rawValue: AppleRule("Relationship", "InvalidRelationshipOriginReference", .R2),
        PropertyKey.intermediary.rawValue: AppleRule("Relationship", "InvalidRelationshipIntermediaryReference", .R2),
        PropertyKey.destination.rawValue: AppleRule("Relationship", "InvalidRelationshipDestinationReference", .R2),
    ]
    static let addressUsed = AppleRule("Address", "AddressMustBeReferenced", .R4)
    static let buildingLevels = AppleRule("Building", "BuildingHasNoLevel", .R5)
    static let buildingFootprints = AppleRule("Building", "BuildingMustHaveAtLeastOneFootprint", .R5)
    static let venueBuildings = AppleRule("Venue", "VenueMustHaveAtLeastOneBuilding", .R5)

    static let declarations = RuleDeclarations(
        codes: [.R1, .R2, .R4, .R5],
        rules: [unresolvable] + relationshipReference.values.sorted { $0.name < $1.name } + [
            addressUsed, buildingLevels, buildingFootprints, venueBuildings,
        ])

    /// The properties of each type's schema that name other features, in schema order.
    static let referenceSpecs: [FeatureType: [PropertySpec]] = Dictionary(
        uniqueKeysWithValues: FeatureType.allCases.map { type in
            (
                type,
                type.schema.filter { spec in
                    switch spec.kind {
                    case .reference, .referenceArray, .featureReference, .featureReferenceArray: true
                    default: false
                    }
                }
            )
        })

    static func check(_ place: FeaturePlace, _ context: ValidationContext, into findings: inout [Finding]) {
        for spec in referenceSpecs[place.type]! {
            guard let value = place.feature.properties[spec.key], !value.isNull else { continue }
            switch spec.kind {
            case .reference(let target):
                guard let id = value.stringValue else {
                    findings.append(place.finding(.F4t, "\"\(spec.key)\" must be an id string, found \(value.kindName)"))
                    continue
                }
                if !resolve(id, spec.key, target, place, context, into: &findings) {
                    referencesNone(spec, target, place, into: &findings)
                }
            case .referenceArray(let target):
                guard let items = value.arrayValue else {
                    findings.append(place.finding(.F4t, "\"\(spec.key)\" must be an array of ids, found \(value.kindName)"))
                    continue
                }
                if items.isEmpty && spec.isRequired {
                    findings.append(
                        place.finding(
                            .F4, "\"\(spec.key)\" is empty; it needs at least one \(target.rawValue)",
                            rule: PropertyChecks.requiredRules[spec.key]?[place.type]))
                }
                var resolved = false
                for item in items {
                    guard let id = item.stringValue else {
                        findings.append(place.finding(.F4t, "\"\(spec.key)\" must hold id strings, found \(item.kindName)"))
                        continue
                    }
                    if resolve(id, spec.key, target, place, context, into: &findings) { resolved = true }
                }
                if !items.isEmpty && !resolved { referencesNone(spec, target, place, into: &findings) }
            case .featureReference:
                checkFeatureReference(value, spec.key, place, context, into: &findings)
            case .featureReferenceArray:
                for item in value.arrayValue ?? [] { checkFeatureReference(item, spec.key, place, context, into: &findings) }
            default:
                break
            }
        }
    }

    /// A reference Apple requires (`OccupantMustReferenceAnchor`) that names no feature of its type
    /// breaks that rule as well as `ReferencedFeatureIDMustBeResolvable`: each rule is reported, the
    /// second as F4 (a required reference that references nothing), without a repair of its own
    /// (R1's repair mends both).
    static func referencesNone(_ spec: PropertySpec, _ target: FeatureType, _ place: FeaturePlace, into findings: inout [Finding]) {
        guard spec.isRequired, let rule = PropertyChecks.requiredRules[spec.key]?[place.type] else { return }
        findings.append(
            place.finding(
                rule, "\"\(spec.key)\" names no \(target.rawValue), so the \(place.type.rawValue) references none (R1 names the id)"))
    }

    /// Whether `id` names a feature of the `target` type; a finding when it does not.
    @discardableResult
    static func resolve(
        _ id: String, _ key: String, _ target: FeatureType, _ place: FeaturePlace, _ context: ValidationContext,
        into findings: inout [Finding]
    ) -> Bool {
        guard let referencedType = context.featureType(ofID: id) else {
            findings.append(
                place.finding(
                    unresolvable, "\(key) \(id.isEmpty ? "\"\"" : id) names no feature (expected a \(target.rawValue))",
                    fix: Fix(
                        "point \(key) at an existing \(target.rawValue)",
                        repair: .choose(feature: place.feature.id, key: key, .reference(target)))))
            return false
        }
        if referencedType != target.rawValue {
            findings.append(place.finding(unresolvable, "\(key) \(id) is a \(referencedType), not a \(target.rawValue)"))
            return false
        }
        return true
    }

    static func checkFeatureReference(
        _ value: JSONValue, _ key: String, _ place: FeaturePlace, _ context: ValidationContext, into findings: inout [Finding]
    ) {
        // A relationship's origin, intermediary and destination each have a rule of Apple's.
        let rule = place.type == .relationship ? relationshipReference[key] : nil
        guard let reference = FeatureReference(json: value) else {
            findings.append(place.finding(.R2, "\(key) must be {\"id\": ..., \"feature_type\": ...}", rule: rule))
            return
        }
        guard let referencedType = context.featureType(ofID: reference.id) else {
            findings.append(place.finding(.R2, "\(key) \(reference.id) names no feature", rule: rule))
            return
        }
        if referencedType != reference.featureType {
            findings.append(
                place.finding(.R2, "\(key) says \(reference.featureType), but \(reference.id) is a \(referencedType)", rule: rule))
        }
    }

    /// R4: addresses no feature uses (levels without units or openings: HierarchyRules).
    static func orphans(_ context: ValidationContext) -> [Finding] {
        var used = Set<String>()
        for collection in context.archive.collections.values {
            for feature in collection.features {
                if let address = feature.string(.addressID) { used.insert(address) }
            }
        }
        var findings: [Finding] = []
        for (type, file, collection) in context.imdfCollections where type == .address {
            for feature in collection.features where !used.contains(feature.id) {
                findings.append(
                    Finding(
                        addressUsed, "address \(context.short(feature.id)) is not used by any feature", feature: feature, file: file,
                        fix: Fix("delete it", repair: .delete(feature: feature.id))))
            }
        }
        return findings + hierarchy(context)
    }

    /// R5: every building has a level and a footprint, and the venue has a building.
    static func hierarchy(_ context: ValidationContext) -> [Finding] {
        let archive = context.archive
        var withLevels = Set<String>()
        var withFootprints = Set<String>()
        for level in archive.features(of: .level) { withLevels.formUnion(level.strings(.buildingIDs) ?? []) }
        for footprint in archive.features(of: .footprint) { withFootprints.formUnion(footprint.strings(.buildingIDs) ?? []) }
        var findings: [Finding] = []
        for building in archive.features(of: .building) {
            let file = context.fileName(of: building)
            if !withLevels.contains(building.id) {
                findings.append(
                    Finding(buildingLevels, "\(context.describe(building)) has no level", feature: building, file: file))
            }
            if !withFootprints.contains(building.id) {
                findings.append(
                    Finding(buildingFootprints, "\(context.describe(building)) has no footprint", feature: building, file: file))
            }
        }
        if let venue = archive.features(of: .venue).first, archive.features(of: .building).isEmpty {
            findings.append(
                Finding(venueBuildings, "the venue has no building", feature: venue, file: context.fileName(of: venue)))
        }
        return findings
    }
}
