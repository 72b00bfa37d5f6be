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
        subcommands: [IOBenchCommand.self, ValidateBenchCommand.self, EditBenchCommand.self, ReplayBenchCommand.self, RenderBenchCommand.self, IOBenchWorker.self]
    )
}

/// `imdf bench validate`: full validation of workload W (PRODUCT.md section 9: <= 2 s).
struct ValidateBenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate", abstract: "Validate workload W repeatedly; print the median time and the findings.")

    @OptionGroup var workload: WorkloadShape
    @Option(help: "Timed runs (the median is reported).") var runs = 5
    @Option(help: "Work folder for the generated workload.") var workFolder = NSTemporaryDirectory() + "imdf-bench"

    func run() throws {
        let source = try Workload.prepare(workload.spec, zip: false, in: workFolder)
        let load = try Loading.open(source)
        var times: [Double] = []
        var report: ValidationReport?
        for _ in 0..<max(runs, 1) {
            let start = DispatchTime.now()
            report = Validator.validate(load)
            times.append(Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9)
        }
        guard let report else { return }
        let median = Workload.median(times)
        func ms(_ seconds: Double) -> String { String(format: "%.0f ms", seconds * 1000) }
        Output.line("workload   \(source): \(load.archive.featureCount.grouped) features")
        Output.line("validate   median \(ms(median))  (min \(ms(times.min()!)), max \(ms(times.max()!)))  target <= 2000 ms: \(median <= 2 ? "met" : "MISSED")")
        Output.line("findings   \(report.count(.error)) errors, \(report.count(.warning)) warnings, \(report.count(.info)) info")
    }
}
