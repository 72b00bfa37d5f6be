import ArgumentParser
import Foundation
import IMDF
import Shell
import SyntheticVenue

/// `imdf bench io`: open + save of workload W in one process, divided into opening, encoding and
/// writing (the targets of PRODUCT.md section 9 are measured by `imdf bench all`). The venue is
/// generated once into a work folder; the timed runs happen in a child process so that its peak
/// memory is that of opening and saving W alone, not of generating it.
struct IOBenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "io",
        abstract: "Open and save workload W repeatedly; print median times and peak memory."
    )

    @OptionGroup var workload: WorkloadShape
    @Option(help: "Timed runs (the median is reported).") var runs = 5
    @Flag(help: "Open and save a zip instead of a folder.") var zip = false
    @Option(help: "Work folder for the generated workload and the saved copies.")
    var workFolder = NSTemporaryDirectory() + "imdf-bench"

    func run() throws {
        let spec = workload.spec
        let source = try Workload.prepare(spec, zip: zip, in: workFolder)
        let name = "W-\(workload.buildings)x\(workload.levels)x\(workload.rooms)"
        fflush(nil)  // the worker writes to the same output; keep the lines in order
        let worker = Process()
        worker.executableURL = URL(fileURLWithPath: "/proc/self/exe")
        worker.arguments = [
            "bench", "io-worker", source, workFolder + "/saved-" + name + (zip ? ".zip" : ""), "--runs", String(runs),
        ]
        try worker.run()
        worker.waitUntilExit()
        if worker.terminationStatus != 0 {
            throw CommandFailure(exitCode: CommandFailure.commandFailed, message: "the benchmark worker failed")
        }
    }
}

/// The benchmark venue, generated once into the work folder and reused by later runs.
/// The size of the generated workload; W (PRODUCT.md section 9) unless the options say otherwise.
struct WorkloadShape: ParsableArguments {
    @Option(help: "Buildings in the workload.") var buildings = VenueSpec.benchmark.buildings
    @Option(help: "Levels per building.") var levels = VenueSpec.benchmark.levels
    @Option(help: "Rooms per level.") var rooms = VenueSpec.benchmark.rooms

    var spec: VenueSpec { VenueSpec(buildings: buildings, levels: levels, rooms: rooms) }
}

enum Workload {
    static func prepare(_ spec: VenueSpec, zip: Bool, in workFolder: String) throws -> String {
        try FileManager.default.createDirectory(atPath: workFolder, withIntermediateDirectories: true)
        let name = "W-\(spec.buildings)x\(spec.levels)x\(spec.rooms)-g\(VenueGenerator.generation)"
        let source = workFolder + "/" + name + (zip ? ".zip" : "")
        if !FileManager.default.fileExists(atPath: source + (zip ? "" : "/manifest.json")) {
            Output.line("generating \(name) into \(source) ...")
            try ArchiveWriter.write(VenueGenerator.generate(spec), to: source, created: Date(timeIntervalSince1970: 0))
        }
        return source
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }
}

struct IOBenchWorker: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "io-worker", abstract: "The timed part of `bench io`.", shouldDisplay: false)

    @Argument var source: String
    @Argument var destination: String
    @Option var runs = 5

    func run() throws {
        var opens: [Double] = []
        var saves: [Double] = []
        var features = 0
        var dataBytes = 0
        var encodes: [Double] = []
        var residentWithArchiveOpen = 0
        for run in 0..<runs {
            let start = DispatchTime.now()
            let load = try Loading.open(source)
            let opened = DispatchTime.now()
            if run == 0 {
                residentWithArchiveOpen = Memory.residentBytes()
                features = load.archive.featureCount
            }
            // Encoding alone (no disk), to show how a save divides between encoding and writing. In a
            // scope of its own, so that the encoded files are freed before the save, whatever the
            // optimizer does with lifetimes (this target is built without it: see Package.swift).
            do {
                let encodeStart = DispatchTime.now()
                let files = ArchiveWriter.serialize(load.archive, created: Date(timeIntervalSince1970: 0), generator: ToolInfo.generatedBy)
                encodes.append(Double(DispatchTime.now().uptimeNanoseconds - encodeStart.uptimeNanoseconds) / 1e9)
                dataBytes = files.reduce(0) { $0 + $1.bytes.count }
            }
            let saveStart = DispatchTime.now()
            try ArchiveWriter.write(load.archive, to: destination, created: Date(timeIntervalSince1970: 0))
            let saved = DispatchTime.now()
            opens.append(Double(opened.uptimeNanoseconds - start.uptimeNanoseconds) / 1e9)
            saves.append(Double(saved.uptimeNanoseconds - saveStart.uptimeNanoseconds) / 1e9)
        }
        let totals = zip(opens, saves).map { $0 + $1 }
        let peak = Memory.peakResidentBytes()
        func ms(_ seconds: Double) -> String { String(format: "%.0f ms", seconds * 1000) }
        let megabytes = Double(dataBytes) / 1e6
        let stored = Double(Memory.archiveSize(source)) / 1e6
        Output.line(
            "workload   \(source): \(features.grouped) features, \(String(format: "%.1f", megabytes)) MB of JSON (\(String(format: "%.1f", stored)) MB on disk)"
        )
        Output.line("runs       \(runs)")
        Output.line(
            "open       median \(ms(median(opens)))  (min \(ms(opens.min()!)), max \(ms(opens.max()!)))  \(String(format: "%.0f", megabytes / median(opens))) MB/s"
        )
        Output.line(
            "save       median \(ms(median(saves)))  (min \(ms(saves.min()!)), max \(ms(saves.max()!)))  \(String(format: "%.0f", megabytes / median(saves))) MB/s"
        )
        Output.line("  encode   median \(ms(median(encodes))) of the save (the rest is writing and syncing)")
        // The targets (a ratio to Python's json module, memory at the prompt) are `imdf bench all`'s.
        Output.line("open+save  median \(ms(median(totals)))")
        Output.line(
            "memory     \(resident(residentWithArchiveOpen)) resident with W open, peak \(resident(peak)) over \(runs) opens and saves")
    }

    func median(_ values: [Double]) -> Double { Workload.median(values) }

    func resident(_ bytes: Int) -> String { String(format: "%.0f MB", Double(bytes) / 1e6) }
}

enum Memory {
    /// Current resident set size, from /proc/self/statm.
    static func residentBytes() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    /// The process's peak resident set size so far.
    static func peakResidentBytes() -> Int {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return usage.ru_maxrss * 1024
    }

    static func archiveSize(_ path: String) -> Int {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { return 0 }
        if !isFolder.boolValue {
            return (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        return names.reduce(0) { total, name in
            total + ((try? FileManager.default.attributesOfItem(atPath: path + "/" + name)[.size] as? Int) ?? 0)
        }
    }
}
