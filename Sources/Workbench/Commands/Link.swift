// `link N1 N2 [N3...] [oneway] [weight=W]`: links consecutive path nodes. Both directions unless
// `oneway`: each node is added to the other's `neighbours`. The routing format weights nodes, not
// links (a route pays a node's weight for every metre of the step into it), so `weight` sets the
// weight of the chain's nodes. Refuses a node linked to itself, a node that is not a path node,
// and a link that already exists in every direction asked for.

import IMDF

public struct Link: EditCommand {
    public var nodes: [String]
    public var oneway: Bool
    public var weight: Double?

    public init(_ nodes: [String], oneway: Bool = false, weight: Double? = nil) {
        self.nodes = nodes
        self.oneway = oneway
        self.weight = weight
    }

    public func plan(_ document: Document, ids: inout IDSource) throws(EditError) -> Patch {
        guard nodes.count >= 2 else { throw EditError("link needs at least two nodes", argument: "N2") }
        var current: [String: Feature] = [:]
        var originals: [String: Feature] = [:]
        var order: [String] = []
        for (number, id) in nodes.enumerated() {
            let node = try RoutingFormat.requireNode(id, document, argument: "N\(number + 1)")
            if originals[node.id] == nil {
                originals[node.id] = node
                current[node.id] = node
                order.append(node.id)
            }
        }
        var added = 0
        for (a, b) in zip(nodes, nodes.dropFirst()) {
            guard a != b else { throw EditError("a node cannot be linked to itself (\(a.prefix(8)))", argument: "N2") }
            for (from, to) in oneway ? [(a, b)] : [(a, b), (b, a)] {
                var node = current[from]!
                var neighbours = node.strings(RoutingExtension.neighbours) ?? []
                guard !neighbours.contains(to) else { continue }
                neighbours.append(to)
                node.setStrings(RoutingExtension.neighbours, neighbours)
                current[from] = node
                added += 1
            }
        }
        if let weight {
            guard weight.isFinite, weight > 0, let number = JSONNumber(weight) else {
                throw EditError("weight must be a positive number", argument: "weight")
            }
            for id in order where current[id]!.property(RoutingExtension.weight)?.doubleValue != weight {
                current[id]!.setProperty(RoutingExtension.weight, .number(number))
                added += 1
            }
        }
        guard added > 0 else {
            throw EditError(
                "\(nodes.map { document.shortID($0) }.joined(separator: " - ")) \(nodes.count == 2 ? "is" : "are") already linked",
                argument: "N1")
        }
        let changes = order.compactMap { id -> Change? in
            current[id] == originals[id] ? nil : .modify(before: originals[id]!, after: current[id]!)
        }
        return Patch(
            label: "link " + nodes.map { document.shortID($0) }.joined(separator: " - ") + (oneway ? " (one way)" : ""), changes: changes)
    }
}
