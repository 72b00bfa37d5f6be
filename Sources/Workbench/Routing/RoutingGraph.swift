// The routing graph of a document's path nodes: shortest routes (Dijkstra over lengths in metres,
// each step weighted by the node it enters) and reachability of units. A route may start or end
// at a node or at a feature a node is associated with (navPathAssocieted). Links between levels
// are ordinary links (the real graph joins floors and the outdoors through them).

import Geometry
import IMDF

public struct Route: Sendable, Equatable {
    public var nodes: [String]
    /// Metres along the route, each step multiplied by the weight of the node it enters.
    public var length: Double
}

public struct RoutingGraph {
    struct Node {
        var id: String
        var point: Point
        var weight: Double
        var neighbours: [String]
        var blockedForWheelchairs: Bool
    }

    private var nodes: [String: Node] = [:]
    private var associations: [String: [String]] = [:]

    /// Unit categories a wheelchair route avoids, and the node tag that marks stairs.
    public static let inaccessibleUnitCategories: Set<String> = ["stairs", "steps", "escalator"]

    public init(_ document: Document) {
        guard let projector = document.workingProjector else { return }
        let engine = GeometryEngine()
        var blockingUnits: [String: [[Polygon]]] = [:]
        for unit in document.features(of: .unit) where Self.inaccessibleUnitCategories.contains(unit.string(.category) ?? "") {
            if let level = unit.string(.levelID), let shapes = projector.polygons(unit.geometry) {
                blockingUnits[level, default: []].append(shapes)
            }
        }
        for node in document.features(ofType: RoutingFormat.nodeType) {
            guard case .point(let position)? = node.geometry else { continue }
            let point = projector.point(position)
            let tagged = (node.strings(RoutingExtension.tags) ?? []).contains { $0.lowercased().contains("stairs") }
            let inBlockingUnit =
                node.string(.levelID).flatMap { blockingUnits[$0] }?.contains { engine.distance(from: point, to: $0) == 0 } ?? false
            nodes[node.id] = Node(
                id: node.id, point: point, weight: node.property(RoutingExtension.weight)?.doubleValue ?? 1,
                neighbours: node.strings(RoutingExtension.neighbours) ?? [], blockedForWheelchairs: tagged || inBlockingUnit)
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
                while let before = previous[path[0]] { path.insert(before, at: 0) }
                return Route(nodes: path, length: cost)
            }
            let node = nodes[id]!
            for neighbourID in node.neighbours {
                guard let neighbour = nodes[neighbourID], !(accessible && neighbour.blockedForWheelchairs) else { continue }
                let next = cost + node.point.distance(to: neighbour.point) * neighbour.weight
                if next < distance[neighbourID] ?? .infinity {
                    distance[neighbourID] = next
                    previous[neighbourID] = id
                    queue.push(neighbourID, next)
                }
            }
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
