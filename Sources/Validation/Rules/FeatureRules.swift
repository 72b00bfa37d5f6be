// One pass over every IMDF feature: structure and ids (F1-F3), properties against the type's
// schema (F4-F8, O1), geometry type and GeoJSON validity (T1-T4), references (R1, R2).

import IMDF

enum FeatureRules {
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
                    .F3, "id \(id) is used by \(places.count) features (\(where_.joined(separator: ", ")))", feature: features[0],
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

    func finding(_ code: FindingCode, _ message: String, rule: String? = nil, severity: Severity? = nil, fix: Fix? = nil) -> Finding {
        Finding(code, message, rule: rule, severity: severity, feature: feature, file: file, fix: fix)
    }
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
                place.finding(.F2, "id is an empty string", rule: StructureRules.emptyID.name, fix: Fix("give the feature a new id")))
        } else if !Formats.isUUID(place.feature.id) {
            findings.append(
                place.finding(
                    .F2, "id \"\(place.feature.id)\" is not a UUID", rule: AppleRules.featureID, fix: Fix("give the feature a new id")))
        } else if !Formats.isVersion4UUID(place.feature.id) {
            findings.append(place.finding(.F2v, "id \(place.feature.id) is not a version 4 UUID", rule: AppleRules.featureID))
        }
    }
}
