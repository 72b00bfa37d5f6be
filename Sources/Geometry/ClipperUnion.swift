// The union of many simple polygons by Clipper (CClipper), on integer coordinates: used where GEOS's
// union was measured to be the import's bottleneck - the rectangles walls grow into.

import CClipper

extension GeometryEngine {
    /// The union of the polygons' exteriors, as polygons with holes (islands inside a hole are
    /// polygons of their own, as GEOS gives them); nil where Clipper cannot unite them
    /// (a box over a thousand kilometres across, or not finite), for GEOS to do it. Coordinates
    /// are taken to integers of a micrometre from the middle of the polygons' box - coarser
    /// where the box is over a kilometre across, so that Clipper keeps to its fast 64-bit
    /// arithmetic, but never coarser than a millimetre.
    static func clipperUnion(_ polygons: [Polygon]) -> [Polygon]? {
        var xy: [Double] = []
        var ends: [Int] = []
        var bounds = Bounds.empty
        for polygon in polygons {
            for point in polygon.exterior {
                guard point.x.isFinite, point.y.isFinite else { return nil }
                xy.append(point.x)
                xy.append(point.y)
                bounds.include(point)
            }
            ends.append(xy.count / 2)
        }
        guard !bounds.isEmpty else { return [] }
        let extent = Swift.max(bounds.maxX - bounds.minX, bounds.maxY - bounds.minY)
        guard extent.isFinite else { return nil }
        let scale = Swift.min(1e6, 1e9 / Swift.max(extent, 1e-3))
        guard scale >= 1e3 else { return nil }
        let (originX, originY) = ((bounds.minX + bounds.maxX) / 2, (bounds.minY + bounds.maxY) / 2)
        let result = xy.withUnsafeBufferPointer { points in
            ends.withUnsafeBufferPointer { ends in
                imdf_clipper_union(points.baseAddress, ends.baseAddress, ends.count, originX, originY, scale)
            }
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
