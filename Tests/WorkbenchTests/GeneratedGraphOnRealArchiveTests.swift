import Foundation
import Geometry
import IMDF
import TestSupport
import Testing

@testable import SyntheticVenue
@testable import Workbench

/// The graph `graph build` makes from the real spbstu-polymap plan, against the graph its makers
/// drew by hand: routes between rooms about as long, and no generated link through a wall.
@Suite("The generated graph of the real spbstu-polymap archive")
struct GeneratedGraphOnRealArchiveTests {
    /// Removes the hand-made routing graph, so that the generated one stands alone.
    struct RemoveRoutingGraph: EditCommand {
        func plan(_ document: Document, ids: inout IDSource) throws(EditError) -> Patch {
            let doomed = document.features(ofType: RoutingExtension.nodeType) + document.features(ofType: RoutingExtension.associationType)
            return Patch(
                label: "remove the routing graph",
                changes: doomed.compactMap { feature in
                    document.entry(feature.id).map { .delete($0.feature, from: $0.collection, at: $0.order) }
                })
        }
    }

    /// Removes the units of one category (and nothing else): the plan as a graph that has no way
    /// through them saw it.
    struct RemoveUnits: EditCommand {
        var category: String
        func plan(_ document: Document, ids: inout IDSource) throws(EditError) -> Patch {
            Patch(
                label: "remove the \(category) units",
                changes: document.features(of: .unit).filter { $0.string(.category) == category }.compactMap { feature in
                    document.entry(feature.id).map { .delete($0.feature, from: $0.collection, at: $0.order) }
                })
        }
    }

    /// Sets every path node's weight to 1: routes by the metres walked alone.
    struct Unweight: EditCommand {
        func plan(_ document: Document, ids: inout IDSource) throws(EditError) -> Patch {
            Patch(
                label: "weigh every node alike",
                changes: document.features(ofType: RoutingExtension.nodeType).compactMap { node -> Change? in
                    guard let weight = node.property(RoutingExtension.weight)?.doubleValue, weight != 1 else { return nil }
                    var after = node
                    after.setProperty(RoutingExtension.weight, .number(JSONNumber(text: "1.0")!))
                    return .modify(before: node, after: after)
                })
        }
    }

    /// A route's length walked in plan: the steps between nodes of one level, unweighted; from the
    /// door of the room it starts in to the door of the room it ends in when `doorToDoor` (the
    /// steps strictly inside those rooms left out), else all of it.
    static func walked(_ route: Route, from start: String, to end: String, doorToDoor: Bool, _ document: Document) -> Double {
        let projector = document.workingProjector!
        let engine = GeometryEngine()
        let points = positions(route, document)
        var first = 0
        var last = points.count - 1
        if doorToDoor, let startRoom = document.feature(start).flatMap({ projector.polygons($0.geometry) }),
            let endRoom = document.feature(end).flatMap({ projector.polygons($0.geometry) })
        {
            let (inStart, inEnd) = (engine.prepare(startRoom), engine.prepare(endRoom))
            while first < last, let here = points[first], inStart.contains(here.point) { first += 1 }
            while last > first, let here = points[last], inEnd.contains(here.point) { last -= 1 }
        }
        var total = 0.0
        for index in first..<Swift.max(first, last) {
            guard let a = points[index], let b = points[index + 1], a.level == b.level else { continue }
            total += a.point.distance(to: b.point)
        }
        return total
    }

    /// Where each node of a route stands, and on which level; nil for a node that is not a point.
    static func positions(_ route: Route, _ document: Document) -> [(point: Point, level: String?)?] {
        let projector = document.workingProjector!
        return route.nodes.map { id -> (point: Point, level: String?)? in
            guard let node = document.feature(id), case .point(let position)? = node.geometry else { return nil }
            return (projector.point(position), node.string(.levelID))
        }
    }

    /// The metres a route walks on each level it passes, in order (`12 m, 25 m, 40 m`): where two
    /// routes differ over several levels, whether on the levels between.
    static func walkedPerLevel(_ route: Route, _ document: Document) -> String {
        var stretches: [(level: String?, metres: Double)] = []
        let points = positions(route, document)
        for (a, b) in zip(points, points.dropFirst()) {
            guard let a, let b else { continue }
            if stretches.last?.level != a.level { stretches.append((a.level, 0)) }
            if a.level == b.level { stretches[stretches.count - 1].metres += a.point.distance(to: b.point) }
        }
        return stretches.map { String(format: "%.0f m", $0.metres) }.joined(separator: ", ")
    }

    /// How a route changes level: the number of changes and the units (by name) where each
    /// starts, as `Δordinal@unit`, or "on one level".
    static func climbs(_ route: Route, _ document: Document) -> String {
        guard !route.levelChanges.isEmpty else { return "on one level" }
        let projector = document.workingProjector!
        let words = route.levelChanges.map { change -> String in
            let from = change.fromLevel.flatMap(document.feature)?.integer(.ordinal) ?? 0
            let to = change.toLevel.flatMap(document.feature)?.integer(.ordinal) ?? 0
            var place = "?"
            if let node = document.feature(change.fromNode), case .point(let position)? = node.geometry, let level = change.fromLevel {
                let point = projector.point(position)
                let unit = document.features(onLevel: level).first { unit in
                    unit.imdfType == .unit && (projector.polygons(unit.geometry)?.planarDistance(to: point) ?? 1) < 0.3
                }
                place =
                    unit.map { ($0.labels(.name)?.labels.first?.text ?? $0.string(.category) ?? "unit") + "/" + $0.id.prefix(4) }
                    ?? "nowhere"
            }
            return "\(to - from > 0 ? "+" : "")\(to - from)@\(place)"
        }
        return "\(route.levelChanges.count) changes " + words.joined(separator: " ")
    }

    @Test func routesBetweenRoomsAreAboutAsLongAsOverTheHandMadeGraphAndNoLinkCrossesAWall() throws {
        let original = Document(try ArchiveReader.read(Samples.spbstu).archive)
        var history = History(document: original)
        var ids = IDSource(seed: 28)
        try history.perform(RemoveRoutingGraph(), ids: &ids)
        let built = try history.perform(GraphBuild(), ids: &ids)
        let generated = history.document
        #expect(built.label.hasPrefix("graph build on every level"))

        // No generated link leaves the units its ends stand in, except through an opening.
        let projector = try #require(generated.workingProjector)
        let engine = GeometryEngine()
        var unitsByLevel: [String: [(id: String, area: PreparedArea, polygons: [Polygon])]] = [:]
        for unit in generated.features(of: .unit) {
            guard let level = unit.string(.levelID), let polygons = projector.polygons(unit.geometry) else { continue }
            unitsByLevel[level, default: []].append((unit.id, engine.prepare(engine.buffer(polygons, by: 0.2)), polygons))
        }
        var doorsByLevel: [String: [Polygon]] = [:]
        for opening in generated.features(of: .opening) {
            guard let level = opening.string(.levelID), case .lineString(let line)? = opening.geometry else { continue }
            let points = line.map(projector.point)
            doorsByLevel[level, default: []] += engine.buffer([Polygon(exterior: points + points.reversed())], by: 0.6)
        }
        var links = 0
        var outside: [String] = []
        for node in generated.features(ofType: RoutingExtension.nodeType) {
            guard let level = node.string(.levelID), case .point(let a)? = node.geometry else { continue }
            for other in (node.strings(RoutingExtension.neighbours) ?? []).compactMap(generated.feature) where other.id > node.id {
                guard other.string(.levelID) == level, case .point(let b)? = other.geometry else { continue }
                links += 1
                let (p, q) = (projector.point(a), projector.point(b))
                let units = unitsByLevel[level] ?? []
                if units.contains(where: { $0.area.covers(segment: p, q) }) { continue }
                // Between two units: through their union and the doors between them.
                let touched = units.filter { $0.area.covers(p) || $0.area.covers(q) }.flatMap(\.polygons)
                let way = engine.prepare(engine.union(engine.buffer(touched, by: 0.2) + (doorsByLevel[level] ?? [])))
                if touched.isEmpty || !way.covers(segment: p, q) { outside.append("\(node.id.prefix(8))-\(other.id.prefix(8))") }
            }
        }
        print("generated links on one level: \(links); leaving their units: \(outside.count) \(outside.prefix(10))")
        #expect(links > 1000)
        #expect(outside.isEmpty, "\(outside.count) generated links leave their units: \(outside.prefix(10))")

        // Routes between random pairs of rooms both graphs connect.
        let rooms = original.features(of: .unit).filter {
            !GeneratedGraph.walkableCategories.contains($0.string(.category) ?? "")
                && GeneratedGraph.levelCost[$0.string(.category) ?? ""] == nil
        }.map(\.id)
        let hand = RoutingGraph(original)
        let made = RoutingGraph(generated)
        // Like with like. The hand-made graph has no node in any of the plan's elevators, so the
        // generated graph is also built on the plan without them: the same ways between levels,
        // the stairs. And it weighs some nodes 1.2, 2 or 3 times their length (the side
        // stairwells' nodes 3: its makers sent routes by the main stairs), so its shortest walk
        // is found by metres alone.
        let elevators = original.features(of: .unit).filter { $0.string(.category) == "elevator" }
        let handUsesElevators = original.features(ofType: RoutingExtension.nodeType).contains { node in
            guard let level = node.string(.levelID), case .point(let position)? = node.geometry else { return false }
            let point = projector.point(position)
            return elevators.contains {
                $0.string(.levelID) == level && (projector.polygons($0.geometry)?.planarDistance(to: point) ?? 1) == 0
            }
        }
        #expect(!elevators.isEmpty && !handUsesElevators)
        var stairsOnly = History(document: original)
        try stairsOnly.perform(RemoveRoutingGraph(), ids: &ids)
        try stairsOnly.perform(RemoveUnits(category: "elevator"), ids: &ids)
        try stairsOnly.perform(GraphBuild(), ids: &ids)
        let byStairs = RoutingGraph(stairsOnly.document)
        var unweighted = History(document: original)
        try unweighted.perform(Unweight(), ids: &ids)
        let handByMetres = RoutingGraph(unweighted.document)
        // Seeded, so the pairs are the same on every run.
        var random = SeededRandom(seed: 28)
        var ratios: [Double] = []
        var doorRatios: [Double] = []
        var likeRatios: [Double] = []
        var tries = 0
        var outliers: [String] = []
        var handOnly = 0
        var handOnlyInOneBuilding = 0
        func building(_ room: String) -> String? {
            original.feature(room)?.string(.levelID).flatMap(original.feature)?.strings(.buildingIDs)?.first
        }
        while ratios.count < 100 && tries < 5000 {
            tries += 1
            let a = rooms[Int(random.next() % UInt64(rooms.count))]
            let b = rooms[Int(random.next() % UInt64(rooms.count))]
            guard a != b, let byHand = try? hand.shortestRoute(from: a, to: b) else { continue }
            guard let byPlan = try? made.shortestRoute(from: a, to: b) else {
                handOnly += 1
                // The hand-made graph also runs outdoors, between buildings; the generated one stays in.
                if building(a) == building(b) { handOnlyInOneBuilding += 1 }
                continue
            }
            let h = Self.walked(byHand, from: a, to: b, doorToDoor: false, original)
            let g = Self.walked(byPlan, from: a, to: b, doorToDoor: false, generated)
            let hDoors = Self.walked(byHand, from: a, to: b, doorToDoor: true, original)
            let gDoors = Self.walked(byPlan, from: a, to: b, doorToDoor: true, generated)
            guard h > 0, hDoors > 0 else { continue }
            ratios.append(g / h)
            doorRatios.append(gDoors / hDoors)
            let walk = try handByMetres.shortestRoute(from: a, to: b)
            let byStairsRoute = try byStairs.shortestRoute(from: a, to: b)
            let metres = Self.walked(walk, from: a, to: b, doorToDoor: true, unweighted.document)
            let like = Self.walked(byStairsRoute, from: a, to: b, doorToDoor: true, stairsOnly.document) / Swift.max(metres, 1e-9)
            likeRatios.append(like)
            if abs(like - 1) > 0.15 {
                outliers.append(
                    String(format: "%.2f", like) + " (\(String(format: "%.0f", metres)) m by hand): "
                        + "hand \(Self.climbs(walk, unweighted.document)); generated \(Self.climbs(byStairsRoute, stairsOnly.document))\n"
                        + "    walked on each level: hand \(Self.walkedPerLevel(walk, unweighted.document)); "
                        + "generated \(Self.walkedPerLevel(byStairsRoute, stairsOnly.document))")
            }
        }
        func summary(_ ratios: [Double]) -> String {
            let sorted = ratios.sorted()
            let within = ratios.filter { abs($0 - 1) <= 0.15 }.count
            let median = sorted.isEmpty ? 0 : sorted[sorted.count / 2]
            return "within 15%: \(within); median generated/hand-made \(String(format: "%.3f", median)); "
                + "range \(String(format: "%.2f", sorted.first ?? 0))-\(String(format: "%.2f", sorted.last ?? 0))"
        }
        print(
            "pairs: \(ratios.count) (of \(tries) tried; \(handOnly) the hand-made graph connects and the generated does not, \(handOnlyInOneBuilding) of them in one building); "
                + "as each graph routes them, room to room: \(summary(ratios)); door to door: \(summary(doorRatios)); "
                + "like with like (no elevators, the hand-made graph by metres), door to door: \(summary(likeRatios))")
        print("like with like, outside 15%:\n  " + outliers.joined(separator: "\n  "))
        #expect(ratios.count == 100)
        #expect(likeRatios.count == 100)
        #expect(handOnlyInOneBuilding == 0)
        // The issue asks 90 of 100 within 15%. Room to room the generated routes are longer by
        // the walk from each room's centre to its door (the hand-made nodes stand in the
        // doorways), so routes are compared door to door. As each graph routes them, the
        // generated routes take the elevators the hand-made graph lacks, and the side stairs its
        // weights steer away from: shorter walks, not wrong ones.
        #expect(likeRatios.filter { abs($0 - 1) <= 0.15 }.count >= 90)
        #expect(doorRatios.filter { abs($0 - 1) <= 0.15 }.count >= 85)
    }
}
