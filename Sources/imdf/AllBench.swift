import ArgumentParser
import Foundation
import IMDF
import Shell
import SyntheticVenue

/// `imdf bench all`: every performance target of PRODUCT.md section 9 measured in one run and
/// printed as one table, with the machine's core count and the build configuration. What a person
/// waits for is timed on the built executable itself, started the way they start it (a child
/// process; a pseudo-terminal where the prompt must appear); Python's C-accelerated json module
/// reads (and writes) the same files in the same run, interleaved with imdf, for the ratios.
struct AllBenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "all", abstract: "Run every benchmark and print one table of medians against the targets.")

    @Option(help: "Timed runs of each whole-archive benchmark (the median is reported).") var runs = 5
    @Option(help: "Timed repetitions of each edit command.") var editRuns = 200
    @Option(help: "A real drawing whose import is timed against GDAL's own read of it.")
    var realDrawing = "Benchmarks/floorplans/drawings/jp-house-1f.dxf"
    @Option(help: "Work folder for the generated workload and the saved copies.")
    var workFolder = NSTemporaryDirectory() + "imdf-bench"

    func run() throws {
        let runs = max(runs, 1)
        let imdf = try Self.executablePath()
        let folder = try Workload.prepare(VenueSpec.benchmark, zip: false, in: workFolder)
        let zipped = try Workload.prepare(VenueSpec.benchmark, zip: true, in: workFolder)
        let state = workFolder + "/bench-all-state"
        try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true)
        let environment = ["XDG_STATE_HOME": state, "IMDF_HISTORY": state + "/history"]
        var table = BenchTable()

        // Whole-archive runs, interleaved with Python's so both see the machine in the same state.
        var prompt: [Double] = []
        var terminal: [Double] = []
        var peaks: [Int] = []
        var convert: [Double] = []
        var convertZip: [Double] = []
        var pythonLoad: [Double] = []
        var pythonLoadDump: [Double] = []
        _ = try ChildRun.run([imdf, folder], environment: environment)  // the file cache warmed
        for _ in 0..<runs {
            // Each program's timed runs follow an untimed run of its own (ChildRun.settle).
            try ChildRun.settle([imdf, folder], environment: environment)
            let opened = try ChildRun.run([imdf, folder], environment: environment)
            prompt.append(opened.seconds)
            peaks.append(opened.peakBytes)
            terminal.append(try ChildRun.untilPrompt([imdf, folder], environment: environment))
            convert.append(try ChildRun.run([imdf, "convert", folder, workFolder + "/bench-all-saved"], environment: environment).seconds)
            convertZip.append(
                try ChildRun.run([imdf, "convert", zipped, workFolder + "/bench-all-saved.zip"], environment: environment).seconds)
            _ = Python.time(Python.load, [folder])  // settling, as above
            if let seconds = Python.time(Python.load, [folder]) { pythonLoad.append(seconds) }
            if let seconds = Python.time(Python.loadAndDump, [folder, workFolder + "/bench-all-python"]) { pythonLoadDump.append(seconds) }
        }
        let load = pythonLoad.isEmpty ? nil : Workload.median(pythonLoad)
        let loadDump = pythonLoadDump.isEmpty ? nil : Workload.median(pythonLoadDump)
        let promptMedian = Workload.median(prompt)
        table.row(
            "open W to the prompt", "`imdf W < /dev/null`: read, document, indexes, journal, then end of input",
            Self.seconds(promptMedian)
                + (load.map { " = \(Self.ratio(promptMedian / $0)) Python's json.load (\(Self.seconds($0)))" } ?? ""),
            "<= 0.5 s, <= 0.25 x", promptMedian <= 0.5 && load.map { promptMedian / $0 <= 0.25 } ?? true)
        let terminalMedian = Workload.median(terminal)
        table.row(
            "open W at a terminal", "`imdf W` on a pseudo-terminal, until its prompt is shown", Self.seconds(terminalMedian), "<= 0.5 s",
            terminalMedian <= 0.5)
        let peak = peaks.max() ?? 0
        table.row(
            "memory with W open", "peak resident memory of `imdf W < /dev/null`", Self.megabytes(peak), "<= 250 MB", peak <= 250_000_000)
        let convertMedian = Workload.median(convert)
        table.row(
            "open + save W", "`imdf convert W OUT` (a folder, synced)",
            Self.seconds(convertMedian)
                + (loadDump.map { " = \(Self.ratio(convertMedian / $0)) Python's json loads + dumps (\(Self.seconds($0)))" } ?? ""),
            "<= 0.2 x", loadDump.map { convertMedian / $0 <= 0.2 } ?? true)
        table.row(
            "open + save W as a zip", "`imdf convert W.zip OUT.zip` (deflated on all cores)", Self.seconds(Workload.median(convertZip)), "",
            nil)

        // Validation, in this process.
        let archive = try Loading.open(folder)
        let many = try ValidateBenchCommand.withManyFindings(folder)
        let validations = ValidateBenchCommand.measure([archive, many.load], runs: runs)
        let (clean, wrong) = (validations[0], validations[1])
        table.row(
            "validate W", "all 358 of Apple's rules and ours (\(clean.findings) finding)", Self.seconds(clean.median), "<= 1 s",
            clean.median <= 1)
        KeptUntilExit.keep(many.load)
        table.row(
            "validate W, \(wrong.findings.grouped) findings", "findings of three codes on every occupant and unit",
            "\(Self.seconds(wrong.median)) = \(String(format: "%.2f", wrong.median / clean.median)) x the clean run",
            "<= 1.10 x", wrong.median / clean.median <= 1.1)
        let reports = try ValidateBenchCommand.measureReports(many.path, runs: runs, in: workFolder)
        for (format, median) in [("text", reports.text), ("--json", reports.json)] {
            table.row(
                "validate W, \(wrong.findings.grouped) findings, \(format)",
                "`imdf validate MANY\(format == "text" ? "" : " --json") > FILE`: read, validate, report",
                Self.seconds(median)
                    + (reports.pythonLoad.map { " = \(Self.ratio(median / $0)) Python's json.load (\(Self.seconds($0)))" } ?? ""),
                "<= 0.70 x", reports.pythonLoad.map { median / $0 <= 0.7 } ?? true)
        }
        KeptUntilExit.keep(archive)

        // Edits and the findings of each, on W and on a 10-room venue.
        let edits = try EditBenchCommand.measure(folder, runs: editRuns)
        for (what, small, large, target) in [
            ("edit", edits.small.edits, edits.large.edits, 1.0), ("findings of an edit", edits.small.findings, edits.large.findings, 5.0),
        ] {
            let names = large.map(\.0).joined(separator: " / ")
            let onW = large.map { String(format: "%.3f", $0.1 * 1000) }.joined(separator: " / ")
            let onSmall = small.map { String(format: "%.3f", $0.1 * 1000) }.joined(separator: " / ")
            let within = zip(small, large).allSatisfy { $1.1 <= 2 * $0.1 }
            table.row(
                what == "edit" ? "edits on W" : "findings of each edit", "\(names), median of \(editRuns)",
                "\(onW) ms (10-room venue: \(onSmall) ms)", "<= \(Int(target)) ms each, <= 2 x the 10-room venue",
                large.allSatisfy { $0.1 * 1000 <= target } && within)
        }

        let replay = try ReplayBenchCommand.measure(folder, commands: 10_000)
        table.row(
            "replay", "a 10,000-command script on W, each line parsed", Self.seconds(replay.seconds), "<= 5 s",
            replay.seconds <= 5 && replay.failures.isEmpty)

        let graph = try GraphBenchCommand.measure(folder, runs: runs, routes: 21)
        table.row(
            "graph build all", "the routing graph made from W's plan (\(graph.summary))", Self.seconds(graph.build.median), "<= 2 s",
            graph.build.median <= 2)
        table.row(
            "route", "between a room on the lowest and one on the highest level of a building of W, over the generated graph",
            String(format: "%.1f ms", graph.route.median * 1000), "<= 20 ms", graph.route.median <= 0.02)

        let session = try Sessions.open(folder)
        if let render = RenderBenchCommand.measure(session, width: 160, runs: 20) {
            table.row(
                "render", "the busiest level of W (\(render.features) features): terminal / colour / SVG",
                [render.plain, render.coloured, render.svg].map { String(format: "%.1f", $0.median * 1000) }.joined(separator: " / ")
                    + " ms", "<= 100 ms",
                max(render.plain.median, render.coloured.median, render.svg.median) <= 0.1)
        }
        KeptUntilExit.keep(session)

        var start: [Double] = []
        for _ in 0..<max(10, runs) { start.append(try ChildRun.untilPrompt([imdf], environment: environment)) }
        let startMedian = Workload.median(start)
        table.row(
            "start to the prompt", "`imdf` with no archive on a pseudo-terminal", String(format: "%.0f ms", startMedian * 1000), "<= 50 ms",
            startMedian <= 0.05)

        let imported = try ImportBenchCommand.measure(rows: 36, columns: 36, runs: runs, in: workFolder)
        table.row(
            "import a DXF plan",
            "`imdf import dxf` of a generated \(String(format: "%.1f", Double(imported.bytes) / 1e6)) MB drawing (1,296 rooms from wall lines, doors, names) onto a blank level",
            Self.seconds(imported.median) + Self.againstGDAL(imported), "<= 2 s, <= 2 x",
            imported.median <= 2 && (imported.ratio.map { $0 <= 2 } ?? true))
        if FileManager.default.fileExists(atPath: realDrawing) {
            let real = try ImportBenchCommand.measure(drawing: realDrawing, runs: runs, in: workFolder)
            table.row(
                "import a real DXF drawing",
                "`imdf import dxf` of \((realDrawing as NSString).lastPathComponent) (\(String(format: "%.1f", Double(real.bytes) / 1e6)) MB, rooms formed from wall lines) onto a blank level",
                Self.seconds(real.median) + Self.againstGDAL(real), "<= 2 x", real.ratio.map { $0 <= 2 })
        }

        let megabytes = Double(Memory.archiveSize(folder)) / 1e6
        #if DEBUG
            let build = "debug"
        #else
            let build = "release"
        #endif
        Output.line(
            "imdf bench all: \(ProcessInfo.processInfo.activeProcessorCount) cores, \(build) build; workload W: \(archive.archive.featureCount.grouped) features, "
                + String(format: "%.1f", megabytes) + " MB of GeoJSON; medians of \(runs) runs")
        Output.line("")
        for line in table.lines { Output.line(line) }
        if load == nil { Output.line("\n(python3 was not found: no ratios to Python's json module)") }
    }

    /// The running executable, for the child processes.
    static func executablePath() throws -> String {
        guard let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") else {
            throw CommandFailure(exitCode: CommandFailure.commandFailed, message: "cannot find the running executable (/proc/self/exe)")
        }
        return path
    }

    /// " = 2.50 x GDAL's own read (0.40 s)", or nothing where ogr2ogr is not installed.
    static func againstGDAL(_ measured: ImportBenchCommand.Measured) -> String {
        guard let gdal = measured.gdalRead, let ratio = measured.ratio else { return "" }
        return " = \(Self.ratio(ratio)) GDAL's own read, `ogr2ogr -f GPKG` (\(Self.seconds(gdal)))"
    }

    static func seconds(_ value: Double) -> String { value < 1 ? String(format: "%.0f ms", value * 1000) : String(format: "%.2f s", value) }
    static func ratio(_ value: Double) -> String { String(format: "%.2f x", value) }
    static func megabytes(_ bytes: Int) -> String { String(format: "%.0f MB", Double(bytes) / 1e6) }
}

/// A Markdown table of benchmarks: what, how, the result, the target and whether it is met.
struct BenchTable {
    private(set) var lines = ["| benchmark | measures | median | target | |", "| --- | --- | --- | --- | --- |"]

    mutating func row(_ name: String, _ measures: String, _ result: String, _ target: String, _ met: Bool?) {
        lines.append("| \(name) | \(measures) | \(result) | \(target) | \(met.map { $0 ? "met" : "MISSED" } ?? "") |")
    }
}

/// Python's json module (C-accelerated) on the files of an archive folder, timed inside the
/// interpreter (its start is not counted).
enum Python {
    static let load = """
        import glob, json, sys, time
        names = sorted(glob.glob(sys.argv[1] + "/*.geojson")) + [sys.argv[1] + "/manifest.json"]
        start = time.perf_counter()
        data = []
        for name in names:
            with open(name, "rb") as f:
                data.append(json.loads(f.read()))
        print(time.perf_counter() - start)
        """

    /// Reads every file, then writes each back as JSON text into a folder (not synced).
    static let loadAndDump = """
        import glob, json, os, sys, time
        source, out = sys.argv[1], sys.argv[2]
        names = sorted(glob.glob(source + "/*.geojson")) + [source + "/manifest.json"]
        start = time.perf_counter()
        data = []
        for name in names:
            with open(name, "rb") as f:
                data.append(json.loads(f.read()))
        os.makedirs(out, exist_ok=True)
        for name, value in zip(names, data):
            with open(os.path.join(out, os.path.basename(name)), "w") as f:
                f.write(json.dumps(value))
        print(time.perf_counter() - start)
        """

    /// The seconds the script reports, or nil when python3 cannot be run.
    static func time(_ script: String, _ arguments: [String]) -> Double? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return Double(String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    }
}

/// Child processes of the executable, timed from spawn to exit (with their peak memory), or on a
/// pseudo-terminal until the prompt shows.
enum ChildRun {
    struct Result {
        var seconds: Double
        var peakBytes: Int
        var status: Int32
        /// Standard output and error together, when asked for.
        var output = ""
    }

    /// glibc's POSIX_SPAWN_SETSID: the child leads a new session, so the terminal it opens first
    /// becomes its controlling terminal.
    private static let setSessionFlag: Int16 = 0x80

    /// Runs `arguments` (the first is the executable) with standard input, output and error on
    /// /dev/null, unless `terminal` names a pseudo-terminal to give it instead.
    private static func spawn(_ arguments: [String], environment: [String: String], terminal: String? = nil, outputFile: String? = nil)
        throws -> pid_t
    {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        if let terminal {
            posix_spawn_file_actions_addopen(&actions, 0, terminal, O_RDWR, 0)
            posix_spawn_file_actions_adddup2(&actions, 0, 1)
            posix_spawn_file_actions_adddup2(&actions, 0, 2)
            posix_spawnattr_setflags(&attributes, setSessionFlag)
        } else {
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 1, outputFile ?? "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            posix_spawn_file_actions_adddup2(&actions, 1, 2)
        }
        let variables = ProcessInfo.processInfo.environment.merging(environment) { $1 }.map { "\($0)=\($1)" }
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = variables.map { strdup($0) } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let failure = posix_spawn(&pid, arguments[0], &actions, &attributes, argv, envp)
        guard failure == 0 else {
            throw CommandFailure(
                exitCode: CommandFailure.commandFailed, message: "cannot start \(arguments[0]): \(String(cString: strerror(failure)))")
        }
        return pid
    }

    /// The path of the program `name` on `$PATH`, as a shell finds it; nil where there is none.
    static func onPath(_ name: String) -> String? {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return folders.map { "\($0)/\(name)" }.first { access($0, X_OK) == 0 }
    }

    /// Runs `arguments` once, untimed, before a program's timed runs. This machine's host takes
    /// back the memory a process gives up, so a process started right after another program's
    /// large run pays for touching that memory afresh: opening W took a median 420 ms right after
    /// Python's json.load of it (which gives back about a gigabyte) and 210 ms after another
    /// opening; json.load took 1.22 s after imdf and 1.13 s after itself. Timed after a run of
    /// its own, each program is measured on its own work, whichever ran before.
    static func settle(_ arguments: [String], environment: [String: String]) throws {
        _ = try run(arguments, environment: environment)
    }

    /// Runs `arguments` to the end; with `capturing`, its output is kept (in a file while it
    /// runs, so a pipe that fills never holds the child up).
    /// With `output`, standard output and error go to that file, as a person redirecting them would
    /// have it (kept; `capturing` reads it back instead).
    static func run(_ arguments: [String], environment: [String: String], capturing: Bool = false, output: String? = nil) throws
        -> Result
    {
        let captured = capturing ? NSTemporaryDirectory() + "imdf-bench-output-\(getpid())" : nil
        defer { if let captured { unlink(captured) } }
        let outputFile = captured ?? output
        let start = DispatchTime.now()
        let pid = try spawn(arguments, environment: environment, outputFile: outputFile)
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
        // The exit status as a shell shows it: the code, or 128 + the signal that ended it.
        let exited = status & 0x7f == 0
        var result = Result(
            seconds: seconds, peakBytes: usage.ru_maxrss * 1024, status: exited ? (status >> 8) & 0xff : 128 + (status & 0x7f))
        if let captured { result.output = (try? String(contentsOfFile: captured, encoding: .utf8)) ?? "" }
        return result
    }

    /// Seconds from the start of the process until `> ` (the end of the prompt) is on the
    /// terminal; the child is then told to quit.
    static func untilPrompt(_ arguments: [String], environment: [String: String]) throws -> Double {
        // posix_openpt, unlockpt and ptsname, which Swift's Glibc module leaves out, as Linux
        // does them: /dev/ptmx, then TIOCSPTLCK and TIOCGPTN.
        let master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        var unlocked: CInt = 0
        var number: CUnsignedInt = 0
        guard master >= 0, ioctl(master, 0x4004_5431, &unlocked) == 0, ioctl(master, 0x8004_5430, &number) == 0 else {
            throw CommandFailure(exitCode: CommandFailure.commandFailed, message: "cannot open a pseudo-terminal")
        }
        defer { close(master) }
        let start = DispatchTime.now()
        let pid = try spawn(arguments, environment: environment, terminal: "/dev/pts/\(number)")
        var seen: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        var shown: Double?
        while shown == nil {
            var poller = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 10_000) > 0 else { break }
            let count = read(master, &buffer, buffer.count)
            guard count > 0 else { break }
            seen += buffer[..<count]
            if seen.count >= 2, zip(seen, seen.dropFirst()).contains(where: { $0 == UInt8(ascii: ">") && $1 == UInt8(ascii: " ") }) {
                shown = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
            }
        }
        // Quit as a person would (a clean end leaves no journal); killed if it does not.
        _ = "quit\n".utf8.withContiguousStorageIfAvailable { write(master, $0.baseAddress, $0.count) }
        var status: Int32 = 0
        for _ in 0..<500 {
            if waitpid(pid, &status, WNOHANG) == pid { break }
            var poller = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            if poll(&poller, 1, 10) > 0 { _ = read(master, &buffer, buffer.count) }
        }
        if waitpid(pid, &status, WNOHANG) == 0 {
            kill(pid, SIGKILL)
            waitpid(pid, &status, 0)
        }
        guard let shown else {
            throw CommandFailure(
                exitCode: CommandFailure.commandFailed, message: "\(arguments.joined(separator: " ")): no prompt within 10 s")
        }
        return shown
    }
}
