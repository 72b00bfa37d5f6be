import Foundation
import IMDF
import Interchange
import TestSupport
import Testing

/// Archives written as GeoPackages and read back.
@Suite("GeoPackage export and back")
struct GeoPackageTests {
    /// A small archive with what a GIS table cannot hold plainly: names in two scripts (and a
    /// third language on one feature), features without geometry (null, and no member at all),
    /// nested arrays and objects, numbers written with their own text, z coordinates, Polygon
    /// and MultiPolygon in one file, properties named like the table's own columns, collection
    /// members, an extension file of mixed geometry and a file kept byte for byte.
    static let smallArchive: IMDFArchive = {
        let units = """
            {"type": "FeatureCollection", "name": "unit", "features": [
              {"type": "Feature", "id": "11111111-1111-4111-8111-111111111111", "feature_type": "unit",
               "geometry": {"type": "Polygon", "coordinates": [[[30.0, 60.0], [30.0001, 60.0], [30.0001, 60.0001], [30.0, 60.0]]]},
               "properties": {"category": "room", "name": {"en": "Hall", "ru": "Зал «Север»"}, "level_id": "22222222-2222-4222-8222-222222222222",
                 "imdf_json": "mine", "ID": 7, "area": 12.50, "tags": [["a", 1], {"deep": [true, null]}], "open": true}},
              {"type": "Feature", "id": "33333333-3333-4333-8333-333333333333", "feature_type": "unit",
               "geometry": {"type": "MultiPolygon", "coordinates": [[[[30.0, 60.0, 1.5], [30.0001, 60.0, 1.5], [30.0, 60.0001, 1.5], [30.0, 60.0, 1.5]]]]},
               "properties": {"category": "walkway", "name": {"ru": "Коридор", "zh-Hant": "走廊"}, "level_id": null, "area": 3, "open": false},
               "note": {"kept": "a foreign member"}},
              {"type": "Feature", "id": "44444444-4444-4444-8444-444444444444", "feature_type": "unit",
               "geometry": null, "properties": null}
            ]}
            """
        let addresses = """
            {"type": "FeatureCollection", "features": [
              {"type": "Feature", "id": "55555555-5555-4555-8555-555555555555", "feature_type": "address", "geometry": null,
               "properties": {"address": "Политехническая ул., 29", "locality": "Санкт-Петербург", "country": "RU", "postal_code": "195251"}},
              {"type": "Feature", "id": "66666666-6666-4666-8666-666666666666", "feature_type": "address",
               "properties": {"address": "1 Main St", "locality": "Springfield", "country": "US", "postal_code": 12345}}
            ]}
            """
        let paths = """
            {"type": "FeatureCollection", "features": [
              {"type": "Feature", "id": "p1", "feature_type": "navPath", "geometry": {"type": "Point", "coordinates": [30.00005, 60.00005]},
               "properties": {"neighbours": ["p2"], "weight": 1e-3}},
              {"type": "Feature", "id": "p2", "feature_type": "navPath",
               "geometry": {"type": "GeometryCollection", "geometries": [{"type": "Point", "coordinates": [30.0, 60.0]}, {"type": "LineString", "coordinates": [[30.0, 60.0], [30.1, 60.1]]}]},
               "properties": {}}
            ]}
            """
        func collection(_ text: String, _ fileName: String) -> FeatureCollection {
            var read = try! GeoJSONReader.read(Array(text.utf8))
            read.fileName = fileName
            return read
        }
        let manifest = try! GeoJSONReader.readJSON(
            Array(#"{"version": "1.0.0", "created": "2024-05-01T10:00:00+03:00", "language": "ru-RU", "extensions": ["navPath"]}"#.utf8))
        return IMDFArchive(
            manifest: Manifest(object: manifest.objectValue!),
            collections: [.unit: collection(units, "unit.geojson"), .address: collection(addresses, "address.geojson")],
            extensions: [collection(paths, "navPath.geojson")],
            opaqueFiles: [IMDFArchive.OpaqueFile(name: "notes.json", bytes: Array("[1, 2,\n 3]\u{0}\u{FF}".utf8))])
    }()

    func temporaryFolder() throws -> String {
        let path = NSTemporaryDirectory() + "imdf-gpkg-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// Every collection of `back` equals `original`'s, feature by feature.
    func expectSameArchive(_ back: IMDFArchive, _ original: IMDFArchive) {
        #expect(back.manifest == original.manifest)
        #expect(back.allCollections.map(\.fileName) == original.allCollections.map(\.fileName))
        for (read, written) in zip(back.allCollections, original.allCollections) {
            #expect(read.foreignMembers == written.foreignMembers, "\(written.fileName)")
            #expect(read.features.count == written.features.count, "\(written.fileName)")
            for (feature, expected) in zip(read.features, written.features) where feature != expected {
                Issue.record("\(written.fileName): feature \(expected.id) differs after the round trip")
            }
        }
        #expect(back.opaqueFiles == original.opaqueFiles)
        #expect(back == original)
    }

    func ogrinfo(_ arguments: String...) throws -> ChildProcess.Result {
        try ChildProcess.run("/usr/bin/ogrinfo", arguments)
    }

    @Test func spbstuComesBackFromItsGeoPackageFeatureByFeature() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let original = try ArchiveReader.read(Samples.spbstu).archive
        let summary = try GeoPackageWriter.write(original, to: folder + "/spbstu.gpkg")
        #expect(summary.tables.map(\.fileName) == original.allCollections.map(\.fileName))
        #expect(summary.tables.map(\.features) == original.allCollections.map(\.features.count))
        #expect(summary.tables.filter { !$0.isSpatial }.map(\.name) == ["address", "occupant", "navPathAssocieted"])
        let back = try GeoPackageReader.read(folder + "/spbstu.gpkg")
        #expect(back.warnings.isEmpty)
        expectSameArchive(back.archive, original)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["spbstu.gpkg"])
    }

    @Test func unicodeNamesNullGeometryAndNestedValuesComeBackExactly() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try GeoPackageWriter.write(Self.smallArchive, to: folder + "/small.gpkg")
        expectSameArchive(try GeoPackageReader.read(folder + "/small.gpkg").archive, Self.smallArchive)
    }

    @Test func propertiesAreColumnsWithLabelsAColumnPerLanguage() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try GeoPackageWriter.write(Self.smallArchive, to: folder + "/small.gpkg")
        let source = try VectorSource(path: folder + "/small.gpkg", drivers: ["GPKG"])
        #expect(Set(source.layers.map(\.name)) == ["unit", "address", "navPath", "imdf_archive", "layer_styles"])
        let units = try #require(source.layer(named: "unit"))
        // `imdf_json` and `id` are the table's; the properties so named get `_2`.
        #expect(
            units.fieldNames == [
                "id", "category", "name_en", "name_ru", "name_zh-Hant", "level_id", "level_name", "level_ordinal", "imdf_json_2", "ID_2",
                "area", "tags", "open",
                "imdf_json",
            ])
        let rows = try units.features()
        #expect(
            rows.map { $0["id"]?.text } == [
                "11111111-1111-4111-8111-111111111111", "33333333-3333-4333-8333-333333333333", "44444444-4444-4444-8444-444444444444",
            ])
        #expect(rows[0]["name_ru"] == .string("Зал «Север»"))
        #expect(rows[1]["name_zh-Hant"] == .string("走廊"))
        #expect(rows[1]["name_en"] == nil)
        #expect(rows[0]["area"] == .real(12.5))
        #expect(rows[0]["open"] == .integer(1))
        #expect(rows[0]["tags"] == .string(#"[["a", 1], {"deep": [true, null]}]"#))
        #expect(rows[0]["ID_2"] == .integer(7))
        #expect(rows[1]["level_id"] == nil)
        // The MultiPolygon table holds the Polygon as a one-part MultiPolygon; the null one has none.
        #expect(rows[0].shape != nil && rows[1].shape != nil && rows[2].shape == nil)
        // A file without any geometry is a table without a geometry column; its postal codes,
        // a string here and a number there, are JSON text.
        let addresses = try #require(source.layer(named: "address"))
        let postal = try addresses.features().map { $0["postal_code"] }
        #expect(postal == [.string("\"195251\""), .string("12345")])
    }

    @Test func aSpatialTableHasItsRTreeAndAnAttributeTableNone() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try GeoPackageWriter.write(Self.smallArchive, to: folder + "/small.gpkg")
        let run = try ogrinfo(
            "-ro", folder + "/small.gpkg", "-sql",
            "SELECT table_name FROM gpkg_extensions WHERE extension_name = 'gpkg_rtree_index' ORDER BY table_name")
        #expect(run.status == 0, "\(run.errors)")
        let tables = run.output.split(separator: "\n").filter { $0.contains("table_name (String) = ") }.map {
            $0.components(separatedBy: " = ").last!
        }
        #expect(tables == ["navPath", "unit"])
    }

    @Test func writingAgainReplacesTheFileAndLeavesNothingBeside() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/small.gpkg"
        try GeoPackageWriter.write(Self.smallArchive, to: path)
        var changed = Self.smallArchive
        changed.collections[.unit]!.features.removeLast()
        try GeoPackageWriter.write(changed, to: path)
        #expect(try GeoPackageReader.read(path).archive == changed)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["small.gpkg"])
        // A folder in the way, and a folder that does not exist, are refused with the path.
        try FileManager.default.createDirectory(atPath: folder + "/dir.gpkg", withIntermediateDirectories: false)
        #expect(throws: InterchangeError("\(folder)/dir.gpkg: is a folder; a GeoPackage needs a file path")) {
            try GeoPackageWriter.write(changed, to: folder + "/dir.gpkg")
        }
        #expect(throws: InterchangeError("\(folder)/missing/x.gpkg: not written: the folder \(folder)/missing does not exist")) {
            try GeoPackageWriter.write(changed, to: folder + "/missing/x.gpkg")
        }
    }

    @Test func aFileThatIsNotAGeoPackageIsRefusedWithItsPath() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/venue.gpkg"
        try Data("{\"type\": \"FeatureCollection\"}".utf8).write(to: URL(fileURLWithPath: path))
        do {
            _ = try GeoPackageReader.read(path)
            Issue.record("read a text file as a GeoPackage")
        } catch {
            #expect(error.message.hasPrefix("\(path): not a GeoPackage"), "\(error)")
        }
        #expect(throws: InterchangeError("\(folder)/absent.gpkg: no such file")) { try GeoPackageReader.read(folder + "/absent.gpkg") }
    }

    @Test func aGeoPackageImdfDidNotWriteIsRefused() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/other.gpkg"
        let made = try ChildProcess.run("/usr/bin/ogr2ogr", ["-f", "GPKG", path, Samples.spbstu + "/unit.geojson"])
        #expect(made.status == 0, "\(made.errors)")
        #expect(
            throws: InterchangeError(
                "\(path): a GeoPackage imdf did not write (it has no imdf_archive table); only GeoPackages written by imdf convert read back as an archive"
            )
        ) {
            try GeoPackageReader.read(path)
        }
    }

    @Test func aTableWithoutItsJSONColumnOrWithADamagedRowIsRefusedByName() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let damaged = folder + "/damaged.gpkg"
        try GeoPackageWriter.write(Self.smallArchive, to: damaged)
        #expect(try ogrinfo(damaged, "-sql", #"UPDATE unit SET imdf_json = '{"type": "Feature", "id": 5' WHERE fid = 2"#).status == 0)
        do {
            _ = try GeoPackageReader.read(damaged)
            Issue.record("read a damaged row")
        } catch {
            #expect(error.message.hasPrefix("\(damaged): the table unit, row 2: imdf_json is not an IMDF feature: "), "\(error)")
        }
        // A row without imdf_json is a new feature, made from its cells: this one has no level.
        #expect(try ogrinfo(damaged, "-sql", "UPDATE unit SET imdf_json = NULL WHERE fid = 2").status == 0)
        #expect(throws: InterchangeError("\(damaged): table unit, row 2 (fid), column level_id: a new unit needs level_id")) {
            try GeoPackageReader.read(damaged)
        }
        let renamed = folder + "/renamed.gpkg"
        try GeoPackageWriter.write(Self.smallArchive, to: renamed)
        #expect(try ogrinfo(renamed, "-sql", "ALTER TABLE navPath RENAME COLUMN imdf_json TO feature").status == 0)
        #expect(
            throws: InterchangeError(
                "\(renamed): the table navPath has no imdf_json column, which holds each whole feature; it cannot be read back")
        ) {
            try GeoPackageReader.read(renamed)
        }
    }

    @Test func aTableAddedInAGISIsLeftOutWithAWarning() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/small.gpkg"
        try GeoPackageWriter.write(Self.smallArchive, to: path)
        let added = try ChildProcess.run("/usr/bin/ogr2ogr", ["-update", "-nln", "sketch", path, Samples.spbstu + "/venue.geojson"])
        #expect(added.status == 0, "\(added.errors)")
        let back = try GeoPackageReader.read(path)
        #expect(back.archive == Self.smallArchive)
        #expect(back.warnings == ["\(path): left out the table sketch: it is not part of the archive imdf wrote"])
    }
}
