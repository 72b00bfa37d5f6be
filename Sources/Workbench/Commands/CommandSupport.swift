// What the edit commands share: looking up their arguments with errors that name the argument,
// and moving between the document's degrees and the metres geometry is done in.

import Geometry
import IMDF

extension Document {
    /// The feature `id`, of `type` when given; otherwise an error naming `argument`.
    func require(_ id: String, as type: FeatureType? = nil, argument: String) throws(EditError) -> Feature {
        guard let feature = feature(id) else { throw EditError("\(argument): no feature with id \(id)", argument: argument) }
        if let type, feature.featureType != type.rawValue {
            throw EditError("\(argument): \(id.prefix(8)) is a \(feature.featureType), not a \(type.rawValue)", argument: argument)
        }
        return feature
    }

    /// The frame to compute in: the document's, or one around `position` for a document with no
    /// coordinates yet.
    func projector(near position: Position) -> Projector {
        projector ?? Projector(frame: LocalFrame(originLongitude: position.x, originLatitude: position.y))
    }

    func collectionKey(for type: FeatureType) -> CollectionKey { .imdf(type) }
}

extension Feature {
    /// A short name for messages, in the document's display language: `unit "Room 310" (5c1e7a2b)`.
    func described(in document: Document) -> String {
        if let name = labels(.name)?.preferred(language: document.labelLanguage), !name.isEmpty {
            return "\(featureType) \"\(name)\" (\(id.prefix(8)))"
        }
        return "\(featureType) \(id.prefix(8))"
    }
}

/// A polygon's visual centre in degrees, for display points.
func displayPoint(of polygons: [Polygon], _ projector: Projector, _ engine: GeometryEngine) -> JSONValue {
    guard let centre = engine.interiorPoint(polygons) else { return .null }
    return GeoJSONGeometry(.point(projector.position(centre))).json
}
