import ArgumentParser
import Dispatch
import Foundation
import IMDF
import Shell
import SyntheticVenue
import Workbench

/// `imdf bench render`: drawing one level of workload W in the terminal (issue target: < 100 ms).
struct RenderBenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render", abstract: "Draw a level of workload W in the terminal repeatedly; print the median time.")

    @Option(help: "Buildings in the workload.") var buildings = VenueSpec.benchmark.buildings
    @Option(help: "Levels per building.") var levels = VenueSpec.benchmark.levels
    @Option(help: "Rooms per level.") var rooms = VenueSpec.benchmark.rooms
    @Option(help: "Columns of the picture.") var width = 160
    @Option(help: "Timed runs (the median is reported).") var runs = 20
    @Option(help: "Work folder for the generated workload.") var workFolder = NSTemporaryDirectory() + "imdf-bench"

    func run() throws {
        let source = try Workload.prepare(VenueSpec(buildings: buildings, levels: levels, rooms: rooms), zip: false, in: workFolder)
        var session = try Sessions.load(source)
        guard let level = session.document.features(of: .level).max(by: { session.document.features(onLevel: $0.id).count < session.document.features(onLevel: $1.id).count }) else { return }
        session.levelID = level.id
        let picture = TerminalPicture(width: width, glyphs: .unicode)
        var times: [Double] = []
        var lines = 0
        for _ in 0..<max(runs, 1) {
            let start = DispatchTime.now()
            let text = picture.render(level: level.id, of: session.document, in: session.frame)
            times.append(Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9)
            lines = text.split(separator: "\n").count
        }
        let median = Workload.median(times)
        func ms(_ seconds: Double) -> String { String(format: "%.1f ms", seconds * 1000) }
        Output.line("workload   \(source): \(session.document.featureCount.grouped) features; level \(level.id.prefix(8)) with \(session.document.features(onLevel: level.id).count) features")
        Output.line("render     median \(ms(median))  (min \(ms(times.min()!)), max \(ms(times.max()!)))  \(width) columns x \(lines) lines  target < 100 ms: \(median < 0.1 ? "met" : "MISSED")")
    }
}
