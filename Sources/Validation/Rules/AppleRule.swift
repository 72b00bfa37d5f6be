// One of Apple's published rules as a check here implements it, declared beside that check: the
// finding code it raises, and Apple's severity, read from Apple's list. A rule Apple has for each
// of several feature types (`UnitMustReferenceLevel`, `InvalidFeatureID`) is declared once, as a
// family over the types. The coverage table (APPLE-RULES.md) and `--explain` read these
// declarations, so they say what the checks raise.

import IMDF

struct AppleRule: Sendable, Hashable {
    /// The feature type the rule is listed under (`Building`), or `N/A`.
    let feature: String
    let name: String
    let code: FindingCode
    /// Apple's severity: Violation an error, Warning a warning, Info info. Apple gives a rule one
    /// severity wherever it lists it, so a feature type Apple does not list the rule for (a
    /// footprint's label in no language) has it too. Looked up once, where the rule is declared,
    /// not for each finding (a lookup by name cost 540 instructions a finding).
    let severity: Severity

    init(_ feature: String, _ name: String, _ code: FindingCode) {
        self.feature = feature
        self.name = name
        self.code = code
        severity = AppleRules.publishedSeverity[name] ?? code.severity
    }

    var key: String { "\(feature) \(name)" }
}

/// One of Apple's rules for each of some feature types, declared once: `UnitMustReferenceLevel`,
/// `SectionMustReferenceLevel`, ... The types are those of the schema the check goes through (the
/// types with a `level_id`), so a type Apple does not list the rule for may be among them: its
/// findings carry the rule's name all the same, and the coverage table shows what Apple lists.
struct AppleRuleFamily: Sendable {
    private let members: [FeatureType: AppleRule]

    /// `name` gives the rule's name for each type (`AppleRules.name(of:)` is `Unit`).
    init(_ code: FindingCode, over types: [FeatureType], name: (FeatureType) -> String) {
        members = Dictionary(uniqueKeysWithValues: types.map { ($0, AppleRule(AppleRules.name(of: $0), name($0), code)) })
    }

    subscript(type: FeatureType) -> AppleRule? { members[type] }

    /// The members in the order of `FeatureType.allCases`.
    var rules: [AppleRule] { FeatureType.allCases.compactMap { members[$0] } }
}

extension Dictionary where Key == String, Value == AppleRuleFamily {
    /// The families by their keys' order: declarations that read the same on every run.
    var inKeyOrder: [AppleRuleFamily] { sorted { $0.key < $1.key }.map(\.value) }
}

extension FeatureType {
    /// The types whose schema has `key` (or requires it).
    static func having(_ key: PropertyKey, required: Bool = false) -> [FeatureType] {
        allCases.filter { type in type.spec(forKey: key).map { !required || $0.isRequired } ?? false }
    }

    /// The types whose schema has a property of this kind.
    static func having(kind: PropertyKind) -> [FeatureType] { allCases.filter { $0.schema.contains { $0.kind == kind } } }

    /// The type as Apple's rules name it (`Unit`).
    var appleName: String { AppleRules.name(of: self) }
}

extension Finding {
    /// A finding of `code`, which implements `rule` where there is one: it carries the rule's name
    /// and Apple's severity, unless `severity` says otherwise.
    init(
        _ code: FindingCode, implementing rule: AppleRule?, _ message: String, severity: Severity? = nil, feature: Feature? = nil,
        file: String? = nil, line: Int? = nil, column: Int? = nil, location: Coordinate? = nil, fix: Fix? = nil
    ) {
        Self.assertDeclared(rule, for: code)
        self.init(
            code, message, rule: rule?.name, severity: severity ?? rule?.severity, feature: feature, file: file, line: line,
            column: column, location: location, fix: fix)
    }

    /// The same about `feature`, read where it lies (see `Finding.init(_:_:rule:severity:feature:...)`).
    init(
        _ code: FindingCode, implementing rule: AppleRule?, _ message: String, severity: Severity? = nil, feature: borrowing Feature,
        file: String? = nil, line: Int? = nil, column: Int? = nil, location: Coordinate? = nil, fix: Fix? = nil
    ) {
        Self.assertDeclared(rule, for: code)
        self.init(
            code, message, rule: rule?.name, severity: severity ?? rule?.severity, feature: feature, file: file, line: line,
            column: column, location: location, fix: fix)
    }

    /// A rule is raised only under the code it is declared for.
    private static func assertDeclared(_ rule: AppleRule?, for code: FindingCode) {
        assert(rule.map { $0.code == code } ?? true, "\(rule?.name ?? "") is declared for \(rule?.code.rawValue ?? ""), not \(code)")
    }

    /// A finding of one of Apple's rules, at Apple's severity.
    init(_ rule: AppleRule, _ message: String, feature: Feature? = nil, file: String? = nil, location: Coordinate? = nil, fix: Fix? = nil) {
        self.init(rule.code, implementing: rule, message, feature: feature, file: file, location: location, fix: fix)
    }

    /// The same about `feature`, read where it lies.
    init(
        _ rule: AppleRule, _ message: String, feature: borrowing Feature, file: String? = nil, location: Coordinate? = nil, fix: Fix? = nil
    ) {
        self.init(rule.code, implementing: rule, message, feature: feature, file: file, location: location, fix: fix)
    }
}

extension ValidationContext {
    /// A finding of `rule` about `feature`, located in its file.
    /// `file`, where the caller knows it, saves looking the feature up by its id.
    func finding(_ rule: AppleRule, _ message: String, _ feature: Feature, file: String? = nil, fix: Fix? = nil) -> Finding {
        Finding(
            rule, message, feature: feature, file: file ?? fileName(of: feature),
            location: feature.geometry.flatMap(SpatialRules.coordinate), fix: fix)
    }
}
