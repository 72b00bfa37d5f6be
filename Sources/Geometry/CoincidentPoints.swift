// Where to put a new point where one already stands: anchors at one place are a defect Apple
// warns of (AnchorShouldNotEqualAnchor), so a second anchor goes beside the first.

import Foundation

public enum CoincidentPoints {
    /// Points closer than this (metres) stand at one place.
    public static let coincidence = 0.01

    /// `point`, or, when one of `taken` stands there, the first place `step` metres away in one of
    /// eight directions that lies inside `shapes` and is free; `point` when none is.
    public static func freePlace(
        near point: Point, inside shapes: [Polygon], avoiding taken: [Point], step: Double = 0.5, _ engine: GeometryEngine
    ) -> Point {
        func isFree(_ candidate: Point) -> Bool { !taken.contains { $0.distance(to: candidate) < coincidence } }
        guard !isFree(point) else { return point }
        for direction in 0..<8 {
            let angle = Double(direction) * .pi / 4
            let candidate = Point(x: point.x + step * cos(angle), y: point.y + step * sin(angle))
            if isFree(candidate), engine.distance(from: candidate, to: shapes) == 0 { return candidate }
        }
        return point
    }
}
