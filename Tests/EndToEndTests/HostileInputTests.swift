import Foundation
import TestSupport
import Testing

/// Archives and command lines an attacker or a careless user would give: every one gets a clear,
/// located refusal or the right result - never a trap, a hang or silent loss.
@Suite("Hostile and careless input")
struct HostileInputTests {
    func imdf(_ arguments: String..., input: String? = nil, environment: [String: String] = [:]) throws -> ChildProcess.Result {
        try CommandLineTests.run(arguments, environment: environment, input: input)
    }

    /// A generated venue in a fresh folder: (folder, venue path).
    func venue(rooms: Int = 4) throws -> (String, String) {
        let folder = NSTemporaryDirectory() + "imdf-hostile-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let run = try imdf("generate", folder + "/v", "--levels", "1", "--rooms", String(rooms))
        #expect(run.status == 0, "\(run.errors)")
        return (folder, folder + "/v")
    }

    /// The venue's files as zip entries, in the order given.
    func entries(of venue: String, _ names: [String]) throws -> [RawZipEntry] {
        try names.map { RawZipEntry($0, [UInt8](try Data(contentsOf: URL(fileURLWithPath: venue + "/" + $0)))) }
    }

    static let order = ["manifest.json", "address.geojson", "building.geojson", "footprint.geojson", "level.geojson", "unit.geojson", "venue.geojson", "opening.geojson"]

    @Test func anEncryptedZipEntryIsALocatedErrorAndConvertWritesNothing() throws {
        let (folder, venue) = try venue()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var files = try entries(of: venue, Self.order)
        files[3].flags |= 1  // footprint.geojson, as `zip -P` marks it
        try Data(RawZip.build(files)).write(to: URL(fileURLWithPath: folder + "/m.zip"))
        let convert = try imdf("convert", folder + "/m.zip", folder + "/out")
        #expect(convert.status == 3)
        #expect(convert.errors.contains("m.zip/footprint.geojson: error: encrypted (password-protected)"))
        #expect(convert.errors.contains("1 file(s) could not be read (footprint.geojson); nothing written"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/out"))
        // The entries after it are read: info counts them, and says the load is incomplete.
        let info = try imdf("info", folder + "/m.zip")
        #expect(info.status == 3)
        #expect(info.output.contains("opening.geojson"))
        let validate = try imdf("validate", folder + "/m.zip")
        #expect(validate.output.contains("A5"))
        #expect(validate.output.contains("footprint.geojson"))
    }

    @Test func aBadLocalHeaderOffsetIsALocatedError() throws {
        let (folder, venue) = try venue()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var files = try entries(of: venue, Self.order)
        files[3].recordedOffset = 9
        try Data(RawZip.build(files)).write(to: URL(fileURLWithPath: folder + "/m.zip"))
        let convert = try imdf("convert", folder + "/m.zip", folder + "/out.zip")
        #expect(convert.status == 3)
        #expect(convert.errors.contains("m.zip/footprint.geojson: error: bad offset"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/out.zip"))
    }

    @Test func aZipHoldingTwoEntriesOfOneNameIsRefused() throws {
        let (folder, venue) = try venue()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let files = try entries(of: venue, Self.order + ["unit.geojson"])
        try Data(RawZip.build(files)).write(to: URL(fileURLWithPath: folder + "/m.zip"))
        let convert = try imdf("convert", folder + "/m.zip", folder + "/out")
        #expect(convert.status == 3)
        #expect(convert.errors.contains("unit.geojson: error: appears 2 times in the zip"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/out"))
    }

    @Test func zipBombsAreRefusedBeforeInflating() throws {
        let (folder, venue) = try venue()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // An entry that declares 6 GiB.
        var files = try entries(of: venue, Self.order)
        files[5].zip64 = true
        files[5].declaredSize = 6 << 30
        try Data(RawZip.build(files)).write(to: URL(fileURLWithPath: folder + "/big.zip"))
        let big = try imdf("info", folder + "/big.zip")
        #expect(big.status == 3)
        #expect(big.errors.contains("big.zip/unit.geojson: error: declares 6 GiB, over the limit of 1 GiB for one file (--max-size); not inflated"))
        // Eight directory records pointing at one member.
        var shared = try entries(of: venue, Self.order)
        for number in 0..<8 {
            var copy = RawZipEntry("copy\(number).geojson", [])
            copy.sharesDataWith = 5
            shared.append(copy)
        }
        try Data(RawZip.build(shared)).write(to: URL(fileURLWithPath: folder + "/shared.zip"))
        let overlapping = try imdf("convert", folder + "/shared.zip", folder + "/out")
        #expect(overlapping.status == 3)
        #expect(overlapping.errors.contains("copy7.geojson: error: its data overlaps that of"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/out"))
        // The limits are the user's to change.
        let lowered = try imdf("info", venue, "--max-size", "2k")
        #expect(lowered.status == 3)
        #expect(lowered.errors.contains("over the limit of 2 KiB for one file (--max-size); not read"))
        let total = try imdf("info", venue, "--max-total", "10k")
        #expect(total.status == 3)
        #expect(total.errors.contains("over the limit of 10 KiB for an archive (--max-total)"))
        let nonsense = try imdf("info", venue, "--max-size", "lots")
        #expect(nonsense.status == 2)
        #expect(nonsense.errors.contains("--max-size lots: give a size such as 2G"))
    }

    @Test func aSymbolicLinkInAFolderArchiveIsLeftOut() throws {
        let (folder, venue) = try venue()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data("root:x:0:0:secret".utf8).write(to: URL(fileURLWithPath: folder + "/passwd"))
        try FileManager.default.createSymbolicLink(atPath: venue + "/notes.json", withDestinationPath: folder + "/passwd")
        let convert = try imdf("convert", venue, folder + "/out.zip")
        #expect(convert.status == 0, "\(convert.errors)")
        #expect(convert.errors.contains("left out notes.json: symbolic links are not followed"))
        let zipped = try String(decoding: Data(contentsOf: URL(fileURLWithPath: folder + "/out.zip")), as: UTF8.self)
        #expect(!zipped.contains("notes.json"))
    }
}
