// Where the routing graph's features go (its names: IMDF's RoutingExtension). Existing archives
// keep their own key spellings; new nodes copy the keys an existing node uses.

import IMDF

public enum RoutingFormat {
    public static let nodeType = RoutingExtension.nodeType
    static let associationType = RoutingExtension.associationType
    static let nodeFile = CollectionKey.extension(RoutingExtension.nodeFile)
    static let associationFile = CollectionKey.extension(RoutingExtension.associationFile)

    static func isNode(_ feature: Feature) -> Bool { feature.featureType == nodeType }

    /// The path node of `levelID` nearest `position`, other than those in `excluding`.
    public static func nearestNode(to position: Position, onLevel levelID: String, excluding: Set<String> = [], _ document: Document)
        -> Feature?
    {
        let projector = document.projector(near: position)
        let here = projector.point(position)
        return document.features(onLevel: levelID).filter { isNode($0) && !excluding.contains($0.id) }.min { a, b in
            guard case .point(let pa)? = a.geometry, case .point(let pb)? = b.geometry else { return false }
            return projector.point(pa).distance(to: here) < projector.point(pb).distance(to: here)
        }
    }

    static func requireNode(_ id: String, _ document: Document, argument: String) throws(EditError) -> Feature {
        let node = try document.require(id, argument: argument)
        guard isNode(node) else { throw EditError("\(argument): \(node.described(in: document)) is not a path node", argument: argument) }
        return node
    }

    /// The collection path nodes live in: the one an existing node is in, else navPath.geojson.
    static func nodeCollection(_ document: Document) -> CollectionKey {
        document.indexes.byType[nodeType]?.first.flatMap(document.collection(of:)) ?? nodeFile
    }

    static func associationCollection(_ document: Document) -> CollectionKey {
        document.indexes.byType[associationType]?.first.flatMap(document.collection(of:)) ?? associationFile
    }

    /// The building key as this archive spells it.
    static func buildingKey(_ document: Document) -> String {
        if let id = document.indexes.byType[nodeType]?.first, let node = document.feature(id), node.properties.contains(key: "builing_id") {
            return "builing_id"
        }
        return "building_id"
    }
}
