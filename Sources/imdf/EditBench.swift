import ArgumentParser
import FindingReports
import Foundation
import Geometry
import IMDF
import Shell
import SyntheticVenue
import Validation
import Workbench

/// `imdf bench edit`: the median time of each headline edit, of undo and of redo, on workload W
/// and on a 10-room venue (PRODUCT.md section 9: <= 1 ms each, and no slower on W). Each timed
/// command is planned and applied through the history, then undone and redone (both timed), then
/// undone again so every run starts from the same document. The journal's disk flush is not part
/// of it (the journal is not in the measured path). After each of them, the findings it
/// introduced and resolved are worked out from its patch, as the prompt reports them, and timed
/// apart (PRODUCT.md section 9: <= 5 ms on W).
struct EditBenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit",
        abstract: "Time add unit, split, move opening, link, attach, undo and redo on W and on a 10-room venue, and the findings of each.")

    @Option(help: "Timed repetitions of each command.") var runs = 200
    @Option(help: "Work folder for the generated workload.") var workFolder = NSTemporaryDirectory() + "imdf-bench"

    func run() throws {
        let source = try Workload.prepare(VenueSpec.benchmark, zip: false, in: workFolder)
        let (smallTimes, largeTimes, features) = try Self.measure(source, runs: runs)
        Output.line("median per command (\(runs) runs each), 10-room venue vs W (\(features.grouped) features)")
        report(smallTimes.edits, largeTimes.edits, target: 1)
        Output.line("the findings each one introduced or resolved, worked out from its patch as the prompt reports them")
        report(smallTimes.findings, largeTimes.findings, target: 5)
    }

    typealias Times = (edits: [(String, Double)], findings: [(String, Double)])

    /// Median seconds of each command and of its findings, on a 10-room venue and on the archive at
    /// `source`, and the archive's feature count.
    static func measure(_ source: String, runs: Int) throws -> (small: Times, large: Times, features: Int) {
        let small = Document(VenueGenerator.generate(VenueSpec(buildings: 1, levels: 1, rooms: 10)))
        let large = Document(try Loading.open(source).archive)
        defer { KeptUntilExit.keep(large) }
        var smallTimer = EditTimer(document: small, runs: runs)
        var largeTimer = EditTimer(document: large, runs: runs)
        return (try smallTimer.measure(), try largeTimer.measure(), large.featureCount)
    }

    /// One line per command, then whether the slowest on W is within `target` milliseconds.
    func report(_ small: [(String, Double)], _ large: [(String, Double)], target: Double) {
        for (name, time) in large {
            let smallTime = small.first { $0.0 == name }!.1
            Output.line(
                "  " + name.padded(14) + String(format: "%8.3f ms %8.3f ms", smallTime * 1000, time * 1000)
                    + (time * 1000 <= target ? "" : "  (over \(Int(target)) ms)"))
        }
        let worst = large.map { $0.1 }.max() ?? 0
        Output.line("target <= \(Int(target)) ms on W: \(worst * 1000 <= target ? "met" : "MISSED")")
    }
}

/// Runs each headline command on rooms, doors and nodes spread over the venue.
struct EditTimer {
    var history: History
    let runs: Int

    init(document: Document, runs: Int) {
        history = History(document: document)
        self.runs = runs
    }

    mutating func measure() throws -> (edits: [(String, Double)], findings: [(String, Double)]) {
        let document = history.document
        let projector = document.projector!
        let rooms = document.features(of: .unit).filter { $0.string(.category) != "walkway" }
        let doors = document.features(of: .opening)
        let levels = document.features(of: .level)
        var ids = IDSource(seed: 42)
        // Two unlinked path nodes per level, to time `link` on.
        var nodePairs: [(String, String)] = []
        for level in levels.prefix(20) {
            guard let outline = projector.polygons(level.geometry)?.first else { continue }
            let bounds = outline.bounds
            let y = (bounds.minY + bounds.maxY) / 2
            let a = try history.perform(AddNode(at: projector.position(Point(x: bounds.minX + 1, y: y)), levelID: level.id), ids: &ids)
                .mintedIDs[0]
            let b = try history.perform(AddNode(at: projector.position(Point(x: bounds.minX + 3, y: y)), levelID: level.id), ids: &ids)
                .mintedIDs[0]
            nodePairs.append((a, b))
        }
        var timings: [String: [Double]] = [:]
        var findingTimings: [String: [Double]] = [:]
        func time(_ name: String, _ body: () throws -> Void) rethrows {
            let start = DispatchTime.now()
            try body()
            timings[name, default: []].append(Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9)
        }
        /// The findings of the step just taken, worked out as the prompt does after it.
        func timeFindings(_ name: String, _ change: Patch) {
            let start = DispatchTime.now()
            _ = EditFindings(of: change, in: history.document)
            findingTimings[name, default: []].append(Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9)
        }
        for run in 0..<runs {
            let room = rooms[(run * 7919) % rooms.count]
            let bounds = projector.polygons(room.geometry)![0].bounds
            let middle = (bounds.minX + bounds.maxX) / 2
            let commands: [(String, any EditCommand)] = [
                (
                    "add unit",
                    AddUnit(
                        name: "Bench \(run)", category: "storage",
                        outline: [
                            [
                                projector.position(Point(x: bounds.minX, y: bounds.minY - 10)),
                                projector.position(Point(x: bounds.minX + 3, y: bounds.minY - 10)),
                                projector.position(Point(x: bounds.minX + 3, y: bounds.minY - 7)),
                                projector.position(Point(x: bounds.minX, y: bounds.minY - 7)),
                                projector.position(Point(x: bounds.minX, y: bounds.minY - 10)),
                            ]
                        ], levelID: room.string(.levelID)!)
                ),
                (
                    "split unit",
                    SplitUnit(
                        room.id,
                        along: [
                            projector.position(Point(x: middle, y: bounds.minY - 1)),
                            projector.position(Point(x: middle, y: bounds.maxY + 1)),
                        ])
                ),
                ("move opening", MoveOpening(doors[(run * 104_729) % doors.count].id, .along(0.5))),
                ("link", Link([nodePairs[run % nodePairs.count].0, nodePairs[run % nodePairs.count].1])),
                ("attach", AttachAnchor(to: room.id)),
            ]
            for (name, command) in commands {
                var patch = Patch(label: name, changes: [])
                try time(name) { patch = try history.perform(command, ids: &ids) }
                timeFindings(name, patch)
                try time("undo") { _ = try history.undo() }
                timeFindings("undo", patch.inverse)
                try time("redo") { _ = try history.redo() }
                timeFindings("redo", patch)
                _ = try history.undo()
            }
        }
        let names = ["add unit", "split unit", "move opening", "link", "attach", "undo", "redo"]
        return (
            names.map { ($0, Workload.median(timings[$0] ?? [0])) },
            names.map { ($0, Workload.median(findingTimings[$0] ?? [0])) }
        )
    }
}
