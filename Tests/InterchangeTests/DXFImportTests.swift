import Foundation
import Geometry
import HelperProtocol
import IMDF
import Interchange
import SyntheticVenue
import TestSupport
import Testing

@Suite("DXF import: each pattern of real drawings")
struct DXFImportTests {
    /// Where an unreferenced plan's south-west corner goes.
    static let corner = Point(x: 2.35, y: 48.85)
    static let frame = LocalFrame(originLongitude: corner.x, originLatitude: corner.y)

    static func run(_ fixture: DXFFixture, _ options: DXFImportOptions = DXFImportOptions()) throws -> DXFImportResult {
        try DXFImporter.run(try Drawing.read(try fixture.write()), options: options, corner: corner)
    }

    /// Square metres of a room, in the local frame.
    static func area(_ room: ImportedRoom) -> Double {
        GeometryEngine().area([Polygon(exterior: room.rings[0].map { frame.point(longitude: $0.x, latitude: $0.y) })])
    }

    /// Two offices side by side on an area layer, 5 x 4 m and 4 x 4 m, sharing the wall x = 5.
    static func twoOffices(scale: Double = 1, insertionUnits: Int? = 6, layer: String = "A-AREA") -> DXFFixture {
        var fixture = DXFFixture(insertionUnits: insertionUnits)
        fixture.add(DXFFixture.rectangle(layer, 0, 0, 5 * scale, 4 * scale))
        fixture.add(DXFFixture.rectangle(layer, 5 * scale, 0, 4 * scale, 4 * scale))
        return fixture
    }

    @Test func closedPolylineRoomsTakeTheirNamesAndNumbersFromTextAndMText() throws {
        var fixture = Self.twoOffices()
        fixture.add(DXFFixture.text("A-AREA-IDEN", 1, 2.5, "Kontor"))
        fixture.add(DXFFixture.text("A-AREA-IDEN", 1, 2, "101"))
        fixture.add(DXFFixture.text("A-AREA-IDEN", 1, 1, "20 m2"))
        fixture.add(DXFFixture.mtext("A-AREA-IDEN", 6, 2, "{\\fArial|b1;Mødelokale}\\P102"))
        fixture.add(DXFFixture.text("A-AREA-IDEN", 12, 2, "Terrasse"))
        let result = try Self.run(fixture)
        #expect(result.rooms.count == 2)
        let names = Set(result.rooms.map { "\($0.name ?? "-")/\($0.altName ?? "-")" })
        #expect(names == ["Kontor/101", "Mødelokale/102"])
        #expect(result.report.named == 2)
        #expect(result.report.unplacedLabels.map(\.text) == ["Terrasse"])
        #expect(result.report.layers[.rooms] == ["A-AREA"])
        let areas = result.rooms.map(Self.area).sorted()
        #expect(abs(areas[0] - 16) < 0.01 && abs(areas[1] - 20) < 0.01)
    }

    @Test func roomTagBlocksNameRoomsByTheirAttributes() throws {
        var fixture = Self.twoOffices()
        fixture.block("ROOMTAG", "")
        fixture.add(DXFFixture.tag("A-AREA-IDEN", "ROOMTAG", 2, 2, [("NAME", "Kitchen"), ("NUMBER", "104"), ("AREA", "20 m2")]))
        let result = try Self.run(fixture)
        #expect(result.rooms.contains { $0.name == "Kitchen" && $0.altName == "104" })
    }

    @Test func areaAndDimensionStringsAreNoNamesAndNumbersAreTold() {
        for measurement in [
            "60 m2", "12,5 m²", "345 SF", "120 sq ft", "14'2'' x 12'4''", "3.20 x 4.10", "3,2 m", "A = 24.5 m2", "（5.2帖）", "(12 m²)", "約6畳",
            "[345 SF]", "18\"",
        ] {
            #expect(RoomLabels.kind(of: measurement) == .measurement, "\(measurement)")
        }
        for number in ["101", "E14-348", "2.041", "B-12a", "0.12"] {
            #expect(RoomLabels.kind(of: number) == .number, "\(number)")
        }
        // Areas written after a name on its line are not part of it.
        #expect(RoomLabels.label("Co-Creator 51ft² 36in²")?.text == "Co-Creator")
        #expect(RoomLabels.label("Office 12 m2")?.text == "Office")
        #expect(RoomLabels.label("洋室 (5.2帖)")?.text == "洋室")
        #expect(RoomLabels.label("Room 2")?.text == "Room 2")
        #expect(RoomLabels.label("51ft² 36in²")?.kind == .measurement)
        for name in ["Kitchen", "Møderum 2", "会议室", "WC", "洋室", "(Storage)"] {
            #expect(RoomLabels.kind(of: name) == .name, "\(name)")
        }
        #expect(RoomLabels.plainText("{\\fArial|b0|i0;\\H0.7x;Mødelokale}\\PNord") == "Mødelokale Nord")
        #expect(RoomLabels.plainText("\\A1;Room\\~1 %%c 20") == "Room 1 ø 20")
        #expect(RoomLabels.plainText("K\\U+00F8kken \\U+4F1A\\U+8BAE") == "Køkken 会议")
        #expect(RoomLabels.plainText("Cafe\\U+0301") == "Cafe\u{301}")
    }

    @Test func millimetreContentDeclaredAsMetresIsReadInMillimetresAndSaidSo() throws {
        let declaredWrong = try Self.run(Self.twoOffices(scale: 1000, insertionUnits: 6))
        #expect(declaredWrong.report.units.unit == .millimetres)
        #expect(declaredWrong.report.units.declared == .metres)
        #expect(declaredWrong.report.units.reason.contains("implausible"))
        #expect(abs(declaredWrong.rooms.map(Self.area).reduce(0, +) - 36) < 0.05)

        let undeclared = try Self.run(Self.twoOffices(scale: 1000, insertionUnits: nil))
        #expect(undeclared.report.units.unit == .millimetres)

        var given = DXFImportOptions()
        given.units = .centimetres
        #expect(try Self.run(Self.twoOffices(scale: 1000, insertionUnits: 6), given).report.units.unit == .centimetres)

        let right = try Self.run(Self.twoOffices(scale: 1, insertionUnits: 6))
        #expect(right.report.units.unit == .metres)
        #expect(right.report.units.reason.contains("as declared"))
    }

    static func doubleWalls() -> DXFFixture { DXFFixture.doubleWalls() }
    static func twoPlansOnASheet() -> DXFFixture { DXFFixture.twoPlansOnASheet() }

    @Test func ofTwoPlansOnASheetTheLevelsPlaceChoosesOneAndTheOtherIsReported() throws {
        let first = try Self.run(Self.twoPlansOnASheet())
        #expect(Set(first.rooms.compactMap(\.name)) == ["Kitchen", "Store"], "\(first.rooms.map(\.name))")
        #expect(first.report.plansOnSheet.count == 2)
        #expect(first.report.planImported == 0)
        #expect(first.report.plansOnSheet.last.map { $0.minX > 19 && $0.maxX < 29 } == true, "\(first.report.plansOnSheet)")
        var options = DXFImportOptions()
        options.planOnSheet = 1
        let second = try Self.run(Self.twoPlansOnASheet(), options)
        #expect(Set(second.rooms.compactMap(\.name)) == ["Bedroom", "Bath"])
        // A window given is the plan: nothing is chosen.
        options.extent = Bounds(minX: -1, minY: -2, maxX: 30, maxY: 5)
        let both = try Self.run(Self.twoPlansOnASheet(), options)
        #expect(both.report.plansOnSheet.isEmpty)
        #expect(Set(both.rooms.compactMap(\.name)) == ["Kitchen", "Store", "Bedroom", "Bath"])
    }

    @Test func aSparsePlanBesideADenselyHatchedOneIsNoStray() throws {
        // 200 lines of tiling in a 2 x 2 m corner of the first plan: most of the sheet's entities.
        var fixture = Self.twoPlansOnASheet()
        for index in 0..<200 {
            let y = 0.4 + Double(index) * 0.009
            fixture.add(DXFFixture.line("A-FLOR-PATT", 0.4, y, 2.4, y))
        }
        var options = DXFImportOptions()
        options.planOnSheet = 1
        let result = try Self.run(fixture, options)
        #expect(result.report.straysDropped == 0)
        #expect(Set(result.rooms.compactMap(\.name)) == ["Bedroom", "Bath"], "\(result.rooms.map(\.name))")
    }

    @Test func wallsJoinedByARoomOutlineAreOnePlan() throws {
        // An open studio outlined on a room layer between two wings drawn with double walls.
        var fixture = Self.twoPlansOnASheet()
        fixture.add(DXFFixture.rectangle("A-AREA", 8.2, 0, 11.8, 4.2))
        let result = try Self.run(fixture)
        #expect(result.report.plansOnSheet.isEmpty)
        // A plan of single lines is one plan whatever lies around it.
        #expect(try Self.run(Self.twoRoomsOpenForABiFold()).report.plansOnSheet.isEmpty)
    }

    @Test func doubleWallsWithDoorGapsFormRoomsWithOpeningsInTheGaps() throws {
        let result = try Self.run(Self.doubleWalls())
        #expect(result.report.layers[.walls] == ["A-WALL"])
        #expect(result.rooms.count == 2)
        let areas = result.rooms.map(Self.area).sorted()
        // Inner faces: 3.8 x 3.8 each.
        #expect(areas.allSatisfy { abs($0 - 14.44) < 0.3 }, "\(areas)")
        #expect(Set(result.rooms.compactMap(\.name)) == ["Kitchen", "Store"])
        let gaps = result.openings.filter { $0.source == "gap" }
        #expect(gaps.count == 2, "\(result.openings)")
        #expect(gaps.filter { $0.rooms.count == 2 }.count == 1)
        #expect(gaps.allSatisfy { abs($0.width - 0.9) < 0.15 })
        #expect(result.report.problems.isEmpty)
    }

    @Test func utf8NamesOfALaterDrawingComeOutRightWhateverItsCodePage() throws {
        var fixture = Self.twoOffices()
        fixture.add(DXFFixture.text("Rumnavne", 1, 2, "Køkken æøå"))
        fixture.add(DXFFixture.mtext("Rumnavne", 6, 2, "会议室"))
        let result = try Self.run(fixture)
        #expect(Set(result.rooms.compactMap(\.name)) == ["Køkken æøå", "会议室"])

        // An AutoCAD 2000 drawing stores its text in its code page, and is read by it.
        var older = Self.twoOffices()
        older.version = "AC1015"
        older.add(DXFFixture.text("Rumnavne", 1, 2, "Køkken"))
        let path = try older.write(encoding: .windowsCP1252)
        let olderResult = try DXFImporter.run(try Drawing.read(path), options: DXFImportOptions(), corner: Self.corner)
        #expect(olderResult.rooms.compactMap(\.name) == ["Køkken"])
    }

    @Test func aSwingDrawnWithTheWallsIsADoorAndDoesNotCutTheRoomsItOpens() throws {
        // Single-line walls: a 10 x 4 m box split at x = 5 with a 0.9 m gap (y 1 to 1.9), and the
        // door's quarter swing drawn on the wall layer, as drawings with one layer do.
        var fixture = DXFFixture()
        for (x1, y1, x2, y2) in [(0.0, 0.0, 10.0, 0.0), (10, 0, 10, 4), (10, 4, 0, 4), (0, 4, 0, 0), (5, 0, 5, 1), (5, 1.9, 5, 4)] {
            fixture.add(DXFFixture.line("Walls", x1, y1, x2, y2))
        }
        fixture.add(DXFFixture.arc("Walls", 5, 1, 0.9, 0, 90))
        let result = try Self.run(fixture)
        #expect(result.rooms.count == 2)
        #expect(result.openings.count == 1, "\(result.openings)")
        #expect(result.openings.first?.rooms.count == 2)
        #expect(result.rooms.map(Self.area).allSatisfy { abs($0 - 20) < 0.5 }, "\(result.rooms.map(Self.area))")
        #expect(result.report.problems.isEmpty)
    }

    @Test func aWiderGapIsClosedWhenTheDoorGapSaysSo() throws {
        // Two 5 x 4 m rooms of single-line walls, the wall between them open for 1.6 m (double doors).
        var fixture = DXFFixture()
        for (x1, y1, x2, y2) in [(0.0, 0.0, 10.0, 0.0), (10, 0, 10, 4), (10, 4, 0, 4), (0, 4, 0, 0), (5, 0, 5, 1), (5, 2.6, 5, 4)] {
            fixture.add(DXFFixture.line("Walls", x1, y1, x2, y2))
        }
        #expect(try Self.run(fixture).rooms.count == 1)
        var options = DXFImportOptions()
        options.doorGap = 1.8
        let result = try Self.run(fixture, options)
        #expect(result.rooms.count == 2)
        #expect(result.openings.contains { $0.rooms.count == 2 && abs($0.width - 1.6) < 0.15 }, "\(result.openings)")
    }

    /// Two 5 x 4 m rooms of single-line walls, the wall between them open for 1.6 m: wider than
    /// the door width the spaces are formed at.
    static func twoRoomsOpenForABiFold() -> DXFFixture {
        var fixture = DXFFixture()
        for (x1, y1, x2, y2) in [(0.0, 0.0, 10.0, 0.0), (10, 0, 10, 4), (10, 4, 0, 4), (0, 4, 0, 0), (5, 0, 5, 1), (5, 2.6, 5, 4)] {
            fixture.add(DXFFixture.line("Walls", x1, y1, x2, y2))
        }
        return fixture
    }

    @Test func aRoomOpenWiderThanADoorIsFormedRoundEachOfItsLabels() throws {
        var fixture = Self.twoRoomsOpenForABiFold()
        fixture.add(DXFFixture.text("Text", 2, 3, "Bedroom"))
        fixture.add(DXFFixture.text("Text", 7, 3, "Study"))
        let result = try Self.run(fixture)
        #expect(result.rooms.compactMap(\.name).sorted() == ["Bedroom", "Study"], "\(result.rooms)")
        #expect(result.rooms.map(Self.area).allSatisfy { abs($0 - 20) < 1 }, "\(result.rooms.map(Self.area))")
        #expect(result.report.roomsAroundLabels == ["1.8": 1])
        #expect(result.report.problems.isEmpty)
    }

    @Test func aClosetBehindADoorWiderThanItIsDeepIsFormedRoundItsLabel() throws {
        // A 4 x 4 m bedroom with a closet 0.6 m deep along its north wall, behind a 1.2 m bi-fold
        // door in the closet's front wall: growing the walls by any width that closes the door
        // fills the closet; joining the front wall's two pieces does not.
        var fixture = DXFFixture()
        for (x1, y1, x2, y2) in [(0.0, 0.0, 4.0, 0.0), (4, 0, 4, 4), (4, 4, 0, 4), (0, 4, 0, 0), (0, 3.4, 1.4, 3.4), (2.6, 3.4, 4, 3.4)] {
            fixture.add(DXFFixture.line("Walls", x1, y1, x2, y2))
        }
        fixture.add(DXFFixture.text("Text", 2, 1.5, "Bedroom"))
        fixture.add(DXFFixture.text("Text", 2, 3.7, "Closet"))
        let result = try Self.run(fixture)
        #expect(result.rooms.compactMap(\.name).sorted() == ["Bedroom", "Closet"], "\(result.rooms)")
        #expect(result.rooms.first { $0.name == "Closet" }.map(Self.area).map { abs($0 - 2.4) < 0.3 } == true)
        #expect(result.report.roomsAroundLabels == ["0.2/1.3": 1], "\(result.report.roomsAroundLabels)")
        #expect(result.report.problems.isEmpty)
    }

    @Test func openFloorLabelledWithARoomsNameIsThatRoom() throws {
        // A 6 x 4 m bedroom whose east side is open for 3 m to a patio (a glass slider wider than
        // any door the walls are closed at), beside a 3 x 4 m bath: open floor, but a bedroom by
        // its label.
        var fixture = DXFFixture()
        for (x1, y1, x2, y2) in [
            (-3.0, 0.0, 6.0, 0.0), (6, 0, 6, 0.5), (6, 3.5, 6, 4), (6, 4, -3, 4), (-3, 4, -3, 0), (0, 0, 0, 1.5), (0, 2.4, 0, 4),
        ] {
            fixture.add(DXFFixture.line("Walls", x1, y1, x2, y2))
        }
        fixture.add(DXFFixture.text("Text", 3, 2, "MASTER BEDROOM"))
        let result = try Self.run(fixture)
        let bedroom = try #require(result.rooms.first { $0.name == "MASTER BEDROOM" }, "\(result.rooms)")
        #expect(bedroom.category == "room")
    }

    @Test func labelsOfOneKindOrTagsWrittenTwiceDoNotSplitASpace() throws {
        // Window tags are numbers written more than once: no room's.
        var tagged = Self.twoRoomsOpenForABiFold()
        tagged.add(DXFFixture.text("Text", 2, 3, "W1"))
        tagged.add(DXFFixture.text("Text", 7, 3, "W1"))
        #expect(try Self.run(tagged).rooms.count == 1)
        // A car park: a 12 x 6 m room, stalls marked by lines 4 m long from its south wall, each
        // labelled CAR: one room, not three stalls.
        var park = DXFFixture()
        for (x1, y1, x2, y2) in [(0.0, 0.0, 12.0, 0.0), (12, 0, 12, 6), (12, 6, 0, 6), (0, 6, 0, 0), (4, 0, 4, 4), (8, 0, 8, 4)] {
            park.add(DXFFixture.line("Walls", x1, y1, x2, y2))
        }
        for x in [1.5, 5.5, 9.5] { park.add(DXFFixture.text("Text", x, 2, "CAR")) }
        let result = try Self.run(park)
        #expect(result.rooms.count == 1, "\(result.rooms.map(Self.area))")
        #expect(result.report.roomsAroundLabels.isEmpty)
    }

    @Test func aLabelledClosetTooSmallForAnUnlabelledSpaceIsARoom() throws {
        // A 6 x 4 m room with a 1.2 x 1 m closet in its corner, closed by its sliding door's line.
        var fixture = DXFFixture()
        for (x1, y1, x2, y2) in [(0.0, 0.0, 6.0, 0.0), (6, 0, 6, 4), (6, 4, 0, 4), (0, 4, 0, 0), (4.8, 4, 4.8, 3), (4.8, 3, 6, 3)] {
            fixture.add(DXFFixture.line("Walls", x1, y1, x2, y2))
        }
        fixture.add(DXFFixture.text("Text", 2, 2, "Bedroom"))
        #expect(try Self.run(fixture).rooms.count == 1)
        fixture.add(DXFFixture.text("Text", 5, 3.4, "Closet"))
        let result = try Self.run(fixture)
        #expect(result.rooms.compactMap(\.name).sorted() == ["Bedroom", "Closet"], "\(result.rooms)")
        #expect(result.rooms.first { $0.name == "Closet" }.map(Self.area).map { abs($0 - 1.2) < 0.3 } == true)
        #expect(result.report.problems.isEmpty)
    }

    @Test func doorBlocksBecomeOpeningsOnTheWallTheyShareWhateverTheirAngle() throws {
        var fixture = Self.twoOffices(layer: "Rooms")
        // A door block: hinge at the origin, leaf along +y, swing to +x, 0.9 m.
        fixture.block("DOOR-90", DXFFixture.line("0", 0, 0, 0, 0.9) + DXFFixture.arc("0", 0, 0, 0.9, 0, 90))
        // On the shared wall x = 5, turned 90 degrees: its leaf closes along the wall.
        fixture.add(DXFFixture.insert("Doors", "DOOR-90", 5, 1, angle: 90))
        // On the south wall of the first room, unturned.
        fixture.add(DXFFixture.insert("Doors", "DOOR-90", 2, 0))
        let result = try Self.run(fixture)
        #expect(result.openings.count == 2, "\(result.openings)")
        #expect(result.openings.allSatisfy { $0.source == "block" && abs($0.width - 0.9) < 0.01 })
        let between = result.openings.filter { $0.rooms.count == 2 }
        #expect(between.count == 1)
        let ends = between[0].line.map { Self.frame.point(longitude: $0.x, latitude: $0.y) }
        #expect(ends.allSatisfy { abs($0.x - 5) < 0.01 }, "\(ends)")
    }

    @Test func aPlanDrawnInsideABlockIsImportedFromTheBlocksInsert() throws {
        var fixture = DXFFixture()
        fixture.block("DOOR-90", DXFFixture.line("0", 0, 0, 0, 0.9) + DXFFixture.arc("0", 0, 0, 0.9, 0, 90))
        fixture.block(
            "PLAN",
            DXFFixture.rectangle("A-AREA", 0, 0, 5, 4) + DXFFixture.rectangle("A-AREA", 5, 0, 4, 4)
                + DXFFixture.insert("A-DOOR", "DOOR-90", 5, 1, angle: 90) + DXFFixture.text("0", 1, 2, "Kontor"))
        fixture.add(DXFFixture.insert("Xref-plan", "PLAN", 100, 50, angle: 90))
        let result = try Self.run(fixture)
        #expect(result.rooms.count == 2)
        #expect(result.rooms.compactMap(\.name) == ["Kontor"])
        #expect(result.openings.count == 1)
        #expect(result.openings.first?.rooms.count == 2)
        #expect(result.report.layers[.rooms] == ["A-AREA"])
    }

    @Test func looseSwingsOfArcAndLineBecomeOpenings() throws {
        var fixture = Self.twoOffices(layer: "Space")
        fixture.add(DXFFixture.arc("Door swings", 5, 1, 0.8, 90, 180))
        fixture.add(DXFFixture.line("Door swings", 5, 1, 4.2, 1))
        let result = try Self.run(fixture)
        #expect(result.openings.count == 1)
        #expect(result.openings.first?.source == "swing")
        #expect(result.openings.first?.rooms.count == 2)
    }

    @Test func twoFloorsSideBySideArePickedOneAtATimeByExtent() throws {
        var fixture = Self.twoOffices()
        fixture.add(DXFFixture.rectangle("A-AREA", 100, 0, 6, 4))
        fixture.add(DXFFixture.rectangle("A-AREA", 106, 0, 6, 4))
        fixture.add(DXFFixture.rectangle("A-AREA", 112, 0, 6, 4))
        #expect(try Self.run(fixture).rooms.count == 5)
        var options = DXFImportOptions()
        options.extent = Bounds(minX: 90, minY: -5, maxX: 130, maxY: 10)
        let second = try Self.run(fixture, options)
        #expect(second.rooms.count == 3)
        #expect(second.report.straysDropped == 2)
    }

    @Test func roomsWhoseOnlyIdentityIsTheirLayerTakeItsName() throws {
        var fixture = DXFFixture()
        fixture.add(DXFFixture.rectangle("E14-348", 0, 0, 4, 3))
        fixture.add(DXFFixture.rectangle("E14-349", 4, 0, 4, 3))
        let result = try Self.run(fixture)
        #expect(Set(result.rooms.compactMap(\.altName)) == ["E14-348", "E14-349"])
    }

    @Test func duplicateHatchCopiesAndOutlinesAroundRoomsAreDropped() throws {
        var fixture = Self.twoOffices()
        // The same first room again, and an outline around both.
        fixture.add(DXFFixture.rectangle("A-AREA", 0, 0, 5, 4))
        fixture.add(DXFFixture.rectangle("A-AREA", 0, 0, 9, 4))
        let result = try Self.run(fixture)
        #expect(result.rooms.count == 2)
        #expect(result.report.duplicatesDropped == 1)
        #expect(result.report.outlinesDropped == 1)
    }

    /// Four walls and a partition with a door gap: the middle half of their centres is one point,
    /// which must not make the whole plan strays from itself.
    @Test func aSmallSymmetricPlanIsNotSetAsideAsStrays() throws {
        var fixture = DXFFixture()
        for (x1, y1, x2, y2) in [(0.0, 0.0, 10.0, 0.0), (10, 0, 10, 6), (10, 6, 0, 6), (0, 6, 0, 0), (5, 0, 5, 2.2), (5, 3.2, 5, 6)] {
            fixture.add(DXFFixture.line("WALL", x1, y1, x2, y2))
        }
        fixture.add(DXFFixture.text("ROOMTXT", 2, 3, "Office"))
        fixture.add(DXFFixture.text("ROOMTXT", 7, 3, "Store"))
        let result = try Self.run(fixture)
        #expect(result.report.straysDropped == 0)
        #expect(result.rooms.count == 2)
    }

    @Test func aStrayFarFromThePlanIsDroppedAndCounted() throws {
        var fixture = Self.twoOffices()
        for index in 0..<10 { fixture.add(DXFFixture.line("A-AREA", Double(index) * 0.5, 0, Double(index) * 0.5, 4)) }
        fixture.add(DXFFixture.rectangle("A-AREA", 25_000, 40_000, 5, 4))
        let result = try Self.run(fixture)
        #expect(result.report.straysDropped == 1)
        #expect(result.report.units.unit == .metres)
    }

    @Test func twoControlPointsPlaceThePlanExactlyAndThreeReportTheirResiduals() throws {
        let a = Point(x: 10.0, y: 55.0)
        let east = LocalFrame(originLongitude: a.x, originLatitude: a.y)
        // The drawing's x axis runs north on the earth: a quarter turn.
        let b = east.coordinates(of: Point(x: 0, y: 9))
        var options = DXFImportOptions()
        options.controls = [
            ControlPoint(drawing: Point(x: 0, y: 0), target: a),
            ControlPoint(drawing: Point(x: 9, y: 0), target: Point(x: b.longitude, y: b.latitude)),
        ]
        let result = try Self.run(Self.twoOffices(), options)
        #expect(result.report.rmse.map { $0 < 0.001 } == true)
        let corners = result.rooms.flatMap { $0.rings[0] }.map { east.point(longitude: $0.x, latitude: $0.y) }
        // Drawing (9, 4) lands 4 m west and 9 m north.
        #expect(corners.contains { abs($0.x + 4) < 0.01 && abs($0.y - 9) < 0.01 }, "\(corners)")

        let c = east.coordinates(of: Point(x: -4.5, y: 0.2))
        options.controls.append(ControlPoint(drawing: Point(x: 0, y: 4), target: Point(x: c.longitude, y: c.latitude)))
        let three = try Self.run(Self.twoOffices(), options)
        #expect(three.report.residuals.count == 3)
        #expect(three.report.rmse.map { $0 > 0.1 && $0 < 0.5 } == true)
        options.fit = .affine
        #expect(try Self.run(Self.twoOffices(), options).report.rmse.map { $0 < 0.001 } == true)
    }

    @Test func wallsThatEncloseNothingNameTheOtherLayersThatHoldLines() throws {
        var fixture = DXFFixture()
        fixture.add(DXFFixture.line("A-WALL-NEW", 0, 0, 6, 0))
        fixture.add(DXFFixture.line("A-WALL-NEW", 6, 0, 6, 4))
        for (x1, y1, x2, y2) in [(6.0, 4.0, 0.0, 4.0), (0, 4, 0, 0)] { fixture.add(DXFFixture.line("Base", x1, y1, x2, y2)) }
        fixture.add(DXFFixture.line("Tables", 1, 1, 2, 1))
        let result = try Self.run(fixture)
        #expect(result.rooms.isEmpty)
        let hint = try #require(result.report.hint)
        #expect(hint.contains("A-WALL-NEW enclose nothing") && hint.contains("Base (2 lines)") && !hint.contains("Tables"))
        var options = DXFImportOptions()
        options.layers[.walls] = ["A-WALL*", "base"]
        #expect(try Self.run(fixture, options).rooms.count == 1)
    }

    /// A box of walls 10 x 6 m split in two by a wall with a 0.9 m door gap, on `layer`, drawn
    /// at `scale` drawing units per metre.
    static func walledPair(_ layer: String, scale: Double = 1, insertionUnits: Int? = 6) -> DXFFixture {
        var fixture = DXFFixture(insertionUnits: insertionUnits)
        for (x1, y1, x2, y2) in [(0.0, 0.0, 10.0, 0.0), (10, 0, 10, 6), (10, 6, 0, 6), (0, 6, 0, 0), (5, 0, 5, 2.5), (5, 3.4, 5, 6)] {
            fixture.add(DXFFixture.line(layer, x1 * scale, y1 * scale, x2 * scale, y2 * scale))
        }
        return fixture
    }

    @Test func wallsOnAnUnnamedLayerAreFoundByTheirContentAndTheReportSaysWhy() throws {
        // Every wall on layer 0, room names beside them, dimensions on a layer of their own.
        var fixture = Self.walledPair("0")
        fixture.add(DXFFixture.text("0", 2, 3, "Office"))
        fixture.add(DXFFixture.text("0", 7, 3, "Store"))
        for index in 0..<4 {
            fixture.add(DXFFixture.line("LAYER9", Double(index) * 2.5, -1, Double(index + 1) * 2.5, -1))
            fixture.add(DXFFixture.text("LAYER9", Double(index) * 2.5 + 1, -0.8, "2500"))
        }
        let result = try Self.run(fixture)
        #expect(result.report.layers[.walls] == ["0"])
        #expect(result.report.layerReasons["0"]?.contains("walls by content") == true)
        #expect(result.report.layerReasons["LAYER9"]?.contains("dimensions") == true)
        #expect(result.rooms.count == 2)
        #expect(Set(result.rooms.compactMap(\.name)) == ["Office", "Store"])
    }

    @Test func closedOutlinesHoldingTextsAreRoomsWhateverTheirLayerIsCalled() throws {
        var fixture = DXFFixture(insertionUnits: 6)
        for (index, name) in ["Kitchen", "Hall", "Bedroom", "Bath"].enumerated() {
            fixture.add(DXFFixture.rectangle("GF", Double(index) * 4, 0, 4, 5))
            fixture.add(DXFFixture.text("NOTES", Double(index) * 4 + 1, 2, name))
        }
        // Outlines without texts on another layer: columns, not rooms.
        for index in 0..<4 { fixture.add(DXFFixture.rectangle("COLS", Double(index) * 4, 6, 0.4, 0.4)) }
        let result = try Self.run(fixture)
        #expect(result.report.layers[.rooms] == ["GF"])
        #expect(result.report.layerReasons["GF"] == "rooms by content: 4 of 4 closed outlines hold a text")
        #expect(result.rooms.count == 4)
    }

    @Test func tagsInCirclesAndHexagonsAreNoRoomLayer() throws {
        // Door tags in circles of 0.5 m and window tags in hexagons, each holding its code, on an
        // annotation layer; the rooms are the walls' (the walls on a layer named for them).
        var fixture = Self.walledPair("A-WALL")
        fixture.add(DXFFixture.text("TEXT", 2, 4, "Office"))
        fixture.add(DXFFixture.text("TEXT", 7, 4, "Store"))
        func ring(_ x: Double, _ y: Double, corners: Int) -> [(Double, Double)] {
            (0..<corners).map { index in
                let angle = Double(index) * 2 * Double.pi / Double(corners)
                return (x + 0.25 * cos(angle), y + 0.25 * sin(angle))
            }
        }
        for (index, code) in ["D1", "D2", "D3", "W1"].enumerated() {
            let (x, y) = (1.5 + Double(index) * 2, 1.5)
            fixture.add(DXFFixture.polyline("ANNOBJ", ring(x, y, corners: code.hasPrefix("W") ? 6 : 24)))
            fixture.add(DXFFixture.text("TEXT", x, y, code))
        }
        let result = try Self.run(fixture)
        #expect((result.report.layers[.rooms] ?? []).isEmpty, "\(result.report.layers)")
        #expect(result.report.layerReasons["ANNOBJ"]?.hasPrefix("tags:") == true, "\(result.report.layerReasons)")
        #expect(Set(result.rooms.compactMap(\.name)) == ["Office", "Store"], "\(result.rooms)")
        // D and W codes of a door and window schedule are no room numbers.
        #expect(result.rooms.allSatisfy { $0.altName == nil }, "\(result.rooms.map(\.altName))")
    }

    @Test func letterTagsStairArrowsAndCountsAreReadForWhatTheyAre() throws {
        #expect(RoomLabels.kind(of: "B") == .number)
        for arrow in ["UP", "DN", "dn 17R", "Down"] { #expect(RoomLabels.kind(of: arrow) == .arrow, "\(arrow)") }
        for count in ["3 No. CARS", "2 Nos"] { #expect(RoomLabels.kind(of: count) == .measurement, "\(count)") }
        for level in ["+24''", "-0.15", "±0.00", "FFL +3.50", "EL. 102.5"] {
            #expect(RoomLabels.kind(of: level) == .measurement, "\(level)")
        }
        // An office tagged B, a parking for three cars, and a stair hall marked only by its arrow.
        var fixture = DXFFixture(insertionUnits: 6)
        for (x1, y1, x2, y2) in [(0.0, 0.0, 15.0, 0.0), (15, 0, 15, 6), (15, 6, 0, 6), (0, 6, 0, 0), (5, 0, 5, 2.5), (5, 3.4, 5, 6)] {
            fixture.add(DXFFixture.line("Walls", x1, y1, x2, y2))
        }
        for (x1, y1, x2, y2) in [(10.0, 0.0, 10.0, 2.5), (10, 3.4, 10, 6)] { fixture.add(DXFFixture.line("Walls", x1, y1, x2, y2)) }
        fixture.add(DXFFixture.text("NOTES", 2, 4, "OFFICE"))
        fixture.add(DXFFixture.text("NOTES", 2, 3, "B"))
        fixture.add(DXFFixture.text("NOTES", 7, 4, "PARKING"))
        fixture.add(DXFFixture.text("NOTES", 7, 3.5, "3 No. CARS"))
        fixture.add(DXFFixture.text("NOTES", 12, 3, "UP"))
        let result = try Self.run(fixture)
        #expect(result.rooms.contains { $0.name == "OFFICE" && $0.altName == "B" }, "\(result.rooms)")
        #expect(result.rooms.contains { $0.name == "PARKING" && $0.altName == nil }, "\(result.rooms)")
        #expect(result.rooms.contains { $0.name == nil && $0.category == "stairs" }, "\(result.rooms)")
        #expect(result.report.unplacedLabels.isEmpty)
    }

    @Test func aRoomLayerOfGrossAreasAroundTheRoomsOfAnotherIsLeftOut() throws {
        // Net areas (使用面积线) and, 0.1 m further out, gross areas (建筑面积线) of three rooms.
        var fixture = DXFFixture(insertionUnits: 6)
        for index in 0..<3 {
            let x = Double(index) * 5
            fixture.add(DXFFixture.rectangle("使用面积线", x + 0.1, 0.1, 4.8, 3.8))
            fixture.add(DXFFixture.rectangle("建筑面积线", x, 0, 5, 4))
            fixture.add(DXFFixture.text("文字", x + 1, 2, "Room \(index + 1)"))
        }
        let result = try Self.run(fixture)
        #expect(result.report.layers[.rooms] == ["使用面积线"])
        #expect(
            result.report.layerReasons["建筑面积线"]?.hasPrefix("gross areas: 3 of 3 outlines enclose a room") == true,
            "\(result.report.layerReasons) \(result.report.droppedLayers)")
        #expect(result.rooms.count == 3)
        #expect(result.rooms.allSatisfy { abs(Self.area($0) - 4.8 * 3.8) < 0.1 })
    }

    @Test func aSheetInMillimetresAtAScaleIsReadAtThatScale() throws {
        // A 10 x 6 m plan drawn at 1:100 on an A3 sheet (420 x 297) whose frame is on its own
        // layer: declared millimetres, which would make the plan 10 cm across.
        var fixture = Self.walledPair("WALLS", scale: 10, insertionUnits: 4)
        fixture.add(DXFFixture.rectangle("FRAME", -150, -100, 420, 297))
        let result = try Self.run(fixture)
        #expect(abs(result.report.units.metresPerUnit - 0.1) < 1e-12, "\(result.report.units.reason)")
        #expect(result.report.units.reason.contains("a sheet in millimetres at 1:100"), "\(result.report.units.reason)")
        #expect(result.rooms.count == 2)
        #expect(result.rooms.allSatisfy { abs(Self.area($0) - 30) < 1.5 }, "\(result.rooms.map(Self.area))")
        // A number of metres per drawing unit is a unit too.
        var options = DXFImportOptions()
        options.metresPerUnit = 0.05
        let given = try Self.run(fixture, options)
        #expect(given.report.units.reason.hasPrefix("0.05 m per drawing unit, as given"))
        #expect(given.rooms.allSatisfy { abs(Self.area($0) - 7.5) < 0.5 })
    }

    @Test func aUnitWhoseRoomsNoPlanHasIsRetriedAtTheScaleTheRoomsFit() throws {
        // Centimetres without $INSUNITS: read as metres the rooms would be 300,000 m².
        let result = try Self.run(Self.walledPair("A-WALL", scale: 100, insertionUnits: nil))
        #expect(abs(result.report.units.metresPerUnit - 0.01) < 1e-12, "\(result.report.units.reason)")
        #expect(result.report.units.reason.contains("the median room would be"), "\(result.report.units.reason)")
        #expect(result.rooms.count == 2 && result.rooms.allSatisfy { abs(Self.area($0) - 30) < 1.5 })
    }

    @Test func aRoomTagOfKeyValueLinesGivesTheNameAndNumberAndNeverThePeople() throws {
        var fixture = Self.twoOffices()
        // A Chinese tag (full-width colons, MTEXT fonts around the keys) and an English one.
        fixture.add(
            DXFFixture.mtext(
                "TEXT", 1, 3,
                "{\\fSimSun|b0|i0|c134|p2;房间编号：}106\\P{\\fSimSun|b0|i0|c134|p2;房间名称：团委，学生工作办公室}\\P房间属性：办公室\\P使用面积：60.33㎡\\P使用人员：张三，李四"
            ))
        fixture.add(DXFFixture.mtext("TEXT", 6, 3, "Room No.: 2.041\\PName: Seminar\\PArea: 16 m²\\POccupants: Jane Roe\\PJohn Doe"))
        // A layer of who sits where.
        fixture.add(DXFFixture.text("STAFF", 2, 1, "Erika Mustermann"))
        let result = try Self.run(fixture)
        let names = Set(result.rooms.compactMap(\.name))
        #expect(names == ["团委，学生工作办公室", "Seminar"], "\(names)")
        #expect(Set(result.rooms.compactMap(\.altName)) == ["106", "2.041"])
        // 张三, 李四, Jane Roe, John Doe; the STAFF layer is no text layer here, so it is not read.
        #expect(result.report.peopleLeftOut == 4)
        let written = result.rooms.flatMap { [$0.name, $0.altName] }.compactMap { $0 } + result.report.unplacedLabels.map(\.text)
        for word in ["张三", "李四", "Jane", "John", "Erika", "c134", "60.33", "m²", "属性"] {
            #expect(!written.contains { $0.contains(word) }, "\(word) in \(written)")
        }
        #expect(result.report.layers[.text] == ["TEXT"])
        // The Chinese tag's type (办公室, office) gives its room's category; the English tag has
        // no type, and its name (Seminar) gives one.
        #expect(Set(result.rooms.compactMap(\.category)) == ["office", "classroom"], "\(result.rooms.map(\.category))")
    }

    @Test func functionLayersAreRoomLayersWhoseNameGivesTheCategory() throws {
        var fixture = DXFFixture(insertionUnits: 6)
        fixture.add(DXFFixture.rectangle("Offices", 0, 0, 4, 4))
        fixture.add(DXFFixture.rectangle("Offices", 4, 0, 4, 4))
        fixture.add(DXFFixture.rectangle("Toilets", 8, 0, 3, 4))
        // A toilet pan on the toilets' layer: too small for a room.
        fixture.add(DXFFixture.rectangle("Toilets", 8.5, 0.5, 0.4, 0.6))
        // Stairs, a void, and furniture for offices: no rooms.
        fixture.add(DXFFixture.rectangle("Stairs", 11, 0, 3, 4))
        fixture.add(DXFFixture.rectangle("0_Void", 14, 0, 2, 2))
        fixture.add(DXFFixture.rectangle("Office furniture", 1, 1, 1, 0.6))
        fixture.add(DXFFixture.text("Labels", 9, 3, "WC Herren"))
        let result = try Self.run(fixture)
        #expect(result.report.layers[.rooms] == ["Offices", "Toilets"], "\(result.report.layers)")
        #expect(result.report.layerReasons["Offices"] == "rooms by its name: office rooms")
        #expect(result.rooms.count == 3)
        #expect(result.rooms.map(\.category).sorted { ($0 ?? "") < ($1 ?? "") } == ["office", "office", "restroom"])
        // Unlabelled rooms take the layer's name; a label wins.
        #expect(result.rooms.compactMap(\.name).sorted() == ["Offices", "Offices", "WC Herren"])
        #expect(result.report.categories == ["office": 2, "restroom": 1])
    }

    @Test func aRoomTypeNoCategoryIsKnownForIsUnspecifiedAndReported() throws {
        var fixture = DXFFixture(insertionUnits: 6)
        for index in 0..<4 { fixture.add(DXFFixture.rectangle("A-AREA", Double(index) * 5, 0, 5, 4)) }
        fixture.add(DXFFixture.mtext("A-ANNO-TEXT", 1, 3, "房间编号：101\\P房间属性：业务用房"))
        fixture.add(DXFFixture.mtext("A-ANNO-TEXT", 6, 3, "Room No.: 102\\PType: Storage"))
        fixture.add(DXFFixture.text("A-ANNO-TEXT", 11, 3, "Kitchen"))
        let result = try Self.run(fixture)
        let categories = result.rooms.map { $0.category ?? "room" }
        #expect(categories == ["unspecified", "storage", "kitchen", "room"], "\(categories)")
        #expect(result.report.unknownTypes == ["业务用房": 1])
        #expect(result.report.categories == ["unspecified": 1, "storage": 1, "kitchen": 1, "room": 1])
        // The drafts carry the category; `room` where nothing told.
        let drafts = result.drafts(file: "plan.dxf", language: "en").drafts.filter { $0.type == .unit }
        #expect(drafts.map { $0.properties[PropertyKey.category.rawValue]?.stringValue } == ["unspecified", "storage", "kitchen", "room"])
    }

    @Test func aDeclaredUnitThatFitsIsKeptThoughCubiclesFitAnother() throws {
        // Centimetres, declared: three rooms, and five cubicles on the room layer that read in
        // feet would be room-sized.
        var fixture = DXFFixture(insertionUnits: 5)
        for index in 0..<3 { fixture.add(DXFFixture.rectangle("Rooms", Double(index) * 500, 0, 500, 400)) }
        for index in 0..<5 { fixture.add(DXFFixture.rectangle("Rooms", 1600 + Double(index) * 100, 0, 60, 80)) }
        let result = try Self.run(fixture)
        #expect(result.report.units.unit == .centimetres, "\(result.report.units.reason)")
        #expect(result.report.units.reason.contains("as declared"))
        #expect(result.rooms.count == 3)
    }

    @Test func aDeclaredUnitNoTextFitsIsNotBelieved() throws {
        // Millimetres declared as inches: two door swings of 900 (doors in millimetres), one
        // detail arc of 30 (a door in inches), and labels 250 high - 25 cm in millimetres,
        // 6.35 m in inches.
        let doors: [Double] = [900, 900, 30]
        let labelled = UnitCheck.choose(
            declaredCode: 1, evidence: SizeEvidence(doorWidths: doors, textHeights: [250, 250, 200], extent: 15_000), given: nil)
        #expect(labelled.unit == .millimetres, "\(labelled.reason)")
        #expect(labelled.reason.contains("text"), "\(labelled.reason)")
        // Without texts a share of the doors fits the declared inches, which stand; texts no unit
        // explains (0.3 units: drawn at the sheet's size) tell nothing either way.
        for texts in [[], [0.3, 0.3]] {
            let choice = UnitCheck.choose(
                declaredCode: 1, evidence: SizeEvidence(doorWidths: doors, textHeights: texts, extent: 15_000), given: nil)
            #expect(choice.unit == .inches, "\(choice.reason)")
        }
        // Through the import: the labels' heights come from the drawing.
        var fixture = Self.walledPair("A-WALL", scale: 1000, insertionUnits: 1)
        fixture.add(DXFFixture.text("A-ANNO", 2000, 4000, "Office", height: 250))
        fixture.add(DXFFixture.text("A-ANNO", 7000, 4000, "Store", height: 250))
        let result = try Self.run(fixture)
        #expect(result.report.units.unit == .millimetres, "\(result.report.units.reason)")
        #expect(result.report.units.reason.contains("implausible for room, door and text sizes"), "\(result.report.units.reason)")
        #expect(Set(result.rooms.compactMap(\.name)) == ["Office", "Store"])
    }

    @Test func aWallGapBesideAWindowsTagIsNoDoor() throws {
        // The two offices' door gap tagged D1, a 1 m gap in the south wall tagged W1 (a window
        // drawn as nothing), and the schedule's D2 and W2 elsewhere.
        var untagged = DXFFixture(insertionUnits: 6)
        for (x1, y1, x2, y2) in [
            (0.0, 0.0, 1.0, 0.0), (2, 0, 10, 0), (10, 0, 10, 6), (10, 6, 0, 6), (0, 6, 0, 0), (5, 0, 5, 2.5), (5, 3.4, 5, 6),
        ] {
            untagged.add(DXFFixture.line("A-WALL", x1, y1, x2, y2))
        }
        var fixture = untagged
        for (x, y, code) in [(5.4, 3, "D1"), (1.5, -0.6, "W1"), (12.0, 8.0, "D2"), (13.0, 8.0, "W2")] {
            fixture.add(DXFFixture.text("A-ANNO", x, y, code))
        }
        let result = try Self.run(fixture)
        #expect(result.report.rejectedGaps["window tag"] == 1, "\(result.report.rejectedGaps)")
        let withoutTags = try Self.run(untagged)
        #expect(result.openings.count == withoutTags.openings.count - 1, "\(result.openings)")
        #expect(result.rooms.allSatisfy { $0.altName == nil })
    }

    @Test func twoLeavesClosingOnOnePointAreOneDoubleDoor() throws {
        // Two offices sharing the wall x = 5; leaves hinged at y = 1.1 and y = 2.9 meet at y = 2.
        var fixture = Self.twoOffices()
        fixture.add(DXFFixture.arc("A-DOOR", 5, 1.1, 0.9, 0, 90))
        fixture.add(DXFFixture.arc("A-DOOR", 5, 2.9, 0.9, 270, 360))
        // A single leaf elsewhere stays one door of its own width.
        fixture.add(DXFFixture.arc("A-DOOR", 2, 0, 0.8, 0, 90))
        let result = try Self.run(fixture)
        #expect(result.openings.count == 2, "\(result.openings.map(\.width))")
        let widths = result.openings.map(\.width).sorted()
        #expect(widths.count == 2 && abs(widths[0] - 0.8) < 1e-6 && abs(widths[1] - 1.8) < 1e-6, "\(widths)")
    }

    /// Two rooms outlined on A-AREA, 5 x 4 m and 4 x 4 m sharing the wall x = 5, their walls
    /// drawn as single lines along the outlines with five gaps: a door in the shared wall, a
    /// window on the glazing layer, a window block on the wall layer, a 0.8 m column flush with a
    /// wall, and a column the first room's outline goes round.
    static func gapsOfEveryKind() -> DXFFixture {
        var fixture = DXFFixture()
        // The first room's outline steps round a 0.4 m column on its west wall, y 2.0 to 2.4.
        fixture.add(
            DXFFixture.polyline("A-AREA", [(0, 0), (5, 0), (5, 4), (0, 4), (0, 2.4), (0.4, 2.4), (0.4, 2.0), (0, 2.0)]))
        fixture.add(DXFFixture.rectangle("A-AREA", 5, 0, 4, 4))
        for (x1, y1, x2, y2) in [
            (0.0, 0.0, 1.0, 0.0), (2.5, 0, 9, 0),  // south, the window gap x 1.0-2.5
            (9, 0, 9, 1.0), (9, 1.8, 9, 4),  // east, the flush column y 1.0-1.8
            (9, 4, 7.2, 4), (6, 4, 0, 4),  // north, the window block x 6.0-7.2
            (0, 4, 0, 0),  // west, whole: the column stands in the room
            (5, 0, 5, 1.5), (5, 2.4, 5, 4),  // shared, the door y 1.5-2.4
        ] {
            fixture.add(DXFFixture.line("A-WALL", x1, y1, x2, y2))
        }
        fixture.add(DXFFixture.line("A-GLAZ", 1.0, 0, 2.5, 0))
        fixture.block("WINDOW-1200", DXFFixture.line("0", 0, 0, 1.2, 0) + DXFFixture.line("0", 0, 0.1, 1.2, 0.1))
        fixture.add(DXFFixture.insert("A-WALL", "WINDOW-1200", 6, 3.95))
        fixture.add(DXFFixture.rectangle("S-COLS", 9.0, 1.0, 0.4, 0.8))
        return fixture
    }

    @Test func aWallGapIsADoorOnlyWhereNoWindowOrColumnFillsItAndTheWallRunsStraight() throws {
        let result = try Self.run(Self.gapsOfEveryKind())
        #expect(result.rooms.count == 2)
        #expect(result.openings.count == 1, "\(result.openings)")
        #expect(result.openings.first?.rooms.count == 2)
        #expect(result.openings.allSatisfy { abs($0.width - 0.9) < 0.15 })
        #expect(result.report.rejectedGaps == ["window": 2, "column": 1, "bend": 1], "\(result.report.rejectedGaps)")
        // Without the windows and the column, each of their gaps would be a door.
        var bare = DXFFixture()
        bare.add(DXFFixture.rectangle("A-AREA", 0, 0, 5, 4))
        for (x1, y1, x2, y2) in [(0.0, 0.0, 1.0, 0.0), (2.5, 0, 5, 0), (5, 0, 5, 4), (5, 4, 0, 4), (0, 4, 0, 0)] {
            bare.add(DXFFixture.line("A-WALL", x1, y1, x2, y2))
        }
        let plain = try Self.run(bare)
        #expect(plain.openings.count == 1 && plain.report.rejectedGaps.isEmpty, "\(plain.report.rejectedGaps)")
    }

    @Test func aSmallSolidFillInAGapIsAColumnAndAFloorHatchIsNot() throws {
        var fixture = DXFFixture()
        fixture.add(DXFFixture.rectangle("A-AREA", 0, 0, 5, 4))
        for (x1, y1, x2, y2) in [(0.0, 0.0, 1.0, 0.0), (1.8, 0, 5, 0), (5, 0, 5, 1.5), (5, 2.4, 5, 4), (5, 4, 0, 4), (0, 4, 0, 0)] {
            fixture.add(DXFFixture.line("A-WALL", x1, y1, x2, y2))
        }
        // A 0.8 m solid column in the south wall's gap, and the room's floor filled whole.
        fixture.add(DXFFixture.solid("A-PATT", 1.0, -0.4, 0.8, 0.4))
        fixture.add(DXFFixture.solid("A-PATT", 0, 0, 5, 4))
        let result = try Self.run(fixture)
        #expect(result.openings.count == 1, "\(result.openings)")
        #expect(result.report.rejectedGaps == ["column": 1])
    }

    /// A 20 x 10 m building of single wall lines: a room at each end (x 0-6 and 14-20), each with
    /// a 0.9 m door into the hall between them, whose south wall has a 3 m entrance - so the hall
    /// is enclosed by no walls a door closes. With `outlined`, the two end rooms are drawn on a
    /// room layer as well, and the hall is split by a wall at x = 10 into a store (x 6-10, a door
    /// at y 4-4.9) and the rest of the hall.
    static func hallBetweenRooms(outlined: Bool = false) -> DXFFixture {
        var fixture = DXFFixture()
        var walls: [(Double, Double, Double, Double)] = [
            (0, 0, 8, 0), (11, 0, 20, 0), (20, 0, 20, 10), (20, 10, 0, 10), (0, 10, 0, 0),
            (6, 0, 6, 4), (6, 4.9, 6, 10), (14, 0, 14, 4), (14, 4.9, 14, 10),
        ]
        if outlined {
            walls += [(10, 0, 10, 4), (10, 4.9, 10, 10)]
            fixture.add(DXFFixture.rectangle("A-AREA", 0, 0, 6, 10))
            fixture.add(DXFFixture.rectangle("A-AREA", 14, 0, 6, 10))
        }
        for (x1, y1, x2, y2) in walls { fixture.add(DXFFixture.line("A-WALL", x1, y1, x2, y2)) }
        return fixture
    }

    @Test func openSpaceInsideTheOuterWallsBecomesAWalkwayAndTheLevelTheWallsOutline() throws {
        let result = try Self.run(Self.hallBetweenRooms())
        #expect(result.report.walkways == 1, "\(result.report)")
        let walkways = result.rooms.filter { $0.category == "walkway" }
        #expect(walkways.count == 1 && result.rooms.count == 3)
        // The hall: x 6-14 less the bits the walls' square ends reach, 80 m² at most.
        #expect(walkways.allSatisfy { (70...80.5).contains(Self.area($0)) }, "\(walkways.map(Self.area))")
        // The level is the outer walls' outline, the entrance bridged: 200 m².
        let footprint = GeometryEngine().area(
            result.footprint.map { Polygon(exterior: $0[0].map { Self.frame.point(longitude: $0.x, latitude: $0.y) }) })
        #expect(abs(footprint - 200) < 2, "\(footprint)")
        // Each room's door opens into the walkway.
        let walkway = result.rooms.firstIndex { $0.category == "walkway" }!
        #expect(result.openings.count == 2 && result.openings.allSatisfy { $0.rooms.contains(walkway) }, "\(result.openings)")
    }

    @Test func openSpaceIsCutWhereItNarrowsToADoorsWidthButNotAlongACorridor() throws {
        // A 20 x 10 m floor entered through a 3 m gap, and two outlined stores across its middle,
        // 1 m apart: the open floor either side is two halls joined by a 1 m gap 1 m long (where
        // a door would be), or, with stores 4 m long, by a corridor 1 m wide and 4 m long.
        func floor(storeLength: Double) throws -> [Double] {
            var fixture = DXFFixture()
            for (x1, y1, x2, y2) in [(0.0, 0.0, 2.0, 0.0), (5, 0, 20, 0), (20, 0, 20, 10), (20, 10, 0, 10), (0, 10, 0, 0)] {
                fixture.add(DXFFixture.line("A-WALL", x1, y1, x2, y2))
            }
            let west = 10 - storeLength / 2
            fixture.add(DXFFixture.rectangle("A-AREA", west, 0, storeLength, 4.5))
            fixture.add(DXFFixture.rectangle("A-AREA", west, 5.5, storeLength, 4.5))
            let result = try Self.run(fixture)
            #expect(result.report.problems.isEmpty, "\(result.report.problems)")
            let walkways = result.rooms.filter { $0.category == "walkway" }
            #expect(result.report.walkways == walkways.count)
            return walkways.map(Self.area).sorted()
        }
        // Each hall as far as open space is looked for from a room (8 m): 8 x 10 m.
        let halls = try floor(storeLength: 1)
        #expect(halls.count == 2 && halls.allSatisfy { abs($0 - 80) < 1.5 }, "\(halls)")
        let joined = try floor(storeLength: 4)
        #expect(joined.count == 1 && abs(joined[0] - 164) < 3, "\(joined)")
    }

    @Test func spacesTheWallsEncloseBesideOutlinedRoomsAreRoomsAndTheRestAWalkway() throws {
        let result = try Self.run(Self.hallBetweenRooms(outlined: true))
        #expect(result.report.spacesAdded == 1 && result.report.walkways == 1, "\(result.report)")
        #expect(result.rooms.count == 4)
        let areas = result.rooms.map(Self.area).sorted()
        // The store (x 6-10, 40 m²), the two outlined rooms (60 m² each), and the walkway (x 10-14).
        #expect(abs(areas[3] - 60) < 0.5 && abs(areas[2] - 60) < 0.5, "\(areas)")
        #expect(areas[0] > 30 && areas[1] < 41 && areas[1] > 30, "\(areas)")
    }

    @Test func anOpenPolylineOnARoomLayerIsClosedWhenItsEndsNearlyMeetElseReported() throws {
        var fixture = DXFFixture()
        // 18 m round, ends 0.2 m apart (1.1%): a room. Ends 1 m apart (5.9%): left open.
        fixture.add(DXFFixture.polyline("A-AREA", [(0, 0), (5, 0), (5, 4), (0, 4), (0, 0.2)], closed: false))
        fixture.add(DXFFixture.polyline("A-AREA", [(10, 0), (15, 0), (15, 4), (10, 4), (10, 1)], closed: false))
        fixture.add(DXFFixture.rectangle("A-AREA", 20, 0, 4, 4))
        let result = try Self.run(fixture)
        #expect(result.rooms.count == 2, "\(result.rooms.map(Self.area))")
        #expect(result.rooms.contains { abs(Self.area($0) - 20) < 0.5 })
        #expect(result.report.closedOutlines == 1)
        #expect(result.report.openOutlines == [DXFImportReport.OpenOutline(at: Point(x: 10, y: 0), gap: 1)])
    }

    @Test func aLayerNamedForOneRoomHoldingLinesDrawsThatRoomsWalls() throws {
        // Each room's walls on a layer named after it, its name as a text on the same layer.
        var fixture = DXFFixture()
        for (layer, x) in [("BedRoom1", 0.0), ("Kitchen", 5.0)] {
            for (x1, y1, x2, y2) in [(x, 0.0, x + 5, 0.0), (x + 5, 0, x + 5, 1.5), (x + 5, 2.4, x + 5, 4), (x + 5, 4, x, 4), (x, 4, x, 0)] {
                fixture.add(DXFFixture.line(layer, x1, y1, x2, y2))
            }
            fixture.add(DXFFixture.text(layer, x + 1, 2, layer))
        }
        let result = try Self.run(fixture)
        #expect(result.report.layers[.walls] == ["BedRoom1", "Kitchen"], "\(result.report.layers)")
        #expect(result.report.layerReasons["Kitchen"] == "walls of the room its name says: lines and no closed outline")
        #expect(Set(result.rooms.filter { $0.category != "walkway" }.compactMap(\.name)) == ["BedRoom1", "Kitchen"])
    }

    @Test func wallsOnLayerZeroBesideAFewOnAWallLayerAreWallsToo() throws {
        var fixture = Self.walledPair("0")
        fixture.add(DXFFixture.line("A-WALL", 20, 0, 22, 0))
        let result = try Self.run(fixture)
        #expect(result.report.layers[.walls] == ["A-WALL", "0"])
        #expect(result.report.layerReasons["0"]?.contains("6 times the 1 on the layers named for walls") == true)
        #expect(result.rooms.filter { $0.category != "walkway" }.count == 2)
    }

    @Test func doorLeavesDrawnAsLinesTellTheUnit() throws {
        // Inches declared as feet: read in feet the 0.9 m door gap is 10.8 m, no room closes;
        // the leaves on the door layer (35 units) are doors in inches.
        var fixture = Self.walledPair("A-WALL", scale: 39.37, insertionUnits: 2)
        for index in 0..<3 {
            fixture.add(DXFFixture.line("A-DOOR", 196.85, 98.4 + Double(index) * 40, 196.85 + 35, 98.4 + Double(index) * 40))
        }
        let result = try Self.run(fixture)
        #expect(result.report.units.unit == .inches, "\(result.report.units.reason)")
        #expect(result.rooms.filter { $0.category != "walkway" }.count == 2)
    }

    @Test func aRoomIsNamedByItsOwnLabelNotByTheThingsStandingInIt() throws {
        var fixture = Self.twoOffices(layer: "areas")
        // The first room's name on the room layer; what stands in it labelled on another layer.
        fixture.add(DXFFixture.mtext("areas", 2, 2, "Wood Shop"))
        fixture.add(DXFFixture.text("equipment", 0.5, 3.5, "Table Saw"))
        fixture.add(DXFFixture.text("equipment", 4, 0.5, "Pallet Rack"))
        // The second: no room-layer text; its name in the middle in two lines, a label by a wall.
        fixture.add(DXFFixture.text("labels", 6.5, 2.3, "Meeting"))
        fixture.add(DXFFixture.text("labels", 6.5, 1.8, "Room"))
        fixture.add(DXFFixture.text("labels", 8.6, 3.7, "TV"))
        let result = try Self.run(fixture)
        #expect(result.rooms.map(\.name) == ["Wood Shop", "Meeting Room"], "\(result.rooms.map(\.name))")
    }

    @Test func linesOfOneNameAreTextsOfOneLayer() throws {
        var fixture = Self.twoOffices(layer: "A-AREA")
        // A table's label 0.4 m above the room's name, on the furniture's layer: two labels.
        fixture.add(DXFFixture.text("names", 2.5, 2, "Classroom"))
        fixture.add(DXFFixture.text("furniture", 2.6, 2.4, "Table"))
        // A name written as two texts on one layer is one name.
        fixture.add(DXFFixture.text("names", 7, 2.3, "Meeting"))
        fixture.add(DXFFixture.text("names", 7, 1.8, "Room"))
        let result = try Self.run(fixture)
        #expect(result.rooms.map(\.name) == ["Classroom", "Meeting Room"], "\(result.rooms.map(\.name))")
    }

    @Test func aCodeNoOtherRoomSharesASchemeWithIsAWordOfTheNameWrittenUnderIt() throws {
        // The plan's one code-like line, over a name in one text: "3D Printers".
        var lone = Self.twoOffices(layer: "areas")
        lone.add(DXFFixture.mtext("areas", 2.5, 2, "3D\\PPrinters"))
        lone.add(DXFFixture.mtext("areas", 7, 2, "Sewing"))
        let joined = try Self.run(lone)
        #expect(joined.rooms.map(\.name) == ["3D Printers", "Sewing"], "\(joined.rooms.map(\.name))")
        #expect(joined.rooms.allSatisfy { $0.altName == nil })
        // Two codes are a numbering scheme; a code of digits alone is a number wherever it is.
        var scheme = Self.twoOffices(layer: "areas")
        scheme.add(DXFFixture.mtext("areas", 2.5, 2, "3D\\PPrinters"))
        scheme.add(DXFFixture.mtext("areas", 7, 2, "3E\\PSewing"))
        let numbered = try Self.run(scheme)
        #expect(numbered.rooms.map(\.name) == ["Printers", "Sewing"], "\(numbered.rooms.map(\.name))")
        #expect(numbered.rooms.map(\.altName) == ["3D", "3E"])
        var digits = Self.twoOffices(layer: "areas")
        digits.add(DXFFixture.mtext("areas", 2.5, 2, "101\\POffice"))
        let office = try Self.run(digits)
        #expect(office.rooms.first?.name == "Office" && office.rooms.first?.altName == "101", "\(office.rooms)")
    }

    @Test func aPolylineEndedOnItsStartWithoutTheClosedFlagIsAnOutline() throws {
        // Ends 1e-8 apart, the closed flag unset, on a layer named for the room's function.
        var fixture = DXFFixture(insertionUnits: 6)
        fixture.add(DXFFixture.rectangle("Offices", 0, 0, 5, 4))
        fixture.add(DXFFixture.polyline("Coffee", [(5, 0), (9, 0), (9, 4), (5, 4), (5, 0.000_000_01)], closed: false))
        let result = try Self.run(fixture)
        #expect(result.report.layers[.rooms] == ["Coffee", "Offices"], "\(result.report.layers)")
        #expect(result.rooms.contains { $0.name == "Coffee" && abs(Self.area($0) - 16) < 0.01 }, "\(result.rooms)")
        #expect(result.report.openOutlines.isEmpty)
    }

    @Test func namesAreTaggedWithTheLanguageTheirScriptAllows() throws {
        func tags(_ names: [String], archive: String, given: Bool = false) throws -> (Set<String>, String?) {
            var fixture = Self.twoOffices()
            for (index, name) in names.enumerated() { fixture.add(DXFFixture.text("A-AREA-IDEN", 1 + 5 * Double(index), 2, name)) }
            let (drafts, note) = try Self.run(fixture).drafts(file: "plan.dxf", language: archive, given: given)
            let languages = drafts.compactMap { $0.properties[PropertyKey.name.rawValue]?.objectValue?.keys }.flatMap { $0 }
            return (Set(languages), note)
        }
        #expect(try tags(["计算机实验室", "走廊"], archive: "en").0 == ["zh"])
        #expect(try tags(["计算机实验室", "走廊"], archive: "en").1?.contains("tagged zh: the archive's language is en") == true)
        // Kanji with kana anywhere is Japanese; Chinese in a Chinese archive keeps its tag.
        #expect(try tags(["洗面所", "クローゼット"], archive: "en").0 == ["ja"])
        #expect(try tags(["走廊"], archive: "zh-Hans") == (["zh-Hans"], nil))
        #expect(try tags(["Кабинет"], archive: "en").0 == ["und-Cyrl"])
        #expect(try tags(["Kontor", "Mødelokale"], archive: "da") == (["da"], nil))
        #expect(try tags(["Office"], archive: "ja").0 == ["und-Latn"])
        // Given, the tag is taken whatever the script.
        #expect(try tags(["走廊"], archive: "en", given: true) == (["en"], nil))
    }

    @Test func aDrawingWithoutRoomsOrWallsIsRefusedWithItsLayers() throws {
        var fixture = DXFFixture()
        fixture.add(DXFFixture.line("Furniture", 0, 0, 1, 1))
        #expect {
            try Self.run(fixture)
        } throws: { error in
            "\(error)".contains("no layer looks like rooms") && "\(error)".contains("Furniture (1 lines)")
        }
    }

    @Test func hostileDrawingsAreRefusedOrImportNothingWithoutATrap() throws {
        // Absurd and non-finite coordinates, an empty entities section, a truncated file, bytes
        // that are no DXF at all.
        var absurd = Self.twoOffices()
        absurd.add(DXFFixture.rectangle("A-AREA", 1e300, -1e300, 1e300, 1e300))
        absurd.add(DXFFixture.line("A-WALL", .nan, 0, 1, .infinity))
        absurd.add(DXFFixture.text("A-AREA", .nan, .nan, "Nowhere"))
        // Refused, naming the first such entity's layer: no drawing means such a coordinate.
        #expect {
            try Self.run(absurd)
        } throws: { error in
            "\(error)".contains("on layer A-AREA has a coordinate no drawing has")
        }
        #expect(throws: InterchangeError.self) { try Self.run(DXFFixture()) }
        let whole = Self.twoOffices().text
        let folder = try ScratchFolder.make("dxf")
        for (name, text) in [("truncated", String(whole.prefix(whole.count / 2))), ("garbage", "\u{0}\u{1}PK\u{3}\u{4} not a drawing")] {
            let path = folder + "/\(name).dxf"
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            do {
                _ = try DXFImporter.run(try Drawing.read(path), options: DXFImportOptions(), corner: Self.corner)
            } catch {
                #expect(error.message.contains(path))
            }
        }
    }

    @Test func theBarcelonaPavilionImportsItsEnclosedRoomsFromItsWallLines() throws {
        let drawing = try Drawing.read(Samples.barcelonaPavilion)
        let result = try DXFImporter.run(drawing, options: DXFImportOptions(), corner: Self.corner)
        // Declared inches; drawn in metres.
        #expect(result.report.units.unit == .metres)
        #expect(result.report.layers[.walls]?.contains("Walls") == true)
        #expect(result.rooms.count >= 3)
        #expect(result.rooms.map(Self.area).allSatisfy { (2...200).contains($0) })
        #expect(result.report.problems.isEmpty)
        #expect(result.openings.count >= 2)
    }
}

@Suite("DXF import of a generated plan")
struct GeneratedDrawingTests {
    @Test func aGeneratedPlanImportsEveryRoomWithItsNameNumberAndDoor() throws {
        let path = try ScratchFolder.make("plan") + "/plan.dxf"
        try DrawingGenerator.plan(rows: 4, columns: 3).write(toFile: path, atomically: true, encoding: .utf8)
        let result = try DXFImporter.run(try Drawing.read(path), options: DXFImportOptions(), corner: DXFImportTests.corner)
        // The offices, and the corridor between their rows as open space.
        let offices = result.rooms.filter { $0.category != "walkway" }
        #expect(offices.count == 12)
        #expect(offices.allSatisfy { $0.name == "Office" && $0.category == "office" })
        #expect(Set(offices.compactMap(\.altName)).count == 12)
        #expect(result.report.walkways >= 1 && result.rooms.count == 12 + result.report.walkways)
        #expect(result.openings.count == 12, "\(result.report.openingSources)")
        #expect(result.report.droppedLayers.map(\.layer) == ["A-FURN"])
        #expect(result.report.problems.isEmpty)
    }
}
