// `graph build [level REF | building REF | all] [--spacing M] [--replace]`: the routing graph made
// from the plan (GeneratedGraph says how), added to the archive's routing extension as path nodes
// tagged `generated`, each node standing for a unit or opening associated with it. Hand-made nodes
// and links stay as they are. Refuses a spacing outside 0.5 to 100 m, a scope with no level, a
// document without coordinates, and levels that already have generated nodes unless `--replace`
// is given: then the earlier generated nodes of those levels, their associations and every link
// to them go in the same step, and each hand-made node of those levels left with no link into the
// generated part is linked to the nearest new node within 2 m (where the straight way between
// them stays in a unit).

import Geometry
import IMDF

public struct GraphBuild: EditCommand {
    public enum Scope: Sendable, Equatable {
        case level(String)
        case building(String)
        case all
    }

    public var scope: Scope
    public var spacing: Double
    public var replace: Bool

    public static let defaultSpacing = 5.0
    public static let spacings = 0.5...100.0

    public init(_ scope: Scope = .all, spacing: Double = GraphBuild.defaultSpacing, replace: Bool = false) {
        self.scope = scope
        self.spacing = spacing
        self.replace = replace
    }

    public func plan(_ document: Document, ids: inout IDSource) throws(EditError) -> Patch {
        guard spacing.isFinite, Self.spacings.contains(spacing) else {
            throw EditError(
                "--spacing: \(spacing.isFinite ? String(metres: spacing) + " m" : "that") is not a spacing between path nodes; give one from 0.5 to 100 m",
                argument: "--spacing")
        }
        let levels: [Feature]
        let place: String
        switch scope {
        case .level(let id):
            let level = try document.require(id, as: .level, argument: "level")
            levels = [level]
            place = level.described(in: document)
        case .building(let id):
            let building = try document.require(id, as: .building, argument: "building")
            levels = document.features(of: .level).filter { $0.strings(.buildingIDs)?.contains(building.id) == true }
            place = building.described(in: document)
            guard !levels.isEmpty else { throw EditError("building: \(place) has no levels", argument: "building") }
        case .all:
            levels = document.features(of: .level)
            place = "every level"
            guard !levels.isEmpty else { throw EditError("graph build: the document has no levels", argument: "all") }
        }
        guard let projector = document.workingProjector else {
            throw EditError("graph build: the document has no coordinates to measure in", argument: "all")
        }
        let levelIDs = levels.map(\.id)
        let inScope = Set(levelIDs)

        // The earlier generated part of these levels.
        let nodes = document.features(ofType: RoutingFormat.nodeType)
        let earlier = nodes.filter { Self.isGenerated($0) && $0.string(.levelID).map(inScope.contains) == true }
        if !earlier.isEmpty && !replace {
            throw EditError(
                "graph build: \(place) already has \(earlier.count) generated path node\(earlier.count == 1 ? "" : "s"); give --replace to build them anew (hand-made nodes stay)",
                argument: "--replace")
        }
        let doomed = Set(earlier.map(\.id))
        var changes: [Change] = []
        var modified: [String: Feature] = [:]
        var modifiedOrder: [String] = []
        func update(_ id: String, _ change: (inout Feature) -> Void) {
            guard let current = modified[id] ?? document.feature(id) else { return }
            if modified[id] == nil { modifiedOrder.append(id) }
            var after = current
            change(&after)
            modified[id] = after
        }
        for node in nodes where !doomed.contains(node.id) {
            let neighbours = node.strings(RoutingExtension.neighbours) ?? []
            if neighbours.contains(where: doomed.contains) {
                update(node.id) { $0.setStrings(RoutingExtension.neighbours, neighbours.filter { !doomed.contains($0) }) }
            }
        }
        // Generated vertical nodes of levels kept, by the unit they stand in, to link new ones to.
        var existingVertical = GeneratedGraph.VerticalNodes<String>()
        var doomedAssociations: [String] = []
        for association in document.features(ofType: RoutingFormat.associationType) {
            guard let nodeID = association.string("pathNode_id") else { continue }
            if doomed.contains(nodeID) {
                doomedAssociations.append(association.id)
            } else if let node = document.feature(nodeID), Self.isGenerated(node), let target = association.string("associeted_id") {
                if (node.strings(RoutingExtension.tags) ?? []).contains(GeneratedGraph.wayUpTag) {
                    existingVertical.up[target] = nodeID
                } else {
                    existingVertical.wayDown[target] = nodeID
                }
            }
        }

        var plan = GeneratedGraph.plan(
            levels: levelIDs, spacing: spacing, existingVertical: existingVertical, document, projector)
        // With --replace, hand-made nodes of these levels with no link into the generated part
        // are linked to the nearest new node within reach where the straight way between them
        // stays in a unit.
        if replace {
            let handMade = nodes.filter { !Self.isGenerated($0) && $0.string(.levelID).map(inScope.contains) == true }
            plan.outside += Self.handMadeLinks(handMade, plan, document, projector, kept: { !doomed.contains($0) })
        }
        let nodeIDs = ids.next(plan.nodes.count)
        var minted = nodeIDs
        // An id for each association, minted in one go after the nodes' (as before, one by one).
        var associationIDs = ids.next(plan.nodes.count(where: { $0.associated != nil }))[...]
        var neighbours = [[String]](repeating: [], count: plan.nodes.count)
        for edge in plan.edges.sorted(by: { ($0.a, $0.b) < ($1.a, $1.b) }) {
            neighbours[edge.a].append(nodeIDs[edge.b])
            neighbours[edge.b].append(nodeIDs[edge.a])
        }
        for (node, existing) in plan.outside {
            neighbours[node].append(existing)
            update(existing) {
                $0.setStrings(RoutingExtension.neighbours, ($0.strings(RoutingExtension.neighbours) ?? []) + [nodeIDs[node]])
            }
        }
        for id in modifiedOrder {
            if let before = document.feature(id), let after = modified[id], before != after {
                changes.append(.modify(before: before, after: after))
            }
        }
        for id in doomedAssociations + earlier.map(\.id) {
            guard let entry = document.entry(id) else { continue }
            changes.append(.delete(entry.feature, from: entry.collection, at: entry.order))
        }
        let buildingKey = RoutingFormat.buildingKey(document)
        let buildingOf = Dictionary(uniqueKeysWithValues: levels.map { ($0.id, $0.strings(.buildingIDs)?.first) })
        let weight = JSONValue.number(JSONNumber(text: "1.0")!)
        let nodeCollection = RoutingFormat.nodeCollection(document)
        let associationCollection = RoutingFormat.associationCollection(document)
        // Each node's association id, in node order (as they were minted).
        var associationOf = [String?](repeating: nil, count: plan.nodes.count)
        for (index, node) in plan.nodes.enumerated() where node.associated != nil {
            guard let id = associationIDs.popFirst() else { break }
            associationOf[index] = id
            minted.append(id)
        }
        // The features, made on all cores a stretch of nodes at a time, in node order.
        let (linked, associationIDOf, planned) = (neighbours, associationOf, plan.nodes)
        let stretches = stride(from: 0, to: plan.nodes.count, by: 2048).map { $0..<Swift.min($0 + 2048, plan.nodes.count) }
        let made = stretches.parallelMap(heaviestFirst: { $0.count }) { stretch -> (nodes: [Change], associations: [Change]) in
            var nodes: [Change] = []
            var associations: [Change] = []
            nodes.reserveCapacity(stretch.count)
            for index in stretch {
                let node = planned[index]
                var properties = JSONObject()
                properties.append(key: PropertyKey.levelID.rawValue, value: .string(node.levelID))
                properties.append(key: buildingKey, value: (buildingOf[node.levelID] ?? nil).map(JSONValue.string) ?? .null)
                properties.append(key: RoutingExtension.neighbours, value: .array(linked[index].map(JSONValue.string)))
                properties.append(key: RoutingExtension.weight, value: weight)
                properties.append(key: RoutingExtension.tags, value: .array(node.tags.map(JSONValue.string)))
                let feature = Feature(
                    id: nodeIDs[index], featureType: RoutingFormat.nodeType, geometry: .point(projector.position(node.point)),
                    properties: properties)
                nodes.append(.create(feature, in: nodeCollection, at: nil))
                if let target = node.associated, let id = associationIDOf[index] {
                    var link = JSONObject()
                    link.append(key: "pathNode_id", value: .string(nodeIDs[index]))
                    link.append(key: "associeted_id", value: .string(target))
                    associations.append(
                        .create(
                            Feature(id: id, featureType: RoutingFormat.associationType, geometry: nil, properties: link),
                            in: associationCollection, at: nil))
                }
            }
            return (nodes, associations)
        }
        changes.reserveCapacity(changes.count + made.reduce(0) { $0 + $1.nodes.count + $1.associations.count })
        for stretch in made { changes += stretch.nodes }
        for stretch in made { changes += stretch.associations }
        let links = plan.edges.count + plan.outside.count
        let removed = earlier.isEmpty ? "" : ", replacing \(earlier.count) earlier generated node\(earlier.count == 1 ? "" : "s")"
        return Patch(
            label:
                "graph build on \(place): \(plan.nodes.count) path node\(plan.nodes.count == 1 ? "" : "s"), \(links) link\(links == 1 ? "" : "s")\(removed)",
            changes: changes, mintedIDs: minted)
    }

    /// How near (metres) a hand-made node must stand to a generated one to be linked to it.
    public static let handMadeReach = 2.0

    /// Links (new node, hand-made node) for each of `handMade` that links to no generated node
    /// that stays: to the nearest node of the plan on its level within `handMadeReach`, where the
    /// straight way between them lies in one unit of the level (allowing the doorway margin).
    static func handMadeLinks(
        _ handMade: [Feature], _ plan: GeneratedGraph.Plan, _ document: Document, _ projector: Projector, kept: (String) -> Bool
    ) -> [(node: Int, existing: String)] {
        guard !handMade.isEmpty else { return [] }
        struct Cell: Hashable {
            var level: String
            var x: Int
            var y: Int
        }
        let size = handMadeReach
        func cell(_ level: String, _ point: Point) -> Cell {
            Cell(level: level, x: Int(saturating: (point.x / size).rounded(.down)), y: Int(saturating: (point.y / size).rounded(.down)))
        }
        var grid: [Cell: [Int]] = [:]
        for (index, node) in plan.nodes.enumerated() where node.point.x.isFinite && node.point.y.isFinite {
            grid[cell(node.levelID, node.point), default: []].append(index)
        }
        var links: [(node: Int, existing: String)] = []
        for feature in handMade {
            guard let level = feature.string(.levelID), case .point(let position)? = feature.geometry else { continue }
            let linkedToGenerated = (feature.strings(RoutingExtension.neighbours) ?? []).contains { id in
                kept(id) && document.feature(id).map(isGenerated) == true
            }
            let here = projector.point(position)
            guard !linkedToGenerated, here.x.isFinite, here.y.isFinite else { continue }
            let centre = cell(level, here)
            var candidates: [(index: Int, distance: Double)] = []
            for dx in -1...1 {
                for dy in -1...1 {
                    for index in grid[Cell(level: level, x: centre.x &+ dx, y: centre.y &+ dy)] ?? [] {
                        let distance = plan.nodes[index].point.distance(to: here)
                        if distance <= handMadeReach { candidates.append((index, distance)) }
                    }
                }
            }
            candidates.sort { ($0.distance, $0.index) < ($1.distance, $1.index) }
            for candidate in candidates {
                let there = plan.nodes[candidate.index].point
                guard let box = Bounds(points: [here, there]) else { continue }
                let inside = document.features(onLevel: level, near: box).contains { unit in
                    guard unit.imdfType == .unit, let polygons = projector.polygons(unit.geometry) else { return false }
                    return polygons.surelyCover(segment: here, there, within: GeneratedGraph.slack)
                }
                if inside {
                    links.append((candidate.index, feature.id))
                    break
                }
            }
        }
        return links
    }

    /// Whether `graph build` made the node.
    public static func isGenerated(_ node: Feature) -> Bool {
        RoutingFormat.isNode(node) && (node.strings(RoutingExtension.tags) ?? []).contains(GeneratedGraph.tag)
    }
}
