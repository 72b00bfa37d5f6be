// The rooms and doors of an imported drawing as features to create: units of the category their
// type, name or layer says (`room` where nothing does), named in the archive's language, and `pedestrian` openings (a swinging door where the drawing
// draws one).

import Geometry
import IMDF

extension DXFImportResult {
    /// Drafts for ImportFeatures, rooms first: "plan.dxf room 3", "plan.dxf door 2 (gap)"; names
    /// tagged `language` when given, else by their script and the archive's language
    /// (NameLanguage), and why when that is not the archive's.
    public func drafts(file: String, language archive: String, given: Bool = false) -> (drafts: [FeatureDraft], languageNote: String?) {
        let chosen = given ? (tag: archive, reason: nil) : NameLanguage.tag(for: rooms.compactMap(\.name), archive: archive)
        let language = chosen.tag
        func position(_ point: Point) -> Position { Position(x: point.x, y: point.y) }
        let roomDrafts = rooms.enumerated().map { number, room -> FeatureDraft in
            var properties = JSONObject()
            properties.append(key: PropertyKey.category.rawValue, value: .string(room.category ?? "room"))
            if let name = room.name { properties.append(key: PropertyKey.name.rawValue, value: Labels(name, language: language).json) }
            if let altName = room.altName {
                properties.append(key: PropertyKey.altName.rawValue, value: Labels(altName, language: language).json)
            }
            return FeatureDraft(
                type: .unit, geometry: .polygon(room.rings.map { $0.map(position) }), properties: properties,
                source: "\(file) room \(number + 1)")
        }
        let doorDrafts = openings.enumerated().map { number, opening -> FeatureDraft in
            var properties = JSONObject()
            properties.append(key: PropertyKey.category.rawValue, value: .string("pedestrian"))
            if opening.source != "gap" {
                properties.append(key: PropertyKey.door.rawValue, value: ["type": "swinging", "automatic": false, "material": nil])
            }
            return FeatureDraft(
                type: .opening, geometry: .lineString(opening.line.map(position)), properties: properties,
                source: "\(file) door \(number + 1) (\(opening.source))")
        }
        return (roomDrafts + doorDrafts, chosen.reason)
    }
}
