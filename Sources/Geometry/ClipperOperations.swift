// The union of many simple polygons, and polygons grown with round corners, by Clipper (CClipper),
// on integer coordinates: used where GEOS was measured to be the import's bottleneck - the
// rectangles walls grow into, and a floor's outline grown across its entrances.

import CClipper
import Foundation

extension GeometryEngine {
    /// The union of the polygons' exteriors, as polygons with holes (islands inside a hole are
    /// polygons of their own, as GEOS gives them); nil where Clipper cannot unite them
    /// (a box over a thousand kilometres across, or not finite), for GEOS to do it. Coordinates
    /// are taken to integers of a micrometre from the middle of the polygons' box - coarser
    /// where the box is over a kilometre across, so that Clipper keeps to its fast 64-bit
    /// arithmetic, but never coarser than a millimetre.
    static func clipperUnion(_ polygons: [Polygon]) -> [Polygon]? {
        guard let input = ClipperInput(polygons.map { [$0.exterior] }) else { return nil }
        guard !input.ends.isEmpty else { return [] }
        return input.polygons { imdf_clipper_union($0, $1, $2, input.originX, input.originY, input.scale) }
    }

    /// The union of the polygons, holes and all (a hole another polygon covers is filled); nil
    /// where Clipper cannot unite them, as `clipperUnion`.
    static func clipperUnion(holesAndAll polygons: [Polygon]) -> [Polygon]? {
        guard let input = ClipperInput(polygons.map(windingRings)) else { return nil }
        guard !input.ends.isEmpty else { return [] }
        return input.polygons { imdf_clipper_union($0, $1, $2, input.originX, input.originY, input.scale) }
    }

    /// The union of the polygons on Clipper's micrometre grid (`clipperUnion(holesAndAll:)`), or
    /// by GEOS where Clipper cannot: a fraction of GEOS's time where many rooms share walls.
    public func unionOnGrid(_ polygons: [Polygon]) -> [Polygon] {
        Self.clipperUnion(holesAndAll: polygons) ?? union(polygons)
    }

    /// The polygons grown by `distance` (shrunk, where negative) with round corners, as GEOS's
    /// buffer grows them with 8 segments a quarter circle (each arc as near the true circle);
    /// nil where Clipper cannot, for GEOS to do it. GEOS's buffer of a floor's outline of a
    /// thousand vertices, every jog of its walls, by the half of an entrance's width took 40-86
    /// ms (its offset curve noded against itself), Clipper 6-9 ms. Clipper does not first
    /// simplify the outline by a hundredth of the distance, as GEOS does: the shapes differ by
    /// less than that along their edges.
    static func clipperRoundOffset(_ polygons: [Polygon], by distance: Double) -> [Polygon]? {
        guard distance.isFinite, distance != 0 else { return nil }
        guard let input = ClipperInput(polygons.map(windingRings), margin: abs(distance)) else { return nil }
        guard !input.ends.isEmpty else { return [] }
        let tolerance = abs(distance) * (1 - cos(Double.pi / 32))
        return input.polygons {
            imdf_clipper_round_offset($0, $1, $2, input.originX, input.originY, input.scale, distance, tolerance)
        }
    }

    /// What `polygons` and `others` both cover; nil where Clipper cannot, for GEOS to do it.
    /// GEOS's overlay of a floor's open space with the space it was opened from - their edges
    /// nearly one on the other everywhere, which its noding handles at length - took 13 ms of a
    /// teaching building's floor, Clipper's on integers, where such edges coincide, a fraction.
    static func clipperIntersection(_ polygons: [Polygon], _ others: [Polygon]) -> [Polygon]? {
        let subject = polygons.map(windingRings)
        guard let input = ClipperInput(subject + others.map(windingRings)) else { return nil }
        guard !input.ends.isEmpty else { return [] }
        let subjectRings = subject.reduce(0) { $0 + $1.count }
        return input.polygons {
            imdf_clipper_intersection($0, $1, $2, subjectRings, input.originX, input.originY, input.scale)
        }
    }

    /// The polygon's rings wound as Clipper tells outer rings from holes under the non-zero rule:
    /// the exterior counter-clockwise, the holes clockwise.
    private static func windingRings(_ polygon: Polygon) -> [[Point]] {
        func oriented(_ ring: [Point], counterClockwise: Bool) -> [Point] {
            (signedArea(ring) > 0) == counterClockwise ? ring : ring.reversed()
        }
        return [oriented(polygon.exterior, counterClockwise: true)] + polygon.holes.map { oriented($0, counterClockwise: false) }
    }

    /// Rings as `CClipper` takes them: points as x, y pairs, where each ring ends, and how they are
    /// taken to integers.
    private struct ClipperInput {
        var xy: [Double] = []
        var ends: [Int] = []
        var originX = 0.0
        var originY = 0.0
        var scale = 1.0

        /// Nil where a coordinate is not finite or the box (with `margin` round it) is too large.
        init?(_ polygons: [[[Point]]], margin: Double = 0) {
            var bounds = Bounds.empty
            for rings in polygons {
                for ring in rings {
                    for point in ring {
                        guard point.x.isFinite, point.y.isFinite else { return nil }
                        xy.append(point.x)
                        xy.append(point.y)
                        bounds.include(point)
                    }
                    ends.append(xy.count / 2)
                }
            }
            guard !bounds.isEmpty else {
                ends = []
                return
            }
            let extent = Swift.max(bounds.maxX - bounds.minX, bounds.maxY - bounds.minY) + 2 * margin
            guard extent.isFinite else { return nil }
            scale = Swift.min(1e6, 1e9 / Swift.max(extent, 1e-3))
            guard scale >= 1e3 else { return nil }
            (originX, originY) = ((bounds.minX + bounds.maxX) / 2, (bounds.minY + bounds.maxY) / 2)
        }

        /// What `operation` (given the points, the ring ends and the ring count) makes, as
        /// polygons; nil where it fails.
        func polygons(_ operation: (UnsafePointer<Double>?, UnsafePointer<Int>?, Int) -> UnsafeMutableRawPointer?) -> [Polygon]? {
            let result = xy.withUnsafeBufferPointer { points in
                ends.withUnsafeBufferPointer { ends in operation(points.baseAddress, ends.baseAddress, ends.count) }
            }
            guard let result else { return nil }
            defer { imdf_clipper_free(result) }
            var united: [Polygon] = []
            // The index in `united` of each outer ring, by its index among the rings.
            var polygonOfRing: [Int: Int] = [:]
            for ring in 0..<imdf_clipper_ring_count(result) {
                let size = imdf_clipper_ring_size(result, ring)
                guard size >= 3 else { continue }
                var coordinates = [Double](repeating: 0, count: size * 2)
                coordinates.withUnsafeMutableBufferPointer { imdf_clipper_ring_points(result, ring, $0.baseAddress) }
                var points = (0..<size).map { Point(x: coordinates[2 * $0], y: coordinates[2 * $0 + 1]) }
                points.append(points[0])
                let outer = imdf_clipper_ring_outer(result, ring)
                if outer < 0 {
                    polygonOfRing[ring] = united.count
                    united.append(Polygon(exterior: points))
                } else if let polygon = polygonOfRing[Int(outer)] {
                    united[polygon].holes.append(points)
                }
            }
            return united
        }
    }
}
