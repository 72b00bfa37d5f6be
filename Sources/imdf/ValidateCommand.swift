import ArgumentParser
import Foundation
import IMDF
import Validation

/// `imdf validate ARCHIVE [--json] [--strict]`: every IMDF rule, grouped by severity and code.
struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check an archive against the IMDF rules and print located findings.",
        discussion: """
            Findings are grouped by severity and code (the codes are listed in Sources/Validation/CODES.md), \
            then listed one per line as FILE:LINE, code, message and a fix where there is one. Exit codes: 0, or 4 \
            when --strict is given and there are errors; 3 when the archive cannot be read at all.
            """
    )

    @Argument(help: "The archive (folder, .zip or .imdf).") var archive: String
    @Flag(help: "Print the findings as JSON.") var json = false
    @Flag(help: "Exit with 4 when there are errors.") var strict = false

    func run() throws {
        let load: ArchiveLoad
        do {
            load = try ArchiveReader.read(archive)
        } catch {
            Output.diagnostics(error.diagnostics, archive: archive)
            throw CommandFailure(exitCode: CommandFailure.unreadableArchive, message: "\(archive): the archive could not be read")
        }
        let progress = Progress.onTerminal()
        let report = Validator.validate(load, progress: progress?.report)
        progress?.finish()
        if json {
            Output.line(try ValidationOutput.json(report, archive: archive))
        } else {
            Output.line(ValidationOutput.text(report, archive: archive, featureCount: load.archive.featureCount))
        }
        if strict && report.hasErrors {
            throw CommandFailure(exitCode: 4, message: "")
        }
    }
}

enum ValidationOutput {
    static func text(_ report: ValidationReport, archive: String, featureCount: Int) -> String {
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
            if !finding.place.isEmpty { line += finding.place + ": " }
            if let id = finding.featureID, let type = finding.featureType, !finding.message.contains(id.prefix(8)) {
                line += "\(type) \(id.prefix(8)): "
            }
            line += finding.message
            if let command = finding.fix?.command {
                line += "  [fix: \(command)]"
            } else if let fix = finding.fix {
                line += "  [fix: \(fix.description)]"
            }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }

    static func json(_ report: ValidationReport, archive: String) throws -> String {
        struct Document: Encodable {
            var archive: String
            var counts: [String: Int]
            var findings: [Finding]
        }
        let counts = Dictionary(uniqueKeysWithValues: Severity.allCases.map { ($0.rawValue, report.count($0)) })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data = try encoder.encode(Document(archive: archive, counts: counts, findings: report.findings))
        return String(decoding: data, as: UTF8.self)
    }
}

/// A one-line progress display on standard error, only when it is a terminal.
final class Progress: Sendable {
    static func onTerminal() -> Progress? { isatty(2) == 1 ? Progress() : nil }

    var report: @Sendable (ValidationStage) -> Void {
        { stage in
            switch stage {
            case .features(let done, let total): Output.status("validating: \(done.grouped) of \(total.grouped) features")
            case .levels(let done, let total): Output.status("validating: \(done) of \(total) levels")
            }
        }
    }

    func finish() { Output.status("") }
}
