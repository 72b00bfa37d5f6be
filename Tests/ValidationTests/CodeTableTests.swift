import Foundation
import TestSupport
import Testing

@testable import Validation

/// CODES.md, the table of finding codes users read, is generated from the codes declared beside
/// the checks; this test fails when it is stale. Regenerate it with
/// `IMDF_UPDATE_COVERAGE=1 swift test --filter CodeTableTests`.
@Suite("The table of finding codes")
struct CodeTableTests {
    static func table() -> String {
        var lines = [
            "# Validation codes",
            "",
            "Every finding of `imdf validate` carries one of these codes. Codes are stable: scripts and CI",
            "jobs may filter on them. The numbers follow the rules of the IMDF reference",
            "(`shared/imdf/REFERENCE.md` section 7) where there is one. A finding can be raised at another",
            "severity where the table says so: a finding that implements one of Apple's rules has Apple's",
            "severity (Violation an error, Warning a warning, Info info), which `APPLE-RULES.md` lists rule by",
            "rule. Tolerances are in metres.",
            "",
            "At the prompt, `fix CODE` (or `fix all`) runs the findings' repairs as one undo step: each repair",
            "is an edit, shown as the command line that makes the same change. A repair with a value for a",
            "person to choose (`level_id=REF`, an example category) or one that is not an edit (`save`) is only",
            "shown. `--json` marks the difference as `\"automatic\"`.",
            "",
            "Every finding says whose rule it is. One that implements one of Apple's rules names it: in the text",
            "report after the code, in `--json` as `\"rule\"` with `\"source\": \"apple\"`. A check of this tool's own,",
            "which Apple's list has no rule for, shows `[imdf]` in its place, and `\"rule\": null, \"source\": \"imdf\"`",
            "in JSON; the table says why. Where one defect breaks several of Apple's rules, each rule is reported",
            "as a finding of its own, under the code that implements it: an occupant whose `anchor_id` names",
            "nothing is R1 `ReferencedFeatureIDMustBeResolvable` and F4 `OccupantMustReferenceAnchor`; a level no",
            "unit refers to is R4 `LevelMustBeReferencedByUnit` and G11 `LevelMustBeFullyCoveredByUnits`. Counts",
            "then match Apple's report rule by rule; the repair is on the first finding only.",
            "",
            "Generated from the codes declared beside the checks (`Sources/Validation/Rules`) by",
            "`IMDF_UPDATE_COVERAGE=1 swift test --filter CodeTableTests`; the test fails when this file is stale.",
            "",
            "| code | severity | what it means | fix |",
            "| --- | --- | --- | --- |",
        ]
        for code in FindingCode.allCases {
            lines.append("| \(code.rawValue) | \(code.severity.rawValue) | \(code.explanation) | \(code.repair.map { $0 + " " } ?? "")|")
        }
        lines += [
            "",
            "## Tolerances and their evidence",
            "",
            "Set as tight as real archives allow - those in `shared/imdf-samples/` and the validation corpus",
            "(`Benchmarks/archives`), with two exports of Apple's IMDF Sandbox and Apple's WWDC 2019 sample, which Apple",
            "accepted and which keep 0 errors: what they hold within each tolerance is digitising and rounding slop, what",
            "lies beyond it a defect Apple's wording names. `Benchmarks/archives/measure-tolerances.py` measures the figures.",
            "",
            "| code | rule | tolerance | evidence |",
            "| --- | --- | --- | --- |",
        ]
        for tolerance in Tolerances.all {
            lines.append("| \(tolerance.code.rawValue) | `\(tolerance.rule)` | \(tolerance.value) | \(tolerance.evidence) |")
        }
        lines += [
            "",
            "## Repairs and examples",
            "",
            "`imdf validate --explain CODE|RULE` (and `help validate CODE|RULE` at the prompt) gives, for each code and each",
            "of Apple's rules the checks raise: Apple's description and severity, what is tested and at which tolerance",
            "(the table above), the repair `fix` applies or why it has none, and an example of a feature that fails and",
            "one that passes. A rule of Apple's over several feature types (`UnitMustReferenceLevel`,",
            "`FixtureCategoryMustBeValid`) gets an example naming its type and property, and one that shares its code with",
            "other rules an example of its own (`StairsUnitMayOnlyContainStairsAmenity`); a code's only rule, its code's.",
            "`fix` holds back a repair that removes data - deletes a feature, removes a geometry, clears a property that",
            "held a value - unless `--destructive` is given, and `fix CODE|all --dry-run` lists the repairs by code and",
            "changes nothing.",
            "",
            "| code | what `fix` does | fails | passes |",
            "| --- | --- | --- | --- |",
        ]
        for code in FindingCode.allCases {
            let lesson = code.lesson
            lines.append("| \(code.rawValue) | \(lesson?.fix ?? "") | \(lesson?.failing ?? "") | \(lesson?.passing ?? "") |")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    @Test func theCodeTableIsGeneratedFromTheDeclarations() throws {
        let path = Samples.packageRoot.appendingPathComponent("Sources/Validation/CODES.md").path
        let expected = Self.table()
        if ProcessInfo.processInfo.environment["IMDF_UPDATE_COVERAGE"] != nil {
            try expected.write(toFile: path, atomically: true, encoding: .utf8)
        }
        let committed = try String(contentsOfFile: path, encoding: .utf8)
        #expect(committed == expected, "CODES.md is stale: IMDF_UPDATE_COVERAGE=1 swift test --filter CodeTableTests")
    }

    /// Every code declared beside a check (`public static let G2 = FindingCode(`) is listed in its
    /// file's declarations, and so in `FindingCode.allCases`, the reports' order and CODES.md.
    @Test func everyDeclaredCodeIsListed() throws {
        let folder = Samples.packageRoot.appendingPathComponent("Sources/Validation/Rules").path
        var declared: [String] = []
        for file in try FileManager.default.contentsOfDirectory(atPath: folder) where file.hasSuffix(".swift") {
            let text = try String(contentsOfFile: folder + "/" + file, encoding: .utf8)
            for line in text.split(separator: "\n") where line.contains("static let ") && line.contains(" = FindingCode(") {
                declared += line.split(separator: " ").drop { $0 != "let" }.dropFirst().prefix(1).map(String.init)
            }
        }
        #expect(declared.sorted() == FindingCode.allCases.map(\.rawValue).sorted())
        #expect(Set(declared).count == declared.count, "a code declared twice")
        #expect(FindingCode.allCases.prefix(3).map(\.rawValue) == ["A1", "A2", "A3"])
        #expect(
            FindingCode.allCases.map(\.rawValue).filter { $0.hasPrefix("G") } == [
                "G1", "G2", "G3", "G4", "G5", "G6", "G8", "G9", "G10", "G11",
            ])
    }
}
