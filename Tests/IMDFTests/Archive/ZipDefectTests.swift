import Foundation
import TestSupport
import Testing

@testable import IMDF

/// Every zip entry that cannot be read is a located error of its own; the entries after it still
/// load, and the load is incomplete, so nothing is saved over it.
@Suite("Zip defects")
struct ZipDefectTests {
    static let manifest = #"{"version": "1.0.0", "created": "2026-01-01T00:00:00Z", "language": "en"}"#
    static func collection(_ type: String, _ id: String) -> String {
        #"{"type": "FeatureCollection", "features": [{"type": "Feature", "id": "\#(id)", "feature_type": "\#(type)", "geometry": null, "properties": {}}]}"#
    }

    /// manifest, venue, unit, level and opening, in that order; `defect` changes the unit entry.
    func archive(unit defect: (inout RawZipEntry) -> Void = { _ in }) -> [RawZipEntry] {
        var unit = RawZipEntry("unit.geojson", Array(Self.collection("unit", "33333333-3333-4333-8333-333333333333").utf8))
        defect(&unit)
        return [
            RawZipEntry("manifest.json", Array(Self.manifest.utf8)),
            RawZipEntry("venue.geojson", Array(Self.collection("venue", "11111111-1111-4111-8111-111111111111").utf8)),
            unit,
            RawZipEntry("level.geojson", Array(Self.collection("level", "44444444-4444-4444-8444-444444444444").utf8)),
            RawZipEntry("opening.geojson", Array(Self.collection("opening", "55555555-5555-4555-8555-555555555555").utf8)),
        ]
    }

    func load(_ entries: [RawZipEntry], limits: ArchiveLimits = .standard) throws -> ArchiveLoad {
        let temporary = TemporaryFolder()
        let path = temporary.file("defect.zip")
        try Data(RawZip.build(entries)).write(to: URL(fileURLWithPath: path))
        return try ArchiveReader.read(path, limits: limits)
    }

    /// The entries after the broken one are read: nothing ends the zip early.
    func expectOnlyTheUnitMissing(_ load: ArchiveLoad, saying words: String) {
        #expect(load.unreadableFiles == ["unit.geojson"])
        #expect(!load.isComplete)
        #expect(load.archive.features(of: .venue).count == 1)
        #expect(load.archive.features(of: .level).count == 1)
        #expect(load.archive.features(of: .opening).count == 1)
        #expect(load.archive.features(of: .unit).isEmpty)
        let error = load.errors.first { $0.file == "unit.geojson" }
        #expect(error?.kind == .unreadableFile)
        #expect(error?.message.contains(words) == true, "\(String(describing: error))")
    }

    @Test func anIntactZipReadsWhole() throws {
        let load = try load(archive())
        #expect(load.isComplete)
        #expect(load.errors.isEmpty)
        #expect(load.archive.features(of: .unit).count == 1)
    }

    @Test func anEncryptedEntryIsAnErrorAndTheEntriesAfterItStillRead() throws {
        expectOnlyTheUnitMissing(try load(archive { $0.flags |= 1 }), saying: "encrypted")
    }

    @Test func aDirectoryRecordWithABadLocalHeaderOffsetIsAnError() throws {
        expectOnlyTheUnitMissing(try load(archive { $0.recordedOffset = 7 }), saying: "bad offset: there is no local header at byte 7")
        expectOnlyTheUnitMissing(
            try load(
                archive {
                    $0.zip64 = true
                    $0.recordedOffset = 1 << 40
                }), saying: "past the end of the")
    }

    @Test func anUnsupportedCompressionMethodIsNamed() throws {
        expectOnlyTheUnitMissing(try load(archive { $0.method = 12 }), saying: "bzip2 (method 12)")
        expectOnlyTheUnitMissing(try load(archive { $0.method = 93 }), saying: "Zstandard")
    }

    @Test func aCorruptChecksumIsAnError() throws {
        expectOnlyTheUnitMissing(try load(archive { $0.crc = 0xDEAD_BEEF }), saying: "corrupt zip entry: CRC-32 is")
    }

    @Test func twoEntriesOfOneNameAreBothLeftOut() throws {
        var entries = archive()
        entries.append(RawZipEntry("unit.geojson", Array(Self.collection("unit", "66666666-6666-4666-8666-666666666666").utf8)))
        let load = try load(entries)
        #expect(load.unreadableFiles == ["unit.geojson"])
        #expect(load.errors.map(\.message) == ["appears 2 times in the zip; which copy is meant cannot be told, so none is read"])
        #expect(load.archive.features(of: .unit).isEmpty)
    }

    @Test func anEntryDeclaringMoreThanTheLimitIsRefusedBeforeInflating() throws {
        // 5 GiB declared through zip64, in a zip of a few hundred bytes.
        expectOnlyTheUnitMissing(
            try load(
                archive {
                    $0.zip64 = true
                    $0.declaredSize = 5 << 30
                }), saying: "declares 5 GiB, over the limit of 1 GiB for one file (--max-size)")
    }

    @Test func zip64RecordsAreRead() throws {
        let load = try load(archive { $0.zip64 = true })
        #expect(load.isComplete)
        #expect(load.archive.features(of: .unit).count == 1)
    }

    @Test func theLimitsCanBeRaisedOrLowered() throws {
        let strict = ArchiveLimits(maxFileBytes: 100, maxTotalBytes: 1 << 20)
        let load = try load(archive(), limits: strict)
        #expect(load.errors.filter { $0.message.contains("over the limit of 100 bytes for one file") }.count == 4)
        let total = ArchiveLimits(maxFileBytes: 1 << 20, maxTotalBytes: 300)
        let failure = try #require(readFailure { try self.load(archive(), limits: total) })
        #expect(
            failure.diagnostics.map(\.message).joined().contains(
                "over the limit of 300 bytes for an archive (--max-total); nothing was inflated"))
    }

    @Test func directoryRecordsSharingOneEntrysDataAreRefused() throws {
        var entries = archive()
        for name in ["aaaa.geojson", "bbbb.geojson", "cccc.geojson"] {
            var copy = RawZipEntry(name, [])
            copy.sharesDataWith = 2
            entries.append(copy)
        }
        let load = try load(entries)
        #expect(Set(load.unreadableFiles) == ["unit.geojson", "aaaa.geojson", "bbbb.geojson", "cccc.geojson"])
        #expect(load.errors.allSatisfy { $0.message.contains("overlaps") })
        #expect(load.archive.features(of: .level).count == 1)
    }

    @Test func thousandsOfRecordsSharingOneEntrysDataAreEachRefusedWithAShortMessage() throws {
        // 20,000 such records (a 1.2 MB zip) once kept the reader busy for minutes: the message
        // for each listed all the others.
        var entries = archive()
        for number in 0..<5_000 {
            var copy = RawZipEntry(String(format: "x%04d.geojson", number), [])
            copy.sharesDataWith = 2
            entries.append(copy)
        }
        let load = try load(entries)
        #expect(load.unreadableFiles.count == 5_001)
        let first = try #require(load.errors.first { $0.file == "x0000.geojson" })
        #expect(
            first.message
                == "its data overlaps that of 5000 files (unit.geojson, x0001.geojson, x0002.geojson, x0003.geojson, x0004.geojson, ...) (one stored file read under several names); not inflated"
        )
        #expect(load.archive.features(of: .level).count == 1)
    }

    @Test func anEntryThatInflatesPastItsDeclaredSizeStopsThere() throws {
        let temporary = TemporaryFolder()
        let path = temporary.file("liar.zip")
        let big =
            Array(Self.collection("unit", "33333333-3333-4333-8333-333333333333").utf8)
            + Array(repeating: UInt8(ascii: " "), count: 100_000)
        try ZipFixtures.make(path, [("manifest.json", Array(Self.manifest.utf8)), ("unit.geojson", big)])
        var bytes = try bytes(of: path)
        RawZip.setDeclaredSize(1000, of: "unit.geojson", in: &bytes)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let load = try read(path)
        #expect(load.unreadableFiles == ["unit.geojson"])
        #expect(load.errors.first?.message == "inflates to more than the 1000 bytes it declares; reading stopped there")
    }

    @Test func aSymbolicLinkInsideAZipRefusesTheArchive() throws {
        let failure = try #require(readFailure { try self.load(archive { $0.mode = 0o120777 }) })
        #expect(failure.diagnostics.first?.message == "refused: symbolic links are not allowed in an archive")
    }

    @Test func aDamagedDirectoryRefusesTheArchiveAndSaysWhere() throws {
        var bytes = RawZip.build(archive())
        let directory = try #require((0..<(bytes.count - 4)).first { bytes.readLE32($0) == 0x0201_4B50 })
        let third = try #require((directory + 1..<(bytes.count - 4)).filter { bytes.readLE32($0) == 0x0201_4B50 }.dropFirst().first)
        bytes[third] = 0
        let temporary = TemporaryFolder()
        try Data(bytes).write(to: URL(fileURLWithPath: temporary.file("damaged.zip")))
        let failure = try #require(readFailure { try read(temporary.file("damaged.zip")) })
        #expect(failure.diagnostics.first?.message.contains("directory record 3 of 5") == true)
    }

    @Test func thousandsOfSmallEntriesAreListedAndTheArchiveStillReads() throws {
        var entries = archive()
        for number in 0..<10_000 { entries.append(RawZipEntry("notes-\(number).txt", [UInt8(number % 256)])) }
        let load = try load(entries)
        #expect(load.isComplete)
        #expect(load.warnings.contains { $0.message.hasPrefix("ignored 10000 files (notes-0.txt") })
    }

    // MARK: Folder archives

    @Test func aSymbolicLinkInAFolderArchiveIsNotFollowed() throws {
        let temporary = TemporaryFolder()
        let folder = try temporary.copy(Samples.ulm, as: "linked")
        try temporary.write("secret.json", #"{"password": "hunter2"}"#)
        try FileManager.default.createSymbolicLink(atPath: folder + "/notes.json", withDestinationPath: temporary.file("secret.json"))
        try FileManager.default.createSymbolicLink(atPath: folder + "/kiosk.geojson", withDestinationPath: "/etc/passwd")
        // Never followed; and as members the save would lose, they make the load incomplete.
        let load = try read(folder)
        #expect(!load.isComplete)
        #expect(load.archive.opaqueFiles.isEmpty)
        #expect(load.archive.features(of: .kiosk).isEmpty)
        #expect(Set(load.unreadableFiles) == ["kiosk.geojson", "notes.json"])
        // A link that is no member (no IMDF or JSON name) is left out with a warning.
        try FileManager.default.removeItem(atPath: folder + "/notes.json")
        try FileManager.default.removeItem(atPath: folder + "/kiosk.geojson")
        try FileManager.default.createSymbolicLink(atPath: folder + "/photo.jpg", withDestinationPath: "/etc/passwd")
        let second = try read(folder)
        #expect(second.isComplete)
        #expect(second.warnings.contains { $0.message == "left out photo.jpg: symbolic links are not followed" })
    }

    @Test func aFolderFileOverTheLimitIsRefusedUnread() throws {
        let temporary = TemporaryFolder()
        let folder = try temporary.copy(Samples.ulm, as: "big")
        let load = try ArchiveReader.read(folder, limits: ArchiveLimits(maxFileBytes: 100_000, maxTotalBytes: 1 << 40))
        #expect(!load.isComplete)
        #expect(
            load.errors.contains {
                $0.kind == .unreadableFile && $0.message.contains("over the limit of 97.7 KiB for one file (--max-size)")
            })
    }

    func readFailure(_ body: () throws -> ArchiveLoad) -> ArchiveReadError? {
        do {
            _ = try body()
            return nil
        } catch let error as ArchiveReadError {
            return error
        } catch {
            return nil
        }
    }
}
