// `check reachability`: the rooms no route reaches, and why (the prompt reports each as a finding). The routing graph's
// links (both ways: a route may go back where it came) cut it into connected parts; in each
// building the part that reaches the most units is where routes go, and a unit none of whose
// path nodes (associated with it, with an occupant anchored in it, or standing in it) is in that
// part is unreached. Why, in this order:
// - N4: no opening lies within 0.5 m of its outline (it has no door);
// - N5: openings lie inside it or within 2 m, but none on its outline (a door on no wall);
// - N6: its level has no link to another level of its building (no stairs, elevator, escalator or
//   ramp joins it), where the building has other levels;
// - N7: otherwise (no path node stands for it or in it, or its doors lead only to spaces cut off).
// Solid units (walls, columns, openings to below) are not walked into and are not checked.

import Geometry
import IMDF

public enum Reachability {
    /// How near an opening must be to a unit's outline to be a door of it (as `graph build` joins them).
    public static let doorReach = GeneratedGraph.doorReach
    /// How near an opening off the outline counts as meant for the unit (N5).
    public static let strayReach = 2.0

    /// Why no route reaches a unit (the finding codes the prompt reports them under).
    public enum Reason: Sendable, Equatable {
        /// N4
        case noOpening
        /// N5: the nearest of its openings off its outline, and how far off.
        case openingOnNoWall(opening: String, distance: Double)
        /// N6
        case levelNotJoined(level: String)
        /// N7: no path node stands for it or in it.
        case noPathNode
        /// N7: its doors lead only to spaces cut off from the rest.
        case cutOff
    }

    public struct Unreached: Sendable, Equatable {
        public var unit: Feature
        public var reason: Reason
        public var message: String
        /// Its display point, else the first point of its outline.
        public var location: Position?
    }

    /// What was checked and the units no route reaches, in document order.
    public struct Outcome: Sendable {
        public var units: Int
        public var levels: Int
        public var nodes: Int
        public var unreached: [Unreached]
    }

    public static func check(_ document: Document) -> Outcome {
        let levels = document.features(of: .level)
        let nodes = document.features(ofType: RoutingFormat.nodeType)
        let units = document.features(of: .unit).filter { !GeneratedGraph.solidCategories.contains($0.string(.category) ?? "") }
        guard let projector = document.workingProjector else {
            return Outcome(units: units.count, levels: levels.count, nodes: nodes.count, unreached: [])
        }
        var parts = Parts(nodes.count)
        var index: [String: Int] = [:]
        for (number, node) in nodes.enumerated() { index[node.id] = number }
        var levelOf = [String?](repeating: nil, count: nodes.count)
        var points = [Point?](repeating: nil, count: nodes.count)
        for (number, node) in nodes.enumerated() {
            levelOf[number] = node.string(.levelID)
            if case .point(let position)? = node.geometry { points[number] = projector.point(position) }
            for neighbour in node.strings(RoutingExtension.neighbours) ?? [] {
                if let other = index[neighbour] { parts.join(number, other) }
            }
        }
        let rootOf = nodes.indices.map { parts.root($0) }
        // Levels whose nodes link to a node on another level.
        var joinedLevels = Set<String>()
        for (number, node) in nodes.enumerated() {
            guard let level = levelOf[number] else { continue }
            for neighbour in node.strings(RoutingExtension.neighbours) ?? [] {
                if let other = index[neighbour], let otherLevel = levelOf[other], otherLevel != level {
                    joinedLevels.insert(level)
                    joinedLevels.insert(otherLevel)
                }
            }
        }
        // Each unit's nodes: associated with it or with an occupant anchored in it.
        var unitNodes: [String: [Int]] = [:]
        var unitOf: [String: String] = [:]
        for anchor in document.features(of: .anchor) { if let unit = anchor.string(.unitID) { unitOf[anchor.id] = unit } }
        var occupantUnit: [String: String] = [:]
        for occupant in document.features(of: .occupant) {
            if let anchor = occupant.string(.anchorID), let unit = unitOf[anchor] { occupantUnit[occupant.id] = unit }
        }
        for association in document.features(ofType: RoutingFormat.associationType) {
            guard let node = association.string("pathNode_id").flatMap({ index[$0] }), let target = association.string("associeted_id")
            else { continue }
            unitNodes[target, default: []].append(node)
            if let unit = occupantUnit[target] { unitNodes[unit, default: []].append(node) }
        }
        // Nodes by level, to find those standing in a unit with no association.
        var nodesByLevel: [String: [Int]] = [:]
        for number in nodes.indices { if let level = levelOf[number] { nodesByLevel[level, default: []].append(number) } }
        var shapes: [String: [Polygon]] = [:]
        for unit in units {
            guard let polygons = projector.polygons(unit.geometry), !polygons.isEmpty else { continue }
            shapes[unit.id] = polygons
            guard unitNodes[unit.id] == nil, let level = unit.string(.levelID) else { continue }
            let box = polygons.reduce(Bounds.empty) { $0.union($1.bounds) }
            let inside = (nodesByLevel[level] ?? []).filter { number in
                guard let point = points[number], box.contains(point) else { return false }
                return polygons.planarDistance(to: point) == 0
            }
            if !inside.isEmpty { unitNodes[unit.id] = inside }
        }
        // The buildings, their levels, and in each the part that reaches the most units.
        var buildingOf: [String: String] = [:]
        var ordinals: [String: Set<Int>] = [:]
        for level in levels {
            let building = level.strings(.buildingIDs)?.first ?? ""
            buildingOf[level.id] = building
            if let ordinal = level.integer(.ordinal) { ordinals[building, default: []].insert(ordinal) }
        }
        var reachCounts: [String: [Int: Int]] = [:]
        for unit in units {
            guard let building = unit.string(.levelID).flatMap({ buildingOf[$0] }) else { continue }
            for part in Set((unitNodes[unit.id] ?? []).map { rootOf[$0] }) { reachCounts[building, default: [:]][part, default: 0] += 1 }
        }
        let mainPart = reachCounts.mapValues { counts in counts.max { ($0.value, -$0.key) < ($1.value, -$1.key) }?.key }

        var findings: [Unreached] = []
        for unit in units {
            let level = unit.string(.levelID)
            let building = level.flatMap { buildingOf[$0] }
            let mine = unitNodes[unit.id] ?? []
            if let building, let main = mainPart[building] ?? nil, mine.contains(where: { rootOf[$0] == main }) { continue }
            guard let polygons = shapes[unit.id], let level else { continue }
            let name = unit.described(in: document)
            let levelName = document.feature(level).map { $0.described(in: document) } ?? "level \(document.shortID(level))"
            let buildingName = building.flatMap(document.feature).map { " in \($0.described(in: document))" } ?? ""
            let place = "\(name) on \(levelName)\(buildingName)"
            let location = unit.point(.displayPoint) ?? polygons.first?.exterior.first.map(projector.position)
            let doors = openings(near: polygons, onLevel: level, document, projector)
            let finding: Unreached
            if doors.onWall.isEmpty, let stray = doors.stray.min(by: { $0.distance < $1.distance }) {
                finding = Unreached(
                    unit: unit, reason: .openingOnNoWall(opening: stray.id, distance: stray.distance),
                    message:
                        "\(place): no route reaches it: its opening \(document.shortID(stray.id)) lies \(String(metres: stray.distance)) m from its outline, on none of its walls",
                    location: location)
            } else if doors.onWall.isEmpty {
                finding = Unreached(
                    unit: unit, reason: .noOpening, message: "\(place): no route reaches it: it has no opening", location: location)
            } else if !mine.isEmpty, !joinedLevels.contains(level), (ordinals[building ?? ""]?.count ?? 0) > 1 {
                finding = Unreached(
                    unit: unit, reason: .levelNotJoined(level: level),
                    message:
                        "\(place): no route reaches it from the rest of the building: no stairs, elevator, escalator or ramp joins \(levelName) to another level",
                    location: location)
            } else if mine.isEmpty {
                finding = Unreached(
                    unit: unit, reason: .noPathNode,
                    message: "\(place): no route reaches it: no path node stands for it or in it (graph build makes them)",
                    location: location)
            } else {
                finding = Unreached(
                    unit: unit, reason: .cutOff,
                    message: "\(place): no route reaches it: its doors lead only to spaces cut off from the rest of the building",
                    location: location)
            }
            findings.append(finding)
        }
        return Outcome(units: units.count, levels: levels.count, nodes: nodes.count, unreached: findings)
    }

    /// The openings of the level on the outline of `polygons` (within `doorReach`) and those
    /// inside or near it but off its outline (within `strayReach`), with their distance to the outline.
    static func openings(near polygons: [Polygon], onLevel level: String, _ document: Document, _ projector: Projector) -> (
        onWall: [String], stray: [(id: String, distance: Double)]
    ) {
        let box = polygons.reduce(Bounds.empty) { $0.union($1.bounds) }.expanded(by: strayReach)
        var onWall: [String] = []
        var stray: [(id: String, distance: Double)] = []
        for opening in document.features(onLevel: level, near: box) where opening.imdfType == .opening {
            guard let middle = GeneratedGraph.middle(ofOpening: opening, projector) else { continue }
            guard let outside = polygons.planarDistance(to: middle) else { continue }
            // Off the outline: how far from the nearest wall, inside or out.
            let fromOutline =
                outside > 0 ? outside : polygons.map { $0.exterior }.map { Polyline.distance(from: middle, to: $0) }.min() ?? 0
            let fromHoles = polygons.flatMap(\.holes).map { Polyline.distance(from: middle, to: $0) }.min() ?? .infinity
            let distance = Swift.min(fromOutline, fromHoles)
            if distance <= doorReach {
                onWall.append(opening.id)
            } else if distance <= strayReach || outside == 0 {
                stray.append((opening.id, distance))
            }
        }
        return (onWall, stray)
    }
}

/// Connected parts of a graph of `count` nodes (union by size, with path halving).
struct Parts {
    private var parent: [Int]
    private var size: [Int]

    init(_ count: Int) {
        parent = Array(0..<count)
        size = [Int](repeating: 1, count: count)
    }

    mutating func root(_ node: Int) -> Int {
        var node = node
        while parent[node] != node {
            parent[node] = parent[parent[node]]
            node = parent[node]
        }
        return node
    }

    mutating func join(_ a: Int, _ b: Int) {
        var (a, b) = (root(a), root(b))
        guard a != b else { return }
        if size[a] < size[b] { swap(&a, &b) }
        parent[b] = a
        size[a] += size[b]
    }
}
