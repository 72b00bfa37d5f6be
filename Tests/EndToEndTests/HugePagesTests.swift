import Foundation
import TestSupport
import Testing

/// A process given a large archive runs with glibc's huge-page tunable set (it starts itself
/// again once); one given a small archive does not.
@Suite("Huge pages for large archives")
struct HugePagesTests {
    /// The environment of a running process, as the kernel shows it.
    static func environment(of pid: Int32) -> [String] {
        guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/environ") else { return [] }
        return data.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Starts `imdf archive` reading a script from a pipe left open, and returns the environment
    /// it shows once `settled` says so (or after 10 s), then ends it.
    static func environmentOfSession(on archive: String, state: String, settled: ([String]) -> Bool) throws -> [String] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLineTests.executable)
        process.arguments = [archive]
        var environment = ProcessInfo.processInfo.environment
        environment.removeValue(forKey: "GLIBC_TUNABLES")
        environment["XDG_STATE_HOME"] = state
        environment["IMDF_HISTORY"] = state + "/history"
        process.environment = environment
        let input = Pipe()
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer {
            try? input.fileHandleForWriting.close()
            process.waitUntilExit()
        }
        var shown: [String] = []
        for _ in 0..<200 {
            shown = Self.environment(of: process.processIdentifier)
            if settled(shown) { break }
            usleep(50_000)
        }
        return shown
    }

    @Test func aLargeArchiveIsOpenedWithHugePagesAskedForAndASmallOneWithout() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("imdf-huge-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let state = folder + "/state"
        try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true)
        let large = folder + "/large"
        let small = folder + "/small"
        for (path, levels) in [(large, "40"), (small, "1")] {
            let made = try ChildProcess.run(
                CommandLineTests.executable, ["generate", path, "--buildings", "1", "--levels", levels, "--rooms", "120"])
            #expect(made.status == 0, "\(made.errors)")
        }
        let kernel = (try? String(contentsOfFile: "/sys/kernel/mm/transparent_hugepage/enabled", encoding: .utf8)) ?? ""
        let offered = kernel.contains("[always]") || kernel.contains("[madvise]")
        // glibc keeps in the environment what it shows of the tunables it read (2.36 shows
        // `hugetlb` alone), so the restart is recognised by the tunable that comes first.
        let asked = { (environment: [String]) in environment.contains { $0.hasPrefix("GLIBC_TUNABLES=glibc.malloc.hugetlb=1") } }
        let largeEnvironment = try Self.environmentOfSession(on: large, state: state, settled: asked)
        #expect(asked(largeEnvironment) == offered, "kernel: \(kernel)")
        // The small archive's session: its environment once it has shown one, untouched.
        let smallEnvironment = try Self.environmentOfSession(on: small, state: state) { $0.contains { $0.hasPrefix("IMDF_HISTORY=") } }
        #expect(!smallEnvironment.isEmpty)
        #expect(!smallEnvironment.contains { $0.hasPrefix("GLIBC_TUNABLES=") })
    }
}
