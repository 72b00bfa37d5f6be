// `add unit NAME category=C (rect|poly ...)`: a room on a level. The category must be IMDF's, the
// outline a valid polygon; the display point is its visual centre.

import Geometry
import IMDF

public struct AddUnit: EditCommand {
    public var name: String?
    public var category: String
    public var outline: [[Position]]
    public var levelID: String

    public init(name: String?, category: String, outline: [[Position]], levelID: String) {
        self.name = name
        self.category = category
        self.outline = outline
        self.levelID = levelID
    }

    public func plan(_ document: Document, ids: inout IDSource) throws(EditError) -> Patch {
        _ = try document.require(levelID, as: .level, argument: "level")
        try SetProperties.check(.string(category), against: FeatureType.unit.spec(forKey: .category)!, argument: "category", in: document)
        let shapes = try OutlineCheck.polygons(outline, in: document, argument: "outline")
        let projector = document.projector(near: outline[0][0])
        let id = ids.next()
        let unit = Feature(
            .unit, id: id, geometry: .polygon(outline),
            values: [
                .category: .string(category), .name: name.map { Labels($0, language: document.labelLanguage).json } ?? .null,
                .levelID: .string(levelID), .displayPoint: displayPoint(of: shapes, projector, GeometryEngine()),
            ])
        return Patch(
            label: "add unit \(name.map { "\"\($0)\"" } ?? category)", changes: [.create(unit, in: .imdf(.unit), at: nil)], mintedIDs: [id])
    }
}
