import Geometry
import Testing

@testable import Interchange

/// Where rooms' labels are, before rooms are grown round them: label lines near each other are
/// one label, looked up in the cells of a grid.
@Suite("Room labels gathered into seeds")
struct RoomSeedsTests {
    func text(_ x: Double, _ y: Double, _ kind: LabelKind, _ line: String) -> RoomNaming.PlacedText {
        RoomNaming.PlacedText(
            layer: "TEXT", at: Point(x: x, y: y), labels: [RoomNaming.Label(kind: kind, text: line, at: Point(x: x, y: y))])
    }

    @Test func linesWithinTheSpacingAreOneLabelAcrossTheGridsCells() {
        // 0.59 and 0.61 lie in two cells of a 0.6 m grid, 0.02 m apart.
        let seeds = RoomSeeds.seeds([text(0.59, 0, .name, "Office"), text(0.61, 0, .number, "101")])
        #expect(seeds.count == 1)
        #expect(seeds.first?.names == ["Office"] && seeds.first?.numbers == ["101"])
        #expect(abs((seeds.first?.at.x ?? 0) - 0.6) < 1e-9)
    }

    @Test func aChainOfNearLinesIsOneLabelAndFarLinesAreTwo() {
        let chained = RoomSeeds.seeds([text(0, 0, .name, "Meeting"), text(0, 0.5, .name, "Room"), text(0, 1.0, .number, "12")])
        #expect(chained.count == 1)
        #expect(chained.first?.names == ["Meeting", "Room"])
        let apart = RoomSeeds.seeds([text(0, 0, .name, "Store"), text(0, RoomSeeds.labelSpacing + 0.01, .name, "Kitchen")])
        #expect(apart.map(\.names) == [["Store"], ["Kitchen"]])
    }

    @Test func aLineNearTwoLabelsJoinsTheEarlierOne() {
        let seeds = RoomSeeds.seeds([
            text(0, 0, .name, "Lab"), text(1.0, 0, .name, "Office"), text(0.5, 0, .number, "7"),
        ])
        #expect(seeds.map(\.names) == [["Lab"], ["Office"]])
        #expect(seeds.map(\.numbers) == [["7"], []])
    }

    @Test func aNumberWrittenTwiceIsATagNotARoomsNumber() {
        let seeds = RoomSeeds.seeds([text(0, 0, .number, "D1"), text(5, 0, .number, "D1"), text(10, 0, .number, "204")])
        #expect(seeds.map(\.numbers) == [["204"]])
    }

    /// A plan of a thousand labelled rooms: every room's name and number form one label of its own.
    @Test func everyRoomOfALargePlanGetsOneLabel() {
        var texts: [RoomNaming.PlacedText] = []
        for row in 0..<40 {
            for column in 0..<25 {
                let (x, y) = (Double(column) * 4, Double(row) * 3)
                texts.append(text(x, y, .name, "Room"))
                texts.append(text(x + 0.1, y - 0.4, .number, "\(row)-\(column)"))
            }
        }
        let seeds = RoomSeeds.seeds(texts)
        #expect(seeds.count == 1_000)
        #expect(seeds.allSatisfy { $0.names == ["Room"] && $0.numbers.count == 1 })
    }
}

/// The walls closed at the other widths, worked out ahead on other threads while the plan's own
/// closing is: the same spaces as closing them when asked.
@Suite("Other closings worked out ahead")
struct OtherClosingsTests {
    /// A 10 x 5 m box parted at x = 5 by a wall with a 1 m gap: one space while the gap is left
    /// open, two once it is closed.
    static let lines: [[Point]] = [
        [Point(x: 0, y: 0), Point(x: 10, y: 0), Point(x: 10, y: 5), Point(x: 0, y: 5), Point(x: 0, y: 0)],
        [Point(x: 5, y: 0), Point(x: 5, y: 2)],
        [Point(x: 5, y: 3), Point(x: 5, y: 5)],
    ]

    @Test func everyOtherWidthsSpacesAreThoseOfClosingTheWallsThen() {
        let ahead = RoomSeeds.OtherClosings(lines: Self.lines, gap: 0.9)
        let spaces = ahead.spaces()
        #expect(Set(spaces.keys) == Set(RoomSeeds.closings.filter { $0 != RoomSeeds.Closing(0.9) }))
        for (closing, polygons) in spaces {
            #expect(polygons == RoomSeeds.enclosed(by: Self.lines, closing), "\(closing.name)")
        }
        // The gap stays open at 0.6 m and is closed at 1.8 m.
        #expect(spaces[RoomSeeds.Closing(0.6)]?.count == 1)
        #expect(spaces[RoomSeeds.Closing(1.8)]?.count == 2)
        // Asked again, the same answer.
        #expect(ahead.spaces() == spaces)
    }

    @Test func cancelledWidthsAreLeftOutAndTheRestAreWhole() {
        let ahead = RoomSeeds.OtherClosings(lines: Self.lines, gap: 1.3)
        ahead.cancel()
        for (closing, polygons) in ahead.spaces() {
            #expect(polygons == RoomSeeds.enclosed(by: Self.lines, closing), "\(closing.name)")
        }
    }
}
