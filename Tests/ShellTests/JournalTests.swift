import Foundation
import IMDF
import SyntheticVenue
import TestSupport
import Testing

@testable import Shell

@Suite("Journal file")
struct JournalTests {
    func journal(_ records: [(String, [String])]) throws -> String {
        let path = NSTemporaryDirectory() + "imdf-journal-" + UUID().uuidString
        let writer = try JournalWriter(path: path, archive: "venue.zip", baseHash: "abc", fresh: true)
        for (command, ids) in records { try writer.append(command: command, ids: ids) }
        try writer.appendCheck("0123")
        return path
    }

    @Test func recordsReadBackWithTheirIds() throws {
        let path = try journal([("rename 310 Lab", []), ("attach anchor to 310", ["aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa"])])
        defer { try? FileManager.default.removeItem(atPath: path) }
        let contents = try JournalReader.read(path)
        #expect(contents.baseHash == "abc")
        #expect(contents.records.map(\.command) == ["rename 310 Lab", "attach anchor to 310"])
        #expect(contents.records[1].ids == ["aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa"])
        #expect(contents.checks.map(\.0) == [2])
        #expect(contents.warnings.isEmpty)
        // The journal is a script: its commands, with the metadata as comments.
        let script = ScriptRunner.lines(of: try String(contentsOfFile: path, encoding: .utf8), file: path)
        #expect(script.filter { !$0.text.hasPrefix("#") && !$0.text.isEmpty }.map(\.text) == ["rename 310 Lab", "attach anchor to 310"])
    }

    @Test func aJournalCutAtAnyByteOfItsLastRecordRecoversThePrefix() throws {
        let path = try journal([
            ("rename 310 Lab", []), ("rename 311 Office", []), ("split unit 312 along 1,0 1,8", ["bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb"]),
        ])
        defer { try? FileManager.default.removeItem(atPath: path) }
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        // Drop the #check line, then cut the last record at every byte.
        let text = String(decoding: bytes, as: UTF8.self)
        let withoutCheck = text.components(separatedBy: "#check")[0]
        bytes = Array(withoutCheck.utf8)
        let lastStart = Array(text.utf8).count - text.components(separatedBy: "split unit")[1].utf8.count - "split unit".utf8.count
        for cut in lastStart..<bytes.count {
            try Data(bytes[..<cut]).write(to: URL(fileURLWithPath: path))
            let contents = try JournalReader.read(path)
            #expect(contents.damage == nil, "cut at \(cut)")
            if cut == bytes.count - 1 {
                // Only the final newline is missing and the checksum holds: the record is complete.
                #expect(contents.records.count == 3)
                #expect(contents.warnings.isEmpty)
                continue
            }
            #expect(contents.records.map(\.command) == ["rename 310 Lab", "rename 311 Office"], "cut at \(cut)")
            if cut > lastStart { #expect(!contents.warnings.isEmpty, "cut at \(cut)") }
        }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        #expect(try JournalReader.read(path).records.count == 3)
    }

    /// Damage of every kind in the middle: the intact records before it, and where it is.
    @Test(arguments: [
        ("a flipped byte", 7, "record 2 is damaged"),
        ("NUL bytes", 6, "not valid UTF-8"),
        ("a deleted record", 7, "record 3 follows record 1 (a record is missing)"),
        ("a CR inside a command", 7, "record 2 is damaged"),
    ])
    func damageInTheMiddleKeepsTheIntactRecordsBeforeIt(kind: String, line: Int, words: String) throws {
        func damage(_ text: String) -> String {
            switch kind {
            case "a flipped byte": text.replacingOccurrences(of: "rename 311 Office", with: "rename 311 Officf")
            case "NUL bytes": text.replacingOccurrences(of: "rename 311 Office", with: "rename 311 \0\0\0\0\0\0")
            case "a deleted record":
                text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().filter { ![5, 6].contains($0.offset) }.map(
                    \.element
                )
                .joined(separator: "\n")
            default: text.replacingOccurrences(of: "rename 311 Office", with: "rename 311 Office\r")
            }
        }
        let path = try journal([("rename 310 Lab", []), ("rename 311 Office", []), ("rename 312 Store", [])])
        defer { try? FileManager.default.removeItem(atPath: path) }
        let text = try String(contentsOfFile: path, encoding: .utf8)
        try Data(damage(text).utf8).write(to: URL(fileURLWithPath: path))
        let contents = try JournalReader.read(path)
        #expect(contents.records.map(\.command) == ["rename 310 Lab"], "\(kind)")
        #expect(contents.damage?.line == line, "\(kind)")
        #expect(contents.damage?.message.contains(words) == true, "\(kind): \(String(describing: contents.damage))")
    }

    @Test func invalidUTF8AndADamagedHeaderAndAnEmptyFileAreDamageNotCrashes() throws {
        let path = try journal([("rename 310 Lab", []), ("rename 311 Office", [])])
        defer { try? FileManager.default.removeItem(atPath: path) }
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let original = bytes
        let office = try #require((0..<bytes.count).first { bytes[$0] == UInt8(ascii: "O") })
        bytes[office] = 0xFF
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        var contents = try JournalReader.read(path)
        #expect(contents.records.count == 1)
        #expect(contents.damage?.message == "line 6 is not valid UTF-8")

        bytes = original
        bytes[2] ^= 0x01  // "#imdf-journal 1" -> "#hmdf..."
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        contents = try JournalReader.read(path)
        #expect(contents.records.isEmpty)
        #expect(contents.damage == JournalDamage(line: 1, message: "not an imdf journal (its header is missing or damaged)"))

        try Data().write(to: URL(fileURLWithPath: path))
        #expect(try JournalReader.read(path).damage?.line == 1)
    }

    @Test func aJournalThatIsASymbolicLinkIsNotRead() throws {
        let folder = NSTemporaryDirectory() + "imdf-journal-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createSymbolicLink(atPath: folder + "/v.journal", withDestinationPath: "/etc/passwd")
        #expect(throws: JournalError.self) { _ = try JournalReader.read(folder + "/v.journal") }
    }

    @Test func aFreshJournalIsNeverWrittenThroughAPlantedLink() throws {
        let folder = NSTemporaryDirectory() + "imdf-journal-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data("precious".utf8).write(to: URL(fileURLWithPath: folder + "/victim"))
        try FileManager.default.createSymbolicLink(atPath: folder + "/v.journal", withDestinationPath: folder + "/victim")
        #expect(throws: JournalError.self) {
            _ = try JournalWriter(path: folder + "/v.journal", archive: "v", baseHash: "abc", fresh: true)
        }
        #expect(try String(contentsOfFile: folder + "/victim", encoding: .utf8) == "precious")
        // A journal imdf writes is the user's alone.
        _ = try JournalWriter(path: folder + "/w.journal", archive: "w", baseHash: "abc", fresh: true)
        let mode = try #require(FileManager.default.attributesOfItem(atPath: folder + "/w.journal")[.posixPermissions] as? Int)
        #expect(mode == 0o600)
    }

    @Test func aSecondWriterIsRefusedWhileTheFirstHoldsTheLock() throws {
        let path = NSTemporaryDirectory() + "imdf-journal-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: path) }
        defer { try? FileManager.default.removeItem(atPath: path + ".lock") }
        let held = try JournalWriter.lock(path)
        #expect(throws: JournalError.self) { _ = try JournalWriter.lock(path) }
        close(held)
        close(try JournalWriter.lock(path))
    }

    /// A journal saved by an editor on another system: CRLF or CR line ends, a byte-order mark.
    @Test(arguments: ["CRLF", "CR", "BOM", "BOM and CRLF"])
    func aJournalWithAnotherSystemsLineEndsRecoversEveryRecord(form: String) throws {
        let path = try journal([("rename 310 Lab", []), ("split unit 312 along 1,0 1,8", ["bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb"])])
        defer { try? FileManager.default.removeItem(atPath: path) }
        var text = try String(contentsOfFile: path, encoding: .utf8)
        if form.contains("CRLF") { text = text.replacingOccurrences(of: "\n", with: "\r\n") }
        if form == "CR" { text = text.replacingOccurrences(of: "\n", with: "\r") }
        if form.contains("BOM") { text = "\u{FEFF}" + text }
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let contents = try JournalReader.read(path)
        #expect(contents.damage == nil, "\(form): \(String(describing: contents.damage))")
        #expect(contents.records.map(\.command) == ["rename 310 Lab", "split unit 312 along 1,0 1,8"], "\(form)")
        #expect(contents.records[1].ids == ["bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb"])
    }

    /// A folder archive's hash covers each regular file's name, a NUL byte and its bytes, in name
    /// order; a zip's is its file's, as `sha256sum` prints it. Journals already written hold these.
    @Test func anArchiveHashIsTheSHA256OfItsFilesNamesAndBytes() throws {
        let folder = NSTemporaryDirectory() + "imdf-archive-hash-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/sub", withIntermediateDirectories: true)
        try Data("second".utf8).write(to: URL(fileURLWithPath: folder + "/b.geojson"))
        try Data("first".utf8).write(to: URL(fileURLWithPath: folder + "/a.geojson"))
        #expect(JournalFormat.archiveHash(folder) == "09ce6b0648b8349f8e59d6c8130ab172a0b3b14ef515eff7ff3ce81554b539ae")
        let zip = folder + "/venue.zip"
        try Data("abc".utf8).write(to: URL(fileURLWithPath: zip))
        #expect(JournalFormat.archiveHash(zip) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(JournalFormat.archiveHash(folder + "/missing.zip") == nil)
    }

    /// Opening an archive that has no journal takes the lock and writes nothing more: the journal
    /// file, with the hash of the archive as it was opened, comes with the first record.
    @Test func aJournalIsWrittenWithItsFirstRecordWithTheHashOfTheArchiveOpened() throws {
        let folder = NSTemporaryDirectory() + "imdf-lazy-journal-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try ArchiveWriter.write(VenueGenerator.generate(VenueSpec(buildings: 1, levels: 1, rooms: 2, seed: 3)), to: folder + "/venue")
        let archive = folder + "/venue"
        let expected = try #require(JournalFormat.archiveHash(archive))
        var session = try EditingSession.open(archive) { _ in }
        let journal = try Journal(archive: archive, session: &session, start: .ask, ask: { _ in nil }, report: { _ in })
        #expect(FileManager.default.fileExists(atPath: archive + ".journal.lock"))
        #expect(!FileManager.default.fileExists(atPath: archive + ".journal"))
        try journal.accepted("use level 1", ids: [], session: session, context: true)
        #expect(!FileManager.default.fileExists(atPath: archive + ".journal"), "a context command alone writes no record")
        try journal.accepted("rename 101 Lab", ids: [], session: session)
        let contents = try JournalReader.read(archive + ".journal")
        #expect(contents.baseHash == expected)
        #expect(contents.records.map(\.command) == ["use level 1", "rename 101 Lab"])
        journal.finish()
        #expect(!FileManager.default.fileExists(atPath: archive + ".journal"))
    }

    /// A #check hash is the first 16 bytes, in hex, of the SHA-256 of each feature file's name and
    /// canonical GeoJSON, in the archive's order.
    @Test func aDocumentHashIsTheFirstHalfOfTheSHA256OfItsFeatureFiles() throws {
        let archive = VenueGenerator.generate(VenueSpec(buildings: 1, levels: 2, rooms: 3, seed: 7))
        var bytes: [UInt8] = []
        for collection in archive.allCollections { bytes += Array(collection.fileName.utf8) + GeoJSONWriter.write(collection) }
        let path = NSTemporaryDirectory() + "imdf-document-hash-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let expected = String(try ChildProcess.run("/usr/bin/sha256sum", [path]).output.prefix(32))
        #expect(expected.count == 32)
        #expect(JournalFormat.documentHash(archive) == expected)
    }
}
