import Foundation
import TestSupport
import Testing

/// `imdf bench import --corpus DIR`: each drawing of a corpus imported with no options and with
/// its best options, scored against its truth file.
@Suite("The import scoreboard")
struct ImportScoreboardTests {
    /// Two offices drawn in millimetres (declared metres), and a truth that also holds a room and a
    /// door the drawing does not have: what the scoreboard finds is what was imported.
    static let truth = """
        {
          "source": {"repository": "example/plans", "commit": "0000000000000000000000000000000000000000",
                     "path": "offices.dxf", "licence": "CC0-1.0", "committed": true},
          "metresPerUnit": 0.001,
          "bestOptions": ["--units", "mm"],
          "rooms": [
            {"at": [2500, 2000], "name": "Kontor", "number": "101", "outline": [[0, 0], [5000, 0], [5000, 4000], [0, 4000]]},
            {"at": [7000, 2000], "name": "Mødelokale", "number": "102", "outline": [[5000, 0], [9000, 0], [9000, 4000], [5000, 4000]]},
            {"at": [20000, 2000], "name": "Store", "number": null}
          ],
          "doors": [[5000, 1450], [20000, 0]]
        }
        """

    @Test func eachDrawingIsScoredAgainstItsTruthWithNoOptionsAndWithTheBest() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("imdf-e2e-corpus-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/corpus/drawings", withIntermediateDirectories: true)
        let drawing = try DXFFixture.namedOffices(scale: 1000, insertionUnits: 6).write()
        try FileManager.default.copyItem(atPath: drawing, toPath: folder + "/corpus/drawings/offices.dxf")
        try Self.truth.write(toFile: folder + "/corpus/offices.json", atomically: true, encoding: .utf8)
        // A truth file whose drawing is elsewhere is named with where to fetch it.
        try Self.truth.replacingOccurrences(of: "offices.dxf", with: "far/away.dxf")
            .write(toFile: folder + "/corpus/elsewhere.json", atomically: true, encoding: .utf8)

        let run = try CommandLineTests.run(["bench", "import", "--corpus", folder + "/corpus", "--work-folder", folder + "/work", "--json"])
        #expect(run.status == 0, "\(run.errors)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
        #expect(document["missing"] as? [String] == ["elsewhere"])
        let rows = try #require(document["runs"] as? [[String: Any]])
        #expect(rows.map { $0["mode"] as? String } == ["none", "best"])
        for row in rows {
            #expect(row["exit"] as? Int == 0)
            #expect(abs((row["scale_ratio"] as? Double ?? 0) - 1) < 0.001, "\(row)")
            #expect(row["rooms"] as? Int == 3 && row["recalled"] as? Int == 2, "\(row)")
            #expect(row["outlined"] as? Int == 2 && row["shapes_right"] as? Int == 2, "\(row)")
            #expect(row["named"] as? Int == 3 && row["names_right"] as? Int == 2, "\(row)")
            #expect(row["doors"] as? Int == 2 && row["doors_found"] as? Int == 1 && row["false_openings"] as? Int == 0, "\(row)")
            #expect(row["extra_units"] as? Int == 0, "\(row)")
        }

        let table = try CommandLineTests.run(["bench", "import", "--corpus", folder + "/corpus", "--work-folder", folder + "/work"])
        #expect(table.status == 0, "\(table.errors)")
        #expect(table.output.contains("no options: 1/1 imported, scale right 1, rooms 66% (shapes 100%), names 66%"), "\(table.output)")
        #expect(
            table.output.contains("elsewhere: drawing not here; fetch example/plans@0000000000000000000000000000000000000000 far/away.dxf"))

        // A truth file with a mistake is an error that names the file and the field.
        try Self.truth.replacingOccurrences(of: "\"at\": [20000, 2000]", with: "\"at\": [20000]")
            .write(toFile: folder + "/corpus/elsewhere.json", atomically: true, encoding: .utf8)
        let broken = try CommandLineTests.run(["bench", "import", "--corpus", folder + "/corpus", "--work-folder", folder + "/work"])
        #expect(broken.status == 1)
        #expect(broken.errors.contains("elsewhere.json: rooms[2].at: two finite numbers expected"), "\(broken.errors)")
    }
}
