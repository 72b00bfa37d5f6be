import ArgumentParser
import Foundation
import IMDF
import Shell
import SyntheticVenue
import Workbench

/// `imdf bench graph`: `graph build all` on workload W and `route` between rooms of W, each run
/// as the prompt runs the line (PRODUCT.md section 9: <= 2 s and <= 20 ms). Each build is undone
/// before the next (untimed); the routes run over the last build, between a room on the lowest
/// and one on the highest level of a building, so each crosses every level.
struct GraphBenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "graph", abstract: "Time `graph build all` on W and `route` between two rooms of W; print medians.")

    @Option(help: "Timed runs of `graph build all` (the median is reported).") var runs = 3
    @Option(help: "Timed routes, each between another pair of rooms.") var routes = 21
    @Option(help: "Work folder for the generated workload.") var workFolder = NSTemporaryDirectory() + "imdf-bench"

    func run() throws {
        let source = try Workload.prepare(VenueSpec.benchmark, zip: false, in: workFolder)
        let measured = try Self.measure(source, runs: runs, routes: routes)
        Output.line("workload   \(source): \(measured.features.grouped) features")
        Output.line(
            "graph build all  \(measured.build.text)  \(measured.summary)  target <= 2000 ms: \(measured.build.median <= 2 ? "met" : "MISSED")"
        )
        Output.line("route            \(measured.route.text)  target <= 20 ms: \(measured.route.median <= 0.02 ? "met" : "MISSED")")
    }

    struct Timing {
        var median: Double
        var min: Double
        var max: Double
        var text: String { String(format: "median %.1f ms (min %.1f, max %.1f)", median * 1000, min * 1000, max * 1000) }

        init(_ times: [Double]) {
            median = Workload.median(times)
            min = times.min() ?? 0
            max = times.max() ?? 0
        }
    }

    /// Opens the archive at `source`, builds its graph `runs` times and routes `routes` times.
    static func measure(_ source: String, runs: Int, routes: Int) throws -> (
        build: Timing, route: Timing, summary: String, features: Int
    ) {
        var session = try Sessions.open(source)
        defer { KeptUntilExit.keep(session) }
        let features = session.document.featureCount
        var processorTimes: [Double] = []
        func processorSeconds() -> Double {
            var usage = rusage()
            getrusage(RUSAGE_SELF.rawValue, &usage)
            return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
        }
        func timed(_ line: String) throws -> (Double, CommandOutcome?) {
            let processor = processorSeconds()
            defer { processorTimes.append(processorSeconds() - processor) }
            let start = DispatchTime.now()
            let outcome: CommandOutcome?
            do {
                outcome = try Interpreter.run(line, in: &session)
            } catch {
                throw CommandFailure(exitCode: CommandFailure.commandFailed, message: "bench graph: \(line): \(error.message)")
            }
            return (Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9, outcome)
        }
        var builds: [Double] = []
        var buildProcessor: [Double] = []
        var summary = ""
        for run in 0..<max(runs, 1) {
            let (seconds, outcome) = try timed("graph build all")
            builds.append(seconds)
            buildProcessor.append(processorTimes.last ?? 0)
            if case .edit(let patch)? = outcome?.effect { summary = patch.label.components(separatedBy: ": ").last ?? "" }
            if run < max(runs, 1) - 1 { _ = try timed("undo") }
        }
        // Pairs of rooms on the lowest and the highest level of one building.
        let document = session.document
        var levelsByBuilding: [String: [(Int, String)]] = [:]
        for level in document.features(of: .level) {
            levelsByBuilding[level.strings(.buildingIDs)?.first ?? "", default: []].append((level.integer(.ordinal) ?? 0, level.id))
        }
        var pairs: [(String, String)] = []
        for (_, levels) in levelsByBuilding.sorted(by: { $0.key < $1.key }) {
            guard let lowest = levels.min(by: { $0.0 < $1.0 })?.1, let highest = levels.max(by: { $0.0 < $1.0 })?.1 else { continue }
            let rooms = { (level: String) in
                document.features(onLevel: level).filter { $0.imdfType == .unit && $0.string(.category) != "walkway" }.map(\.id).sorted()
            }
            let (below, above) = (rooms(lowest), rooms(highest))
            guard !below.isEmpty, !above.isEmpty else { continue }
            pairs.append((below[pairs.count % below.count], above[(pairs.count * 7) % above.count]))
        }
        guard !pairs.isEmpty else {
            throw CommandFailure(exitCode: CommandFailure.commandFailed, message: "bench graph: the workload has no rooms to route between")
        }
        var times: [Double] = []
        for index in 0..<max(routes, 1) {
            let (from, to) = pairs[index % pairs.count]
            times.append(try timed("route \(from) \(to)").0)
        }
        let processor = String(format: "; processor time (all cores) median %.1f s", Workload.median(buildProcessor))
        return (Timing(builds), Timing(times), summary + processor, features)
    }
}
