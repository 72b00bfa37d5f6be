import Geometry

/// A closed counter-clockwise ring through the given corners.
func ring(_ corners: [(Double, Double)]) -> [Point] {
    let points = corners.map { Point(x: $0.0, y: $0.1) }
    return points + [points[0]]
}

func rectangle(_ minX: Double, _ minY: Double, _ maxX: Double, _ maxY: Double, holes: [[Point]] = []) -> Polygon {
    Polygon(exterior: ring([(minX, minY), (maxX, minY), (maxX, maxY), (minX, maxY)]), holes: holes)
}

/// A 10 m x 10 m room with a 6 m x 6 m bite out of its top right: 64 m².
let lShapedRoom = Polygon(exterior: ring([(0, 0), (10, 0), (10, 4), (4, 4), (4, 10), (0, 10)]))

func line(_ points: (Double, Double)...) -> [Point] { points.map { Point(x: $0.0, y: $0.1) } }
