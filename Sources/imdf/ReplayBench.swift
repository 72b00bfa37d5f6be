import ArgumentParser
import Foundation
import IMDF
import Shell
import SyntheticVenue
import Workbench

/// `imdf bench replay`: a 10,000-command script on workload W, the way `imdf run` executes it
/// (PRODUCT.md section 9: <= 5 s). The script renames rooms, sets a property, attaches anchors and
/// undoes, with rooms named by id prefix so every line also resolves a reference.
struct ReplayBenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "replay", abstract: "Replay a 10,000-command script on W and time it.")

    @Option(help: "Commands in the script.") var commands = 10_000
    @Option(help: "Work folder for the generated workload.") var workFolder = NSTemporaryDirectory() + "imdf-bench"

    func run() throws {
        let source = try Workload.prepare(VenueSpec.benchmark, zip: false, in: workFolder)
        let result = try Self.measure(source, commands: commands)
        Output.line(
            "workload   \(source): \(result.features.grouped) features (opened in \(String(format: "%.0f ms", result.openSeconds * 1000)))")
        Output.line(
            "replay     \(result.commands.grouped) commands in \(String(format: "%.2f s", result.seconds)) (\(String(format: "%.0f", result.seconds / Double(max(result.commands, 1)) * 1e6)) µs each), \(result.failures.count) failed  target <= 5 s: \(result.seconds <= 5 && result.failures.isEmpty ? "met" : "MISSED")"
        )
        for failure in result.failures.prefix(3) { Output.error(failure.description) }
    }

    /// Opens the archive at `source` and runs a script of `commands` lines on it, timed.
    static func measure(_ source: String, commands: Int) throws -> (
        seconds: Double, openSeconds: Double, commands: Int, failures: [ScriptFailure], features: Int
    ) {
        let openStart = DispatchTime.now()
        var session = try Sessions.open(source)
        defer { KeptUntilExit.keep(session) }
        let opened = DispatchTime.now()
        let rooms = session.document.features(of: .unit).filter { $0.string(.category) != "walkway" }.map { String($0.id.prefix(13)) }
        var text = ""
        for index in 0..<commands {
            let room = rooms[(index &* 7919) % rooms.count]
            switch index % 4 {
            case 0: text += "rename \(room) \"Room \(index)\"\n"
            case 1: text += "set \(room) restriction=employeesonly\n"
            case 2: text += "attach anchor to \(room)\n"
            default: text += "undo\n"
            }
        }
        let start = DispatchTime.now()
        let outcome = ScriptRunner.run(ScriptRunner.lines(of: text, file: "replay"), in: &session, echo: false, keepGoing: false) { _ in }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
        let openSeconds = Double(opened.uptimeNanoseconds - openStart.uptimeNanoseconds) / 1e9
        return (seconds, openSeconds, outcome.commands, outcome.failures, session.document.featureCount)
    }
}
