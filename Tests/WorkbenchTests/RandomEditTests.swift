import Geometry
import IMDF
import Testing

@testable import Workbench

/// Random command sequences on a generated venue: undoing everything gives back the original
/// document feature for feature, redoing everything gives the final one, and applying the recorded
/// patches to a fresh copy gives the same document.
@Suite("Random edit sequences")
struct RandomEditTests {
    struct Dice {
        var state: UInt64
        mutating func roll(_ sides: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(sides))
        }
        mutating func pick<T>(_ items: [T]) -> T? { items.isEmpty ? nil : items[roll(items.count)] }
    }

    static func randomCommand(_ document: Document, _ dice: inout Dice) -> (any EditCommand)? {
        let level = document.firstLevel
        switch dice.roll(10) {
        case 0:
            guard let room = dice.pick(document.rooms) else { return nil }
            return Rename(room.id, to: "Room \(dice.roll(1000))")
        case 1:
            guard let room = dice.pick(document.rooms) else { return nil }
            return MoveFeature(room.id, byEast: Double(dice.roll(5)) - 2, north: 0.5)
        case 2:
            let x = Double(dice.roll(40)) - 60
            return AddUnit(name: "New \(dice.roll(100))", category: "storage", outline: document.rectangle(x, -30, 3, 3), levelID: level.id)
        case 3:
            guard let room = dice.pick(document.rooms) else { return nil }
            let box = document.box(room)
            let x = box.x + box.width * (0.3 + Double(dice.roll(4)) / 10)
            return SplitUnit(room.id, along: [document.position(x, box.y - 1), document.position(x, box.y + box.height + 1)])
        case 4:
            guard let door = dice.pick(document.features(of: .opening)) else { return nil }
            return MoveOpening(door.id, .along(Double(dice.roll(5)) / 4 - 0.5))
        case 5:
            let corridor = document.box(document.corridors[0])
            let link: AddNode.LinkTarget = document.features(ofType: "navPath").isEmpty ? .none : .nearest
            // Along the corridor: a node more than a metre off the level is refused as a slip.
            return AddNode(
                at: document.position(corridor.x + Double(dice.roll(max(Int(corridor.width), 1))), corridor.y + 1), levelID: level.id,
                link: link)
        case 6:
            let nodes = document.features(ofType: "navPath")
            guard let a = dice.pick(nodes), let b = dice.pick(nodes) else { return nil }
            return dice.roll(2) == 0 ? Link([a.id, b.id]) : Unlink(a.id, b.id)
        case 7:
            guard let room = dice.pick(document.rooms) else { return nil }
            return AttachOccupant(name: "Tenant \(dice.roll(50))", category: "accounting", to: room.id)
        case 8:
            let candidates = document.features(of: .occupant) + document.features(ofType: "navPath")
            guard let victim = dice.pick(candidates) else { return nil }
            return Delete(victim.id, cascade: dice.roll(2) == 0)
        default:
            guard let room = dice.pick(document.rooms) else { return nil }
            return SetProperties(room.id, [.init(key: "restriction", value: dice.roll(2) == 0 ? "employeesonly" : nil)])
        }
    }

    @Test(arguments: 0..<200)
    func undoAllRedoAllAndReplayAgree(seed: Int) throws {
        let original = smallVenue(rooms: 4, levels: 1)
        var history = History(document: original)
        var dice = Dice(state: UInt64(seed) &* 7919 &+ 1)
        var ids = IDSource(seed: UInt64(seed))
        var patches: [Patch] = []
        var attempted = 0
        var applied = 0
        for _ in 0..<12 {
            if dice.roll(6) == 0, history.undoStack.count > 0 {
                let undone = try history.undo()
                #expect(undone != nil)
                patches.append(undone!.inverse)
                continue
            }
            guard let command = Self.randomCommand(history.document, &dice) else { continue }
            attempted += 1
            // A refusal is part of the test (it must leave everything as it was), but a sequence
            // where most commands are refused tests little: they are counted.
            let before = history.document
            do {
                patches.append(try history.perform(command, ids: &ids))
                applied += 1
            } catch {
                #expect(history.document == before, "a refused \(type(of: command)) changed the document: \(error)")
            }
        }
        #expect(attempted >= 6, "only \(attempted) commands were tried")
        #expect(applied * 2 > attempted, "only \(applied) of \(attempted) commands were applied")
        let final = history.document
        let steps = history.undoStack.count
        // Undo all: back to the original, feature for feature.
        while try history.undo() != nil {}
        #expect(history.document == original)
        #expect(history.document.archive == original.archive)
        // Redo all the steps that made the final document: exactly the final document.
        for _ in 0..<steps { try history.redo() }
        #expect(history.document == final)
        // The recorded patches (commands, and the inverses of undos), applied to a fresh copy.
        var replay = History(document: original)
        for patch in patches { try replay.apply(patch) }
        #expect(replay.document == final)
        #expect(replay.document.archive == final.archive)
    }
}
