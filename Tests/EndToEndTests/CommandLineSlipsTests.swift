import Foundation
import TestSupport
import Testing

/// Slips on the command line get the word that was meant, and change nothing.
@Suite("slips on the command line")
struct CommandLineSlipsTests {
    let cli = CommandLineTests()

    @Test func aMisspeltSubcommandIsNotTakenForAnArchive() throws {
        let folder = try cli.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try cli.imdf("generate", folder + "/venue", "--rooms", "4").status == 0)
        let run = try cli.imdf("validte", folder + "/venue")
        #expect(run.status == 2)
        #expect(run.errors.contains("unknown command validte; did you mean validate?"), "\(run.errors)")
        // A folder of that name is an archive, as before.
        let archive = try cli.imdf("info", folder + "/venue")
        #expect(archive.status == 0)
    }

    @Test func saveRefusesANameOfASingleFileOfAnotherFormat() throws {
        let folder = try cli.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try cli.imdf("generate", folder + "/venue", "--rooms", "4").status == 0)
        let run = try cli.imdf(folder + "/venue", input: "save \(folder)/out.geojson\n")
        #expect(run.status == 1)
        #expect(run.errors.contains("ends in .geojson, a single file of another format"), "\(run.errors)")
        #expect(run.errors.contains("a zip (venue.zip)"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/out.geojson"))
        let converted = try cli.imdf("convert", folder + "/venue", folder + "/out.json")
        #expect(converted.status != 0 && !FileManager.default.fileExists(atPath: folder + "/out.json"), "\(converted.errors)")
        #expect(try cli.imdf("convert", folder + "/venue", folder + "/out.zip").status == 0)
    }
}
