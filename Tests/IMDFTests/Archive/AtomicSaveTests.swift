import Foundation
import TestSupport
import Testing

@testable import IMDF

/// A save either completes or leaves the previous archive exactly as it was.
@Suite("Atomic saves")
struct AtomicSaveTests {
    struct SimulatedCrash: Error {}

    func smallArchive() throws -> IMDFArchive {
        try read(Samples.postech + "/../ulm-osmtoimdf").archive
    }

    func leftovers(in folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix(".") }
    }

    @Test func failureBeforeTheSwapLeavesTheFolderArchiveIntact() throws {
        let temporary = TemporaryFolder()
        let target = temporary.file("venue")
        let archive = try smallArchive()
        try ArchiveWriter.write(archive, to: target, created: fixedDate)
        let before = try bytes(of: target + "/unit.geojson")
        var changed = archive
        changed.collections[.unit]!.features.removeAll()
        #expect(throws: ArchiveWriteError.self) {
            try ArchiveWriter.write(changed, to: target, created: fixedDate, generator: "test", beforeCommit: { throw SimulatedCrash() })
        }
        #expect(try bytes(of: target + "/unit.geojson") == before)
        #expect(try leftovers(in: temporary.path).isEmpty)
    }

    @Test func failureBeforeTheRenameLeavesTheZipIntact() throws {
        let temporary = TemporaryFolder()
        let target = temporary.file("venue.zip")
        let archive = try smallArchive()
        try ArchiveWriter.write(archive, to: target, created: fixedDate)
        let before = try bytes(of: target)
        var changed = archive
        changed.collections[.amenity] = nil
        #expect(throws: ArchiveWriteError.self) {
            try ArchiveWriter.write(changed, to: target, created: fixedDate, generator: "test", beforeCommit: { throw SimulatedCrash() })
        }
        #expect(try bytes(of: target) == before)
        #expect(try leftovers(in: temporary.path).isEmpty)
    }

    @Test func savingOverAFolderArchiveReplacesItsDataAndKeepsOtherFiles() throws {
        let temporary = TemporaryFolder()
        let target = temporary.file("venue")
        var archive = try smallArchive()
        try ArchiveWriter.write(archive, to: target, created: fixedDate)
        try temporary.write("venue/README.md", "notes")
        try temporary.write("venue/stale.geojson", #"{"type": "FeatureCollection", "features": []}"#)
        archive.collections[.amenity] = nil
        try ArchiveWriter.write(archive, to: target, created: fixedDate)
        let names = try FileManager.default.contentsOfDirectory(atPath: target)
        #expect(names.contains("README.md"))
        #expect(!names.contains("amenity.geojson"))
        #expect(!names.contains("stale.geojson"))
        #expect(try leftovers(in: temporary.path).isEmpty)
    }

    @Test func aFolderThatIsNotAnArchiveIsNeverReplaced() throws {
        let temporary = TemporaryFolder()
        try FileManager.default.createDirectory(atPath: temporary.file("documents"), withIntermediateDirectories: false)
        try temporary.write("documents/thesis.tex", "precious")
        #expect(throws: ArchiveWriteError.self) {
            try ArchiveWriter.write(try smallArchive(), to: temporary.file("documents"), created: fixedDate)
        }
        #expect(try String(contentsOfFile: temporary.file("documents/thesis.tex"), encoding: .utf8) == "precious")
    }

    @Test func aZipPathThatIsAFolderIsRefused() throws {
        let temporary = TemporaryFolder()
        try FileManager.default.createDirectory(atPath: temporary.file("odd.zip"), withIntermediateDirectories: false)
        #expect(throws: ArchiveWriteError.self) {
            try ArchiveWriter.write(try smallArchive(), to: temporary.file("odd.zip"), created: fixedDate)
        }
    }

    @Test func aMissingFolderIsNamedNotCreated() throws {
        let temporary = TemporaryFolder()
        let archive = try smallArchive()
        do throws(ArchiveWriteError) {
            try ArchiveWriter.write(archive, to: temporary.file("no/such/place.zip"), created: fixedDate)
            Issue.record("saved into a folder that does not exist")
        } catch {
            #expect(error.message == "not saved: the folder \(temporary.file("no/such")) does not exist")
        }
        #expect(!FileManager.default.fileExists(atPath: temporary.file("no")))
    }

    @Test func sameArchiveAndTimeGiveTheSameZipBytes() throws {
        let temporary = TemporaryFolder()
        let archive = try smallArchive()
        try ArchiveWriter.write(archive, to: temporary.file("a.zip"), created: fixedDate)
        try ArchiveWriter.write(archive, to: temporary.file("b.zip"), created: fixedDate)
        #expect(try bytes(of: temporary.file("a.zip")) == bytes(of: temporary.file("b.zip")))
    }

    @Test(arguments: ["../evil.txt", "/tmp/evil.txt", "a/b.txt", "..", "", "bell\u{07}"])
    func aMemberThatIsNoPlainFileNameIsNeverWritten(name: String) throws {
        let temporary = TemporaryFolder()
        var archive = try smallArchive()
        archive.opaqueFiles.append(IMDFArchive.OpaqueFile(name: name, bytes: Array("evil".utf8)))
        for target in [temporary.file("venue"), temporary.file("venue.zip")] {
            #expect {
                try ArchiveWriter.write(archive, to: target, created: fixedDate)
            } throws: { error in
                "\(error)".contains("refused")
            }
            #expect(!FileManager.default.fileExists(atPath: target))
        }
        #expect(MemberName.problem("unit.geojson") == nil && MemberName.problem("README.txt") == nil)
    }
}
