import ArgumentParser
import Dispatch
import Foundation
import IMDF
import Render
import Shell
import SyntheticVenue
import Workbench

/// `imdf bench render`: drawing one level of workload W in the terminal and as SVG (target: < 100 ms).
struct RenderBenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Draw a level of workload W in the terminal (plain and coloured) and as SVG; print the median times.")

    @OptionGroup var workload: WorkloadShape
    @Option(help: "Columns of the picture.") var width = 160
    @Option(help: "Timed runs (the median is reported).") var runs = 20
    @Option(help: "Work folder for the generated workload.") var workFolder = NSTemporaryDirectory() + "imdf-bench"

    func run() throws {
        let source = try Workload.prepare(workload.spec, zip: false, in: workFolder)
        let session = try Sessions.open(source)
        guard let result = Self.measure(session, width: width, runs: runs) else { return }
        let (plain, coloured, svg) = (result.plain, result.coloured, result.svg)
        func ms(_ seconds: Double) -> String { String(format: "%.1f ms", seconds * 1000) }
        Output.line(
            "workload   \(source): \(session.document.featureCount.grouped) features; level \(result.level.prefix(8)) with \(result.features) features"
        )
        for (name, result, size) in [
            ("terminal", plain, "\(width) columns x \(plain.text.split(separator: "\n").count) lines"),
            ("colour", coloured, "\(width) columns, ANSI colour"),
            ("svg", svg, "\(svg.text.utf8.count / 1024) KB"),
        ] {
            let verdict = result.median < 0.1 ? "met" : "MISSED"
            Output.line(
                "\(name.padding(toLength: 10, withPad: " ", startingAt: 0)) median \(ms(result.median))  (min \(ms(result.min)), max \(ms(result.max)))  \(size)  target < 100 ms: \(verdict)"
            )
        }
    }

    typealias Timing = (median: Double, min: Double, max: Double, text: String)

    /// The busiest level of the session's document drawn `runs` times each way; nil without levels.
    static func measure(_ session: EditingSession, width: Int, runs: Int) -> (
        level: String, features: Int, plain: Timing, coloured: Timing, svg: Timing
    )? {
        var session = session
        guard
            let level = session.document.features(of: .level).max(by: {
                session.document.features(onLevel: $0.id).count < session.document.features(onLevel: $1.id).count
            })
        else { return nil }
        session.levelID = level.id
        let frame = session.frame
        let document = session.document
        func time(_ body: () -> String) -> Timing {
            var times: [Double] = []
            var text = ""
            for _ in 0..<max(runs, 1) {
                let start = DispatchTime.now()
                text = body()
                times.append(Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9)
            }
            return (Workload.median(times), times.min()!, times.max()!, text)
        }
        // Each run builds the scene from the document, as the command does.
        let plain = time { TerminalPicture(width: width, glyphs: .unicode).render(level: level.id, of: document, in: frame) }
        let coloured = time {
            TerminalPicture(width: width, glyphs: .unicode, colour: true).render(level: level.id, of: document, in: frame)
        }
        let svg = time { SVGPicture().render([LevelScene(level: level.id, of: document, in: frame)!], title: "bench") }
        return (level.id, document.features(onLevel: level.id).count, plain, coloured, svg)
    }
}
