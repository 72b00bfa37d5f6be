import Foundation
import TestSupport
import Testing

/// `fix all --dry-run` and `fix all` on the PolyMap campus through the built executable, as a
/// script on standard input and through `imdf run`.
@Suite("fix previews on the command line")
struct FixPreviewCommandTests {
    func campus(in folder: String) throws -> String {
        let path = folder + "/campus"
        try FileManager.default.copyItem(atPath: Samples.root + "/spbstu-polymap", toPath: path)
        return path
    }

    func temporaryFolder() throws -> String {
        let path = NSTemporaryDirectory() + "imdf-e2e-fix-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// The buildings of a saved archive that have a geometry.
    func locatedBuildings(_ archive: String) throws -> Int {
        let data = try Data(contentsOf: URL(fileURLWithPath: archive + "/building.geojson"))
        let collection = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let features = try #require(collection["features"] as? [[String: Any]])
        return features.count { $0["geometry"] is [String: Any] }
    }

    @Test func aDryRunOnStandardInputListsRepairsByCodeAndLeavesNoJournal() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let archive = try campus(in: folder)
        let run = try CommandLineTests.run([archive], input: "fix all --dry-run\nhistory\n")
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.output.contains("fix all --dry-run: "), "\(run.output)")
        #expect(run.output.contains("  G2  ") && run.output.contains("held back: 80 repairs that remove data"))
        #expect(run.output.contains("nothing was changed"))
        #expect(!run.output.contains("1. fix all"))
        // Only looked: no journal, and the archive as it was.
        #expect(!FileManager.default.fileExists(atPath: archive + ".journal"))
        #expect(try locatedBuildings(archive) == 80)
    }

    @Test func fixAllInAScriptKeepsEveryBuildingsGeometry() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let archive = try campus(in: folder)
        try "fix all --dry-run\nfix all\n".write(toFile: folder + "/fix.imdfs", atomically: true, encoding: .utf8)
        let run = try CommandLineTests.run(["run", folder + "/fix.imdfs", "--archive", archive, "--save", folder + "/fixed"])
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.output.contains("  G2      17 repairs: geometry of 17 anchors"), "\(run.output)")
        #expect(try locatedBuildings(folder + "/fixed") == 80)
        try "fix all --destructive\n".write(toFile: folder + "/destroy.imdfs", atomically: true, encoding: .utf8)
        let destroyed = try CommandLineTests.run(["run", folder + "/destroy.imdfs", "--archive", archive, "--save", folder + "/bare"])
        #expect(destroyed.status == 0, "\(destroyed.errors)")
        #expect(try locatedBuildings(folder + "/bare") == 0)
    }
}
