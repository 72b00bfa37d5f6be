// A template moved to where the venue is: every shape keeps its size and orientation in metres,
// and the venue's display point lands on the place asked for. Templates stand somewhere; a venue
// and the plans brought onto it (control points of a drawing, GIS layers) are elsewhere, and an
// edit may reach no further than 100 km from the venue.

import Geometry
import IMDF
import Render
import Workbench

public enum TemplatePlacement {
    /// `archive` moved so that its venue's display point (or its first position) is at `place`.
    public static func moved(_ archive: IMDFArchive, to place: Position) -> IMDFArchive {
        let venue = archive.features(of: .venue).first
        guard let origin = venue?.point(.displayPoint) ?? venue?.geometry?.firstPosition else { return archive }
        let from = LocalFrame(originLongitude: origin.x, originLatitude: origin.y)
        let to = LocalFrame(originLongitude: place.x, originLatitude: place.y)
        func move(_ position: Position) -> Position {
            let (longitude, latitude) = to.coordinates(of: from.point(longitude: position.x, latitude: position.y))
            return Position(x: longitude, y: latitude, z: position.z)
        }
        func moved(_ collection: FeatureCollection) -> FeatureCollection {
            var collection = collection
            for index in collection.features.indices {
                var feature = collection.features[index]
                feature.geometry = feature.geometry?.mapped(move)
                if let point = feature.point(.displayPoint) { feature.setPoint(.displayPoint, move(point)) }
                collection.features[index] = feature
            }
            return collection
        }
        var result = archive
        for (type, collection) in archive.collections { result.collections[type] = moved(collection) }
        result.extensions = archive.extensions.map(moved)
        return result
    }
}

extension TemplatePlacement {
    /// `@LON,LAT`, where a new venue is to stand.
    public static func place(_ text: String, argument: String) throws(EditError) -> Position {
        let numbers = text.hasPrefix("@") ? text.dropFirst().split(separator: ",", omittingEmptySubsequences: false).map { Double($0) } : []
        guard numbers.count == 2, let longitude = numbers[0], let latitude = numbers[1],
            Position(x: longitude, y: latitude).isLongitudeLatitude,
            abs(latitude) < 85
        else {
            throw EditError(
                "\(argument): \"\(TerminalText.excerpt(text))\" is not @LON,LAT (degrees; a latitude within 85 of the equator)",
                argument: argument)
        }
        return Position(x: longitude, y: latitude)
    }
}
