import Foundation
import Testing
import Validation

@testable import Shell

/// `imdf validate --explain CODE|RULE` and `help validate CODE|RULE`: each explanation teaches in
/// four parts - Apple's description, what is tested at which tolerance, the repair `fix` applies
/// (or why there is none) and a failing and a passing example.
@Suite("Explanations of codes and rules")
struct ExplainTests {
    /// The lines of `text` that begin a part, by heading.
    func parts(_ text: String) -> [String: String] {
        var parts: [String: String] = [:]
        var current: String?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if let heading = RuleExplanation.partHeadings.first(where: { line.hasPrefix($0) }) {
                current = heading
                parts[heading] = String(line.dropFirst(heading.count))
            } else if let current {
                parts[current, default: ""] += "\n" + line
            }
        }
        return parts
    }

    /// The explanation with its wrapping undone, so a phrase reads whole wherever a line broke.
    func flat(_ name: String) throws -> String {
        try #require(RuleExplanation.text(for: name)).split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    func expectFourParts(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        guard let text = RuleExplanation.text(for: name) else {
            Issue.record("\(name) has no explanation", sourceLocation: sourceLocation)
            return
        }
        let found = parts(text)
        for heading in RuleExplanation.partHeadings {
            let body = found[heading]?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
            #expect(!body.isEmpty, "\(name): no \(heading) part in\n\(text)", sourceLocation: sourceLocation)
        }
        let example = found["example:"] ?? ""
        #expect(example.contains("fails:") && example.contains("passes:"), "\(name): \(text)", sourceLocation: sourceLocation)
    }

    @Test func everyCodeIsExplainedInFourParts() {
        for code in FindingCode.allCases {
            #expect(code.lesson != nil, "\(code) has no lesson (Sources/Validation/Explanations/CodeLessons.swift)")
            expectFourParts(code.rawValue)
        }
    }

    @Test func everyRuleOfApplesTheValidatorRaisesIsExplainedInFourParts() {
        var names: Set<String> = []
        for rule in AppleRules.published {
            guard case .implemented = rule.coverage, names.insert(rule.name).inserted else { continue }
            expectFourParts(rule.name)
        }
        #expect(names.count > 200)
    }

    @Test func aRuleIsExplainedWithApplesDescriptionSeverityToleranceRepairAndExample() throws {
        let text = try flat("UnitMustBeCoveredByReferencedLevel")
        #expect(text.hasPrefix("UnitMustBeCoveredByReferencedLevel (Apple's Violation: error), for Unit"))
        #expect(text.contains("Apple: Validates that a Unit is covered by the referenced Level."))
        #expect(text.contains("tested: as G5 (error)") && text.contains("more than 5 cm outside its level"))
        #expect(text.contains("fix: none"))
        #expect(text.contains("example: fails: a unit whose geometry reaches 2 m beyond"), "\(text)")
    }

    @Test func aCodeNamesApplesRulesAndSaysWhatFixDoes() throws {
        let g2 = try flat("g2")
        #expect(g2.contains("Apple: AnchorMustBeCoveredByReferencedUnit (Apple's Violation, an error), for Anchor"))
        #expect(g2.contains("`fix G2` runs it"))
        #expect(try flat("T1").contains("`fix CODE --destructive` runs it"))
        #expect(try flat("N3").contains("Apple: no rule of Apple's names this"))
    }

    @Test func aRuleOverSeveralTypesGetsAnExampleOfItsOwn() throws {
        #expect(try flat("FixtureCategoryMustBeValid").contains(#"fails: a fixture with "category": "not-a-category""#))
        #expect(try flat("AnchorMustReferenceUnit").contains(#"fails: an anchor with "unit_id": null"#))
        #expect(try flat("UnitMustReferenceLevel").contains(#"passes: a unit whose "level_id" names a level"#))
        // A rule whose code's example is about another of its cases has one written for it.
        #expect(try flat("VenueHasNoDisplayPoint").contains(#"fails: a venue with "display_point": null"#))
        #expect(try flat("LevelMustBeReferencedByUnit").contains("fails: a level that no unit's `level_id` names"))
    }

    @Test func anUnknownNameIsRefusedWithCloseMatches() {
        #expect(RuleExplanation.text(for: "UnitsMustNotOverlp") == nil)
        let misspelt = RuleExplanation.unknown("UnitsMustNotOverlp", as: "--explain")
        #expect(
            misspelt.hasPrefix("--explain UnitsMustNotOverlp: not a finding code or a rule of Apple's; close matches: UnitsMustNotOverlap"))
        let part = RuleExplanation.closeMatches(to: "overlap")
        #expect(part.contains("UnitsMustNotOverlap") && part.count > 1, "\(part)")
        #expect(RuleExplanation.unknown("zzzzzzzzzzzzzzz", as: "--explain").contains("CODES.md"))
    }
}
