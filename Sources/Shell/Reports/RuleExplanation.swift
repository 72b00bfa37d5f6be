// What a finding code or one of Apple's rules checks, and how the two correspond, from the
// declarations beside the checks: for `imdf validate --explain CODE|RULE` and
// `help validate CODE|RULE` at the prompt.

import Validation

public enum RuleExplanation {
    /// The explanation of `asked` (a code such as `G1`, or a rule such as
    /// `UnitGeometryMustContainDisplayPoint`, in any case); nil when it is neither.
    public static func text(for asked: String) -> String? {
        if let code = FindingCode.matching(asked) {
            var lines = ["\(code.rawValue) (\(code.severity.rawValue) unless a rule below says otherwise): \(code.title)"]
            lines += TextWrapping.wrap(code.explanation, width: TextWrapping.terminalWidth, first: "  ", rest: "  ")
            if let repair = code.repair { lines.append("  repair: \(repair)") }
            let rules = AppleRules.published.filter { if case .implemented(code, _) = $0.coverage { true } else { false } }
            if rules.isEmpty {
                lines.append("a check of ours: Apple's validator has no rule for it")
            } else {
                lines.append("implements \(rules.count) of Apple's rules:")
                for rule in rules { lines.append("  \(rule.feature) \(rule.name) (\(rule.severity.rawValue))") }
            }
            return lines.joined(separator: "\n")
        }
        let matches = AppleRules.published.filter { $0.name.lowercased() == asked.lowercased() }
        guard let first = matches.first else { return nil }
        var lines = [first.name, "  " + first.definition]
        for rule in matches {
            let checked: String
            switch rule.coverage {
            case .implemented(let code, let severity): checked = "checked as \(code.rawValue) (\(severity.rawValue))"
            case .notYet: checked = "not checked yet"
            }
            lines.append("  \(rule.feature): Apple's \(rule.severity.rawValue); \(checked)")
        }
        return lines.joined(separator: "\n")
    }

    /// The code or rule name closest to a misspelt one.
    public static func nearest(to asked: String) -> String? {
        Spelling.nearest(to: asked, in: FindingCode.allCases.map(\.rawValue) + AppleRules.published.map(\.name))
    }
}
