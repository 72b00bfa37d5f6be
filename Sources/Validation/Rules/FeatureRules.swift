// One pass over every IMDF feature: structure and ids (F1-F3), properties against the type's
// schema (F4-F8, O1), geometry type and GeoJSON validity (T1-T4), references (R1, R2).

import IMDF

extension FindingCode {
    public static let F1 = FindingCode(
        "F1", .error, "feature structure (type, id, feature_type, geometry, properties)",
        explanation: "a feature's `type` is not \"Feature\", `geometry` or `properties` missing or null, a property key repeated")
    public static let F2 = FindingCode(
        "F2", .error, "id is not a UUID",
        explanation: "an id is not a UUID (Apple: `InvalidFeatureID`; an empty id: `FeatureIdMustNotBeEmpty`)",
        repair: "give the feature a new id")
    public static let F2v = FindingCode(
        "F2v", .error, "id is not a version 4 UUID",
        explanation: "an id is a UUID but not version 4 (Apple: `InvalidFeatureID`, a Violation, as for F2)")
    public static let F3 = FindingCode(
        "F3", .error, "id used by more than one feature",
        explanation: "an id is used by more than one feature",
        repair: "give all but one a new id")
}

enum FeatureRules {
    static let duplicateID = AppleRule("N/A", "FeatureIdMustBeUnique", .F3)
    static let emptyID = AppleRule("N/A", "FeatureIdMustNotBeEmpty", .F2)
    /// Apple asks a version 4 UUID of every feature's id: an id that is no UUID (F2) or one of
    /// another version (F2v) breaks the one rule.
    static let invalidID = AppleRuleFamily(.F2, over: FeatureType.allCases) { _ in "InvalidFeatureID" }
    static let idNotVersion4 = AppleRuleFamily(.F2v, over: FeatureType.allCases) { _ in "InvalidFeatureID" }

    static let declarations = RuleDeclarations(
        codes: [.F1, .F2, .F2v, .F3], rules: [duplicateID, emptyID], families: [invalidID, idNotVersion4])

    /// The per-feature checks of the features in `range` of the collection of `type`.
    static func check(_ context: ValidationContext, _ type: FeatureType, _ file: String, _ range: Range<Int>) -> [Finding] {
        guard let collection = context.archive.collections[type] else { return [] }
        var findings: [Finding] = []
        for position in range {
            let place = FeaturePlace(feature: collection.features[position], type: type, file: file, shortIDs: context.shortIDs)
            StructureChecks.check(place, into: &findings)
            PropertyChecks.check(place, context, into: &findings)
            GeometryChecks.check(place, into: &findings)
            ReferenceChecks.check(place, context, into: &findings)
        }
        return findings
    }

    /// Ids used more than once, addresses nobody uses, buildings without levels or footprints.
    static func archiveWide(_ context: ValidationContext) -> [Finding] {
        var findings: [Finding] = []
        for (id, places) in context.index.duplicates.sorted(by: { $0.key < $1.key }) {
            let features = places.map { context.archive.feature(at: $0) }
            let where_ = features.map { "\(context.fileName(of: $0) ?? "?"):\($0.sourceLine)" }
            findings.append(
                Finding(
                    duplicateID, "id \(id) is used by \(places.count) features (\(where_.joined(separator: ", ")))", feature: features[0],
                    file: context.fileName(of: features[0]), fix: Fix("give all but one of them a new id")))
        }
        findings += ReferenceChecks.orphans(context)
        return findings
    }
}

/// A feature and where it was read from.
struct FeaturePlace {
    let feature: Feature
    let type: FeatureType
    let file: String
    let shortIDs: ShortIDs

    /// The feature's id as messages show it.
    var shortID: String { shortIDs.short(feature.id) }

    /// A finding of `code` about the feature, which implements `rule` where there is one.
    func finding(_ code: FindingCode, _ message: String, rule: AppleRule? = nil, severity: Severity? = nil, fix: Fix? = nil) -> Finding {
        Finding(code, implementing: rule, message, severity: severity, feature: feature, file: file, fix: fix)
    }

    func finding(_ rule: AppleRule, _ message: String, fix: Fix? = nil) -> Finding { finding(rule.code, message, rule: rule, fix: fix) }
}

enum StructureChecks {
    static func check(_ place: FeaturePlace, into findings: inout [Finding]) {
        if place.feature.typeMember != .string("Feature") {
            let found = place.feature.typeMember.map { $0.inlineText } ?? "missing"
            findings.append(place.finding(.F1, "\"type\" must be \"Feature\" (found \(found))"))
        }
        if case .absent = place.feature.geometryMember {
            findings.append(place.finding(.F1, "no \"geometry\" member (IMDF writes null for unlocated features)"))
        }
        switch place.feature.propertiesForm {
        case .object: break
        case .null: findings.append(place.finding(.F1, "\"properties\" is null"))
        case .absent: findings.append(place.finding(.F1, "no \"properties\" member"))
        }
        if place.feature.id.isEmpty {
            findings.append(
                place.finding(FeatureRules.emptyID, "id is an empty string", fix: Fix("give the feature a new id")))
        } else if !Formats.isUUID(place.feature.id) {
            findings.append(
                place.finding(
                    .F2, "id \"\(place.feature.id)\" is not a UUID", rule: FeatureRules.invalidID[place.type],
                    fix: Fix("give the feature a new id")))
        } else if !Formats.isVersion4UUID(place.feature.id) {
            findings.append(
                place.finding(.F2v, "id \(place.feature.id) is not a version 4 UUID", rule: FeatureRules.idNotVersion4[place.type]))
        }
    }
}
