import Foundation
import IMDF
import Testing
import Workbench

@testable import Shell

/// How `graph build` takes people between levels: the flights walked in plan on every level
/// passed, a stairwell drawn as two legs climbed from leg to leg, the elevator's wait.
@Suite("Stairs and elevators in the generated graph")
struct GraphBuildStairsTests {
    static let floors = [("\"Ground Floor\"", "A", "Alpha"), ("First", "B", "Beta"), ("Second", "C", "Gamma"), ("Third", "D", "Delta")]

    /// `count` floors stacked (ordinals 0 up), each with a corridor (y 8 to 11), a room at its
    /// east end, and what `stairs` draws at its west end for the floor's letter.
    static func stacked(_ count: Int, stairs: (String) -> [String], elevator: Bool = false) throws -> EditingSession {
        var lines = ["new --template blank", "use level \"Ground Floor\""]
        for (ordinal, floor) in floors.prefix(count).enumerated().dropFirst() {
            lines.append("add level \(floor.0) ordinal=\(ordinal) rect 0,0 30x20")
        }
        for (level, letter, room) in floors.prefix(count) {
            lines += [
                "use level \(level)",
                "add unit Corridor\(letter) category=walkway rect 0,8 30x3",
                "add unit \(room) category=office rect 24,11 6x9",
                "add opening between \(room) Corridor\(letter) at 27,11",
            ]
            lines += stairs(letter)
            if elevator {
                lines += [
                    "add unit Lift\(letter) category=elevator rect 0,4 3x4", "add opening between Lift\(letter) Corridor\(letter) at 1.5,8",
                ]
            }
        }
        var session = try Fixtures.typed(lines)
        _ = try Fixtures.run("graph build", &session)
        return session
    }

    /// One stairs unit a floor, 4 x 8 m, its door onto the corridor at (6, 8); with `marked`,
    /// stairs drawn as an amenity in it too, one above the other on every floor.
    static func oneFlight(marked: Bool) -> (String) -> [String] {
        { letter in
            ["add unit Stairs\(letter) category=stairs rect 4,0 4x8", "add opening between Stairs\(letter) Corridor\(letter) at 6,8"]
                + (marked ? ["add amenity stairs at 6,3"] : [])
        }
    }

    /// The lines of a route's text under one level's heading (the heading of the level it starts
    /// on, or of the change of level that arrives there), up to the next heading.
    static func passed(onLevel level: String, _ text: String) -> [String] {
        var inside = false
        var lines: [String] = []
        for line in text.split(separator: "\n").dropFirst() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if !line.hasPrefix("    ") {
                inside = trimmed.hasSuffix("level \(level)")
                continue
            }
            if inside { lines.append(trimmed) }
        }
        return lines
    }

    @Test(arguments: [false, true])
    func aRouteThatPassesAFloorOnTheStairsWalksTheFlightToItsDoorAndBack(marked: Bool) throws {
        var session = try Self.stacked(3, stairs: Self.oneFlight(marked: marked))
        let oneStorey = try Fixtures.route("Alpha Beta", &session)
        let twoStoreys = try Fixtures.route("Alpha Gamma", &session)
        // On First the route comes up the flight to its landing, walks back to the door (where
        // the flight from the floor starts) and up the flight again: from the door at (6, 8) to
        // the landing 0.75 m in from the far corner, about 7.5 m each way, and a storey's 8 m.
        let middle = Self.passed(onLevel: "\"First\"", twoStoreys.text)
        #expect(middle.contains { $0.hasPrefix("opening") }, "\(twoStoreys.text)")
        #expect(middle.allSatisfy { $0.contains("StairsB") || $0.hasPrefix("opening") }, "\(twoStoreys.text)")
        let perStorey = twoStoreys.length - oneStorey.length
        #expect(perStorey > 8 + 2 * 7 && perStorey < 8 + 2 * 8, "\(oneStorey.text)\n\(twoStoreys.text)")
    }

    /// Each floor's stairwell drawn as its two legs side by side, each with its door onto the
    /// corridor: the wider leg (x 4 to 9, with the half-landing) and the narrower (x 9 to 12).
    @Test func aStairwellDrawnAsTwoLegsIsClimbedFromLegToLegAcrossEachFloorPassed() throws {
        var session = try Self.stacked(3) { letter in
            [
                "add unit Wide\(letter) category=stairs rect 4,0 5x8", "add opening between Wide\(letter) Corridor\(letter) at 6,8",
                "add unit Narrow\(letter) category=stairs rect 9,0 3x8", "add opening between Narrow\(letter) Corridor\(letter) at 10.5,8",
            ]
        }
        // Every link between levels joins the wide leg above to the narrow leg below it.
        let document = session.document
        var vertical: [String] = []
        for node in document.features(ofType: RoutingExtension.nodeType) {
            for other in (node.strings(RoutingExtension.neighbours) ?? []).compactMap(document.feature)
            where other.id > node.id && other.string(.levelID) != node.string(.levelID) {
                let names = [node, other].map { end in
                    document.features(ofType: RoutingExtension.associationType).first { $0.string("pathNode_id") == end.id }
                        .flatMap { $0.string("associeted_id") }.flatMap(document.feature)?.labels(.name)?.labels.first?.text ?? "?"
                }
                vertical.append(names.sorted().joined(separator: "-"))
            }
        }
        #expect(vertical.sorted() == ["NarrowA-WideB", "NarrowB-WideC"], "\(vertical)")
        // Up two storeys: on First, off the narrow leg, along the corridor and up the wide one.
        let twoStoreys = try Fixtures.route("Alpha Gamma", &session)
        let middle = Self.passed(onLevel: "\"First\"", twoStoreys.text)
        #expect(middle.contains { $0.contains("NarrowB") } && middle.contains { $0.contains("CorridorB") }, "\(twoStoreys.text)")
        #expect(middle.contains { $0.contains("WideB") }, "\(twoStoreys.text)")
    }

    @Test func oneStoreyIsTakenByTheStairsAndSeveralByTheElevator() throws {
        var session = try Self.stacked(4, stairs: Self.oneFlight(marked: false), elevator: true)
        let up = try Fixtures.route("Alpha Beta", &session)
        #expect(up.text.contains("by stairs up to level \"First\"") && !up.text.contains("Lift"), "\(up.text)")
        // By the stairs each storey costs about 23 m (8 m and the flight walked both ways); the
        // elevator's car is waited for once (40 m), then 5 m a storey.
        let far = try Fixtures.route("Alpha Delta", &session)
        #expect(far.text.contains("by elevator up to level \"First\"") && !far.text.contains("Stairs"), "\(far.text)")
        #expect(far.text.contains("by elevator up to level \"Third\""), "\(far.text)")
    }

    /// The flight on the ground floor, and above it the landing drawn beside it, touching it
    /// along x = 8, overlapping it nowhere.
    @Test func aFlightDrawnBesideTheOneBelowIsJoinedToIt() throws {
        var session = try Self.stacked(2) { letter in
            let x = letter == "A" ? 4 : 8
            return [
                "add unit Stairs\(letter) category=stairs rect \(x),0 4x8",
                "add opening between Stairs\(letter) Corridor\(letter) at \(x + 2),8",
            ]
        }
        let up = try Fixtures.route("Alpha Beta", &session)
        #expect(up.text.contains("by stairs up to level \"First\""), "\(up.text)")
    }
}
