import ArgumentParser
import FindingReports
import Foundation
import IMDF
import Render
import Shell
import SyntheticVenue
import Validation

/// `imdf bench ...`: the performance workloads of PRODUCT.md section 9, with medians.
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Run a performance workload and print medians.",
        subcommands: [
            AllBenchCommand.self, IOBenchCommand.self, ValidateBenchCommand.self, EditBenchCommand.self, ReplayBenchCommand.self,
            RenderBenchCommand.self, ImportBenchCommand.self, GraphBenchCommand.self, HostileBenchCommand.self,
            IOBenchWorker.self,
        ]
    )
}

/// `imdf bench validate`: full validation of workload W (PRODUCT.md section 9: <= 1 s); with
/// `--many-findings`, also of W with findings raised on every occupant and unit (144,200 of
/// several codes, `VenueGenerator.withManyFindings`), which must cost within 10% of the clean
/// run, and `imdf validate` of it as a person runs it, its text and `--json` reports redirected
/// to a file, against Python's json.load of the same files (<= 0.7 x: the report must not cost
/// more than the checks).
struct ValidateBenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract:
            "Validate workload W repeatedly and print the median time and the findings; or, with --corpus, score validation on real archives."
    )

    @OptionGroup var workload: WorkloadShape
    @Option(help: "Timed runs (the median is reported).") var runs = 5
    @Option(help: "Work folder for the generated workload.") var workFolder = NSTemporaryDirectory() + "imdf-bench"
    @Flag(
        help:
            "Also validate W with findings on every occupant and unit (100,000+ of several codes), compare, and time `imdf validate` of it with its text and JSON reports."
    ) var manyFindings = false
    @Option(help: "Also validate W with this many more anchors at one place (coincident points; target <= 2 s at 20,000).")
    var coincident = 0
    @Option(help: "Validate a corpus of real archives against their truth files instead (Benchmarks/archives).")
    var corpus: String?
    @Option(help: "With --corpus: a folder holding the archives not in the corpus folder, as NAME or NAME.zip.")
    var archives: String?
    @Option(help: "With --corpus: only this archive (repeatable).") var only: [String] = []
    @Flag(help: "With --corpus: print the scores as JSON.") var json = false

    func run() throws {
        if let corpus {
            try ValidationScoreboard.run(corpus: corpus, archives: archives, only: only, json: json)
            return
        }
        let source = try Workload.prepare(workload.spec, zip: false, in: workFolder)
        let load = try Loading.open(source)
        Output.line("workload   \(source): \(load.archive.featureCount.grouped) features")
        let many = manyFindings ? try Self.withManyFindings(source) : nil
        let measured = Self.measure([load] + (many.map { [$0.load] } ?? []), runs: runs)
        let clean = measured[0]
        Output.line("validate   \(clean.text)  target <= 1000 ms: \(clean.median <= 1 ? "met" : "MISSED")")
        if coincident > 0 {
            let piled = Self.measure(try Self.withCoincidentAnchors(source, count: coincident), runs: runs)
            Output.line(
                "coincident \(piled.text)  (\(coincident.grouped) anchors at one place)  target <= 2000 ms: \(piled.median <= 2 ? "met" : "MISSED")"
            )
        }
        guard let many else { return }
        let wrong = measured[1]
        let ratio = wrong.median / clean.median
        Output.line(
            "many       \(wrong.text)  \(String(format: "%.2f", ratio)) x the clean run  target <= 1.10 x: \(ratio <= 1.1 ? "met" : "MISSED")"
        )
        let inProcess = Self.measureReportsInProcess(many.load, runs: runs)
        Output.line(
            "report     in this process, to /dev/null: text \(AllBenchCommand.seconds(inProcess.text)), JSON \(AllBenchCommand.seconds(inProcess.json)) (\(wrong.findings.grouped) findings; the medians)"
        )
        let reports = try Self.measureReports(many.path, runs: runs, in: workFolder)
        for line in reports.lines { Output.line(line) }
        if reports.pythonLoad == nil { Output.line("(python3 was not found: no ratios to Python's json module)") }
    }

    /// The workload at `source` with `count` copies of its first anchor (new ids, the same point),
    /// written beside it once: the worst case of the check that points of one kind coincide.
    static func withCoincidentAnchors(_ source: String, count: Int) throws -> ArchiveLoad {
        let path = source + "-coincident-\(count)"
        if !FileManager.default.fileExists(atPath: path + "/manifest.json") {
            var archive = try Loading.open(source).archive
            guard var anchors = archive.collections[.anchor], let first = anchors.features.first else {
                throw CommandFailure(exitCode: CommandFailure.commandFailed, message: "bench: the workload has no anchor to copy")
            }
            for _ in 0..<count {
                var copy = first
                copy.id = UUID().uuidString.lowercased()
                anchors.features.append(copy)
            }
            archive.collections[.anchor] = anchors
            do {
                try ArchiveWriter.write(archive, to: path, created: Date(timeIntervalSince1970: 0))
            } catch {
                throw CommandFailure(exitCode: CommandFailure.commandFailed, message: error.description)
            }
        }
        return try Loading.open(path)
    }

    /// The workload at `source` with findings on every occupant and unit
    /// (`VenueGenerator.withManyFindings`), written beside it once and read like the clean one;
    /// its folder and what was read.
    static func withManyFindings(_ source: String) throws -> (path: String, load: ArchiveLoad) {
        let path = source + "-many-findings-m\(VenueGenerator.manyFindingsGeneration)"
        if !FileManager.default.fileExists(atPath: path + "/manifest.json") {
            let archive = VenueGenerator.withManyFindings(try Loading.open(source).archive)
            do {
                try ArchiveWriter.write(archive, to: path, created: Date(timeIntervalSince1970: 0))
            } catch {
                throw CommandFailure(exitCode: CommandFailure.commandFailed, message: error.description)
            }
        }
        return (path, try Loading.open(path))
    }

    /// The medians of `imdf validate ARCHIVE > FILE` and `imdf validate ARCHIVE --json > FILE` run
    /// as a person runs them (a child process of this executable, timed from its start to its
    /// exit), taking turns with Python's json.load of the same files so that all see the machine
    /// alike; and the lines that report them against the target (<= 0.7 x json.load).
    static func measureReports(_ archive: String, runs: Int, in workFolder: String) throws -> (
        text: Double, json: Double, pythonLoad: Double?, lines: [String]
    ) {
        let imdf = try AllBenchCommand.executablePath()
        let environment = ["XDG_STATE_HOME": workFolder + "/bench-validate-state"]
        let output = workFolder + "/bench-validate-report"
        defer { unlink(output) }
        var text: [Double] = []
        var json: [Double] = []
        var python: [Double] = []
        var bytes = (text: 0, json: 0)
        _ = try ChildRun.run([imdf, "validate", archive], environment: environment, output: output)  // the file cache warmed
        for _ in 0..<max(runs, 1) {
            // Each program's timed runs follow an untimed run of its own (ChildRun.settle).
            try ChildRun.settle([imdf, "validate", archive], environment: environment)
            for asJSON in [false, true] {
                let run = try ChildRun.run(
                    [imdf, "validate", archive] + (asJSON ? ["--json"] : []), environment: environment, output: output)
                guard run.status == 0 else {
                    throw CommandFailure(
                        exitCode: CommandFailure.commandFailed, message: "bench: imdf validate \(archive) exited with \(run.status)")
                }
                let size = Memory.archiveSize(output)
                if asJSON {
                    json.append(run.seconds)
                    bytes.json = size
                } else {
                    text.append(run.seconds)
                    bytes.text = size
                }
            }
            _ = Python.time(Python.load, [archive])  // settling, as above
            if let seconds = Python.time(Python.load, [archive]) { python.append(seconds) }
        }
        let load = python.isEmpty ? nil : Workload.median(python)
        func line(_ label: String, _ command: String, _ times: [Double], _ size: Int) -> String {
            let median = Workload.median(times)
            let spread = "(min \(AllBenchCommand.seconds(times.min()!)), max \(AllBenchCommand.seconds(times.max()!)))"
            let report = String(format: "%.1f MB", Double(size) / 1e6)
            guard let load else { return "\(label.padded(10))`\(command)`: median \(AllBenchCommand.seconds(median)) \(spread), \(report)" }
            let ratio = median / load
            return "\(label.padded(10))`\(command)`: median \(AllBenchCommand.seconds(median)) \(spread), \(report) = "
                + "\(AllBenchCommand.ratio(ratio)) Python's json.load (\(AllBenchCommand.seconds(load)))  target <= 0.70 x: \(ratio <= 0.7 ? "met" : "MISSED")"
        }
        let (textMedian, jsonMedian) = (Workload.median(text), Workload.median(json))
        return (
            textMedian, jsonMedian, load,
            [
                line("text", "imdf validate MANY > FILE", text, bytes.text),
                line("json", "imdf validate MANY --json > FILE", json, bytes.json),
            ]
        )
    }

    /// The medians of writing the text and the JSON report of `load`'s findings to /dev/null in
    /// this process (validation not counted): what the report alone costs.
    static func measureReportsInProcess(_ load: ArchiveLoad, runs: Int) -> (text: Double, json: Double) {
        let report = Validator.validate(load)
        let sink = open("/dev/null", O_WRONLY)
        defer { close(sink) }
        var text: [Double] = []
        var json: [Double] = []
        for _ in 0..<max(runs, 1) {
            for asJSON in [false, true] {
                let start = DispatchTime.now()
                var writer = ReportWriter(descriptor: sink, sanitizing: !asJSON)
                if asJSON {
                    ValidationOutput.writeJSON(report, archive: "MANY", to: &writer)
                    writer.append(byte: 0x0A)
                } else {
                    ValidationOutput.writeText(
                        report, archive: "MANY", featureCount: load.archive.featureCount, to: &writer)
                }
                writer.flush()
                let seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
                if asJSON { json.append(seconds) } else { text.append(seconds) }
            }
        }
        return (Workload.median(text), Workload.median(json))
    }

    /// Validates `load` `runs` times; the median, the number of findings, and a line of times
    /// and findings.
    static func measure(_ load: ArchiveLoad, runs: Int) -> (median: Double, findings: Int, text: String) {
        measure([load], runs: runs)[0]
    }

    /// Validates each of `loads` `runs` times, taking turns so that each sees the machine alike;
    /// for each, the median, the number of findings, and a line of times and findings. The
    /// reports are freed after the timing: freeing one is not part of validating.
    static func measure(_ loads: [ArchiveLoad], runs: Int) -> [(median: Double, findings: Int, text: String)] {
        var times = [[Double]](repeating: [], count: loads.count)
        var reports: [ValidationReport] = []
        for _ in 0..<max(runs, 1) {
            for (number, load) in loads.enumerated() {
                let start = DispatchTime.now()
                reports.append(Validator.validate(load))
                times[number].append(Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9)
            }
        }
        func ms(_ seconds: Double) -> String { String(format: "%.0f ms", seconds * 1000) }
        return loads.indices.map { number in
            let report = reports[reports.count - loads.count + number]
            let median = Workload.median(times[number])
            let findings = "\(report.count(.error)) errors, \(report.count(.warning)) warnings, \(report.count(.info)) info"
            return (
                median, report.findings.count,
                "median \(ms(median)) (min \(ms(times[number].min()!)), max \(ms(times[number].max()!))); \(findings)"
            )
        }
    }
}
