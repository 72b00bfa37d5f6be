import FindingReports
import IMDF
import Testing
import Validation

/// Each repair as the command line that makes it, written whole or in pieces into a report's line.
@Suite("Repair command lines")
struct RepairLineTests {
    static let unit = "0c1e5b3a-1111-4222-8333-944445555666"
    static let other = "7d2f0e9b-aaaa-4bbb-8ccc-dddddddddddd"
    static let place = Coordinate(longitude: 8.5, latitude: -47.25)

    static let lines: [(Repair, String)] = [
        (.save, "save"),
        (.choose(feature: unit, key: "level_id", .reference(.level)), "set 0c1e5b3a level_id=REF"),
        (.choose(feature: unit, key: "category", .example("room")), "set 0c1e5b3a category=room"),
        (.choose(feature: unit, key: "hours", .value), "set 0c1e5b3a hours=..."),
        (.set(feature: unit, key: "name", .text("Room 1")), "set 0c1e5b3a name=\"Room 1\""),
        (.set(feature: unit, key: "alt_name", .null), "set 0c1e5b3a alt_name=null"),
        (.set(feature: unit, key: "display_point", .point(place)), "set 0c1e5b3a display_point=@8.5,-47.25"),
        (.unset(feature: unit, key: "phone"), "unset 0c1e5b3a phone"),
        (.removeGeometry(feature: unit), "set 0c1e5b3a geometry=null"),
        (.flatten(feature: unit), "flatten 0c1e5b3a"),
        (.delete(feature: "unit 12"), "delete \"unit 12\""),
        (.link(unit, other), "link 0c1e5b3a 7d2f0e9b"),
        (.unlink(unit, other), "unlink 0c1e5b3a 7d2f0e9b"),
        (.moveOpening(unit, to: place), "move opening 0c1e5b3a to @8.5,-47.25"),
        (.move(unit, to: place), "move 0c1e5b3a to @8.5,-47.25 --outside"),
    ]

    @Test(arguments: lines.indices) func eachRepairIsTheLineThatMakesIt(index: Int) {
        let (repair, line) = Self.lines[index]
        let short = ShortIDs([Self.unit, Self.other, "unit 12"])
        #expect(repair.commandLine(short) == line)
        var pieces: [String] = []
        repair.writeCommandLine(short) { pieces.append($0) }
        #expect(pieces.joined() == line)
        #expect(Fix("a description", repair: repair).shown(short) == line)
    }

    @Test func aFixWithoutARepairIsShownByItsDescription() {
        var pieces: [String] = []
        Fix("move it inside its level").writeShown(ShortIDs()) { pieces.append($0) }
        #expect(pieces == ["move it inside its level"])
    }
}
