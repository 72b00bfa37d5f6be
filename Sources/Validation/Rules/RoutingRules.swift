// N1, N2: the routing graph of the navPath extension (PRODUCT.md section 4): path nodes list the
// ids of the nodes reachable from them in `neighbours`. A neighbour that does not exist is an
// error; a link whose reverse is missing is a one-way link (a warning: the editor links both ways
// unless asked for `oneway`). N3 (a node outside its level) is spatial: SpatialRules.

import IMDF

extension FindingCode {
    public static let N1 = FindingCode(
        "N1", .error, "path node lists a neighbour that does not exist",
        explanation: """
            a path node lists a neighbour that does not exist; a check of ours: the routing graph is an extension Apple's validator does \
            not read
            """,
        repair: "`unlink`")
    public static let N2 = FindingCode(
        "N2", .warning, "one-way link between path nodes",
        explanation: """
            a link between path nodes has no link back (one-way); a check of ours: the routing graph is an extension Apple's validator \
            does not read
            """,
        repair: "`link A B`")
}

enum RoutingRules {
    static let declarations = RuleDeclarations(codes: [.N1, .N2])

    /// Whether `collection` is a file of the routing graph: path nodes, or their associations.
    static func isRoutingCollection(_ collection: FeatureCollection) -> Bool {
        [RoutingExtension.nodeFile, RoutingExtension.associationFile].contains(collection.fileName)
            || collection.features.contains {
                [RoutingExtension.nodeType, RoutingExtension.associationType].contains($0.featureType)
                    || $0.properties[RoutingExtension.neighbours] != nil
            }
    }

    /// The extension collections that hold path nodes.
    static func nodeCollections(_ archive: IMDFArchive) -> [FeatureCollection] {
        archive.extensions.filter { collection in
            collection.features.contains {
                $0.featureType == RoutingExtension.nodeType || $0.properties[RoutingExtension.neighbours] != nil
            }
        }
    }

    static func check(_ context: ValidationContext) -> [Finding] {
        var findings: [Finding] = []
        for collection in nodeCollections(context.archive) {
            let file = collection.sourceFileName ?? collection.fileName
            var links = Set<[String]>()
            var nodes: [String: Feature] = [:]
            for node in collection.features { nodes[node.id] = node }
            for node in collection.features {
                for neighbour in node.strings(RoutingExtension.neighbours) ?? [] {
                    guard nodes[neighbour] != nil else {
                        findings.append(
                            Finding(
                                .N1, "path node \(context.short(node.id)) lists neighbour \(neighbour), which does not exist",
                                feature: node, file: file, fix: Fix("unlink it", repair: .unlink(node.id, neighbour))))
                        continue
                    }
                    links.insert([node.id, neighbour])
                }
            }
            for link in links.sorted(by: { $0.lexicographicallyPrecedes($1) }) where !links.contains([link[1], link[0]]) {
                let node = nodes[link[0]]!
                findings.append(
                    Finding(
                        .N2, "path node \(context.short(link[0])) links to \(context.short(link[1])), which does not link back",
                        feature: node, file: file, location: node.geometry.flatMap(SpatialRules.coordinate),
                        fix: Fix("link both ways", repair: .link(link[0], link[1]))))
            }
        }
        return findings
    }
}
