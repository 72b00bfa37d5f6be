import Foundation
import TestSupport
import Testing

@testable import IMDF

/// The three real archives: what they hold, and that a load -> save -> load keeps all of it.
@Suite("Real sample archives")
struct SampleArchiveTests {
    @Test func spbstuLoadsWithItsCountsAndExtensions() throws {
        let load = try read(Samples.spbstu)
        #expect(load.isComplete)
        #expect(load.errors.isEmpty)
        let counts = ArchiveSummary(load.archive).typeCounts
        let expected: [FeatureType: Int] = [
            .address: 447, .amenity: 37, .anchor: 445, .building: 80, .detail: 187, .footprint: 240, .level: 8,
            .occupant: 264, .opening: 472, .unit: 443, .venue: 1,
        ]
        #expect(counts == expected)
        let extensions = Dictionary(uniqueKeysWithValues: load.archive.extensions.map { ($0.fileName, $0.features.count) })
        #expect(
            extensions == [
                "attraction.geojson": 19, "enviroment.geojson": 680, "enviromentAmenity.geojson": 45,
                "navPath.geojson": 2726, "navPathAssocieted.geojson": 327,
            ])
        let navPath = try #require(load.archive.extensionCollection(named: "navPath.geojson"))
        // 6,303 neighbour entries, of which 50 repeat a link already listed: 6,253 distinct links.
        var links = Set<[String]>()
        var entries = 0
        for node in navPath.features {
            for neighbour in node.strings("neighbours") ?? [] {
                links.insert([node.id, neighbour])
                entries += 1
            }
        }
        #expect(entries == 6303)
        #expect(links.count == 6253)
        #expect(links.filter { links.contains([$0[1], $0[0]]) }.count == 6244)
        #expect(load.archive.makeIndex().duplicates.isEmpty)
    }

    @Test func postechReportsTheBrokenAmenityFileAndLoadsTheRest() throws {
        let load = try read(Samples.postech)
        #expect(!load.isComplete)
        #expect(load.unreadableFiles == ["amenity.geojson"])
        let error = try #require(load.errors.first)
        #expect(error.file == "amenity.geojson")
        #expect(error.location == TextLocation(line: 1086, column: 3))
        #expect(error.message == "trailing comma before ']'")
        #expect(error.description == "amenity.geojson:1086:3: trailing comma before ']'")
        let counts = ArchiveSummary(load.archive).typeCounts
        #expect(counts[.unit] == 167 && counts[.fixture] == 38 && counts[.opening] == 59 && counts[.level] == 6)
        #expect(counts[.amenity] == nil)
    }

    @Test func ulmReadsLegacyNamesAndVersionWithWarnings() throws {
        let load = try read(Samples.ulm)
        #expect(load.isComplete)
        let counts = ArchiveSummary(load.archive).typeCounts
        #expect(counts == [.amenity: 610, .building: 127, .footprint: 284, .level: 6, .unit: 554, .venue: 1, .address: 0])
        #expect(load.warnings.contains { $0.message.contains("1.0.0.rc.1") })
        #expect(load.warnings.contains { $0.message.contains("<feature_type>.geojson") })
        #expect(load.archive.collections[.address]?.foreignMembers["name"] == "address")
        #expect(load.archive.collections[.unit]?.sourceFileName == "unit.json")
    }

    @Test func aBetaManifestVersionIsReadWithAWarning() throws {
        let folder = NSTemporaryDirectory() + "imdf-beta-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.copyItem(atPath: Samples.spbstu, toPath: folder)
        try #"{"version": "1.0.0.beta.2", "created": "2019-01-01T00:00:00Z", "language": "en"}"#
            .write(toFile: folder + "/manifest.json", atomically: true, encoding: .utf8)
        let load = try read(folder)
        #expect(load.isComplete && load.errors.isEmpty)
        #expect(load.warnings.contains { $0.message.contains("1.0.0.beta.2") })
        #expect(load.archive.featureCount == (try read(Samples.spbstu)).archive.featureCount)
    }

    @Test func levelsGroupByOrdinal() throws {
        let summary = ArchiveSummary(try read(Samples.spbstu).archive)
        #expect(summary.levelsByOrdinal.map(\.ordinal) == [0, 1, 2, 3, 4, 5])
        #expect(summary.levelsByOrdinal[1].levels.count == 2)
    }

    // MARK: - Round trips

    /// Load `source`, save it as a folder, then as a zip, then as a folder again: every feature,
    /// property (in order), value, extension file and manifest key must survive, and the second
    /// folder must be byte-identical to the first.
    func roundTrip(_ source: String) throws {
        let temporary = TemporaryFolder()
        let original = try read(source)
        #expect(original.isComplete)
        let first = temporary.file("first")
        let zipped = temporary.file("second.zip")
        let third = temporary.file("third")
        try ArchiveWriter.write(original.archive, to: first, created: fixedDate)
        let reloaded = try read(first)
        try ArchiveWriter.write(reloaded.archive, to: zipped, created: fixedDate)
        let fromZip = try read(zipped)
        try ArchiveWriter.write(fromZip.archive, to: third, created: fixedDate)

        for load in [reloaded, fromZip] {
            #expect(load.errors.isEmpty)
            for type in FeatureType.allCases {
                #expect(load.archive.features(of: type) == original.archive.features(of: type), "\(type)")
                #expect(load.archive.collections[type]?.foreignMembers == original.archive.collections[type]?.foreignMembers)
            }
            #expect(load.archive.extensions == original.archive.extensions)
            #expect(load.archive.opaqueFiles == original.archive.opaqueFiles)
            for entry in original.archive.manifest.object where !["version", "created", "generated_by"].contains(entry.key) {
                #expect(load.archive.manifest.object[entry.key] == entry.value)
            }
            #expect(load.archive.manifest.version == "1.0.0")
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: first).sorted()
        #expect(names == (try FileManager.default.contentsOfDirectory(atPath: third).sorted()))
        for name in names {
            #expect(try bytes(of: first + "/" + name) == bytes(of: third + "/" + name), "\(name) changed on the second save")
        }
        try independentlyEqual(source, first)
    }

    /// Checks with Foundation's JSON parser - not the codec under test - that every feature file
    /// holds the same values as the original.
    func independentlyEqual(_ source: String, _ saved: String) throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: source).filter {
            ($0.hasSuffix(".json") || $0.hasSuffix(".geojson")) && $0 != "manifest.json"
        }
        for name in files {
            let savedName = name.hasSuffix(".json") ? String(name.dropLast(5)) + ".geojson" : name
            let before =
                try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: source + "/" + name))) as? NSDictionary
            let after =
                try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: saved + "/" + savedName))) as? NSDictionary
            #expect(before != nil && before == after, "\(name) differs after a save")
        }
    }

    @Test func spbstuSurvivesARoundTrip() throws { try roundTrip(Samples.spbstu) }

    @Test func ulmSurvivesARoundTrip() throws { try roundTrip(Samples.ulm) }

    @Test func postechWithoutItsBrokenFileSurvivesARoundTrip() throws {
        let temporary = TemporaryFolder()
        try roundTrip(try temporary.copy(Samples.postech, as: "postech", leavingOut: ["amenity.geojson"]))
    }

    @Test func zippedSamplesReadLikeTheirFolders() throws {
        let temporary = TemporaryFolder()
        for sample in [Samples.spbstu, Samples.ulm] {
            let zip = temporary.file(URL(fileURLWithPath: sample).lastPathComponent + ".zip")
            try ZipFixtures.zipFolder(sample, to: zip)
            let fromZip = try read(zip)
            let fromFolder = try read(sample)
            #expect(fromZip.format == .zip)
            #expect(fromZip.archive == fromFolder.archive)
        }
    }

    @Test func coordinatesKeepTheirExactDigits() throws {
        let temporary = TemporaryFolder()
        try ArchiveWriter.write(try read(Samples.spbstu).archive, to: temporary.file("out"), created: fixedDate)
        let units = try String(contentsOfFile: temporary.file("out/unit.geojson"), encoding: .utf8)
        // 17 significant digits, one more than the shortest text that reads back as the same double.
        #expect(units.contains("[30.38105632993722, 60.007320574340639]"))
        try ArchiveWriter.write(try read(Samples.postech).archive, to: temporary.file("postech"), created: fixedDate)
        let fixtures = try String(contentsOfFile: temporary.file("postech/fixture.geojson"), encoding: .utf8)
        #expect(fixtures.contains(#""display_point": {"type": "Point", "coordinates": null}"#))
    }

    @Test func propertyOrderIsKeptAsInTheFile() throws {
        let original = try read(Samples.postech).archive
        let unit = try #require(original.features(of: .unit).first)
        #expect(
            unit.properties.keys == ["category", "name", "alt_name", "level_id", "restriction", "display_point", "accessibility", "id"])
    }
}
