// `add level NAME ordinal=N [short=S] [outdoor] (rect|poly ...)`: a level of a building, with its
// outline. The building's footprints grow to cover the new indoor level, as Apple reads them: the
// ground and aerial footprints cover the ground floor, the aerial one every floor above, the
// subterranean one the floors below ground; each is created when the building has none yet. A
// building without a display point takes the level's.

import Geometry
import IMDF

public struct AddLevel: EditCommand {
    public var name: String
    public var ordinal: Int
    public var shortName: String?
    public var outdoor: Bool
    public var outline: [[Position]]
    public var buildingID: String?
    public var category: String
    /// Whether the level takes its building's address on save (levels opt in; IMDF allows none).
    public var inheritsAddress: Bool

    public init(
        name: String, ordinal: Int, shortName: String? = nil, outdoor: Bool = false, outline: [[Position]],
        buildingID: String?, category: String = "unspecified", inheritsAddress: Bool = false
    ) {
        self.name = name
        self.ordinal = ordinal
        self.shortName = shortName
        self.outdoor = outdoor
        self.outline = outline
        self.buildingID = buildingID
        self.category = category
        self.inheritsAddress = inheritsAddress
    }

    public func plan(_ document: Document, ids: inout IDSource) throws(EditError) -> Patch {
        if let buildingID { _ = try document.require(buildingID, as: .building, argument: "building") }
        try SetProperties.check(.string(category), against: FeatureType.level.spec(forKey: .category)!, argument: "category", in: document)
        let shapes = try OutlineCheck.polygons(outline, in: document, argument: "outline")
        let engine = GeometryEngine()
        let projector = document.projector(near: outline[0][0])
        let id = ids.next()
        let language = document.labelLanguage
        var level = Feature(
            .level, id: id, geometry: .polygon(outline),
            values: [
                .category: .string(category), .outdoor: .bool(outdoor), .ordinal: .number(JSONNumber(ordinal)),
                .name: Labels(name, language: language).json, .shortName: Labels(shortName ?? String(ordinal), language: language).json,
                .displayPoint: displayPoint(of: shapes, projector, engine),
                .buildingIDs: buildingID.map { [.string($0)] } ?? .null,
            ])
        if inheritsAddress { level.editorNotes[AddressInheritance.choice] = "inherit" }
        var changes: [Change] = [.create(level, in: .imdf(.level), at: nil)]
        var minted = [id]
        if let buildingID, !outdoor {
            // A building shows where it is by its display point, which Apple asks for
            // (BuildingHasNoDisplayPoint): the first level gives it one.
            if let building = document.feature(buildingID), building.point(.displayPoint) == nil, let point = level.point(.displayPoint) {
                var located = building
                located.setPoint(.displayPoint, point)
                changes.append(.modify(before: building, after: located))
            }
            let footprints = document.referrers(of: buildingID).compactMap(document.feature).filter { $0.imdfType == .footprint }
            for category in Self.footprintCategories(ordinal: ordinal) {
                if let footprint = footprints.first(where: { $0.string(.category) == category }),
                    let existing = projector.polygons(footprint.geometry)
                {
                    if !engine.prepare(existing).covers(shapes) {
                        var grown = footprint
                        grown.geometry = projector.geometry(engine.union(existing + shapes))
                        changes.append(.modify(before: footprint, after: grown))
                    }
                } else {
                    let footprintID = ids.next()
                    minted.append(footprintID)
                    changes.append(
                        .create(
                            Feature(
                                .footprint, id: footprintID, geometry: .polygon(outline),
                                values: [
                                    .category: .string(category), .buildingIDs: [.string(buildingID)],
                                ]), in: .imdf(.footprint), at: nil))
                }
            }
        }
        return Patch(label: "add level \"\(name)\" (ordinal \(ordinal))", changes: changes, mintedIDs: minted)
    }
}

extension AddLevel {
    /// The footprints a level at `ordinal` lies in (Apple: IndoorLevelNotEqualToGroundFootprint, ...).
    static func footprintCategories(ordinal: Int) -> [String] {
        ordinal == 0 ? ["ground", "aerial"] : ordinal > 0 ? ["aerial"] : ["subterranean"]
    }
}

/// Outlines given to commands: closed rings of at least 4 positions forming a valid polygon.
enum OutlineCheck {
    static func polygons(_ rings: [[Position]], in document: Document, argument: String) throws(EditError) -> [Polygon] {
        guard let first = rings.first?.first else { throw EditError("\(argument): the outline is empty", argument: argument) }
        let projector = document.projector(near: first)
        guard let shapes = projector.polygons(.polygon(rings)) else {
            throw EditError("\(argument): an outline needs closed rings of at least 4 points", argument: argument)
        }
        if case .invalid(let reason, _) = GeometryEngine().validity(shapes) {
            throw EditError("\(argument): the outline is not a valid polygon (\(reason))", argument: argument)
        }
        return shapes
    }
}
