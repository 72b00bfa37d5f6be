// One pass over every IMDF feature: structure and ids (F1-F3), properties against the type's
// schema (F4-F8, O1), geometry type and GeoJSON validity (T1-T4), references (R1, R2).

import IMDF

enum FeatureRules {
    static func check(_ context: ValidationContext, progress: (@Sendable (ValidationStage) -> Void)?) -> [Finding] {
        var findings: [Finding] = []
        let total = context.archive.collections.values.reduce(0) { $0 + $1.features.count }
        var done = 0
        for (type, file, collection) in context.imdfCollections {
            for feature in collection.features {
                let place = FeaturePlace(feature: feature, type: type, file: file)
                StructureChecks.check(place, into: &findings)
                PropertyChecks.check(place, context, into: &findings)
                GeometryChecks.check(place, into: &findings)
                ReferenceChecks.check(place, context, into: &findings)
                done += 1
                if done % 10_000 == 0 { progress?(.features(done: done, of: total)) }
            }
        }
        for (id, places) in context.index.duplicates.sorted(by: { $0.key < $1.key }) {
            let features = places.map { context.archive.feature(at: $0) }
            let where_ = features.map { "\(context.fileName(of: $0) ?? "?"):\($0.sourceLine)" }
            findings.append(Finding(
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

    func finding(_ code: FindingCode, _ message: String, rule: String? = nil, severity: Severity? = nil, fix: Fix? = nil) -> Finding {
        Finding(code, message, rule: rule, severity: severity, feature: feature, file: file, fix: fix)
    }
}

enum StructureChecks {
    static func check(_ place: FeaturePlace, into findings: inout [Finding]) {
        let feature = place.feature
        if feature.typeMember != .string("Feature") {
            let found = feature.typeMember.map { $0.inlineText } ?? "missing"
            findings.append(place.finding(.F1, "\"type\" must be \"Feature\" (found \(found))"))
        }
        if case .absent = feature.geometryMember {
            findings.append(place.finding(.F1, "no \"geometry\" member (IMDF writes null for unlocated features)"))
        }
        switch feature.propertiesForm {
        case .object: break
        case .null: findings.append(place.finding(.F1, "\"properties\" is null"))
        case .absent: findings.append(place.finding(.F1, "no \"properties\" member"))
        }
        if feature.id.isEmpty {
            findings.append(place.finding(.F2, "id is an empty string", rule: StructureRules.emptyID.name, fix: Fix("give the feature a new id")))
        } else if !Formats.isUUID(feature.id) {
            findings.append(place.finding(.F2, "id \"\(feature.id)\" is not a UUID", rule: AppleRules.featureID, fix: Fix("give the feature a new id")))
        } else if !Formats.isVersion4UUID(feature.id) {
            findings.append(place.finding(.F2v, "id \(feature.id) is not a version 4 UUID", rule: AppleRules.featureID))
        }
    }
}
