// Points kept for "which lie near here": in the cells of a grid as wide as the distance asked
// about, so that a lookup reads the point's cell and the eight around it, not every point kept.
// A plan of a thousand rooms has thousands of labels, door leaves and door candidates, and
// comparing each with every other grew with the square of the drawing.

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
