// Doors of a drawing: door blocks (with the block's name and angle kept), loose swings (an arc
// from the hinge, with or without the leaf's line), and gaps in walls. Each becomes an opening
// laid along the wall of the room it is on, as `add opening` lays one, and between two rooms when
// the wall is shared. A door shown twice (a block whose swing also left a gap) counts once.

import Geometry

struct DoorShape {
    /// The entities that draw the door, in drawing coordinates (a block's placed by its insert).
    var parts: [DrawingEntity]
    /// "block" or "swing".
    var source: String
}

/// Linework that fills a gap in a wall so that no one walks through it: a window, a column.
struct GapFiller {
    /// What it is, as the report counts the gaps it fills: "window" or "column".
    var kind: String
    var lines: [[Point]]
}

struct FoundOpening {
    var line: [Point]
    var width: Double
    var source: String
    var rooms: [Int]
}

enum DoorFinder {
    /// A leaf narrower or wider than this (metres) is some other arc: a column, a curved wall.
    static let leaf: ClosedRange<Double> = 0.3...1.6
    /// A door further than this from every room's wall is reported, not placed (metres).
    static let reach = 0.6
    /// Linework nearer than this to a room's outline counts as its wall (metres).
    static let onWall = 0.1
    /// Two leaves whose closed ends meet within this (metres) are one double door.
    static let doubleDoorMeeting = 0.15
    /// The narrowest gap in a wall that is a door (metres): narrower ones are where walls miss
    /// each other, or a pipe passes.
    static let narrowestGap = 0.6
    /// A gap is a door only along a straight wall: where the clear stretch of a room's outline
    /// turns (its ends nearer than this share of its length), the outline went round something -
    /// a column, a pier, a shaft - that the walls do not draw.
    static let straightness = 0.9
    /// A gap whose clear part, once a filler is laid in it, is under this share is filled.
    static let filledShare = 0.5

    /// The door shapes of door layers and door blocks: a block's entities placed where its insert
    /// puts them; a loose arc a swing of its own.
    static func parts(_ entities: [DrawingEntity], blocks: [String: [DrawingEntity]]) -> [DoorShape] {
        entities.compactMap { entity in
            switch entity.kind {
            case .insert(let insert):
                guard let definition = blocks[insert.block] else { return nil }
                let placed = insert.placed(definition, layer: entity.layer).filter { if case .insert = $0.kind { false } else { true } }
                return placed.isEmpty ? nil : DoorShape(parts: placed, source: "block")
            case .arc:
                return DoorShape(parts: [entity], source: "swing")
            default:
                return nil
            }
        }
    }

    /// A door or window tag stands this near (metres) the opening it names.
    static let tagReach = 1.2

    static func openings(
        parts shapes: [DoorShape], rooms: [Polygon], enclosed: Int? = nil, searchedForGaps: Int? = nil, wallLines: [[Point]],
        fillers: [GapFiller] = [], tags: [(at: Point, window: Bool)] = [], widestGap: Double, _ engine: GeometryEngine
    ) -> (openings: [FoundOpening], unplaced: Int, rejectedGaps: [String: Int]) {
        struct Candidate {
            var centre: Point
            var width: Double
            var source: String
        }
        // The enclosed rooms are searched for the wall a door is on; the open space (after them,
        // large shapes of many vertices) only for the room on a door's other side, prepared.
        let enclosed = enclosed ?? rooms.count
        let index = SpatialIndex<Int>(engine: engine)
        for (number, room) in rooms.prefix(enclosed).enumerated() { index.insert(room.bounds, number) }
        let open = rooms.indices.dropFirst(enclosed).map { ($0, engine.prepare([rooms[$0]])) }
        func near(_ point: Point, within distance: Double) -> [Int] {
            index.query(Bounds(minX: point.x - distance, minY: point.y - distance, maxX: point.x + distance, maxY: point.y + distance))
        }
        func nearestWall(_ point: Point) -> Double {
            near(point, within: 2).map {
                rooms[$0].planarBoundaryDistance(to: point) ?? engine.nearestBoundaryPosition(on: rooms[$0], to: point).distance
            }.min() ?? .infinity
        }
        var candidates: [Candidate] = []
        /// Leaves by their hinge and where the closed leaf ends, to pair double doors.
        var leaves: [(hinge: Point, end: Point, radius: Double, source: String)] = []
        for shape in shapes {
            let arcs = shape.parts.compactMap { part -> Arc? in
                if case .arc(let arc) = part.kind, leaf.contains(arc.radius) { return arc }
                return nil
            }
            if !arcs.isEmpty {
                for arc in arcs {
                    // The leaf closed lies along the wall, from the hinge to one end of the swing:
                    // the end whose half-way point is nearer a wall.
                    let end = [arc.ends.0, arc.ends.1].min { first, second in
                        nearestWall(Point(x: (arc.centre.x + first.x) / 2, y: (arc.centre.y + first.y) / 2))
                            < nearestWall(Point(x: (arc.centre.x + second.x) / 2, y: (arc.centre.y + second.y) / 2))
                    }!
                    leaves.append((arc.centre, end, arc.radius, shape.source))
                }
            } else if shape.source == "block" {
                let bounds = shape.parts.reduce(Bounds.empty) { $0.union($1.shape.bounds) }
                let width = Swift.max(bounds.width, bounds.height)
                if (0.5...2.5).contains(width) { candidates.append(Candidate(centre: bounds.centre, width: width, source: "block")) }
            }
        }
        // A double door is two leaves hinged either side of one opening, closing on one point:
        // one opening across both.
        var paired = Set<Int>()
        var ends = NearPoints(reach: doubleDoorMeeting)
        for (number, leaf) in leaves.enumerated() { ends.insert(leaf.end, number) }
        for first in leaves.indices where !paired.contains(first) {
            let partner = ends.near(leaves[first].end).map(\.number).filter { second in
                second > first && !paired.contains(second) && leaves[first].end.distance(to: leaves[second].end) < doubleDoorMeeting
                    && abs(leaves[first].hinge.distance(to: leaves[second].hinge) - leaves[first].radius - leaves[second].radius)
                        < doubleDoorMeeting
            }.min()
            if let second = partner {
                paired.insert(second)
                let (a, b) = (leaves[first].hinge, leaves[second].hinge)
                candidates.append(
                    Candidate(
                        centre: Point(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2), width: leaves[first].radius + leaves[second].radius,
                        source: leaves[first].source))
            } else {
                let leaf = leaves[first]
                candidates.append(
                    Candidate(
                        centre: Point(x: (leaf.hinge.x + leaf.end.x) / 2, y: (leaf.hinge.y + leaf.end.y) / 2), width: leaf.radius,
                        source: leaf.source))
            }
        }
        var rejectedGaps: [String: Int] = [:]
        // A gap where a block or swing already shows a door is that door, not a rejected gap.
        var shown = NearPoints(reach: 1)
        for (number, candidate) in candidates.enumerated() { shown.insert(candidate.centre, number) }
        func reject(_ gap: [Point], as kind: String) {
            let middle = Polyline.halfway(gap)
            if !shown.near(middle).contains(where: { $0.at.distance(to: middle) < 1 }) { rejectedGaps[kind, default: 0] += 1 }
        }
        if !wallLines.isEmpty {
            // Open space is bounded by rooms and by where the floor's outline was drawn, not by
            // walls: only the rooms' outlines are searched for gaps.
            let outlines = rooms.prefix(searchedForGaps ?? rooms.count).map { GeometryEngine.closed($0.exterior) }
            var gaps: [[Point]] = []
            for pieces in engine.parts(of: outlines, fartherThan: onWall, from: wallLines) {
                for piece in pieces where (narrowestGap...(widestGap + 0.3)).contains(Polyline.length(piece) + 2 * onWall) {
                    let length = Polyline.length(piece)
                    if piece.first!.distance(to: piece.last!) < straightness * length {
                        reject(piece, as: "bend")
                    } else {
                        gaps.append(piece)
                    }
                }
            }
            // Each kind of filler laid in the gaps in turn: a gap it fills is no door.
            var filled = Set<Int>()
            for filler in fillers where !filler.lines.isEmpty {
                let open = gaps.indices.filter { !filled.contains($0) }
                let clear = engine.parts(of: open.map { gaps[$0] }, fartherThan: onWall, from: filler.lines)
                for (number, pieces) in zip(open, clear)
                where pieces.reduce(0, { $0 + Polyline.length($1) }) < filledShare * Polyline.length(gaps[number]) {
                    filled.insert(number)
                    reject(gaps[number], as: filler.kind)
                }
            }
            // A gap whose nearest schedule tag (W3 beside a window, D1 beside a door) is a
            // window's is that window.
            var tagged = NearPoints(reach: tagReach)
            for (number, tag) in tags.enumerated() { tagged.insert(tag.at, number) }
            for (number, gap) in gaps.enumerated() where !filled.contains(number) {
                // The nearest tag (the first of equally near ones), when it is within reach.
                let middle = Polyline.halfway(gap)
                guard
                    let nearest = tagged.near(middle).min(by: {
                        ($0.at.distance(to: middle), $0.number) < ($1.at.distance(to: middle), $1.number)
                    }), tags[nearest.number].window
                else { continue }
                filled.insert(number)
                reject(gap, as: "window tag")
            }
            for (number, gap) in gaps.enumerated() where !filled.contains(number) {
                candidates.append(Candidate(centre: Polyline.halfway(gap), width: Polyline.length(gap) + 2 * onWall, source: "gap"))
            }
        }
        // One door drawn twice - a block of its frame and a loose swing, a swing and the gap it
        // leaves - gives candidates up to most of a door's width apart; two doors side by side
        // stand at least a door's width and a wall apart.
        var kept: [Candidate] = []
        var keptCentres = NearPoints(reach: 0.8)
        for candidate in candidates
        where !keptCentres.near(candidate.centre).contains(where: {
            $0.at.distance(to: candidate.centre) < Swift.min(0.8, Swift.max(kept[$0.number].width, candidate.width) * 0.8)
        }) {
            keptCentres.insert(candidate.centre, kept.count)
            kept.append(candidate)
        }
        var openings: [FoundOpening] = []
        var unplaced = 0
        for candidate in kept {
            var near = near(candidate.centre, within: reach)
                .map { ($0, engine.nearestBoundaryPosition(on: rooms[$0], to: candidate.centre)) }
                .filter { $0.1.distance <= reach }
                .sorted { $0.1.distance < $1.1.distance }
            if near.count < 2 {
                let reached = open.filter {
                    $0.1.bounds.expanded(by: reach).contains(candidate.centre) && $0.1.distance(to: candidate.centre) <= reach
                }
                if near.isEmpty {
                    near = reached.map { ($0.0, engine.nearestBoundaryPosition(on: rooms[$0.0], to: candidate.centre)) }
                        .sorted { $0.1.distance < $1.1.distance }
                } else if let walkway = reached.first {
                    near.append((walkway.0, near[0].1))
                }
            }
            guard let host = near.first else {
                unplaced += 1
                continue
            }
            let line = engine.stretch(
                of: rooms[host.0], ring: host.1.ring, from: host.1.distanceAlong - candidate.width / 2,
                to: host.1.distanceAlong + candidate.width / 2)
            guard line.count >= 2 else {
                unplaced += 1
                continue
            }
            openings.append(FoundOpening(line: line, width: candidate.width, source: candidate.source, rooms: near.prefix(2).map(\.0)))
        }
        return (openings, unplaced, rejectedGaps)
    }
}
