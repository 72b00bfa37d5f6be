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

/// A real archive whose venue display point is a left-over thousands of kilometres away stays
/// editable, and `fix all` repairs that point with the rest.
@Suite("a misplaced venue point")
struct MisplacedVenuePointTests {
    let cli = CommandLineTests()

    @Test func everyEditAndTheRepairRunOnAVenueWhosePointIsFarAway() throws {
        let folder = try cli.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try cli.imdf("generate", folder + "/venue", "--rooms", "4").status == 0)
        // The venue's display point moved 90 degrees of longitude away (about 6,400 km at 50°N).
        let file = folder + "/venue/venue.geojson"
        var collection = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: file))) as? [String: Any])
        var features = try #require(collection["features"] as? [[String: Any]])
        var properties = try #require(features[0]["properties"] as? [String: Any])
        var point = try #require(properties["display_point"] as? [String: Any])
        let coordinates = try #require(point["coordinates"] as? [Double])
        point["coordinates"] = [coordinates[0] - 90, coordinates[1]]
        properties["display_point"] = point
        features[0]["properties"] = properties
        collection["features"] = features
        try JSONSerialization.data(withJSONObject: collection).write(to: URL(fileURLWithPath: file))
        let script = "use level \"Ground Floor\"\nadd unit Lab category=room rect 1,1 2x2\nadd node at 2,7\nfix all\n"
        try script.write(toFile: folder + "/edit.imdfs", atomically: true, encoding: .utf8)
        let run = try cli.imdf("run", folder + "/edit.imdfs", "--archive", folder + "/venue", "--save", folder + "/out")
        #expect(run.status == 0, "\(run.errors)")
        #expect(!run.errors.contains("km from the venue"))
        let check = try cli.imdf("validate", folder + "/out", "--code", "G1")
        #expect(!check.output.contains("VenueGeometryMustContainDisplayPoint"), "\(check.output)")
    }
}

/// Items a mapper meets in a script piped to `imdf`: a room number read off the plan as a
/// reference, a shape's vertices with each edge's length and bearing, which part of a split gets
/// which name, which way a door moves, and degrees typed without `@`.
@Suite("looking and editing without a GIS tool")
struct LookingWithoutAGISToolTests {
    let cli = CommandLineTests()

    @Test func aScriptSeesVerticesRoomNumbersSplitSidesAndDoorDirections() throws {
        let folder = try cli.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try cli.imdf("generate", folder + "/venue", "--rooms", "4").status == 0)
        let script = """
            use level "Ground Floor"
            set 0.001 alt_name.en=B17
            show B17
            split unit B17 along 2,-1 2,7 names=West,East
            move opening ac06f33e by 10
            """
        let run = try cli.imdf(folder + "/venue", input: script + "\n")
        // The door cannot go 10 m: the run stops there, after everything before it worked.
        #expect(run.status == 1)
        #expect(run.output.contains("1  0,0     to 2: 4.01 m at 90°"), "\(run.output)")
        #expect(run.output.contains("4  0,6     to 1: 6 m at 180°"))
        #expect(
            run.output.contains("West: 12") && run.output.contains("left of the line") && run.output.contains("East: 12"), "\(run.output)")
        #expect(run.errors.contains("by +D moves east") || run.errors.contains("by +D moves west"), "\(run.errors)")
        #expect(run.errors.contains("the wall runs from"), "\(run.errors)")
        let degrees = try cli.imdf(folder + "/venue", input: "use level \"Ground Floor\"\nadd node at 8.55029,50.10019\n")
        #expect(degrees.status == 1 && degrees.errors.contains("did you mean @8.55029,50.10019?"), "\(degrees.errors)")
    }
}
