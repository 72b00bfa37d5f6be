// Validation reports as people and programs read them: counts grouped by severity and code, then
// the located findings with their fixes; or JSON. `imdf validate` and the prompt's `validate`
// print the same thing.

import Foundation
import Validation

public enum ValidationOutput {
    public static func text(_ report: ValidationReport, archive: String, featureCount: Int) -> String {
        var lines: [String] = []
        let summary = Severity.allCases.map { severity in
            let count = report.count(severity)
            return "\(count.grouped) \(severity.rawValue)\(count == 1 || severity == .info ? "" : "s")"
        }
        lines.append("\(archive): \(summary.joined(separator: ", ")) in \(featureCount.grouped) features")
        for severity in Severity.allCases {
            let groups = report.groups.filter { $0.severity == severity }
            guard !groups.isEmpty else { continue }
            lines.append("")
            lines.append(severity.rawValue + (severity == .info ? "" : "s"))
            for group in groups {
                lines.append("  " + group.code.rawValue.padded(5) + group.findings.count.grouped.leftPadded(7) + "  " + group.code.title)
            }
        }
        if !report.findings.isEmpty {
            lines.append("")
            lines.append("findings")
        }
        for finding in report.findings {
            var line = "\(finding.severity.rawValue.padded(8))\(finding.code.rawValue.padded(5))"
            if let rule = finding.rule { line += rule + " " }
            if !finding.place.isEmpty { line += finding.place + ": " }
            if let id = finding.featureID, let type = finding.featureType, !finding.message.contains(id.prefix(8)) {
                line += "\(type) \(id.prefix(8)): "
            }
            line += finding.message
            if let fix = finding.fix { line += "  [fix: \(fix.shown)]" }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }

    public static func json(_ report: ValidationReport, archive: String) throws -> String {
        /// A fix as programs read it: the words, the command line that performs it (if any), and
        /// whether `fix` runs it.
        struct ShownFix: Encodable {
            var description: String
            var command: String?
            var automatic: Bool
        }
        struct ShownFinding: Encodable {
            var code: FindingCode
            var rule: String?
            var severity: Severity
            var message: String
            var featureID: String?
            var featureType: String?
            var file: String?
            var line: Int?
            var column: Int?
            var location: Coordinate?
            var fix: ShownFix?
        }
        struct Document: Encodable {
            var archive: String
            var counts: [String: Int]
            var findings: [ShownFinding]
        }
        let counts = Dictionary(uniqueKeysWithValues: Severity.allCases.map { ($0.rawValue, report.count($0)) })
        let findings = report.findings.map { finding in
            ShownFinding(
                code: finding.code, rule: finding.rule, severity: finding.severity, message: finding.message, featureID: finding.featureID,
                featureType: finding.featureType, file: finding.file, line: finding.line, column: finding.column, location: finding.location,
                fix: finding.fix.map { ShownFix(description: $0.description, command: $0.repair?.commandLine, automatic: $0.automatic) })
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data = try encoder.encode(Document(archive: archive, counts: counts, findings: findings))
        return String(decoding: data, as: UTF8.self)
    }
}

extension String {
    public func padded(_ width: Int) -> String {
        count >= width ? self + " " : self + String(repeating: " ", count: width - count)
    }

    public func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}

extension Int {
    /// 97,262: thousands separated, for counts people read.
    public var grouped: String {
        let digits = String(abs(self))
        var result = ""
        for (index, character) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(character)
        }
        return self < 0 ? "-" + result : result
    }
}
