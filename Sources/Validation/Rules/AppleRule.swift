// One of Apple's published rules as a check here implements it, declared beside that check: the
// finding code it raises, and Apple's severity read from Apple's list. The coverage table
// (APPLE-RULES.md) reads these declarations, so it says what the checks raise.

import IMDF

struct AppleRule: Sendable, Hashable {
    /// The feature type the rule is listed under (`Building`), or `N/A`.
    let feature: String
    let name: String
    let code: FindingCode

    init(_ feature: String, _ name: String, _ code: FindingCode) {
        self.feature = feature
        self.name = name
        self.code = code
    }

    var key: String { "\(feature) \(name)" }

    /// Apple's severity: Violation an error, Warning a warning, Info info.
    var severity: Severity { AppleRules.publishedSeverity[key] ?? code.severity }
}

extension AppleRules {
    static let publishedSeverity: [String: Severity] = Dictionary(
        published.map { ("\($0.feature) \($0.name)", $0.severity) }, uniquingKeysWith: { first, _ in first })

    /// Every rule a check declares, from the files that hold the checks.
    static let declared: [AppleRule] =
        StructureRules.rules + AddressRules.rules + ExpectedProperties.rules + DistinctNames.rules + CorrelationRules.rules
        + TemporalRules.rules + HierarchyRules.rules + ShapeRules.rules + ContentRules.rules + ParkingRules.rules

    static let declaredByKey: [String: AppleRule] = Dictionary(declared.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
}

extension Finding {
    /// A finding of one of Apple's rules, at Apple's severity.
    init(_ rule: AppleRule, _ message: String, feature: Feature? = nil, file: String? = nil, location: Coordinate? = nil, fix: Fix? = nil) {
        self.init(rule.code, message, rule: rule.name, severity: rule.severity, feature: feature, file: file, location: location, fix: fix)
    }
}

extension ValidationContext {
    /// A finding of `rule` about `feature`, located in its file.
    func finding(_ rule: AppleRule, _ message: String, _ feature: Feature, fix: Fix? = nil) -> Finding {
        Finding(
            rule, message, feature: feature, file: fileName(of: feature), location: feature.geometry.flatMap(SpatialRules.coordinate),
            fix: fix)
    }
}
