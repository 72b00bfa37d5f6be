// Points and boxes kept for "which lie near here", in the cells of a grid: a lookup reads the few
// cells around what it asks about, not every item kept. A plan of a thousand rooms has thousands
// of rooms, labels, door leaves and door candidates, and comparing each with every other grew with
// the square of the drawing.

import Geometry

struct NearPoints {
    /// The farthest apart (metres) two points may be for `near` to return one for the other.
    let reach: Double
    private let cells: PlanSheet.Cells
    private var kept: [PlanSheet.Cells.Key: [(at: Point, number: Int)]] = [:]

    init(reach: Double) {
        self.reach = reach
        cells = PlanSheet.Cells(size: reach)
    }

    /// Keeps `point` under `number` (the caller's index of what stands there).
    mutating func insert(_ point: Point, _ number: Int) {
        for key in cells.keys(Bounds(point: point), margin: 0) { kept[key, default: []].append((point, number)) }
    }

    /// The points kept within `reach` of `point` (the distance equal to it included), in no
    /// particular order; the caller applies its own, nearer, test.
    func near(_ point: Point) -> [(at: Point, number: Int)] {
        var found: [(at: Point, number: Int)] = []
        for key in cells.keys(Bounds(point: point), margin: reach) {
            for other in kept[key] ?? [] where other.at.distance(to: point) <= reach { found.append(other) }
        }
        return found
    }
}

/// Boxes kept for "which may touch this box". A box spanning more cells than the grid allows
/// (PlanSheet.Cells keeps such a box in none) is offered to every lookup instead, and a lookup
/// box that large is offered every box: a lookup may return more than touch, never fewer.
struct NearBoxes {
    private let cells: PlanSheet.Cells
    private var kept: [PlanSheet.Cells.Key: [Int]] = [:]
    private var oversized: [Int] = []
    private var count = 0

    /// `cellSize` (metres) about the size of the boxes kept: each then lies in a few cells.
    init(cellSize: Double) { cells = PlanSheet.Cells(size: cellSize) }

    /// Keeps `box` under `number` (the caller's index of it), numbers from 0 up.
    mutating func insert(_ box: Bounds, _ number: Int) {
        let keys = cells.keys(box, margin: 0)
        if keys.isEmpty { oversized.append(number) }
        for key in keys { kept[key, default: []].append(number) }
        count = Swift.max(count, number + 1)
    }

    /// The numbers of the boxes that may touch `box`, each once, in ascending order: every box
    /// kept that touches it, and maybe others near it; the caller tests.
    func candidates(_ box: Bounds) -> [Int] {
        let keys = cells.keys(box, margin: 0)
        guard !keys.isEmpty else { return Array(0..<count) }
        var found = Set(oversized)
        for key in keys { found.formUnion(kept[key] ?? []) }
        return found.sorted()
    }
}
