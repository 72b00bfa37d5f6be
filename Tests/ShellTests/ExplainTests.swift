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

    /// The rules of Apple's that a code implements among others: their code's example is about
    /// one of the others, so each needs one of its own.
    func rulesSharingACode() -> [String: [FindingCode]] {
        var namesOfCode: [FindingCode: Set<String>] = [:]
        var codesOfRule: [String: [FindingCode]] = [:]
        for rule in AppleRules.published {
            guard case .implemented(let code, _) = rule.coverage else { continue }
            namesOfCode[code, default: []].insert(rule.name)
            if !(codesOfRule[rule.name] ?? []).contains(code) { codesOfRule[rule.name, default: []].append(code) }
        }
        return codesOfRule.filter { _, codes in codes.contains { (namesOfCode[$0]?.count ?? 0) > 1 } }
    }

    @Test func everyRuleSharingACodeHasAnExampleOfItsOwn() throws {
        let shared = rulesSharingACode()
        #expect(shared.count > 100, "\(shared.count)")
        for (name, codes) in shared.sorted(by: { $0.key < $1.key }) {
            let feature = try #require(AppleRules.published.first { $0.name == name }).feature
            guard let example = RuleExamples.example(rule: name, feature: feature) else {
                Issue.record(
                    "\(name) (\(codes.map(\.rawValue))) has no example of its own (Sources/Validation/Explanations/RuleExamples*.swift)")
                continue
            }
            #expect(example.failing != example.passing, "\(name): \(example)")
            for code in codes {
                let lesson = try #require(code.lesson)
                #expect(example.failing != lesson.failing && example.passing != lesson.passing, "\(name) shows \(code)'s example")
            }
        }
    }

    @Test func aRuleSharingACodeIsTaughtByItsOwnCase() throws {
        let stairs = try flat("StairsUnitMayOnlyContainStairsAmenity").components(separatedBy: "example: ").last ?? ""
        let lines = stairs.components(separatedBy: "passes:")
        #expect(lines.count == 2 && lines.allSatisfy { $0.contains("stairs") }, "\(stairs)")
        let fixtures = try flat("FixturesMustNotOverlap")
        #expect(fixtures.contains("fails: two fixtures on one level overlapping by 2 m²"), "\(fixtures)")
        #expect(fixtures.contains("passes: two fixtures on one level that meet along an edge, sharing under 0.1 m²"), "\(fixtures)")
        #expect(try flat("LevelsShouldNotOverlap").contains("two levels of one ordinal overlapping"))
        #expect(
            try flat("StructuralUnitMustNotContainKiosk").contains(#"fails: a kiosk overlapping a unit of category "column" by 0.5 m²"#))
        #expect(try flat("OpenToBelowUnitMustNotContainAnchor").contains("within 5 cm of its edge"))
        #expect(try flat("IndoorLevelNotEqualToSubterraneanFootprint").contains("indoor levels at ordinal below 0"))
        #expect(try flat("LevelMustBeFullyCoveredByUnits").contains("fails: a 400 m² level with 30 m² of it in no unit"))
        #expect(try flat("PhoneMustBeValid").contains(#"passes: an occupant with "phone": "+49301234567""#))
        #expect(try flat("HoursMustNotBeBlank").contains(#""hours": " " (spaces only)"#))
        #expect(try flat("BuildingHasNoDisplayPoint").contains(#"fails: a building with "display_point": null"#))
        #expect(try flat("InvalidRelationshipIntermediaryReference").contains(#""intermediary": [{"id""#))
        #expect(try flat("NonMatchingShortNameLangTagsAmongLevelsReferencingSameBuilding").contains(#""short_name": {"de": "EG"}"#))
        // A code of one rule keeps teaching it by its own example.
        #expect(RuleExamples.example(rule: "UnitsMustNotOverlap", feature: "Unit") == nil)
        #expect(RuleExamples.example(rule: "OpeningMustBeCoveredByUnitBoundary", feature: "Opening") == nil)
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
