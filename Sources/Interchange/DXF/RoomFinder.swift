// Rooms from a drawing: closed outlines on room layers (open linework there is polygonized), or
// the spaces that wall lines enclose. Copies of one room (a hatch over its outline) count once; an
// outline around several rooms (a department, the gross floor area) is no room.

import Foundation
import Geometry

struct FoundRoom {
    var outline: Polygon
    /// The CAD layer of the outline it came from; nil for a space formed from walls.
    var layer: String?
    var name: String?
    var altName: String?
    /// The IMDF unit category its type, name or layer names (`walkway` for open space); nil
    /// when nothing tells.
    var category: String?
    /// Formed round its label at another closing width (RoomSeeds), on floor the walls at the
    /// door width leave open.
    var aroundLabel = false
}

struct FoundRooms {
    var rooms: [FoundRoom] = []
    var duplicates = 0
    var outlines = 0
    var tooSmall = 0
    var repaired: [String] = []
    /// Open polylines on room layers closed, their gap under `closableGap` of their length.
    var closed = 0
    /// Open polylines on room layers left open, their gap wider: where each starts, and the gap.
    var leftOpen: [(at: Point, gap: Double)] = []
    /// The areas of every shape considered (m²), rooms and those too small or large for one: what
    /// the drawing's unit is judged by.
    var areas: [Double] = []
}

enum RoomFinder {
    /// Below this a closed outline on a room layer is a symbol or a column, not a room (m2).
    static let smallestOutline = 1.0
    /// Below this a space between walls is a wall's cavity or a shaft (m2).
    static let smallestSpace = 2.0
    /// Below this a space the walls enclose beside outlined rooms is a shaft or a duct (m2).
    static let smallestAdded = 4.0
    /// Above this no outline is a room (m2): exhibition halls and atriums stay well below it.
    static let largest = 100_000.0
    /// The cells (metres) rooms are looked up in, about a room's size.
    static let cellSize = 4.0
    /// An open polyline on a room layer whose ends are nearer than this share of its length is an
    /// outline its author did not close.
    static let closableGap = 0.02
    /// Two outlines sharing this much of the larger one are the same room drawn twice.
    static let sameRoom = 0.9
    /// An outline holding this much of each of two or more rooms is drawn around them.
    static let around = 0.9

    static func rooms(fromRoomLayers entities: [DrawingEntity], _ engine: GeometryEngine) -> FoundRooms {
        var candidates: [FoundRoom] = []
        var openLines: [String: [[Point]]] = [:]
        var closed = 0
        var leftOpen: [(at: Point, gap: Double)] = []
        for entity in entities {
            switch entity.kind {
            case .closedLine, .area:
                for part in entity.shape.parts {
                    switch part {
                    case .polygon(let rings) where !rings.isEmpty:
                        candidates.append(
                            FoundRoom(outline: Polygon(exterior: rings[0], holes: Array(rings.dropFirst())), layer: entity.layer))
                    case .lineString(let points) where points.count >= 4:
                        candidates.append(FoundRoom(outline: Polygon(exterior: points), layer: entity.layer))
                    default: break
                    }
                }
            case .line:
                for line in DXFImporter.lines(entity.shape) {
                    // A polyline of three or more corners whose ends nearly meet is a room.
                    if line.count >= 3, let first = line.first, let last = line.last, first != last {
                        let gap = first.distance(to: last)
                        if gap <= closableGap * Polyline.length(line) {
                            candidates.append(FoundRoom(outline: Polygon(exterior: line + [first]), layer: entity.layer))
                            closed += 1
                            continue
                        }
                        leftOpen.append((first, gap))
                    }
                    openLines[entity.layer, default: []].append(line)
                }
            case .arc:
                openLines[entity.layer, default: []] += DXFImporter.lines(entity.shape)
            default: break
            }
        }
        // Rooms drawn as separate lines on a room layer: the faces they enclose.
        for (layer, lines) in openLines.sorted(by: { $0.key < $1.key }) {
            candidates += engine.faces(of: lines).map { FoundRoom(outline: $0, layer: layer) }
        }
        var found = clean(candidates, smallest: smallestOutline, engine)
        found.closed = closed
        found.leftOpen = leftOpen
        return found
    }

    /// The rooms among the spaces walls enclose (GeometryEngine.wallPlan).
    static func rooms(fromSpaces spaces: [Polygon], _ engine: GeometryEngine) -> FoundRooms {
        clean(spaces.map { FoundRoom(outline: $0, layer: nil) }, smallest: smallestSpace, engine)
    }

    /// The spaces walls enclose that no room outline covers (less than half of each): rooms the
    /// room layer does not outline - what is left of each beside the outlines, where at least
    /// `smallestSpace` is.
    static func uncovered(_ spaces: [Polygon], by rooms: [Polygon], _ engine: GeometryEngine) -> [FoundRoom] {
        let index = SpatialIndex<Int>(engine: engine)
        for (number, room) in rooms.enumerated() { index.insert(room.bounds, number) }
        let spacesNear = spaces.map { space in (space, index.query(space.bounds).map { rooms[$0] }) }
        // Each space on its own, so on all cores (a GEOS context to each run of them): the overlays
        // of spaces with the outlines along the same walls, edges nearly one on the other, took
        // 9-16 ms of a teaching building's floor on one core. Every `runs`-th space to a run.
        let runs = Swift.max(1, Swift.min(ProcessInfo.processInfo.activeProcessorCount, spaces.count / 8))
        let byRun = Array(0..<runs).parallelMap(heaviestFirst: { _ in 1 }) { run -> [FoundRoom?] in
            let engine = GeometryEngine()
            return stride(from: run, to: spacesNear.count, by: runs).map { position in
                let (space, near) = spacesNear[position]
                let size = engine.area([space])
                guard size <= largest, engine.intersectionArea([space], near) < size / 2 else { return nil }
                guard let rest = engine.difference([space], near).max(by: { engine.area([$0]) < engine.area([$1]) }),
                    engine.area([rest]) >= smallestAdded, engine.validity([rest]) == .valid
                else { return nil }
                return FoundRoom(outline: rest, layer: nil)
            }
        }
        // Back in the spaces' order: space i is the (i / runs)-th of run i % runs.
        return spaces.indices.compactMap { byRun[$0 % runs][$0 / runs] }
    }

    static func clean(_ candidates: [FoundRoom], smallest: Double, _ engine: GeometryEngine) -> FoundRooms {
        var result = FoundRooms()
        var valid: [(room: FoundRoom, area: Double, bounds: Bounds)] = []
        for candidate in candidates {
            var room = candidate
            if case .invalid(let reason, let location) = engine.validity([room.outline]) {
                // A bow-tie or a doubled vertex: GEOS's repair keeps the area drawn; the largest
                // piece is the room.
                guard let repaired = engine.buffer([room.outline], by: 0).max(by: { engine.area([$0]) < engine.area([$1]) }) else {
                    continue
                }
                let at = location.map { " at \(Int(saturating: $0.x.rounded())),\(Int(saturating: $0.y.rounded()))" } ?? ""
                result.repaired.append("outline on \(room.layer ?? "walls")\(at): \(reason), repaired")
                room.outline = repaired
            }
            let area = engine.area([room.outline])
            result.areas.append(area)
            // Larger than any room: a site boundary, a sheet's frame.
            guard area >= smallest, area <= largest else {
                result.tooSmall += 1
                continue
            }
            valid.append((room, area, room.outline.bounds))
        }
        // Largest first, so a copy and an outline around rooms meet the rooms they cover.
        valid.sort { $0.area > $1.area }
        var accepted: [(room: FoundRoom, area: Double, bounds: Bounds)] = []
        // Only rooms whose boxes touch can overlap: they are looked up in a grid (NearBoxes).
        var near = NearBoxes(cellSize: cellSize)
        for candidate in valid {
            let duplicate = near.candidates(candidate.bounds).contains { number in
                let other = accepted[number]
                let least = sameRoom * max(other.area, candidate.area)
                return mayShare(other.bounds, candidate.bounds, least)
                    && engine.intersectionArea([other.room.outline], [candidate.room.outline]) >= least
            }
            if duplicate {
                result.duplicates += 1
            } else {
                near.insert(candidate.bounds, accepted.count)
                accepted.append(candidate)
            }
        }
        var outlines = Set<Int>()
        for (index, big) in accepted.enumerated() {
            let inside = near.candidates(big.bounds).filter { number in
                let small = accepted[number]
                return number > index && mayShare(big.bounds, small.bounds, around * small.area)
                    && engine.intersectionArea([big.room.outline], [small.room.outline]) >= around * small.area
            }
            if inside.count >= 2 { outlines.insert(index) }
        }
        result.outlines = outlines.count
        result.rooms = accepted.enumerated().filter { !outlines.contains($0.offset) }.map(\.element.room)
        return result
    }

    /// Whether two rooms in these boxes can share `area` m²: their boxes must share as much (a
    /// hair less, for rounding). Rooms side by side, whose boxes meet in a band as thin as the
    /// wall between them, are so not overlaid with GEOS at all.
    static func mayShare(_ a: Bounds, _ b: Bounds, _ area: Double) -> Bool {
        a.intersects(b) && a.sharedArea(with: b) >= area * (1 - 1e-9)
    }

    /// Rooms overlapping by more than this (m²) are a problem validation would report.
    static let reportedOverlap = 0.5

    /// What validation's geometry rules would say of the new rooms: invalid outlines, and rooms
    /// overlapping by more than half a square metre.
    static func problems(_ outlines: [Polygon], _ engine: GeometryEngine) -> [String] {
        var problems: [String] = []
        for (index, outline) in outlines.enumerated() {
            if case .invalid(let reason, _) = engine.validity([outline]) { problems.append("room \(index + 1): \(reason)") }
        }
        let bounds = outlines.map(\.bounds)
        var near = NearBoxes(cellSize: cellSize)
        for (number, box) in bounds.enumerated() { near.insert(box, number) }
        for i in outlines.indices {
            for j in near.candidates(bounds[i]) where j > i && mayShare(bounds[i], bounds[j], reportedOverlap) {
                let overlap = engine.intersectionArea([outlines[i]], [outlines[j]])
                if overlap > reportedOverlap {
                    problems.append("rooms \(i + 1) and \(j + 1) overlap by \(String(format: "%.1f", overlap)) m2")
                }
            }
        }
        return problems
    }
}
