import Foundation
import IMDF
import TestSupport
import Testing

@testable import Validation

/// The coverage of Apple's 358 published rules (shared/imdf/apple-validations-1.0.3.csv), as the
/// checks implement them. APPLE-RULES.md beside CODES.md is generated from the code and the CSV;
/// this test fails when it is stale. Regenerate it with
/// `IMDF_UPDATE_COVERAGE=1 swift test --filter AppleCoverageTests`.
@Suite("Coverage of Apple's rules")
struct AppleCoverageTests {
    struct Rule {
        var feature: String
        var severity: String
        var name: String
        var definition: String

        var appleSeverity: Severity { ["Violation": .error, "Warning": .warning, "Info": .info][severity] ?? .info }
    }

    /// The CSV's rows (definitions may be quoted and hold commas).
    static func rules() throws -> [Rule] {
        let path = Samples.packageRoot.deletingLastPathComponent().appendingPathComponent("shared/imdf/apple-validations-1.0.3.csv").path
        let text = try String(contentsOfFile: path, encoding: .utf8)
        var rows: [[String]] = []
        var row: [String] = []
        var field = ""
        var quoted = false
        var characters = Array(text)[...]
        while let character = characters.popFirst() {
            switch character {
            case "\"" where quoted && characters.first == "\"":
                field.append("\"")
                characters.removeFirst()
            case "\"": quoted.toggle()
            case "," where !quoted:
                row.append(field)
                field = ""
            case "\n" where !quoted, "\r\n" where !quoted:
                row.append(field)
                rows.append(row)
                (row, field) = ([], "")
            default: field.append(character)
            }
        }
        if !field.isEmpty || !row.isEmpty { rows.append(row + [field]) }
        return rows.dropFirst().filter { $0.count == 4 }.map { Rule(feature: $0[0], severity: $0[1], name: $0[2], definition: $0[3]) }
    }

    static func table(_ rules: [Rule]) -> String {
        let covered = rules.map { AppleRuleCoverage.of(feature: $0.feature, rule: $0.name) }
        let implemented = covered.filter { $0 != .notYet }.count
        var lines = [
            "# Apple's validation rules and the findings that implement them",
            "",
            "Generated from the checks and Apple's published list (`shared/imdf/apple-validations-1.0.3.csv`) by",
            "`IMDF_UPDATE_COVERAGE=1 swift test --filter AppleCoverageTests`; the test fails when this file is stale.",
            "Apple's Violation is an error, Warning a warning, Info info; a finding that implements a rule",
            "carries the rule's name (`imdf validate`, and `\"rule\"` in `--json`).",
            "",
            "\(implemented) of \(rules.count) rules implemented; \(rules.count - implemented) not yet.",
            "",
            "| feature | rule | Apple | code | ours |",
            "| --- | --- | --- | --- | --- |",
        ]
        for (rule, coverage) in zip(rules, covered) {
            switch coverage {
            case .implemented(let code, let severity):
                lines.append("| \(rule.feature) | \(rule.name) | \(rule.severity) | \(code.rawValue) | \(severity.rawValue) |")
            case .notYet:
                lines.append("| \(rule.feature) | \(rule.name) | \(rule.severity) | - | not yet |")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    @Test func theListHasApplesThreeHundredAndFiftyEightRules() throws {
        let rules = try Self.rules()
        #expect(rules.count == 358)
        #expect(rules.filter { $0.severity == "Violation" }.count == 210)
        #expect(rules.filter { $0.severity == "Warning" }.count == 129)
        #expect(rules.filter { $0.severity == "Info" }.count == 19)
    }

    @Test func everyImplementedRuleHasApplesSeverity() throws {
        for rule in try Self.rules() {
            if case .implemented(_, let severity) = AppleRuleCoverage.of(feature: rule.feature, rule: rule.name) {
                #expect(severity == rule.appleSeverity, "\(rule.feature) \(rule.name)")
            }
        }
    }

    @Test func theCoverageTableIsGeneratedFromTheChecks() throws {
        let path = Samples.packageRoot.appendingPathComponent("Sources/Validation/APPLE-RULES.md").path
        let expected = Self.table(try Self.rules())
        if ProcessInfo.processInfo.environment["IMDF_UPDATE_COVERAGE"] != nil {
            try expected.write(toFile: path, atomically: true, encoding: .utf8)
        }
        let committed = try String(contentsOfFile: path, encoding: .utf8)
        #expect(committed == expected, "APPLE-RULES.md is stale: IMDF_UPDATE_COVERAGE=1 swift test --filter AppleCoverageTests")
    }
}
