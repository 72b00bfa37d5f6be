import Foundation
import IMDF
import Testing

@testable import Geometry

@Suite struct LocalFrameTests {
    static let origins: [(longitude: Double, latitude: Double)] = [(2.0, 0.0), (6.95, 50.0), (24.94, 60.0), (151.2, -33.0)]

    @Test func framesRoundTripLonLatThroughMetresToUnderAMillimetre() {
        for origin in Self.origins {
            let frame = LocalFrame(originLongitude: origin.longitude, originLatitude: origin.latitude)
            for point in [
                Point(x: 0, y: 0), Point(x: 5000, y: 0), Point(x: 0, y: -5000), Point(x: -3500, y: 3500), Point(x: 3500, y: -3500),
                Point(x: 123.456, y: -78.9),
            ] {
                let coordinates = frame.coordinates(of: point)
                let back = frame.point(longitude: coordinates.longitude, latitude: coordinates.latitude)
                #expect(back.distance(to: point) < 1e-6, "\(origin) \(point) -> \(back)")
                // And the other way round: degrees survive a trip through metres.
                let again = frame.coordinates(of: frame.point(longitude: coordinates.longitude, latitude: coordinates.latitude))
                #expect(abs(again.longitude - coordinates.longitude) < 1e-11 && abs(again.latitude - coordinates.latitude) < 1e-11)
            }
            #expect(frame.point(longitude: origin.longitude, latitude: origin.latitude) == Point(x: 0, y: 0))
        }
    }

    /// The box of a longitude/latitude box is the box of its four corners as `point` places them,
    /// to a nanometre, at any latitude and across the antimeridian.
    @Test func anExtentIsTheBoxOfItsCornersPoints() {
        for origin in Self.origins + [(179.99, 10.0), (-179.99, -75.0), (0.0, 85.0)] {
            let frame = LocalFrame(originLongitude: origin.longitude, originLatitude: origin.latitude)
            for (dx, dy, width, height) in [
                (0.0, 0.0, 0.001, 0.002), (-0.03, 0.02, 0.0004, 0.0001), (0.02, -0.04, 0.05, 0.03), (0.0, 0.0, 0.0, 0.0),
            ] {
                let minimum = Position(x: origin.longitude + dx, y: origin.latitude + dy)
                let maximum = Position(x: minimum.x + width, y: minimum.y + height)
                let corners = [
                    frame.point(longitude: minimum.x, latitude: minimum.y), frame.point(longitude: maximum.x, latitude: minimum.y),
                    frame.point(longitude: maximum.x, latitude: maximum.y), frame.point(longitude: minimum.x, latitude: maximum.y),
                ]
                let extent = frame.extent(minimum, maximum)
                let expected = Bounds(points: corners)!
                for (got, want) in [
                    (extent.minX, expected.minX), (extent.minY, expected.minY), (extent.maxX, expected.maxX), (extent.maxY, expected.maxY),
                ] {
                    #expect(abs(got - want) < 1e-9, "\(origin) \(minimum) \(maximum): \(extent) vs \(expected)")
                }
            }
        }
    }

    @Test func hundredMetreStepsEastAndNorthMeasureAHundredMetresOnTheGeodesic() throws {
        for origin in Self.origins {
            let frame = LocalFrame(originLongitude: origin.longitude, originLatitude: origin.latitude)
            for start in [Point(x: 0, y: 0), Point(x: 3000, y: 2000), Point(x: -4000, y: -3000)] {
                for step in [Point(x: 100, y: 0), Point(x: 0, y: 100)] {
                    let a = frame.coordinates(of: start)
                    let b = frame.coordinates(of: Point(x: start.x + step.x, y: start.y + step.y))
                    let geodesic = try #require(vincentyDistance(a, b))
                    #expect(abs(geodesic - 100) < 0.001, "\(origin) from \(start) by \(step): \(geodesic) m")
                }
            }
        }
    }

    @Test func degreeLengthsMatchTheWGS84RadiiFormulas() {
        // Independent closed forms: a degree of longitude is pi/180 * N cos(phi), a small step
        // north is the meridian radius of curvature times the angle.
        let a = 6_378_137.0
        let e2 = 0.00669437999014
        for latitude in [0.0, 50.0, 60.0, -33.0] {
            let phi = latitude * .pi / 180
            let w = 1 - e2 * sin(phi) * sin(phi)
            let n = a / w.squareRoot()
            let m = a * (1 - e2) / pow(w, 1.5)
            let frame = LocalFrame(originLongitude: 10, originLatitude: latitude)
            let east = frame.point(longitude: 10 + 100 / (n * cos(phi)) * 180 / .pi, latitude: latitude)
            #expect(abs(east.x - 100) < 1e-6 && abs(east.y) < 1e-9)
            let north = frame.point(longitude: 10, latitude: latitude + 100 / m * 180 / .pi)
            #expect(abs(north.y - 100) < 1e-4 && abs(north.x) < 1e-9)
        }
        // Published lengths of one degree of latitude centred on the equator and on 60°.
        let equator = LocalFrame(originLongitude: 0, originLatitude: 0)
        #expect(abs(equator.point(longitude: 0, latitude: 0.5).y - equator.point(longitude: 0, latitude: -0.5).y - 110_574.3) < 1)
        #expect(abs(equator.point(longitude: 0, latitude: 60.5).y - equator.point(longitude: 0, latitude: 59.5).y - 111_412.3) < 1)
    }

    @Test func framesAcrossTheAntimeridianStayContinuous() {
        let frame = LocalFrame(originLongitude: 179.999, originLatitude: -17)
        let point = frame.point(longitude: -179.999, latitude: -17)
        #expect(point.x > 200 && point.x < 220)
        let back = frame.coordinates(of: point)
        #expect(abs(back.longitude + 179.999) < 1e-11)
    }
}

/// Vincenty's inverse formula on WGS 84: the geodesic distance in metres, to well under a
/// millimetre, as a reference independent of the frame's projection.
func vincentyDistance(_ p1: (longitude: Double, latitude: Double), _ p2: (longitude: Double, latitude: Double)) -> Double? {
    let a = 6_378_137.0
    let f = 1 / 298.257223563
    let b = a * (1 - f)
    let l = (p2.longitude - p1.longitude) * .pi / 180
    let u1 = atan((1 - f) * tan(p1.latitude * .pi / 180))
    let u2 = atan((1 - f) * tan(p2.latitude * .pi / 180))
    let sinU1 = sin(u1)
    let cosU1 = cos(u1)
    let sinU2 = sin(u2)
    let cosU2 = cos(u2)
    var lambda = l
    for _ in 0..<200 {
        let sinLambda = sin(lambda)
        let cosLambda = cos(lambda)
        let sinSigma =
            ((cosU2 * sinLambda) * (cosU2 * sinLambda) + (cosU1 * sinU2 - sinU1 * cosU2 * cosLambda)
                * (cosU1 * sinU2 - sinU1 * cosU2 * cosLambda))
            .squareRoot()
        if sinSigma == 0 { return 0 }
        let cosSigma = sinU1 * sinU2 + cosU1 * cosU2 * cosLambda
        let sigma = atan2(sinSigma, cosSigma)
        let sinAlpha = cosU1 * cosU2 * sinLambda / sinSigma
        let cos2Alpha = 1 - sinAlpha * sinAlpha
        let cos2SigmaM = cos2Alpha == 0 ? 0 : cosSigma - 2 * sinU1 * sinU2 / cos2Alpha
        let c = f / 16 * cos2Alpha * (4 + f * (4 - 3 * cos2Alpha))
        let previous = lambda
        lambda = l + (1 - c) * f * sinAlpha * (sigma + c * sinSigma * (cos2SigmaM + c * cosSigma * (-1 + 2 * cos2SigmaM * cos2SigmaM)))
        if abs(lambda - previous) < 1e-13 {
            let uSq = cos2Alpha * (a * a - b * b) / (b * b)
            let bigA = 1 + uSq / 16384 * (4096 + uSq * (-768 + uSq * (320 - 175 * uSq)))
            let bigB = uSq / 1024 * (256 + uSq * (-128 + uSq * (74 - 47 * uSq)))
            let deltaSigma =
                bigB * sinSigma
                * (cos2SigmaM + bigB / 4
                    * (cosSigma * (-1 + 2 * cos2SigmaM * cos2SigmaM)
                        - bigB / 6 * cos2SigmaM * (-3 + 4 * sinSigma * sinSigma) * (-3 + 4 * cos2SigmaM * cos2SigmaM)))
            return b * bigA * (sigma - deltaSigma)
        }
    }
    return nil
}
