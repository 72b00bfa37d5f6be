// A DXF drawing as GDAL reads it: model-space entities with their CAD layer, and the block
// definitions that door inserts refer to.

import Foundation
import Geometry
import HelperProtocol

public struct DrawingEntity: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// LINE, open polylines, splines: linework.
        case line
        /// A circular arc (ARC, or a polyline that is one): a door swing, typically.
        case arc(Arc)
        /// A closed polyline or a circle: a room outline, a column, a table.
        case closedLine
        /// HATCH and SOLID: filled areas.
        case area
        /// TEXT or MTEXT, with GDAL's translation of MTEXT's paragraph codes.
        case text(String)
        /// INSERT of a block, placed by its insertion point, rotation and scale.
        case insert(BlockInsert)
        case point
    }

    /// The members, shared by the copies of an entity until one of them is changed: an import
    /// copies each entity several times over (the drawing's, the ones kept, each role's, in
    /// metres), and copying the members one by one retained each of its strings and arrays -
    /// a twentieth of importing a drawing. Shared, a copy is one retain. They are read in place
    /// through their address, so that reading a member retains neither the buffer nor it.
    private final class Members: ManagedBuffer<Fields, Void> {
        static func make(_ fields: Fields) -> Members {
            unsafeDowncast(create(minimumCapacity: 0) { _ in fields }, to: Members.self)
        }

        /// Where the members lie, for as long as the buffer lives.
        var fields: UnsafeMutablePointer<Fields> { withUnsafeMutablePointerToHeader { $0 } }
    }

    private struct Fields: Equatable {
        var layer: String
        var kind: Kind
        var shape: Shape
        var paperSpace: Bool
        var handle: String?
        var block: String?
        var textHeight: Double?
    }

    // Unchecked for sending: the members are changed only through an entity that holds the one
    // reference to them (`unique()`), so no two threads ever see them changed.
    nonisolated(unsafe) private var members: Members

    /// The members, unshared first where another copy holds them too.
    private mutating func unique() -> UnsafeMutablePointer<Fields> {
        if !isKnownUniquelyReferenced(&members) { members = Members.make(members.fields.pointee) }
        return members.fields
    }

    public var layer: String {
        unsafeAddress { UnsafePointer(members.fields.pointer(to: \.layer)!) }
        _modify { yield &unique().pointee.layer }
    }
    public var kind: Kind {
        unsafeAddress { UnsafePointer(members.fields.pointer(to: \.kind)!) }
        _modify { yield &unique().pointee.kind }
    }
    public var shape: Shape {
        unsafeAddress { UnsafePointer(members.fields.pointer(to: \.shape)!) }
        _modify { yield &unique().pointee.shape }
    }
    public var paperSpace: Bool {
        unsafeAddress { UnsafePointer(members.fields.pointer(to: \.paperSpace)!) }
        _modify { yield &unique().pointee.paperSpace }
    }
    /// The entity's handle in the file (hexadecimal), to name it in messages.
    public var handle: String? {
        unsafeAddress { UnsafePointer(members.fields.pointer(to: \.handle)!) }
        _modify { yield &unique().pointee.handle }
    }
    /// The block it was drawn by, when an insert was replaced by its block's entities (the
    /// innermost, where blocks nest): a window block's lines say they are a window.
    public var block: String? {
        unsafeAddress { UnsafePointer(members.fields.pointer(to: \.block)!) }
        _modify { yield &unique().pointee.block }
    }
    /// A text's height in drawing units, where the file gives it: what the drawing's unit is
    /// judged by beside rooms and doors.
    public var textHeight: Double? {
        unsafeAddress { UnsafePointer(members.fields.pointer(to: \.textHeight)!) }
        _modify { yield &unique().pointee.textHeight }
    }

    public init(
        layer: String, kind: Kind, shape: Shape, paperSpace: Bool = false, handle: String? = nil, textHeight: Double? = nil
    ) {
        members = Members.make(
            Fields(layer: layer, kind: kind, shape: shape, paperSpace: paperSpace, handle: handle, block: nil, textHeight: textHeight))
    }

    public static func == (lhs: DrawingEntity, rhs: DrawingEntity) -> Bool {
        lhs.members === rhs.members || lhs.members.fields.pointee == rhs.members.fields.pointee
    }

    /// The entity as a message names it: `entity 1F on layer A-WALL`.
    public var described: String { "entity \(handle ?? "without a handle") on layer \(layer)" }

    /// The kind's name for listings.
    public var kindName: String {
        switch kind {
        case .line: "lines"
        case .arc: "arcs"
        case .closedLine: "closed polylines"
        case .area: "hatches"
        case .text: "texts"
        case .insert: "blocks"
        case .point: "points"
        }
    }

    /// The entity with every coordinate mapped by `transform` (units to metres, a block's insert).
    func mapped(_ transform: (Point) -> Point, scale: Double) -> DrawingEntity {
        var fields = members.fields.pointee
        fields.shape = shape.mapped(transform)
        fields.textHeight = textHeight.map { $0 * scale }
        switch kind {
        case .arc(let arc):
            fields.kind = .arc(
                Arc(centre: transform(arc.centre), radius: arc.radius * scale, ends: (transform(arc.ends.0), transform(arc.ends.1))))
        case .insert(var insert):
            insert.position = transform(insert.position)
            fields.kind = .insert(insert)
        default: break
        }
        var copy = self
        copy.members = Members.make(fields)
        return copy
    }
}

/// A circle's piece: its centre, radius and the two ends as drawn.
public struct Arc: Sendable, Equatable {
    public var centre: Point
    public var radius: Double
    public var ends: (Point, Point)

    public init(centre: Point, radius: Double, ends: (Point, Point)) {
        self.centre = centre
        self.radius = radius
        self.ends = ends
    }

    public static func == (lhs: Arc, rhs: Arc) -> Bool {
        lhs.centre == rhs.centre && lhs.radius == rhs.radius && lhs.ends.0 == rhs.ends.0 && lhs.ends.1 == rhs.ends.1
    }

    /// Whether it turns about a quarter circle (60 to 120 degrees between its ends, seen from
    /// the centre), as a door's swing does.
    public var isQuarter: Bool {
        let a = Point(x: ends.0.x - centre.x, y: ends.0.y - centre.y)
        let b = Point(x: ends.1.x - centre.x, y: ends.1.y - centre.y)
        let angle = atan2(abs(a.x * b.y - a.y * b.x), a.x * b.x + a.y * b.y) * 180 / .pi
        return (60...120).contains(angle)
    }

    /// The arc through a polyline's points, when they all lie on one circle (within a hundredth of
    /// its radius) and turn one way: GDAL hands arcs over as polylines, and drawings from older
    /// versions carry no entity subclass to tell an arc from a polyline.
    public static func fitted(to points: [Point]) -> Arc? {
        guard points.count >= 5, let first = points.first, let last = points.last, first != last else { return nil }
        let middle = points[points.count / 2]
        guard let centre = circumcentre(first, middle, last) else { return nil }
        let radius = centre.distance(to: first)
        guard radius > 0, radius.isFinite, points.allSatisfy({ abs($0.distance(to: centre) - radius) <= radius / 100 }) else { return nil }
        return Arc(centre: centre, radius: radius, ends: (first, last))
    }

    static func circumcentre(_ a: Point, _ b: Point, _ c: Point) -> Point? {
        let d = 2 * (a.x * (b.y - c.y) + b.x * (c.y - a.y) + c.x * (a.y - b.y))
        guard abs(d) > 1e-12 else { return nil }
        let a2 = a.x * a.x + a.y * a.y
        let b2 = b.x * b.x + b.y * b.y
        let c2 = c.x * c.x + c.y * c.y
        return Point(
            x: (a2 * (b.y - c.y) + b2 * (c.y - a.y) + c2 * (a.y - b.y)) / d, y: (a2 * (c.x - b.x) + b2 * (a.x - c.x) + c2 * (b.x - a.x)) / d
        )
    }
}

public struct BlockInsert: Sendable, Equatable {
    public var block: String
    public var position: Point
    /// Degrees counter-clockwise.
    public var angle: Double
    public var scaleX: Double
    public var scaleY: Double

    public init(block: String, position: Point, angle: Double = 0, scaleX: Double = 1, scaleY: Double = 1) {
        self.block = block
        self.position = position
        self.angle = angle
        self.scaleX = scaleX
        self.scaleY = scaleY
    }

    /// The block's entities where this insert puts them. Entities on layer "0" take the insert's
    /// layer, as AutoCAD draws them; a nested insert's turn and scale compose with this one's.
    public func placed(_ definition: [DrawingEntity], layer: String) -> [DrawingEntity] {
        let scale = abs(scaleX * scaleY).squareRoot()
        let place = placement
        return definition.map { part in
            var moved = part.mapped(place, scale: scale)
            if part.layer == "0" { moved.layer = layer }
            switch moved.kind {
            case .arc:
                // A turned or mirrored block moves an arc's ends and centre: fit it again.
                if case .lineString(let points) = moved.shape, let arc = Arc.fitted(to: points) { moved.kind = .arc(arc) }
            case .insert(var nested):
                nested.angle += angle
                nested.scaleX *= scaleX
                nested.scaleY *= scaleY
                moved.kind = .insert(nested)
            default: break
            }
            return moved
        }
    }

    /// Where this insert puts a point of the block's definition (scale, then rotate, then move),
    /// with the turn's cosine and sine worked out once for all the points of a block: four calls
    /// to the trigonometric functions a point were most of placing it.
    var placement: @Sendable (Point) -> Point {
        let radians = angle * .pi / 180
        let (cosine, sine) = (cos(radians), sin(radians))
        let (position, scaleX, scaleY) = (position, scaleX, scaleY)
        return { point in
            let x = point.x * scaleX
            let y = point.y * scaleY
            return Point(x: position.x + x * cosine - y * sine, y: position.y + x * sine + y * cosine)
        }
    }
}

extension Shape {
    func mapped(_ transform: (Point) -> Point) -> Shape {
        switch self {
        case .point(let point): .point(transform(point))
        case .lineString(let points): .lineString(points.map(transform))
        case .polygon(let rings): .polygon(rings.map { $0.map(transform) })
        case .collection(let parts): .collection(parts.map { $0.mapped(transform) })
        }
    }
}

/// A drawing read from a DXF file.
public struct Drawing: Sendable {
    public var path: String
    public var header: DrawingHeader
    public var entities: [DrawingEntity]
    /// Block definitions by name: their entities in the block's own coordinates.
    public var blocks: [String: [DrawingEntity]]

    public init(path: String, header: DrawingHeader, entities: [DrawingEntity], blocks: [String: [DrawingEntity]]) {
        self.path = path
        self.header = header
        self.entities = entities
        self.blocks = blocks
    }

    /// Reads the drawing through GDAL's DXF driver: blocks kept as inserts (so a door block keeps
    /// its name and angle), text decoded as UTF-8 when the drawing's version stores it so.
    public static func read(_ path: String) throws(InterchangeError) -> Drawing {
        let header = try DrawingHeader.read(path)
        var options = [("DXF_INLINE_BLOCKS", "FALSE"), ("DXF_MERGE_BLOCK_GEOMETRIES", "FALSE")]
        if header.storesUTF8 { options.append(("DXF_ENCODING", "UTF-8")) }
        return try GDALRuntime.with(options: options) { () throws(InterchangeError) -> Drawing in
            let source = try VectorSource(path: path, drivers: ["DXF"])
            guard let layer = source.layer(named: "entities") else { throw InterchangeError("\(path): GDAL found no entities in it") }
            let entities = try layer.features(only: fieldsRead).flatMap(entitiesWithAttributes)
            var blocks: [String: [DrawingEntity]] = [:]
            if let blockLayer = source.layer(named: "blocks") {
                for feature in try blockLayer.features(only: fieldsRead) {
                    // An attribute's definition holds its tag and a prompt, not the room's name:
                    // the values are on the inserts.
                    guard let name = feature["Block"]?.text, feature["AttributeTag"] == nil, let entity = entity(feature) else { continue }
                    blocks[name, default: []].append(entity)
                }
            }
            for entity in entities { try checkCoordinates(entity, in: path) }
            for entity in blocks.values.joined() { try checkCoordinates(entity, in: path) }
            var expansion = Expansion(blocks: blocks, path: path)
            return Drawing(path: path, header: header, entities: try expansion.expanded(entities), blocks: blocks)
        }
    }

    /// The fields of GDAL's DXF driver an entity is read from (see `entity`).
    static let fieldsRead: Set<String> = [
        "Layer", "PaperSpace", "SubClasses", "EntityHandle", "Text", "BlockName", "BlockScale", "BlockAngle", "BlockAttributes",
        "Block", "AttributeTag",
    ]

    /// The largest coordinate a drawing may have: a million kilometres in millimetres. Beyond it
    /// (or NaN, or infinite) no plan is meant, and arithmetic on it overflows.
    public static let coordinateLimit = 1e12

    /// Refuses an entity with a coordinate no drawing has, naming it.
    static func checkCoordinates(_ entity: DrawingEntity, in path: String) throws(InterchangeError) {
        var points = entity.shape.points
        if case .insert(let insert) = entity.kind { points.append(insert.position) }
        func wild(_ value: Double) -> Bool { !value.isFinite || abs(value) > coordinateLimit }
        guard let point = points.first(where: { wild($0.x) || wild($0.y) }) else { return }
        let wild = wild(point.x) ? point.x : point.y
        throw InterchangeError(
            "\(path): \(entity.described) has a coordinate no drawing has (\(wild)); a drawing's coordinates are finite and within \(coordinateLimit); nothing read"
        )
    }

    /// Inserts of blocks replaced by what they draw, but for doors (a block or a layer named for
    /// doors), which are found by their block: some drawings are one block holding the whole plan,
    /// others draw walls and windows as blocks. A few kilobytes of nested inserts can stand for
    /// billions of entities, so the expansion is measured before it is made - per block, once -
    /// and a block nested deeper than `depthLimit`, a block that inserts itself (directly or
    /// through others), or more than `budget` entities in all are refused, naming the block.
    struct Expansion {
        let blocks: [String: [DrawingEntity]]
        let path: String
        /// Deeper than a floor plan needs to nest (a plan, a wing, a room, its furniture).
        static let depthLimit = 8
        /// Two million entities: far more than a floor plan holds, and a few hundred megabytes
        /// expanded at most.
        static let budget = 2_000_000
        /// Each block's entities once expanded, and how deep its inserts nest below it.
        private var measured: [String: (size: Int, depth: Int)] = [:]

        init(blocks: [String: [DrawingEntity]], path: String) {
            self.blocks = blocks
            self.path = path
        }

        /// The block an insert is replaced by, if it is.
        func definition(_ entity: DrawingEntity) -> (insert: BlockInsert, parts: [DrawingEntity])? {
            guard case .insert(let insert) = entity.kind, let parts = blocks[insert.block], !parts.isEmpty,
                !LayerConventions.named(insert.block, .doors), !LayerConventions.named(entity.layer, .doors)
            else { return nil }
            return (insert, parts)
        }

        /// How many entities `entities` expand to, and how deep their blocks nest.
        mutating func measure(_ entities: [DrawingEntity], chain: [String] = []) throws(InterchangeError) -> (size: Int, depth: Int) {
            var size = 0
            var depth = 0
            for entity in entities {
                guard let (insert, parts) = definition(entity) else {
                    size += 1
                    continue
                }
                let block = insert.block
                if let start = chain.firstIndex(of: block) {
                    throw InterchangeError(
                        "\(path): block \(block) inserts itself (\((chain[start...] + [block]).joined(separator: " -> "))); nothing read")
                }
                let inside: (size: Int, depth: Int)
                if let known = measured[block] {
                    inside = known
                } else {
                    inside = try measure(parts, chain: chain + [block])
                    measured[block] = inside
                }
                guard chain.count + 1 + inside.depth <= Self.depthLimit else {
                    throw InterchangeError(
                        "\(path): block \(block) nests \(chain.count + 1 + inside.depth) deep\(chain.isEmpty ? "" : " (inside \(chain.joined(separator: " -> ")))"); a drawing's blocks nest at most \(Self.depthLimit) deep; nothing read"
                    )
                }
                depth = max(depth, 1 + inside.depth)
                size += inside.size
                guard size <= Self.budget else {
                    throw InterchangeError(
                        "\(path): its blocks expand to more than \(Self.budget) entities (block \(block) alone to \(inside.size)); no floor plan is that large; nothing read"
                    )
                }
            }
            return (size, depth)
        }

        /// `entities` with their blocks' inserts replaced by what the blocks draw; measured first.
        mutating func expanded(_ entities: [DrawingEntity]) throws(InterchangeError) -> [DrawingEntity] {
            _ = try measure(entities)
            return replaced(entities)
        }

        private func replaced(_ entities: [DrawingEntity]) -> [DrawingEntity] {
            var result: [DrawingEntity] = []
            result.reserveCapacity(entities.count)
            replace(entities, into: &result)
            return result
        }

        /// Appended in place: an array per entity, as a `flatMap` makes, was a third of the time
        /// (jp-house-1f's 7,632 entities: 6 ms, now 4).
        private func replace(_ entities: [DrawingEntity], into result: inout [DrawingEntity]) {
            for entity in entities {
                guard let (insert, parts) = definition(entity) else {
                    result.append(entity)
                    continue
                }
                let start = result.count
                replace(insert.placed(parts, layer: entity.layer), into: &result)
                for index in start..<result.count {
                    result[index].paperSpace = entity.paperSpace
                    if result[index].block == nil { result[index].block = insert.block }
                }
            }
        }
    }

    /// The entity, and the values of a block's attributes as texts at its insertion point: room
    /// tags are blocks whose NAME and NUMBER attributes hold the room's name and number.
    static func entitiesWithAttributes(_ feature: VectorFeature) -> [DrawingEntity] {
        guard let entity = entity(feature) else { return [] }
        guard case .insert(let insert) = entity.kind, case .strings(let attributes)? = feature["BlockAttributes"] else { return [entity] }
        return [entity]
            + attributes.compactMap { attribute in
                // GDAL gives each attribute as "TAG value".
                guard let space = attribute.firstIndex(of: " ") else { return nil }
                let value = String(attribute[attribute.index(after: space)...])
                guard !value.trimmingCharacters(in: .whitespaces).isEmpty else { return nil }
                return DrawingEntity(layer: entity.layer, kind: .text(value), shape: .point(insert.position), paperSpace: entity.paperSpace)
            }
    }

    /// The polyline as a closed ring when its ends meet: exactly, or within a millionth of its
    /// length. A polyline drawn round a room and ended on its start point without the closed flag
    /// ends a rounding error away (1e-8 of a centimetre), and is the room's outline all the same.
    static func closedByAHair(_ points: [Point]) -> [Point]? {
        guard let first = points.first, let last = points.last, points.count >= 4 else { return nil }
        if first == last { return points }
        let length = Polyline.length(points)
        guard length.isFinite, length > 0, first.distance(to: last) <= length * 1e-6 else { return nil }
        return points.dropLast() + [first]
    }

    static func entity(_ feature: VectorFeature) -> DrawingEntity? {
        guard var shape = feature.shape else { return nil }
        let layer = feature["Layer"]?.text ?? "0"
        let paperSpace = (feature["PaperSpace"]?.number ?? 0) != 0
        let subclasses = feature["SubClasses"]?.text ?? ""
        let kind: DrawingEntity.Kind
        if let block = feature["BlockName"]?.text, case .point(let position) = shape {
            let scale = feature["BlockScale"]?.numbers ?? []
            kind = .insert(
                BlockInsert(
                    block: block, position: position, angle: feature["BlockAngle"]?.number ?? 0,
                    scaleX: scale.count > 0 ? scale[0] : 1, scaleY: scale.count > 1 ? scale[1] : 1))
        } else if let text = feature["Text"]?.text, case .point = shape {
            kind = .text(text)
        } else {
            switch shape {
            case .point: kind = .point
            case .polygon, .collection:
                let filled = subclasses.contains("Hatch") || subclasses.contains("Solid") || subclasses.contains("Trace")
                if case .polygon = shape { kind = filled ? .area : .closedLine } else { kind = filled ? .area : .line }
            case .lineString(let points):
                if let ring = closedByAHair(points) {
                    shape = .lineString(ring)
                    kind = .closedLine
                } else if let arc = Arc.fitted(to: points) {
                    kind = .arc(arc)
                } else {
                    kind = .line
                }
            }
        }
        return DrawingEntity(
            layer: layer, kind: kind, shape: shape, paperSpace: paperSpace, handle: feature["EntityHandle"]?.text,
            textHeight: { if case .text = kind { feature.textHeight } else { nil } }())
    }
}
