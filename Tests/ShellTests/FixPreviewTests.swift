import IMDF
import TestSupport
import Testing
import Validation
import Workbench

@testable import Shell

/// `fix CODE|all --dry-run` lists what a fix would do and changes nothing; `fix` holds back the
/// repairs that remove data unless `--destructive` is given, and says per code what it changed.
@Suite("Fix previews and data kept")
struct FixPreviewTests {
    func spbstu() throws -> EditingSession {
        EditingSession(document: Document(try ArchiveReader.read(Samples.spbstu).archive), archivePath: Samples.spbstu)
    }

    func locatedBuildings(_ session: EditingSession) -> Int { session.document.features(of: .building).count { $0.geometry != nil } }

    @Test func aDryRunListsTheRepairsByCodeAndChangesNothing() throws {
        var session = try spbstu()
        let before = session.document
        let transcript = session.transcript
        let output = try Interpreter.execute("fix all --dry-run", in: &session)
        #expect(output.hasPrefix("fix all --dry-run: "), "\(output)")
        #expect(output.contains("nothing was changed"))
        let lines = output.split(separator: "\n").map(String.init)
        // A line per code with its count and title, then the first command lines.
        let anchors = try #require(lines.firstIndex { $0.hasPrefix("  G2 ") })
        #expect(lines[anchors].contains(" 17  anchor outside its unit"), "\(lines[anchors])")
        #expect(lines[anchors + 1].hasPrefix("        move ") && lines[anchors + 1].hasSuffix("--outside"))
        #expect(lines[anchors + 4] == "        and 14 more")
        #expect(lines.contains { $0.hasPrefix("  N2 ") && $0.contains(" 9  ") })
        // The 80 buildings' shapes are held back, and listed with their lines.
        #expect(lines.contains("held back: 80 repairs that remove data (`fix all --destructive` runs them)"), "\(output)")
        #expect(lines.contains { $0.hasPrefix("  T1 ") && $0.contains("removes the building's geometry (80)") })
        #expect(lines.contains { $0.hasSuffix(" geometry=null") })
        #expect(session.document == before)
        #expect(session.history.undoStack.isEmpty && session.history.redoStack.isEmpty && !session.history.isGrouping)
        #expect(session.transcript == transcript && !session.isDirty)
    }

    @Test func fixAllKeepsEveryBuildingsGeometryUnlessDestructive() throws {
        var session = try spbstu()
        #expect(locatedBuildings(session) == 80)
        let output = try Interpreter.execute("fix all", in: &session)
        #expect(locatedBuildings(session) == 80, "\(output)")
        #expect(output.contains("held back: 80 repairs that remove data (`fix all --destructive` runs them)"), "\(output)")
        #expect(session.history.undoStack.count == 1)
        _ = try Interpreter.execute("undo", in: &session)
        _ = try Interpreter.execute("fix all --destructive", in: &session)
        #expect(locatedBuildings(session) == 0)
    }

    @Test func afterAFixOneLinePerCodeSaysWhatChanged() throws {
        var session = try spbstu()
        let output = try Interpreter.execute("fix all", in: &session)
        let lines = output.split(separator: "\n").map(String.init)
        #expect(lines[0].hasPrefix("fix all (") && lines[0].contains("features changed (undo reverts them all)"), "\(output)")
        #expect(lines.contains("  G2      17 repairs: geometry of 17 anchors"), "\(output)")
        #expect(lines.contains { $0.hasPrefix("  N2       9 repairs: neighbours of ") }, "\(output)")
        #expect(lines.contains { $0.hasPrefix("  G1 ") && $0.contains("display_point of ") }, "\(output)")
    }

    @Test func aFixWhoseRepairsAllRemoveDataChangesNothingAndSaysHowToRunThem() throws {
        var session = try spbstu()
        let before = session.document
        do {
            _ = try Interpreter.execute("fix T1", in: &session)
            Issue.record("fix T1 removed the buildings' shapes without --destructive")
        } catch {
            #expect(error.message.contains("removes the building's geometry (80)"), "\(error.message)")
            #expect(error.message.contains("`fix T1 --destructive` runs them") && error.message.hasSuffix("nothing was changed"))
        }
        #expect(session.document == before && session.history.undoStack.isEmpty)
        #expect(try Interpreter.execute("fix T1 --dry-run", in: &session).contains("held back: 80 repairs"))
        #expect(session.document == before)
    }
}
