// Plans side by side on one sheet: the floors of a house drawn next to each other, a plan beside
// its electrical plan. Each plan is a network of walls drawn as double lines; what lies between
// plans - dimensions, window elevations, a north arrow, cars on the drive - is single lines, and
// would otherwise join the plans into one floor with rooms of both.

import Foundation
import Geometry

enum PlanSheet {
    /// The two lines of a wall are this far apart (metres): a partition to a thick outer wall.
    static let wallThickness: ClosedRange<Double> = 0.05...0.5
    /// Lines shorter than this (metres) are not looked at: a wall's end, a jamb.
    static let shortestLine = 0.3
    /// Walls of one plan lie within this (metres) of each other: across a door, a corridor's end;
    /// networks of walls further apart are two plans.
    static let reach = 2.0
    /// A plan has this much double wall (metres) at least, and this share of the largest plan's.
    static let leastWalls = 20.0
    static let leastShare = 0.25
    /// A line's partner is looked for among this many lines beside it, nearest first.
    static let partnersTried = 64

    /// The plans on the sheet, in metres, in reading order (rows from the top, each from the
    /// left); one or none when the walls form a single plan (or are single lines). Networks a
    /// room of `rooms` (the boxes of outlines on room layers) reaches into are one plan: two
    /// wings either side of an open studio drawn without double walls.
    static func plans(in lines: [[Point]], joinedBy rooms: [Bounds] = []) -> [Bounds] {
        let segments = lines.flatMap { line in zip(line, line.dropFirst()).map { ($0, $1) } }.filter {
            $0.0.distance(to: $0.1) >= shortestLine
        }
        guard segments.count >= 8 else { return [] }
        // The lines with a parallel partner at a wall's thickness, alongside for half its length.
        let doubled = Self.doubled(segments)
        guard !doubled.isEmpty else { return [] }
        // A wall drawn in pieces (every room's side of it, broken at every door) as one line:
        // the networks are then found among a few long lines instead of thousands of pieces.
        let walls = GeometryEngine.joined(doubled.map { segments[$0] }, bridging: reach, grid: 0.01)
        let network = networks(of: Array(walls.indices), walls)
        var groups: [Int: (bounds: Bounds, length: Double)] = [:]
        for (position, (a, b)) in walls.enumerated() {
            let group = groups[network[position]] ?? (Bounds.empty, 0)
            groups[network[position]] = (group.bounds.union(Bounds(points: [a, b]) ?? .empty), group.length + a.distance(to: b))
        }
        // Networks whose boxes overlap are one plan (a courtyard's walls, a wing joined by a
        // bridge drawn in single lines), as are networks one room reaches into.
        var plans = Array(groups.values)
        func joined(_ first: Bounds, _ second: Bounds) -> Bool {
            first.intersects(second)
                || rooms.contains { $0.intersects(first.expanded(by: reach)) && $0.intersects(second.expanded(by: reach)) }
        }
        var merged = true
        while merged {
            merged = false
            search: for i in plans.indices {
                for j in plans.indices where j > i && joined(plans[i].bounds, plans[j].bounds) {
                    plans[i] = (plans[i].bounds.union(plans[j].bounds), plans[i].length + plans[j].length)
                    plans.remove(at: j)
                    merged = true
                    break search
                }
            }
        }
        let largest = plans.map(\.length).max() ?? 0
        let kept = plans.filter { $0.length >= Swift.max(leastWalls, leastShare * largest) }.map(\.bounds)
        guard kept.count >= 2 else { return kept }
        // Reading order: from the top, a plan whose height overlaps the row's first plan is in its
        // row; each row from the left.
        var rows: [[Bounds]] = []
        for plan in kept.sorted(by: { $0.maxY > $1.maxY }) {
            if let first = rows.last?.first, plan.minY <= first.maxY && first.minY <= plan.maxY {
                rows[rows.count - 1].append(plan)
            } else {
                rows.append([plan])
            }
        }
        return rows.flatMap { $0.sorted { $0.minX < $1.minX } }
    }

    /// The indexes of the segments that have a wall's other line. Segments are sorted by their
    /// direction (each also under the next, so that lines a hair off parallel meet) and, within
    /// one, by how far across it their middle is: a partner is among the few a wall's thickness
    /// further across, found by bisection (a grid of cells collected hundreds of neighbours along
    /// every long wall of a large plan).
    static func doubled(_ segments: [(Point, Point)]) -> [Int] {
        guard let origin = segments.first?.0 else { return [] }
        let step = 0.01
        let turns = Int((Double.pi / step).rounded())
        // Offsets are measured at a direction up to a step from the line's own, which moves a
        // middle by up to a step times the distance along it to its partner's middle.
        let slack = 0.1
        let nearest = wallThickness.lowerBound / 2
        // Each line in a direction: how far across its middle is, and where along it it runs.
        var byDirection: [Int: [(offset: Double, number: Int, start: Double, end: Double)]] = [:]
        for (number, (a, b)) in segments.enumerated() {
            var angle = atan2(b.y - a.y, b.x - a.x)
            if angle < 0 { angle += .pi }
            let direction = Int((angle / step).rounded()) % turns
            let middle = Point(x: (a.x + b.x) / 2 - origin.x, y: (a.y + b.y) / 2 - origin.y)
            for bucket in [direction, (direction + 1) % turns] {
                let (c, s) = (cos(Double(bucket) * step), sin(Double(bucket) * step))
                let (p, q) = ((a.x - origin.x) * c + (a.y - origin.y) * s, (b.x - origin.x) * c + (b.y - origin.y) * s)
                byDirection[bucket, default: []].append((-middle.x * s + middle.y * c, number, Swift.min(p, q), Swift.max(p, q)))
            }
        }
        var found = Set<Int>()
        for var members in byDirection.values {
            members.sort { $0.offset < $1.offset }
            for (offset, number, start, end) in members {
                // The first member clearly further across: the lines collinear with this one (a
                // wall drawn in pieces, a row of rooms' walls on one line) are not looked at; a
                // partner measured nearer than it is is found from its own side.
                var (low, high) = (0, members.count)
                while low < high {
                    let middle = (low + high) / 2
                    if members[middle].offset < offset + nearest { low = middle + 1 } else { high = middle }
                }
                // One partner is enough, and only the nearest few lines beside it are tried:
                // dense parallel linework (a hatch, a zig-zag of many thousand vertices) would
                // otherwise put thousands in every line's window.
                var tried = 0
                while low < members.count, members[low].offset <= offset + wallThickness.upperBound + slack, tried < partnersTried {
                    let other = members[low].number
                    // Beside each other along the line at all (most of a row's lines are not),
                    // before the exact test.
                    if Swift.min(end, members[low].end) > Swift.max(start, members[low].start), other != number {
                        tried += 1
                        if Self.pair(segments[number], segments[other]) {
                            found.insert(number)
                            found.insert(other)
                            break
                        }
                    }
                    low += 1
                }
            }
        }
        return found.sorted()
    }

    /// Whether two segments are a wall's two lines: parallel, a wall's thickness apart, and
    /// alongside each other for half the shorter's length.
    static func pair(_ first: (Point, Point), _ second: (Point, Point)) -> Bool {
        let (a, b) = first
        let length = a.distance(to: b)
        let other = second.0.distance(to: second.1)
        guard length > 0, other > 0 else { return false }
        let (ux, uy) = ((b.x - a.x) / length, (b.y - a.y) / length)
        let (vx, vy) = ((second.1.x - second.0.x) / other, (second.1.y - second.0.y) / other)
        guard abs(ux * vy - uy * vx) <= 0.02 else { return false }
        let offset = abs((second.0.x - a.x) * -uy + (second.0.y - a.y) * ux)
        guard wallThickness.contains(offset) else { return false }
        let (s, t) = ((second.0.x - a.x) * ux + (second.0.y - a.y) * uy, (second.1.x - a.x) * ux + (second.1.y - a.y) * uy)
        let overlap = Swift.min(Swift.max(s, t), length) - Swift.max(Swift.min(s, t), 0)
        return overlap >= 0.5 * Swift.min(length, other)
    }

    /// For each of `chosen` (indexes into `segments`), the network it belongs to: segments whose
    /// boxes are within `reach` of each other are one. Each is looked for in the cells of a grid
    /// of that size round its own.
    static func networks(of chosen: [Int], _ segments: [(Point, Point)]) -> [Int] {
        let boxes = chosen.map { Bounds(points: [segments[$0].0, segments[$0].1]) ?? .empty }
        let cells = Cells(size: reach)
        var buckets: [Cells.Key: [Int]] = [:]
        for (position, box) in boxes.enumerated() {
            for key in cells.keys(box, margin: 0) { buckets[key, default: []].append(position) }
        }
        var parent = Array(chosen.indices)
        // Through a buffer: dense linework (a zig-zag of many thousand vertices) asks for the
        // roots of tens of millions of pairs, and an array captured by a nested function checks
        // exclusive access on every one.
        return parent.withUnsafeMutableBufferPointer { parent in
            func root(_ item: Int) -> Int {
                var item = item
                while parent[item] != item {
                    parent[item] = parent[parent[item]]
                    item = parent[item]
                }
                return item
            }
            for (position, box) in boxes.enumerated() {
                let grown = box.expanded(by: reach)
                var own = root(position)
                for key in cells.keys(box, margin: reach) {
                    guard let members = buckets[key] else { continue }
                    for other in members where other > position {
                        // Most neighbours of a dense plan are joined already: the cheaper test first.
                        let theirs = root(other)
                        if own != theirs, grown.intersects(boxes[other]) {
                            parent[own] = theirs
                            own = theirs
                        }
                    }
                }
            }
            return chosen.indices.map(root)
        }
    }

    /// The square cells of a grid a box covers: neighbours are found by hashing, in time that
    /// grows with the drawing (GEOS's tree answered each query with an allocation and a sort,
    /// which for the 25,000 wall lines of a large plan cost a tenth of its import).
    struct Cells {
        struct Key: Hashable {
            var x: Int
            var y: Int
        }
        let size: Double

        func keys(_ box: Bounds, margin: Double) -> [Key] {
            // An empty box (or one of NaN) covers no cell.
            guard !box.isEmpty else { return [] }
            let low = Key(x: cell(box.minX - margin), y: cell(box.minY - margin))
            let high = Key(x: cell(box.maxX + margin), y: cell(box.maxY + margin))
            // A line across a whole sheet would cover millions of cells, and an infinite box
            // more cells than an Int counts: either is left in none.
            let (width, wide) = high.x.subtractingReportingOverflow(low.x)
            let (height, tall) = high.y.subtractingReportingOverflow(low.y)
            guard !wide, !tall, width <= 4_096, height <= 4_096, (width + 1) * (height + 1) <= 16_384 else { return [] }
            var keys: [Key] = []
            for x in low.x...high.x { for y in low.y...high.y { keys.append(Key(x: x, y: y)) } }
            return keys
        }

        private func cell(_ value: Double) -> Int { Int(saturating: (value / size).rounded(.down)) }
    }
}
