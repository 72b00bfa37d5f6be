import Foundation
import IMDF
import Interchange
import TestSupport
import Testing

/// Archives written as folders of Shapefiles (one way).
@Suite("Shapefile export")
struct ShapefileTests {
    func temporaryFolder() throws -> String {
        let path = NSTemporaryDirectory() + "imdf-shp-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test func spbstuIsOneShapefilePerFeatureFileWithShortUniqueFieldNamesInUTF8() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let archive = try ArchiveReader.read(Samples.spbstu).archive
        let output = folder + "/spbstu-shp"
        let summary = try ShapefileWriter.write(archive, to: output)
        #expect(summary.layers.map(\.fileName) == archive.allCollections.map(\.fileName))
        #expect(summary.layers.map(\.features) == archive.allCollections.map(\.features.count))
        let files = Set(try FileManager.default.contentsOfDirectory(atPath: output))
        for layer in summary.layers {
            let extensions = layer.hasGeometry ? ["shp", "shx", "dbf", "prj", "cpg"] : ["dbf", "cpg"]
            for ext in extensions { #expect(files.contains(layer.name + "." + ext), "\(layer.name).\(ext)") }
            #expect(layer.hasGeometry == files.contains(layer.name + ".shp"))
            #expect(layer.fields.allSatisfy { $0.field.utf8.count <= 10 })
            #expect(Set(layer.fields.map { $0.field.lowercased() }).count == layer.fields.count, "\(layer.name): repeated field names")
            let read = try VectorSource(path: output + "/" + layer.name + (layer.hasGeometry ? ".shp" : ".dbf"))
            #expect(read.layers.first?.featureCount == layer.features)
        }
        #expect(try String(contentsOfFile: output + "/unit.cpg", encoding: .utf8) == "UTF-8")
        let address = try #require(summary.layers.first { $0.name == "address" })
        #expect(address.fields.filter { $0.column.hasPrefix("postal_code") }.map(\.field) == ["postal_cod", "postal_c_2", "postal_c_3"])
        let level = try #require(summary.layers.first { $0.name == "level" })
        #expect(level.fields.filter { $0.column.hasPrefix("short_name") }.map(\.field) == ["short_n_ru", "short_n_en"])
        let list = try String(contentsOfFile: output + "/" + ShapefileWriter.fieldList, encoding: .utf8)
        #expect(list.hasPrefix("layer,field,column\n"))
        #expect(list.contains("\nlevel,short_n_en,short_name_en\n"))
        // Names in Cyrillic read back from the .dbf as they were written, but for trailing spaces
        // (dBASE pads text with spaces, so readers drop them: 25 rooms are named "Кабинет ").
        let units = try VectorSource(path: output + "/unit.shp").layers[0].features()
        let expected = archive.features(of: .unit).compactMap { Labels(json: $0.properties["name"] ?? .null)?["ru"] }
            .map { String($0.reversed().drop { $0 == " " }.reversed()) }
        #expect(units.compactMap { $0["name_ru"]?.text } == expected)
        #expect(units.allSatisfy { if case .polygon = $0.shape { true } else { false } })
    }

    @Test func aFileOfMixedGeometryIsSplitByKindWithItsUnlocatedFeaturesApart() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let summary = try ShapefileWriter.write(GeoPackageTests.smallArchive, to: folder + "/small-shp")
        #expect(summary.layers.map(\.name) == ["address", "unit", "navPath"])
        // One kind (polygons): one file, the unlocated unit a row with a null shape.
        let units = try VectorSource(path: folder + "/small-shp/unit.shp").layers[0].features()
        #expect(units.map { $0.shape == nil } == [false, false, true])
        #expect(units[0]["name_ru"] == .string("Зал «Север»"))

        var archive = GeoPackageTests.smallArchive
        let kinds: [IMDF.Geometry?] = [
            .point(Position(x: 30, y: 60)),
            .polygon([[Position(x: 30, y: 60), Position(x: 30.1, y: 60), Position(x: 30, y: 60.1), Position(x: 30, y: 60)]]),
            nil, .multiPoint([Position(x: 30, y: 60), Position(x: 30.1, y: 60.1)]),
        ]
        archive.collections[.relationship] = FeatureCollection(
            fileName: "relationship.geojson",
            features: kinds.enumerated().map { index, geometry in
                Feature(
                    id: "r\(index)", featureType: "relationship", geometry: geometry,
                    properties: ["category": "traversal", "direction": "directed"])
            })
        let mixed = try ShapefileWriter.write(archive, to: folder + "/mixed-shp")
        let split = mixed.layers.filter { $0.fileName == "relationship.geojson" }
        #expect(split.map(\.name) == ["relationship_point", "relationship_polygon", "relationship_none"])
        #expect(split.map(\.features) == [2, 1, 1])
        let files = try FileManager.default.contentsOfDirectory(atPath: folder + "/mixed-shp")
        #expect(files.contains("relationship_none.dbf") && !files.contains("relationship_none.shp"))
    }

    @Test func aFolderAnExportDidNotWriteIsNotReplaced() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let output = folder + "/venue-shp"
        try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: false)
        try Data("keep me".utf8).write(to: URL(fileURLWithPath: output + "/thesis.txt"))
        #expect(throws: InterchangeError("\(output): is a folder that imdf did not export to (no fields.csv); refusing to replace it")) {
            try ShapefileWriter.write(GeoPackageTests.smallArchive, to: output)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: output) == ["thesis.txt"])
        // An earlier export is replaced whole.
        try FileManager.default.removeItem(atPath: output + "/thesis.txt")
        try ShapefileWriter.write(GeoPackageTests.smallArchive, to: output)
        var smaller = GeoPackageTests.smallArchive
        smaller.extensions = []
        try ShapefileWriter.write(smaller, to: output)
        let files = try FileManager.default.contentsOfDirectory(atPath: output)
        #expect(!files.contains { $0.hasPrefix("navPath.") })
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["venue-shp"])
    }
}
