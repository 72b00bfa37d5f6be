import ArgumentParser
import FindingReports
import Foundation
import IMDF
import Render
import Shell
import Validation

/// `imdf validate ARCHIVE [--json] [--strict]`: every IMDF rule, grouped by severity and code.
struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check an archive against the IMDF rules and print located findings.",
        discussion: """
            Findings are grouped by severity and code (the codes are listed in Sources/Validation/CODES.md), \
            then listed one per line as FILE:LINE, code, message and a fix where there is one. Exit codes: 0, or 4 \
            when --strict is given and there are errors (among the findings --code and --rule keep); 3 when the archive \
            cannot be read at all. Findings that implement a rule of Apple's validator carry its name \
            (Sources/Validation/APPLE-RULES.md).
            """
    )

    @Argument(help: "The archive (folder, .zip or .imdf).") var archive: String?
    @Option(
        help: ArgumentHelp(
            "Say what a finding code or a rule of Apple's validator checks: Apple's description, what is tested at which tolerance, the repair fix applies, and an example.",
            valueName: "CODE|RULE"))
    var explain: String?
    @Flag(help: "Print the findings as JSON.") var json = false
    @Option(help: ArgumentHelp("Only findings of this code (repeatable).", valueName: "CODE")) var code: [String] = []
    @Option(help: ArgumentHelp("Only findings of this rule of Apple's validator (repeatable).", valueName: "RULE")) var rule: [String] = []
    @Flag(help: "Exit with 4 when there are errors.") var strict = false
    @OptionGroup var limitOptions: ArchiveLimitOptions

    func validate() throws {
        if explain == nil && archive == nil { throw ValidationError("give the archive to validate (or --explain CODE|RULE)") }
        for text in code where FindingCode.matching(text) == nil {
            throw ValidationError("--code \(text): not a finding code (they are listed in Sources/Validation/CODES.md)")
        }
    }

    func run() throws {
        if let explain {
            guard let text = RuleExplanation.text(for: explain) else {
                throw CommandFailure(exitCode: CommandFailure.usage, message: RuleExplanation.unknown(explain, as: "--explain"))
            }
            Output.line(text)
            return
        }
        guard let archive else { return }
        let load: ArchiveLoad
        do {
            load = try ArchiveReader.read(archive, limits: limitOptions.limits, skippingBrokenFeatures: true)
        } catch {
            Output.diagnostics(error.diagnostics, archive: archive)
            throw CommandFailure(exitCode: CommandFailure.unreadableArchive, message: "\(archive): the archive could not be read")
        }
        defer { KeptUntilExit.keep(load) }
        let progress = Progress("validating \(archive)")
        let report = Validator.validate(load, progress: progress.validationStages).only(
            codes: code.compactMap(FindingCode.matching), rules: rule)
        progress.finish()
        // Written as it is formatted, never held whole; kept until exit, as freeing 100,000
        // findings is no part of reporting them.
        defer { KeptUntilExit.keep(report) }
        fflush(nil)
        var writer = ReportWriter(descriptor: STDOUT_FILENO, sanitizing: !json)
        if json {
            ValidationOutput.writeJSON(report, archive: archive, to: &writer)
            writer.append(byte: 0x0A)
        } else {
            ValidationOutput.writeText(report, archive: archive, featureCount: load.archive.featureCount, to: &writer)
        }
        writer.flush()
        if let failure = writer.failure {
            throw CommandFailure(
                exitCode: CommandFailure.commandFailed, message: "\(archive): the report could not be written (\(failure))")
        }
        if strict && report.hasErrors {
            throw CommandFailure(exitCode: 4, message: "")
        }
    }
}
