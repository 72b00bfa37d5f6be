import ArgumentParser
import Foundation
import IMDF
import Shell
import SyntheticVenue
import Workbench

/// `imdf bench hostile`: the bounds on what bad input may cost, each measured on the built
/// executable the way a user meets it - a wall of 100,000 zig-zag vertices imported (<= 2 s,
/// <= 500 MB, its two rooms found), blocks nested 9 deep refused (<= 10 s), a GIS mapping of
/// 10,000 rules read (< 1 s), 20,000 coincident anchors and 20,000 overlapping rooms validated
/// (<= 2 s each).
struct HostileBenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hostile", abstract: "Time the executable on inputs built to cost hours; print medians against the bounds.")

    @Option(help: "Timed runs of each case (the median is reported).") var runs = 3
    @Option(help: "Vertices of the zig-zag wall.") var vertices = 100_000
    @Option(help: "Rules in the GIS mapping.") var rules = 10_000
    @Option(help: "Coincident anchors, and overlapping rooms, added to a small venue.") var piled = 20_000
    @Option(help: "Work folder for the generated inputs.") var workFolder = NSTemporaryDirectory() + "imdf-bench"

    struct Case {
        var name: String
        var arguments: [String]
        var expectedStatus: Int32
        var seconds: Double
        var megabytes: Int?
        /// What the output must say (the rooms found, the block named).
        var says: String
    }

    func run() throws {
        let imdf = try AllBenchCommand.executablePath()
        let folder = workFolder + "/hostile"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let state = folder + "/state"
        try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true)
        let environment = ["XDG_STATE_HOME": state, "IMDF_HISTORY": state + "/history"]
        func write(_ text: String, _ name: String) throws -> String {
            let path = folder + "/" + name
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            return path
        }
        let blank = folder + "/blank"
        try? FileManager.default.removeItem(atPath: blank)
        _ = try ChildRun.run([imdf, "new", blank, "--template", "blank"], environment: environment)
        let onLevel = ["--archive", blank, "--level", "Ground Floor", "--save", folder + "/out"]

        let zigzag = try write(DrawingGenerator.zigzagWall(vertices: vertices), "zigzag.dxf")
        let nested = try write(DrawingGenerator.nestedBlocks(depth: 9, fanOut: 10), "nested.dxf")
        let layer = try write(
            """
            {"type": "FeatureCollection", "features": [{"type": "Feature", "properties": {"TYPE": "V\(rules - 1)"}, "geometry":
            {"type": "Polygon", "coordinates": [[[8.5502, 50.1003], [8.5503, 50.1003], [8.5503, 50.1004], [8.5502, 50.1004], [8.5502, 50.1003]]]}}]}
            """, "rooms.geojson")
        let values = (0..<rules).map { "\"V\($0)\": \"office\"" }.joined(separator: ", ")
        let mapping = try write("{\"category\": {\"field\": \"TYPE\", \"values\": {\(values)}}}", "map.json")
        let anchors = try Self.piledVenue(folder + "/anchors", count: piled, overlapping: false)
        let rooms = try Self.piledVenue(folder + "/rooms", count: piled, overlapping: true)

        let cases: [Case] = [
            Case(
                name: "zig-zag wall", arguments: ["import", "dxf", zigzag] + onLevel, expectedStatus: 0, seconds: 2, megabytes: 500,
                says: "imported 2 units"),
            Case(
                name: "blocks 9 deep", arguments: ["import", "dxf", nested] + onLevel, expectedStatus: 1, seconds: 10, megabytes: nil,
                says: "B1"),
            Case(
                name: "GIS mapping", arguments: ["import", "gis", layer, "--type", "unit", "--map", mapping, "--outside"] + onLevel,
                expectedStatus: 0,
                seconds: 1, megabytes: nil, says: "imported 1 unit"),
            Case(
                name: "coincident anchors", arguments: ["validate", anchors], expectedStatus: 0, seconds: 2, megabytes: nil,
                says: "AnchorShouldNotEqualAnchor"),
            Case(
                name: "overlapping rooms", arguments: ["validate", rooms], expectedStatus: 0, seconds: 2, megabytes: nil,
                says: "UnitsMustNotOverlap"),
        ]
        let what = [
            "\(vertices.grouped) vertices in one wall across a 100 m box", "B1 ... B9, each inserting the next 10 times",
            "\(rules.grouped) category rules", "\(piled.grouped) anchors at one place", "\(piled.grouped) rooms overlapping in a row",
        ]
        for (benchCase, description) in zip(cases, what) {
            var times: [Double] = []
            var peak = 0
            var status: Int32 = 0
            var output = ""
            for _ in 0..<max(runs, 1) {
                let result = try ChildRun.run([imdf] + benchCase.arguments, environment: environment, capturing: true)
                times.append(result.seconds)
                peak = max(peak, result.peakBytes)
                status = result.status
                output = result.output
            }
            let median = Workload.median(times)
            let memoryMet = benchCase.megabytes.map { peak <= $0 * 1_000_000 } ?? true
            let behaved = status == benchCase.expectedStatus && output.contains(benchCase.says)
            let met = median <= benchCase.seconds && memoryMet && behaved
            let bound = "<= \(AllBenchCommand.seconds(benchCase.seconds))" + (benchCase.megabytes.map { ", <= \($0) MB" } ?? "")
            Output.line(
                "\(benchCase.name.padding(toLength: 19, withPad: " ", startingAt: 0)) median \(AllBenchCommand.seconds(median)), peak \(AllBenchCommand.megabytes(peak)), exit \(status)  (\(description))  bound \(bound): \(met ? "met" : behaved ? "MISSED" : "MISSED (exit \(status), expected \(benchCase.expectedStatus), \"\(benchCase.says)\" \(output.contains(benchCase.says) ? "said" : "not said"))")"
            )
        }
    }

    /// A one-room venue with `count` more anchors at one place, or `count` more rooms each
    /// overlapping the next (shifted by a tenth of their width), written once at `path`.
    static func piledVenue(_ path: String, count: Int, overlapping: Bool) throws -> String {
        if FileManager.default.fileExists(atPath: path + "/manifest.json") { return path }
        var archive = VenueGenerator.generate(VenueSpec(buildings: 1, levels: 1, rooms: 1, seed: 7))
        let type: FeatureType = overlapping ? .unit : .anchor
        guard var collection = archive.collections[type], let template = collection.features.first else {
            throw CommandFailure(exitCode: CommandFailure.commandFailed, message: "the generated venue has no \(type.rawValue)")
        }
        var ids = IDSource(seed: 11)
        for index in 0..<count {
            var copy = template
            copy.id = ids.next()
            if overlapping, let geometry = template.geometry {
                let shift = Double(index) * 0.000_003
                copy.geometry = geometry.mapped { Position(x: $0.x + shift, y: $0.y) }
                // The room's display point moves with it: a realistic venue, not 20,000 strays.
                if let point = template.point(.displayPoint) {
                    copy.setPoint(PropertyKey.displayPoint.rawValue, Position(x: point.x + shift, y: point.y))
                }
            }
            collection.features.append(copy)
        }
        archive.collections[type] = collection
        try ArchiveWriter.write(archive, to: path)
        return path
    }
}
