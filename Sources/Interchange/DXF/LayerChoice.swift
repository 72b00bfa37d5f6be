// Layers for each role: the globs the user gave; else the conventions names follow; else what
// the layers hold. Real drawings often name nothing: every wall on layer `0`, layers `LAYER1` to
// `LAYER37`, or a national code (`A-210 G - Existing Structure`) - so a layer's content decides
// when no name does: closed outlines most of which hold a text are rooms; the layer with the most
// linework is the walls. Each choice carries the reason, which --list and the report print.

import Foundation
import Geometry
import HelperProtocol

enum LayerChoice {
    struct Decision {
        var roles: [LayerRole: [String]]
        /// Why a layer has its role (or is left out by its content), for layers chosen by content.
        var reasons: [String: String]
        /// Layers left out as dimensions by their content: clutter in --list.
        var dimensions: Set<String>
        /// Wall layers chosen by what they hold, no name or option saying so.
        var wallsByContent: Set<String> = []
    }

    /// What one layer holds, counted once.
    struct Content {
        var kinds: [String: Int] = [:]
        var outlines: [[Point]] = []
        var texts: [String] = []

        func count(_ kind: String) -> Int { kinds[kind] ?? 0 }
        /// Lines, arcs and closed polylines: what walls are drawn with.
        var linework: Int { count("lines") + count("arcs") + count("closed polylines") }
    }

    /// How many outlines of a layer are tested for a text inside (a sample: enough to judge).
    static let outlinesSampled = 400
    /// A room layer by content: this many closed outlines at least, and this share holding a text.
    static let fewestRoomOutlines = 3
    static let labelledShare = 0.5
    /// Labelled outlines this share of which are within this factor of their median area are a
    /// symbol's copies (tags), not rooms.
    static let tagShare = 0.8
    static let tagSizes = 1.25
    /// A dimension layer by content: as many texts as a tenth of its lines, and most of them
    /// numbers (GDAL draws a DIMENSION as lines and its measurement as a text).
    static let numericShare = 0.7
    /// A gross-area outline holds a room of at least this share of its area, and a gross-area
    /// layer has this share of its outlines around rooms of another room layer.
    static let grossShare = 0.6
    static let grossLayerShare = 0.7
    /// A layer whose name says nothing holding this many times the linework of the layers named
    /// for walls holds walls too.
    static let overlookedWalls = 3

    /// The mean of a ring's vertices: inside the room for the rooms this is asked of.
    static func centroid(_ ring: [Point]) -> Point {
        let points = ring.count > 1 && ring.first == ring.last ? Array(ring.dropLast()) : ring
        let count = Double(Swift.max(points.count, 1))
        return Point(x: points.reduce(0) { $0 + $1.x } / count, y: points.reduce(0) { $0 + $1.y } / count)
    }

    static func choose(_ entities: [DrawingEntity], given: [LayerRole: [String]], path: String) throws(InterchangeError) -> [LayerRole:
        [String]]
    {
        try decide(entities, given: given, path: path).roles
    }

    static func decide(_ entities: [DrawingEntity], given: [LayerRole: [String]], path: String) throws(InterchangeError) -> Decision {
        let given = given.filter { !$0.value.isEmpty }
        var contents: [String: Content] = [:]
        var textPoints: [Point] = []
        for entity in entities {
            contents[entity.layer, default: Content()].kinds[entity.kindName, default: 0] += 1
            switch entity.kind {
            case .closedLine, .area: contents[entity.layer]!.outlines += DXFImporter.outlines(entity)
            case .text(let text):
                contents[entity.layer]!.texts.append(text)
                if let point = entity.shape.points.first { textPoints.append(point) }
            default: break
            }
        }
        let names = contents.keys.sorted()
        func has(_ layer: String, _ kind: String) -> Bool { (contents[layer]?.count(kind) ?? 0) > 0 }
        func listing() -> String {
            names.map { name in
                "\(name) (\(contents[name]!.kinds.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", ")))"
            }
            .joined(separator: "; ")
        }
        var reasons: [String: String] = [:]
        let dimensions = Set(
            names.filter { name in !LayerRole.allCases.contains { LayerConventions.named(name, $0) } && isDimensions(contents[name]!) })
        for name in dimensions { reasons[name] = "dimensions (most of its texts are numbers)" }
        func leftOut(_ name: String) -> Bool {
            LayerConventions.isClutter(name) || dimensions.contains(name) || LabelKey.namesPeople(name)
        }

        var chosen: [LayerRole: [String]] = [:]
        var wallsByContent = Set<String>()
        for role in LayerRole.allCases {
            if let globs = given[role] {
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
                    (has(name, "closed polylines") || has(name, "hatches")) && !dimensions.contains(name)
                        && (LayerConventions.named(name, .rooms)
                            || (LayerConventions.looksLikeRoomNumber(name) && !LayerConventions.isDefault(name)
                                && !LayerConventions.isClutter(name))
                            || (RoomFunctions.namesRooms(name) && !LayerConventions.isClutter(name)))
                }
            case .walls:
                chosen[role] = names.filter {
                    !LayerConventions.isDefault($0) && LayerConventions.named($0, .walls) && !dimensions.contains($0)
                        && (has($0, "lines") || has($0, "closed polylines"))
                }
                // A layer named for one room (`BedRoom2`, `Kitchen`, `Staircase`) holding lines and
                // no outline draws that room's walls.
                for name in names where !chosen[role]!.contains(name) && !leftOut(name) && has(name, "lines") {
                    guard !has(name, "closed polylines"), !has(name, "hatches"), LayerConventions.namesARoom(name) else { continue }
                    chosen[role]!.append(name)
                    reasons[name] = "walls of the room its name says: lines and no closed outline"
                }
            case .doors:
                chosen[role] = names.filter { LayerConventions.named($0, .doors) && !dimensions.contains($0) }
            case .text:
                let named = names.filter {
                    LayerConventions.named($0, .text) && has($0, "texts") && !dimensions.contains($0) && !LabelKey.namesPeople($0)
                }
                chosen[role] = named.isEmpty ? names.filter { has($0, "texts") && !leftOut($0) } : named
            }
        }

        for name in chosen[.rooms]! where given[.rooms] == nil && !LayerConventions.named(name, .rooms) {
            if RoomFunctions.namesRooms(name), let category = RoomFunctions.category(of: name) {
                reasons[name] = "rooms by its name: \(category) rooms"
            }
        }

        /// Room layers left out as the gross areas around another's rooms.
        var gross = Set<String>()
        // Of two room layers, one whose outlines each enclose a room of the other is the gross
        // area around the rooms (建筑面积线 around 使用面积线, a unit's outline around its rooms).
        if given[.rooms] == nil, chosen[.rooms]!.count > 1 {
            let layers = chosen[.rooms]!
            for outer in layers {
                let others = layers.filter { $0 != outer && !gross.contains($0) }.flatMap { contents[$0]!.outlines }
                let rings = Array(contents[outer]!.outlines.prefix(outlinesSampled))
                guard !rings.isEmpty, !others.isEmpty else { continue }
                let enclosing = rings.filter { ring in
                    let area = abs(GeometryEngine.signedArea(ring))
                    guard let bounds = Bounds(points: ring), area > 0 else { return false }
                    return others.contains { inner in
                        guard let first = inner.first, bounds.contains(first) else { return false }
                        let innerArea = abs(GeometryEngine.signedArea(inner))
                        return innerArea >= grossShare * area && innerArea < area && contains(ring, centroid(inner))
                    }
                }.count
                if Double(enclosing) >= grossLayerShare * Double(rings.count) {
                    chosen[.rooms]!.removeAll { $0 == outer }
                    gross.insert(outer)
                    reasons[outer] = "gross areas: \(enclosing) of \(rings.count) outlines enclose a room of another room layer"
                }
            }
        }

        // By content, where no name told.
        if given[.rooms] == nil, chosen[.rooms]!.isEmpty, given[.walls] == nil {
            let index = SpatialIndex<Int>(engine: GeometryEngine())
            for (number, point) in textPoints.enumerated() {
                index.insert(Bounds(point: point), number)
            }
            for name in names
            where !leftOut(name) && ![LayerRole.walls, .doors, .text].contains(where: { LayerConventions.named(name, $0) }) {
                let outlines = contents[name]!.outlines
                guard outlines.count >= fewestRoomOutlines else { continue }
                let sample = Array(outlines.prefix(outlinesSampled))
                let labelledRings = sample.filter { ring in
                    guard let bounds = Bounds(points: ring) else { return false }
                    return index.query(bounds).contains { contains(ring, textPoints[$0]) }
                }
                let labelled = labelledRings.count
                if isTags(labelledRings) {
                    reasons[name] = "tags: \(labelled) closed outlines hold a text, nearly all of one size (a symbol's copies)"
                    continue
                }
                if Double(labelled) >= labelledShare * Double(sample.count) {
                    chosen[.rooms]!.append(name)
                    reasons[name] = "rooms by content: \(labelled) of \(sample.count) closed outlines hold a text"
                }
            }
        }
        if given[.walls] == nil, chosen[.walls]!.isEmpty, chosen[.rooms]!.isEmpty || given[.rooms] == nil {
            let rooms = Set(chosen[.rooms]!)
            let candidates = names.filter {
                !leftOut($0) && !rooms.contains($0) && !(chosen[.doors] ?? []).contains($0) && contents[$0]!.linework > 0
                    && !gross.contains($0)
            }
            if let dominant = candidates.max(by: { contents[$0]!.linework < contents[$1]!.linework }) {
                let count = contents[dominant]!.linework
                // One layer when it holds most of the linework; those of a similar size with it.
                let walls = candidates.filter { contents[$0]!.linework * 2 >= count }
                chosen[.walls] = walls
                wallsByContent = Set(walls)
                for name in walls {
                    reasons[name] =
                        "walls by content: \(contents[name]!.linework) lines, arcs and outlines\(name == dominant ? ", the most of any layer" : ""); no layer is named for walls"
                }
            }
        }
        // Layers named for walls that hold a fraction of the drawing's linework: the rest of the
        // walls are on a layer whose name says nothing (layer 0), which has several times as much.
        if given[.walls] == nil, !chosen[.walls]!.isEmpty, wallsByContent.isEmpty {
            let named = chosen[.walls]!.reduce(0) { $0 + contents[$1]!.linework }
            let rooms = Set(chosen[.rooms]!)
            let unnamed = names.filter { name in
                !leftOut(name) && !rooms.contains(name) && !chosen[.walls]!.contains(name) && !(chosen[.doors] ?? []).contains(name)
                    && !gross.contains(name) && !LayerRole.allCases.contains { LayerConventions.named(name, $0) }
            }
            if let dominant = unnamed.max(by: { contents[$0]!.linework < contents[$1]!.linework }),
                contents[dominant]!.linework >= Self.overlookedWalls * Swift.max(named, 1)
            {
                chosen[.walls]!.append(dominant)
                wallsByContent.insert(dominant)
                reasons[dominant] =
                    "walls by content: \(contents[dominant]!.linework) lines, arcs and outlines, \(contents[dominant]!.linework / Swift.max(named, 1)) times the \(named) on the layers named for walls"
            }
        }
        if chosen[.rooms]!.isEmpty && chosen[.walls]!.isEmpty {
            throw InterchangeError(
                "\(path): no layer looks like rooms (closed outlines) or walls; say which with --rooms-layer or --walls-layer. Its layers: \(listing())"
            )
        }
        return Decision(roles: chosen, reasons: reasons, dimensions: dimensions, wallsByContent: wallsByContent)
    }

    /// Whether labelled outlines are copies of one symbol - the circles and hexagons of door and
    /// window tags - rather than rooms: nearly all regular polygons of five corners or more (a
    /// circle is one of many), within `tagSizes` of their median area. A row of equal rooms is
    /// drawn with rectangles.
    static func isTags(_ rings: [[Point]]) -> Bool {
        guard rings.count >= fewestRoomOutlines else { return false }
        let areas = rings.map { abs(GeometryEngine.signedArea($0)) }.sorted()
        let median = areas[areas.count / 2]
        guard median > 0 else { return false }
        let alike = rings.filter { ring in
            let area = abs(GeometryEngine.signedArea(ring))
            return area <= median * tagSizes && area * tagSizes >= median && isRegular(ring)
        }.count
        return Double(alike) >= tagShare * Double(rings.count)
    }

    /// A regular polygon of five corners or more: every corner as far from the middle, and every
    /// side as long, within 5%.
    static func isRegular(_ ring: [Point]) -> Bool {
        let corners = ring.count > 1 && ring.first == ring.last ? Array(ring.dropLast()) : ring
        guard corners.count >= 5 else { return false }
        let middle = centroid(ring)
        let radii = corners.map { $0.distance(to: middle) }
        let sides = zip(corners, corners.dropFirst() + [corners[0]]).map { $0.distance(to: $1) }
        func even(_ values: [Double]) -> Bool {
            guard let least = values.min(), let most = values.max(), most > 0 else { return false }
            return least >= most * 0.95
        }
        return even(radii) && even(sides)
    }

    /// Whether most of a layer's texts are numbers and it holds lines for them: a dimension layer.
    static func isDimensions(_ content: Content) -> Bool {
        let texts = content.texts
        guard texts.count >= 3, texts.count * 10 >= content.count("lines") else { return false }
        let numeric = texts.filter { text in
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            return !trimmed.isEmpty && trimmed.allSatisfy { $0.isNumber || ".,'\"-+/ ±°xX×".contains($0) }
                && trimmed.contains(where: \.isNumber)
        }.count
        return Double(numeric) >= numericShare * Double(texts.count)
    }

    /// Even-odd ray casting: whether `point` is inside the closed `ring`. Written here for the
    /// sampling above, which tests thousands of points against rings that are not yet polygons
    /// GEOS would accept (self-touching, unclosed by a hair).
    static func contains(_ ring: [Point], _ point: Point) -> Bool {
        var inside = false
        var previous = ring[ring.count - 1]
        for current in ring {
            if (current.y > point.y) != (previous.y > point.y),
                point.x < (previous.x - current.x) * (point.y - current.y) / (previous.y - current.y) + current.x
            {
                inside.toggle()
            }
            previous = current
        }
        return inside
    }
}
