// `unlink N1 N2`: removes the link between two path nodes, both directions.

import IMDF

public struct Unlink: EditCommand {
    public var first: String
    public var second: String

    public init(_ first: String, _ second: String) {
        self.first = first
        self.second = second
    }

    public func plan(_ document: Document, ids: inout IDSource) throws(EditError) -> Patch {
        let a = try RoutingFormat.requireNode(first, document, argument: "N1")
        let b = try RoutingFormat.requireNode(second, document, argument: "N2")
        var changes: [Change] = []
        for (node, other) in [(a, b), (b, a)] {
            let neighbours = node.strings(RoutingExtension.neighbours) ?? []
            guard neighbours.contains(other.id) else { continue }
            var after = node
            after.setStrings(RoutingExtension.neighbours, neighbours.filter { $0 != other.id })
            changes.append(.modify(before: node, after: after))
        }
        guard !changes.isEmpty else {
            throw EditError("\(document.shortID(a.id)) and \(document.shortID(b.id)) are not linked", argument: "N2")
        }
        return Patch(label: "unlink \(document.shortID(a.id)) - \(document.shortID(b.id))", changes: changes)
    }
}
