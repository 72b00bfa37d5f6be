import Foundation
import HelperProtocol
import IMDF
import Interchange
import TestSupport
import Testing

/// The spbstu sample written as a GeoPackage, edited the way QGIS edits it (SQL through GDAL's
/// ogrinfo, which has the GeoPackage functions the R-tree triggers call), and read back.
@Suite("GeoPackage edits read back")
struct GeoPackageEditTests {
    static let original: IMDFArchive = {
        do {
            return try ArchiveReader.read(Samples.spbstu).archive
        } catch {
            fatalError("the spbstu sample cannot be read: \(error)")
        }
    }()

    /// A GeoPackage of the sample in a folder of its own, with `statements` run on it.
    func edited(_ statements: String...) throws -> (folder: String, path: String) {
        let folder = NSTemporaryDirectory() + "imdf-gpkg-edit-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = folder + "/spbstu.gpkg"
        try GeoPackageWriter.write(Self.original, to: path)
        for statement in statements {
            let run = try ChildProcess.run("/usr/bin/ogrinfo", [path, "-sql", statement])
            #expect(run.status == 0, "\(statement): \(run.errors)")
        }
        return (folder, path)
    }

    func value(_ sql: String, in path: String) throws -> String {
        let run = try ChildProcess.run("/usr/bin/ogrinfo", ["-ro", path, "-sql", sql])
        return run.output.split(separator: "\n").first { $0.contains(" = ") }.map {
            String($0.components(separatedBy: " = ").dropFirst().joined(separator: " = "))
        } ?? ""
    }

    /// The features of `type` in `back` that differ from the original's, by id.
    func changedFeatures(_ back: IMDFArchive, _ type: FeatureType) -> [String] {
        let before = Dictionary(Self.original.features(of: type).map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        return back.features(of: type).filter { before[$0.id] != $0 }.map(\.id)
    }

    @Test func anUntouchedGeoPackageReadsBackWithNoEditsAndWritesTheSameBytes() throws {
        let (folder, path) = try edited()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let back = try GeoPackageReader.read(path)
        #expect(back.edits.isEmpty)
        #expect(back.edits.summary == GeoPackageEditSummary(changed: [], added: 0, deleted: 0))
        for (read, written) in zip(back.archive.allCollections, Self.original.allCollections) {
            #expect(GeoJSONWriter.write(read) == GeoJSONWriter.write(written), "\(written.fileName)")
        }
        #expect(back.archive == Self.original)
    }

    @Test func aColumnAddedInAGISIsLeftOutAndSaidSo() throws {
        let (folder, path) = try edited("ALTER TABLE unit ADD COLUMN note TEXT", "UPDATE unit SET note = 'paint' WHERE fid = 2")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let back = try GeoPackageReader.read(path)
        #expect(back.edits.isEmpty)
        #expect(back.archive == Self.original)
        #expect(
            back.warnings.contains { $0.contains("left out the column unit.note: it shows no property imdf wrote") }, "\(back.warnings)")
    }

    @Test func aChangedNameColumnChangesThatLabelAndNothingElse() throws {
        let unit = Self.original.features(of: .unit)[1]
        let (folder, path) = try edited("UPDATE unit SET name_en = 'Lecture Hall 104' WHERE fid = 2")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let back = try GeoPackageReader.read(path)
        let read = back.archive.features(of: .unit)[1]
        #expect(read.id == unit.id)
        #expect(read.labels(.name)?["en"] == "Lecture Hall 104")
        #expect(read.labels(.name)?["ru"] == unit.labels(.name)?["ru"])
        #expect(read.properties.keys == unit.properties.keys)
        #expect(changedFeatures(back.archive, .unit) == [unit.id])
        #expect(back.edits.changed == [.init(featureType: "unit", id: unit.id, columns: ["name_en"])])
        #expect(
            back.edits.summary
                == GeoPackageEditSummary(
                    changed: [.init(featureType: "unit", shortID: String(unit.id.prefix(8)), columns: ["name_en"])], added: 0, deleted: 0))
    }

    @Test func aChangedCategoryAndGeometryBecomeTheFeatures() throws {
        let openings = Self.original.features(of: .opening)
        let (folder, path) = try edited(
            "UPDATE opening SET geom = (SELECT geom FROM opening WHERE fid = 2) WHERE fid = 1",
            "UPDATE unit SET category = 'office' WHERE fid = 3")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let back = try GeoPackageReader.read(path)
        let moved = back.archive.features(of: .opening)[0]
        #expect(moved.geometry == openings[1].geometry)
        #expect(moved.properties == openings[0].properties)
        #expect(back.archive.features(of: .unit)[2].string(.category) == "office")
        #expect(changedFeatures(back.archive, .opening) == [openings[0].id])
        #expect(back.edits.changed.map(\.columns) == [["category"], ["geometry"]])
    }

    @Test func anEmptiedCellRemovesThatLabelOrProperty() throws {
        let units = Self.original.features(of: .unit)
        let withTwoNames = try #require(units.firstIndex { $0.labels(.altName)?["en"] != nil && $0.labels(.altName)?["ru"] != nil })
        let opening = try #require(
            Self.original.features(of: .opening).firstIndex { $0.property("unit_categoty").map { !$0.isNull } ?? false })
        let (folder, path) = try edited(
            "UPDATE unit SET alt_name_en = NULL WHERE fid = \(withTwoNames + 1)",
            "UPDATE opening SET unit_categoty = NULL WHERE fid = \(opening + 1)")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let back = try GeoPackageReader.read(path)
        let unit = back.archive.features(of: .unit)[withTwoNames]
        #expect(unit.labels(.altName)?["en"] == nil)
        #expect(unit.labels(.altName)?["ru"] == units[withTwoNames].labels(.altName)?["ru"])
        // A key IMDF does not define is removed, as `unset` removes it.
        let door = back.archive.features(of: .opening)[opening]
        #expect(!door.properties.contains(key: "unit_categoty"))
        var expected = Self.original.features(of: .opening)[opening]
        expected.removeProperty("unit_categoty")
        #expect(door == expected)
    }

    @Test func aRowAddedInAGISIsANewFeatureOfTheTablesType() throws {
        let units = Self.original.features(of: .unit)
        let (folder, path) = try edited(
            "INSERT INTO unit (category, level_id, name_en, geom) SELECT 'office', level_id, 'New room', geom FROM unit WHERE fid = 6")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let back = try GeoPackageReader.read(path)
        let read = back.archive.features(of: .unit)
        #expect(read.count == units.count + 1)
        #expect(Array(read.dropLast()) == units)
        let added = try #require(read.last)
        #expect(
            added.id.range(of: "^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$", options: .regularExpression) != nil)
        #expect(!units.contains { $0.id == added.id })
        #expect(added.featureType == "unit")
        #expect(added.string(.category) == "office")
        #expect(added.string(.levelID) == units[5].string(.levelID))
        #expect(added.labels(.name) == Labels("New room", language: "en"))
        #expect(added.geometry == units[5].geometry)
        #expect(back.edits.added.map(\.id) == [added.id])
        #expect(back.edits.summary.added == 1 && back.edits.summary.deleted == 0)
    }

    @Test func aDeletedRowIsADeletedFeature() throws {
        let openings = Self.original.features(of: .opening)
        let (folder, path) = try edited("DELETE FROM opening WHERE fid = 5")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let back = try GeoPackageReader.read(path)
        var expected = openings
        expected.remove(at: 4)
        #expect(back.archive.features(of: .opening) == expected)
        #expect(back.edits.deleted == 1)
        #expect(back.edits.summary == GeoPackageEditSummary(changed: [], added: 0, deleted: 1))
    }

    @Test func aDeletedRowThatOthersStillNameIsRefusedAtTheirRows() throws {
        let unit = Self.original.features(of: .unit)[4]
        let anchor = try #require(Self.original.features(of: .anchor).firstIndex { $0.string(.unitID) == unit.id })
        let (folder, path) = try edited("DELETE FROM unit WHERE fid = 5")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(
            throws: InterchangeError(
                "\(path): table anchor, row \(anchor + 1) (fid), column unit_id: \"\(unit.id)\" is in no row of the unit table (was its row deleted?); delete or change this row too"
            )
        ) {
            try GeoPackageReader.read(path)
        }
    }

    @Test func aBadCategoryIsRefusedWithItsTableRowAndColumn() throws {
        let (folder, path) = try edited(
            "UPDATE unit SET category = 'ofice' WHERE fid = 17",
            "UPDATE unit SET level_id = 'nowhere' WHERE fid = 20",
            "UPDATE opening SET geom = (SELECT geom FROM unit WHERE fid = 1) WHERE fid = 3")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(
            throws: InterchangeError(
                [
                    "\(path): table unit, row 17 (fid), column category: \"ofice\" is not a unit category; did you mean office?",
                    "\(path): table unit, row 20 (fid), column level_id: \"nowhere\" is not the id of any feature (a level is needed)",
                    "\(path): table opening, row 3 (fid), column geom: an opening needs a LineString; this is a Polygon",
                ].joined(separator: "\n"))
        ) {
            try GeoPackageReader.read(path)
        }
    }

    @Test func anEditedLevelNameIsRefusedWithTheWayOut() throws {
        let (folder, path) = try edited("UPDATE unit SET level_name = 'Roof' WHERE fid = 4")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(
            throws: InterchangeError(
                "\(path): table unit, row 4 (fid), column level_name: level_name is derived from level_id; change level_id, or rename the level in the level table"
            )
        ) {
            try GeoPackageReader.read(path)
        }
    }

    @Test func tablesShowTheLevelsNameAndOrdinalBesideLevelID() throws {
        let (folder, path) = try edited()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let source = try VectorSource(path: path, drivers: ["GPKG"])
        let units = try #require(source.layer(named: "unit"))
        let names = units.fieldNames
        let levelID = try #require(names.firstIndex(of: "level_id"))
        #expect(Array(names[levelID...].prefix(3)) == ["level_id", "level_name", "level_ordinal"])
        let unit = Self.original.features(of: .unit)[0]
        let level = try #require(Self.original.features(of: .level).first { $0.id == unit.string(.levelID) })
        let row = try #require(try units.features().first)
        #expect(row["level_name"] == .string(level.labels(.name)?.preferred(language: Self.original.manifest.language) ?? ""))
        #expect(row["level_ordinal"] == .integer(Int64(level.integer(.ordinal) ?? -99)))
    }

    @Test func unitsAndOpeningsCarryTheRenderColoursAsQGISStyles() throws {
        let (folder, path) = try edited()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let styles = try #require(try VectorSource(path: path, drivers: ["GPKG"]).layer(named: "layer_styles"))
        let rows = try styles.features()
        #expect(rows.map { $0["f_table_name"]?.text } == ["unit", "opening"])
        #expect(rows.allSatisfy { $0["f_geometry_column"]?.text == "geom" && $0["useAsDefault"] == .integer(1) })
        let unitStyle = rows[0]["styleQML"]?.text ?? ""
        #expect(unitStyle.contains(#"type="categorizedSymbol" attr="category""#))
        // Offices in the rooms' colour (#cfe0f5), stairs in the vertical one (#f8d6b0).
        let office = try #require(unitStyle.range(of: #"value="office""#))
        let symbol =
            unitStyle[unitStyle.index(office.lowerBound, offsetBy: -20)..<office.lowerBound].components(separatedBy: "symbol=\"").last?
            .prefix { $0 != "\"" } ?? ""
        let definition = try #require(unitStyle.range(of: "name=\"\(symbol)\""))
        #expect(unitStyle[definition.upperBound...].prefix(400).contains("207,224,245,255"))
        #expect(rows[1]["styleQML"]?.text.contains(#"class="SimpleLine""#) == true)
        #expect(rows[1]["styleQML"]?.text.contains("181,101,29,255") == true)
    }
}
