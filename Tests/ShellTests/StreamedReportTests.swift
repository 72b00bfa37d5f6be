import Foundation
import IMDF
import SyntheticVenue
import Testing
import Validation

@testable import FindingReports
@testable import Render
@testable import Shell

/// `imdf validate`'s reports, written finding by finding as they are formatted: the same bytes as
/// the whole report formatted at once (Foundation's JSONEncoder for `--json`, then made safe for a
/// terminal), for findings of several codes whose text needs escaping.
@Suite("Streamed validation reports")
struct StreamedReportTests {
    /// Text that JSON and a terminal both escape: quotes, backslashes, control characters, DEL, a
    /// C1 control, a bidirectional override, and text they leave alone: non-ASCII, an emoji, a
    /// slash, a line separator.
    static let awkward = "say \"hi\" \\ back\\slash\ttab\nline\r\u{1}\u{8}\u{C}\u{1B}[31m\u{7F}\u{85}\u{202E}é 水 😀 a/b \u{2028} end"

    /// A generated venue with findings on every occupant and unit (F4c, F10, F9), some occupants'
    /// categories and names awkward, and findings made by hand with every field a finding has.
    static func report() -> ValidationReport {
        var archive = VenueGenerator.withManyFindings(VenueGenerator.generate(VenueSpec(buildings: 2, levels: 2, rooms: 6, seed: 9)))
        if var occupants = archive.collections[.occupant] {
            for index in occupants.features.indices where index % 3 == 0 {
                occupants.features[index].setString(.category, awkward)
                occupants.features[index].setProperty(.name, Labels(awkward, language: "en").json)
            }
            archive.collections[.occupant] = occupants
        }
        var report = Validator.validate(ArchiveLoad(archive: archive, format: .folder))
        let id = archive.features(of: .unit)[0].id
        report.findings = FindingList(
            Array(report.findings) + [
                Finding(
                    .G8, awkward, severity: .warning, file: "unit \"x\".geojson", line: 12, column: 7,
                    location: Coordinate(longitude: 8.682_127_123_456_789, latitude: -50.1), fix: Fix("move it \"here\"")),
                Finding(
                    .F4c, "category \"kl\\ass\"", rule: "UnitCategoryMustBeValid", file: "", line: nil,
                    location: Coordinate(longitude: 0, latitude: 1e-7),
                    fix: Fix("set the category", repair: .set(feature: id, key: "category", .text(awkward)))),
                Finding(.A1, "no manifest", file: "", fix: Fix("save writes one", repair: .save)),
                Finding(.F10, "plain", severity: .info, file: "occupant.geojson", line: 3),
            ])
        return report
    }

    @Test func streamedJSONIsTheEncodersJSONAndValid() throws {
        let report = Self.report()
        #expect(Set(report.findings.map(\.code.rawValue)).isSuperset(of: ["F4c", "F10", "F9", "G8", "A1"]))
        let archive = "venue \"ü\"\\\u{1B}.imdf"
        let streamed = ValidationOutput.json(report, archive: archive)
        #expect(streamed == TerminalText.sanitized(try Self.encoded(report, archive: archive)))

        // Valid JSON, holding every finding with its text as it was.
        let document = try #require(JSONSerialization.jsonObject(with: Data(streamed.utf8)) as? [String: Any])
        #expect(document["archive"] as? String == archive)
        let counts = try #require(document["counts"] as? [String: Int])
        #expect(counts == Dictionary(uniqueKeysWithValues: Severity.allCases.map { ($0.rawValue, report.count($0)) }))
        let findings = try #require(document["findings"] as? [[String: Any]])
        #expect(findings.count == report.findings.count)
        for (shown, finding) in zip(findings, report.findings) {
            #expect(shown["code"] as? String == finding.code.rawValue)
            #expect(shown["message"] as? String == finding.message)
            #expect(shown["severity"] as? String == finding.severity.rawValue)
            #expect((shown["rule"] as? String) == finding.rule && (shown["rule"] is NSNull) == (finding.rule == nil))
            #expect(shown["file"] as? String == finding.file)
            #expect(shown["line"] as? Int == finding.line)
            #expect(shown["column"] as? Int == finding.column)
            let location = shown["location"] as? [String: Double]
            #expect(location?["longitude"] == finding.location?.longitude && location?["latitude"] == finding.location?.latitude)
            let fix = shown["fix"] as? [String: Any]
            #expect(fix?["description"] as? String == finding.fix?.description)
            #expect(fix?["command"] as? String == finding.fix?.repair?.commandLine(report.shortIDs))
        }
        #expect(findings.contains { $0["message"] as? String == Self.awkward })
    }

    @Test func textIsTheReportFormattedWhole() {
        let report = Self.report()
        let text = ValidationOutput.text(report, archive: "venue", featureCount: 123)
        #expect(text == Self.formattedWhole(report, archive: "venue", featureCount: 123))
        #expect(text.contains(Self.awkward))
    }

    /// Written to a file in pieces of 64 KiB, a report is the kept report; the text's lines are made
    /// safe for a terminal as `TerminalText.sanitized` makes the whole text.
    @Test func writtenToAFileInPiecesIsTheWholeReport() throws {
        var report = Self.report()
        // Enough findings for several pieces, and for several slices formatted side by side.
        report.findings = FindingList(
            Array(repeating: Array(report.findings), count: 3 * ValidationOutput.sliceSize / report.findings.count + 1).flatMap { $0 })
        #expect(report.findings.count > 3 * ValidationOutput.sliceSize)
        let path = NSTemporaryDirectory() + "imdf-streamed-report-" + UUID().uuidString
        defer { unlink(path) }
        func written(_ write: (inout ReportWriter) -> Void, sanitizing: Bool) throws -> String {
            let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            try #require(descriptor >= 0)
            var writer = ReportWriter(descriptor: descriptor, sanitizing: sanitizing)
            write(&writer)
            writer.flush()
            close(descriptor)
            #expect(writer.failure == nil)
            return try String(contentsOfFile: path, encoding: .utf8)
        }
        let text = try written(
            { ValidationOutput.writeText(report, archive: "venue", featureCount: 9, to: &$0) }, sanitizing: true)
        #expect(text.utf8.count > 3 * ReportWriter.chunk)
        #expect(text == TerminalText.sanitized(Self.formattedWhole(report, archive: "venue", featureCount: 9)) + "\n")
        #expect(!text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" && $0 != "\t" })
        let json = try written({ ValidationOutput.writeJSON(report, archive: "venue", to: &$0) }, sanitizing: false)
        #expect(json == TerminalText.sanitized(try Self.encoded(report, archive: "venue")))
        #expect(try JSONSerialization.jsonObject(with: Data(json.utf8)) is [String: Any])
    }

    @Test func aWriteThatFailsIsReportedAndStopsTheRest() {
        // A descriptor open for reading only: every write fails.
        let descriptor = open("/dev/null", O_RDONLY)
        defer { close(descriptor) }
        var writer = ReportWriter(descriptor: descriptor, sanitizing: false)
        writer.append("findings")
        writer.endLine()
        writer.flush()
        #expect(writer.failure != nil)
    }

    @Test func numbersAreWrittenAsJSONEncoderWritesThem() throws {
        let values: [Double] = [
            0, -0.0, 1, -1, 1.5, 30.123_456_789_012_345, 1e-5, 1e16, 1e22, 123_456_789, 0.1, 100, 2.5e-7, .leastNonzeroMagnitude,
            .greatestFiniteMagnitude,
        ]
        let encoder = JSONEncoder()
        for value in values {
            var writer = ReportWriter()
            writer.appendJSONNumber(value)
            #expect(writer.text == String(decoding: try encoder.encode(value), as: UTF8.self))
        }
        var writer = ReportWriter()
        writer.appendJSONNumber(.nan)
        #expect(writer.text == "null")
    }

    /// The JSON report by Foundation's JSONEncoder, as it was formatted before it was streamed.
    static func encoded(_ report: ValidationReport, archive: String) throws -> String {
        struct ShownFix: Encodable {
            var description: String
            var command: String?
            var automatic: Bool
        }
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
                featureID: finding.featureID, featureType: finding.featureType, file: finding.file, line: finding.line,
                column: finding.column, location: finding.location,
                fix: finding.fix.map {
                    ShownFix(description: $0.description, command: $0.repair?.commandLine(report.shortIDs), automatic: $0.automatic)
                })
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(Document(archive: archive, counts: counts, findings: findings)), as: UTF8.self)
    }

    /// The text report formatted whole, line by line, as it was before it was streamed.
    static func formattedWhole(_ report: ValidationReport, archive: String, featureCount: Int) -> String {
        var lines: [String] = []
        let summary = Severity.allCases.map { severity in
            let count = report.count(severity)
            return "\(count.grouped) \(severity.rawValue)\(count == 1 || severity == .info ? "" : "s")"
        }
        lines.append("\(archive): \(summary.joined(separator: ", ")) in \(featureCount.grouped) features")
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
        for finding in report.findings {
            var line = "\(finding.severity.rawValue.padded(8))\(finding.code.rawValue.padded(5))"
            line += (finding.rule ?? "[imdf]") + " "
            if !finding.place.isEmpty { line += finding.place + ": " }
            if let id = finding.featureID, let type = finding.featureType {
                let short = report.shortIDs.short(id)
                if !finding.message.contains(short) { line += "\(type) \(short): " }
            }
            line += finding.message
            if let fix = finding.fix { line += "  [fix: \(fix.shown(report.shortIDs))]" }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }
}
