// What each file of checks declares beside its checks: the finding codes they raise and the rules
// of Apple's they implement. The codes (`FindingCode.allCases`), the coverage of Apple's rules
// (APPLE-RULES.md), CODES.md and `--explain` are all read from here: a rule added to a file is in
// them without more. Only a new file of checks is added to `all`.

struct RuleDeclarations: Sendable {
    var codes: [FindingCode] = []
    /// Rules declared one by one; AppleRuleTests has a case that raises each.
    var rules: [AppleRule] = []
    /// Rules declared once for each of some feature types.
    var families: [AppleRuleFamily] = []

    /// Every file's declarations. A rule that several checks raise (`FileMustBeValidGeoJSON`: a
    /// file that does not parse, a ring that is not closed, a polygon that crosses itself) is
    /// covered by the first of them in this order.
    static let all: [RuleDeclarations] = [
        ArchiveRules.declarations, FeatureRules.declarations, PropertyChecks.declarations, GeometryChecks.declarations,
        InteriorRings.declarations, ReferenceChecks.declarations, AddressRules.declarations, ExpectedProperties.declarations,
        DistinctNames.declarations, CorrelationRules.declarations, TemporalRules.declarations, HierarchyRules.declarations,
        OrdinalRules.declarations, RoutingRules.declarations, ReachabilityCodes.declarations, SpatialRules.declarations,
        ShapeRules.declarations,
        ContentRules.declarations, ParkingRules.declarations,
    ]

    /// Every rule of Apple's a check implements, families spelled out, in the order of `all`.
    static let appleRules: [AppleRule] = all.flatMap { $0.rules + $0.families.flatMap(\.rules) }

    /// The rules by `feature name`, the first where several checks raise one.
    static let appleRulesByKey: [String: AppleRule] = Dictionary(appleRules.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
}
