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
        // The roles an import without options would give, with why where the content decided.
        if let decision = try? LayerChoice.decide(
            drawing.entities.filter { !$0.paperSpace }, given: [:], path: drawing.path)
        {
            for name in byLayer.keys {
                let roles = LayerRole.allCases.filter { decision.roles[$0]?.contains(name) == true }
                byLayer[name]!.roles = roles
                byLayer[name]!.why = decision.reasons[name]
                if decision.dimensions.contains(name) { byLayer[name]!.clutter = true }
            }
        }
        let layers = byLayer.values.sorted { $0.name < $1.name }
        self.init(
            path: drawing.path, header: drawing.header, layers: layers, extent: layers.reduce(Bounds.empty) { $0.union($1.bounds) },
            paperSpaceEntities: drawing.entities.filter(\.paperSpace).count, blocks: drawing.blocks.keys.sorted())
    }
}
