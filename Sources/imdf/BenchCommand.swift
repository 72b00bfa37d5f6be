import ArgumentParser
import Foundation
import IMDF
import SyntheticVenue
import Validation

/// `imdf bench ...`: the performance workloads of PRODUCT.md section 9, with medians.
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Run a performance workload and print medians.",
        subcommands: [
            AllBenchCommand.self, IOBenchCommand.self, ValidateBenchCommand.self, EditBenchCommand.self, ReplayBenchCommand.self, RenderBenchCommand.self,
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

    func run() throws {
        let source = try Workload.prepare(workload.spec, zip: false, in: workFolder)
        let load = try Loading.open(source)
        Output.line("workload   \(source): \(load.archive.featureCount.grouped) features")
        let clean = Self.measure(load, runs: runs)
        Output.line("validate   \(clean.text)  target <= 1000 ms: \(clean.median <= 1 ? "met" : "MISSED")")
        guard manyFindings else { return }
        let wrong = Self.measure(Self.withManyFindings(load), runs: runs)
        let ratio = wrong.median / clean.median
        Output.line("many       \(wrong.text)  \(String(format: "%.2f", ratio)) x the clean run  target <= 1.10 x: \(ratio <= 1.1 ? "met" : "MISSED")")
    }

    /// The archive with a unit category ("classroom") on every occupant: one F4c finding each,
    /// with the search for a suggestion and the enumerations the value belongs to.
    static func withManyFindings(_ load: ArchiveLoad) -> ArchiveLoad {
        var archive = load.archive
        if var occupants = archive.collections[.occupant] {
            for index in occupants.features.indices { occupants.features[index].setString(.category, "classroom") }
            archive.collections[.occupant] = occupants
        }
        return ArchiveLoad(archive: archive, format: load.format)
    }

    /// Validates `load` `runs` times; the median, the number of findings, and a line of times
    /// and findings.
    static func measure(_ load: ArchiveLoad, runs: Int) -> (median: Double, findings: Int, text: String) {
        var times: [Double] = []
        var report = ValidationReport(findings: [])
        for _ in 0..<max(runs, 1) {
            let start = DispatchTime.now()
            report = Validator.validate(load)
            times.append(Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9)
        }
        let median = Workload.median(times)
        func ms(_ seconds: Double) -> String { String(format: "%.0f ms", seconds * 1000) }
        let findings = "\(report.count(.error)) errors, \(report.count(.warning)) warnings, \(report.count(.info)) info"
        return (median, report.findings.count, "median \(ms(median)) (min \(ms(times.min()!)), max \(ms(times.max()!))); \(findings)")
    }
}
