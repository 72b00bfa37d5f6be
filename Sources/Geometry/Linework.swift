// Areas from linework: the faces that the lines of a CAD plan enclose, and where a boundary runs
// clear of those lines (a door's gap in a wall).

import CGEOS

extension GeometryEngine {
    /// The faces the lines enclose once they are noded where they cross or touch (GEOS's
    /// polygonizer): closed polylines, and walls whose lines meet exactly.
    public func faces(of lines: [[Point]]) -> [Polygon] {
        guard let all = context.multiLine(lines), let noded = Geom(GEOSNode_r(handle, all.pointer), context) else { return [] }
        let input: [OpaquePointer?] = [noded.pointer]
        let faces = input.withUnsafeBufferPointer { GEOSPolygonize_r(handle, $0.baseAddress, 1) }
        return Geom(faces, context)?.polygons ?? []
    }

    /// The spaces that walls drawn as lines enclose, closing gaps up to `gap` wide (a door, or
    /// lines that miss each other): every line is grown by half the gap with square ends, and each
    /// hole in their union is grown back by as much with mitred corners. A room so reaches the
    /// face of a double wall or the line of a single one; the space inside a double wall thinner
    /// than the gap, short and duplicate segments and slightly open corners all disappear in the
    /// union.
    public func spaces(enclosedBy lines: [[Point]], closingGapsUpTo gap: Double) -> [Polygon] {
        let half = gap / 2
        // Each segment grown into its rectangle (square ends reach past its ends by half the gap,
        // so ends that miss each other by up to the gap meet, and corners are filled), then the
        // rectangles united: GEOS's cascaded union of simple rectangles costs a fraction of
        // buffering the whole linework, whose offset curves must all be noded against each other.
        guard half > 0 else { return [] }
        var rectangles: [Polygon] = []
        for line in lines {
            for (a, b) in zip(line, line.dropFirst()) {
                let length = a.distance(to: b)
                guard length > 0, length.isFinite else { continue }
                let (ux, uy) = ((b.x - a.x) / length * half, (b.y - a.y) / length * half)
                let (nx, ny) = (-uy, ux)
                let start = Point(x: a.x - ux, y: a.y - uy)
                let end = Point(x: b.x + ux, y: b.y + uy)
                rectangles.append(
                    Polygon(exterior: [
                        Point(x: start.x + nx, y: start.y + ny), Point(x: start.x - nx, y: start.y - ny),
                        Point(x: end.x - nx, y: end.y - ny), Point(x: end.x + nx, y: end.y + ny),
                    ]))
            }
        }
        guard !rectangles.isEmpty, let all = context.geometry(rectangles), let walls = Geom(GEOSUnaryUnion_r(handle, all.pointer), context)
        else { return [] }
        let grown = walls.polygons.flatMap { wall in
            wall.holes.compactMap { hole -> Geom? in
                guard let space = context.geometry([Polygon(exterior: hole)]) else { return nil }
                return Geom(
                    GEOSBufferWithStyle_r(
                        handle, space.pointer, half, 4, Int32(GEOSBUF_CAP_FLAT.rawValue), Int32(GEOSBUF_JOIN_MITRE.rawValue), 2), context)
            }
        }
        // Grown back, two spaces can meet in a band at most half a gap wide (past a sharp corner,
        // an arc drawn with the walls): the earlier one keeps it, so rooms never overlap; of what
        // is left, the largest piece is the room.
        var rooms: [(geometry: Geom, bounds: Bounds)] = []
        for space in grown {
            var room = space
            var bounds = space.polygons.reduce(Bounds.empty) { $0.union($1.bounds) }
            for other in rooms where other.bounds.intersects(bounds) {
                guard let clipped = Geom(GEOSDifference_r(handle, room.pointer, other.geometry.pointer), context) else { continue }
                room = clipped
            }
            guard let largest = room.polygons.max(by: { area([$0]) < area([$1]) }), let kept = context.geometry([largest]) else { continue }
            bounds = largest.bounds
            rooms.append((kept, bounds))
        }
        return rooms.flatMap(\.geometry.polygons)
    }

    /// For each line, its parts farther than `distance` from every one of `lines`: where a room's
    /// outline crosses a gap in its walls. Each outline meets only the lines near it, so the work
    /// grows with the drawing, not with its square.
    public func parts(of outlines: [[Point]], fartherThan distance: Double, from lines: [[Point]]) -> [[[Point]]] {
        let lineBounds = lines.map { Bounds(points: $0) ?? .empty }
        let index = SpatialIndex<Int>(engine: self)
        for (number, bounds) in lineBounds.enumerated() where !bounds.isEmpty { index.insert(bounds, number) }
        return outlines.map { outline in
            guard let bounds = Bounds(points: outline), let line = context.lineString(outline) else { return [] }
            let near = index.query(bounds.expanded(by: distance)).map { lines[$0] }
            guard let walls = context.multiLine(near), let grown = Geom(GEOSBuffer_r(handle, walls.pointer, distance, 4), context) else {
                return [outline]
            }
            guard let clear = Geom(GEOSDifference_r(handle, line.pointer, grown.pointer), context),
                let merged = Geom(GEOSLineMerge_r(handle, clear.pointer), context)
            else { return [] }
            return context.lines(in: merged.pointer)
        }
    }
}

extension GEOSContext {
    /// A MultiLineString of the lines with two or more points; nil when there are none.
    func multiLine(_ lines: [[Point]]) -> Geom? {
        let parts: [OpaquePointer?] = lines.filter { line in line.contains { $0 != line[0] } }.compactMap { rawLineString($0) }
        guard !parts.isEmpty else { return nil }
        return collection(Int32(GEOS_MULTILINESTRING.rawValue), parts)
    }

    /// The line strings inside a borrowed geometry, whatever collection holds them.
    func lines(in geometry: OpaquePointer) -> [[Point]] {
        let type = GEOSGeomTypeId_r(handle, geometry)
        if type == Int32(GEOS_LINESTRING.rawValue) || type == Int32(GEOS_LINEARRING.rawValue) {
            return GEOSisEmpty_r(handle, geometry) == 0 ? [points(of: geometry)] : []
        }
        let count = max(0, GEOSGetNumGeometries_r(handle, geometry))
        guard type != Int32(GEOS_POINT.rawValue), type != Int32(GEOS_POLYGON.rawValue) else { return [] }
        return (0..<count).flatMap { index -> [[Point]] in
            guard let part = GEOSGetGeometryN_r(handle, geometry, index) else { return [] }
            return lines(in: part)
        }
    }
}
