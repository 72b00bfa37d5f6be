// How an import of a real drawing compares with what a person counted on it: rooms recalled (and
// their shapes, where the drawing has outlines), names, doors, scale. The imported features are
// compared in the archive's metric frame, the truth carried there by the import's own placement
// (three ties from drawing units to longitude, latitude), so a wrong scale shows as a wrong
// scale, not as every room missed.

import Foundation
import Geometry
import HelperProtocol
import IMDF

public struct FloorplanScore: Sendable, Equatable {
    /// Rooms in the truth; those with an imported unit on their point (with IoU >= `iouNeeded`
    /// where the truth has the outline).
    public var rooms = 0
    public var recalled = 0
    /// Truth rooms with an outline, and those matched with IoU >= `iouNeeded`.
    public var outlined = 0
    public var shapesRight = 0
    /// Imported units on no truth room's point.
    public var extraUnits = 0
    /// Truth rooms with a name or number; those whose unit carries them (name or alt_name).
    public var named = 0
    public var namesRight = 0
    /// Truth doors; those with an imported opening within `doorTolerance` metres; openings near no
    /// door (windows, gaps that are no door).
    public var doors = 0
    public var doorsFound = 0
    public var openings = 0
    public var falseOpenings = 0
    /// Whether the openings were judged: not where the truth does not list every door (a drawing
    /// whose doors are gaps alone cannot be counted), so an opening near no listed door is not
    /// known to be false.
    public var openingsJudged = true
    /// The imported metres per drawing unit over the truth's (1 is right); nil without placement.
    public var scaleRatio: Double?

    public static let iouNeeded = 0.8
    public static let doorTolerance = 1.0
    /// How far off the scale may be and still be right (2%: a drawing's units are exact, but an
    /// import fitted to control points is not).
    public static let scaleTolerance = 0.02

    public var scaleRight: Bool { scaleRatio.map { abs($0 - 1) <= Self.scaleTolerance } ?? false }

    public init() {}

    /// The score of `units` and `openings` (features of an archive measured by `projector`) placed
    /// by `ties` against `truth`. Without three ties (nothing imported) only the truth's counts.
    public static func score(
        _ truth: FloorplanTruth, units: [Feature], openings: [Feature], ties: [DXFImportReport.Tie], projector: Projector?
    ) -> FloorplanScore {
        var score = FloorplanScore()
        score.rooms = truth.rooms.count
        score.outlined = truth.rooms.filter { $0.outline != nil }.count
        score.named = truth.rooms.filter { $0.name != nil || $0.number != nil }.count
        score.doors = truth.doors.count
        score.openings = openings.count
        score.openingsJudged = truth.doorsComplete
        guard let projector, let map = DrawingMap(ties.map { ($0.drawing, projector.point(Position(x: $0.position.x, y: $0.position.y))) })
        else {
            score.falseOpenings = openings.count
            score.extraUnits = units.count
            return score
        }
        score.scaleRatio = map.metresPerUnit / truth.metresPerUnit
        let engine = GeometryEngine()
        let shapes = units.map { projector.polygons($0.geometry) ?? [] }
        var used = Set<Int>()
        for room in truth.rooms {
            let point = map.apply(room.at)
            // A unit stands for one room: one holding the points of two (an open space that took in
            // rooms the walls did not close) recalls the first only.
            guard let unit = shapes.indices.first(where: { !shapes[$0].isEmpty && engine.distance(from: point, to: shapes[$0]) == 0 }),
                used.insert(unit).inserted
            else { continue }
            if let outline = room.outline {
                let truthShape = [Polygon(exterior: outline.map(map.apply))]
                let shared = engine.intersectionArea(truthShape, shapes[unit])
                let union = engine.area(truthShape) + engine.area(shapes[unit]) - shared
                guard union > 0, shared / union >= iouNeeded else { continue }
                score.shapesRight += 1
            }
            score.recalled += 1
            if room.name != nil || room.number != nil, Self.carries(units[unit], room) { score.namesRight += 1 }
        }
        score.extraUnits = units.count - used.count
        // Doors: each opening's middle to the nearest door not yet taken, within a metre of the
        // truth's scale (carried into the import's frame, which a wrong scale stretches).
        let tolerance = doorTolerance * map.metresPerUnit / truth.metresPerUnit
        var remaining = truth.doors.map(map.apply)
        for opening in openings {
            guard let middle = Self.middle(of: opening, projector) else {
                score.falseOpenings += 1
                continue
            }
            let nearest = remaining.indices.min { remaining[$0].distance(to: middle) < remaining[$1].distance(to: middle) }
            if let nearest, remaining[nearest].distance(to: middle) <= tolerance {
                remaining.remove(at: nearest)
                score.doorsFound += 1
            } else {
                score.falseOpenings += 1
            }
        }
        return score
    }

    /// An import's JSON report (`import dxf --json`), wherever it stands in `output` (after any
    /// note on standard error).
    static func report(in output: String) -> [String: Any]? {
        guard let start = output.firstIndex(of: "{"), let end = output.lastIndex(of: "}") else { return nil }
        return try? JSONSerialization.jsonObject(with: Data(output[start...end].utf8)) as? [String: Any]
    }

    /// The level an import's JSON report says it imported onto.
    public static func level(in output: String) -> String? { report(in: output)?["level"] as? String }

    /// The placement an import's JSON report gives.
    public static func ties(in output: String) -> [DXFImportReport.Tie] {
        guard let placement = report(in: output)?["placement"] as? [[String: Any]] else { return [] }
        return placement.compactMap { tie in
            guard let drawing = tie["drawing"] as? [Double], let at = tie["at"] as? [Double], drawing.count == 2, at.count == 2 else {
                return nil
            }
            return DXFImportReport.Tie(drawing: Point(x: drawing[0], y: drawing[1]), position: Point(x: at[0], y: at[1]))
        }
    }

    /// Whether the unit's name and alt_name hold every label the truth gives the room: the same
    /// words, whatever the case and spacing.
    static func carries(_ unit: Feature, _ room: FloorplanTruth.Room) -> Bool {
        let texts = [PropertyKey.name, .altName].flatMap { unit.labels($0)?.labels.map { normalised($0.text) } ?? [] }
        return [room.name, room.number].compactMap { $0 }.allSatisfy { texts.contains(normalised($0)) }
    }

    static func normalised(_ text: String) -> String {
        text.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    static func middle(of opening: Feature, _ projector: Projector) -> Point? {
        guard case .lineString(let line)? = opening.geometry, line.count >= 2 else { return nil }
        return Polyline.halfway(line.map(projector.point))
    }
}

/// The affine map from drawing units to the archive's metres that three ties fix.
struct DrawingMap {
    let a: Double, b: Double, c: Double, d: Double
    let origin: Point, target: Point

    init?(_ ties: [(drawing: Point, frame: Point)]) {
        guard ties.count >= 3 else { return nil }
        let (d0, d1, d2) = (ties[0].drawing, ties[1].drawing, ties[2].drawing)
        let (p0, p1, p2) = (ties[0].frame, ties[1].frame, ties[2].frame)
        // [p1-p0 p2-p0] = M [d1-d0 d2-d0]
        let (ux, uy, vx, vy) = (d1.x - d0.x, d1.y - d0.y, d2.x - d0.x, d2.y - d0.y)
        let determinant = ux * vy - uy * vx
        guard determinant != 0, determinant.isFinite else { return nil }
        let (px, py, qx, qy) = (p1.x - p0.x, p1.y - p0.y, p2.x - p0.x, p2.y - p0.y)
        a = (px * vy - qx * uy) / determinant
        b = (qx * ux - px * vx) / determinant
        c = (py * vy - qy * uy) / determinant
        d = (qy * ux - py * vx) / determinant
        origin = d0
        target = p0
    }

    func apply(_ point: Point) -> Point {
        let (x, y) = (point.x - origin.x, point.y - origin.y)
        return Point(x: target.x + a * x + b * y, y: target.y + c * x + d * y)
    }

    /// The mean stretch: metres per drawing unit.
    var metresPerUnit: Double { abs(a * d - b * c).squareRoot() }
}
