import Foundation
import Geometry
import IMDF
import Shell
import Validation

/// `imdf bench import --corpus DIR`: every drawing of a floor plan corpus imported onto the blank
/// template twice - with no options, and with the options its truth file names as best - each
/// scored against what a person counted on the drawing (FloorplanScore), then totals. The
/// drawings are `DIR/drawings/NAME.dxf`, or `NAME.dxf` in `--drawings` for those whose licence
/// keeps them out of the repository.
enum ImportScoreboard {
    struct Run {
        var truth: FloorplanTruth
        var mode: String
        var status: Int32
        var seconds: Double
        var score: FloorplanScore
        var errors: Int?
        var says: String
    }

    static func run(corpus: String, drawings: String?, only: [String], json: Bool, workFolder: String) throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: corpus).filter { $0.hasSuffix(".json") }.sorted()
            .map { String($0.dropLast(5)) }.filter { only.isEmpty || only.contains($0) }
        guard !names.isEmpty else {
            throw CommandFailure(exitCode: CommandFailure.commandFailed, message: "\(corpus): no truth files (NAME.json) to score against")
        }
        let imdf = try AllBenchCommand.executablePath()
        let work = workFolder + "/corpus"
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        let environment = ["XDG_STATE_HOME": work + "/state", "IMDF_HISTORY": work + "/state/history"]
        let blank = work + "/blank"
        try? FileManager.default.removeItem(atPath: blank)
        guard try ChildRun.run([imdf, "new", blank, "--template", "blank"], environment: environment).status == 0 else {
            throw CommandFailure(exitCode: CommandFailure.commandFailed, message: "imdf new \(blank) --template blank failed")
        }
        var runs: [Run] = []
        var missing: [FloorplanTruth] = []
        for name in names {
            let truth = try FloorplanTruth.read(corpus + "/" + name + ".json")
            let candidates = [corpus + "/drawings/" + name + ".dxf"] + (drawings.map { [$0 + "/" + name + ".dxf"] } ?? [])
            guard let drawing = candidates.first(where: FileManager.default.fileExists) else {
                missing.append(truth)
                continue
            }
            for (mode, options) in [("none", [String]()), ("best", truth.bestOptions)] {
                if mode == "best", options.isEmpty, let plain = runs.last, plain.truth.name == name {
                    runs.append(
                        Run(
                            truth: truth, mode: mode, status: plain.status, seconds: plain.seconds, score: plain.score,
                            errors: plain.errors, says: plain.says))
                    continue
                }
                runs.append(
                    try scored(
                        truth, drawing: drawing, mode: mode, options: options, imdf: imdf, blank: blank, work: work,
                        environment: environment))
            }
        }
        if json {
            Output.line(try Self.json(runs, missing: missing))
        } else {
            for line in table(runs, missing: missing) { Output.line(line) }
        }
    }

    /// One import of `drawing`, saved, read back and scored; its output archive validated.
    static func scored(
        _ truth: FloorplanTruth, drawing: String, mode: String, options: [String], imdf: String, blank: String, work: String,
        environment: [String: String]
    ) throws -> Run {
        let out = work + "/out-\(truth.name)-\(mode)"
        try? FileManager.default.removeItem(atPath: out)
        var arguments = [imdf, "import", "dxf", drawing, "--archive", blank, "--save", out, "--json"] + options
        // A plan of an upper floor goes onto a level of its ordinal, added to the blank archive.
        if truth.levelOrdinal != 0 {
            let name = "Floor \(truth.levelOrdinal)"
            let floors = work + "/blank-\(truth.levelOrdinal)"
            if !FileManager.default.fileExists(atPath: floors) {
                let script = floors + ".imdfs"
                // The ground floor gets a stand-in room, so that it is no level without units (the
                // scoreboard counts it as an extra unit).
                let lines = [
                    "add level \"\(name)\" ordinal=\(truth.levelOrdinal) rect 0,0 20x20", "use level \"Ground Floor\"",
                    "add unit \"Stand-in\" category=room rect 1,1 2x2",
                ]
                try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: script))
                guard try ChildRun.run([imdf, "run", script, "--archive", blank, "--save", floors], environment: environment).status == 0
                else {
                    throw CommandFailure(
                        exitCode: CommandFailure.commandFailed,
                        message: "\(floors): a level of ordinal \(truth.levelOrdinal) could not be added")
                }
            }
            arguments = [imdf, "import", "dxf", drawing, "--archive", floors, "--level", name, "--save", out, "--json"] + options
        }
        let result = try ChildRun.run(arguments, environment: environment, capturing: true)
        // The import's own words beside its archive, to look into a score.
        try? Data(result.output.utf8).write(to: URL(fileURLWithPath: out + ".report.json"))
        var run = Run(
            truth: truth, mode: mode, status: result.status, seconds: result.seconds, score: FloorplanScore(), errors: nil, says: "")
        guard result.status == 0, let load = try? ArchiveReader.read(out) else {
            run.says = result.output.split(separator: "\n").last.map { String($0.prefix(160)) } ?? ""
            run.score = FloorplanScore.score(truth, units: [], openings: [], ties: [], projector: nil)
            return run
        }
        let archive = load.archive
        // The import's level only: another floor's rooms stand where the plan does.
        let level = FloorplanScore.level(in: result.output)
        func imported(_ type: FeatureType) -> [Feature] {
            archive.features(of: type).filter { level == nil || $0.string(.levelID) == level }
        }
        run.score = FloorplanScore.score(
            truth, units: imported(.unit), openings: imported(.opening),
            ties: FloorplanScore.ties(in: result.output),
            projector: Projector(archive: archive))
        run.errors = Validator.validate(load).count(.error)
        return run
    }

    static func table(_ runs: [Run], missing: [FloorplanTruth]) -> [String] {
        func share(_ part: Int, _ whole: Int) -> String { whole == 0 ? "-" : "\(part)/\(whole)" }
        let cell = Scoreboard.cell
        var lines = [
            cell("drawing", 26) + cell("mode", 6) + cell("exit", 5) + cell("time", 9) + cell("scale", 7) + cell("rooms", 9)
                + cell("shapes", 8) + cell("extra", 6) + cell("names", 8) + cell("doors", 8) + cell("false", 6) + "errors"
        ]
        for run in runs {
            let score = run.score
            lines.append(
                cell(run.truth.name, 26) + cell(run.mode, 6) + cell("\(run.status)", 5) + cell(AllBenchCommand.seconds(run.seconds), 9)
                    + cell(score.scaleRatio.map { String(format: "%.2fx", $0) } ?? "-", 7) + cell(share(score.recalled, score.rooms), 9)
                    + cell(share(score.shapesRight, score.outlined), 8) + cell("\(score.extraUnits)", 6)
                    + cell(share(score.namesRight, score.named), 8) + cell(share(score.doorsFound, score.doors), 8)
                    + cell(score.openingsJudged ? "\(score.falseOpenings)" : "-", 6) + (run.errors.map(String.init) ?? "-"))
        }
        for mode in ["none", "best"] {
            let chosen = runs.filter { $0.mode == mode }
            guard !chosen.isEmpty else { continue }
            func sum(_ value: (FloorplanScore) -> Int) -> Int { chosen.reduce(0) { $0 + value($1.score) } }
            func percent(_ part: Int, _ whole: Int) -> String { whole == 0 ? "-" : "\(part * 100 / whole)%" }
            let found = sum(\.doorsFound)
            // Precision only where every door is listed.
            let judged = chosen.filter(\.score.openingsJudged)
            let judgedFound = judged.reduce(0) { $0 + $1.score.doorsFound }
            let judgedFalse = judged.reduce(0) { $0 + $1.score.falseOpenings }
            lines.append(
                "\(mode == "none" ? "no options" : "best options"): \(chosen.filter { $0.status == 0 }.count)/\(chosen.count) imported, "
                    + "scale right \(chosen.filter(\.score.scaleRight).count), "
                    + "rooms \(percent(sum(\.recalled), sum(\.rooms))) (shapes \(percent(sum(\.shapesRight), sum(\.outlined)))), "
                    + "names \(percent(sum(\.namesRight), sum(\.named))), "
                    + "doors found \(percent(found, sum(\.doors))), openings that are doors \(percent(judgedFound, judgedFound + judgedFalse)), "
                    + "0 errors \(chosen.filter { $0.errors == 0 }.count)/\(chosen.count)")
        }
        for run in runs where run.status != 0 && !run.says.isEmpty {
            lines.append("\(run.truth.name) (\(run.mode)): \(run.says)")
        }
        for truth in missing {
            lines.append(
                "\(truth.name): drawing not here; fetch \(truth.source.repository)@\(truth.source.commit) \(truth.source.path) into --drawings as \(truth.name).dxf"
            )
        }
        return lines
    }

    static func json(_ runs: [Run], missing: [FloorplanTruth]) throws -> String {
        let rows: [[String: Any]] = runs.map { run in
            let score = run.score
            return [
                "drawing": run.truth.name, "mode": run.mode, "exit": Int(run.status), "seconds": run.seconds,
                "scale_ratio": score.scaleRatio as Any? ?? NSNull(), "rooms": score.rooms, "recalled": score.recalled,
                "outlined": score.outlined, "shapes_right": score.shapesRight, "extra_units": score.extraUnits, "named": score.named,
                "names_right": score.namesRight, "doors": score.doors, "doors_found": score.doorsFound, "openings": score.openings,
                "false_openings": score.openingsJudged ? score.falseOpenings : NSNull(), "errors": run.errors as Any? ?? NSNull(),
            ]
        }
        return try Scoreboard.json(runs: rows, missing: missing.map(\.name))
    }
}
