// A shape's vertices as `show` prints them: numbered, as `X,Y` in the frame commands take, each
// with the length and bearing of the edge to the next vertex - so a line for `split` a given
// distance from a wall, or a point on a wall of a rotated building, can be worked out from what
// is printed, without a GIS tool. Long rings show their first and last vertices and a count of
// the rest.

import Foundation
import Geometry
import IMDF

extension EditingSession {
    /// Vertex rows printed in full; beyond this, each ring shows its ends.
    static let listedVertices = 60
    /// Vertices shown at each end of a ring that is cut short.
    static let ringEnds = 5
    /// Rings listed (parts and holes); the rest are counted.
    static let listedRings = 8

    /// The lines under `geometry` in `show` for a Polygon or MultiPolygon; none for other shapes.
    func outlineListing(_ geometry: IMDF.Geometry) -> [String] {
        let polygons: [[[Position]]]
        switch geometry {
        case .polygon(let rings): polygons = [rings]
        case .multiPolygon(let parts): polygons = parts
        default: return []
        }
        var rings: [(title: String, points: [Point])] = []
        for (partIndex, polygon) in polygons.enumerated() {
            for (ringIndex, ring) in polygon.enumerated() {
                var title = polygons.count > 1 ? "part \(partIndex + 1) " : ""
                title += ringIndex == 0 ? "outline" : "hole \(ringIndex)"
                rings.append((title, openRing(ring)))
            }
        }
        let total = rings.reduce(0) { $0 + $1.points.count }
        guard total > 0 else { return [] }
        var lines = ["  vertices      X,Y in metres (x east, y north); each edge to the next vertex: length, bearing clockwise from north"]
        let shortened = total > Self.listedVertices
        for (title, points) in rings.prefix(Self.listedRings) {
            lines.append("    \(title): \(points.count) vertices")
            lines += vertexRows(points, shortened: shortened)
        }
        if rings.count > Self.listedRings {
            let rest = rings.dropFirst(Self.listedRings)
            lines.append("    ... and \(rest.count) more rings (\(rest.reduce(0) { $0 + $1.points.count }.grouped) vertices)")
        }
        return lines
    }

    /// A ring's vertices in the frame, without the closing repeat of the first.
    private func openRing(_ ring: [Position]) -> [Point] {
        var points = ring.map { frame.point(longitude: $0.x, latitude: $0.y) }
        if points.count > 1, points.first == points.last { points.removeLast() }
        return points
    }

    private func vertexRows(_ points: [Point], shortened: Bool) -> [String] {
        let count = points.count
        let numberWidth = String(count).count
        let cut = shortened && count > 2 * Self.ringEnds
        let shown = cut ? Array(0..<Self.ringEnds) + Array((count - Self.ringEnds)..<count) : Array(0..<count)
        let places = shown.map { "\(Self.metres(points[$0].x)),\(Self.metres(points[$0].y))" }
        let placeWidth = places.map(\.count).max() ?? 0
        var rows: [String] = []
        for (row, index) in shown.enumerated() {
            if cut && index == count - Self.ringEnds {
                rows.append("      ... \(count - 2 * Self.ringEnds) more (\(Self.ringEnds + 1) to \(count - Self.ringEnds)) ...")
            }
            let next = (index + 1) % count
            var edge = ""
            if count > 1 {
                let length = points[index].distance(to: points[next])
                let bearing = Bearing.degrees(from: points[index], to: points[next]).map { " at " + Bearing.text($0) } ?? ""
                edge = "  to \(next + 1): \(Self.metres(length)) m" + bearing
            }
            let number = String(index + 1)
            rows.append(
                "      " + String(repeating: " ", count: numberWidth - number.count) + number + "  "
                    + places[row].padding(toLength: placeWidth, withPad: " ", startingAt: 0) + edge)
        }
        return rows
    }
}
