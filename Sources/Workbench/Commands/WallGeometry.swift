// Walls as the editor sees them: stretches of a unit's outline. Openings are laid along walls and
// slid along them by distance along the outline (linear referencing), so a door follows the wall
// around a corner instead of cutting across it.

import Geometry
import IMDF

enum Walls {
    /// How close a point must be to an outline to count as on it.
    static let onWallTolerance = 0.05

    /// The piece of a ring between two distances along it, corners included.
    static func stretch(of polygon: Polygon, ring index: Int, from start: Double, to end: Double, _ engine: GeometryEngine) -> [Point] {
        engine.stretch(of: polygon, ring: index, from: start, to: end)
    }

    /// True when every point of `line` lies on the outline of `polygons`.
    static func lies(_ line: [Point], on polygons: [Polygon], _ engine: GeometryEngine) -> Bool {
        line.allSatisfy { point in
            polygons.contains { engine.nearestBoundaryPosition(on: $0, to: point).distance <= onWallTolerance }
        }
    }

    /// The units of a level near `bounds`, with their outlines in metres.
    static func units(onLevel levelID: String, near bounds: Bounds, _ document: Document, _ projector: Projector) -> [(Feature, [Polygon])]
    {
        document.features(onLevel: levelID, near: bounds).compactMap { feature in
            guard feature.imdfType == .unit, let shapes = projector.polygons(feature.geometry) else { return nil }
            return (feature, shapes)
        }
    }
}
