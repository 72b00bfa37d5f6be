import Geometry
import IMDF
import Testing

@testable import Workbench

@Suite("Importing drafted features")
struct ImportFeaturesTests {
    let document = smallVenue()

    var level: Feature { document.firstLevel }
    /// The level's south-west corner, in metres.
    var corner: (x: Double, y: Double) {
        let bounds = document.polygons(level)[0].bounds
        return (bounds.minX, bounds.minY)
    }

    func unit(_ x: Double, _ y: Double, _ width: Double, _ height: Double, category: String = "office", source: String) -> FeatureDraft {
        FeatureDraft(
            type: .unit, geometry: .polygon(document.rectangle(corner.x + x, corner.y + y, width, height)),
            properties: ["category": .string(category), "name": ["en": .string(source)]], source: source)
    }

    @Test func draftsBecomeFeaturesOfTheLevelInOneStep() throws {
        var history = History(document: document)
        var clockwise = unit(1, 1, 3, 2, source: "a")
        if case .polygon(let rings)? = clockwise.geometry { clockwise.geometry = .multiPolygon([[rings[0].reversed()]]) }
        let door = FeatureDraft(
            type: .opening,
            geometry: .lineString([document.position(corner.x + 1.5, corner.y + 1), document.position(corner.x + 2.5, corner.y + 1)]),
            properties: ["category": "pedestrian"], source: "door")
        let drafts = [clockwise, unit(1, 3, 3, 2, category: "restroom", source: "b"), door]
        var ids = IDSource(seed: 5)
        let patch = try history.perform(ImportFeatures(drafts, onLevel: level.id, label: "import test"), ids: &ids)
        #expect(patch.label == "import test: 2 units, 1 opening")
        #expect(patch.mintedIDs.count == 3)
        #expect(history.undoStack.count == 1)
        let units = patch.mintedIDs.prefix(2).compactMap { history.document.feature($0) }
        let engine = GeometryEngine()
        for unit in units {
            #expect(unit.string(.levelID) == level.id)
            #expect(unit.properties.keys == FeatureType.unit.schema.map(\.key))
            // One-part multi polygons are plain polygons; exteriors run counter-clockwise.
            guard case .polygon(let rings)? = unit.geometry else {
                Issue.record("not a polygon: \(String(describing: unit.geometry))")
                continue
            }
            #expect(GeometryEngine.isCounterClockwise(rings[0].map(document.point)))
            let display = try #require(unit.point(.displayPoint))
            #expect(engine.distance(from: document.point(display), to: document.polygons(unit)) == 0)
        }
        #expect(units.map { $0.string(.category) } == ["office", "restroom"])
        let opening = try #require(history.document.feature(patch.mintedIDs[2]))
        #expect(opening.string(.levelID) == level.id)
        let halfway = document.point(try #require(opening.point(.displayPoint)))
        #expect(abs(halfway.x - (corner.x + 2)) < 0.001 && abs(halfway.y - (corner.y + 1)) < 0.001)

        // Undo takes the whole import back; redo puts back exactly the same features.
        let after = history.document
        try history.undo()
        #expect(history.document == document)
        try history.redo()
        #expect(history.document == after)
    }

    @Test func planningIsPureAndMintsTheSameIdsFromTheSameSource() throws {
        let command = ImportFeatures(
            [unit(1, 1, 3, 2, source: "a"), unit(1, 3, 3, 2, source: "b")], onLevel: level.id, label: "import test")
        var first = IDSource(seed: 9)
        var second = IDSource(seed: 9)
        let one = try command.plan(document, ids: &first)
        let two = try command.plan(document, ids: &second)
        #expect(one == two)
        var replay = IDSource(replaying: one.mintedIDs)
        #expect(try command.plan(document, ids: &replay) == one)
    }

    @Test func amenitiesAndAnchorsGoInTheUnitsThatHoldThem() throws {
        var history = History(document: document)
        let room = document.rooms[0]
        let box = document.box(room)
        let inRoom = document.position(box.x + 1, box.y + 1)
        let drafts = [
            unit(40, 40, 4, 4, source: "new room"),
            FeatureDraft(
                type: .amenity, geometry: .point(document.position(corner.x + 42, corner.y + 42)), properties: ["category": "atm"],
                source: "atm"),
            FeatureDraft(type: .amenity, geometry: .point(inRoom), properties: ["category": "drinkingfountain"], source: "fountain"),
            FeatureDraft(type: .anchor, geometry: .point(inRoom), source: "anchor"),
        ]
        var ids = IDSource(seed: 3)
        let patch = try history.perform(ImportFeatures(drafts, onLevel: level.id, label: "import test", allowOutside: true), ids: &ids)
        let made = patch.mintedIDs.compactMap { history.document.feature($0) }
        #expect(made[1].strings(.unitIDs) == [patch.mintedIDs[0]])
        #expect(made[2].strings(.unitIDs) == [room.id])
        #expect(made[3].string(.unitID) == room.id)
        #expect(made[1].property(.levelID) == nil)
    }

    @Test func invalidDraftsAreRefusedByNumberAndSourceAndNothingChanges() throws {
        var history = History(document: document)
        let p = { (x: Double, y: Double) in self.document.position(self.corner.x + x, self.corner.y + y) }
        let drafts = [
            unit(1, 1, 3, 2, source: "rooms.shp feature 0"),
            FeatureDraft(type: .unit, geometry: .point(p(1, 1)), properties: ["category": "office"], source: "rooms.shp feature 1"),
            unit(1, 3, 3, 2, category: "ofice", source: "rooms.shp feature 2"),
            FeatureDraft(
                type: .unit, geometry: .polygon([[p(0, 0), p(2, 2), p(2, 0), p(0, 2), p(0, 0)]]), properties: ["category": "office"],
                source: "rooms.shp feature 3"),
            unit(500, 0, 3, 3, source: "rooms.shp feature 4"),
            FeatureDraft(
                type: .unit, geometry: .polygon(document.rectangle(corner.x + 5, corner.y + 1, 2, 2)),
                properties: ["colour": "red", "category": "office"],
                source: "rooms.shp feature 5"),
            FeatureDraft(type: .anchor, geometry: .point(p(-0.5, -0.5)), source: "rooms.shp feature 6"),
            FeatureDraft(
                type: .unit, geometry: .polygon(document.rectangle(corner.x + 5, corner.y + 4, 2, 2)), source: "rooms.shp feature 7"),
            FeatureDraft(type: .level, geometry: .polygon(document.rectangle(corner.x, corner.y, 2, 2)), source: "rooms.shp feature 8"),
            FeatureDraft(type: .opening, geometry: nil, properties: ["category": "pedestrian"], source: "rooms.shp feature 9"),
        ]
        let command = ImportFeatures(drafts, onLevel: level.id, label: "import gis rooms.shp")
        let problems = command.problems(in: document)
        #expect(problems.map(\.index) == [1, 2, 3, 4, 5, 6, 7, 8, 9])
        #expect(problems[0].description == "#2 (rooms.shp feature 1): a unit needs a Polygon or MultiPolygon, not a Point")
        #expect(problems[1].message.contains("\"ofice\" is not in UNIT-CATEGORY; did you mean \"office\"?"))
        #expect(problems[2].message.contains("not a valid polygon"))
        #expect(problems[3].message.contains("m outside level"))
        #expect(problems[4].message == "a unit has no property colour")
        #expect(problems[5].message == "lies in no unit of the level")
        #expect(problems[6].message == "has no category, which a unit requires")
        #expect(problems[7].message.hasPrefix("a level does not stand on a level"))
        #expect(problems[8].message.hasPrefix("has no geometry"))

        let error = try #require(refusal(command, on: &history))
        #expect(
            error.message.hasPrefix("import gis rooms.shp: 9 of 10 features cannot be imported: #2 (rooms.shp feature 1): a unit needs"))
        #expect(error.message.hasSuffix("(nothing imported; --skip-invalid imports the others)"))

        // Left to the caller: the valid one is created, the others left out.
        var ids = IDSource(seed: 4)
        var skipping = command
        skipping.skipInvalid = true
        let patch = try history.perform(skipping, ids: &ids)
        #expect(patch.mintedIDs.count == 1)
        #expect(history.document.feature(patch.mintedIDs[0])?.labels(.name)?["en"] == "rooms.shp feature 0")
    }

    /// Enough drafts to be checked in several runs at once: what is accepted, and what is
    /// refused, comes out in the drafts' order, each problem with its own draft's number.
    @Test func manyDraftsCheckedInRunsKeepTheirOrder() throws {
        let bounds = document.polygons(level)[0].bounds
        let (columns, rows) = (30, 24)
        let (width, height) = (bounds.width / Double(columns), bounds.height / Double(rows))
        #expect(columns * rows >= 2 * ImportFeatures.draftsPerRun)
        var drafts: [FeatureDraft] = []
        for row in 0..<rows {
            for column in 0..<columns {
                let number = drafts.count
                drafts.append(
                    unit(
                        Double(column) * width + width / 4, Double(row) * height + height / 4, width / 2, height / 2,
                        category: number % 97 == 5 ? "ofice" : "office", source: "room \(number)"))
            }
        }
        let refused = Array(stride(from: 5, to: drafts.count, by: 97))
        var command = ImportFeatures(drafts, onLevel: level.id, label: "import test")
        #expect(command.problems(in: document).map(\.index) == refused)
        #expect(command.problems(in: document).allSatisfy { $0.source == "room \($0.index)" })
        command.skipInvalid = true
        var history = History(document: document)
        var ids = IDSource(seed: 3)
        let patch = try history.perform(command, ids: &ids)
        let names = patch.mintedIDs.compactMap { history.document.feature($0)?.labels(.name)?["en"] }
        #expect(names == drafts.indices.filter { !refused.contains($0) }.map { "room \($0)" })
    }

    /// Shapes an importer formed itself are repaired rather than refused: the bow tie keeps a
    /// valid part, and the repair is listed with where it was.
    @Test func withRepairAnInvalidPolygonIsMadeValidAndListed() throws {
        let p = { (x: Double, y: Double) in self.document.position(self.corner.x + x, self.corner.y + y) }
        let bowTie = FeatureDraft(
            type: .unit, geometry: .polygon([[p(0, 0), p(2, 2), p(2, 0), p(0, 2), p(0, 0)]]),
            properties: ["category": "office"], source: "plan.dxf room 1")
        let refusing = ImportFeatures(
            [bowTie, unit(3, 0, 2, 2, source: "plan.dxf room 2")], onLevel: level.id, label: "import dxf plan.dxf")
        #expect(refusing.problems(in: document).first?.message.contains("not a valid polygon") == true)
        var repairing = refusing
        repairing.repairInvalid = true
        #expect(repairing.problems(in: document).isEmpty)
        let repairs = repairing.repairs(in: document)
        #expect(repairs.count == 1 && repairs[0].index == 0, "\(repairs)")
        #expect(repairs[0].message.contains("not a valid polygon (") && repairs[0].message.contains("): repaired,"), "\(repairs)")
        var history = History(document: document)
        var ids = IDSource(seed: 9)
        let patch = try history.perform(repairing, ids: &ids)
        let repaired = try #require(history.document.feature(patch.mintedIDs[0]))
        let shapes = history.document.polygons(repaired)
        #expect(shapes.count == 1)
        #expect(GeometryEngine().validity(shapes) == .valid)
    }

    @Test func importingNothingOrOntoNoLevelIsRefused() throws {
        var history = History(document: document)
        #expect(
            refusal(ImportFeatures([], onLevel: level.id, label: "import gis empty.geojson"), on: &history)?.message
                == "import gis empty.geojson: there is nothing to import")
        #expect(
            refusal(ImportFeatures([unit(1, 1, 2, 2, source: "a")], onLevel: document.rooms[0].id, label: "import"), on: &history)?.argument
                == "level")
        var skipping = ImportFeatures(
            [FeatureDraft(type: .unit, geometry: nil, source: "x")], onLevel: level.id, label: "import", skipInvalid: true)
        skipping.skipInvalid = true
        #expect(refusal(skipping, on: &history)?.message.hasPrefix("import: none of the 1 features can be imported") == true)
    }
}
