import Foundation
import IMDF
import TestSupport
import Testing

/// The GDAL helper is imdf's child: a helper that hangs, floods, dies before reading or fails is
/// a message and a session as it was, never a hang, a crash or a silent success; and the helper
/// ends when imdf is gone.
@Suite("the GDAL helper as a child")
struct HelperChildTests {
    /// A blank archive and a drawing in a fresh folder.
    static func site() throws -> (folder: String, drawing: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("imdf-e2e-helper-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        #expect(try CommandLineTests.run(["new", folder + "/site", "--template", "blank"]).status == 0)
        return (folder, try DrawingImportCommandTests.plan().write())
    }

    /// A stand-in helper running `body` (a shell script).
    static func standIn(_ body: String, in folder: String) throws -> String {
        let helper = folder + "/helper-\(UUID().uuidString.prefix(8)).sh"
        try "#!/bin/sh\n\(body)\n".write(toFile: helper, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: helper)
        return helper
    }

    @Test func aHelperThatNeverAnswersIsStoppedAtTheTimeLimit() throws {
        let (folder, drawing) = try Self.site()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let helper = try Self.standIn("cat > /dev/null\nexec sleep 60", in: folder)
        let started = Date()
        let run = try CommandLineTests.run(
            [folder + "/site"], environment: ["IMDF_GDAL_HELPER": helper, "IMDF_GDAL_TIMEOUT": "1"],
            input: "use level \"Ground Floor\"\nimport dxf \(drawing)\nls unit\n")
        #expect(Date().timeIntervalSince(started) < 20)
        #expect(run.errors.contains("imdf-gdal did not answer within 1 s and was stopped; nothing imported"), "\(run.errors)")
        #expect(run.output.contains("no unit") || !run.output.contains("imported"), "\(run.output)")
    }

    @Test func aHelperThatEndsBeforeReadingTheRequestLeavesTheSessionRunning() throws {
        let (folder, drawing) = try Self.site()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // Closes its input at once: the request is written into a pipe nobody reads.
        let helper = try Self.standIn("exec 0<&-\nexit 0", in: folder)
        let run = try CommandLineTests.run(
            [folder + "/site"], environment: ["IMDF_GDAL_HELPER": helper],
            input: "use level \"Ground Floor\"\nimport dxf \(drawing)\ninfo\n")
        #expect(run.status != 141, "imdf died of SIGPIPE")
        #expect(run.errors.contains("import dxf: imdf-gdal"), "\(run.errors)")
        #expect(run.output.contains("level"), "the session went on after the failed import: \(run.output)")
    }

    @Test func aReplyOverTheBoundIsAnErrorNotACrash() throws {
        let (folder, drawing) = try Self.site()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let helper = try Self.standIn("cat > /dev/null\nexec head -c 600000000 /dev/zero", in: folder)
        let run = try CommandLineTests.run(
            [folder + "/site"], environment: ["IMDF_GDAL_HELPER": helper],
            input: "use level \"Ground Floor\"\nimport dxf \(drawing)\n")
        #expect(run.errors.contains("imdf-gdal answered with more than 512 MB, which no reply is; nothing imported"), "\(run.errors)")
    }

    @Test func aConversionThroughAFailingHelperExitsNonZeroAndWritesNothing() throws {
        let (folder, _) = try Self.site()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for body in ["cat > /dev/null\nkill -SEGV $$", "cat > /dev/null\necho 'not JSON'", "cat > /dev/null\nexit 0"] {
            let helper = try Self.standIn(body, in: folder)
            let run = try CommandLineTests.run(
                ["convert", folder + "/site", folder + "/out.gpkg"], environment: ["IMDF_GDAL_HELPER": helper])
            #expect(run.status != 0 && run.errors.contains("imdf-gdal"), "\(body): \(run.status) \(run.errors)")
            #expect(!FileManager.default.fileExists(atPath: folder + "/out.gpkg"))
        }
    }

    @Test func anImportStartsItsHelperOnceAndAheadOfTheArchiveAndAFailedOneLeavesNoneBehind() throws {
        let (folder, drawing) = try Self.site()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let real = URL(fileURLWithPath: CommandLineTests.executable).deletingLastPathComponent().appendingPathComponent("imdf-gdal").path
        // The real helper, each start logged with its process id (exec keeps the id and the parent).
        let helper = try Self.standIn("echo $$ >> \(folder)/starts\nexec \(real) \"$@\"", in: folder)
        func starts() -> [pid_t] {
            ((try? String(contentsOfFile: folder + "/starts", encoding: .utf8)) ?? "").split(separator: "\n").compactMap { pid_t($0) }
        }
        let imported = try CommandLineTests.run(
            ["import", "dxf", drawing, "--archive", folder + "/site", "--level", "Ground Floor", "--save", folder + "/out"],
            environment: ["IMDF_GDAL_HELPER": helper])
        #expect(imported.status == 0, "\(imported.errors)")
        #expect(imported.output.contains("saved \(folder)/out"), "\(imported.output)")
        #expect(starts().count == 1, "one helper, started ahead and then asked: \(starts())")

        // The level is looked up after the helper has started: the helper nobody asks ends too.
        try FileManager.default.removeItem(atPath: folder + "/starts")
        let refused = try CommandLineTests.run(
            ["import", "dxf", drawing, "--archive", folder + "/site", "--level", "Roof", "--save", folder + "/refused"],
            environment: ["IMDF_GDAL_HELPER": helper])
        #expect(refused.status != 0 && refused.errors.contains("Roof"), "\(refused.errors)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/refused"))
        // imdf does not wait for the helper it did not ask, so the helper's shell may log its
        // start only after imdf has ended: looked for until it does, for 10 s at most.
        let deadline = Date().addingTimeInterval(10)
        while starts().isEmpty, Date() < deadline { usleep(20_000) }
        let unasked = starts()
        #expect(unasked.count == 1, "the helper was started before the level was looked up: \(unasked)")
        while let pid = unasked.first, kill(pid, 0) == 0, Date() < deadline { usleep(50_000) }
        #expect(unasked.allSatisfy { kill($0, 0) != 0 }, "a helper was left running: \(unasked)")
    }

    @Test func theHelperEndsWhenItsParentIsNotTheImdfThatStartedIt() throws {
        let helper = URL(fileURLWithPath: CommandLineTests.executable).deletingLastPathComponent().appendingPathComponent("imdf-gdal").path
        // Its parent here is the test, not process 1: a helper whose imdf is gone ends at once.
        let started = Date()
        let run = try ChildProcess.run(helper, ["dataset-files"], environment: ["IMDF_GDAL_PARENT": "1"], input: "{\"file\": \"x\"}")
        #expect(run.status == 1 && run.output.isEmpty)
        #expect(Date().timeIntervalSince(started) < 5)
        let own = try ChildProcess.run(
            helper, ["dataset-files"], environment: ["IMDF_GDAL_PARENT": String(getpid())], input: "{\"file\": \"x\"}")
        #expect(own.status == 0 && own.output.contains("\"value\""), "\(own.output) \(own.errors)")
    }
}

extension PromptTests {
    @Test func ctrlCAtThePromptStopsARunningImportAndLeavesTheDocumentAsItWas() throws {
        let (folder, drawing) = try HelperChildTests.site()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let helper = try HelperChildTests.standIn("cat > /dev/null\nexec sleep 60", in: folder)
        let terminal = Terminal(folder: folder)
        defer { terminal.stop() }
        try terminal.start(
            "IMDF_GDAL_HELPER=\(helper) IMDF_HISTORY=\(folder)/history \(CommandLineTests.executable) \(folder)/site")
        #expect(try terminal.waitFor("imdf"))
        try terminal.type("use level \"Ground Floor\"")
        try terminal.keys("Enter")
        try terminal.type("import dxf \(drawing)")
        try terminal.keys("Enter")
        Thread.sleep(forTimeInterval: 1)
        try terminal.keys("C-c")
        let stopped = try terminal.waitFor("interrupted (Ctrl-C): imdf-gdal was stopped; nothing imported", seconds: 10)
        let afterStop = try terminal.screen()
        #expect(stopped, "\(afterStop)")
        try terminal.type("ls unit")
        try terminal.keys("Enter")
        Thread.sleep(forTimeInterval: 1)
        let listed = try terminal.screen()
        #expect(!listed.contains("imported 2 units"), "\(listed)")
        #expect(try terminal.isRunning())
    }
}
