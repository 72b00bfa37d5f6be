// Georeferencing by control points: drawing positions (in metres of the plan) paired with
// longitudes and latitudes. Two points give a similarity (move, turn, scale) exactly; three or
// more give the least-squares similarity, or an affine transform when asked, with each point's
// residual and the RMSE in metres.

import Geometry
import HelperProtocol

/// x' = a x + b y + c, y' = d x + e y + f: plan metres to metres in a local frame.
public struct PlanTransform: Sendable, Equatable {
    public var a, b, c, d, e, f: Double

    public static func translation(_ dx: Double, _ dy: Double) -> PlanTransform { PlanTransform(a: 1, b: 0, c: dx, d: 0, e: 1, f: dy) }

    public func apply(_ point: Point) -> Point { Point(x: a * point.x + b * point.y + c, y: d * point.x + e * point.y + f) }

    /// How much the transform scales lengths (the square root of its determinant's size).
    public var scale: Double { abs(a * e - b * d).squareRoot() }
}

/// Where the plan lands: a local frame and the transform into it.
public struct PlanPlacement: Sendable {
    public var frame: LocalFrame
    public var transform: PlanTransform
    /// Metres between where each control point's drawing position lands and its target.
    public var residuals: [Double]
    /// Nil when the plan was placed without control points.
    public var rmse: Double?

    public var georeferenced: Bool { rmse != nil }

    public func position(_ planPoint: Point) -> Point {
        let (longitude, latitude) = frame.coordinates(of: transform.apply(planPoint))
        return Point(x: longitude, y: latitude)
    }

    /// The plan's south-west corner at `corner` (longitude, latitude), north up, at its own scale.
    public static func unreferenced(planBounds: Bounds, at corner: Point) -> PlanPlacement {
        PlanPlacement(
            frame: LocalFrame(originLongitude: corner.x, originLatitude: corner.y),
            transform: .translation(-planBounds.minX, -planBounds.minY), residuals: [], rmse: nil)
    }

    /// Fits the transform; `planPoints` are the control points' drawing positions in plan metres.
    public static func fitted(_ controls: [ControlPoint], planPoints: [Point], kind: TransformKind) throws(InterchangeError)
        -> PlanPlacement
    {
        guard controls.count >= 2 else {
            throw InterchangeError("control: georeferencing needs at least two control points (one gives no direction or scale)")
        }
        guard kind == .similarity || controls.count >= 3 else {
            throw InterchangeError("control: an affine fit needs at least three control points")
        }
        let frame = LocalFrame(originLongitude: controls[0].target.x, originLatitude: controls[0].target.y)
        let targets = controls.map { frame.point(longitude: $0.target.x, latitude: $0.target.y) }
        for i in planPoints.indices {
            for j in planPoints.indices where j > i {
                if planPoints[i].distance(to: planPoints[j]) < 1e-6 {
                    throw InterchangeError("control: points \(i + 1) and \(j + 1) are the same point of the drawing")
                }
                if targets[i].distance(to: targets[j]) < 1e-3 {
                    throw InterchangeError("control: points \(i + 1) and \(j + 1) are the same place on the earth")
                }
            }
        }
        let transform = kind == .similarity ? similarity(planPoints, targets) : try affine(planPoints, targets)
        let residuals = zip(planPoints, targets).map { transform.apply($0).distance(to: $1) }
        let rmse = (residuals.map { $0 * $0 }.reduce(0, +) / Double(residuals.count)).squareRoot()
        return PlanPlacement(frame: frame, transform: transform, residuals: residuals, rmse: rmse)
    }

    /// Least-squares similarity (Helmert): exact for two points.
    static func similarity(_ from: [Point], _ to: [Point]) -> PlanTransform {
        let n = Double(from.count)
        let fromMean = Point(x: from.map(\.x).reduce(0, +) / n, y: from.map(\.y).reduce(0, +) / n)
        let toMean = Point(x: to.map(\.x).reduce(0, +) / n, y: to.map(\.y).reduce(0, +) / n)
        var dot = 0.0
        var cross = 0.0
        var norm = 0.0
        for (p, q) in zip(from, to) {
            let px = p.x - fromMean.x
            let py = p.y - fromMean.y
            let qx = q.x - toMean.x
            let qy = q.y - toMean.y
            dot += px * qx + py * qy
            cross += px * qy - py * qx
            norm += px * px + py * py
        }
        let a = dot / norm
        let b = cross / norm
        return PlanTransform(
            a: a, b: -b, c: toMean.x - a * fromMean.x + b * fromMean.y, d: b, e: a, f: toMean.y - b * fromMean.x - a * fromMean.y)
    }

    /// Least-squares affine: the normal equations of x' and y' on (x, y, 1).
    static func affine(_ from: [Point], _ to: [Point]) throws(InterchangeError) -> PlanTransform {
        var m = [[Double]](repeating: [0, 0, 0], count: 3)
        var rx = [0.0, 0, 0]
        var ry = [0.0, 0, 0]
        for (p, q) in zip(from, to) {
            let row = [p.x, p.y, 1]
            for i in 0..<3 {
                for j in 0..<3 { m[i][j] += row[i] * row[j] }
                rx[i] += row[i] * q.x
                ry[i] += row[i] * q.y
            }
        }
        guard let x = solve(m, rx), let y = solve(m, ry) else {
            throw InterchangeError(
                "control: the control points lie on one line; an affine fit needs them spread out (or use --fit similarity)")
        }
        return PlanTransform(a: x[0], b: x[1], c: x[2], d: y[0], e: y[1], f: y[2])
    }

    /// 3x3 by Cramer's rule; nil when singular.
    static func solve(_ m: [[Double]], _ r: [Double]) -> [Double]? {
        func det(_ a: [[Double]]) -> Double {
            a[0][0] * (a[1][1] * a[2][2] - a[1][2] * a[2][1]) - a[0][1] * (a[1][0] * a[2][2] - a[1][2] * a[2][0])
                + a[0][2] * (a[1][0] * a[2][1] - a[1][1] * a[2][0])
        }
        let d = det(m)
        let size = m.flatMap { $0 }.map(abs).max() ?? 0
        guard abs(d) > 1e-12 * max(1, size * size * size) else { return nil }
        return (0..<3).map { column in
            var replaced = m
            for row in 0..<3 { replaced[row][column] = r[row] }
            return det(replaced) / d
        }
    }
}
