// `delete REF [--cascade]`: removes a feature. Refuses while other features refer to it, listing
// them; `--cascade` removes those too (and what refers to them), in the same undo step. Links of
// the routing graph are not dependants: deleting a path node takes it out of every neighbour list,
// and its destination associations go with it.

import IMDF

public struct Delete: EditCommand {
    public var target: String
    public var cascade: Bool

    public init(_ target: String, cascade: Bool = false) {
        self.target = target
        self.cascade = cascade
    }

    public func plan(_ document: Document, ids: inout IDSource) throws(EditError) -> Patch {
        let root = try document.require(target, argument: "REF")
        var doomed: [String] = []
        var seen = Set<String>()
        var queue = [root.id]
        while let id = queue.popLast() {
            guard seen.insert(id).inserted else { continue }
            doomed.append(id)
            for referrer in document.referrers(of: id).sorted() where !seen.contains(referrer) {
                guard let dependant = document.feature(referrer) else { continue }
                switch Self.relation(of: dependant, to: id) {
                case .neighbourOnly: continue
                case .association: queue.append(referrer)
                case .reference:
                    guard cascade else { throw refusal(root, document) }
                    queue.append(referrer)
                }
            }
        }
        let doomedSet = Set(doomed)
        var changes: [Change] = []
        // Neighbour lists that name a deleted node lose it.
        var unlinked = Set<String>()
        for id in doomed {
            for referrer in document.referrers(of: id).sorted() where !doomedSet.contains(referrer) && !unlinked.contains(referrer) {
                guard let node = document.feature(referrer), let neighbours = node.strings(RoutingExtension.neighbours) else { continue }
                let kept = neighbours.filter { !doomedSet.contains($0) }
                guard kept.count != neighbours.count else { continue }
                var after = node
                after.setStrings(RoutingExtension.neighbours, kept)
                changes.append(.modify(before: node, after: after))
                unlinked.insert(referrer)
            }
        }
        for id in doomed.reversed() {
            guard let entry = document.entry(id) else { continue }
            changes.append(.delete(entry.feature, from: entry.collection, at: entry.order))
        }
        let extra = doomed.count - 1
        return Patch(
            label: "delete \(root.described(in: document))" + (extra > 0 ? " and \(extra) dependant\(extra == 1 ? "" : "s")" : ""),
            changes: changes)
    }

    enum Relation {
        /// A path node that lists the id among its neighbours and names it nowhere else.
        case neighbourOnly
        /// A destination association (navPathAssocieted), which means nothing without either end.
        case association
        case reference
    }

    static func relation(of referrer: Feature, to id: String) -> Relation {
        if referrer.featureType == RoutingExtension.associationType { return .association }
        var withoutNeighbours = referrer
        withoutNeighbours.removeProperty(RoutingExtension.neighbours)
        return References.targets(of: withoutNeighbours).contains(id) ? .reference : .neighbourOnly
    }

    func refusal(_ root: Feature, _ document: Document) -> EditError {
        let listed = document.referrers(of: root.id).sorted().compactMap(document.feature).filter {
            Self.relation(of: $0, to: root.id) == .reference
        }
        let names = listed.prefix(10).map({ $0.described(in: document) }).joined(separator: ", ") + (listed.count > 10 ? ", ..." : "")
        return EditError(
            "\(root.described(in: document)) is referred to by \(listed.count) feature\(listed.count == 1 ? "" : "s"): \(names); "
                + "delete with --cascade to remove them too", argument: "REF")
    }
}
