// Where the plan is. One stray entity kilometres away (a forgotten block, a survey point at the
// origin) blows up a drawing's extent and with it every "zoom to fit"; entities far outside the
// bulk of the drawing are set aside, and `--extent` picks one floor of several drawn side by side.

import Geometry

enum Extent {
    /// The entities inside the window (their centre in it), or, without a window, those within
    /// twice the spread of the middle 80% of all entities' centres of it; and the rest.
    static func split(_ entities: [DrawingEntity], window: Bounds?) -> (kept: [DrawingEntity], strays: [DrawingEntity]) {
        let boxes = entities.map(\.shape.bounds)
        let centres = boxes.map(\.centre)
        let area: Bounds
        if let window {
            area = window
        } else {
            guard entities.count >= 4 else { return (entities, []) }
            let xs = centres.map(\.x).sorted()
            let ys = centres.map(\.y).sorted()
            func quantile(_ values: [Double], _ q: Double) -> Double { values[Int((Double(values.count - 1) * q).rounded())] }
            // The middle 80%, not the extremes: a few strays move neither end, however far away
            // they are; not the middle half, which on a sheet of two floors, one of them densely
            // hatched, is that floor alone, and set the other aside as strays.
            let (x0, x1, y0, y1) = (quantile(xs, 0.1), quantile(xs, 0.9), quantile(ys, 0.1), quantile(ys, 0.9))
            // In a small symmetric plan those ends can coincide (four walls and a partition have
            // most of their centres on one point): the spread is at least the size of a typical
            // entity, so a plan is never set aside as strays from itself.
            let sizes = boxes.map { Swift.max($0.maxX - $0.minX, $0.maxY - $0.minY) }.sorted()
            let spread = Swift.max(x1 - x0, y1 - y0, quantile(sizes, 0.5), 1e-9)
            area = Bounds(minX: x0 - 2 * spread, minY: y0 - 2 * spread, maxX: x1 + 2 * spread, maxY: y1 + 2 * spread)
        }
        var kept: [DrawingEntity] = []
        var strays: [DrawingEntity] = []
        for (entity, centre) in zip(entities, centres) {
            if area.contains(centre) { kept.append(entity) } else { strays.append(entity) }
        }
        return (kept, strays)
    }
}

extension Bounds {
    var centre: Point { Point(x: (minX + maxX) / 2, y: (minY + maxY) / 2) }
}
