// Apple's published rules (shared/imdf/apple-validations-1.0.3.csv, compiled in as
// AppleRuleList.swift) and how the checks here cover them. A finding that implements one carries
// its name and Apple's severity (Violation an error, Warning a warning, Info info), so a report of
// Apple's validator and ours can be matched line by line.

import IMDF

/// One of Apple's published rules.
public struct PublishedRule: Sendable {
    /// The feature type it applies to (`Unit`), or `N/A` for the whole archive.
    public let feature: String
    public let severity: Severity
    public let name: String
    public let definition: String

    init(_ feature: String, _ severity: Severity, _ name: String, _ definition: String) {
        self.feature = feature
        self.severity = severity
        self.name = name
        self.definition = definition
    }

    public var coverage: AppleRuleCoverage { AppleRuleCoverage.of(feature: feature, rule: name) }
}

public enum AppleRules {
    /// A feature type as Apple's rules name it: `Unit` (the `feature` of its list, and the start
    /// of rule names such as `UnitMustReferenceLevel`).
    public static func name(of type: FeatureType) -> String { names[type]! }

    private static let names = Dictionary(
        uniqueKeysWithValues: FeatureType.allCases.map { ($0, $0.rawValue.prefix(1).uppercased() + $0.rawValue.dropFirst()) })

    /// Apple's severity of each rule, by name: Apple gives a rule one severity wherever it lists it.
    static let publishedSeverity: [String: Severity] = Dictionary(
        published.map { ($0.name, $0.severity) }, uniquingKeysWith: { first, _ in first })
}

/// How one of Apple's rules is covered here: by the finding code that implements it (at the
/// severity its findings have), or not yet. The coverage table (APPLE-RULES.md) is generated
/// from this, so it says what the checks do: the rules are those the checks declare.
public enum AppleRuleCoverage: Sendable, Equatable {
    case implemented(FindingCode, Severity)
    case notYet

    /// The coverage of Apple's `rule` for features of `feature` (`Unit`; `N/A` for archive-wide rules).
    public static func of(feature: String, rule: String) -> AppleRuleCoverage {
        RuleDeclarations.appleRulesByKey["\(feature) \(rule)"].map { .implemented($0.code, $0.severity) } ?? .notYet
    }
}
