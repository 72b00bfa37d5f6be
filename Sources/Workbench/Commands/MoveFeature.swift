// `move REF by DX,DY`: translates any located feature (and its display point) by metres east and
// north. `move REF to X,Y` puts a point feature (an anchor, an amenity, a path node) exactly at a
// place; shapes have no single point to put somewhere, so they move `by`. A point goes no more
// than a metre outside its level unless `--outside` is given.

import Geometry
import IMDF

public struct MoveFeature: EditCommand {
    public enum Motion: Sendable, Equatable {
        case by(east: Double, north: Double)
        case to(Position)
    }

    public var target: String
    public var motion: Motion
    /// Whether the feature may go more than a metre outside its level (`--outside`).
    public var allowOutside: Bool

    public init(_ target: String, byEast east: Double, north: Double, allowOutside: Bool = false) {
        self.target = target
        self.motion = .by(east: east, north: north)
        self.allowOutside = allowOutside
    }

    public init(_ target: String, to position: Position, allowOutside: Bool = false) {
        self.target = target
        self.motion = .to(position)
        self.allowOutside = allowOutside
    }

    public func plan(_ document: Document, ids: inout IDSource) throws(EditError) -> Patch {
        let before = try document.require(target, argument: "REF")
        guard let geometry = before.geometry, let first = geometry.positions.first else {
            throw EditError("\(before.described(in: document)) has no geometry to move", argument: "REF")
        }
        let projector = document.projector(near: first)
        let east: Double
        let north: Double
        switch motion {
        case .by(let x, let y):
            (east, north) = (x, y)
            guard east.isFinite, north.isFinite, east != 0 || north != 0 else {
                throw EditError("the distance must be non-zero", argument: "by")
            }
        case .to(let position):
            guard case .point = geometry else {
                throw EditError("\(before.described(in: document)) is a shape, not a point: move it by DX,DY", argument: "to")
            }
            let (from, to) = (projector.point(first), projector.point(position))
            (east, north) = (to.x - from.x, to.y - from.y)
        }
        func shift(_ position: Position) -> Position {
            var point = projector.point(position)
            point.x += east
            point.y += north
            var moved = projector.position(point)
            moved.z = position.z
            return moved
        }
        var after = before
        if case .to(let position) = motion {
            after.geometry = .point(Position(x: position.x, y: position.y, z: first.z))
        } else {
            after.geometry = geometry.mapped(shift)
        }
        if let display = before.point(.displayPoint) { after.setPoint(.displayPoint, shift(display)) }
        if case .point? = after.geometry, let moved = after.geometry {
            try LevelOutline.check(
                moved, was: geometry, levelID: LevelOutline.level(of: before, document), document, allowOutside: allowOutside,
                argument: motion == .by(east: east, north: north) ? "by" : "to")
        }
        let how: String
        switch motion {
        case .by: how = "by \(east), \(north) m"
        case .to(let position): how = "to @\(position.x),\(position.y)"
        }
        return Patch(label: "move \(before.described(in: document)) \(how)", changes: [.modify(before: before, after: after)])
    }
}
