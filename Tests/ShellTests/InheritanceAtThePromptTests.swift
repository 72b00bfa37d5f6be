import Foundation
import IMDF
import TestSupport
import Testing
import Workbench

@testable import Shell

/// Inheritance as a person at the prompt meets it, on the real spbstu-polymap archive.
@Suite("Inheritance at the prompt")
struct InheritanceAtThePromptTests {
    @Test func renamingARoomOfSpbstuUpdatesItsDerivedAddressAndNothingElse() throws {
        let folder = NSTemporaryDirectory() + "imdf-inherit-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var session = EditingSession(document: Document(try ArchiveReader.read(Samples.spbstu).archive))
        // Saved with no edit: no inheritance step, nothing to change.
        _ = try Interpreter.execute("save \(folder)/unchanged", in: &session)
        #expect(session.history.undoStack.isEmpty)
        // "Classroom 104" (Кабинет 104): its anchor's address carries the Russian name.
        let unit = try session.resolve("053908bd", argument: "REF")
        let anchor = try #require(
            session.document.features(of: .anchor).first { $0.string("unit_id") == unit && $0.editorNotes["address"] == "inherit" })
        let addressID = try #require(anchor.string("address_id"))
        #expect(session.document.feature(addressID)?.string("unit") == "Кабинет 104")
        #expect(try Interpreter.execute("show \(addressID.prefix(8))", in: &session).contains("(inherited: the name (ru) of unit"))
        // An address the constructor wrote with an occupant's name is explicit.
        let other = try #require(session.document.features(of: .anchor).first { $0.editorNotes["address"] == nil }?.string("address_id"))
        let shown = try Interpreter.execute("show \(other.prefix(8))", in: &session)
        #expect(shown.contains("(explicit)") && !shown.contains("(inherited"))
        _ = try Interpreter.execute("rename 053908bd \"Лаборатория 104\" language=ru", in: &session)
        _ = try Interpreter.execute("save \(folder)/renamed", in: &session)
        let step = try #require(session.history.undoStack.last)
        #expect(step.patch.label == "inherit on save")
        #expect(step.patch.changes.map(\.featureID) == [addressID])
        #expect(session.document.feature(addressID)?.string("unit") == "Лаборатория 104")
        // The two saves differ in the unit's name and the address's unit only.
        for file in ["unit.geojson", "address.geojson"] {
            let before = try String(contentsOfFile: "\(folder)/unchanged/\(file)", encoding: .utf8).split(separator: "\n")
            let after = try String(contentsOfFile: "\(folder)/renamed/\(file)", encoding: .utf8).split(separator: "\n")
            #expect(before.count == after.count)
            #expect(zip(before, after).filter { $0 != $1 }.count == 1, "\(file)")
        }
        for file in ["anchor.geojson", "level.geojson", "navPath.geojson", "building.geojson"] {
            #expect(
                try Data(contentsOf: URL(fileURLWithPath: "\(folder)/unchanged/\(file)"))
                    == Data(contentsOf: URL(fileURLWithPath: "\(folder)/renamed/\(file)")))
        }
    }

    @Test func newAtThePromptStartsFromATemplateAndReplaysTheSame() throws {
        var session = EditingSession(document: Document(IMDFArchive(manifest: Manifest(language: "en"))))
        #expect(
            try Interpreter.execute("new --template office-floor", in: &session).hasPrefix(
                "new document from the office-floor template: 106 features"))
        #expect(session.document.features(of: .unit).count == 13 && session.archivePath == nil && session.isDirty)
        do {
            _ = try Interpreter.execute("new --template campus", in: &session)
            Issue.record("new replaced a document with unsaved changes")
        } catch {
            #expect(error.message.contains("unsaved changes"))
        }
        // A journal replays `new` onto an empty document: the same document comes out.
        var replay = EditingSession(document: Document(IMDFArchive(manifest: Manifest(language: "en"))))
        _ = try Interpreter.execute("new --template office-floor", in: &replay)
        #expect(replay.document.archive.allCollections.map(\.features) == session.document.archive.allCollections.map(\.features))
        var fresh = EditingSession(document: Document(IMDFArchive(manifest: Manifest(language: "en"))))
        #expect(throws: EditError.self) { try Interpreter.execute("new --template nothing", in: &fresh) }
        #expect(try Interpreter.execute("new", in: &fresh).contains("blank template"))
    }
}
