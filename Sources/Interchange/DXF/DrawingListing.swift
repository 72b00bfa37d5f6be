// `import dxf FILE --list`: what a drawing holds, layer by layer, to choose layers by.

import Geometry

public struct DrawingListing: Sendable {
    public struct Layer: Sendable, Equatable {
        public var name: String
        /// Entities by kind ("lines", "closed polylines", "texts", ...).
        public var counts: [String: Int]
        public var bounds: Bounds
        /// The roles the importer would give it by convention, and whether it counts as clutter.
        public var roles: [LayerRole]
        public var clutter: Bool
    }

    public var path: String
    public var header: DrawingHeader
    public var layers: [Layer]
    /// Model space's extent, in drawing units.
    public var extent: Bounds
    public var paperSpaceEntities: Int
    public var blocks: [String]

    public init(_ drawing: Drawing) {
        path = drawing.path
        header = drawing.header
        var byLayer: [String: Layer] = [:]
        for entity in drawing.entities where !entity.paperSpace {
            var layer =
                byLayer[entity.layer]
                ?? Layer(
                    name: entity.layer, counts: [:], bounds: .empty,
                    roles: LayerRole.allCases.filter { LayerConventions.named(entity.layer, $0) },
                    clutter: LayerConventions.isClutter(entity.layer))
            layer.counts[entity.kindName, default: 0] += 1
            layer.bounds = layer.bounds.union(entity.shape.bounds)
            byLayer[entity.layer] = layer
        }
        layers = byLayer.values.sorted { $0.name < $1.name }
        extent = layers.reduce(Bounds.empty) { $0.union($1.bounds) }
        paperSpaceEntities = drawing.entities.filter(\.paperSpace).count
        blocks = drawing.blocks.keys.sorted()
    }
}
