// What a finding code or one of Apple's rules checks, for `imdf validate --explain CODE|RULE` and
// `help validate CODE|RULE` at the prompt. Each explanation has four parts: Apple's description
// (with Apple's severity; for a check of this tool's, that Apple has none), what is tested and at
// which tolerance (the declaration beside the check), the repair `fix` applies or why there is
// none, and an example of a failing and a passing feature (`CodeLesson`, `RuleExamples`).

import IMDF
import Validation

public enum RuleExplanation {
    /// The parts every explanation has, as their lines begin.
    public static let partHeadings = ["Apple:", "tested:", "fix:", "example:"]

    /// The explanation of `asked` (a code such as `G1`, or a rule such as
    /// `UnitGeometryMustContainDisplayPoint`, in any case); nil when it is neither.
    public static func text(for asked: String) -> String? {
        if let code = FindingCode.matching(asked) { return explain(code) }
        let matches = AppleRules.published.filter { $0.name.lowercased() == asked.lowercased() }
        return matches.isEmpty ? nil : explain(rule: matches)
    }

    private static func explain(_ code: FindingCode) -> String {
        var lines = ["\(code.rawValue) (\(code.severity.rawValue) unless a rule below says otherwise): \(code.title)"]
        let rules = AppleRules.published.filter { if case .implemented(code, _) = $0.coverage { true } else { false } }
        // Apple lists one rule for several feature types (`InvalidFeatureID`): one line a name.
        var names: [String] = []
        var byName: [String: [PublishedRule]] = [:]
        for rule in rules {
            if byName[rule.name] == nil { names.append(rule.name) }
            byName[rule.name, default: []].append(rule)
        }
        if names.isEmpty {
            lines.append("Apple: no rule of Apple's names this; it is a check of this tool's")
        } else if names.count == 1, let rule = byName[names[0]]?.first {
            lines.append("Apple: \(rule.name) (\(apple(rule.severity))), for \(features(byName[rule.name]!))")
            lines += wrapped(rule.definition)
        } else {
            lines.append("Apple: \(names.count) of Apple's rules (`--explain RULE` gives each one's description):")
            for name in names {
                let listed = byName[name]!
                lines.append("    \(name) (\(apple(listed[0].severity))), for \(features(listed))")
            }
        }
        lines += tested(code)
        lines += fixAndExample(code, rule: nil)
        return lines.joined(separator: "\n")
    }

    private static func explain(rule matches: [PublishedRule]) -> String {
        let rule = matches[0]
        var lines = ["\(rule.name) (Apple's \(appleWord(rule.severity)): \(rule.severity.rawValue)), for \(features(matches))"]
        lines.append("Apple:")
        lines += wrapped(rule.definition)
        var codes: [FindingCode] = []
        for listed in matches {
            if case .implemented(let code, _) = listed.coverage, !codes.contains(code) { codes.append(code) }
        }
        if codes.isEmpty {
            lines.append("tested: not yet: no check of this tool's raises it")
            lines.append("fix: none, as nothing raises it")
            lines.append("example: none, as nothing raises it")
            return lines.joined(separator: "\n")
        }
        for code in codes {
            var severity = code.severity
            for listed in matches {
                if case .implemented(code, let raised) = listed.coverage {
                    severity = raised
                    break
                }
            }
            lines.append("tested: as \(code.rawValue) (\(severity.rawValue)), \(code.title):")
            lines += wrapped(code.explanation)
        }
        lines += fixAndExample(codes[0], rule: rule)
        return lines.joined(separator: "\n")
    }

    private static func tested(_ code: FindingCode) -> [String] { ["tested:"] + wrapped(code.explanation) }

    /// The repair and the example; the rule's own example (`RuleExamples`: every rule that shares
    /// its code with others has one), else the code's.
    private static func fixAndExample(_ code: FindingCode, rule: PublishedRule?) -> [String] {
        guard let lesson = code.lesson else { return [] }
        var lines = wrappedLine("fix: " + lesson.fix)
        let example = rule.flatMap { RuleExamples.example(rule: $0.name, feature: $0.feature) } ?? (lesson.failing, lesson.passing)
        lines.append("example:")
        lines += TextWrapping.wrap(example.failing, width: TextWrapping.terminalWidth, first: "    fails:  ", rest: "            ")
        lines += TextWrapping.wrap(example.passing, width: TextWrapping.terminalWidth, first: "    passes: ", rest: "            ")
        return lines
    }

    private static func wrapped(_ text: String) -> [String] {
        TextWrapping.wrap(text, width: TextWrapping.terminalWidth, first: "    ", rest: "    ")
    }

    private static func wrappedLine(_ text: String) -> [String] {
        TextWrapping.wrap(text, width: TextWrapping.terminalWidth, first: "", rest: "    ")
    }

    /// `Apple's Violation, an error`.
    private static func apple(_ severity: Severity) -> String {
        let ours =
            switch severity {
            case .error: "an error"
            case .warning: "a warning"
            case .info: "info"
            }
        return "Apple's \(appleWord(severity)), \(ours)"
    }

    private static func appleWord(_ severity: Severity) -> String {
        switch severity {
        case .error: "Violation"
        case .warning: "Warning"
        case .info: "Info"
        }
    }

    /// The feature types a rule is listed for: `Unit`, `Amenity, Anchor and 3 more`.
    private static func features(_ rules: [PublishedRule]) -> String {
        let names = rules.map { $0.feature == "N/A" ? "the whole archive" : $0.feature }
        return names.count <= 4 ? names.joined(separator: ", ") : names.prefix(3).joined(separator: ", ") + " and \(names.count - 3) more"
    }

    /// The code or rule name closest to a misspelt one.
    public static func nearest(to asked: String) -> String? { closeMatches(to: asked).first }

    /// Codes and rule names close to `asked`: a few letters off, or holding what was typed
    /// (`Overlap` finds `UnitsMustNotOverlap`), nearest first, at most `limit`.
    public static func closeMatches(to asked: String, limit: Int = 6) -> [String] {
        let lowered = asked.lowercased()
        var seen: Set<String> = []
        let candidates = (FindingCode.allCases.map(\.rawValue) + AppleRules.published.map(\.name)).filter { seen.insert($0).inserted }
        let allowed = max(1, min(4, lowered.count / 3))
        var scored: [(name: String, score: Int)] = []
        for candidate in candidates {
            let distance = Suggestion.editDistance(lowered, candidate.lowercased())
            if distance <= allowed {
                scored.append((candidate, distance))
            } else if lowered.count >= 4, candidate.lowercased().contains(lowered) {
                scored.append((candidate, 10 + candidate.count - lowered.count))
            }
        }
        scored.sort { (a: (name: String, score: Int), b: (name: String, score: Int)) -> Bool in
            a.score != b.score ? a.score < b.score : a.name < b.name
        }
        return scored.prefix(limit).map(\.name)
    }

    /// The refusal of a name that is neither a code nor a rule, with the close ones.
    public static func unknown(_ asked: String, as option: String) -> String {
        let close = closeMatches(to: asked)
        let hint =
            close.isEmpty
            ? "; the codes are listed in Sources/Validation/CODES.md, the rules in Sources/Validation/APPLE-RULES.md"
            : "; close matches: \(close.joined(separator: ", "))"
        return "\(option) \(asked): not a finding code or a rule of Apple's\(hint)"
    }
}
