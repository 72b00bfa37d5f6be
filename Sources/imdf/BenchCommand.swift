import ArgumentParser
import Foundation
import IMDF
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
/// `--many-findings`, also of W with every occupant's category wrong, which must cost within 10%
/// of the clean run (validation time does not grow with the number of findings).
struct ValidateBenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate", abstract: "Validate workload W repeatedly; print the median time and the findings.")

    @OptionGroup var workload: WorkloadShape
    @Option(help: "Timed runs (the median is reported).") var runs = 5
    @Option(help: "Work folder for the generated workload.") var workFolder = NSTemporaryDirectory() + "imdf-bench"
    @Flag(help: "Also validate W with a unit category on every occupant (one finding each), and compare.") var manyFindings = false
    @Option(help: "Also validate W with this many more anchors at one place (coincident points; target <= 2 s at 20,000).")
    var coincident = 0

    func run() throws {
        let source = try Workload.prepare(workload.spec, zip: false, in: workFolder)
        let load = try Loading.open(source)
        Output.line("workload   \(source): \(load.archive.featureCount.grouped) features")
        let measured = Self.measure(manyFindings ? [load, try Self.withManyFindings(source)] : [load], runs: runs)
        let clean = measured[0]
        Output.line("validate   \(clean.text)  target <= 1000 ms: \(clean.median <= 1 ? "met" : "MISSED")")
        if coincident > 0 {
            let piled = Self.measure(try Self.withCoincidentAnchors(source, count: coincident), runs: runs)
            Output.line(
                "coincident \(piled.text)  (\(coincident.grouped) anchors at one place)  target <= 2000 ms: \(piled.median <= 2 ? "met" : "MISSED")"
            )
        }
        guard manyFindings else { return }
        let wrong = measured[1]
        let ratio = wrong.median / clean.median
        Output.line(
            "many       \(wrong.text)  \(String(format: "%.2f", ratio)) x the clean run  target <= 1.10 x: \(ratio <= 1.1 ? "met" : "MISSED")"
        )
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

    /// The workload at `source` with a unit category ("classroom") on every occupant, one F4c
    /// finding each (with the search for a suggestion and the enumerations the value belongs
    /// to), written beside it once and read like the clean one.
    static func withManyFindings(_ source: String) throws -> ArchiveLoad {
        let path = source + "-many-findings"
        if !FileManager.default.fileExists(atPath: path + "/manifest.json") {
            var archive = try Loading.open(source).archive
            if var occupants = archive.collections[.occupant] {
                for index in occupants.features.indices { occupants.features[index].setString(.category, "classroom") }
                archive.collections[.occupant] = occupants
            }
            do {
                try ArchiveWriter.write(archive, to: path, created: Date(timeIntervalSince1970: 0))
            } catch {
                throw CommandFailure(exitCode: CommandFailure.commandFailed, message: error.description)
            }
        }
        return try Loading.open(path)
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
