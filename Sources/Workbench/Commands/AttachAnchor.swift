// `attach anchor to UNIT [at X,Y] [address=inherit|none|REF]`: an anchor in a unit, at the unit's
// display point unless given (beside an anchor already there); the point must lie inside the unit. The address choice is kept as
// an editor note for the save-time inheritance (inherit, the default, derives an Address from the
// building's with the unit's name, or with the `unit` given).

import Geometry
import IMDF

public enum AddressChoice: Sendable, Equatable {
    case inherit
    /// Inherited, with this `unit` (`attach ... unit="310"`) in place of the unit's name.
    case inheritWithUnit(String)
    case none
    case address(String)
}

public struct AttachAnchor: EditCommand {
    public var unitID: String
    public var position: Position?
    public var address: AddressChoice

    public init(to unitID: String, at position: Position? = nil, address: AddressChoice = .inherit) {
        self.unitID = unitID
        self.position = position
        self.address = address
    }

    public func plan(_ document: Document, ids: inout IDSource) throws(EditError) -> Patch {
        let (anchor, _) = try Self.anchor(in: unitID, at: position, address: address, document, &ids)
        return Patch(
            label: "attach anchor to \(try document.require(unitID, argument: "UNIT").described(in: document))",
            changes: [.create(anchor, in: .imdf(.anchor), at: nil)], mintedIDs: [anchor.id])
    }

    /// The anchor feature for `unitID` (shared with `attach occupant`).
    static func anchor(
        in unitID: String, at position: Position?, address: AddressChoice, _ document: Document, _ ids: inout IDSource
    ) throws(EditError) -> (Feature, Feature) {
        let unit = try document.require(unitID, as: .unit, argument: "UNIT")
        guard let geometry = unit.geometry, let first = geometry.positions.first else {
            throw EditError("\(unit.described(in: document)) has no outline to place an anchor in", argument: "UNIT")
        }
        let projector = document.projector(near: first)
        guard let shapes = projector.polygons(geometry) else {
            throw EditError("\(unit.described(in: document)) has no valid outline", argument: "UNIT")
        }
        let engine = GeometryEngine()
        var point: Point
        if let position {
            point = projector.point(position)
        } else if let display = unit.point(.displayPoint), engine.distance(from: projector.point(display), to: shapes) == 0 {
            point = projector.point(display)
        } else if let centre = engine.interiorPoint(shapes) {
            point = centre
        } else {
            throw EditError("\(unit.described(in: document)) has no inside to place an anchor in", argument: "UNIT")
        }
        if position == nil { point = freePlace(near: point, in: unit, shapes, engine, projector, document) }
        let outside = engine.distance(from: point, to: shapes)
        guard outside <= 0.05 else {
            throw EditError("at: the point is \(String(metres: outside)) m outside \(unit.described(in: document))", argument: "at")
        }
        var addressValue = JSONValue.null
        var notes: [String: String] = [:]
        switch address {
        case .inherit: notes["address"] = "inherit"
        case .inheritWithUnit(let unit):
            notes["address"] = "inherit"
            notes[AddressInheritance.explicitUnit] = unit
        case .none: notes["address"] = "none"
        case .address(let id):
            _ = try document.require(id, as: .address, argument: "address")
            addressValue = .string(id)
        }
        let id = ids.next()
        var anchor = Feature(
            .anchor, id: id, geometry: .point(projector.position(point)),
            values: [
                .addressID: addressValue, .unitID: .string(unit.id),
            ])
        anchor.editorNotes = notes
        return (anchor, unit)
    }
}

extension AttachAnchor {
    /// `point`, or a free place beside it when an anchor of the unit already stands there.
    static func freePlace(
        near point: Point, in unit: Feature, _ shapes: [Polygon], _ engine: GeometryEngine, _ projector: Projector, _ document: Document
    ) -> Point {
        let taken = document.referrers(of: unit.id).compactMap(document.feature).filter { $0.imdfType == .anchor }.compactMap {
            anchor -> Point? in
            guard case .point(let position)? = anchor.geometry else { return nil }
            return projector.point(position)
        }
        return CoincidentPoints.freePlace(near: point, inside: shapes, avoiding: taken, engine)
    }
}
