// The names of the routing-graph extension (PRODUCT.md section 4), written once: path nodes in
// `navPath.geojson` (Point; `level_id`, `builing_id` [sic], `neighbours`, `weight`, `tags`) and
// associations in `navPathAssocieted.geojson` (`pathNode_id`, `associeted_id` [sic]). They are
// not IMDF's; the reader keeps them as extension collections, and editing and validation agree
// on them through these names.

public enum RoutingExtension {
    public static let nodeType = "navPath"
    public static let associationType = "navPathAssocieted"
    public static let nodeFile = nodeType + ".geojson"
    public static let associationFile = associationType + ".geojson"

    /// A node's properties.
    public static let neighbours = "neighbours"
    public static let weight = "weight"
    public static let tags = "tags"
}
