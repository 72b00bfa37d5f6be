// `add node at X,Y [link=REF|nearest] [category=C]`: a path node (a routing-graph vertex) on a
// level, optionally linked both ways to another node at once.

import Geometry
import IMDF

public struct AddNode: EditCommand {
    public enum LinkTarget: Sendable, Equatable {
        case none
        case node(String)
        /// The nearest node on the same level.
        case nearest
    }

    public var position: Position
    public var levelID: String
    public var link: LinkTarget
    public var tags: [String]
    /// Whether the node may stand more than a metre outside its level (`--outside`).
    public var allowOutside: Bool

    public init(at position: Position, levelID: String, link: LinkTarget = .none, tags: [String] = [], allowOutside: Bool = false) {
        self.allowOutside = allowOutside
        self.position = position
        self.levelID = levelID
        self.link = link
        self.tags = tags
    }

    public func plan(_ document: Document, ids: inout IDSource) throws(EditError) -> Patch {
        let level = try document.require(levelID, as: .level, argument: "level")
        try LevelOutline.check(.point(position), levelID: level.id, document, allowOutside: allowOutside, argument: "at")
        let id = ids.next()
        var properties = JSONObject()
        properties.append(key: PropertyKey.levelID.rawValue, value: .string(level.id))
        properties.append(
            key: RoutingFormat.buildingKey(document), value: (level.strings(.buildingIDs)?.first).map(JSONValue.string) ?? .null)
        properties.append(key: RoutingExtension.neighbours, value: [])
        properties.append(key: RoutingExtension.weight, value: .number(JSONNumber(text: "1.0")!))
        properties.append(key: RoutingExtension.tags, value: .array(tags.map(JSONValue.string)))
        var node = Feature(id: id, featureType: RoutingFormat.nodeType, geometry: .point(position), properties: properties)
        var changes: [Change] = []
        let other: Feature?
        switch link {
        case .none: other = nil
        case .node(let otherID): other = try RoutingFormat.requireNode(otherID, document, argument: "link")
        case .nearest:
            other = RoutingFormat.nearestNode(to: position, onLevel: level.id, document)
            if other == nil {
                throw EditError("link=nearest: there is no other node on \(level.described(in: document))", argument: "link")
            }
        }
        if let other {
            node.setStrings(RoutingExtension.neighbours, [other.id])
            var linked = other
            linked.setStrings(RoutingExtension.neighbours, (other.strings(RoutingExtension.neighbours) ?? []) + [id])
            changes.append(.modify(before: other, after: linked))
        }
        changes.insert(.create(node, in: RoutingFormat.nodeCollection(document), at: nil), at: 0)
        return Patch(
            label: "add node \(document.shortID(id)) on \(level.described(in: document))"
                + (other.map { " linked to \(document.shortID($0.id))" } ?? ""), changes: changes, mintedIDs: [id])
    }
}
