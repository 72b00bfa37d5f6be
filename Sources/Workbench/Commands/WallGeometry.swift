// Walls as the editor sees them: stretches of a unit's outline. Openings are laid along walls and
// slid along them by distance along the outline (linear referencing), so a door follows the wall
// around a corner instead of cutting across it.

import Geometry
import IMDF

enum Walls {
    /// How close a point must be to an outline to count as on it.
    static let onWallTolerance = 0.05

    static func ring(_ polygon: Polygon, _ index: Int) -> [Point] {
        index == 0 ? polygon.exterior : polygon.holes[index - 1]
    }

    /// The piece of `ring` from distance `start` to `end` along it (end > start; both may run
    /// past the ring's length or below zero, wrapping around), with the ring's corners in between.
    static func stretch(of polygon: Polygon, ring index: Int, from start: Double, to end: Double, _ engine: GeometryEngine) -> [Point] {
        let points = ring(polygon, index)
        let length = engine.ringLength(of: polygon, ring: index)
        guard length > 0 else { return [] }
        var cumulative: [Double] = [0]
        for (a, b) in zip(points, points.dropFirst()) { cumulative.append(cumulative.last! + a.distance(to: b)) }
        var result = [engine.boundaryPoint(on: polygon, ring: index, distanceAlong: start)]
        // Corners strictly between start and end, over as many laps as the stretch spans.
        var lap = (start / length).rounded(.down) * length
        while lap < end {
            for (vertex, distance) in zip(points.dropLast(), cumulative.dropLast()) {
                let along = lap + distance
                if along > start + 1e-9 && along < end - 1e-9 { result.append(vertex) }
            }
            lap += length
        }
        result.append(engine.boundaryPoint(on: polygon, ring: index, distanceAlong: end))
        return result
    }

    /// True when every point of `line` lies on the outline of `polygons`.
    static func lies(_ line: [Point], on polygons: [Polygon], _ engine: GeometryEngine) -> Bool {
        line.allSatisfy { point in
            polygons.contains { engine.nearestBoundaryPosition(on: $0, to: point).distance <= onWallTolerance }
        }
    }

    /// The units of a level near `bounds`, with their outlines in metres.
    static func units(onLevel levelID: String, near bounds: Bounds, _ document: Document, _ projector: Projector) -> [(Feature, [Polygon])] {
        document.features(onLevel: levelID, near: bounds).compactMap { feature in
            guard feature.imdfType == .unit, let shapes = projector.polygons(feature.geometry) else { return nil }
            return (feature, shapes)
        }
    }
}
