import Geometry
import Testing

@Suite struct MedialAxisTests {
    let engine = GeometryEngine()

    /// The network's edges as lengths, and whether each stays inside the polygon.
    func check(_ network: WalkNetwork, in polygon: Polygon, spacing: Double) {
        let area = engine.prepare([polygon])
        #expect(!network.edges.isEmpty)
        for edge in network.edges {
            let (a, b) = (network.points[edge.a], network.points[edge.b])
            #expect(area.covers(segment: a, b), "edge \(a) - \(b) leaves the polygon")
            #expect(a.distance(to: b) <= spacing + 1e-9)
        }
    }

    /// Whether the network joins all its points.
    func isConnected(_ network: WalkNetwork) -> Bool {
        guard !network.points.isEmpty else { return false }
        var neighbours = [[Int]](repeating: [], count: network.points.count)
        for edge in network.edges {
            neighbours[edge.a].append(edge.b)
            neighbours[edge.b].append(edge.a)
        }
        var seen: Set<Int> = [0]
        var queue = [0]
        while let next = queue.popLast() {
            for other in neighbours[next] where seen.insert(other).inserted { queue.append(other) }
        }
        return seen.count == network.points.count
    }

    @Test func aCorridorsAxisRunsAlongItsMiddleWithoutCornerSpurs() {
        let corridor = rectangle(0, 0, 40, 2.5)
        let network = engine.medialAxis(of: corridor, spacing: 5)
        check(network, in: corridor, spacing: 5)
        #expect(isConnected(network))
        // Every point on the centre line: the spurs into the four corners are gone.
        for point in network.points { #expect(abs(point.y - 1.25) < 0.05, "\(point) is off the centre line") }
        let xs = network.points.map(\.x)
        #expect(xs.min()! < 2 && xs.max()! > 38)
        // 40 m less the ends, in steps of at most 5 m: at least 8 edges.
        #expect(network.edges.count >= 8)
    }

    @Test func anLShapedHallsAxisTurnsTheCornerInside() {
        let network = engine.medialAxis(of: lShapedRoom, spacing: 2)
        check(network, in: lShapedRoom, spacing: 2)
        #expect(isConnected(network))
        // It reaches into both arms.
        #expect(network.points.contains { $0.x > 7.5 && $0.y < 4 }, "\(network.points)")
        #expect(network.points.contains { $0.y > 7.5 && $0.x < 4 })
    }

    @Test func aHallWithAPillarGetsAWayRoundIt() {
        let pillar = ring([(4, 4), (4, 6), (6, 6), (6, 4)])
        let hall = rectangle(0, 0, 10, 10, holes: [pillar])
        let network = engine.medialAxis(of: hall, spacing: 3)
        check(network, in: hall, spacing: 3)
        #expect(isConnected(network))
        #expect(network.points.contains { $0.y < 4 } && network.points.contains { $0.y > 6 })
    }

    @Test func noSpacingOrABrokenPolygonGivesNoNetwork() {
        #expect(engine.medialAxis(of: lShapedRoom, spacing: 0).points.isEmpty)
        #expect(engine.medialAxis(of: lShapedRoom, spacing: .nan).points.isEmpty)
        #expect(engine.medialAxis(of: Polygon(exterior: []), spacing: 5).points.isEmpty)
    }
}
