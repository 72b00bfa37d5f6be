// The walkable network `graph build` makes from the plan, before it becomes path nodes: a node on
// each opening, joined to a node inside each unit it opens into (the unit's display point, or its
// visual centre when that is not inside); in walkable units (walkways, lobbies, ... and any unit
// with more than two openings, or whose doors cannot be reached in a straight line from its
// centre) the unit's medial axis, joined to its openings and its centre; and between levels of
// adjacent ordinals in one building, the nodes of overlapping stairs, elevators, escalators and
// ramps (the centre; for stairs, escalators and ramps the landing, the corner farthest from the
// doors, with a node for the way up and one for the way down; a stairwell drawn as legs from leg
// to leg), and amenities of those categories one above the other (sharing a correlation id, or
// within 2 m), each with a node joined into its unit as a door is. No in-plan edge leaves its
// unit, and no two in-plan nodes it links are further apart than the spacing.

import Geometry
import IMDF
import Synchronization

/// How the generated part of the routing graph is told apart and what it means.
public enum GeneratedGraph {
    /// The middle of an opening's line in metres (of its longest part, for a MultiLineString);
    /// nil for an opening without a line of two points.
    static func middle(ofOpening opening: Feature, _ projector: Projector) -> Point? {
        let lines: [[Point]]
        switch opening.geometry {
        case .lineString(let line)?: lines = [line.map(projector.point)]
        case .multiLineString(let parts)?: lines = parts.map { $0.map(projector.point) }
        default: return nil
        }
        guard let line = lines.max(by: { Polyline.length($0) < Polyline.length($1) }), line.count >= 2 else { return nil }
        return Polyline.halfway(line)
    }

    /// The tag every generated node carries (`--replace` removes exactly these).
    public static let tag = "generated"

    /// The tag of a flight's second landing node, where the way up leaves (see VerticalNodes).
    public static let wayUpTag = "up"

    /// Unit categories whose space is walked through: each gets a network along its middle.
    public static let walkableCategories: Set<String> = [
        "walkway", "lobby", "footbridge", "platform", "movingwalkway", "unenclosedarea", "waitingroom", "parking",
    ]

    /// Unit categories no one walks into: no node.
    public static let solidCategories: Set<String> = [
        "structure", "column", "brick", "concrete", "drywall", "glass", "wood", "opentobelow", "vegetation", "walkway.island",
    ]

    /// Units that join levels, and what a change of one level through them costs, in metres of
    /// walking: a flight of stairs, an escalator or a ramp about a storey's slope; an elevator its
    /// ride of a storey. A vertical link's cost is its plan length plus this for each level it
    /// spans. (The flights themselves are walked in plan besides: see VerticalNodes.)
    public static let levelCost: [String: Double] = ["stairs": 8, "escalator": 8, "ramp": 12, "elevator": 5]

    /// What stepping on or off a way between levels costs besides, in metres of walking: the wait
    /// for an elevator's car, about 30 s at walking pace, half on the way in and half on the way
    /// out. So one storey is taken by the stairs, and several by the elevator, as people do.
    public static let boardingCost: [String: Double] = ["elevator": 20]

    /// How far an opening may stand from a unit it opens into (walls drawn as gaps between units).
    public static let doorReach = 0.5

    /// The margin an edge may run outside its unit (a door laid on the wall's other face).
    static let slack = 0.15

    struct Node: Sendable {
        var point: Point
        var levelID: String
        var tags: [String]
        /// The unit or opening it stands for (navPathAssocieted).
        var associated: String?
    }

    /// The network of some levels, in metres of the document's frame.
    struct Plan: Sendable {
        var nodes: [Node] = []
        var edges = Set<WalkNetwork.Edge>()
        /// Links from a new node to a node already in the document.
        var outside: [(node: Int, existing: String)] = []

        mutating func add(_ node: Node) -> Int {
            nodes.append(node)
            return nodes.count - 1
        }

        /// No link inside one unit is longer than this (metres); a longer one comes of a coordinate slip.
        static let longestLink = 10_000.0

        /// Links `a` and `b`, with nodes between them so that none is further than `spacing` from the next.
        mutating func join(_ a: Int, _ b: Int, spacing: Double) {
            guard a != b else { return }
            let start = nodes[a].point
            let end = nodes[b].point
            // A point from a broken coordinate (not finite, or kilometres off) is linked to nothing.
            let length = start.distance(to: end)
            guard length.isFinite, length <= Self.longestLink else { return }
            let pieces = Swift.max(1, Int(saturating: (length / spacing).rounded(.up)))
            var previous = a
            if pieces > 1 {
                for piece in 1..<pieces {
                    let t = Double(piece) / Double(pieces)
                    let point = Point(x: start.x + t * (end.x - start.x), y: start.y + t * (end.y - start.y))
                    let next = add(Node(point: point, levelID: nodes[a].levelID, tags: [GeneratedGraph.tag], associated: nil))
                    edges.insert(WalkNetwork.Edge(previous, next))
                    previous = next
                }
            }
            edges.insert(WalkNetwork.Edge(previous, b))
        }

        /// Links the vertical features `below` and `above` (units or amenities, by id) through their
        /// nodes (the way up from the one below, the way down from the one above): both new, or
        /// one new and the other's node kept from an earlier build; nothing where neither is new.
        mutating func linkLevels(_ below: String, _ above: String, nodes: VerticalNodes<Int>, existing: VerticalNodes<String>) {
            switch (nodes.wayUp(from: below), nodes.wayDown[above]) {
            case (let first?, let second?): edges.insert(WalkNetwork.Edge(first, second))
            case (let first?, nil): if let kept = existing.wayDown[above] { outside.append((first, kept)) }
            case (nil, let second?): if let kept = existing.wayUp(from: below) { outside.append((second, kept)) }
            case (nil, nil): break
            }
        }
    }

    /// The nodes that join levels, by the unit or amenity they stand for: its node, where the way
    /// down (and up) leaves; and for a flight with a landing, a second node there, where the way
    /// up leaves. The two are joined only through the flight's doors, so a route that passes a
    /// level on the stairs walks the flight up to the door and back, as a person on a dog-leg
    /// stair walks both flights in plan for each storey passed. `Node` names a node: its number
    /// in a plan being made, or its id for the nodes of an earlier build.
    struct VerticalNodes<Node: Sendable>: Sendable {
        var wayDown: [String: Node] = [:]
        var up: [String: Node] = [:]

        func wayUp(from id: String) -> Node? { up[id] ?? wayDown[id] }
    }

    /// One unit as the builder sees it.
    struct Space {
        var unit: Feature
        var polygons: [Polygon]
        var area: SlackArea
        var centre: Point
        var openings: [(node: Int, point: Point)] = []
        /// Amenities that mark the unit's own flight (stairs in a stairs unit): joined to its
        /// landing only, as a place to go, not a way between its two landing nodes.
        var markers: [(node: Int, point: Point)] = []
        var category: String
    }

    /// A unit's shape grown by `slack`, asked by planar arithmetic first; GEOS buffers and
    /// prepares it only when that cannot say for sure (a door far off a wall, a diagonal walk past
    /// a corner).
    final class SlackArea {
        let polygons: [Polygon]
        private let engine: GeometryEngine
        private var grown: PreparedArea?

        init(_ polygons: [Polygon], _ engine: GeometryEngine) {
            self.polygons = polygons
            self.engine = engine
        }

        private var prepared: PreparedArea {
            if let grown { return grown }
            let area = engine.prepare(engine.buffer(polygons, by: slack))
            grown = area
            return area
        }

        func covers(_ point: Point) -> Bool { polygons.surelyWithin(slack, of: point) || prepared.covers(point) }

        func covers(segment a: Point, _ b: Point) -> Bool {
            polygons.surelyCover(segment: a, b, within: slack) || prepared.covers(segment: a, b)
        }

        /// Metres from `point` to the unit itself (not grown).
        func distance(to point: Point) -> Double { polygons.planarDistance(to: point) ?? engine.distance(from: point, to: polygons) }
    }

    /// The network of the levels `levelIDs` (all of one document), with links to the generated
    /// vertical nodes of adjacent levels outside them (`existingVertical`: unit id to its node).
    static func plan(
        levels levelIDs: [String], spacing: Double, existingVertical: VerticalNodes<String>, _ document: Document, _ projector: Projector
    ) -> Plan {
        let engine = GeometryEngine()
        var plan = Plan()
        var vertical = VerticalNodes<Int>()
        let amenities = verticalAmenities(document)
        // Levels are planned on all cores, each with its own GEOS engine, and joined in the order
        // given, so the nodes (and the ids minted for them) are the same as one after the other.
        let axes = AxisCache()
        let accessibilityRecorded = recordsDoorAccessibility(document)
        let parts = levelIDs.parallelMap(heaviestFirst: { document.count(ofType: FeatureType.unit.rawValue, onLevel: $0) }) {
            levelID -> LevelPart in
            var part = LevelPart()
            planLevel(
                levelID, spacing: spacing, amenities: amenities, into: &part.plan, vertical: &part.vertical, document, projector,
                GeometryEngine(), axes: axes, accessibilityRecorded: accessibilityRecorded)
            return part
        }
        for part in parts {
            let offset = plan.nodes.count
            plan.nodes += part.plan.nodes
            for edge in part.plan.edges { plan.edges.insert(WalkNetwork.Edge(edge.a + offset, edge.b + offset)) }
            for (id, node) in part.vertical.wayDown { vertical.wayDown[id] = node + offset }
            for (id, node) in part.vertical.up { vertical.up[id] = node + offset }
        }
        linkLevels(levelIDs, plan: &plan, vertical: vertical, existing: existingVertical, document, projector, engine)
        linkAmenities(levelIDs, amenities, plan: &plan, vertical: vertical, existing: existingVertical, document, projector)
        return plan
    }

    /// Medial axes by the shape of their space, shared by the levels planned at once: the same
    /// corridor drawn on every floor of a building (stacked floor plates, copied plans) is worked
    /// out once and moved into place. A shape is its rings relative to its first point, to the
    /// micrometre.
    final class AxisCache: Sendable {
        struct Key: Hashable, Sendable {
            var rings: [[Point]]
            var spacing: Double
        }
        private let axes = Mutex<[Key: WalkNetwork]>([:])

        func axis(of polygon: Polygon, spacing: Double, _ engine: GeometryEngine) -> WalkNetwork {
            guard let origin = polygon.exterior.first, origin.x.isFinite, origin.y.isFinite else {
                return engine.medialAxis(of: polygon, spacing: spacing)
            }
            func relative(_ point: Point) -> Point {
                Point(x: ((point.x - origin.x) * 1e6).rounded() / 1e6, y: ((point.y - origin.y) * 1e6).rounded() / 1e6)
            }
            let rings = ([polygon.exterior] + polygon.holes).map { $0.map(relative) }
            let key = Key(rings: rings, spacing: spacing)
            // Worked out on the shape as the key holds it, so the axis is the same whichever
            // level comes first.
            let known = axes.withLock { $0[key] }
            let axis =
                known ?? engine.medialAxis(of: Polygon(exterior: rings[0], holes: Array(rings.dropFirst())), spacing: spacing)
            if known == nil { axes.withLock { $0[key] = axis } }
            return WalkNetwork(points: axis.points.map { Point(x: $0.x + origin.x, y: $0.y + origin.y) }, edges: axis.edges)
        }
    }

    /// The tag that marks a node a wheelchair cannot pass, followed by why (`inaccessible:revolving door`).
    public static let barrierPrefix = "inaccessible:"

    /// Door types a wheelchair cannot pass unless the opening's `accessibility` says it can.
    public static let inaccessibleDoorTypes: Set<String> = ["revolving", "turnstile", "turnstile.fullheight", "turnstile.waistheight"]

    /// Whether the archive records wheelchair access on its openings: some opening lists
    /// `wheelchair` in its `accessibility`. Then an opening that does not is taken as closed to
    /// wheelchairs; where none does, the data says nothing either way.
    static func recordsDoorAccessibility(_ document: Document) -> Bool {
        document.features(of: .opening).contains { ($0.strings(.accessibility) ?? []).contains("wheelchair") }
    }

    /// Why a wheelchair cannot pass `opening`, or nil: a revolving door or turnstile (unless its
    /// `accessibility` lists `wheelchair`), or no `wheelchair` in its `accessibility` where the
    /// archive records it on other openings.
    static func doorBarrier(_ opening: Feature, accessibilityRecorded: Bool) -> String? {
        let accessibility = opening.strings(.accessibility) ?? []
        if accessibility.contains("wheelchair") { return nil }
        if let type = opening.property(.door)?.objectValue?["type"]?.stringValue, inaccessibleDoorTypes.contains(type) {
            return type.hasPrefix("turnstile") ? "a turnstile" : "a \(type) door"
        }
        return accessibilityRecorded ? "a door without wheelchair access" : nil
    }

    /// The network of one level, its nodes numbered from 0.
    struct LevelPart: Sendable {
        var plan = Plan()
        var vertical = VerticalNodes<Int>()
    }

    /// Amenities that are a way between levels (an elevator or stairs drawn as a point in a
    /// corridor, as many plans do), by the unit they are in.
    static func verticalAmenities(_ document: Document) -> [String: [Feature]] {
        var byUnit: [String: [Feature]] = [:]
        for amenity in document.features(of: .amenity) where levelCost[amenity.string(.category) ?? ""] != nil {
            guard case .point? = amenity.geometry, let unit = amenity.strings(.unitIDs)?.first else { continue }
            byUnit[unit, default: []].append(amenity)
        }
        return byUnit
    }

    private static func planLevel(
        _ levelID: String, spacing: Double, amenities: [String: [Feature]], into plan: inout Plan, vertical: inout VerticalNodes<Int>,
        _ document: Document, _ projector: Projector, _ engine: GeometryEngine, axes: AxisCache, accessibilityRecorded: Bool
    ) {
        var spaces: [Space] = []
        let onLevel = document.features(onLevel: levelID)
        for unit in onLevel where unit.imdfType == .unit {
            let category = unit.string(.category) ?? ""
            guard !solidCategories.contains(category), let polygons = projector.polygons(unit.geometry), !polygons.isEmpty else {
                continue
            }
            let area = SlackArea(polygons, engine)
            var centre = unit.point(.displayPoint).map(projector.point)
            if let given = centre, !polygons.surelyInside(given), !engine.prepare(polygons).covers(given) { centre = nil }
            guard let inside = centre ?? engine.interiorPoint(polygons) else { continue }
            spaces.append(Space(unit: unit, polygons: polygons, area: area, centre: inside, category: category))
        }
        let spaceBounds = spaces.map { $0.polygons.reduce(Bounds.empty) { $0.union($1.bounds) } }
        // A node on each opening, in the (at most two) units it opens into.
        for opening in onLevel where opening.imdfType == .opening {
            guard let middle = GeneratedGraph.middle(ofOpening: opening, projector) else { continue }
            guard let box = Bounds(points: [middle])?.expanded(by: doorReach) else { continue }
            let joined = spaces.indices.compactMap { index -> (Int, Double)? in
                guard spaceBounds[index].intersects(box) else { return nil }
                let distance = spaces[index].area.distance(to: middle)
                return distance <= doorReach ? (index, distance) : nil
            }.sorted { $0.1 < $1.1 || ($0.1 == $1.1 && spaces[$0.0].unit.id < spaces[$1.0].unit.id) }.prefix(2)
            guard !joined.isEmpty else { continue }
            let barrier = doorBarrier(opening, accessibilityRecorded: accessibilityRecorded)
            let node = plan.add(
                Node(point: middle, levelID: levelID, tags: [tag] + (barrier.map { [barrierPrefix + $0] } ?? []), associated: opening.id))
            for (index, _) in joined { spaces[index].openings.append((node, middle)) }
        }
        // A node on each vertical amenity, joined into its unit as a door is (one that marks
        // the unit's own flight, to its landing).
        for index in spaces.indices {
            for amenity in amenities[spaces[index].unit.id] ?? [] {
                guard case .point(let position)? = amenity.geometry else { continue }
                let point = projector.point(position)
                guard spaces[index].area.covers(point) else { continue }
                let kind = amenity.string(.category) ?? ""
                let node = plan.add(Node(point: point, levelID: levelID, tags: [tag, kind], associated: amenity.id))
                if marksOwnFlight(kind, unitCategory: spaces[index].category) {
                    // No vertical node: nothing links it to another level (the unit's flight does).
                    spaces[index].markers.append((node, point))
                } else {
                    vertical.wayDown[amenity.id] = node
                    spaces[index].openings.append((node, point))
                }
            }
        }
        for var space in spaces {
            let kind = levelCost[space.category] != nil ? [space.category] : []
            let flight = flightCategories.contains(space.category) && !space.openings.isEmpty
            if flight, let landing = landing(of: space, engine) { space.centre = landing }
            let centre = plan.add(Node(point: space.centre, levelID: levelID, tags: [tag] + kind, associated: space.unit.id))
            vertical.wayDown[space.unit.id] = centre
            // The way up leaves the landing from a node of its own (see VerticalNodes).
            var ends = [centre]
            if flight {
                let up = plan.add(Node(point: space.centre, levelID: levelID, tags: [tag] + kind + [wayUpTag], associated: space.unit.id))
                vertical.up[space.unit.id] = up
                ends.append(up)
            }
            for marker in space.markers { joinMarker(marker, to: centre, space, &plan, spacing: spacing, engine) }
            let straight = space.openings.allSatisfy { covers(space, from: $0.point, to: space.centre, engine) }
            if !walkableCategories.contains(space.category) && space.openings.count <= 2 && straight {
                for opening in space.openings {
                    for end in ends { plan.join(opening.node, end, spacing: spacing) }
                }
                continue
            }
            // The space's middle, each part of it, joined to its openings and its centre.
            var network: [WalkNetwork.Edge] = []
            for polygon in space.polygons {
                let axis = axes.axis(of: polygon, spacing: spacing, engine)
                let first = plan.nodes.count
                for point in axis.points { _ = plan.add(Node(point: point, levelID: levelID, tags: [tag], associated: nil)) }
                for edge in axis.edges {
                    let shifted = WalkNetwork.Edge(first + edge.a, first + edge.b)
                    plan.edges.insert(shifted)
                    network.append(shifted)
                }
            }
            guard !network.isEmpty else {
                // Too small or too broken for an axis: its doors meet at its centre, where the way is straight.
                for opening in space.openings where covers(space, from: opening.point, to: space.centre, engine) {
                    for end in ends { plan.join(opening.node, end, spacing: spacing) }
                }
                continue
            }
            for entry in space.openings.map(\.node) + ends {
                joinToNetwork(entry, &network, space, &plan, spacing: spacing, engine)
            }
        }
    }

    /// Whether an amenity of `kind` in a unit of `unitCategory` marks the unit's own flight
    /// (stairs in a stairs unit): the unit joins the levels from its landing, and the amenity
    /// is a place in it rather than a second way.
    static func marksOwnFlight(_ kind: String, unitCategory: String) -> Bool {
        flightCategories.contains(kind) && kind == unitCategory
    }

    /// Joins a marker to the unit's node, straight where the way stays inside, else not at all:
    /// a dead end either way, never a way between the landing's two nodes.
    private static func joinMarker(
        _ marker: (node: Int, point: Point), to centre: Int, _ space: Space, _ plan: inout Plan, spacing: Double, _ engine: GeometryEngine
    ) {
        guard covers(space, from: marker.point, to: plan.nodes[centre].point, engine) else { return }
        plan.join(marker.node, centre, spacing: spacing)
    }

    /// Links `entry` to the network at the foot of the shortest straight way inside the space to
    /// one of its edges (a node put there when the foot falls between the edge's ends).
    private static func joinToNetwork(
        _ entry: Int, _ network: inout [WalkNetwork.Edge], _ space: Space, _ plan: inout Plan, spacing: Double, _ engine: GeometryEngine
    ) {
        let here = plan.nodes[entry].point
        var candidates: [(edge: Int, foot: Point, distance: Double)] = []
        for (index, edge) in network.enumerated() {
            let a = plan.nodes[edge.a].point
            let b = plan.nodes[edge.b].point
            let dx = b.x - a.x
            let dy = b.y - a.y
            let squared = dx * dx + dy * dy
            let t = squared == 0 ? 0 : Swift.max(0, Swift.min(1, ((here.x - a.x) * dx + (here.y - a.y) * dy) / squared))
            let foot = Point(x: a.x + t * dx, y: a.y + t * dy)
            candidates.append((index, foot, foot.distance(to: here)))
        }
        candidates.sort { $0.distance < $1.distance }
        for candidate in candidates.prefix(12) where covers(space, from: here, to: candidate.foot, engine) {
            let edge = network[candidate.edge]
            let ends = [edge.a, edge.b]
            // A foot within a few centimetres of an end is that end.
            if let end = ends.first(where: { plan.nodes[$0].point.distance(to: candidate.foot) < 0.05 }) {
                plan.join(entry, end, spacing: spacing)
                return
            }
            let foot = plan.add(Node(point: candidate.foot, levelID: plan.nodes[entry].levelID, tags: [tag], associated: nil))
            plan.edges.remove(edge)
            plan.edges.insert(WalkNetwork.Edge(edge.a, foot))
            plan.edges.insert(WalkNetwork.Edge(foot, edge.b))
            network[candidate.edge] = WalkNetwork.Edge(edge.a, foot)
            network.append(WalkNetwork.Edge(foot, edge.b))
            plan.join(entry, foot, spacing: spacing)
            return
        }
    }

    /// Units whose way between levels is walked in plan as well as climbed: a flight of stairs, an
    /// escalator, a ramp runs the length of its unit.
    static let flightCategories: Set<String> = ["stairs", "escalator", "ramp"]

    /// How far in from a corner (metres, towards the centre) the landing node stands.
    static let landingInset = 0.75

    /// Where the way up or down leaves a stairwell (or escalator, ramp): the corner of the unit
    /// farthest from its nearest door, a little in from the walls, where a straight way from each
    /// door stays inside. A person who comes in at the door walks the flight to there, as the
    /// flight runs, before the level changes (a dog-leg stair brings them back above the door).
    /// Nil where the unit has no door or no corner qualifies: its centre stays.
    static func landing(of space: Space, _ engine: GeometryEngine) -> Point? {
        guard !space.openings.isEmpty, let ring = space.polygons.first?.exterior, ring.count >= 4 else { return nil }
        var best: (point: Point, reach: Double)?
        for corner in ring.dropLast() {
            let length = corner.distance(to: space.centre)
            guard length.isFinite, length > 2 * landingInset else { continue }
            let t = landingInset / length
            let point = Point(x: corner.x + t * (space.centre.x - corner.x), y: corner.y + t * (space.centre.y - corner.y))
            guard space.polygons.surelyInside(point),
                let reach = space.openings.map({ $0.point.distance(to: point) }).min(),
                space.openings.allSatisfy({ covers(space, from: $0.point, to: point, engine) })
            else { continue }
            if reach > (best?.reach ?? -1) + 1e-9 { best = (point, reach) }
        }
        return best?.point
    }

    /// Whether the straight way from `start` (perhaps a door a little off the unit) to `end` stays in the space.
    static func covers(_ space: Space, from start: Point, to end: Point, _ engine: GeometryEngine) -> Bool {
        var start = start
        let off = space.area.distance(to: start)
        let length = start.distance(to: end)
        if off > slack, length > 0 {
            // A door laid on the far face of a thick wall: the way counts from where it meets the unit.
            let t = Swift.min(1, off / length)
            start = Point(x: start.x + t * (end.x - start.x), y: start.y + t * (end.y - start.y))
        }
        return space.area.covers(segment: start, end)
    }

    /// Vertical links: in each building, the centres of overlapping units of one vertical category
    /// on levels of adjacent ordinals.
    private static func linkLevels(
        _ levelIDs: [String], plan: inout Plan, vertical: VerticalNodes<Int>, existing: VerticalNodes<String>, _ document: Document,
        _ projector: Projector, _ engine: GeometryEngine
    ) {
        let inScope = Set(levelIDs)
        var buildings: [String: [(ordinal: Int, level: String)]] = [:]
        for level in document.features(of: .level) {
            guard let ordinal = level.integer(.ordinal) else { continue }
            buildings[level.strings(.buildingIDs)?.first ?? "", default: []].append((ordinal, level.id))
        }
        for (_, levels) in buildings.sorted(by: { $0.key < $1.key }) {
            let ordinals = Set(levels.map(\.ordinal)).sorted()
            for (lower, upper) in zip(ordinals, ordinals.dropFirst()) {
                let below = levels.filter { $0.ordinal == lower }.map(\.level)
                let above = levels.filter { $0.ordinal == upper }.map(\.level)
                for a in below {
                    for b in above where inScope.contains(a) || inScope.contains(b) {
                        linkUnits(between: a, and: b, &plan, vertical, existing, document, projector, engine)
                    }
                }
            }
        }
    }

    /// Vertical amenities of one category on levels of adjacent ordinals in one building, linked
    /// where they share a correlation id or stand within `amenityReach` of each other.
    private static func linkAmenities(
        _ levelIDs: [String], _ amenities: [String: [Feature]], plan: inout Plan, vertical: VerticalNodes<Int>,
        existing: VerticalNodes<String>, _ document: Document, _ projector: Projector
    ) {
        let inScope = Set(levelIDs)
        var byLevel: [String: [(amenity: Feature, point: Point)]] = [:]
        for (unitID, list) in amenities {
            guard let level = document.feature(unitID)?.string(.levelID) else { continue }
            for amenity in list {
                guard case .point(let position)? = amenity.geometry else { continue }
                byLevel[level, default: []].append((amenity, projector.point(position)))
            }
        }
        var buildings: [String: [(ordinal: Int, level: String)]] = [:]
        for level in document.features(of: .level) where byLevel[level.id] != nil {
            guard let ordinal = level.integer(.ordinal) else { continue }
            buildings[level.strings(.buildingIDs)?.first ?? "", default: []].append((ordinal, level.id))
        }
        for (_, levels) in buildings.sorted(by: { $0.key < $1.key }) {
            let ordinals = Set(levels.map(\.ordinal)).sorted()
            for (lower, upper) in zip(ordinals, ordinals.dropFirst()) {
                for a in levels where a.ordinal == lower {
                    for b in levels where b.ordinal == upper && (inScope.contains(a.level) || inScope.contains(b.level)) {
                        for below in byLevel[a.level] ?? [] {
                            for above in byLevel[b.level] ?? [] {
                                guard below.amenity.string(.category) == above.amenity.string(.category) else { continue }
                                let correlated = below.amenity.string(.correlationID).map { $0 == above.amenity.string(.correlationID) }
                                guard correlated ?? (below.point.distance(to: above.point) <= amenityReach) else { continue }
                                plan.linkLevels(below.amenity.id, above.amenity.id, nodes: vertical, existing: existing)
                            }
                        }
                    }
                }
            }
        }
    }

    /// How near two vertical amenities without correlation ids must stand, one above the other, to be one way up.
    static let amenityReach = 2.0

    /// Units of one flight category this near each other on a level (metres) are parts of one
    /// stairwell: the legs of a dog-leg stair drawn each as a unit, sharing an edge or a thin line.
    static let stairwellReach = 0.2

    /// Links the overlapping vertical units of levels `a` (below) and `b` (above). Elevators, and
    /// a stairwell drawn as one unit a level, go straight up: the unit to the one above it. A
    /// stairwell drawn as several touching units a level (the legs of a dog-leg stair) goes from
    /// leg to leg: a person who comes down a storey walks one leg from the floor to the half-landing
    /// and the other leg down to the floor below, so the largest unit of the stairwell above (the
    /// leg with the half-landing) is linked to the unit of the stairwell below that lies beside it,
    /// not under it. Each leg then carries one way only (down from the half-landing, or up from
    /// the floor), and a route that passes a level walks on it from the leg it arrives by to the
    /// leg it leaves by, as on the stairs themselves, where linking each leg to the one stacked
    /// under it would pass every level without a step.
    private static func linkUnits(
        between a: String, and b: String, _ plan: inout Plan, _ vertical: VerticalNodes<Int>, _ existing: VerticalNodes<String>,
        _ document: Document, _ projector: Projector, _ engine: GeometryEngine
    ) {
        func ways(_ level: String) -> [(unit: Feature, shape: OverlapShape)] {
            document.features(onLevel: level).filter { $0.imdfType == .unit && levelCost[$0.string(.category) ?? ""] != nil }
                .compactMap { unit in projector.polygons(unit.geometry).map { (unit, OverlapShape($0)) } }
        }
        let upper = ways(b)
        let lower = ways(a)
        let upperWells = stairwells(upper)
        let lowerWells = stairwells(lower)
        func overlap(_ lowerIndex: Int, _ upperIndex: Int) -> Double {
            guard lower[lowerIndex].unit.string(.category) == upper[upperIndex].unit.string(.category),
                lower[lowerIndex].shape.bounds.intersects(upper[upperIndex].shape.bounds)
            else { return 0 }
            return engine.intersectionArea(lower[lowerIndex].shape, upper[upperIndex].shape)
        }
        // The pairs one above the other, grouped by the stairwells they belong to.
        var pairsByWells: [Pair: [(lower: Int, upper: Int, overlap: Double)]] = [:]
        var paired = (lower: Set<Int>(), upper: Set<Int>())
        for lowerIndex in lower.indices {
            for upperIndex in upper.indices {
                let shared = overlap(lowerIndex, upperIndex)
                guard shared > 0.05 else { continue }
                pairsByWells[Pair(lowerWells[lowerIndex], upperWells[upperIndex]), default: []].append((lowerIndex, upperIndex, shared))
                paired.lower.insert(lowerIndex)
                paired.upper.insert(upperIndex)
            }
        }
        // A flight that nothing overlaps on the other level, drawn there beside it (the flight
        // below, the landing round it above), is joined to what it touches.
        for lowerIndex in lower.indices where !paired.lower.contains(lowerIndex) {
            let category = lower[lowerIndex].unit.string(.category) ?? ""
            guard flightCategories.contains(category) else { continue }
            for upperIndex in upper.indices where !paired.upper.contains(upperIndex) && upper[upperIndex].unit.string(.category) == category
            {
                guard lower[lowerIndex].shape.bounds.expanded(by: stairwellReach).intersects(upper[upperIndex].shape.bounds),
                    shapeDistance(lower[lowerIndex].shape.polygons, upper[upperIndex].shape.polygons) <= stairwellReach
                else { continue }
                pairsByWells[Pair(lowerWells[lowerIndex], upperWells[upperIndex]), default: []].append((lowerIndex, upperIndex, 0))
            }
        }
        let lowerMembers = Dictionary(grouping: lower.indices, by: { lowerWells[$0] })
        let upperMembers = Dictionary(grouping: upper.indices, by: { upperWells[$0] })
        for wells in pairsByWells.keys.sorted() {
            let pairs = pairsByWells[wells] ?? []
            let lowerLegs = lowerMembers[wells.first] ?? []
            let upperLegs = upperMembers[wells.second] ?? []
            guard lowerLegs.count > 1 || upperLegs.count > 1 else {
                for pair in pairs {
                    plan.linkLevels(lower[pair.lower].unit.id, upper[pair.upper].unit.id, nodes: vertical, existing: existing)
                }
                continue
            }
            // The leg with the half-landing: the largest (ties to the first id).
            let areas = upperLegs.map { engine.area(upper[$0].shape.polygons) }
            guard let top = zip(upperLegs, areas).max(by: { ($0.1, upper[$1.0].unit.id) < ($1.1, upper[$0.0].unit.id) })?.0 else {
                continue
            }
            // The leg below beside it (not under it), the nearest; else the one most under it.
            let beside = lowerLegs.filter { overlap($0, top) <= 0.05 }
                .map { ($0, shapeDistance(lower[$0].shape.polygons, upper[top].shape.polygons)) }
                .min { ($0.1, lower[$0.0].unit.id) < ($1.1, lower[$1.0].unit.id) }
            let under = pairs.filter { $0.upper == top }.max {
                ($0.overlap, lower[$1.lower].unit.id) < ($1.overlap, lower[$0.lower].unit.id)
            }
            guard let bottom = beside?.0 ?? under?.lower else { continue }
            plan.linkLevels(lower[bottom].unit.id, upper[top].unit.id, nodes: vertical, existing: existing)
        }
    }

    /// Two stairwells, the one below and the one above, by their numbers on their levels.
    struct Pair: Hashable, Comparable {
        var first: Int
        var second: Int
        init(_ first: Int, _ second: Int) {
            self.first = first
            self.second = second
        }
        static func < (left: Pair, right: Pair) -> Bool { (left.first, left.second) < (right.first, right.second) }
    }

    /// The stairwell each unit belongs to, numbered from 0 in the order of their first units:
    /// units of one flight category within `stairwellReach` of each other, and of each other's
    /// neighbours, are one; an elevator (whose cars stand side by side) is always one alone.
    static func stairwells(_ units: [(unit: Feature, shape: OverlapShape)]) -> [Int] {
        var parts = Parts(units.count)
        for first in units.indices {
            let category = units[first].unit.string(.category) ?? ""
            guard flightCategories.contains(category) else { continue }
            for second in units.indices where second > first && units[second].unit.string(.category) == category {
                guard units[first].shape.bounds.expanded(by: stairwellReach).intersects(units[second].shape.bounds),
                    shapeDistance(units[first].shape.polygons, units[second].shape.polygons) <= stairwellReach
                else { continue }
                parts.join(first, second)
            }
        }
        var numbers: [Int: Int] = [:]
        return units.indices.map { index in
            let top = parts.root(index)
            if let known = numbers[top] { return known }
            numbers[top] = numbers.count
            return numbers[top] ?? 0
        }
    }

    /// Metres between two shapes, by planar arithmetic: 0 where one holds a corner of the other,
    /// else the least distance from a corner of either to the other's rings (exact for shapes
    /// that do not cross).
    static func shapeDistance(_ first: [Polygon], _ second: [Polygon]) -> Double {
        var nearest = Double.infinity
        for (these, those) in [(first, second), (second, first)] {
            for polygon in these {
                for ring in [polygon.exterior] + polygon.holes {
                    for corner in ring {
                        guard let distance = those.planarDistance(to: corner) else { continue }
                        nearest = Swift.min(nearest, distance)
                        if nearest == 0 { return 0 }
                    }
                }
            }
        }
        return nearest
    }
}
