// A DXF drawing to rooms with names and doors on their walls, placed on the earth: the steps, in
// order - clutter out, layers chosen, unit checked, rooms found, labels and doors placed,
// georeferenced - each reporting what it did.

import Foundation
import Geometry
import HelperProtocol
import IMDF

public struct ImportedRoom: Sendable, Equatable {
    /// Exterior ring first (counter-clockwise), then holes; longitude, latitude.
    public var rings: [[Point]]
    public var name: String?
    public var altName: String?
    /// The unit category its type, name or layer says; nil (a `room`) when nothing tells.
    public var category: String?
}

public struct ImportedOpening: Sendable, Equatable {
    /// Longitude, latitude, along the room's wall.
    public var line: [Point]
    public var width: Double
    /// What showed the door: "block", "swing" or "gap".
    public var source: String
    /// Indexes into the rooms: the room whose wall it is on, and the room on the other side.
    public var rooms: [Int]
}

public struct DXFImportResult: Sendable {
    public var rooms: [ImportedRoom]
    public var openings: [ImportedOpening]
    /// The plan's footprint: the rooms united across the walls between them (gaps up to 0.6 m
    /// closed), as polygons of rings in longitude, latitude; the outline of a level that holds
    /// just this plan.
    public var footprint: [[[Point]]]
    public var report: DXFImportReport
}

public enum DXFImporter {
    /// Imports `drawing`. Without control points the plan's south-west corner goes to `corner`
    /// (longitude, latitude), north up.
    public static func run(_ drawing: Drawing, options: DXFImportOptions, corner: Point) throws(InterchangeError) -> DXFImportResult {
        let first = try runOnce(drawing, options: options, corner: corner)
        // The unit judged by the rooms themselves: when none was given and the rooms formed have
        // a median area no room has, the scale whose median would be plausible is tried, and
        // kept when its rooms are; still implausible, the import is refused with the numbers.
        guard options.units == nil, options.metresPerUnit == nil, options.controls.isEmpty, let median = first.report.medianRoomArea,
            !UnitCheck.tolerableMedianRoomArea.contains(median)
        else { return first }
        let current = first.report.units.metresPerUnit
        let extent = drawing.entities.filter { !$0.paperSpace }.reduce(Bounds.empty) { $0.union($1.shape.bounds) }.longerSide
        let candidates = (DrawingUnit.allCases.map(\.metres) + UnitCheck.sheetScales.map(\.metres)).filter { metres in
            metres != current && UnitCheck.planExtent.contains(extent * metres)
                && UnitCheck.medianRoomArea.contains(median * (metres / current) * (metres / current))
        }
        // The candidate putting the median nearest a typical room's area.
        let typical = 20.0
        func distance(_ metres: Double) -> Double { abs(log(median * (metres / current) * (metres / current) / typical)) }
        if let best = candidates.min(by: { distance($0) < distance($1) }) {
            var retried = options
            retried.metresPerUnit = best
            var second = try runOnce(drawing, options: retried, corner: corner)
            if let area = second.report.medianRoomArea, UnitCheck.medianRoomArea.contains(area) {
                second.report.units = UnitChoice(
                    unit: DrawingUnit.allCases.first { $0.metres == best } ?? .millimetres, declared: first.report.units.declared,
                    reason:
                        "\(UnitCheck.describe(metresPerUnit: best)): at \(UnitCheck.describe(metresPerUnit: current)) (\(first.report.units.reason)) the median room would be \(Self.area(median)) m², at this scale it is \(Self.area(area)) m² (--units to override)",
                    metresPerUnit: best)
                return second
            }
        }
        throw InterchangeError(
            "\(drawing.path): at \(UnitCheck.describe(metresPerUnit: current)) (\(first.report.units.reason)) the median room would be \(Self.area(median)) m², which no plan has (rooms are \(Int(UnitCheck.medianRoomArea.lowerBound))-\(Int(UnitCheck.medianRoomArea.upperBound)) m²), and no unit makes it plausible; nothing imported. Give the unit with --units (mm, cm, m, in, ft, or metres per drawing unit), or the layers with --rooms-layer and --walls-layer (see --list)"
        )
    }

    /// A hatch no larger than this across (metres) fills a column or a pier, not a floor.
    static let largestSolidFill = 1.5
    /// Openings in the outer walls up to this wide (metres) are bridged for the floor's outline:
    /// an entrance or a glazed front wider than a door.
    static let widestEntrance = 6.0

    static func area(_ value: Double) -> String { value >= 100 ? String(Int(value.rounded())) : String(format: "%.1f", value) }

    static func runOnce(_ drawing: Drawing, options: DXFImportOptions, corner: Point) throws(InterchangeError) -> DXFImportResult {
        let engine = GeometryEngine()
        var all = drawing.entities
        var report = DXFImportReport(units: UnitChoice(unit: .metres, declared: nil, reason: ""))
        report.paperSpaceEntities = all.filter(\.paperSpace).count
        all.removeAll(where: \.paperSpace)

        // Coordinates no plan has (non-finite, or beyond a million kilometres in millimetres),
        // then clutter far from the plan, or outside the window asked for.
        let usable = all.filter { $0.shape.points.allSatisfy { $0.x.isFinite && $0.y.isFinite && abs($0.x) < 1e12 && abs($0.y) < 1e12 } }
        var (kept, strays) = Extent.split(usable, window: options.extent)
        report.straysDropped = strays.count + all.count - usable.count

        // Layers.
        let decision = try LayerChoice.decide(kept, given: options.layers, path: drawing.path)
        let roles = decision.roles
        report.layers = roles
        report.layerReasons = decision.reasons
        let used = Set(roles.values.flatMap { $0 })
        var dropped: [String: Int] = [:]
        for entity in kept where !used.contains(entity.layer) { dropped[entity.layer, default: 0] += 1 }
        report.droppedLayers = dropped.sorted { $0.key < $1.key }.map { DXFImportReport.DroppedLayer(layer: $0.key, entities: $0.value) }
        // Each role's entities, picked out of all once: copying entities is what an import of a
        // large plan spends most on, after GEOS.
        var picked: [LayerRole: [DrawingEntity]] = [:]
        func on(_ role: LayerRole) -> [DrawingEntity] {
            if let known = picked[role] { return known }
            let names = Set(roles[role] ?? [])
            let found = kept.filter { names.contains($0.layer) }
            picked[role] = found
            return found
        }
        let doorBlocks = Set(drawing.blocks.keys.filter { LayerConventions.named($0, .doors) })
        // Quarter arcs drawn with the walls (drawings with everything on one layer) are swings.
        func isSwing(_ entity: DrawingEntity) -> Bool { if case .arc(let arc) = entity.kind { arc.isQuarter } else { false } }
        func doorEntities() -> [DrawingEntity] {
            on(.doors) + on(.walls).filter(isSwing)
                + kept.filter { if case .insert(let insert) = $0.kind { doorBlocks.contains(insert.block) } else { false } }
        }

        // Unit, checked against the content.
        var doorParts = DoorFinder.parts(doorEntities(), blocks: drawing.blocks)
        let planBounds = kept.reduce(Bounds.empty) { $0.union($1.shape.bounds) }
        // The sheet a plan is drawn on is the whole drawing, frame and title block included.
        let sheetBounds = usable.reduce(Bounds.empty) { $0.union($1.shape.bounds) }
        let evidence = SizeEvidence(
            roomAreas: on(.rooms).flatMap(Self.outlines).map { abs(GeometryEngine.signedArea($0)) },
            doorWidths: doorWidths(doorParts, leaves: on(.doors)),
            textHeights: kept.compactMap(\.textHeight),
            extent: planBounds.longerSide,
            sheet: sheetBounds.isEmpty ? nil : (sheetBounds.longerSide, Swift.min(sheetBounds.width, sheetBounds.height)))
        report.units = UnitCheck.choose(
            declaredCode: drawing.header.insertionUnits, evidence: evidence, given: options.units, givenScale: options.metresPerUnit)
        let scale = report.units.metresPerUnit
        let toMetres: (Point) -> Point = { Point(x: $0.x * scale, y: $0.y * scale) }
        func metric(_ entities: [DrawingEntity]) -> [DrawingEntity] { entities.map { $0.mapped(toMetres, scale: scale) } }

        // Several plans side by side on one sheet (PlanSheet): the one asked for, the others
        // reported with where they are.
        var walls = metric(on(.walls))
        var roomOutlines = metric(on(.rooms))
        if options.extent == nil {
            let plans = PlanSheet.plans(
                in: walls.flatMap { Self.lines($0.shape) }, joinedBy: roomOutlines.flatMap(Self.outlines).compactMap { Bounds(points: $0) })
            if plans.count >= 2 {
                let chosen = Swift.min(Swift.max(options.planOnSheet, 0), plans.count - 1)
                report.plansOnSheet = plans.map {
                    Bounds(minX: $0.minX / scale, minY: $0.minY / scale, maxX: $0.maxX / scale, maxY: $0.maxY / scale)
                }
                report.planImported = chosen
                let window = plans[chosen].expanded(by: PlanSheet.reach)
                kept = kept.filter { window.contains(toMetres($0.shape.bounds.centre)) }
                picked = [:]
                doorParts = DoorFinder.parts(doorEntities(), blocks: drawing.blocks)
                // The same entities as converting the plan's again, without converting them.
                walls = walls.filter { window.contains($0.shape.bounds.centre) }
                roomOutlines = roomOutlines.filter { window.contains($0.shape.bounds.centre) }
            }
        }

        // Rooms.
        // A swing drawn on a wall layer would wall the door's gap off, and cut into the room.
        let wallLines = walls.filter { entity in
            guard isSwing(entity), case .arc(let arc) = entity.kind else { return true }
            return !DoorFinder.leaf.contains(arc.radius)
        }.flatMap { Self.lines($0.shape) }
        let textEntities = metric(on(.text))
        // A layer both of rooms and of texts gives its texts once.
        let roomLayerTexts = metric(
            on(.rooms).filter {
                guard case .text = $0.kind else { return false }
                return !(roles[.text] ?? []).contains($0.layer)
            })
        var found = RoomFinder.rooms(fromRoomLayers: roomOutlines, engine)
        let outlined = !found.rooms.isEmpty
        // Rooms formed from the walls round labels: the walls closed at other widths too, begun
        // on the other cores before the labels are read and the plan's own closing is made. A
        // plan with texts has labels among them; where it has none, the widths not yet begun
        // are cancelled.
        let labelled = !outlined && !(textEntities.isEmpty && roomLayerTexts.isEmpty)
        let otherClosings = !labelled || wallLines.isEmpty ? nil : RoomSeeds.OtherClosings(lines: wallLines, gap: options.doorGap)
        defer { otherClosings?.cancel() }
        let texts = RoomNaming.read(textEntities + roomLayerTexts, peopleLeftOut: &report.peopleLeftOut)
        let seeds = outlined ? [] : RoomSeeds.seeds(texts)
        if seeds.isEmpty { otherClosings?.cancel() }
        // The spaces the walls enclose and the floor's outline, once: rooms where no layer
        // outlines them; beside outlined rooms, the rooms they leave out; the open space.
        let plan =
            wallLines.isEmpty
            ? (spaces: [], outline: [], open: [])
            : engine.wallPlan(
                of: wallLines, closingGapsUpTo: options.doorGap, bridging: Self.widestEntrance, smallest: RoomFinder.smallestSpace,
                openFloor: !outlined)
        if found.rooms.isEmpty {
            found = RoomFinder.rooms(fromSpaces: plan.spaces, engine)
            if let otherClosings, !seeds.isEmpty {
                report.roomsAroundLabels = RoomSeeds.grow(
                    &found.rooms, seeds: seeds, spaces: plan.spaces, gap: options.doorGap, outline: plan.outline,
                    otherClosings: otherClosings, engine)
            }
            report.roomSource =
                wallLines.isEmpty
                ? "no closed outlines and no wall lines"
                : "formed from \(wallLines.count) wall lines on \(roles[.walls]!.joined(separator: ", "))"
        } else {
            report.roomSource = "closed outlines on \(roles[.rooms]!.joined(separator: ", "))"
        }
        if found.rooms.isEmpty {
            var lineLayers: [String: Int] = [:]
            for entity in kept where !(roles[.walls] ?? []).contains(entity.layer) && !LayerConventions.isClutter(entity.layer) {
                if case .line = entity.kind { lineLayers[entity.layer, default: 0] += 1 }
            }
            let others = lineLayers.sorted { $0.value > $1.value }.prefix(8).map { "\($0.key) (\($0.value) lines)" }
            let walls = roles[.walls] ?? []
            report.hint =
                "no room found: "
                + (walls.isEmpty
                    ? "no wall layer" : "the \(wallLines.count) wall lines on \(walls.joined(separator: ", ")) enclose nothing")
                + (others.isEmpty
                    ? "" : "; other layers with lines: \(others.joined(separator: ", ")) - add the ones that draw walls with --walls-layer")
        }
        report.duplicatesDropped = found.duplicates
        report.outlinesDropped = found.outlines
        report.tooSmallDropped = found.tooSmall
        report.repaired = found.repaired
        report.closedOutlines = found.closed
        report.openOutlines = found.leftOpen.map {
            DXFImportReport.OpenOutline(at: Point(x: $0.at.x / scale, y: $0.at.y / scale), gap: $0.gap)
        }
        var rooms = found.rooms
        // The median of every shape the rooms were chosen from: at a wrong unit the rooms are
        // the ones dropped as too large (or small) for rooms.
        let areas = (rooms.isEmpty ? found.areas : rooms.map { engine.area([$0.outline]) }).sorted()
        report.medianRoomArea = areas.isEmpty ? nil : areas[areas.count / 2]

        // The whole floor: spaces the walls enclose beside outlined rooms, and the open space.
        let drawn = rooms.count
        let whole = FloorFinder.whole(
            rooms, outlined: outlined, plan: plan,
            wallsTrusted: (roles[.walls] ?? []).contains(where: { !decision.wallsByContent.contains($0) }), doorWidth: options.doorGap,
            engine)
        rooms = whole.rooms
        let floor = whole.outline
        report.spacesAdded = whole.spacesAdded
        report.walkways = whole.walkways
        report.walkwayArea = whole.walkwayArea
        let enclosed = rooms.count - report.walkways

        // Names.
        let unplaced = RoomNaming.name(
            &rooms, texts: texts, roomLayers: Set(roles[.rooms] ?? []), engine, unknownTypes: &report.unknownTypes)
        for room in rooms { report.categories[room.category ?? "room", default: 0] += 1 }
        report.unplacedLabels = unplaced.map { DXFImportReport.Label(text: $0.text, at: Point(x: $0.at.x / scale, y: $0.at.y / scale)) }

        // Doors. A gap in the walls is looked for without the windows, so that a window's gap
        // is told from a door's and counted; columns and small solid fills fill gaps too.
        // Names are judged once each: a drawing has thousands of entities but few layers and blocks.
        let names = Set(kept.map(\.layer)).union(kept.compactMap(\.block))
        let windowNames = names.filter(LayerConventions.namesWindows)
        let columnNames = names.filter(LayerConventions.namesColumns)
        func isWindow(_ entity: DrawingEntity) -> Bool {
            windowNames.contains(entity.layer) || entity.block.map(windowNames.contains) == true
        }
        func isColumn(_ entity: DrawingEntity) -> Bool {
            if columnNames.contains(entity.layer) || entity.block.map(columnNames.contains) == true { return true }
            guard case .area = entity.kind, !(roles[.rooms] ?? []).contains(entity.layer) else { return false }
            let bounds = entity.shape.bounds
            return Swift.max(bounds.width, bounds.height) * scale <= Self.largestSolidFill
        }
        let solidWalls = walls.filter { !isWindow($0) }.flatMap { Self.lines($0.shape) }
        let fillers = [
            GapFiller(kind: "window", lines: metric(kept.filter(isWindow)).flatMap { Self.lines($0.shape) }),
            GapFiller(kind: "column", lines: metric(kept.filter(isColumn)).flatMap { Self.lines($0.shape) }),
        ]
        let doors = DoorFinder.openings(
            parts: doorParts.map { DoorShape(parts: metric($0.parts), source: $0.source) }, rooms: rooms.map(\.outline),
            enclosed: enclosed, searchedForGaps: drawn, wallLines: wallLines.isEmpty ? [] : solidWalls, fillers: fillers,
            tags: RoomNaming.scheduleTags(textEntities), widestGap: options.doorGap,
            engine)
        report.unplacedDoors = doors.unplaced
        report.rejectedGaps = doors.rejectedGaps

        // The earth.
        let placement: PlanPlacement
        if options.controls.isEmpty {
            placement = .unreferenced(planBounds: rooms.reduce(Bounds.empty) { $0.union($1.outline.bounds) }, at: corner)
        } else {
            placement = try PlanPlacement.fitted(
                options.controls, planPoints: options.controls.map { toMetres($0.drawing) }, kind: options.fit)
        }
        report.residuals = placement.residuals
        report.rmse = placement.rmse
        report.scale = placement.transform.scale
        let extent = rooms.reduce(Bounds.empty) { $0.union($1.outline.bounds) }
        if extent.hasArea {
            report.placement = [
                Point(x: extent.minX, y: extent.minY), Point(x: extent.maxX, y: extent.minY), Point(x: extent.minX, y: extent.maxY),
            ].map { DXFImportReport.Tie(drawing: Point(x: $0.x / scale, y: $0.y / scale), position: placement.position($0)) }
        }

        // The rooms' problems and the plan's footprint, at the same time: neither needs the other.
        let outlinesFound = rooms.map(\.outline)
        let (problems, footprintInMetres) = inParallel(
            { RoomFinder.problems(outlinesFound, GeometryEngine()) },
            {
                // The floor's outline and the rooms it does not cover: united, only those are worked on.
                let engine = GeometryEngine()
                let covering = engine.prepare(floor)
                let outlines = floor + outlinesFound.filter { floor.isEmpty || !covering.covers([$0]) }
                // United on Clipper's grid: GEOS's union of the rooms, which share their walls'
                // edges, took 10-11 ms of a teaching building's floor, Clipper's 2.5-4.
                return engine.buffer(engine.buffer(engine.unionOnGrid(outlines), by: 0.6), by: -0.6)
            })
        report.problems = problems
        let placed = rooms.map { room in
            ImportedRoom(
                rings: ([room.outline.exterior] + room.outline.holes).map { $0.map(placement.position) }, name: room.name,
                altName: room.altName, category: room.category)
        }
        let openings = doors.openings.map { door in
            ImportedOpening(
                line: door.line.map(placement.position), width: door.width * placement.transform.scale, source: door.source,
                rooms: door.rooms)
        }
        let outside = placed.flatMap { $0.rings.flatMap { $0 } } + openings.flatMap(\.line)
        if let wrong = outside.first(where: { !($0.x.isFinite && $0.y.isFinite && abs($0.x) <= 180 && abs($0.y) <= 90) }) {
            throw InterchangeError(
                "\(drawing.path): the plan would land at \(wrong.x), \(wrong.y), which is no longitude and latitude; check the control points and the unit (\(report.units.unit.name))"
            )
        }
        report.rooms = placed.count
        report.named = placed.filter { $0.name != nil }.count
        report.openings = openings.count
        for opening in openings { report.openingSources[opening.source, default: 0] += 1 }
        let footprint = footprintInMetres.map { polygon in ([polygon.exterior] + polygon.holes).map { $0.map(placement.position) } }
        return DXFImportResult(rooms: placed, openings: openings, footprint: footprint, report: report)
    }

    /// The widths doors are drawn at: their swings' radii; where no door has a swing, the lines
    /// on door layers, which are then the leaves (and some frames).
    static func doorWidths(_ doors: [DoorShape], leaves: [DrawingEntity]) -> [Double] {
        let radii = doors.flatMap(\.parts).compactMap { part -> Double? in if case .arc(let arc) = part.kind { arc.radius } else { nil } }
        guard radii.isEmpty else { return radii }
        return leaves.compactMap { entity in
            guard case .line = entity.kind, case .lineString(let points) = entity.shape, points.count == 2 else { return nil }
            return points[0].distance(to: points[1])
        }
    }

    /// The closed outlines of an entity (closed polylines, hatches), in its coordinates.
    static func outlines(_ entity: DrawingEntity) -> [[Point]] {
        switch entity.kind {
        case .closedLine, .area:
            return entity.shape.parts.compactMap { part in
                switch part {
                case .polygon(let rings): return rings.first
                case .lineString(let points) where points.count >= 4 && points.first == points.last: return points
                default: return nil
                }
            }
        default: return []
        }
    }

    /// The linework of a shape: line strings, and polygon rings as lines.
    static func lines(_ shape: Shape) -> [[Point]] {
        // The simple shapes, tens of thousands in a drawing, without the arrays `parts` makes.
        switch shape {
        case .lineString(let points): return [points]
        case .polygon(let rings): return rings
        case .point: return []
        case .collection: break
        }
        return shape.parts.flatMap { part -> [[Point]] in
            switch part {
            case .lineString(let points): return [points]
            case .polygon(let rings): return rings
            case .point, .collection: return []
            }
        }
    }
}

extension Bounds {
    var longerSide: Double { isEmpty ? 0 : Swift.max(width, maxY - minY) }
}
