// The frame an archive is measured in: GeoJSON positions (longitude, latitude) to metres and
// back, around the venue, and IMDF polygons to planar ones.

import IMDF

/// lon/lat <-> metres for a whole archive, around its venue: validation measures and the editor
/// computes in this frame.
public struct Projector: Sendable {
    public let frame: LocalFrame

    public init(frame: LocalFrame) { self.frame = frame }

    public init?(archive: IMDFArchive) {
        var origin: Position?
        if let venue = archive.features(of: .venue).first {
            origin = venue.point(.displayPoint) ?? venue.geometry?.firstPosition
        }
        if origin == nil {
            for collection in archive.allCollections {
                for feature in collection.features {
                    if let first = feature.geometry?.firstPosition {
                        origin = first
                        break
                    }
                }
                if origin != nil { break }
            }
        }
        guard let origin, origin.isLongitudeLatitude else { return nil }
        frame = LocalFrame(originLongitude: origin.x, originLatitude: origin.y)
    }

    public func point(_ position: Position) -> Point { frame.point(longitude: position.x, latitude: position.y) }

    public func position(_ point: Point) -> Position {
        let (longitude, latitude) = frame.coordinates(of: point)
        return Position(x: longitude, y: latitude)
    }

    /// A polygon in metres as a GeoJSON polygon in degrees.
    public func geometry(_ polygons: [Polygon]) -> IMDF.Geometry {
        let converted = polygons.map { polygon in ([polygon.exterior] + polygon.holes).map { $0.map(position) } }
        return converted.count == 1 ? .polygon(converted[0]) : .multiPolygon(converted)
    }

    /// The polygons of a polygonal geometry, in metres; nil for other geometries and for rings
    /// too short to be polygons (T2 reports those).
    public func polygons(_ geometry: IMDF.Geometry?) -> [Polygon]? {
        func polygon(_ rings: [[Position]]) -> Polygon? {
            guard let exterior = rings.first, exterior.count >= 4, rings.allSatisfy({ $0.count >= 4 && $0.first == $0.last }) else {
                return nil
            }
            return Polygon(exterior: exterior.map(point), holes: rings.dropFirst().map { $0.map(point) })
        }
        switch geometry {
        case .polygon(let rings)?: return polygon(rings).map { [$0] }
        case .multiPolygon(let polygons)?:
            let converted = polygons.compactMap(polygon)
            return converted.count == polygons.count && !converted.isEmpty ? converted : nil
        default: return nil
        }
    }
}
