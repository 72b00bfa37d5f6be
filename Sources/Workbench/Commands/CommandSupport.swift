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
            return "\(featureType) \"\(name)\" (\(document.shortID(id)))"
        }
        return "\(featureType) \(document.shortID(id))"
    }
}

/// A polygon's visual centre in degrees, for display points.
func displayPoint(of polygons: [Polygon], _ projector: Projector, _ engine: GeometryEngine) -> JSONValue {
    guard let centre = engine.interiorPoint(polygons) else { return .null }
    return GeoJSONGeometry(.point(projector.position(centre))).json
}

/// Points put on a level lie on it. One more than a metre outside the level's outline
/// is a slip (a coordinate in the wrong frame, 5000 typed for 50) unless asked for (`--outside`);
/// a feature already outside may still be moved, as long as it does not go further out.
enum LevelOutline {
    static let slack = 1.0

    /// How far `geometry` reaches outside the level's outline, in metres (0 inside or on it); nil
    /// when the level has no outline to measure against.
    static func outside(_ geometry: Geometry, levelID: String, _ document: Document) -> Double? {
        guard let level = document.feature(levelID), let first = geometry.positions.first else { return nil }
        let projector = document.projector(near: first)
        guard let outline = projector.polygons(level.geometry) else { return nil }
        let engine = GeometryEngine()
        return geometry.positions.map { engine.distance(from: projector.point($0), to: outline) }.max()
    }

    static func check(
        _ geometry: Geometry, was before: Geometry? = nil, levelID: String?, _ document: Document, allowOutside: Bool, argument: String
    ) throws(EditError) {
        guard !allowOutside, let levelID, let distance = outside(geometry, levelID: levelID, document), distance > slack else { return }
        if let before, let earlier = outside(before, levelID: levelID, document), distance <= earlier + 1e-6 { return }
        let level = document.feature(levelID).map { $0.described(in: document) } ?? "its level"
        throw EditError(
            "\(argument): that is \(String(metres: distance)) m outside \(level); give --outside to put it there", argument: argument)
    }

    /// The level a feature stands on: its level_id, or its unit's.
    static func level(of feature: Feature, _ document: Document) -> String? {
        if let level = feature.string(.levelID) { return level }
        let unit = feature.string(.unitID) ?? feature.strings(.unitIDs)?.first
        return unit.flatMap { document.feature($0)?.string(.levelID) }
    }
}
