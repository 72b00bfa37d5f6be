// `import dxf FILE --list`: what a drawing holds, layer by layer, to choose layers by.

import Geometry
import HelperProtocol

extension DrawingListing {
    public init(_ drawing: Drawing) {
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
        let layers = byLayer.values.sorted { $0.name < $1.name }
        self.init(
            path: drawing.path, header: drawing.header, layers: layers, extent: layers.reduce(Bounds.empty) { $0.union($1.bounds) },
            paperSpaceEntities: drawing.entities.filter(\.paperSpace).count, blocks: drawing.blocks.keys.sorted())
    }
}
