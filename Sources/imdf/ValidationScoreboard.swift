import Foundation
import IMDF
import Shell
import Validation

/// `imdf bench validate --corpus DIR`: every real archive of a validation corpus validated and
/// held against its truth file (ArchiveTruth): an archive Apple accepted must have no error, and
/// every other must have exactly the errors a person judged real, code by code. The archives are
/// `DIR/archives/NAME` (a folder or `NAME.zip`), or `NAME` in `--archives` for those whose licence
/// keeps them out of the repository. Exits 1 when any archive differs from its truth, so that a
/// change which makes a new error, or loses one, on real data does not pass unseen.
enum ValidationScoreboard {
    struct Run {
        var truth: ArchiveTruth
        var score: ArchiveScore?
        /// Why the archive could not be read, where it could not.
        var unreadable: String?
    }

    static func run(corpus: String, archives: String?, only: [String], json: Bool) throws {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: corpus).filter { $0.hasSuffix(".json") }.sorted()
                .map { String($0.dropLast(5)) }.filter { only.isEmpty || only.contains($0) }
        } catch {
            throw CommandFailure(
                exitCode: CommandFailure.commandFailed, message: "\(corpus): cannot list the folder (\(error.localizedDescription))")
        }
        guard !names.isEmpty else {
            throw CommandFailure(exitCode: CommandFailure.commandFailed, message: "\(corpus): no truth files (NAME.json) to score against")
        }
        var runs: [Run] = []
        var missing: [ArchiveTruth] = []
        for name in names {
            let truth = try ArchiveTruth.read(corpus + "/" + name + ".json")
            let folders = [corpus + "/archives"] + (archives.map { [$0] } ?? [])
            let candidates = folders.flatMap { [$0 + "/" + name, $0 + "/" + name + ".zip"] }
            guard let path = candidates.first(where: FileManager.default.fileExists) else {
                missing.append(truth)
                continue
            }
            do {
                let load = try ArchiveReader.read(path, skippingBrokenFeatures: true)
                let report = Validator.validate(load)
                runs.append(Run(truth: truth, score: ArchiveScore.score(report, features: load.archive.featureCount, against: truth)))
            } catch {
                runs.append(Run(truth: truth, score: nil, unreadable: error.description))
            }
        }
        if json {
            Output.line(try Self.json(runs, missing: missing))
        } else {
            for line in table(runs, missing: missing) { Output.line(line) }
        }
        let differing = runs.filter { $0.score?.matches != true }.count
        if differing > 0 {
            throw CommandFailure(
                exitCode: CommandFailure.commandFailed,
                message: "\(differing) of \(runs.count) archives differ from their truth files")
        }
    }

    static func table(_ runs: [Run], missing: [ArchiveTruth]) -> [String] {
        let cell = Scoreboard.cell
        func percent(_ part: Int, _ whole: Int) -> String {
            whole == 0 ? "-" : String(format: "%.1f%%", Double(part) * 100 / Double(whole))
        }
        var lines = [
            cell("archive", 26) + cell("features", 10) + cell("errors", 8) + cell("warnings", 10) + cell("info", 7)
                + cell("Apple rule", 12) + cell("accepted", 10) + "errors as judged"
        ]
        for run in runs {
            guard let score = run.score else {
                lines.append(cell(run.truth.name, 26) + "unreadable: \(run.unreadable ?? "")")
                continue
            }
            lines.append(
                cell(run.truth.name, 26) + cell(score.features.grouped, 10) + cell(score.errors.grouped, 8)
                    + cell(score.warnings.grouped, 10) + cell(score.info.grouped, 7) + cell(percent(score.appleNamed, score.findings), 12)
                    + cell(run.truth.accepted == nil ? "-" : "yes", 10) + (score.matches ? "yes" : "NO"))
        }
        let scored = runs.compactMap { run in run.score.map { (truth: run.truth, score: $0) } }
        let accepted = scored.filter { $0.truth.accepted != nil }
        let findings = scored.reduce(0) { $0 + $1.score.findings }
        let named = scored.reduce(0) { $0 + $1.score.appleNamed }
        lines.append(
            "accepted by Apple: \(accepted.filter { $0.score.errors == 0 }.count) of \(accepted.count) with 0 errors; "
                + "errors as judged: \(scored.filter(\.score.matches).count) of \(runs.count); "
                + "findings naming an Apple rule: \(named.grouped) of \(findings.grouped) (\(percent(named, findings)))")
        for (truth, score) in scored {
            for difference in score.differences {
                lines.append("\(truth.name): \(difference.code) errors found \(difference.found), judged real \(difference.judged)")
            }
        }
        for truth in missing {
            lines.append(
                "\(truth.name): archive not here; fetch \(truth.source.repository)@\(truth.source.commit) \(truth.source.path) into --archives as \(truth.name)"
            )
        }
        return lines
    }

    static func json(_ runs: [Run], missing: [ArchiveTruth]) throws -> String {
        let rows: [[String: Any]] = runs.map { run in
            var row: [String: Any] = ["archive": run.truth.name, "accepted": run.truth.accepted != nil]
            guard let score = run.score else {
                row["unreadable"] = run.unreadable ?? ""
                return row
            }
            row["features"] = score.features
            row["errors"] = score.errors
            row["warnings"] = score.warnings
            row["info"] = score.info
            row["apple_named"] = score.appleNamed
            row["errors_by_code"] = score.errorsByCode
            row["matches"] = score.matches
            row["differences"] = score.differences.map { ["code": $0.code, "found": $0.found, "judged": $0.judged] }
            return row
        }
        return try Scoreboard.json(runs: rows, missing: missing.map(\.name))
    }
}
