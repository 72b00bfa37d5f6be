// R6: correlation_id ties together the copies of one thing on several levels (an elevator bank's
// amenity on each floor, an occupant on two floors). Apple asks that each id be shared by at least
// two features of one type, that those features stand on different levels, and that they carry
// one category.

import IMDF

enum CorrelationRules {
    static let types: [FeatureType] = [.amenity, .geofence, .occupant, .section]

    static func matched(_ type: FeatureType) -> AppleRule { AppleRule(AppleRules.name(of: type), "CorrelationIdMustBeMatched", .R6) }
    static func dissimilarLevels(_ type: FeatureType) -> AppleRule {
        AppleRule(AppleRules.name(of: type), "LevelIDsMustBeDissimilarForCorrelationID", .R6)
    }
    static func sameCategory(_ type: FeatureType) -> AppleRule {
        AppleRule(AppleRules.name(of: type), "CategoryShouldBeSameForCorrelationID", .R6)
    }

    static let rules = types.flatMap { [matched($0), dissimilarLevels($0), sameCategory($0)] }

    static func check(_ context: ValidationContext, _ relations: Relations) -> [Finding] {
        var findings: [Finding] = []
        for type in types {
            var groups: [String: [Feature]] = [:]
            var order: [String] = []
            for feature in context.archive.features(of: type) {
                guard let id = feature.string(.correlationID) else { continue }
                if groups[id] == nil { order.append(id) }
                groups[id, default: []].append(feature)
            }
            for id in order {
                let members = groups[id]!
                guard members.count >= 2 else {
                    findings.append(
                        context.finding(
                            matched(type),
                            "correlation_id \(context.short(id)) of \(context.describe(members[0])) is shared with no other \(type.rawValue)",
                            members[0],
                            fix: Fix("remove it", repair: .set(feature: members[0].id, key: PropertyKey.correlationID.rawValue, .null))))
                    continue
                }
                var levelOwner: [String: Feature] = [:]
                for member in members {
                    for level in relations.levels(of: member) {
                        if let other = levelOwner[level] {
                            findings.append(
                                context.finding(
                                    dissimilarLevels(type),
                                    "\(context.describe(member)) and \(context.describe(other)) share correlation_id \(context.short(id)) on one level",
                                    member))
                            break
                        }
                        levelOwner[level] = member
                    }
                }
                let categories = Set(members.compactMap { $0.string(.category) })
                if categories.count > 1 {
                    findings.append(
                        context.finding(
                            sameCategory(type),
                            "features with correlation_id \(context.short(id)) have categories \(categories.sorted().joined(separator: ", "))",
                            members[0]))
                }
            }
        }
        return findings
    }
}
