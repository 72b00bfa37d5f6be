// `move unit REF to level REF`: puts a room on another level. Its openings (those on its outline)
// and the path nodes inside it follow; its anchors follow by referring to the unit.

import Geometry
import IMDF

public struct MoveUnitToLevel: EditCommand {
    public var unitID: String
    public var levelID: String

    public init(_ unitID: String, toLevel levelID: String) {
        self.unitID = unitID
        self.levelID = levelID
    }

    public func plan(_ document: Document, ids: inout IDSource) throws(EditError) -> Patch {
        let unit = try document.require(unitID, as: .unit, argument: "REF")
        let level = try document.require(levelID, as: .level, argument: "level")
        guard let oldLevel = unit.string(.levelID), oldLevel != level.id else {
            throw EditError("\(unit.described(in: document)) is already on \(level.described(in: document))", argument: "level")
        }
        var changes: [Change] = []
        var moved = unit
        moved.setString(.levelID, level.id)
        changes.append(.modify(before: unit, after: moved))
        if let first = unit.geometry?.positions.first, let shapes = document.projector(near: first).polygons(unit.geometry) {
            let projector = document.projector(near: first)
            let engine = GeometryEngine()
            let area = engine.prepare(engine.buffer(shapes, by: Walls.onWallTolerance))
            let reach = shapes.map(\.bounds).reduce(shapes[0].bounds) { $0.union($1) }.expanded(by: 1)
            let neighbours = Walls.units(onLevel: oldLevel, near: reach, document, projector)
            for feature in document.features(onLevel: oldLevel, near: reach) where feature.id != unit.id {
                let follows: Bool
                switch (feature.featureType, feature.geometry) {
                case (FeatureType.opening.rawValue, .lineString(let line)?):
                    // Openings on the outline follow unless they also sit on a room that stays.
                    follows =
                        Walls.lies(line.map(projector.point), on: shapes, engine)
                        && !neighbours.contains { other in
                            other.0.id != unit.id && Walls.lies(line.map(projector.point), on: other.1, engine)
                        }
                case (RoutingFormat.nodeType, .point(let position)?):
                    follows = area.covers(projector.point(position))
                default:
                    follows = false
                }
                guard follows else { continue }
                var after = feature
                after.setString(.levelID, level.id)
                changes.append(.modify(before: feature, after: after))
            }
        }
        return Patch(label: "move \(unit.described(in: document)) to \(level.described(in: document))", changes: changes)
    }
}
