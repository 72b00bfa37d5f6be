// The routing graph of a document's path nodes: shortest routes (Dijkstra over lengths in metres,
// each step weighted by the node it enters) and reachability of units. A route may start or end
// at a node or at a feature a node is associated with (navPathAssocieted), or at an amenity, anchor
// or occupant through the unit it is in. Links between levels are ordinary links (the real graph
// joins floors and the outdoors through them); a link between two nodes tagged with one kind of
// vertical unit (stairs, elevator, escalator, ramp: what `graph build` makes) also costs that
// kind's price per level (GeneratedGraph.levelCost) and is reported as a change of level by it.

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
        var blockedForWheelchairs: Bool
        var level: String?
        var ordinal: Int?
        /// The vertical kind the node is tagged with (stairs, elevator, escalator, ramp).
        var kind: String?
        /// Why a wheelchair cannot pass, for the message of a failed accessible route.
        var barrier: String?
    }

    private var nodes: [String: Node] = [:]
    private var associations: [String: [String]] = [:]

    /// Unit categories a wheelchair route avoids, and the node tags that mark them.
    public static let inaccessibleUnitCategories: Set<String> = ["stairs", "steps", "escalator"]

    public init(_ document: Document) {
        guard let projector = document.workingProjector else { return }
        let engine = GeometryEngine()
        var blockingUnits: [String: [(category: String, shapes: [Polygon])]] = [:]
        for unit in document.features(of: .unit) {
            guard let category = unit.string(.category), Self.inaccessibleUnitCategories.contains(category) else { continue }
            if let level = unit.string(.levelID), let shapes = projector.polygons(unit.geometry) {
                blockingUnits[level, default: []].append((category, shapes))
            }
        }
        var ordinals: [String: Int] = [:]
        for level in document.features(of: .level) { ordinals[level.id] = level.integer(.ordinal) }
        for node in document.features(ofType: RoutingFormat.nodeType) {
            guard case .point(let position)? = node.geometry else { continue }
            let point = projector.point(position)
            let tags = (node.strings(RoutingExtension.tags) ?? []).map { $0.lowercased() }
            let level = node.string(.levelID)
            var barrier = Self.inaccessibleUnitCategories.first { category in tags.contains { $0.contains(category) } }
            if barrier == nil {
                barrier = level.flatMap { blockingUnits[$0] }?.first { engine.distance(from: point, to: $0.shapes) == 0 }?.category
            }
            nodes[node.id] = Node(
                id: node.id, point: point, weight: node.property(RoutingExtension.weight)?.doubleValue ?? 1,
                neighbours: node.strings(RoutingExtension.neighbours) ?? [], blockedForWheelchairs: barrier != nil, level: level,
                ordinal: level.flatMap { ordinals[$0] }, kind: tags.first { GeneratedGraph.levelCost[$0] != nil }, barrier: barrier)
        }
        for association in document.features(ofType: RoutingFormat.associationType) {
            if let node = association.string("pathNode_id"), let target = association.string("associeted_id"), nodes[node] != nil {
                associations[target, default: []].append(node)
            }
        }
        // Data often associates nodes with occupants (spbstu does): a route to the occupant's
        // anchor or to the unit that anchor is in may start from the same nodes.
        var inherited: [String: [String]] = [:]
        for occupant in document.features(of: .occupant) {
            guard let entries = associations[occupant.id], let anchorID = occupant.string(.anchorID) else { continue }
            inherited[anchorID, default: []] += entries
            if let unitID = document.feature(anchorID)?.string(.unitID) { inherited[unitID, default: []] += entries }
        }
        for (id, entries) in inherited where associations[id] == nil { associations[id] = entries }
        // An amenity, an anchor or an occupant without nodes of its own is reached in its unit.
        var placed: [String: [String]] = [:]
        for amenity in document.features(of: .amenity) where associations[amenity.id] == nil {
            let entries = (amenity.strings(.unitIDs) ?? []).flatMap { associations[$0] ?? [] }
            if !entries.isEmpty { placed[amenity.id] = entries }
        }
        for anchor in document.features(of: .anchor) where associations[anchor.id] == nil {
            if let entries = anchor.string(.unitID).flatMap({ associations[$0] }) { placed[anchor.id] = entries }
        }
        for occupant in document.features(of: .occupant) where associations[occupant.id] == nil {
            let anchor = occupant.string(.anchorID)
            if let entries = anchor.flatMap({ placed[$0] ?? associations[$0] }) { placed[occupant.id] = entries }
        }
        for (id, entries) in placed { associations[id] = entries }
    }

    /// What a step from `node` to `next` costs: its plan length times the weight of the node it
    /// enters, and the price of the levels it climbs when both are tagged with one vertical kind.
    private func cost(from node: Node, to next: Node) -> Double {
        var cost = node.point.distance(to: next.point) * next.weight
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
            guard let first = nodes[a], let second = nodes[b], first.level != second.level else { return nil }
            return LevelChange(
                fromNode: a, toNode: b, fromLevel: first.level, toLevel: second.level, kind: first.kind == second.kind ? first.kind : nil)
        }
    }

    public var nodeCount: Int { nodes.count }

    /// The nodes a route to or from `id` can use: the node itself, or the nodes associated with the feature.
    public func entryNodes(for id: String) -> [String] {
        nodes[id] != nil ? [id] : (associations[id] ?? [])
    }

    /// How many directed links (from, to) satisfy `include`.
    public func linkCount(where include: (String, String) -> Bool) -> Int {
        nodes.values.reduce(0) { count, node in count + node.neighbours.filter { include(node.id, $0) }.count }
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
        var distance: [String: Double] = [:]
        var previous: [String: String] = [:]
        var queue = MinimumQueue()
        for source in sources where !(accessible && nodes[source]!.blockedForWheelchairs) {
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
            let node = nodes[id]!
            for neighbourID in node.neighbours {
                guard let neighbour = nodes[neighbourID], !(accessible && neighbour.blockedForWheelchairs) else { continue }
                let next = cost + self.cost(from: node, to: neighbour)
                if next < distance[neighbourID] ?? .infinity {
                    distance[neighbourID] = next
                    previous[neighbourID] = id
                    queue.push(neighbourID, next)
                }
            }
        }
        if accessible, let open = try? shortestRoute(from: start, to: end, accessible: false, name: name) {
            // There is a way, but not for a wheelchair: say what stands in it.
            let barriers = open.nodes.compactMap { nodes[$0]?.barrier }
            var seen = Set<String>()
            let kinds = barriers.filter { seen.insert($0).inserted }
            throw EditError(
                "no accessible route from \(name(start)) to \(name(end)): every route takes \(kinds.isEmpty ? "a way closed to wheelchairs" : kinds.joined(separator: " or ")) (the shortest, \(String(metres: open.length)) m, is not accessible)",
                argument: "TO")
        }
        throw EditError("no \(accessible ? "accessible " : "")route from \(name(start)) to \(name(end))", argument: "TO")
    }

    /// Units no node reaches: neither associated with a node nor holding one.
    public static func unreachableUnits(in document: Document) -> [Feature] {
        guard let projector = document.workingProjector else { return document.features(of: .unit) }
        let engine = GeometryEngine()
        let graph = RoutingGraph(document)
        var reached = Set(graph.associations.keys)
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
