// GeoJSON geometries (RFC 7946) in typed form, with the original text of their numbers.
//
// Coordinates are WGS 84 longitude (x) and latitude (y) as in the file. A geometry read from a file
// keeps the exact text of every coordinate so an untouched feature is written back byte for byte
// (`60.007320574340639` stays that, not the shorter `60.00732057434064`); changing the geometry
// drops the text and the new coordinates are written in their shortest exact form.

public struct Position: Sendable, Hashable {
    public var x: Double
    public var y: Double
    public var z: Double?

    public init(x: Double, y: Double, z: Double? = nil) {
        self.x = x
        self.y = y
        self.z = z
    }

    var componentCount: Int { z == nil ? 2 : 3 }

    /// Whether the position is a longitude and latitude: finite, within ±180 and ±90 degrees.
    public var isLongitudeLatitude: Bool {
        x.isFinite && y.isFinite && abs(x) <= 180 && abs(y) <= 90
    }
}

public indirect enum Geometry: Sendable, Hashable {
    case point(Position)
    case multiPoint([Position])
    case lineString([Position])
    case multiLineString([[Position]])
    case polygon([[Position]])
    case multiPolygon([[[Position]]])
    case geometryCollection([GeoJSONGeometry])

    /// The GeoJSON `type` member.
    public var typeName: String {
        switch self {
        case .point: "Point"
        case .multiPoint: "MultiPoint"
        case .lineString: "LineString"
        case .multiLineString: "MultiLineString"
        case .polygon: "Polygon"
        case .multiPolygon: "MultiPolygon"
        case .geometryCollection: "GeometryCollection"
        }
    }

    /// Whether this is a Multi geometry of exactly one part.
    public var isOnePartCollection: Bool {
        switch self {
        case .multiPoint(let parts): parts.count == 1
        case .multiLineString(let parts): parts.count == 1
        case .multiPolygon(let parts): parts.count == 1
        default: false
        }
    }

    /// The one part of a one-part Multi geometry; the geometry itself otherwise.
    public var singlePart: Geometry {
        switch self {
        case .multiPoint(let parts) where parts.count == 1: .point(parts[0])
        case .multiLineString(let parts) where parts.count == 1: .lineString(parts[0])
        case .multiPolygon(let parts) where parts.count == 1: .polygon(parts[0])
        default: self
        }
    }

    /// How deeply the `coordinates` arrays nest above a position (Point 0, Polygon 2).
    static func nesting(ofType typeName: String) -> Int? {
        switch typeName {
        case "Point": 0
        case "MultiPoint", "LineString": 1
        case "MultiLineString", "Polygon": 2
        case "MultiPolygon": 3
        default: nil
        }
    }

    /// Every position, in file order.
    public var positions: [Position] {
        var result: [Position] = []
        forEachPosition { result.append($0) }
        return result
    }

    /// The first coordinate, where a finding or a mark about the whole geometry can point.
    public var firstPosition: Position? {
        var first: Position?
        forEachPosition { if first == nil { first = $0 } }
        return first
    }

    public func forEachPosition(_ body: (Position) -> Void) {
        switch self {
        case .point(let position): body(position)
        case .multiPoint(let line), .lineString(let line): line.forEach(body)
        case .multiLineString(let lines), .polygon(let lines): lines.forEach { $0.forEach(body) }
        case .multiPolygon(let polygons): polygons.forEach { $0.forEach { $0.forEach(body) } }
        case .geometryCollection(let members): members.forEach { $0.geometry.forEachPosition(body) }
        }
    }
}

extension Geometry {
    /// The same shape with every position mapped (moving a template to where a venue is).
    public func mapped(_ transform: (Position) -> Position) -> Geometry {
        switch self {
        case .point(let position): .point(transform(position))
        case .multiPoint(let positions): .multiPoint(positions.map(transform))
        case .lineString(let positions): .lineString(positions.map(transform))
        case .multiLineString(let lines): .multiLineString(lines.map { $0.map(transform) })
        case .polygon(let rings): .polygon(rings.map { $0.map(transform) })
        case .multiPolygon(let polygons): .multiPolygon(polygons.map { $0.map { $0.map(transform) } })
        case .geometryCollection(let members):
            .geometryCollection(
                members.map { member in
                    var moved = member
                    moved.geometry = member.geometry.mapped(transform)
                    return moved
                })
        }
    }
}

/// A geometry object as it appears in a file: the typed geometry, any foreign members (`bbox`, ...)
/// and the original number text.
public struct GeoJSONGeometry: Sendable {
    public var geometry: Geometry {
        didSet { numberText = nil }
    }
    /// Members other than `type`, `coordinates` and `geometries`, in file order.
    public var foreignMembers: JSONObject
    /// The coordinates' original text (the `coordinates` array as written, or the numbers joined
    /// by commas), holding the numbers in `forEachPosition` order; nil once the geometry has been
    /// changed, and for geometries made in memory.
    var numberText: [UInt8]?

    public init(_ geometry: Geometry, foreignMembers: JSONObject = JSONObject()) {
        self.geometry = geometry
        self.foreignMembers = foreignMembers
        numberText = nil
    }

    init(_ geometry: Geometry, foreignMembers: JSONObject, numberText: [UInt8]?) {
        self.geometry = geometry
        self.foreignMembers = foreignMembers
        self.numberText = numberText
    }
}

extension GeoJSONGeometry: Hashable {
    /// Equal geometries have equal coordinates, members, and number texts (`1.0` is not `1`);
    /// the layout of the original text (spaces, line breaks) does not count.
    public static func == (lhs: GeoJSONGeometry, rhs: GeoJSONGeometry) -> Bool {
        lhs.geometry == rhs.geometry && lhs.foreignMembers == rhs.foreignMembers
            && lhs.numberLexemes == rhs.numberLexemes
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(geometry)
        hasher.combine(foreignMembers)
    }

    /// The numbers of `numberText`, each as written.
    var numberLexemes: [ArraySlice<UInt8>]? {
        guard let text = numberText else { return nil }
        var lexemes: [ArraySlice<UInt8>] = []
        text.withUnsafeBufferPointer { buffer in
            var range = NumberParsing.nextNumber(in: buffer, from: 0)
            while !range.isEmpty {
                lexemes.append(text[range])
                range = NumberParsing.nextNumber(in: buffer, from: range.upperBound)
            }
        }
        return lexemes
    }
}

// MARK: - Conversion from and to generic JSON

extension GeoJSONGeometry {
    /// Reads a geometry object from generic JSON (display points, geometries whose members come in
    /// an unusual order). Nil when the value is not a well-formed GeoJSON geometry.
    public init?(json value: JSONValue) {
        guard let object = value.objectValue, let typeName = object["type"]?.stringValue else { return nil }
        var foreign = JSONObject()
        for entry in object where !["type", "coordinates", "geometries"].contains(entry.key) {
            foreign.append(key: entry.key, value: entry.value)
        }
        if typeName == "GeometryCollection" {
            guard object["coordinates"] == nil, let items = object["geometries"]?.arrayValue else { return nil }
            var members: [GeoJSONGeometry] = []
            for item in items {
                guard let member = GeoJSONGeometry(json: item) else { return nil }
                members.append(member)
            }
            self.init(.geometryCollection(members), foreignMembers: foreign, numberText: nil)
            return
        }
        guard object["geometries"] == nil, let coordinates = object["coordinates"] else { return nil }
        var text: [UInt8] = []
        guard let geometry = GeoJSONGeometry.geometry(typeName, coordinates, text: &text) else {
            return nil
        }
        self.init(geometry, foreignMembers: foreign, numberText: text)
    }

    private static func position(_ value: JSONValue, text: inout [UInt8]) -> Position? {
        guard let items = value.arrayValue, items.count == 2 || items.count == 3 else { return nil }
        var numbers: [Double] = []
        for item in items {
            guard let number = item.numberValue else { return nil }
            numbers.append(number.doubleValue)
            text.append(contentsOf: number.text.utf8)
            text.append(UInt8(ascii: ","))
        }
        return Position(x: numbers[0], y: numbers[1], z: numbers.count == 3 ? numbers[2] : nil)
    }

    private static func line(_ value: JSONValue, text: inout [UInt8]) -> [Position]? {
        guard let items = value.arrayValue else { return nil }
        var positions: [Position] = []
        positions.reserveCapacity(items.count)
        for item in items {
            guard let position = position(item, text: &text) else { return nil }
            positions.append(position)
        }
        return positions
    }

    private static func lines(_ value: JSONValue, text: inout [UInt8]) -> [[Position]]? {
        guard let items = value.arrayValue else { return nil }
        var result: [[Position]] = []
        for item in items {
            guard let line = line(item, text: &text) else { return nil }
            result.append(line)
        }
        return result
    }

    private static func geometry(_ typeName: String, _ value: JSONValue, text: inout [UInt8]) -> Geometry? {
        switch typeName {
        case "Point": return position(value, text: &text).map(Geometry.point)
        case "MultiPoint": return line(value, text: &text).map(Geometry.multiPoint)
        case "LineString": return line(value, text: &text).map(Geometry.lineString)
        case "MultiLineString": return lines(value, text: &text).map(Geometry.multiLineString)
        case "Polygon": return lines(value, text: &text).map(Geometry.polygon)
        case "MultiPolygon":
            guard let items = value.arrayValue else { return nil }
            var polygons: [[[Position]]] = []
            for item in items {
                guard let polygon = lines(item, text: &text) else { return nil }
                polygons.append(polygon)
            }
            return .multiPolygon(polygons)
        default: return nil
        }
    }

    /// The geometry as generic JSON (numbers in their original text where it is kept).
    public var json: JSONValue {
        var writer = JSONWriter()
        writer.writeGeometry(self)
        return writer.bytes.withUnsafeBufferPointer { buffer in
            // Our own output always parses; a failure here is a programming error, not bad input.
            (try? JSONReader.parseDocument(buffer)) ?? .null
        }
    }

    /// The geometry as JSON on one line, as `json.inlineText` prints it, without making the
    /// generic value first.
    public var inlineText: String {
        var writer = JSONWriter()
        writer.writeGeometry(self)
        return String(decoding: writer.bytes, as: UTF8.self)
    }
}
