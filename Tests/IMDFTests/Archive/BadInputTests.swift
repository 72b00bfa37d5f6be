import Foundation
import TestSupport
import Testing

@testable import IMDF

/// Broken archives get one clear, located message each, and nothing is written.
@Suite("Bad input")
struct BadInputTests {
    let manifest = #"{"version": "1.0.0", "created": "2026-01-01T00:00:00Z", "language": "en"}"#
    let venue =
        #"{"type": "FeatureCollection", "features": [{"type": "Feature", "id": "11111111-1111-4111-8111-111111111111", "feature_type": "venue", "geometry": null, "properties": {"category": "university"}}]}"#

    func readFailure(_ path: String) -> ArchiveReadError? {
        do {
            _ = try ArchiveReader.read(path)
            return nil
        } catch {
            return error
        }
    }

    @Test func zipWithAFlippedByteFailsItsCRC() throws {
        let temporary = TemporaryFolder()
        let zip = temporary.file("flipped.zip")
        let payload = Array(#"{"type": "FeatureCollection", "features": [], "name": "UNIQUEMARKER"}"#.utf8)
        try ZipFixtures.make(
            zip, [("manifest.json", Array(manifest.utf8)), ("venue.geojson", Array(venue.utf8)), ("unit.geojson", payload)],
            compressed: false)
        var data = try bytes(of: zip)
        let marker = Array("UNIQUEMARKER".utf8)
        let offset = try #require((0...(data.count - marker.count)).first { Array(data[$0..<$0 + marker.count]) == marker })
        data[offset] ^= 0x20
        try Data(data).write(to: URL(fileURLWithPath: zip))

        let load = try read(zip)
        #expect(load.unreadableFiles == ["unit.geojson"])
        let error = try #require(load.errors.first)
        #expect(error.file == "unit.geojson")
        #expect(error.message.hasPrefix("corrupt zip entry: CRC-32 is"))
        #expect(load.archive.features(of: .venue).count == 1)
    }

    @Test func zipThatClimbsOutWithDotDotIsRefused() throws {
        let temporary = TemporaryFolder()
        let zip = temporary.file("evil.zip")
        try ZipFixtures.make(zip, [("manifest.json", Array(manifest.utf8)), ("../evil.geojson", Array(venue.utf8))])
        let failure = try #require(readFailure(zip))
        #expect(failure.diagnostics.count == 1)
        #expect(failure.diagnostics[0].file == "../evil.geojson")
        #expect(failure.diagnostics[0].message.contains("'..'"))
    }

    @Test func zipWithAnAbsolutePathIsRefused() throws {
        let temporary = TemporaryFolder()
        let zip = temporary.file("absolute.zip")
        try ZipFixtures.make(zip, [("manifest.json", Array(manifest.utf8)), ("/etc/venue.geojson", Array(venue.utf8))])
        #expect(readFailure(zip)?.diagnostics.first?.message.contains("absolute path") == true)
    }

    @Test func zipWithANestedTopFolderAndLitterIsAccepted() throws {
        let temporary = TemporaryFolder()
        let zip = temporary.file("nested.zip")
        try ZipFixtures.zipFolder(
            Samples.spbstu, to: zip, prefix: "Volumes/Macintosh HD/IMDFData/",
            extra: [("__MACOSX/Volumes/._unit.geojson", [0, 1]), ("Volumes/Macintosh HD/IMDFData/.DS_Store", [0, 0])])
        let load = try read(zip)
        #expect(load.isComplete)
        #expect(load.archive.features(of: .unit).count == 443)
        #expect(load.warnings.contains { $0.message.contains("inside the folder \"Volumes/Macintosh HD/IMDFData/\"") })
        #expect(load.warnings.contains { $0.message.contains(".DS_Store") && $0.message.contains("operating-system") })
    }

    @Test func truncatedZipIsRefused() throws {
        let temporary = TemporaryFolder()
        let zip = temporary.file("truncated.zip")
        try ZipFixtures.zipFolder(Samples.ulm, to: zip)
        let whole = try bytes(of: zip)
        try Data(whole.prefix(whole.count / 2)).write(to: URL(fileURLWithPath: zip))
        #expect(readFailure(zip)?.diagnostics.first?.message.contains("not a readable zip archive") == true)
    }

    @Test func somethingThatIsNotAZipIsRefused() throws {
        let temporary = TemporaryFolder()
        try temporary.write("fake.zip", "this is not a zip")
        #expect(readFailure(temporary.file("fake.zip"))?.diagnostics.first?.message.contains("not a readable zip archive") == true)
        #expect(readFailure(temporary.file("missing.zip"))?.diagnostics.first?.message == "no such file or folder")
    }

    @Test func missingManifestIsAnErrorAndTheRestLoads() throws {
        let temporary = TemporaryFolder()
        let folder = try temporary.copy(Samples.spbstu, as: "no-manifest", leavingOut: ["manifest.json"])
        let load = try read(folder)
        #expect(load.unreadableFiles == ["manifest.json"])
        #expect(load.errors.map(\.description) == ["manifest.json: missing: every IMDF archive needs a manifest.json at its root"])
        #expect(load.archive.features(of: .unit).count == 443)
    }

    @Test func folderWithNoIMDFContentIsNotAnArchive() throws {
        let temporary = TemporaryFolder()
        try temporary.write("notes.txt", "hello")
        #expect(readFailure(temporary.path)?.diagnostics.last?.message.contains("not an IMDF archive") == true)
    }

    @Test func duplicateIdsAreReportedAndBothFeaturesKept() throws {
        let temporary = TemporaryFolder()
        let folder = temporary.file("dup")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try temporary.write("dup/manifest.json", manifest)
        try temporary.write("dup/venue.geojson", venue)
        try temporary.write(
            "dup/unit.geojson",
            """
            {"type": "FeatureCollection", "features": [
            {"type": "Feature", "id": "11111111-1111-4111-8111-111111111111", "feature_type": "unit", "geometry": null, "properties": {"category": "room"}},
            {"type": "Feature", "id": "22222222-2222-4222-8222-222222222222", "feature_type": "unit", "geometry": null, "properties": {"category": "room"}}
            ]}
            """)
        let load = try read(folder)
        #expect(load.isComplete)
        #expect(load.archive.features(of: .unit).count == 2)
        let duplicate = try #require(load.errors.first)
        #expect(duplicate.featureID == "11111111-1111-4111-8111-111111111111")
        #expect(duplicate.message.contains("venue.geojson:1"))
        #expect(duplicate.message.contains("unit.geojson:2"))
    }

    @Test func aFeatureFileThatIsNotAFeatureCollectionIsLocated() throws {
        let temporary = TemporaryFolder()
        let folder = try temporary.copy(Samples.spbstu, as: "not-fc", leavingOut: ["level.geojson", "unit.geojson"])
        try temporary.write("not-fc/level.geojson", "[\n  {\"type\": \"Feature\"}\n]")
        try temporary.write("not-fc/unit.geojson", "{\"type\": \"Feature\", \"id\": \"x\"}")
        let load = try read(folder)
        #expect(Set(load.unreadableFiles) == ["level.geojson", "unit.geojson"])
        let messages = load.errors.map(\.description)
        #expect(messages.contains("level.geojson:1:1: not a FeatureCollection: the file holds an array, not an object"))
        #expect(messages.contains("unit.geojson:1:1: not a FeatureCollection: \"type\" is \"Feature\", expected \"FeatureCollection\""))
    }

    @Test func everyBrokenFileIsReportedInOnePass() throws {
        let temporary = TemporaryFolder()
        let folder = try temporary.copy(Samples.postech, as: "two-broken", leavingOut: ["level.geojson"])
        try temporary.write("two-broken/level.geojson", "{\"type\": \"FeatureCollection\", \"features\": [\n  {\"id\": 1}\n]}")
        let load = try read(folder)
        #expect(Set(load.unreadableFiles) == ["amenity.geojson", "level.geojson"])
        #expect(load.errors.contains { $0.description == "level.geojson:2:3: feature 1: \"id\" must be a string, found a number" })
    }

    @Test func unknownJSONThatIsNotAFeatureCollectionIsKeptByteForByte() throws {
        let temporary = TemporaryFolder()
        let folder = try temporary.copy(Samples.ulm, as: "with-scratch")
        try temporary.write("with-scratch/doors.json", "{\"scratch\": [1, 2,]}")
        let load = try read(folder)
        #expect(load.isComplete)
        #expect(load.archive.opaqueFiles.map(\.name) == ["doors.json"])
        try ArchiveWriter.write(load.archive, to: temporary.file("out"), created: fixedDate)
        #expect(try bytes(of: temporary.file("out/doors.json")) == Array("{\"scratch\": [1, 2,]}".utf8))
    }
}
