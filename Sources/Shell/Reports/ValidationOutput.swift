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
        // Grouped once: with hundreds of thousands of findings, grouping is a cost of its own.
        let allGroups = report.groups
        for severity in Severity.allCases {
            let groups = allGroups.filter { $0.severity == severity }
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
        lines += findingLines(report)
        return lines.joined(separator: "\n")
    }

    /// One line per finding: severity, code, whose rule, place, feature, message and fix.
    public static func findingLines(_ report: ValidationReport) -> [String] {
        var lines: [String] = []
        for finding in report.findings {
            var line = "\(finding.severity.rawValue.padded(8))\(finding.code.rawValue.padded(5))"
            // Whose rule it is: Apple's by name, or this tool's own.
            line += (finding.rule ?? "[imdf]") + " "
            if !finding.place.isEmpty { line += finding.place + ": " }
            if let id = finding.featureID, let type = finding.featureType {
                let short = report.shortIDs.short(id)
                if !mentions(finding.message, short) { line += "\(type) \(short): " }
            }
            line += finding.message
            if let fix = finding.fix { line += "  [fix: \(fix.shown(report.shortIDs))]" }
            lines.append(line)
        }
        return lines
    }

    /// Whether `message` holds `id` (a short id, 8 characters), by a plain byte search: Foundation's
    /// `contains` and the standard library's generic `firstRange` each took a tenth or more of
    /// the report's time at 20,000 findings.
    static func mentions(_ message: String, _ id: String) -> Bool {
        var message = message
        var id = id
        return message.withUTF8 { haystack in
            id.withUTF8 { needle in
                guard let first = needle.first else { return true }
                guard needle.count <= haystack.count else { return false }
                for start in 0...(haystack.count - needle.count) where haystack[start] == first {
                    if memcmp(haystack.baseAddress! + start, needle.baseAddress!, needle.count) == 0 { return true }
                }
                return false
            }
        }
    }

    public static func json(_ report: ValidationReport, archive: String) throws -> String {
        /// A fix as programs read it: the words, the command line that performs it (if any), and
        /// whether `fix` runs it.
        struct ShownFix: Encodable {
            var description: String
            var command: String?
            var automatic: Bool
        }
        /// `rule` is written as null for a check of this tool's own, beside `source`.
        struct ShownFinding: Encodable {
            var code: FindingCode
            var rule: String?
            var source: FindingSource
            var severity: Severity
            var message: String
            var featureID: String?
            var featureType: String?
            var file: String?
            var line: Int?
            var column: Int?
            var location: Coordinate?
            var fix: ShownFix?

            enum CodingKeys: String, CodingKey {
                case code, rule, source, severity, message, featureID, featureType, file, line, column, location, fix
            }

            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(code, forKey: .code)
                try container.encode(rule, forKey: .rule)
                try container.encode(source, forKey: .source)
                try container.encode(severity, forKey: .severity)
                try container.encode(message, forKey: .message)
                try container.encodeIfPresent(featureID, forKey: .featureID)
                try container.encodeIfPresent(featureType, forKey: .featureType)
                try container.encodeIfPresent(file, forKey: .file)
                try container.encodeIfPresent(line, forKey: .line)
                try container.encodeIfPresent(column, forKey: .column)
                try container.encodeIfPresent(location, forKey: .location)
                try container.encodeIfPresent(fix, forKey: .fix)
            }
        }
        struct Document: Encodable {
            var archive: String
            var counts: [String: Int]
            var findings: [ShownFinding]
        }
        let counts = Dictionary(uniqueKeysWithValues: Severity.allCases.map { ($0.rawValue, report.count($0)) })
        let findings = report.findings.map { finding in
            ShownFinding(
                code: finding.code, rule: finding.rule, source: finding.source, severity: finding.severity, message: finding.message,
                featureID: finding.featureID,
                featureType: finding.featureType, file: finding.file, line: finding.line, column: finding.column,
                location: finding.location,
                fix: finding.fix.map {
                    ShownFix(description: $0.description, command: $0.repair?.commandLine(report.shortIDs), automatic: $0.automatic)
                })
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data = try encoder.encode(Document(archive: archive, counts: counts, findings: findings))
        return String(decoding: data, as: UTF8.self)
    }
}

extension ValidationOutput {
    /// What an edit did to the findings, in one line of at most `width` characters: `1 new
    /// warning: G8 unit "104B" and unit "105" overlap by 2.3 m² · 1 resolved: G2 anchor ...`. New
    /// findings are counted by severity and come first; the first one or two of each kind are
    /// shown as far as they fit, names without their id prefixes (`validate` has those). Nil when
    /// the edit changed nothing.
    public static func line(_ change: EditFindings, width: Int = 80) -> String? {
        guard !change.isEmpty else { return nil }
        struct Part {
            var heading: String
            var items: [String]
            var shown = 1
            var codesOnly = false

            var text: String {
                guard !items.isEmpty else { return heading }
                return heading + ": "
                    + (codesOnly
                        ? items.prefix(shown).map { String($0.prefix { $0 != " " }) }.joined(separator: ", ")
                        : items.prefix(shown).joined(separator: "; "))
            }
        }
        func items(_ findings: [Finding]) -> [String] {
            findings.map { "\($0.code.rawValue) \(TerminalText.escaped(shortened($0.message)))" }
        }
        var parts: [Part] = []
        if !change.introduced.isEmpty {
            let counts = Severity.allCases.compactMap { severity -> (Severity, Int)? in
                let count = change.introduced.filter { $0.severity == severity }.count
                return count == 0 ? nil : (severity, count)
            }
            func named(_ severity: Severity, _ count: Int) -> String {
                severity.rawValue + (count == 1 || severity == .info ? "" : "s")
            }
            let total = change.introduced.count
            let heading =
                counts.count == 1
                ? "\(total) new \(named(counts[0].0, total))"
                : "\(total) new (" + counts.map { "\($0.1) \(named($0.0, $0.1))" }.joined(separator: ", ") + ")"
            parts.append(Part(heading: heading, items: items(change.introduced)))
        }
        if !change.resolved.isEmpty {
            parts.append(Part(heading: "\(change.resolved.count) resolved", items: items(change.resolved)))
        }
        func joined() -> String { parts.map(\.text).joined(separator: " · ") }
        // A second finding of each kind where the line has room for it.
        for index in parts.indices where parts[index].items.count > 1 {
            parts[index].shown = 2
            if joined().count > width { parts[index].shown = 1 }
        }
        // Short of room: the resolved ones by their codes, then the first message cut.
        if joined().count > width, parts.count == 2 { parts[1].codesOnly = true }
        let line = joined()
        guard line.count > width, let first = parts.first?.items.first else { return line }
        let room = Swift.max(10, width - (line.count - first.count) - 3)
        parts[0].items[0] = String(first.prefix(room)) + "..."
        return joined()
    }

    /// A message with the id prefixes that follow quoted names left out: `unit "104B" (1a2b3c4d)`
    /// reads `unit "104B"`.
    static func shortened(_ message: String) -> String {
        var result = ""
        var rest = message[...]
        while let quote = rest.firstIndex(of: "\"") {
            result += rest[...quote]
            rest = rest[rest.index(after: quote)...]
            if rest.hasPrefix(" ("), let close = rest.firstIndex(of: ")"), rest.distance(from: rest.startIndex, to: close) <= 10,
                rest[rest.index(rest.startIndex, offsetBy: 2)..<close].allSatisfy(\.isHexDigit)
            {
                rest = rest[rest.index(after: close)...]
            }
        }
        return result + rest
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
