// Layers for each role: the globs the user gave, or the conventions and the content.

import Foundation
import HelperProtocol

enum LayerChoice {
    static func choose(_ entities: [DrawingEntity], given: [LayerRole: [String]], path: String) throws(InterchangeError) -> [LayerRole:
        [String]]
    {
        var kinds: [String: [String: Int]] = [:]
        for entity in entities { kinds[entity.layer, default: [:]][entity.kindName, default: 0] += 1 }
        let names = kinds.keys.sorted()
        func has(_ layer: String, _ kind: String) -> Bool { (kinds[layer]?[kind] ?? 0) > 0 }
        func listing() -> String {
            names.map { name in
                "\(name) (\(kinds[name]!.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", ")))"
            }
            .joined(separator: "; ")
        }
        var chosen: [LayerRole: [String]] = [:]
        for role in LayerRole.allCases {
            if let globs = given[role], !globs.isEmpty {
                var matched: [String] = []
                for glob in globs {
                    let hits = names.filter { fnmatch(glob.lowercased(), $0.lowercased(), 0) == 0 }
                    guard !hits.isEmpty else {
                        throw InterchangeError("\(role.rawValue)-layer \(glob): no layer of \(path) matches; its layers: \(listing())")
                    }
                    matched += hits.filter { !matched.contains($0) }
                }
                chosen[role] = matched
                continue
            }
            switch role {
            case .rooms:
                chosen[role] = names.filter { name in
                    (has(name, "closed polylines") || has(name, "hatches"))
                        && (LayerConventions.named(name, .rooms)
                            || (LayerConventions.looksLikeRoomNumber(name) && !LayerConventions.isDefault(name)))
                }
            case .walls:
                chosen[role] = names.filter {
                    !LayerConventions.isDefault($0) && LayerConventions.named($0, .walls)
                        && (has($0, "lines") || has($0, "closed polylines"))
                }
            case .doors:
                chosen[role] = names.filter { LayerConventions.named($0, .doors) }
            case .text:
                let named = names.filter { LayerConventions.named($0, .text) && has($0, "texts") }
                chosen[role] = named.isEmpty ? names.filter { has($0, "texts") && !LayerConventions.isClutter($0) } : named
            }
        }
        if chosen[.rooms]!.isEmpty && chosen[.walls]!.isEmpty {
            throw InterchangeError(
                "\(path): no layer looks like rooms (closed outlines) or walls; say which with --rooms-layer or --walls-layer. Its layers: \(listing())"
            )
        }
        return chosen
    }
}
