// R6: correlation_id ties together the copies of one thing on several levels (an elevator bank's
// amenity on each floor, an occupant on two floors). Apple asks that each id be shared by at least
// two features of one type, that those features stand on different levels, and that they carry
// one category.

import IMDF

extension FindingCode {
    public static let R6 = FindingCode(
        "R6", .error, "correlation_id unmatched, twice on one level, or across categories",
        explanation: """
            a `correlation_id` (amenity, geofence, occupant, section) that no other feature of the type shares, or shared on one level; a \
            warning when the features sharing it have different categories
            """,
        repair: "`set REF correlation_id=null` when unmatched")
}

enum CorrelationRules {
    /// The types with a correlation_id.
    static let types = FeatureType.having(.correlationID)

    static let matched = AppleRuleFamily(.R6, over: types) { _ in "CorrelationIdMustBeMatched" }
    static let dissimilarLevels = AppleRuleFamily(.R6, over: types) { _ in "LevelIDsMustBeDissimilarForCorrelationID" }
    static let sameCategory = AppleRuleFamily(.R6, over: types) { _ in "CategoryShouldBeSameForCorrelationID" }

    static let declarations = RuleDeclarations(codes: [.R6], rules: matched.rules + dissimilarLevels.rules + sameCategory.rules)

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
                            matched[type]!,
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
                                    dissimilarLevels[type]!,
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
                            sameCategory[type]!,
                            "features with correlation_id \(context.short(id)) have categories \(categories.sorted().joined(separator: ", "))",
                            members[0]))
                }
            }
        }
        return findings
    }
}
