// `move REF by DX,DY`: translates any located feature (and its display point) by metres east and
// north.

import Geometry
import IMDF

public struct MoveFeature: EditCommand {
    public var target: String
    public var east: Double
    public var north: Double

    public init(_ target: String, byEast east: Double, north: Double) {
        self.target = target
        self.east = east
        self.north = north
    }

    public func plan(_ document: Document, ids: inout IDSource) throws(EditError) -> Patch {
        let before = try document.require(target, argument: "REF")
        guard let geometry = before.geometry, let first = geometry.positions.first else {
            throw EditError("\(before.described) has no geometry to move", argument: "REF")
        }
        guard east.isFinite, north.isFinite, east != 0 || north != 0 else { throw EditError("the distance must be non-zero", argument: "by") }
        let projector = document.projector(near: first)
        func shift(_ position: Position) -> Position {
            var point = projector.point(position)
            point.x += east
            point.y += north
            var moved = projector.position(point)
            moved.z = position.z
            return moved
        }
        var after = before
        after.geometry = geometry.mapPositions(shift)
        if let display = before.point("display_point") { after.setPoint("display_point", shift(display)) }
        return Patch(label: "move \(before.described) by \(east), \(north) m", changes: [.modify(before: before, after: after)])
    }
}

extension Geometry {
    /// The same shape with every position transformed.
    func mapPositions(_ transform: (Position) -> Position) -> Geometry {
        switch self {
        case .point(let position): .point(transform(position))
        case .multiPoint(let line): .multiPoint(line.map(transform))
        case .lineString(let line): .lineString(line.map(transform))
        case .multiLineString(let lines): .multiLineString(lines.map { $0.map(transform) })
        case .polygon(let rings): .polygon(rings.map { $0.map(transform) })
        case .multiPolygon(let polygons): .multiPolygon(polygons.map { $0.map { $0.map(transform) } })
        case .geometryCollection(let members):
            .geometryCollection(members.map { member in
                var moved = member
                moved.geometry = member.geometry.mapPositions(transform)
                return moved
            })
        }
    }
}
