// `add amenity CATEGORY at X,Y [unit=REF ...]`: a point amenity. Without units given, it belongs
// to the units of the level that contain the point.

import Geometry
import IMDF

public struct AddAmenity: EditCommand {
    public var category: String
    public var position: Position
    public var unitIDs: [String]
    /// The level whose units are searched when no units are given.
    public var levelID: String?

    /// Whether the amenity may stand more than a metre outside its level (`--outside`).
    public var allowOutside = false

    public init(category: String, at position: Position, unitIDs: [String] = [], levelID: String? = nil, allowOutside: Bool = false) {
        self.allowOutside = allowOutside
        self.category = category
        self.position = position
        self.unitIDs = unitIDs
        self.levelID = levelID
    }

    public func plan(_ document: Document, ids: inout IDSource) throws(EditError) -> Patch {
        try SetProperties.check(
            .string(category), against: FeatureType.amenity.spec(forKey: .category)!, argument: "CATEGORY", in: document)
        var units = unitIDs
        for id in units { _ = try document.require(id, as: .unit, argument: "unit") }
        if units.isEmpty {
            guard let levelID else { throw EditError("give the units (unit=REF), or use a level", argument: "unit") }
            _ = try document.require(levelID, as: .level, argument: "level")
            let projector = document.projector(near: position)
            let engine = GeometryEngine()
            let point = projector.point(position)
            units = Walls.units(onLevel: levelID, near: Bounds(points: [point])!.expanded(by: 0.01), document, projector).filter {
                engine.distance(from: point, to: $0.1) == 0
            }.map(\.0.id)
            guard !units.isEmpty else { throw EditError("at: no unit of the level contains that point", argument: "at") }
        }
        let level = units.first.flatMap { document.feature($0)?.string(.levelID) } ?? levelID
        try LevelOutline.check(.point(position), levelID: level, document, allowOutside: allowOutside, argument: "at")
        let id = ids.next()
        let amenity = Feature(
            .amenity, id: id, geometry: .point(position),
            values: [
                .category: .string(category), .unitIDs: .array(units.map(JSONValue.string)),
            ])
        return Patch(label: "add amenity \(category)", changes: [.create(amenity, in: .imdf(.amenity), at: nil)], mintedIDs: [id])
    }
}
