// The routing graph of a document's path nodes: shortest routes (Dijkstra over lengths in metres,
// each step weighted by the node it enters) and reachability of units. A route may start or end
// at a node or at a feature a node is associated with (navPathAssocieted), or at an amenity, anchor
// or occupant through the unit it is in. Links between levels are ordinary links (the real graph
// joins floors and the outdoors through them); a link between two nodes tagged with one kind of
// vertical unit (stairs, elevator, escalator, ramp: what `graph build` makes) also costs that
// kind's price per level (GeneratedGraph.levelCost) and is reported as a change of level by it; a
// step onto or off a node of a kind (an elevator's) costs its boarding price besides.

import Geometry
import IMDF

public struct Route: Sendable, Equatable {
    public var nodes: [String]
    /// Metres along the route, each step multiplied by the weight of the node it enters.
    public var length: Double
    /// Where the route goes from one level to another, in order.
    public var levelChanges: [LevelChange] = []

    public init(nodes: [String], length: Double, levelChanges: [LevelChange] = []) {
        self.nodes = nodes
        self.length = length
        self.levelChanges = levelChanges
    }
}

/// A step of a route between levels: from the node on one to the node on the other, and how
/// (stairs, elevator, escalator, ramp), where the nodes say.
public struct LevelChange: Sendable, Equatable {
    public var fromNode: String
    public var toNode: String
    public var fromLevel: String?
    public var toLevel: String?
    public var kind: String?
}

public struct RoutingGraph {
    struct Node {
        var id: String
        var point: Point
        var weight: Double
        var neighbours: [String]
        var level: String?
        var ordinal: Int?
        /// The vertical kind the node is tagged with (stairs, elevator, escalator, ramp).
        var kind: String?
        /// Why a wheelchair cannot pass (a tag, or the unit the node stands in), for accessible
        /// routes and the message of a failed one; worked out when first asked.
        var barrier: String??
        var tags: [String]
    }

    /// The nodes a search has read, each read from the document once, when the search first
    /// reaches it: a route reads the part of the graph it explores, not the whole graph.
    private final class Nodes {
        var read: [String: Node?] = [:]
        var engine: GeometryEngine?
        /// Levels' ordinals, as nodes name their levels.
        var ordinals: [String: Int?] = [:]
    }

    private let document: Document
    private let projector: Projector?
    private let nodes = Nodes()

    /// Unit categories a wheelchair route avoids, and the node tags that mark them.
    public static let inaccessibleUnitCategories: Set<String> = ["stairs", "steps", "escalator"]

    public init(_ document: Document) {
        self.document = document
        projector = document.workingProjector
    }

    /// The node `id`, read from the document the first time; nil when `id` is not a located path node.
    private func node(_ id: String) -> Node? {
        if let known = nodes.read[id] { return known }
        var result: Node?
        if let projector, let feature = document.feature(id), RoutingFormat.isNode(feature), case .point(let position)? = feature.geometry {
            let level = feature.string(.levelID)
            var ordinal: Int?
            if let level {
                if let known = nodes.ordinals[level] {
                    ordinal = known
                } else {
                    ordinal = document.feature(level)?.integer(.ordinal)
                    nodes.ordinals[level] = .some(ordinal)
                }
            }
            let tags = (feature.strings(RoutingExtension.tags) ?? []).map { $0.lowercased() }
            result = Node(
                id: id, point: projector.point(position), weight: feature.property(RoutingExtension.weight)?.doubleValue ?? 1,
                neighbours: feature.strings(RoutingExtension.neighbours) ?? [], level: level, ordinal: ordinal,
                kind: tags.first { GeneratedGraph.levelCost[$0] != nil }, barrier: nil, tags: tags)
        }
        nodes.read[id] = .some(result)
        return result
    }

    /// Why a wheelchair cannot pass node `id`: a tag naming stairs, steps or an escalator, or such a unit it stands in.
    private func barrier(_ id: String) -> String? {
        guard var node = node(id) else { return nil }
        if let known = node.barrier { return known }
        var found =
            node.tags.first { $0.hasPrefix(GeneratedGraph.barrierPrefix) }.map { String($0.dropFirst(GeneratedGraph.barrierPrefix.count)) }
            ?? Self.inaccessibleUnitCategories.first { category in node.tags.contains { $0.contains(category) } }
        if found == nil, let level = node.level, let projector, let box = Bounds(points: [node.point]) {
            for unit in document.features(onLevel: level, near: box) where unit.imdfType == .unit {
                guard let category = unit.string(.category), Self.inaccessibleUnitCategories.contains(category),
                    let shapes = projector.polygons(unit.geometry)
                else { continue }
                let distance: Double
                if let planar = shapes.planarDistance(to: node.point) {
                    distance = planar
                } else {
                    let engine = nodes.engine ?? GeometryEngine()
                    nodes.engine = engine
                    distance = engine.distance(from: node.point, to: shapes)
                }
                if distance == 0 {
                    found = category
                    break
                }
            }
        }
        node.barrier = .some(found)
        nodes.read[id] = .some(node)
        return found
    }

    private func blockedForWheelchairs(_ id: String) -> Bool { barrier(id) != nil }

    /// The nodes associated with `id` (navPathAssocieted), in the order of the associations.
    private func associated(_ id: String) -> [String] {
        document.referrers(of: id).compactMap { referrer -> (Int, String)? in
            guard let association = document.feature(referrer), association.featureType == RoutingFormat.associationType,
                association.string("associeted_id") == id, let nodeID = association.string("pathNode_id"), node(nodeID) != nil
            else { return nil }
            return (document.order(of: referrer) ?? 0, nodeID)
        }.sorted { $0 < $1 }.map(\.1)
    }

    /// Features of `type` whose `key` names `id`, in document order.
    private func referring(to id: String, type: FeatureType, by key: PropertyKey) -> [Feature] {
        document.referrers(of: id).compactMap { referrer -> (Int, Feature)? in
            guard let feature = document.feature(referrer), feature.imdfType == type, feature.string(key) == id else { return nil }
            return (document.order(of: referrer) ?? 0, feature)
        }.sorted { $0.0 < $1.0 }.map(\.1)
    }

    /// The nodes of `id` itself, or, for an anchor or a unit without any: those of the occupants
    /// anchored there. Data often associates nodes with occupants (spbstu does): a route to the
    /// occupant's anchor or to the unit that anchor is in may start from the same nodes.
    private func ownOrOccupants(_ id: String, _ feature: Feature?) -> [String] {
        let own = associated(id)
        guard own.isEmpty, let feature else { return own }
        switch feature.imdfType {
        case .anchor:
            return referring(to: id, type: .occupant, by: .anchorID).flatMap { associated($0.id) }
        case .unit:
            return referring(to: id, type: .anchor, by: .unitID).flatMap { anchor in
                referring(to: anchor.id, type: .occupant, by: .anchorID).flatMap { associated($0.id) }
            }
        default:
            return []
        }
    }

    /// The nodes a route to or from `id` can use: the node itself, or the nodes associated with
    /// the feature; an amenity, an anchor or an occupant without nodes of its own is reached in
    /// its unit.
    public func entryNodes(for id: String) -> [String] {
        if node(id) != nil { return [id] }
        let feature = document.feature(id)
        let entries = ownOrOccupants(id, feature)
        guard entries.isEmpty, let feature else { return entries }
        switch feature.imdfType {
        case .amenity:
            return (feature.strings(.unitIDs) ?? []).flatMap { ownOrOccupants($0, document.feature($0)) }
        case .anchor:
            return feature.string(.unitID).map { ownOrOccupants($0, document.feature($0)) } ?? []
        case .occupant:
            guard let anchorID = feature.string(.anchorID), let anchor = document.feature(anchorID) else { return [] }
            let own = ownOrOccupants(anchorID, anchor)
            return own.isEmpty ? anchor.string(.unitID).map { ownOrOccupants($0, document.feature($0)) } ?? [] : own
        default:
            return []
        }
    }

    /// What a step from `node` to `next` costs: its plan length times the weight of the node it
    /// enters, the price of the levels it climbs when both are tagged with one vertical kind, and
    /// the price of boarding or leaving a kind (an elevator's wait) when only one of them is.
    private func cost(from node: Node, to next: Node) -> Double {
        var cost = node.point.distance(to: next.point) * next.weight
        if node.kind != next.kind {
            cost +=
                (node.kind.flatMap { GeneratedGraph.boardingCost[$0] } ?? 0) + (next.kind.flatMap { GeneratedGraph.boardingCost[$0] } ?? 0)
        }
        if node.level != next.level, let kind = node.kind, kind == next.kind, let price = GeneratedGraph.levelCost[kind] {
            // In floating point: ordinals are whatever an archive says, and their difference may not fit an Int.
            let levels = node.ordinal.flatMap { a in next.ordinal.map { b in abs(Double(a) - Double(b)) } } ?? 1
            cost += price * Swift.max(1, Swift.min(levels, 1000))
        }
        return cost
    }

    /// The changes of level along a path of nodes.
    private func levelChanges(_ path: [String]) -> [LevelChange] {
        zip(path, path.dropFirst()).compactMap { a, b in
            guard let first = node(a), let second = node(b), first.level != second.level else { return nil }
            return LevelChange(
                fromNode: a, toNode: b, fromLevel: first.level, toLevel: second.level, kind: first.kind == second.kind ? first.kind : nil)
        }
    }

    /// How many directed links (from, to) between path nodes of the document satisfy `include`.
    public func linkCount(where include: (String, String) -> Bool) -> Int {
        document.features(ofType: RoutingFormat.nodeType).reduce(0) { count, node in
            count + (node.strings(RoutingExtension.neighbours) ?? []).filter { include(node.id, $0) }.count
        }
    }

    /// `name` says what an id is in messages (a room's name, not its id).
    public func shortestRoute(
        from start: String, to end: String, accessible: Bool = false, name: (String) -> String = { String($0.prefix(8)) }
    ) throws(EditError) -> Route {
        let sources = entryNodes(for: start)
        let targets = Set(entryNodes(for: end))
        guard !sources.isEmpty else {
            throw EditError("FROM: \(name(start)) is not a path node and no node is associated with it", argument: "FROM")
        }
        guard !targets.isEmpty else {
            throw EditError("TO: \(name(end)) is not a path node and no node is associated with it", argument: "TO")
        }
        if let route = search(from: sources, to: targets, avoiding: { accessible && blockedForWheelchairs($0) }) { return route }
        if accessible, let open = search(from: sources, to: targets, avoiding: { _ in false }) {
            // There is a way, but not for a wheelchair: say what stands in it, and in the ways
            // round that (the elevator's revolving door when the stairs are the shortest way).
            var kinds: [String] = []
            var route: Route? = open
            while let found = route, kinds.count < 4 {
                let new = found.nodes.compactMap(barrier).filter { !kinds.contains($0) }
                guard !new.isEmpty else { break }
                for kind in new where !kinds.contains(kind) { kinds.append(kind) }
                let named = Set(kinds)
                route = search(from: sources, to: targets, avoiding: { barrier($0).map(named.contains) == true })
            }
            throw EditError(
                "no accessible route from \(name(start)) to \(name(end)): every route takes \(kinds.isEmpty ? "a way closed to wheelchairs" : kinds.joined(separator: " or ")) (the shortest, \(String(metres: open.length)) m, is not accessible)",
                argument: "TO")
        }
        throw EditError("no \(accessible ? "accessible " : "")route from \(name(start)) to \(name(end))", argument: "TO")
    }

    /// Dijkstra from `sources` to the nearest of `targets`, never entering a node `avoiding` names.
    private func search(from sources: [String], to targets: Set<String>, avoiding: (String) -> Bool) -> Route? {
        var distance: [String: Double] = [:]
        var previous: [String: String] = [:]
        var queue = MinimumQueue()
        for source in sources where !avoiding(source) {
            distance[source] = 0
            queue.push(source, 0)
        }
        while let (id, cost) = queue.pop() {
            guard cost <= distance[id] ?? .infinity else { continue }
            if targets.contains(id) {
                var path = [id]
                while let before = previous[path[path.count - 1]] { path.append(before) }
                path.reverse()
                return Route(nodes: path, length: cost, levelChanges: levelChanges(path))
            }
            guard let node = self.node(id) else { continue }
            for neighbourID in node.neighbours {
                guard let neighbour = self.node(neighbourID), !avoiding(neighbourID) else { continue }
                let next = cost + self.cost(from: node, to: neighbour)
                if next < distance[neighbourID] ?? .infinity {
                    distance[neighbourID] = next
                    previous[neighbourID] = id
                    queue.push(neighbourID, next)
                }
            }
        }
        return nil
    }

    /// Units no node reaches: neither associated with a node nor holding one.
    public static func unreachableUnits(in document: Document) -> [Feature] {
        guard let projector = document.workingProjector else { return document.features(of: .unit) }
        let engine = GeometryEngine()
        var reached = Set<String>()
        for association in document.features(ofType: RoutingFormat.associationType) {
            if let node = association.string("pathNode_id"), let target = association.string("associeted_id"),
                document.feature(node).map(RoutingFormat.isNode) == true
            {
                reached.insert(target)
            }
        }
        // A unit reached through the nodes of an occupant anchored in it.
        for occupant in document.features(of: .occupant) where reached.contains(occupant.id) {
            if let anchor = occupant.string(.anchorID), let unit = document.feature(anchor)?.string(.unitID) { reached.insert(unit) }
        }
        var nodesByLevel: [String: [Point]] = [:]
        for node in document.features(ofType: RoutingFormat.nodeType) {
            if let level = node.string(.levelID), case .point(let position)? = node.geometry {
                nodesByLevel[level, default: []].append(projector.point(position))
            }
        }
        for unit in document.features(of: .unit) where !reached.contains(unit.id) {
            guard let level = unit.string(.levelID), let points = nodesByLevel[level], let shapes = projector.polygons(unit.geometry) else {
                continue
            }
            let area = engine.prepare(shapes)
            if points.contains(where: area.covers) { reached.insert(unit.id) }
        }
        return document.features(of: .unit).filter { !reached.contains($0.id) }
    }
}

/// A binary min-heap of (node id, cost) for Dijkstra.
struct MinimumQueue {
    private var heap: [(String, Double)] = []

    mutating func push(_ id: String, _ cost: Double) {
        heap.append((id, cost))
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard heap[child].1 < heap[parent].1 else { break }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    mutating func pop() -> (String, Double)? {
        guard !heap.isEmpty else { return nil }
        heap.swapAt(0, heap.count - 1)
        let top = heap.removeLast()
        var parent = 0
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var smallest = parent
            if left < heap.count, heap[left].1 < heap[smallest].1 { smallest = left }
            if right < heap.count, heap[right].1 < heap[smallest].1 { smallest = right }
            if smallest == parent { break }
            heap.swapAt(parent, smallest)
            parent = smallest
        }
        return top
    }
}
