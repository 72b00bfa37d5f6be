import Foundation
import IMDF
import TestSupport
import Testing

/// `imdf import gis` through the built executable: a Shapefile in ETRS89 / UTM zone 32N onto a
/// level of a generated venue.
@Suite("imdf import gis")
struct ImportCommandTests {
    func imdf(_ arguments: String...) throws -> ChildProcess.Result { try CommandLineTests.run(arguments) }

    /// A venue, and a Shapefile of three rooms on its level (made in WGS 84 from the level's
    /// corner, then reprojected to EPSG:25832 by ogr2ogr), with a mapping file.
    func prepare(_ folder: String) throws -> (venue: String, corner: Position) {
        let venue = folder + "/venue"
        #expect(try imdf("generate", venue, "--levels", "1", "--rooms", "4").status == 0)
        let level = try #require(try ArchiveReader.read(venue).archive.features(of: .level).first)
        let positions = try #require(level.geometry?.positions)
        let corner = Position(x: positions.map(\.x).min()!, y: positions.map(\.y).min()!)
        // About a metre is 0.000014 degrees of longitude and 0.000009 of latitude here.
        let (dx, dy) = (0.000014, 0.000009)
        func room(_ x: Double, _ y: Double, _ fields: [(String, String?)]) -> GISFiles.Feature {
            GISFiles.Feature(fields, GISFiles.rectangle(corner.x + x * dx, corner.y + y * dy, 2 * dx, 2 * dy))
        }
        try GISFiles.geoJSON(
            [
                room(0.5, 0.5, [("RAUM", "1.01"), ("NAME", "Büro"), ("ART", "BUE")]),
                room(3, 0.5, [("RAUM", "1.02"), ("NAME", "WC"), ("ART", "WC")]),
                room(0.5, 9, [("RAUM", "1.03"), ("NAME", nil), ("ART", "LAG")]),
            ], crs: "EPSG:4326", to: folder + "/rooms-wgs84.geojson")
        let result = try ChildProcess.run(
            "/usr/bin/ogr2ogr", ["-t_srs", "EPSG:25832", "-f", "ESRI Shapefile", folder + "/rooms.shp", folder + "/rooms-wgs84.geojson"])
        #expect(result.status == 0, "\(result.errors)")
        try """
        {
          "properties": {"name": "NAME", "alt_name": "RAUM"},
          "category": {"field": "ART", "values": {"BUE": "office", "WC": "restroom"}, "default": "storage"},
          "language": "de"
        }
        """.write(toFile: folder + "/map.json", atomically: true, encoding: .utf8)
        return (venue, corner)
    }

    @Test func aShapefileIsImportedOntoALevelAndSaved() throws {
        let folder = try GISFiles.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (venue, corner) = try prepare(folder)
        let out = folder + "/out.zip"
        let run = try imdf(
            "import", "gis", folder + "/rooms.shp", "--archive", venue, "--level", "G", "--type", "unit", "--map", folder + "/map.json",
            "--save", out)
        #expect(run.status == 0, "\(run.errors)")
        #expect(
            run.output.contains(
                "read 3 features of layer rooms of rooms.shp (ESRI Shapefile), reprojected from ETRS89 / UTM zone 32N (EPSG:25832) to WGS 84"
            ))
        #expect(run.output.contains("1 value of ART not in the mapping (1 feature, given storage): LAG 1"))
        #expect(run.output.contains("imported 3 units onto level \"Ground Floor\""))
        #expect(run.output.contains("saved \(out): 31 features"))
        let units = try ArchiveReader.read(out).archive.features(of: .unit).suffix(3)
        #expect(units.map { $0.string(.category) } == ["office", "restroom", "storage"])
        #expect(units.map { $0.labels(.altName)?["de"] } == ["1.01", "1.02", "1.03"])
        #expect(units.first?.labels(.name)?["de"] == "Büro")
        // Through UTM and back: the first room's corner is where it was drawn, within a centimetre.
        let first = try #require(units.first?.geometry?.positions)
        let expected = Position(x: corner.x + 0.5 * 0.000014, y: corner.y + 0.5 * 0.000009)
        #expect(first.contains { abs($0.x - expected.x) * 71_500 < 0.01 && abs($0.y - expected.y) * 111_200 < 0.01 }, "\(first)")

        let json = try imdf(
            "import", "gis", folder + "/rooms.shp", "--archive", venue, "--level", "Ground Floor", "--type", "unit", "--map",
            folder + "/map.json",
            "--save", folder + "/out2", "--json")
        #expect(json.status == 0, "\(json.errors)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        #expect(report["created"] as? [String: Int] == ["unit": 3])
        #expect(report["unmapped"] as? [String: Int] == ["LAG": 1])
        #expect((report["sha256"] as? String)?.count == 64)
    }

    @Test func aRefusedImportSavesNothingAndSaysWhy() throws {
        let folder = try GISFiles.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (venue, _) = try prepare(folder)
        let out = folder + "/out"
        try "{\n  \"category\": \"ofice\"\n}".write(toFile: folder + "/bad.json", atomically: true, encoding: .utf8)
        let bad = try imdf(
            "import", "gis", folder + "/rooms.shp", "--archive", venue, "--level", "G", "--type", "unit", "--map", folder + "/bad.json",
            "--save", out)
        #expect(bad.status == 1)
        #expect(
            bad.errors.contains("import gis: \(folder)/bad.json:2:3: category: \"ofice\" is not in UNIT-CATEGORY; did you mean \"office\"?")
        )
        #expect(!FileManager.default.fileExists(atPath: out))
        let level = try imdf(
            "import", "gis", folder + "/rooms.shp", "--archive", venue, "--level", "L9", "--type", "unit", "--map", folder + "/map.json",
            "--save", out)
        #expect(level.status == 1)
        #expect(level.errors.contains("--level: no level is called L9; the levels: \"Ground Floor\" (ordinal 0, G)"))
        let type = try imdf(
            "import", "gis", folder + "/rooms.shp", "--archive", venue, "--level", "G", "--type", "opening", "--map", folder + "/map.json",
            "--save", out)
        #expect(type.status == 1)
        #expect(
            type.errors.contains(
                "import gis: \(folder)/map.json:3:43: category.values.BUE: \"office\" is not in OPENING-CATEGORY (it is a value of UNIT-CATEGORY)"
            ))
        #expect(!FileManager.default.fileExists(atPath: out))
        let usage = try imdf("import", "gis", folder + "/rooms.shp", "--archive", venue)
        #expect(usage.status == 2)
    }
}
