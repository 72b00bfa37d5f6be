import Foundation
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
        let path = try journal([("rename 310 Lab", []), ("rename 311 Office", []), ("split unit 312 along 1,0 1,8", ["bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb"])])
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
            #expect(contents.records.map(\.command) == ["rename 310 Lab", "rename 311 Office"], "cut at \(cut)")
            if cut > lastStart { #expect(!contents.warnings.isEmpty, "cut at \(cut)") }
        }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        #expect(try JournalReader.read(path).records.count == 3)
    }

    @Test func aByteFlippedInTheMiddleStopsRecoveryWithAnExplanation() throws {
        let path = try journal([("rename 310 Lab", []), ("rename 311 Office", []), ("rename 312 Store", [])])
        defer { try? FileManager.default.removeItem(atPath: path) }
        var text = try String(contentsOfFile: path, encoding: .utf8)
        text = text.replacingOccurrences(of: "rename 311 Office", with: "rename 311 Officf")
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        do {
            _ = try JournalReader.read(path)
            Issue.record("a damaged record was accepted")
        } catch {
            #expect(error.message.contains("record 2 is damaged"))
            #expect(error.line == 7)
        }
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
}
