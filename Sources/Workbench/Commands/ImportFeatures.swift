// `import gis|dxf FILE ...`: features read from another format, created on a level as one step.
//
// Each draft becomes a feature with a minted id (in draft order), `level_id` where its type has
// one, an amenity's `unit_ids` (or an anchor's `unit_id`) found by position among the level's
// units and the units drafted with it, and a display point where the type has one and the draft
// none (a polygon's visual centre, a line's halfway point). Polygon rings are closed and wound as
// RFC 7946 asks (exterior counter-clockwise, holes clockwise); one-part multi geometries become
// single ones.
//
// Refuses, naming each draft by its number and source, drafts of a type that does not stand on a
// level, without geometry or with the wrong kind for the type, with positions that are not
// longitudes and latitudes, invalid polygons, lines of one point, geometry more than a metre
// outside the level (unless `allowOutside`), properties the type does not define or values of
// the wrong kind (a category not in its list), a required property left out, and amenities or
// anchors in no unit. With `skipInvalid` those drafts are left out and the rest created;
// `problems(in:)` says which, with the same answer as planning. The inverse is deleting what was
// created (undo). Ids come from the IDSource, so tests and journal replay mint the same ones.

import Foundation
import Geometry
import IMDF

public struct ImportFeatures: EditCommand {
    /// Why a draft cannot be created: its number (from 1, in the order given) and its source.
    public struct Problem: Sendable, Equatable, CustomStringConvertible {
        public var index: Int
        public var source: String
        public var message: String

        public var description: String { "#\(index + 1) (\(source)): \(message)" }
    }

    /// The types a draft may have: those that stand on a level.
    public static let types: [FeatureType] = [.unit, .opening, .fixture, .section, .kiosk, .detail, .amenity, .anchor]

    /// How many problems a refusal lists before counting the rest.
    public static let problemsListed = 10
    /// The fewest drafts a run of checks on a core of its own takes: a thread's start costs more
    /// than checking fewer. A room drawn with more than four corners has its display point found
    /// by a search for the widest circle inside it, a tenth of a millisecond or more: reviewing a
    /// teaching building's 232 drafts (155 rooms), checked on one core, took 34 ms.
    static let draftsPerRun = 32

    public var drafts: [FeatureDraft]
    public var levelID: String
    /// The step's label in the history (`import gis rooms.shp`).
    public var label: String
    public var skipInvalid: Bool
    public var allowOutside: Bool
    /// The level's outline after the import, when the import gives it one: a floor plan brought
    /// onto an empty level (as a new template's is) is the level's extent. Drafts are checked
    /// against it, and the change is part of the same step.
    public var levelOutline: IMDF.Geometry?
    /// Whether an invalid polygon is made valid (GEOS's repair, then its largest part) rather than
    /// refused: outlines an importer formed itself, which the user cannot mend in the file.
    public var repairInvalid: Bool

    public init(
        _ drafts: [FeatureDraft], onLevel levelID: String, label: String, skipInvalid: Bool = false, allowOutside: Bool = false,
        levelOutline: IMDF.Geometry? = nil, repairInvalid: Bool = false
    ) {
        self.levelOutline = levelOutline
        self.repairInvalid = repairInvalid
        self.drafts = drafts
        self.levelID = levelID
        self.label = label
        self.skipInvalid = skipInvalid
        self.allowOutside = allowOutside
    }

    /// The drafts that cannot be created, in draft order; planning refuses them (or, with
    /// `skipInvalid`, leaves them out). Empty when the level itself is missing (planning says so).
    public func problems(in document: Document) -> [Problem] {
        guard document.feature(levelID)?.imdfType == .level else { return [] }
        return prepare(document).problems
    }

    /// The drafts whose polygons were invalid and are created repaired (with `repairInvalid`):
    /// what was wrong, where, and how much of the shape was kept.
    public func repairs(in document: Document) -> [Problem] {
        guard repairInvalid, document.feature(levelID)?.imdfType == .level else { return [] }
        return prepare(document).accepted.compactMap { entry in
            entry.repair.map { Problem(index: entry.index, source: entry.draft.source, message: $0) }
        }
    }

    public func plan(_ document: Document, ids: inout IDSource) throws(EditError) -> Patch {
        try reviewedPlan(document, ids: &ids).patch
    }

    /// The patch, with the drafts it leaves out (with `skipInvalid`) and those it creates
    /// repaired, from one preparation of the drafts: placing and checking every draft (display
    /// points, repairs) is most of an import's work in this process, and the report needs both.
    public func reviewedPlan(_ document: Document, ids: inout IDSource) throws(EditError) -> (
        patch: Patch, leftOut: [Problem], repaired: [Problem]
    ) {
        _ = try document.require(levelID, as: .level, argument: "level")
        guard !drafts.isEmpty else { throw EditError("\(label): there is nothing to import", argument: "FILE") }
        let prepared = prepare(document)
        let repaired =
            repairInvalid
            ? prepared.accepted.compactMap { entry in
                entry.repair.map { Problem(index: entry.index, source: entry.draft.source, message: $0) }
            }
            : []
        if !prepared.problems.isEmpty && !skipInvalid {
            throw EditError(Self.refusal(prepared.problems, of: drafts.count, label: label), argument: "FILE")
        }
        guard !prepared.accepted.isEmpty else {
            throw EditError("\(label): none of the \(drafts.count) features can be imported (\(prepared.problems[0]))", argument: "FILE")
        }
        // Ids in draft order, before any reference to them is made.
        let minted = prepared.accepted.map { _ in ids.next() }
        let unitIDs = Dictionary(uniqueKeysWithValues: zip(prepared.accepted.map(\.index), minted))
        var changes: [Change] = []
        if let levelOutline, let level = document.feature(levelID) {
            var reshaped = level
            reshaped.geometry = levelOutline
            // Its display point moves with it, to the new outline's visual centre.
            let projector = document.projector(near: levelOutline.firstPosition ?? Position(x: 0, y: 0))
            let engine = GeometryEngine()
            if let shapes = projector.polygons(levelOutline) {
                reshaped.setProperty(PropertyKey.displayPoint.rawValue, displayPoint(of: shapes, projector, engine))
            }
            changes.append(.modify(before: level, after: reshaped))
            // Its building's footprints and the venue follow, in the same step.
            changes += HierarchyGrowth.changes(from: level, to: reshaped, in: document, projector, engine)
        }
        var counts: [FeatureType: Int] = [:]
        for (entry, id) in zip(prepared.accepted, minted) {
            var values = entry.values
            switch entry.draft.type {
            case .amenity where entry.units.count > 0:
                values[.unitIDs] = .array(entry.units.map { .string($0.resolve(unitIDs)) })
            case .anchor where entry.units.count > 0:
                values[.unitID] = .string(entry.units[0].resolve(unitIDs))
            default: break
            }
            let feature = Feature(entry.draft.type, id: id, geometry: entry.geometry, values: values)
            changes.append(.create(feature, in: document.collectionKey(for: entry.draft.type), at: nil))
            counts[entry.draft.type, default: 0] += 1
        }
        let made = Self.types.compactMap { type in counts[type].map { "\($0) \(type.rawValue)\($0 == 1 ? "" : "s")" } }.joined(
            separator: ", ")
        return (Patch(label: "\(label): \(made)", changes: changes, mintedIDs: minted), skipInvalid ? prepared.problems : [], repaired)
    }

    /// "import gis rooms.shp: 3 of 40 features cannot be imported: #4 (...): ...".
    static func refusal(_ problems: [Problem], of total: Int, label: String) -> String {
        let listed = problems.prefix(problemsListed).map(\.description).joined(separator: "; ")
        let more = problems.count > problemsListed ? "; and \(problems.count - problemsListed) more" : ""
        let count =
            problems.count == total
            ? "none of the \(total) features can be imported" : "\(problems.count) of \(total) features cannot be imported"
        return "\(label): \(count): \(listed)\(more) (nothing imported; --skip-invalid imports the others)"
    }

    // MARK: - Checking and completing the drafts

    /// A unit an amenity or anchor belongs to: one of the level's, or a drafted one (by draft index).
    enum UnitReference: Equatable {
        case existing(String)
        case drafted(Int)

        func resolve(_ drafted: [Int: String]) -> String {
            switch self {
            case .existing(let id): id
            case .drafted(let index): drafted[index]!
            }
        }
    }

    struct Accepted {
        var index: Int
        var draft: FeatureDraft
        var geometry: IMDF.Geometry
        var values: [PropertyKey: JSONValue]
        var units: [UnitReference] = []
        /// The polygons in metres (units only: amenities and anchors are placed among them).
        var shapes: [Polygon]?
        /// What was wrong with the polygon and how it was repaired.
        var repair: String?
    }

    private func prepare(_ document: Document) -> (accepted: [Accepted], problems: [Problem]) {
        guard let start = drafts.lazy.compactMap({ $0.geometry?.firstPosition }).first(where: \.isLongitudeLatitude) else {
            return (
                [],
                drafts.enumerated().map {
                    Problem(index: $0.offset, source: $0.element.source, message: "has no geometry in longitude and latitude")
                }
            )
        }
        let projector = document.projector(near: start)
        let engine = GeometryEngine()
        let level = document.feature(levelID)
        let outlinePolygons = projector.polygons(levelOutline ?? level?.geometry)
        // Each draft is checked on its own (its validity, display point and place on the level,
        // most of an import's work in this process): in runs of drafts on every core, each run
        // with a GEOS context and a prepared outline of its own, as neither may be shared.
        // A run takes every `runs`-th draft, not a stretch of them: the rooms come first and the
        // openings after, and a room costs many times an opening.
        let runs = Swift.max(1, Swift.min(ProcessInfo.processInfo.activeProcessorCount, drafts.count / Self.draftsPerRun))
        let byRun = Array(0..<runs).parallelMap(heaviestFirst: { _ in 1 }) { run -> [(Accepted?, Problem?)] in
            let engine = GeometryEngine()
            let outline = outlinePolygons.map { (polygons: $0, prepared: engine.prepare($0)) }
            return stride(from: run, to: drafts.count, by: runs).map { index in
                do throws(EditError) {
                    return (try check(drafts[index], index: index, document, projector, engine, outline), nil)
                } catch {
                    return (nil, Problem(index: index, source: drafts[index].source, message: error.message))
                }
            }
        }
        // Back in the drafts' order: draft i is the (i / runs)-th of run i % runs.
        let checked = drafts.indices.map { byRun[$0 % runs][$0 / runs] }
        var accepted = checked.compactMap(\.0)
        var problems = checked.compactMap(\.1)
        // Amenities and anchors go in the units that contain them: the level's and the drafted ones.
        let draftedUnits = accepted.compactMap { entry in entry.shapes.map { (entry.index, $0) } }
        for position in accepted.indices where [.amenity, .anchor].contains(accepted[position].draft.type) {
            let entry = accepted[position]
            guard entry.draft.properties[PropertyKey.unitIDs.rawValue] == nil, entry.draft.properties[PropertyKey.unitID.rawValue] == nil,
                case .point(let place) = entry.geometry
            else { continue }
            let point = projector.point(place)
            let near = Bounds(points: [point])!.expanded(by: 0.01)
            var units = Walls.units(onLevel: levelID, near: near, document, projector)
                .filter { engine.distance(from: point, to: $0.1) == 0 }.map { (UnitReference.existing($0.0.id), $0.1) }
            units += draftedUnits.filter { engine.distance(from: point, to: $0.1) == 0 }.map { (UnitReference.drafted($0.0), $0.1) }
            guard !units.isEmpty else {
                problems.append(Problem(index: entry.index, source: entry.draft.source, message: "lies in no unit of the level"))
                accepted[position].index = -1
                continue
            }
            // An anchor has one unit: the smallest that holds it (a room, not the hall around it).
            if entry.draft.type == .anchor { units = [units.min { engine.area($0.1) < engine.area($1.1) }!] }
            accepted[position].units = units.map(\.0)
        }
        accepted.removeAll { $0.index < 0 }
        problems.sort { $0.index < $1.index }
        return (accepted, problems)
    }

    /// The draft made ready to create, or why it cannot be.
    private func check(
        _ draft: FeatureDraft, index: Int, _ document: Document, _ projector: Projector, _ engine: GeometryEngine,
        _ outline: (polygons: [Polygon], prepared: PreparedArea)?
    ) throws(EditError) -> Accepted {
        let type = draft.type
        guard Self.types.contains(type) else {
            throw EditError(
                "\(Self.article(type)) \(type.rawValue) does not stand on a level (drafts are \(Self.types.map(\.rawValue).joined(separator: ", ")))"
            )
        }
        guard var geometry = draft.geometry else {
            throw EditError("has no geometry; \(Self.article(type)) \(type.rawValue) needs \(type.geometryRule.description)")
        }
        geometry = Self.normalised(geometry)
        guard type.geometryRule.allows(geometry) else {
            throw EditError("\(Self.article(type)) \(type.rawValue) needs \(type.geometryRule.description), not a \(geometry.typeName)")
        }
        if let wrong = geometry.positions.first(where: { !$0.isLongitudeLatitude }) {
            throw EditError("the position \(wrong.x),\(wrong.y) is not a longitude and latitude")
        }
        var shapes: [Polygon]?
        var repair: String?
        switch geometry {
        case .polygon, .multiPolygon:
            guard var polygons = projector.polygons(geometry) else { throw EditError("a ring has fewer than 4 points") }
            if case .invalid(let reason, let location) = engine.validity(polygons) {
                let at =
                    location.map { point in
                        let position = projector.position(point)
                        return " at \(String(format: "%.7f,%.7f", position.x, position.y))"
                    } ?? ""
                guard repairInvalid else { throw EditError("not a valid polygon (\(reason)\(at))") }
                // GEOS's repair keeps what was drawn; a shape it splits keeps its largest part.
                let area = engine.area(polygons)
                guard let largest = engine.buffer(polygons, by: 0).max(by: { engine.area([$0]) < engine.area([$1]) }),
                    engine.area([largest]) > 0, case .valid = engine.validity([largest])
                else { throw EditError("not a valid polygon (\(reason)\(at)), and nothing valid remains of it") }
                polygons = [largest]
                geometry = Self.normalised(projector.geometry(polygons))
                repair =
                    "not a valid polygon (\(reason)\(at)): repaired, \(String(metres: engine.area([largest]))) of \(String(metres: area)) m² kept"
            }
            shapes = polygons
        case .lineString(let line):
            guard Set(line.map { [$0.x, $0.y] }).count >= 2 else { throw EditError("a line of one point") }
        case .multiLineString(let lines):
            guard lines.allSatisfy({ Set($0.map { [$0.x, $0.y] }).count >= 2 }) else { throw EditError("a line of one point") }
        default: break
        }
        if !allowOutside, let outline {
            // Most points lie on the level: a prepared test first, the distance only for the rest,
            // also from the prepared outline, whose edges are indexed once, rather than from the
            // outline built again for every point.
            let distance =
                geometry.positions.map { position in
                    let point = projector.point(position)
                    return outline.prepared.covers(point) ? 0 : outline.prepared.distance(to: point)
                }.max() ?? 0
            if distance > LevelOutline.slack {
                let name = document.feature(levelID).map { $0.described(in: document) } ?? "the level"
                throw EditError("lies \(String(metres: distance)) m outside \(name) (--outside imports it there)")
            }
        }
        var values: [PropertyKey: JSONValue] = [:]
        for entry in draft.properties {
            guard let key = PropertyKey(rawValue: entry.key), let spec = type.spec(forKey: key) else {
                throw EditError("\(Self.article(type)) \(type.rawValue) has no property \(entry.key)")
            }
            guard !entry.value.isNull else { continue }
            // The level decides these; amenities' and anchors' units may be given, and must exist.
            if key == .levelID { continue }
            try SetProperties.check(entry.value, against: spec, argument: entry.key, in: document)
            values[key] = entry.value
        }
        values[.levelID] = type.spec(forKey: .levelID) == nil ? nil : .string(levelID)
        if type.spec(forKey: .displayPoint) != nil, values[.displayPoint] == nil {
            if let shapes {
                values[.displayPoint] = displayPoint(of: shapes, projector, engine)
            } else if case .lineString(let line) = geometry {
                values[.displayPoint] = GeoJSONGeometry(.point(projector.position(Polyline.halfway(line.map(projector.point))))).json
            }
        }
        let computed: Set<PropertyKey> = [.levelID, .unitIDs, .unitID, .displayPoint]
        for spec in type.schema where spec.isRequired {
            guard let key = PropertyKey(rawValue: spec.key), !computed.contains(key), values[key] == nil else { continue }
            throw EditError("has no \(spec.key), which \(Self.article(type)) \(type.rawValue) requires")
        }
        return Accepted(
            index: index, draft: draft, geometry: geometry, values: values, shapes: type == .unit ? shapes : nil, repair: repair)
    }

    static func article(_ type: FeatureType) -> String { [.address, .amenity, .anchor, .occupant, .opening].contains(type) ? "an" : "a" }

    /// One-part multi geometries as single ones; polygon rings closed, exteriors counter-clockwise
    /// and holes clockwise.
    static func normalised(_ geometry: IMDF.Geometry) -> IMDF.Geometry {
        func ring(_ positions: [Position], exterior: Bool) -> [Position] {
            var ring = positions
            if let first = ring.first, let last = ring.last, first.x != last.x || first.y != last.y { ring.append(first) }
            return isCounterClockwise(ring) == exterior ? ring : ring.reversed()
        }
        func polygon(_ rings: [[Position]]) -> [[Position]] {
            rings.enumerated().map { ring($0.element, exterior: $0.offset == 0) }
        }
        switch geometry.singlePart {
        case .polygon(let rings): return .polygon(polygon(rings))
        case .multiPolygon(let polygons): return .multiPolygon(polygons.map(polygon))
        case let single: return single
        }
    }

    /// The winding of a ring in degrees: the sign of its area is the same in metres. A ring of
    /// fewer than three points counts as counter-clockwise (it is refused elsewhere).
    static func isCounterClockwise(_ ring: [Position]) -> Bool {
        ring.count < 3 || GeometryEngine.isCounterClockwise(ring.map { Point(x: $0.x, y: $0.y) })
    }
}
