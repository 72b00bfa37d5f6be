import Foundation
import TestSupport
import Testing

/// A script run writes nothing unless the whole run succeeds: `save` lines wait for the end, `save`
/// without a path under `--save OUT` writes OUT, and a script that only looks leaves no journal.
@Suite("saving from scripts")
struct ScriptSavingTests {
    let cli = CommandLineTests()

    /// The bytes of every file of the archive folder at `path`, by name.
    func contents(_ path: String) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: path) {
            files[name] = try Data(contentsOf: URL(fileURLWithPath: path + "/" + name))
        }
        return files
    }

    @Test func aRunThatStopsAfterASaveLineWritesNoArchiveAtAll() throws {
        let folder = try cli.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try cli.imdf("generate", folder + "/venue", "--rooms", "4").status == 0)
        let before = try contents(folder + "/venue")
        try "rename 0.001 Lab\nsave\nrenam 0.002 Office\n".write(toFile: folder + "/fix.imdfs", atomically: true, encoding: .utf8)
        let run = try cli.imdf("run", folder + "/fix.imdfs", "--archive", folder + "/venue", "--save", folder + "/out")
        #expect(run.status == 1)
        #expect(run.output.contains("save pending: \(folder)/out is written when the whole run has succeeded"), "\(run.output)")
        #expect(run.errors.contains("fix.imdfs:3: unknown command"))
        #expect(run.errors.contains("nothing was saved: the run stopped at \(folder)/fix.imdfs:3"), "\(run.errors)")
        #expect(try contents(folder + "/venue") == before, "the input was rewritten")
        #expect(!FileManager.default.fileExists(atPath: folder + "/out"))
    }

    @Test func aSaveLineWithoutAPathWritesTheRunsOutputNeverTheInput() throws {
        let folder = try cli.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try cli.imdf("generate", folder + "/venue", "--rooms", "4").status == 0)
        let before = try contents(folder + "/venue")
        // The state at the `save` line is what a later edit builds on; --save writes the final one.
        try "rename 0.001 Lab\nsave\nrename 0.002 Office\nsave \(folder)/middle.zip\n".write(
            toFile: folder + "/fix.imdfs", atomically: true, encoding: .utf8)
        let run = try cli.imdf("run", folder + "/fix.imdfs", "--archive", folder + "/venue", "--save", folder + "/out", "--json")
        #expect(run.status == 0, "\(run.errors)")
        #expect(try contents(folder + "/venue") == before, "the input was rewritten")
        let units = try String(contentsOfFile: folder + "/out/unit.geojson", encoding: .utf8)
        #expect(units.contains("\"Lab\"") && units.contains("\"Office\""))
        #expect(FileManager.default.fileExists(atPath: folder + "/middle.zip"))
        let summary = try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any]
        #expect(summary?["saved"] as? String == folder + "/out", "\(run.output)")
        #expect(summary?["saves"] as? [String] == [folder + "/middle.zip", folder + "/out"], "\(run.output)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/venue.journal"))
    }

    @Test func aPipedScriptSavesOnlyWhenItSucceeds() throws {
        let folder = try cli.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try cli.imdf("generate", folder + "/venue", "--rooms", "4").status == 0)
        let before = try contents(folder + "/venue")
        let failed = try cli.imdf(folder + "/venue", input: "rename 0.001 Lab\nsave\nfrobnicate 0.002\n")
        #expect(failed.status == 1)
        #expect(failed.errors.contains("nothing was saved: the run stopped at <stdin>:3"), "\(failed.errors)")
        #expect(try contents(folder + "/venue") == before, "a failing script rewrote the archive")
        #expect(!FileManager.default.fileExists(atPath: folder + "/venue.journal"))

        // Succeeding, the save is written; the edit after it stays in the journal, in its context.
        let saved = try cli.imdf(folder + "/venue", input: "use level \"Ground Floor\"\nrename 0.001 Lab\nsave\nrename 0.002 Office\n")
        #expect(saved.status == 0, "\(saved.errors)")
        #expect(saved.output.contains("saved \(folder)/venue:"))
        let units = try String(contentsOfFile: folder + "/venue/unit.geojson", encoding: .utf8)
        #expect(units.contains("\"Lab\"") && !units.contains("\"Office\""))
        let journal = try String(contentsOfFile: folder + "/venue.journal", encoding: .utf8)
        #expect(
            journal.contains("\nuse level ") && journal.contains("\nrename 0.002 Office\n") && !journal.contains("rename 0.001"),
            "\(journal)")
        let recovered = try cli.imdf(folder + "/venue", "--recover", input: "save\n")
        #expect(recovered.status == 0 && recovered.errors.contains("recovered 3 unsaved commands"), "\(recovered.errors)")
        #expect(try String(contentsOfFile: folder + "/venue/unit.geojson", encoding: .utf8).contains("\"Office\""))
    }

    @Test func aPipedScriptThatOnlyLooksLeavesNothingToRecoverEvenWhenCutShort() throws {
        let folder = try cli.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try cli.imdf("generate", folder + "/venue", "--rooms", "4").status == 0)
        // `head` closes the pipe after a few bytes: imdf is stopped by SIGPIPE mid-script, with no
        // chance to clean up; the context it set is no unsaved work.
        let script = folder + "/look.imdfs"
        try ("use level \"Ground Floor\"\n" + String(repeating: "ls\n", count: 200)).write(
            toFile: script, atomically: true, encoding: .utf8)
        let cut = try ChildProcess.run(
            "/bin/sh", ["-c", "\"$0\" \"$1\" < \"$2\" 2>/dev/null | head -c 5", CommandLineTests.executable, folder + "/venue", script])
        #expect(cut.status == 0)
        let next = try cli.imdf(folder + "/venue", input: "ls unit\n")
        #expect(next.status == 0, "\(next.errors)")
        #expect(!next.errors.contains("unsaved"), "\(next.errors)")
    }
}
