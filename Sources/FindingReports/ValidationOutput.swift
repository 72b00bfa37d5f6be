// Validation reports as people and programs read them: counts grouped by severity and code, then
// the located findings with their fixes; or JSON. `imdf validate` and the prompt's `validate`
// print the same thing.

import Foundation
import IMDF
import Render
import Validation

public enum ValidationOutput {
    /// The text report, its lines joined (no line break at the end), as `writeText` writes it
    /// but not made safe for a terminal: the prompt prints it through `Output`, which does that.
    public static func text(_ report: ValidationReport, archive: String, featureCount: Int) -> String {
        var writer = ReportWriter()
        writeText(report, archive: archive, featureCount: featureCount, to: &writer)
        var text = writer.text
        if text.hasSuffix("\n") { text.removeLast() }
        return text
    }

    /// The text report, a line at a time as it is formatted: the counts by severity, the codes
    /// found with their counts, then one line per finding (severity, code, whose rule, place,
    /// feature, message, fix), each ended by a line break.
    public static func writeText(_ report: ValidationReport, archive: String, featureCount: Int, to writer: inout ReportWriter) {
        let (counts, bySeverity) = Self.counts(report)
        let groups = counts.keys.sorted { ($0.severity, $0.code.rank) < ($1.severity, $1.code.rank) }

        let summary = Severity.allCases.map { severity in
            let count = bySeverity[severity, default: 0]
            return "\(count.grouped) \(severity.rawValue)\(count == 1 || severity == .info ? "" : "s")"
        }
        writer.append("\(archive): \(summary.joined(separator: ", ")) in \(featureCount.grouped) features")
        writer.endLine()
        for severity in Severity.allCases {
            let ofSeverity = groups.filter { $0.severity == severity }
            guard !ofSeverity.isEmpty else { continue }
            writer.endLine()
            writer.append(severity.rawValue + (severity == .info ? "" : "s"))
            writer.endLine()
            for group in ofSeverity {
                writer.append(
                    "  " + group.code.rawValue.padded(5) + counts[group, default: 0].grouped.leftPadded(7) + "  " + group.code.title)
                writer.endLine()
            }
        }
        if !report.findings.isEmpty {
            writer.endLine()
            writer.append("findings" as StaticString)
            writer.endLine()
        }
        writeFindings(report, to: &writer) { findings, range, slice in
            findings.forEach(in: range) { _, finding in writeLine(finding, report.shortIDs, to: &slice) }
        }
    }

    /// A code as the report's header counts it: findings of one code at one severity.
    private struct CodeGroup: Hashable {
        var severity: Severity
        var code: FindingCode
    }

    /// The findings of each code (at each severity) and of each severity. A report lists its
    /// findings by severity and code, so each run of one code is counted, then added: a report of
    /// 100,000 findings looks up a handful of codes, not each finding's.
    private static func counts(_ report: ValidationReport) -> (byCode: [CodeGroup: Int], bySeverity: [Severity: Int]) {
        var byCode: [CodeGroup: Int] = [:]
        var bySeverity: [Severity: Int] = [:]
        var run: (group: CodeGroup, count: Int)?
        func addRun() {
            guard let run else { return }
            byCode[run.group, default: 0] += run.count
            bySeverity[run.group.severity, default: 0] += run.count
        }
        report.findings.forEach { _, finding in
            if let current = run, current.group.severity == finding.pointee.severity, current.group.code == finding.pointee.code {
                run?.count += 1
            } else {
                addRun()
                run = (CodeGroup(severity: finding.pointee.severity, code: finding.pointee.code), 1)
            }
        }
        addRun()
        return (byCode, bySeverity)
    }

    /// Findings per slice that `writeFindings` formats as one job.
    static let sliceSize = 4_096

    /// The findings of `report` written in order by `body`, which formats those of a range: the
    /// slices of a large report are formatted side by side on all cores, each into bytes of its
    /// own (lines made safe as `writer` makes them), which are then written in turn, a few slices
    /// at a time, so that a report of 100,000 findings is never held whole. Each finding is read
    /// in place: a copy would retain each of its strings.
    private static func writeFindings(
        _ report: ValidationReport, to writer: inout ReportWriter,
        _ body: @escaping @Sendable (FindingList, Range<Int>, inout ReportWriter) -> Void
    ) {
        let count = report.findings.count
        guard count > sliceSize else {
            body(report.findings, 0..<count, &writer)
            return
        }
        let sanitizing = writer.sanitizing
        let slices = stride(from: 0, to: count, by: sliceSize).map { $0..<Swift.min($0 + sliceSize, count) }
        let batch = 2 * ProcessInfo.processInfo.activeProcessorCount
        for first in stride(from: 0, to: slices.count, by: batch) {
            let formatted = Array(slices[first..<Swift.min(first + batch, slices.count)]).parallelMap(heaviestFirst: { _ in 1 }) {
                range -> [UInt8] in
                var slice = ReportWriter(sanitizing: sanitizing)
                body(report.findings, range, &slice)
                return slice.kept
            }
            for bytes in formatted { writer.append(lines: bytes) }
        }
    }

    /// One line per finding, as the text report writes them: for reports that list findings
    /// under a heading of their own (`check reachability`).
    public static func findingLines(_ report: ValidationReport) -> [String] {
        var writer = ReportWriter()
        report.findings.forEach { _, finding in writeLine(finding, report.shortIDs, to: &writer) }
        return writer.text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }

    /// One finding's line of the text report.
    private static func writeLine(_ finding: UnsafePointer<Finding>, _ shortIDs: ShortIDs, to writer: inout ReportWriter) {
        writer.append(finding.pointee.severity.rawValue, paddedTo: 8)
        writer.append(finding.pointee.code.rawValue, paddedTo: 5)
        // Whose rule it is: Apple's by name, or this tool's own.
        if let rule = finding.pointee.rule { writer.append(rule) } else { writer.append("[imdf]" as StaticString) }
        writer.append(byte: 0x20)
        // The place, `file:line:column` (`Finding.place`), where there is one.
        if let file = finding.pointee.file, !file.isEmpty || finding.pointee.line != nil {
            writer.append(file)
            if let line = finding.pointee.line {
                writer.append(byte: UInt8(ascii: ":"))
                writer.append(line)
                if let column = finding.pointee.column {
                    writer.append(byte: UInt8(ascii: ":"))
                    writer.append(column)
                }
            }
            writer.append(": " as StaticString)
        }
        if let id = finding.pointee.featureID, let type = finding.pointee.featureType {
            let short = shortIDs.short(id)
            if !mentions(finding.pointee.message, short) {
                writer.append(type)
                writer.append(byte: 0x20)
                writer.append(short)
                writer.append(": " as StaticString)
            }
        }
        writer.append(finding.pointee.message)
        if let fix = finding.pointee.fix {
            writer.append("  [fix: " as StaticString)
            fix.writeShown(shortIDs) { writer.append($0) }
            writer.append(byte: UInt8(ascii: "]"))
        }
        writer.endLine()
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

    /// The JSON report as one string (the prompt's `validate --json`), as `writeJSON` writes it.
    public static func json(_ report: ValidationReport, archive: String) -> String {
        var writer = ReportWriter()
        writeJSON(report, archive: archive, to: &writer)
        return writer.text
    }

    /// The JSON report, written finding by finding as it is formatted: `{"archive": ...,
    /// "counts": {"error": N, "info": N, "warning": N}, "findings": [...]}` on one line, keys in
    /// sorted order. Each finding has `code`, `rule` (null for a check of this tool's own, beside
    /// `"source": "imdf"`), `source`, `severity` and `message`, and where known `column`,
    /// `featureID`, `featureType`, `file`, `fix` (`automatic`, `command` where there is one,
    /// `description`), `line` and `location` (`latitude`, `longitude`). No line break at the end.
    public static func writeJSON(_ report: ValidationReport, archive: String, to writer: inout ReportWriter) {
        let bySeverity = Self.counts(report).bySeverity
        writer.append("{\"archive\":" as StaticString)
        writer.appendJSONString(archive)
        writer.append(",\"counts\":{" as StaticString)
        for (index, severity) in Severity.allCases.sorted(by: { $0.rawValue < $1.rawValue }).enumerated() {
            if index > 0 { writer.append(byte: UInt8(ascii: ",")) }
            writer.appendJSONString(severity.rawValue)
            writer.append(byte: UInt8(ascii: ":"))
            writer.append(bySeverity[severity, default: 0])
        }
        writer.append("},\"findings\":[" as StaticString)
        writeFindings(report, to: &writer) { findings, range, slice in
            findings.forEach(in: range) { index, finding in
                if index > 0 { slice.append(byte: UInt8(ascii: ",")) }
                writeJSON(finding, report.shortIDs, to: &slice)
                // Written out at 64 KiB where `slice` is the report's own writer (a small report).
                slice.flushIfFull()
            }
        }
        writer.append("]}" as StaticString)
    }

    /// One finding of the JSON report, its keys in sorted order.
    private static func writeJSON(_ finding: UnsafePointer<Finding>, _ shortIDs: ShortIDs, to writer: inout ReportWriter) {
        writer.append("{\"code\":" as StaticString)
        writer.appendJSONString(finding.pointee.code.rawValue)
        if let column = finding.pointee.column {
            writer.append(",\"column\":" as StaticString)
            writer.append(column)
        }
        if let id = finding.pointee.featureID {
            writer.append(",\"featureID\":" as StaticString)
            writer.appendJSONString(id)
        }
        if let type = finding.pointee.featureType {
            writer.append(",\"featureType\":" as StaticString)
            writer.appendJSONString(type)
        }
        if let file = finding.pointee.file {
            writer.append(",\"file\":" as StaticString)
            writer.appendJSONString(file)
        }
        if let fix = finding.pointee.fix {
            writer.append(",\"fix\":{\"automatic\":" as StaticString)
            writer.append(fix.automatic ? "true" as StaticString : "false")
            if let repair = fix.repair {
                writer.append(",\"command\":\"" as StaticString)
                repair.writeCommandLine(shortIDs) { writer.appendJSONStringContent($0) }
                writer.append(byte: UInt8(ascii: "\""))
            }
            writer.append(",\"description\":" as StaticString)
            writer.appendJSONString(fix.description)
            writer.append(byte: UInt8(ascii: "}"))
        }
        if let line = finding.pointee.line {
            writer.append(",\"line\":" as StaticString)
            writer.append(line)
        }
        if let location = finding.pointee.location {
            writer.append(",\"location\":{\"latitude\":" as StaticString)
            writer.appendJSONNumber(location.latitude)
            writer.append(",\"longitude\":" as StaticString)
            writer.appendJSONNumber(location.longitude)
            writer.append(byte: UInt8(ascii: "}"))
        }
        writer.append(",\"message\":" as StaticString)
        writer.appendJSONString(finding.pointee.message)
        writer.append(",\"rule\":" as StaticString)
        if let rule = finding.pointee.rule { writer.appendJSONString(rule) } else { writer.append("null" as StaticString) }
        writer.append(",\"severity\":" as StaticString)
        writer.appendJSONString(finding.pointee.severity.rawValue)
        writer.append(",\"source\":" as StaticString)
        writer.appendJSONString(finding.pointee.source.rawValue)
        writer.append(byte: UInt8(ascii: "}"))
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
