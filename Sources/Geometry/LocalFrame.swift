// Longitude/latitude on WGS 84 <-> metres around an origin.
//
// The projection is the ellipsoidal sinusoidal one centred on the origin: y is the meridian arc
// from the origin's latitude, x the arc along the point's own parallel. Both are true lengths on the
// ellipsoid, it is exactly invertible (longitude is a division, latitude a Newton iteration on the
// arc), and it is equal-area, so areas in metres need no correction. Its only distortion is a shear
// that grows with the distance from the origin's meridian: about 4e-6 at 10 km and 60° latitude,
// i.e. under half a millimetre per 100 m.

import Foundation
import IMDF

public struct LocalFrame: Sendable, Hashable {
    public let originLongitude: Double
    public let originLatitude: Double
    /// The meridian arc from the equator to the origin, the zero of y.
    private let originArc: Double

    public init(originLongitude: Double, originLatitude: Double) {
        self.originLongitude = originLongitude
        self.originLatitude = originLatitude
        originArc = WGS84.meridianArc(originLatitude * .pi / 180)
    }

    public func point(longitude: Double, latitude: Double) -> Point {
        let phi = latitude * .pi / 180
        // remainder keeps a frame across the antimeridian continuous.
        let lambda = remainder(longitude - originLongitude, 360) * .pi / 180
        return Point(x: lambda * WGS84.parallelRadius(phi), y: WGS84.meridianArc(phi) - originArc)
    }

    /// The box in the frame of a longitude/latitude box: of its corners as `point` gives them, to
    /// within a nanometre. Each latitude's terms come from one sine and one cosine (the series'
    /// multiple angles by their recurrences): a document being opened boxes every feature, and
    /// six sines and cosines per latitude made that the larger half of indexing it.
    public func extent(_ minimum: Position, _ maximum: Position) -> Bounds {
        let (southArc, southRadius) = WGS84.arcAndParallelRadius(minimum.y * .pi / 180)
        let (northArc, northRadius) = WGS84.arcAndParallelRadius(maximum.y * .pi / 180)
        let west = remainder(minimum.x - originLongitude, 360) * .pi / 180
        let east = remainder(maximum.x - originLongitude, 360) * .pi / 180
        let xs = (west * southRadius, east * southRadius, east * northRadius, west * northRadius)
        return Bounds(
            minX: Swift.min(Swift.min(xs.0, xs.1), Swift.min(xs.2, xs.3)), minY: Swift.min(southArc, northArc) - originArc,
            maxX: Swift.max(Swift.max(xs.0, xs.1), Swift.max(xs.2, xs.3)), maxY: Swift.max(southArc, northArc) - originArc)
    }

    public func coordinates(of point: Point) -> (longitude: Double, latitude: Double) {
        let target = originArc + point.y
        var phi = originLatitude * .pi / 180 + point.y / WGS84.meridianRadius(originLatitude * .pi / 180)
        // The meridian radius is the derivative of the arc, so this is Newton's method; it reaches
        // 1e-15 rad (a few nanometres) in 2-3 steps within any indoor map.
        for _ in 0..<10 {
            let step = (target - WGS84.meridianArc(phi)) / WGS84.meridianRadius(phi)
            phi += step
            if abs(step) < 1e-15 { break }
        }
        let lambda = point.x / WGS84.parallelRadius(phi)
        return (remainder(originLongitude + lambda * 180 / .pi, 360), phi * 180 / .pi)
    }
}

/// The WGS 84 ellipsoid.
enum WGS84 {
    static let a = 6_378_137.0
    static let f = 1 / 298.257223563
    static let e2 = f * (2 - f)
    /// The third flattening, in which the meridian arc series converges fastest.
    static let n = f / (2 - f)

    /// Radius of curvature in the prime vertical, N.
    static func primeVerticalRadius(_ phi: Double) -> Double {
        let s = sin(phi)
        return a / (1 - e2 * s * s).squareRoot()
    }

    /// Radius of curvature of the meridian, the derivative of the meridian arc.
    static func meridianRadius(_ phi: Double) -> Double {
        let s = sin(phi)
        let w = 1 - e2 * s * s
        return a * (1 - e2) / (w * w * w).squareRoot()
    }

    /// Radius of the parallel at latitude phi: metres per radian of longitude.
    static func parallelRadius(_ phi: Double) -> Double { primeVerticalRadius(phi) * cos(phi) }

    /// `meridianArc(phi)` and `parallelRadius(phi)` from one sine and one cosine: sin 2k phi by
    /// the double- and sum-angle identities, exact to rounding.
    static func arcAndParallelRadius(_ phi: Double) -> (arc: Double, radius: Double) {
        let (s, c) = (sin(phi), cos(phi))
        let (s2, c2) = (2 * s * c, 1 - 2 * s * s)
        let (s4, c4) = (2 * s2 * c2, 1 - 2 * s2 * s2)
        let s6 = s4 * c2 + c4 * s2
        let s8 = 2 * s4 * c4
        let n2 = n * n
        let n3 = n2 * n
        let n4 = n3 * n
        let arc =
            a / (1 + n)
            * ((1 + n2 / 4 + n4 / 64) * phi - 1.5 * (n - n3 / 8) * s2 + 15.0 / 16 * (n2 - n4 / 4) * s4 - 35.0 / 48 * n3 * s6
                + 315.0 / 512 * n4 * s8)
        return (arc, a / (1 - e2 * s * s).squareRoot() * c)
    }

    /// Meridian arc length from the equator (Helmert's series in n, truncated after n^4: its error
    /// is below 0.1 mm over a quadrant, and nil over the few kilometres a frame spans).
    static func meridianArc(_ phi: Double) -> Double {
        let n2 = n * n
        let n3 = n2 * n
        let n4 = n3 * n
        return a / (1 + n)
            * ((1 + n2 / 4 + n4 / 64) * phi
                - 1.5 * (n - n3 / 8) * sin(2 * phi)
                + 15.0 / 16 * (n2 - n4 / 4) * sin(4 * phi)
                - 35.0 / 48 * n3 * sin(6 * phi)
                + 315.0 / 512 * n4 * sin(8 * phi))
    }
}
