import Foundation
import IMDF
import SyntheticVenue
import TestSupport
import Testing
import Validation
import Workbench

@testable import FindingReports
@testable import Shell

/// After each edit at the prompt, one line of the findings the edit introduced or resolved,
/// worked out from its patch.
@Suite("Findings of each edit")
struct EditFindingsTests {
    /// A generated floor: rooms 4 m wide and 6 m deep south of a corridor (y 6 to 8.5 m) and north
    /// of it, Room 1.001 in the south-west corner.
    func venue() throws -> EditingSession {
        var session = EditingSession(document: Document(VenueGenerator.generate(VenueSpec(buildings: 1, levels: 2, rooms: 6, seed: 3))))
        _ = try Interpreter.execute("use level \"Floor 1\"", in: &session)
        return session
    }

    func spbstu() throws -> EditingSession {
        EditingSession(document: Document(try ArchiveReader.read(Samples.spbstu).archive), archivePath: Samples.spbstu)
    }

    /// Runs `lines` as the prompt does and returns what it printed after each: its result, then
    /// the findings line if there is one.
    func printed(_ lines: [String], in session: inout EditingSession, reportFindings: Bool = true) -> [[String]] {
        lines.map { line in
            var output: [String] = []
            let outcome = ScriptRunner.run(
                [ScriptLine(file: "<prompt>", number: 1, text: line)], in: &session, echo: false, keepGoing: false,
                reportFindings: reportFindings
            ) { output.append($0) }
            #expect(outcome.failures.isEmpty, "\(line): \(outcome.failures)")
            return output
        }
    }

    /// The findings line printed after the result, if any.
    func findingsLine(_ output: [String]) -> String? { output.count > 1 ? output.last : nil }

    @Test func anEditThatMakesTwoUnitsOverlapReportsOneNewWarningNamingBothAndUndoingItReportsItResolved() throws {
        var session = try venue()
        let output = printed(["add unit Annex category=office rect 1,1 2x2", "undo"], in: &session)
        #expect(findingsLine(output[0]) == "1 new warning: G8 unit \"Room 1.001\" and unit \"Annex\" overlap by 4.0 m²")
        #expect(findingsLine(output[1]) == "1 resolved: G8 unit \"Room 1.001\" and unit \"Annex\" overlap by 4.0 m²")
        // Redoing it brings the overlap back.
        #expect(findingsLine(printed(["redo"], in: &session)[0])?.hasPrefix("1 new warning: G8") == true)
    }

    @Test func anEditThatChangesNothingReportablePrintsOnlyItsResult() throws {
        var session = try venue()
        let output = printed(["rename 1.002 Kitchen", "set 1.003 restriction=employeesonly", "attach anchor to 1.004", "ls"], in: &session)
        #expect(output.allSatisfy { $0.count == 1 }, "\(output)")
    }

    @Test func aFindingThatExistedBeforeTheEditAndStillExistsIsNotReported() throws {
        var session = try venue()
        _ = printed(["add unit Annex category=office rect 1,1 2x2"], in: &session)
        // Moved (the overlap grows), renamed, its neighbour renamed: still the same overlap.
        let output = printed(["move Annex by 0.5,0", "rename Annex Store", "rename 1.001 Atrium"], in: &session)
        #expect(output.allSatisfy { $0.count == 1 }, "\(output)")
        // Moved clear of Room 1.001 and onto Room 1.002: one overlap resolved, another introduced.
        let moved = try #require(findingsLine(printed(["move Store by 3,0"], in: &session)[0]))
        #expect(moved.hasPrefix("1 new warning: G8 unit \"Room 1.002\" and unit \"Store\" overlap"), "\(moved)")
        #expect(moved.hasSuffix(" · 1 resolved: G8") && moved.count <= 80, "\(moved)")
    }

    @Test func theSwitchTurnsTheLineOffAndOnAndIsNeitherAnEditNorJournaled() throws {
        var session = try venue()
        let outcome = try #require(try Interpreter.run("findings off", in: &session))
        guard case .view = outcome.effect else {
            Issue.record("findings off is \(outcome.effect)")
            return
        }
        #expect(!outcome.isJournaled && outcome.documentChange == nil && !session.isDirty)
        #expect(outcome.message == "findings of each edit: off")
        let off = printed(["add unit Annex category=office rect 1,1 2x2"], in: &session)
        #expect(off[0].count == 1, "\(off)")
        let on = printed(["findings on", "undo"], in: &session)
        #expect(on[0] == ["findings of each edit: on"])
        #expect(findingsLine(on[1])?.hasPrefix("1 resolved: G8") == true)
        #expect(try Interpreter.execute("findings", in: &session) == "findings of each edit: on")
        // The choice lasts the session, through a new document.
        _ = try Interpreter.execute("findings off", in: &session)
        _ = try Interpreter.execute("new --template blank", in: &session)
        #expect(try Interpreter.execute("findings", in: &session) == "findings of each edit: off")
    }

    @Test func aGroupReportsOnceAtItsCommit() throws {
        var session = try venue()
        let output = printed(
            ["begin", "add unit Annex category=office rect 1,1 2x2", "add unit Store category=storage rect 9,1 2x2", "commit"], in: &session
        )
        #expect(output[1].count == 1 && output[2].count == 1, "\(output)")
        #expect(findingsLine(output[3])?.hasPrefix("2 new warnings: G8 unit \"Room 1.001\" and unit \"Annex\" overlap by 4.0 m²") == true)
        // Rolled back, a group reports nothing: nothing was reported for it.
        let rolledBack = printed(["begin", "add unit Shed category=storage rect 5,1 2x2", "rollback"], in: &session)
        #expect(rolledBack.allSatisfy { $0.count == 1 }, "\(rolledBack)")
    }

    @Test func scriptsWithoutEchoPrintNoFindings() throws {
        var session = try venue()
        let output = printed(["add unit Annex category=office rect 1,1 2x2"], in: &session, reportFindings: false)
        #expect(output == [[output[0][0]]] && output[0][0].hasPrefix("add unit \"Annex\""))
    }

    /// On a real archive, whose findings before the edit (17 anchors outside their units, ...)
    /// are not the edit's.
    @Test func movingAnAnchorOutOfItsUnitOnARealArchiveReportsANewErrorAndMovingItBackResolvesIt() throws {
        var session = try spbstu()
        let inside = Set(session.document.features(of: .anchor).map(\.id)).subtracting(
            session.validation.findings.filter { $0.code == .G2 }.compactMap(\.featureID))
        let anchor = try #require(inside.sorted().first)
        let output = printed(["move \(anchor) by 200,0 --outside", "move \(anchor) by -200,0"], in: &session)
        let introduced = try #require(findingsLine(output[0]))
        #expect(introduced.hasPrefix("1 new error: G2 anchor \(anchor.prefix(8)) is "), "\(introduced)")
        #expect(introduced.count <= 80)
        #expect(findingsLine(output[1])?.hasPrefix("1 resolved: G2 anchor \(anchor.prefix(8)) is ") == true)
    }

    @Test func fixOnARealArchiveReportsWhatItResolved() throws {
        var session = try spbstu()
        let output = printed(["fix G2"], in: &session)
        // The 17 anchors outside their rooms move in, which also parts 4 that stood on the place of another (G10).
        #expect(findingsLine(output[0])?.hasPrefix("21 resolved: G2 anchor ") == true, "\(String(describing: findingsLine(output[0])))")
    }

    /// The cut-out validated before and after an edit tells apart what validating the whole
    /// document before and after it does.
    @Test func theFindingsOfAnEditAreThoseValidatingTheWholeDocumentTellsApart() throws {
        let edits: [(session: () throws -> EditingSession, lines: (EditingSession) -> [String])] = [
            (
                venue,
                { _ in
                    [
                        "add unit Annex category=office rect 3,1 2x2", "move Annex by 0,10",
                        "split unit 1.003 along 10,-1 10,7 names=West,East",
                        "add opening on 1.001 at 2,6", "move opening $_ by 1", "move $_ by 0,3", "attach anchor to 1.002", "move $_ by 0,4",
                        "delete 1.005 --cascade", "add node at 2,7 as a", "add node at 6,7 link=prev", "unlink $a $_", "link $a $_ oneway",
                        "add node at 50,7 --outside", "add level Mezzanine ordinal=3 rect 0,0 12x14", "set $_ ordinal=1", "undo 2",
                        "use level \"Floor 1\"", "add amenity atm at 2,2", "move $_ by 0,5", "merge unit West East", "fix all",
                        "move unit 1.004 to level \"Ground Floor\"", "undo", "redo",
                    ]
                }
            ),
            (
                spbstu,
                { session in
                    // An anchor with an address of its own, which its deletion leaves unused.
                    let anchor = session.document.features(of: .anchor).map(\.id).sorted()[0]
                    return ["fix G2", "undo", "fix N2", "fix G1", "delete \(anchor) --cascade", "undo"]
                }
            ),
        ]
        func located(_ document: Document) -> [Finding] { EditingSession.validation(of: document).findings.filter { $0.featureID != nil } }
        func summary(_ findings: [Finding]) -> [String] {
            findings.map { "\($0.code.rawValue) \($0.featureID ?? "") \(EditFindings.shape(of: $0.message))" }.sorted()
        }
        for (make, lines) in edits {
            var session = try make()
            _ = try? Interpreter.execute("use level \"Floor 1\"", in: &session)
            var before = located(session.document)
            for line in lines(session) {
                let outcome = try #require(try Interpreter.run(line, in: &session), "\(line)")
                session.record(outcome, line: line)
                guard let change = outcome.documentChange else { continue }
                let cutOut = EditFindings(of: change, in: session.document)
                let after = located(session.document)
                let whole = EditFindings.compare(before: before, after: after)
                #expect(summary(cutOut.introduced) == summary(whole.introduced), "\(line)")
                #expect(summary(cutOut.resolved) == summary(whole.resolved), "\(line)")
                before = after
            }
        }
    }

    @Test func theLineCountsNewFindingsBySeverityAndFitsEightyColumns() throws {
        func finding(_ code: FindingCode, _ message: String) -> Finding { Finding(code, message) }
        let long =
            "unit \"A room with a name far too long to be shown whole\" (1a2b3c4d) and unit \"Another long one\" (5e6f7a8b) overlap by 12 m²"
        let anchor = finding(.G2, "anchor 1a2b3c4d is 3.2 m outside its unit \"104\" (99aa88bb)")
        let displayPoint = finding(.G1, "display_point of unit \"104\" (99aa88bb) is 1.5 m outside its geometry")
        // The resolved one by its code where the new one needs the room.
        #expect(
            ValidationOutput.line(EditFindings(introduced: [anchor], resolved: [displayPoint]))
                == "1 new error: G2 anchor 1a2b3c4d is 3.2 m outside its unit \"104\" · 1 resolved: G1")
        let mixed = try #require(
            ValidationOutput.line(EditFindings(introduced: [anchor, finding(.G8, long), finding(.G8, long)], resolved: [displayPoint])))
        #expect(
            mixed.count == 80 && mixed.hasPrefix("3 new (1 error, 2 warnings): G2 anchor 1a2b3c4d is 3.2 m")
                && mixed.hasSuffix("... · 1 resolved: G1"), "\(mixed)")
        let cut = ValidationOutput.line(EditFindings(introduced: [finding(.G8, long)]))
        #expect(
            cut?.count == 80 && cut?.hasSuffix("...") == true && cut?.hasPrefix("1 new warning: G8 unit \"A room") == true, "\(cut ?? "")")
        #expect(ValidationOutput.line(EditFindings()) == nil)
        #expect(
            ValidationOutput.line(EditFindings(resolved: [finding(.R4, "level \"L\" (12345678) has no units")]))
                == "1 resolved: R4 level \"L\" has no units")
    }

    @Test func aMeasurementOrANameThatChangesLeavesTheFindingTheSame() {
        #expect(
            EditFindings.shape(of: "unit \"104B\" (1a2b3c4d) and unit \"105\" (5e6f7a8b) overlap by 2.3 m²")
                == EditFindings.shape(of: "unit \"Store\" (1a2b3c4d) and unit \"105\" (5e6f7a8b) overlap by 12 m²"))
        #expect(
            EditFindings.shape(of: "unit \"104B\" (1a2b3c4d) and unit \"105\" (5e6f7a8b) overlap by 2.3 m²")
                != EditFindings.shape(of: "unit \"104B\" (1a2b3c4d) and unit \"106\" (77777777) overlap by 2.3 m²"))
        #expect(
            EditFindings.shape(of: "opening 1a2b3c4d is 0.5 m from the nearest unit boundary")
                == "opening 1a2b3c4d is # m from the nearest unit boundary")
    }
}
