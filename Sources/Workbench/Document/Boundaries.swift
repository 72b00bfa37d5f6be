// Which doors belong to a room. IMDF openings name no unit: an opening belongs to the rooms on
// whose boundary it lies, found here by geometry, with the spatial index of the room's level.

import Geometry
import IMDF

extension Document {
    /// How near a unit's boundary an opening's middle must lie to be on it: half a metre, the
    /// tolerance validation's G4 gives an opening on a wall.
    public static let onWall = 0.5

    /// The openings on a unit's boundary, in file order, each with the other units of the level
    /// whose boundary it also lies on (the rooms on its other side).
    public func openings(onBoundaryOf unitID: String) -> [(opening: Feature, otherSide: [Feature])] {
        guard let unit = feature(unitID), let levelID = unit.string(.levelID), let projector = workingProjector,
            let shapes = projector.polygons(unit.geometry), let unitBounds = bounds(of: unit) ?? shapes.first?.bounds
        else { return [] }
        let engine = GeometryEngine()
        func distance(_ point: Point, to polygons: [Polygon]) -> Double {
            polygons.map { engine.nearestBoundaryPosition(on: $0, to: point).distance }.min() ?? .infinity
        }
        func middle(_ opening: Feature) -> Point? {
            switch opening.geometry {
            case .lineString(let line)? where line.count >= 2: Polyline.halfway(line.map(projector.point))
            case .multiLineString(let lines)? where lines.count == 1 && lines[0].count >= 2: Polyline.halfway(lines[0].map(projector.point))
            default: nil
            }
        }
        // The spatial index is in the document's frame; a document opened without one has none.
        let indexed = self.projector != nil
        let nearby = indexed ? features(onLevel: levelID, near: unitBounds.expanded(by: Self.onWall)) : features(onLevel: levelID)
        var result: [(Feature, [Feature])] = []
        for opening in nearby where opening.imdfType == .opening {
            guard let point = middle(opening), distance(point, to: shapes) <= Self.onWall else { continue }
            let probe = Bounds(point: point).expanded(by: Self.onWall)
            let around = indexed ? features(onLevel: levelID, near: probe) : features(onLevel: levelID)
            let others = around.filter { other in
                other.imdfType == .unit && other.id != unitID
                    && projector.polygons(other.geometry).map { distance(point, to: $0) <= Self.onWall } == true
            }
            result.append((opening, others))
        }
        return result
    }
}
