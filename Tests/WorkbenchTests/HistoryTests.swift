import IMDF
import Testing

@testable import Workbench

@Suite("History")
struct HistoryTests {
    @Test func undoRestoresAndRedoReappliesExactly() throws {
        var history = History(document: smallVenue())
        let original = history.document
        var ids = IDSource(seed: 3)
        let room = history.document.rooms[0]
        try history.perform(Rename(room.id, to: "Lab 1"), ids: &ids)
        try history.perform(Delete(history.document.rooms[1].id, cascade: true), ids: &ids)
        let edited = history.document
        #expect(edited != original)
        try history.undo()
        try history.undo()
        #expect(history.document == original)
        #expect(history.document.archive == original.archive)
        try history.redo()
        try history.redo()
        #expect(history.document == edited)
        #expect(try history.undo() != nil)
        #expect(history.redoStack.count == 1)
    }

    @Test func aNewEditClearsTheRedoStack() throws {
        var history = History(document: smallVenue())
        var ids = IDSource(seed: 3)
        try history.perform(Rename(history.document.rooms[0].id, to: "A"), ids: &ids)
        try history.undo()
        try history.perform(Rename(history.document.rooms[0].id, to: "B"), ids: &ids)
        #expect(history.redoStack.isEmpty)
        #expect(try history.redo() == nil)
    }

    @Test func aFailingCommandChangesNothing() {
        var history = History(document: smallVenue())
        let error = refusal(SetProperties(history.document.rooms[0].id, [.init(key: "category", value: "shop")]), on: &history)
        #expect(error?.message.contains("\"shop\" is not in UNIT-CATEGORY") == true)
        #expect(error?.argument == "category")
    }

    @Test func aPatchThatNoLongerFitsIsRefusedWhole() throws {
        var history = History(document: smallVenue())
        let room = history.document.rooms[0]
        var renamed = room
        renamed.setLabels("name", Labels("X", language: "en"))
        let stale = Patch(label: "stale", changes: [.modify(before: renamed, after: room)])
        let before = history.document
        #expect(throws: EditError.self) { try history.apply(stale) }
        #expect(history.document == before)
        #expect(history.undoStack.isEmpty)
    }

    @Test func groupsCommitAsOneStepAndRollBackEntirely() throws {
        var history = History(document: smallVenue())
        let original = history.document
        var ids = IDSource(seed: 4)
        try history.begin("renovation")
        try history.perform(Rename(history.document.rooms[0].id, to: "A"), ids: &ids)
        try history.perform(Rename(history.document.rooms[1].id, to: "B"), ids: &ids)
        let patch = try history.commit()
        #expect(patch.changes.count == 2)
        #expect(history.undoStack.count == 1)
        try history.undo()
        #expect(history.document == original)
        try history.begin("abandoned")
        try history.perform(Rename(history.document.rooms[0].id, to: "C"), ids: &ids)
        try history.rollback()
        #expect(history.document == original)
        #expect(history.undoStack.isEmpty)
        #expect(throws: EditError.self) { try history.commit() }
    }

    @Test func theOldestStepsAreDroppedBeyondTheLimit() throws {
        var history = History(document: smallVenue(), limit: 3)
        var ids = IDSource(seed: 5)
        for number in 1...5 { try history.perform(Rename(history.document.rooms[0].id, to: "Room \(number)"), ids: &ids) }
        #expect(history.undoStack.count == 3)
        while try history.undo() != nil {}
        #expect(history.document.rooms[0].labels("name")?["en"] == "Room 2")
    }

    @Test func suppliedIdsAreUsedInOrderSoReplaysMintTheSameIds() throws {
        var history = History(document: smallVenue())
        var ids = IDSource(replaying: ["aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa"])
        let patch = try history.perform(AttachAnchor(to: history.document.rooms[0].id), ids: &ids)
        #expect(patch.mintedIDs == ["aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa"])
        #expect(history.document.feature("aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa") != nil)
    }

    @Test func undoneDeletesReturnToTheirPlaceInTheFile() throws {
        var history = History(document: smallVenue())
        let original = history.document.archive
        var ids = IDSource(seed: 6)
        try history.perform(Delete(history.document.rooms[2].id, cascade: true), ids: &ids)
        try history.undo()
        #expect(history.document.archive == original)
    }
}
