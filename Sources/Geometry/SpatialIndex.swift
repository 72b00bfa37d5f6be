// "Which items touch this box" in O(log n), on a GEOS STRtree.

import CGEOS

/// Items by bounding box. GEOS packs its STRtree on the first query and refuses inserts after
/// that, so an insert after a query throws the tree away and the next query rebuilds it from the
/// entries kept here: correct, but build everything first when you can.
public final class SpatialIndex<Item> {
    private let engine: GeometryEngine
    private var entries: [(bounds: Bounds, item: Item)] = []
    private var tree: OpaquePointer?
    /// Whether the tree has been queried, and so packed.
    private var packed = false

    public init(engine: GeometryEngine) { self.engine = engine }

    deinit { discardTree() }

    public func insert(_ bounds: Bounds, _ item: Item) {
        entries.append((bounds, item))
        if packed { discardTree() }
        if let tree { add(entries.count - 1, to: tree) }
    }

    /// The items whose boxes intersect `bounds` (touching counts), in insertion order.
    public func query(_ bounds: Bounds) -> [Item] {
        guard !bounds.isEmpty, let tree = builtTree(), let probe = engine.context.envelope(bounds) else { return [] }
        packed = true
        var found: [Int] = []
        withUnsafeMutablePointer(to: &found) { found in
            GEOSSTRtree_query_r(
                engine.handle, tree, probe.pointer,
                { item, userdata in
                    guard let userdata else { return }
                    // Items are indexes into `entries`, offset by one because a null item is no item.
                    userdata.assumingMemoryBound(to: [Int].self).pointee.append(Int(bitPattern: item) - 1)
                }, found)
        }
        return found.sorted().map { entries[$0].item }
    }

    private func builtTree() -> OpaquePointer? {
        if let tree { return tree }
        guard let made = GEOSSTRtree_create_r(engine.handle, 10) else { return nil }
        tree = made
        for index in entries.indices { add(index, to: made) }
        return made
    }

    private func add(_ index: Int, to tree: OpaquePointer) {
        // The tree copies the envelope, so the geometry can go right away.
        guard !entries[index].bounds.isEmpty, let envelope = engine.context.envelope(entries[index].bounds) else { return }
        GEOSSTRtree_insert_r(engine.handle, tree, envelope.pointer, UnsafeMutableRawPointer(bitPattern: index + 1))
    }

    private func discardTree() {
        if let tree { GEOSSTRtree_destroy_r(engine.handle, tree) }
        tree = nil
        packed = false
    }
}

@available(*, unavailable, message: "a GEOS context must stay on one thread")
extension SpatialIndex: Sendable {}
