import Foundation
import IMDF
import TestSupport
import Testing

/// `imdf convert` to and from GeoPackage, and to Shapefiles, checked with GDAL's own ogrinfo.
extension CommandLineTests {
    func ogrinfo(_ arguments: String...) throws -> Run {
        try ChildProcess.run("/usr/bin/ogrinfo", arguments)
    }

    /// The values of `column` in the rows ogrinfo prints for a query.
    func column(_ column: String, of run: Run) -> [String] {
        run.output.split(separator: "\n").compactMap { line in
            let text = line.trimmingCharacters(in: .whitespaces)
            guard text.hasPrefix(column + " (") else { return nil }
            return text.components(separatedBy: " = ").dropFirst().joined(separator: " = ")
        }
    }

    @Test func convertToGeoPackageOpensInOgrinfoWithATablePerFeatureFileAndComesBackTheSame() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let fixedTime = ["SOURCE_DATE_EPOCH": "1700000000"]
        let original = try ArchiveReader.read(Samples.spbstu).archive
        let gpkg = folder + "/spbstu.gpkg"
        let convert = try imdf("convert", Samples.spbstu, gpkg)
        #expect(convert.status == 0, "\(convert.errors)")
        #expect(
            convert.output.hasPrefix("wrote \(gpkg) (GeoPackage): 6,421 features in 16 tables (13 with a spatial index), and imdf_archive"))

        // One table per feature file, each with the file's feature count.
        let summary = try ogrinfo("-ro", "-so", "-al", gpkg)
        #expect(summary.status == 0, "\(summary.errors)")
        var counts: [String: Int] = [:]
        var table: String?
        for line in summary.output.split(separator: "\n") {
            if line.hasPrefix("Layer name: ") { table = String(line.dropFirst("Layer name: ".count)) }
            if line.hasPrefix("Feature Count: "), let table { counts[table] = Int(line.dropFirst("Feature Count: ".count)) }
        }
        // Besides the feature tables: imdf_archive, and the styles of units and openings for QGIS.
        var expected: [String: Int] = ["imdf_archive": original.allCollections.count + 1, "layer_styles": 2]
        for collection in original.allCollections {
            expected[String(collection.fileName.dropLast(".geojson".count))] = collection.features.count
        }
        #expect(counts == expected)

        // Every table with geometry has its R-tree, registered and filled; those without have none.
        let spatial = Set(
            original.allCollections.filter { $0.features.contains { $0.geometry != nil } }.map {
                String($0.fileName.dropLast(".geojson".count))
            })
        #expect(spatial.count == 13)
        let registered = try ogrinfo(
            "-ro", gpkg, "-sql", "SELECT table_name FROM gpkg_extensions WHERE extension_name = 'gpkg_rtree_index'")
        #expect(Set(column("table_name", of: registered)) == spatial)
        let indexes = try ogrinfo("-ro", gpkg, "-sql", "SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'rtree_%_geom'")
        #expect(Set(column("name", of: indexes)) == Set(spatial.map { "rtree_\($0)_geom" }))
        let units = try ogrinfo("-ro", gpkg, "-sql", "SELECT count(*) AS n FROM rtree_unit_geom")
        #expect(column("n", of: units) == ["443"])

        // Back: the same features as the sample, and the very files a direct convert writes.
        let back = folder + "/back"
        let convertBack = try imdf("convert", gpkg, back, environment: fixedTime)
        #expect(convertBack.status == 0, "\(convertBack.errors)")
        #expect(
            convertBack.output.hasPrefix(
                "0 features changed in \(gpkg); 0 added; 0 deleted\nwrote \(back) (folder): 6,421 features in 17 files"))
        let read = try ArchiveReader.read(back).archive
        #expect(read.allCollections.map(\.fileName) == original.allCollections.map(\.fileName))
        for (collection, expected) in zip(read.allCollections, original.allCollections) {
            #expect(collection.features.count == expected.features.count, "\(expected.fileName)")
            for (feature, source) in zip(collection.features, expected.features) {
                #expect(feature == source, "\(expected.fileName): \(source.id)")
            }
        }
        let direct = folder + "/direct"
        #expect(try imdf("convert", Samples.spbstu, direct, environment: fixedTime).status == 0)
        let names = try FileManager.default.contentsOfDirectory(atPath: direct).sorted()
        #expect(try FileManager.default.contentsOfDirectory(atPath: back).sorted() == names)
        for name in names {
            #expect(FileManager.default.contentsEqual(atPath: back + "/" + name, andPath: direct + "/" + name), "\(name)")
        }
        // Nothing was left beside the outputs.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["back", "direct", "spbstu.gpkg"])
    }

    @Test func convertRefusesAGeoPackageItCannotReadBackAndWritesNothing() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let text = folder + "/text.gpkg"
        try Data("not a database".utf8).write(to: URL(fileURLWithPath: text))
        let foreign = folder + "/foreign.gpkg"
        #expect(try ChildProcess.run("/usr/bin/ogr2ogr", ["-f", "GPKG", foreign, Samples.spbstu + "/unit.geojson"]).status == 0)
        let renamed = folder + "/renamed.gpkg"
        #expect(try imdf("convert", Samples.spbstu, renamed).status == 0)
        #expect(try ogrinfo(renamed, "-sql", "ALTER TABLE opening RENAME COLUMN imdf_json TO feature").status == 0)
        let cases = [
            (text, "\(text): not a GeoPackage"),
            (foreign, "\(foreign): a GeoPackage imdf did not write (it has no imdf_archive table)"),
            (
                renamed,
                "\(renamed): the table opening has no imdf_json column, which holds each whole feature; it cannot be read back; nothing written"
            ),
        ]
        for (index, (input, said)) in cases.enumerated() {
            let output = folder + "/out-\(index)"
            let run = try imdf("convert", input, output)
            #expect(run.status == 3, "\(input): \(run.errors)")
            #expect(run.errors.contains(said), "\(input): \(run.errors)")
            #expect(!FileManager.default.fileExists(atPath: output))
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["foreign.gpkg", "renamed.gpkg", "text.gpkg"])
    }

    @Test func convertToAFolderEndingInShpWritesShapefilesThatDoNotComeBack() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let output = folder + "/spbstu-shp"
        let run = try imdf("convert", Samples.spbstu, output)
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.output.hasPrefix("wrote \(output) (Shapefiles, one way): 6,421 features in 16 layers; "))
        #expect(run.output.contains("field names cut to 10 characters (see fields.csv)"))
        let units = try ogrinfo("-ro", "-so", output + "/unit.shp", "unit")
        #expect(units.output.contains("Feature Count: 443"))
        #expect(units.output.contains("alt_nam_ru: String"))
        #expect(FileManager.default.fileExists(atPath: output + "/address.dbf"))
        let back = try imdf("convert", output, folder + "/back")
        #expect(back.status == 3)
        #expect(back.errors.contains("\(output): a Shapefile export, which does not convert back (it is one way)"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/back"))
    }

    @Test func convertFromAGeoPackageNeverOverwritesAnArchiveOpenElsewhere() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let venue = folder + "/venue"
        #expect(try imdf("generate", venue, "--levels", "1", "--rooms", "2").status == 0)
        #expect(try imdf("convert", venue, folder + "/venue.gpkg").status == 0)
        let editor = try ChildProcess(Self.executable, [venue])
        defer {
            editor.send(SIGKILL)
            _ = try? editor.wait(timeout: 10)
        }
        try editor.write("where\n")
        _ = try editor.waitForLines(1)
        let convert = try imdf("convert", folder + "/venue.gpkg", venue)
        #expect(convert.status == 1)
        #expect(convert.errors.contains("another imdf has this archive open"), "\(convert.errors)")
    }

    /// sqlite3 with SpatiaLite's GeoPackage functions, which the R-tree triggers call on every
    /// UPDATE of a spatial table (libsqlite3-mod-spatialite, which `.ci/setup` installs).
    func sqlite3(_ path: String, _ statement: String) throws -> Run {
        try ChildProcess.run("/usr/bin/sqlite3", ["-cmd", ".load mod_spatialite", path, "SELECT EnableGpkgMode(); " + statement])
    }

    @Test func aNameChangedWithSqlite3ComesBackInTheArchiveAndDryRunOnlySaysSo() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let gpkg = folder + "/out.gpkg"
        #expect(try imdf("convert", Samples.spbstu, gpkg).status == 0)
        let unit = try #require(try ArchiveReader.read(Samples.spbstu).archive.features(of: .unit).dropFirst(16).first)
        let edit = try sqlite3(gpkg, "UPDATE unit SET name_en = 'Lecture Hall «17»' WHERE fid = 17;")
        #expect(edit.status == 0, "\(edit.errors)")
        let summary = "1 feature changed in \(gpkg): unit \(unit.id.prefix(8)) name_en; 0 added; 0 deleted"

        let back = folder + "/back"
        let dryRun = try imdf("convert", gpkg, back, "--dry-run")
        #expect(dryRun.status == 0, "\(dryRun.errors)")
        #expect(dryRun.output == summary + "\n")
        #expect(!FileManager.default.fileExists(atPath: back))

        let convert = try imdf("convert", gpkg, back)
        #expect(convert.status == 0, "\(convert.errors)")
        #expect(convert.output.hasPrefix(summary + "\nwrote \(back) (folder): 6,421 features in 17 files"))
        let read = try #require(try ArchiveReader.read(back).archive.features(of: .unit).first { $0.id == unit.id })
        #expect(read.labels(.name)?["en"] == "Lecture Hall «17»")
        #expect(read.labels(.name)?["ru"] == unit.labels(.name)?["ru"])
        let text = try String(contentsOfFile: back + "/unit.geojson", encoding: .utf8)
        #expect(text.contains("\"en\": \"Lecture Hall «17»\""))

        // GDAL sees the styles QGIS applies.
        let styles = try ogrinfo("-ro", gpkg, "-sql", "SELECT f_table_name FROM layer_styles")
        #expect(column("f_table_name", of: styles) == ["unit", "opening"])
    }

    @Test func aBadCategoryEditIsRefusedWithItsRowAndNothingIsWritten() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let gpkg = folder + "/out.gpkg"
        #expect(try imdf("convert", Samples.spbstu, gpkg).status == 0)
        #expect(try sqlite3(gpkg, "UPDATE unit SET category = 'ofice' WHERE fid = 17;").status == 0)
        for arguments in [[gpkg, folder + "/back"], [gpkg, folder + "/back", "--dry-run"]] {
            let run = try Self.run(["convert"] + arguments)
            #expect(run.status == 3, "\(run.errors)")
            #expect(
                run.errors.contains(
                    "\(gpkg): table unit, row 17 (fid), column category: \"ofice\" is not a unit category; did you mean office?; nothing written"
                ), "\(run.errors)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["out.gpkg"])
    }
}

extension CommandLineTests {
    @Test(arguments: ["../../evil.txt", "/tmp/imdf-evil-absolute.txt", "sub/../../evil.txt", "..", "bell\u{07}.txt"])
    func aGeoPackageNamingAFileOutsideTheArchiveIsRefusedWithItsRow(name: String) throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let gpkg = folder + "/site.gpkg"
        #expect(try imdf("new", folder + "/site", "--template", "blank").status == 0)
        #expect(try imdf("convert", folder + "/site", gpkg).status == 0)
        let insert = try sqlite3(gpkg, "INSERT INTO imdf_archive(entry, name, content) VALUES ('file', '\(name)', X'6576696c');")
        #expect(insert.status == 0, "\(insert.errors)")
        for output in [folder + "/out/inner", folder + "/out.zip"] {
            try? FileManager.default.createDirectory(atPath: folder + "/out", withIntermediateDirectories: true)
            let back = try imdf("convert", gpkg, output)
            #expect(back.status == 3, "\(name) -> \(output): \(back.status) \(back.output)")
            #expect(back.errors.contains("imdf_archive, row") && back.errors.contains("is refused"), "\(back.errors)")
            #expect(!FileManager.default.fileExists(atPath: output))
        }
        #expect(!FileManager.default.fileExists(atPath: folder + "/evil.txt"))
        #expect(!FileManager.default.fileExists(atPath: "/tmp/imdf-evil-absolute.txt"))
    }

    @Test func theSizeLimitsApplyToAGeoPackageAsToAnyArchive() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let gpkg = folder + "/site.gpkg"
        #expect(try imdf("new", folder + "/site", "--template", "blank").status == 0)
        #expect(try imdf("convert", folder + "/site", gpkg).status == 0)
        let total = try imdf("convert", gpkg, folder + "/back", "--max-total", "10K")
        #expect(total.status == 3 && total.errors.contains("an archive may hold (--max-total sets it)"), "\(total.errors)")
        let each = try imdf("convert", gpkg, folder + "/back", "--max-size", "100")
        #expect(each.status == 3 && each.errors.contains("imdf_archive, row") && each.errors.contains("--max-size"), "\(each.errors)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/back"))
        #expect(try imdf("convert", gpkg, folder + "/back").status == 0)
    }
}

extension CommandLineTests {
    @Test func aGeoPackageWhoseFeatureGivesAKeyTwiceIsRefusedWithItsRow() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let gpkg = folder + "/spbstu.gpkg"
        #expect(try imdf("convert", Samples.spbstu, gpkg).status == 0)
        let tamper = try sqlite3(
            gpkg,
            "UPDATE unit SET imdf_json = replace(imdf_json, '\"category\":', '\"category\": \"office\", \"category\":') WHERE fid = 1;")
        #expect(tamper.status == 0, "\(tamper.errors)")
        let back = try imdf("convert", gpkg, folder + "/back")
        #expect(back.status == 3 && back.errors.contains("row 1") && back.errors.contains("duplicate key"), "\(back.errors)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/back"))
    }

    /// A layout altered so that two columns show one property (alt_name made a second name_en):
    /// refused, naming both columns, rather than one value silently winning over the other.
    @Test func aGeoPackageWhoseTwoColumnsShowOnePropertyIsRefused() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let gpkg = folder + "/venue.gpkg"
        #expect(try imdf("generate", folder + "/venue", "--rooms", "2").status == 0)
        #expect(try imdf("convert", folder + "/venue", gpkg).status == 0)
        let tamper = try sqlite3(
            gpkg,
            """
            UPDATE imdf_archive SET columns = replace(columns, '{"column": "alt_name", "kind": "text", "property": "alt_name"}', \
            '{"column": "alt_name", "kind": "text", "property": "name", "language": "en"}') WHERE name = 'unit.geojson';
            """)
        #expect(tamper.status == 0, "\(tamper.errors)")
        let back = try imdf("convert", gpkg, folder + "/back")
        #expect(
            back.status == 3 && back.errors.contains("the columns of unit.geojson show one value twice (name_en and alt_name)"),
            "\(back.errors)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/back"))
    }
}
