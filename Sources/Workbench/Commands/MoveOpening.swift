// `move opening REF by D` slides an opening D metres along the straight wall it sits on: a
// positive D toward the wall's east end (its north end on a wall running due north-south; see
// WallCourse). It refuses to turn a corner, or to run past the end of the stretch of wall two
// units share; every refusal says where the wall runs, which way +D goes and how far the opening
// can go each way, in the frame the command was typed in. `move opening REF to X,Y` snaps it onto
// the nearest wall of its level, centred on the nearest wall point. The opening keeps its width.
// A one-part MultiLineString (as some converters write openings) moves like a LineString and
// stays one part; `flatten` makes it the LineString IMDF asks for.

import Geometry
import IMDF

public struct MoveOpening: EditCommand {
    public enum Motion: Sendable, Equatable {
        case along(Double)
        case to(Position)
    }

    public var openingID: String
    public var motion: Motion
    /// The frame positions in messages are given in (the one the command was typed in); nil:
    /// the document's own.
    public var frame: LocalFrame?
    /// How far `to` may look for a wall.
    public static let snapRadius = 5.0

    public init(_ openingID: String, _ motion: Motion, frame: LocalFrame? = nil) {
        self.openingID = openingID
        self.motion = motion
        self.frame = frame
    }

    public func plan(_ document: Document, ids: inout IDSource) throws(EditError) -> Patch {
        let before = try document.require(openingID, as: .opening, argument: "REF")
        let positions: [Position]
        switch before.geometry {
        case .lineString(let line)? where line.count >= 2: positions = line
        case .multiLineString(let lines)? where lines.count == 1 && lines[0].count >= 2: positions = lines[0]
        case .multiLineString(let lines)? where lines.count > 1:
            throw EditError(
                "\(before.described(in: document)) has \(lines.count) lines; an opening is one (split it by hand)", argument: "REF")
        default: throw EditError("\(before.described(in: document)) has no LineString to move", argument: "REF")
        }
        guard let levelID = before.string(.levelID) else {
            throw EditError("\(before.described(in: document)) is on no level", argument: "REF")
        }
        let projector = document.projector(near: positions[0])
        let engine = GeometryEngine()
        let line = positions.map(projector.point)
        let width = Polyline.length(line)
        let moved: [Point]
        var how = ""
        switch motion {
        case .along(let distance):
            let probe = Bounds(points: line)!.expanded(by: width + 1)
            let hosts = Walls.units(onLevel: levelID, near: probe, document, projector).filter {
                Walls.lies([line[0], Polyline.halfway(line), line[line.count - 1]], on: $0.1, engine)
            }
            guard let host = hosts.first,
                let polygon = host.1.min(by: {
                    engine.nearestBoundaryPosition(on: $0, to: Polyline.halfway(line)).distance
                        < engine.nearestBoundaryPosition(on: $1, to: Polyline.halfway(line)).distance
                })
            else {
                throw EditError(
                    "\(before.described(in: document)) is not on a unit's wall; snap it onto one with `move opening REF to X,Y`",
                    argument: "REF")
            }
            let centre = engine.nearestBoundaryPosition(on: polygon, to: Polyline.halfway(line))
            guard
                let course = WallCourse(
                    on: polygon, ring: centre.ring, at: centre.distanceAlong, width: width, sharers: Array(hosts.dropFirst()))
            else {
                throw EditError("\(before.described(in: document)) is on a wall of no length", argument: "REF")
            }
            let shownFrame = frame ?? projector.frame
            let explanation = course.explanation(
                { shownFrame.point(longitude: projector.position($0).x, latitude: projector.position($0).y) }, document)
            guard distance.isFinite, distance != 0 else {
                throw EditError("by: the distance must be non-zero (\(explanation))", argument: "by")
            }
            // A hair of slack, so the distance a refusal offers is accepted as typed back.
            let room = distance > 0 ? course.forward : course.backward
            guard abs(distance) <= room + 0.005 else {
                throw EditError(
                    "by: \(String(typedMetres: distance)) m would take \(before.described(in: document)) past the end of its wall (\(explanation))",
                    argument: "by")
            }
            let applied = distance > 0 ? min(distance, course.forward) : max(distance, -course.backward)
            let along = centre.distanceAlong + (course.runsAgainstOutline ? -applied : applied)
            let heading = distance > 0 ? course.bearing : (course.bearing + 180).truncatingRemainder(dividingBy: 360)
            how = " \(String(typedMetres: abs(distance))) m \(Bearing.compassWord(heading)) along its wall"
            moved = Walls.stretch(of: polygon, ring: centre.ring, from: along - width / 2, to: along + width / 2, engine)
        case .to(let target):
            let point = projector.point(target)
            var best: (polygon: Polygon, position: BoundaryPosition)?
            let reach = Bounds(points: [point])!.expanded(by: Self.snapRadius)
            for (_, shapes) in Walls.units(onLevel: levelID, near: reach, document, projector) {
                for polygon in shapes {
                    let position = engine.nearestBoundaryPosition(on: polygon, to: point)
                    if best == nil || position.distance < best!.position.distance { best = (polygon, position) }
                }
            }
            guard let best, best.position.distance <= Self.snapRadius else {
                throw EditError("to: no wall of the level within \(Int(Self.snapRadius)) m of that point", argument: "to")
            }
            moved = Walls.stretch(
                of: best.polygon, ring: best.position.ring, from: best.position.distanceAlong - width / 2,
                to: best.position.distanceAlong + width / 2, engine)
        }
        var after = before
        let movedLine = moved.map(projector.position)
        if case .multiLineString? = before.geometry {
            after.geometry = .multiLineString([movedLine])
        } else {
            after.geometry = .lineString(movedLine)
        }
        if before.point(.displayPoint) != nil { after.setPoint(.displayPoint, projector.position(Polyline.halfway(moved))) }
        return Patch(
            label: "move \(before.described(in: document))" + how, changes: after == before ? [] : [.modify(before: before, after: after)])
    }
}
