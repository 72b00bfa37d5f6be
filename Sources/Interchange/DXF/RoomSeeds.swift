// Rooms around their labels. A plan drawn with walls only is closed at one width, a door's; but
// houses draw their doors' leaves and sliding panels in the gaps (the gaps close at less), while
// a bi-fold closet or a glazed slider is wider than a door. A label that the spaces formed at the
// one width leave without a room of its own - on the open floor, or sharing a space with another
// label - gets the space enclosed at the nearest other width in which it stands alone.

import Dispatch
import Geometry
import IMDF
import Synchronization

enum RoomSeeds {
    /// A way of closing the walls: lines grown by half `gap`, pieces of one line up to
    /// `alongLines` apart joined (metres).
    struct Closing: Hashable {
        var gap: Double
        var alongLines: Double

        init(_ gap: Double, alongLines: Double? = nil) {
            self.gap = gap
            self.alongLines = alongLines ?? gap
        }

        /// How the report names it: "0.9", or "0.1/1.3" when lines are joined further.
        var name: String {
            alongLines > gap ? String(format: "%.1f/%.1f", gap, alongLines) : String(format: "%.1f", gap)
        }
    }

    /// The other closings tried, nearest a door's first; last, thin lines joined across a door's
    /// width: the small rooms of a house (a toilet 0.9 m wide, a closet behind a bi-fold door)
    /// with fixtures and furniture drawn on the wall layer, which growing lines by a door's width
    /// fills or cuts into pieces.
    static let closings: [Closing] = [
        Closing(0.9), Closing(0.6), Closing(1.8), Closing(0.3), Closing(2.4), Closing(0.2, alongLines: 1.3),
    ]
    /// A space found so must be mostly new: at least this share of it no other room covers.
    static let newShare = 0.5
    /// A labelled space this small is a room still (m²): a closet, a toilet; unlabelled spaces
    /// must be `RoomFinder.smallestSpace`.
    static let smallestLabelled = 0.5
    /// Label lines nearer than this (metres) are one label. Tighter than a name's line spacing
    /// (RoomNaming): in a house the labels of a toilet and the closet beside it are a metre
    /// apart, and a label split in two only leaves its room as it was.
    static let labelSpacing = 0.6

    /// One label: its name lines and its number, where it stands.
    struct Seed: Equatable {
        var at: Point
        var names: [String] = []
        var numbers: [String] = []

        /// Two labels of two rooms: different names, or different numbers. A name and a number
        /// are the two labels of one room, as are two copies of one name (the stalls of a car
        /// park, the desks of an open office, each marked alike).
        func conflicts(with other: Seed) -> Bool {
            (!names.isEmpty && !other.names.isEmpty && names != other.names)
                || (!numbers.isEmpty && !other.numbers.isEmpty && numbers != other.numbers)
        }
    }

    /// Where the rooms' labels are: the name and number lines of the texts (measurements, types
    /// and people aside), lines nearer than `labelSpacing` as one label. A number written twice
    /// or more is a tag of a kind (a door type `D1`, a window type `W3`), not a room's: room
    /// numbers are unique.
    static func seeds(_ texts: [RoomNaming.PlacedText]) -> [Seed] {
        let lines = texts.flatMap { text in
            text.labels.filter { $0.kind == .name || $0.kind == .number }.map { (at: text.at, label: $0) }
        }
        var numbers: [String: Int] = [:]
        for line in lines where line.label.kind == .number { numbers[line.label.text, default: 0] += 1 }
        var clusters: [[(at: Point, label: RoomNaming.Label)]] = []
        // Each line joins the earliest cluster with a line near it (NearPoints: a plan with a
        // thousand labelled rooms has two thousand label lines).
        var placed = NearPoints(reach: labelSpacing)
        for line in lines where line.label.kind == .name || numbers[line.label.text] == 1 {
            let near = placed.near(line.at).map(\.number).min()
            if let near { clusters[near].append(line) } else { clusters.append([line]) }
            placed.insert(line.at, near ?? clusters.count - 1)
        }
        return clusters.map { cluster in
            Seed(
                at: Point(
                    x: cluster.reduce(0) { $0 + $1.at.x } / Double(cluster.count),
                    y: cluster.reduce(0) { $0 + $1.at.y } / Double(cluster.count)),
                names: cluster.filter { $0.label.kind == .name }.map(\.label.text),
                numbers: cluster.filter { $0.label.kind == .number }.map(\.label.text))
        }
    }

    /// Adds to `rooms` (chosen from `spaces`, the walls closed at `gap`) the space of each seed
    /// inside the floor's `outline` that has no room of its own, from the first of `gap` (a
    /// closet too small for an unlabelled room) and the other closings (`ahead`) where no other
    /// room's label is in it: what of it the other rooms do not cover, cut from a room it shared
    /// with another room's label. Returns how many rooms each width gave.
    static func grow(
        _ rooms: inout [FoundRoom], seeds all: [Seed], spaces: [Polygon], gap: Double, outline: [Polygon],
        otherClosings ahead: OtherClosings, _ engine: GeometryEngine
    ) -> [String: Int] {
        let floor = engine.prepare(outline)
        let seeds = outline.isEmpty ? all : all.filter { floor.bounds.contains($0.at) && floor.covers($0.at) }
        var added: [String: Int] = [:]
        guard !seeds.isEmpty else { return added }
        typealias Area = (outline: Polygon, area: PreparedArea, size: Double)
        func indexed(_ polygons: [Polygon]) -> (areas: [Area], index: SpatialIndex<Int>) {
            let index = SpatialIndex<Int>(engine: engine)
            let areas = polygons.enumerated().map { number, polygon -> Area in
                index.insert(polygon.bounds, number)
                return (polygon, engine.prepare([polygon]), engine.area([polygon]))
            }
            return (areas, index)
        }
        func holding(_ point: Point, in found: (areas: [Area], index: SpatialIndex<Int>)) -> [Int] {
            found.index.query(Bounds(point: point)).filter {
                found.areas[$0].area.covers(point)
            }
            .sorted()
        }
        // Which seeds each room holds, worked out again only when the rooms change.
        var current = indexed(rooms.map(\.outline))
        let seedIndex = SpatialIndex<Int>(engine: engine)
        for (number, seed) in seeds.enumerated() {
            seedIndex.insert(Bounds(point: seed.at), number)
        }
        func labels(in area: Area) -> [Seed] { seedIndex.query(area.outline.bounds).map { seeds[$0] }.filter { area.area.covers($0.at) } }
        var formed: [Closing: (areas: [Area], index: SpatialIndex<Int>)] = [:]
        let first = Closing(gap)
        let order = [first] + closings.filter { $0 != first }
        /// The spaces of `closing`, indexed: the plan's own, or the others as `ahead` works them
        /// out. A label that no closing gives a room (a title, a stair, a note on the floor) asks
        /// for every one in turn, and a drawing with labels has such a label.
        func closed(_ closing: Closing) -> (areas: [Area], index: SpatialIndex<Int>) {
            if let known = formed[closing] { return known }
            if closing == first {
                formed[first] = indexed(spaces)
            } else {
                for (other, polygons) in ahead.spaces() where formed[other] == nil { formed[other] = indexed(polygons) }
            }
            return formed[closing] ?? indexed([])
        }
        for seed in seeds {
            let holders = holding(seed.at, in: current)
            // A seed with no other room's label in its room is served.
            if let holder = holders.first, !labels(in: current.areas[holder]).contains(where: seed.conflicts) { continue }
            for closing in order {
                let spaces = closed(closing)
                guard let face = holding(seed.at, in: spaces).map({ spaces.areas[$0] }).min(by: { $0.size < $1.size }),
                    face.size >= smallestLabelled, face.size <= RoomFinder.largest, !labels(in: face).contains(where: seed.conflicts)
                else { continue }
                // The rooms of other labels (and of none) keep their space; rooms shared with
                // this label give theirs up.
                let others = current.index.query(face.outline.bounds).filter { !holders.contains($0) }.map { rooms[$0].outline }
                guard
                    let piece = engine.difference([face.outline], others).first(where: { engine.prepare([$0]).covers(seed.at) }),
                    engine.area([piece]) >= Swift.max(smallestLabelled, newShare * face.size), engine.validity([piece]) == .valid
                else { continue }
                for holder in holders.reversed() {
                    let left = engine.difference([rooms[holder].outline], [piece]).max(by: { engine.area([$0]) < engine.area([$1]) })
                    if let left, engine.area([left]) >= RoomFinder.smallestSpace, engine.validity([left]) == .valid {
                        rooms[holder].outline = left
                    } else {
                        rooms.remove(at: holder)
                    }
                }
                rooms.append(FoundRoom(outline: piece, layer: nil, aroundLabel: true))
                current = indexed(rooms.map(\.outline))
                added[closing.name, default: 0] += 1
                break
            }
        }
        return added
    }

    /// The spaces of every closing but the plan's own (`gap`), worked out on other threads from
    /// the moment the wall lines are known: while the plan's own closing, the labels and the
    /// rooms are worked out on this one, the other core unites the walls at the first of the
    /// other widths. Each closing unites every wall line again, most of what an import of a
    /// house spends; they run on every core (each with a GEOS context of its own), the narrowest
    /// first, as the narrower the closing, the more of its lines stay apart and the longer its
    /// union takes. Almost every drawing with labels asks for them (see `grow`); one that does
    /// not has them cancelled, each width not yet begun left out.
    final class OtherClosings: Sendable {
        private let others: [Closing]
        private let formed = Mutex<[Closing: [Polygon]]?>(nil)
        private let done = DispatchSemaphore(value: 0)
        private let cancelled = Atomic<Bool>(false)

        init(lines: [[Point]], gap: Double) {
            let own = Closing(gap)
            others = closings.filter { $0 != own }
            DispatchQueue.global().async { [self] in
                let enclosed = others.parallelMap(heaviestFirst: { Int(1_000 / $0.gap) }) { closing -> [Polygon]? in
                    cancelled.load(ordering: .relaxed) ? nil : RoomSeeds.enclosed(by: lines, closing)
                }
                formed.withLock { formed in
                    formed = Dictionary(
                        uniqueKeysWithValues: zip(others, enclosed).compactMap { closing, polygons in polygons.map { (closing, $0) } })
                }
                done.signal()
            }
        }

        /// Each other closing's spaces, waited for.
        func spaces() -> [Closing: [Polygon]] {
            done.wait()
            done.signal()
            return formed.withLock { $0 } ?? [:]
        }

        /// Widths not yet begun are not worked out: nothing will ask for them.
        func cancel() { cancelled.store(true, ordering: .relaxed) }
    }

    /// The spaces `lines` enclose when closed so, on a GEOS context of the caller's thread.
    static func enclosed(by lines: [[Point]], _ closing: Closing) -> [Polygon] {
        GeometryEngine().spaces(enclosedBy: lines, closingGapsUpTo: closing.gap, alongLines: closing.alongLines)
    }
}
