import Foundation
import TestSupport
import Testing

/// The starter archives: `imdf new`, each template validating clean, the Session that starts from
/// it, and Templates/make reproducing them from their scripts.
@Suite("Templates")
struct TemplateTests {
    let templates = ["blank": "fill-a-blank-venue", "office-floor": "furnish-an-office-floor", "campus": "walk-the-campus"]

    func imdf(_ arguments: String...) throws -> ChildProcess.Result { try ChildProcess.run(CommandLineTests.executable, arguments) }

    func temporaryFolder() throws -> String {
        let path = NSTemporaryDirectory() + "imdf-templates-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// Errors and warnings of `imdf validate --json` on `archive`.
    func problems(_ archive: String) throws -> (errors: Int, warnings: Int) {
        let run = try imdf("validate", archive, "--json")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
        let counts = try #require(report["counts"] as? [String: Int])
        return (counts["error"] ?? -1, counts["warning"] ?? -1)
    }

    @Test func eachTemplateStartsAnArchiveThatValidatesCleanAndItsSessionRuns() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let list = try imdf("new", "--list")
        #expect(list.status == 0)
        for name in templates.keys { #expect(list.output.contains(name + " "), "\(name) is not listed") }
        let sessions = Samples.packageRoot.appendingPathComponent("Sessions").path
        for (name, session) in templates {
            let archive = folder + "/" + name
            let made = try imdf("new", archive, "--template", name)
            #expect(made.status == 0, "\(name): \(made.errors)")
            #expect(try problems(archive) == (0, 0), "\(name)")
            let run = try imdf("run", sessions + "/" + session + ".imdfs", "--archive", archive, "--save", archive)
            #expect(run.status == 0, "\(session): \(run.errors)")
            #expect(try problems(archive) == (0, 0), "\(session)")
        }
        #expect(try imdf("new", folder + "/blank", "--template", "blank").status == 1)  // never over an archive
        #expect(try imdf("new", folder + "/x", "--template", "nothing").errors.contains("there are: blank, campus, office-floor"))
    }

    @Test func theBlankSessionsAnchorsInheritTheirAddresses() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try imdf("new", folder + "/venue", "--template", "blank").status == 0)
        let script = Samples.packageRoot.appendingPathComponent("Sessions/fill-a-blank-venue.imdfs").path
        #expect(try imdf("run", script, "--archive", folder + "/venue", "--save", folder + "/venue").status == 0)
        let addresses = try String(contentsOfFile: folder + "/venue/address.geojson", encoding: .utf8)
        #expect(addresses.contains("\"unit\": \"Reception\"") && addresses.contains("\"unit\": \"Room 101\""))
        let levels = try String(contentsOfFile: folder + "/venue/unit.geojson", encoding: .utf8)
        #expect(levels.contains("\"level_id\": \""))
    }

    @Test func templatesAreExactlyWhatTheirScriptsMake() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let make = Samples.packageRoot.appendingPathComponent("Templates/make").path
        let run = try ChildProcess.run("bash", [make, CommandLineTests.executable, folder])
        #expect(run.status == 0, "\(run.errors)")
        let committed = Samples.packageRoot.appendingPathComponent("Templates").path
        for name in templates.keys {
            let files = try FileManager.default.contentsOfDirectory(atPath: committed + "/" + name).sorted()
            #expect(files == (try FileManager.default.contentsOfDirectory(atPath: folder + "/" + name).sorted()), "\(name)")
            for file in files {
                let a = try Data(contentsOf: URL(fileURLWithPath: committed + "/" + name + "/" + file))
                let b = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name + "/" + file))
                #expect(a == b, "Templates/\(name)/\(file) differs from what Templates/make writes")
            }
        }
    }
}
