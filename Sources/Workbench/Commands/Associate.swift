// `associate NODE REF`: ties a path node to a destination (a unit, opening, amenity or occupant),
// as a navPathAssocieted feature, so routes can start or end at the destination.

import IMDF

public struct Associate: EditCommand {
    public var nodeID: String
    public var targetID: String

    public init(node nodeID: String, with targetID: String) {
        self.nodeID = nodeID
        self.targetID = targetID
    }

    static let destinationTypes: Set<String> = ["unit", "opening", "amenity", "occupant", "anchor", "kiosk", "fixture"]

    public func plan(_ document: Document, ids: inout IDSource) throws(EditError) -> Patch {
        let node = try RoutingFormat.requireNode(nodeID, document, argument: "NODE")
        let target = try document.require(targetID, argument: "REF")
        guard Self.destinationTypes.contains(target.featureType) else {
            throw EditError("REF: a \(target.featureType) is not a destination (unit, opening, amenity, occupant)", argument: "REF")
        }
        let existing = document.referrers(of: node.id).compactMap(document.feature).contains {
            $0.featureType == RoutingFormat.associationType && $0.string("associeted_id") == target.id
        }
        guard !existing else {
            throw EditError("\(document.shortID(node.id)) is already associated with \(target.described(in: document))", argument: "REF")
        }
        let id = ids.next()
        let association = Feature(
            id: id, featureType: RoutingFormat.associationType, geometry: nil,
            properties: ["pathNode_id": .string(node.id), "associeted_id": .string(target.id)])
        return Patch(
            label: "associate node \(document.shortID(node.id)) with \(target.described(in: document))",
            changes: [.create(association, in: RoutingFormat.associationCollection(document), at: nil)], mintedIDs: [id])
    }
}
