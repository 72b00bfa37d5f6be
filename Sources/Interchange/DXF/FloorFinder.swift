// The whole floor of a plan, once its rooms are found: spaces the walls enclose that no room
// outline covers are rooms too, and what of the floor inside the outer walls no room covers -
// corridors, halls, the open plan - becomes walkway units, so the level is covered by units and
// its outline is the outer walls'.

import Geometry
import IMDF

enum FloorFinder {
    /// Open space is looked for this far from a room at most (metres): corridors and halls lie
    /// between rooms; a frame drawn round the sheet is no floor.
    static let openSpaceReach = 8.0
    /// Open space narrower than this (metres) is the inside of a wall or a sliver, not a walkway.
    static let narrowestWalkway = 0.7
    /// Open space smaller than this (m²) is a recess, not a walkway.
    static let smallestWalkway = 4.0
    /// Open space narrowing to a door's width for no longer than this (metres) is two spaces, as
    /// if a door stood there; longer, it is a corridor and joins what it leads to.
    static let neckLength = 1.0
    /// A space cut off so is this large at least (m²): a hall, not an alcove beside a column.
    static let smallestCutOff = 10.0
    /// Walls chosen by their content are the plan's when their outline holds this share of the
    /// outlined rooms' area.
    static let roomsInsideWalls = 0.8

    struct Floor {
        /// The rooms, then those the walls add, then the walkways.
        var rooms: [FoundRoom]
        /// The floor's outline near the rooms; empty when the walls do not give one.
        var outline: [Polygon] = []
        var spacesAdded = 0
        var walkways = 0
        var walkwayArea = 0.0
    }

    /// The floor of `rooms` (outlined on a room layer, or formed from the walls) and the walls'
    /// `plan`. Beside outlined rooms, walls chosen by their content (`wallsTrusted` false) count
    /// only when their outline holds the rooms: the layer with the most linework may be furniture
    /// or stairs. Rooms formed from the walls leave the open floor `plan` gives, but for those
    /// formed round labels on it. Open space is cut where it narrows to `doorWidth`.
    static func whole(
        _ rooms: [FoundRoom], outlined: Bool, plan: (spaces: [Polygon], outline: [Polygon], open: [Polygon]), wallsTrusted: Bool,
        doorWidth: Double = 1.3, _ engine: GeometryEngine
    ) -> Floor {
        var floor = Floor(rooms: rooms)
        guard !rooms.isEmpty else { return floor }
        let outlines = rooms.map(\.outline)
        guard !outlined || wallsTrusted || engine.intersectionArea(outlines, plan.outline) >= roomsInsideWalls * engine.area(outlines)
        else { return floor }
        if outlined {
            let added = RoomFinder.uncovered(plan.spaces, by: outlines, engine)
            floor.spacesAdded = added.count
            floor.rooms += added
        }
        // The outline near the rooms only: a sheet's frame drawn with the walls encloses the
        // whole sheet.
        let near = floor.rooms.reduce(Bounds.empty) { $0.union($1.outline.bounds) }.expanded(by: openSpaceReach)
        floor.outline = engine.intersection(
            plan.outline,
            [
                Polygon(exterior: [
                    Point(x: near.minX, y: near.minY), Point(x: near.maxX, y: near.minY), Point(x: near.maxX, y: near.maxY),
                    Point(x: near.minX, y: near.maxY), Point(x: near.minX, y: near.minY),
                ])
            ])
        // Rooms formed from the walls leave the floor the walls do not enclose (less the rooms
        // formed round labels on it); outlined rooms, whatever of the floor they do not cover.
        let open =
            outlined
            ? engine.openSpaces(
                in: floor.outline, besides: floor.rooms.map(\.outline), narrowest: narrowestWalkway, smallest: smallestWalkway)
            : engine.openSpaces(
                in: engine.intersection(plan.open, floor.outline), besides: rooms.filter(\.aroundLabel).map(\.outline),
                narrowest: narrowestWalkway,
                smallest: smallestWalkway)
        // Each open space is cut on its own, so on all cores (a GEOS context each): a teaching
        // building's 14 took 33 ms on one.
        let walkways = open.parallelMap(heaviestFirst: \.exterior.count) { space in
            GeometryEngine().pieces(of: space, narrowerThan: doorWidth, neck: neckLength, smallest: smallestCutOff)
        }.flatMap { $0 }
        floor.walkways = walkways.count
        floor.walkwayArea = walkways.reduce(0) { $0 + engine.area([$1]) }
        floor.rooms += walkways.map { FoundRoom(outline: $0, layer: nil, category: "walkway") }
        return floor
    }
}
