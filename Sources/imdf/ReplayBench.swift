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
        let openStart = DispatchTime.now()
        var session = try Sessions.open(source)
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
        Output.line("workload   \(source): \(session.document.featureCount.grouped) features (opened in \(String(format: "%.0f ms", openSeconds * 1000)))")
        Output.line("replay     \(outcome.commands.grouped) commands in \(String(format: "%.2f s", seconds)) (\(String(format: "%.0f", seconds / Double(max(outcome.commands, 1)) * 1e6)) µs each), \(outcome.failures.count) failed  target <= 5 s: \(seconds <= 5 && outcome.failures.isEmpty ? "met" : "MISSED")")
        for failure in outcome.failures.prefix(3) { Output.error(failure.description) }
    }
}
