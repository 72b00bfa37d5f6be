// A feature read from another format (a GIS layer, a CAD drawing) and not yet in any archive.

/// A feature to be created: its type, its geometry in WGS 84 longitude and latitude, and the
/// properties its source gave (names, category). It has no id - the edit that creates it mints
/// one - and none of the references the level it is put on decides (`level_id`, an amenity's
/// `unit_ids`, an anchor's `unit_id`).
public struct FeatureDraft: Sendable, Hashable {
    public var type: FeatureType
    public var geometry: Geometry?
    /// IMDF properties by key (`category`, `name` as labels, ...); keys the type does not define
    /// are refused when the draft is created.
    public var properties: JSONObject
    /// Where the draft came from, for messages that point back into the source:
    /// `rooms.shp feature 12`, `plan.dxf entity 3A`.
    public var source: String

    public init(type: FeatureType, geometry: Geometry?, properties: JSONObject = JSONObject(), source: String) {
        self.type = type
        self.geometry = geometry
        self.properties = properties
        self.source = source
    }
}

/// A draft travels between processes (from the GDAL helper) with its geometry and properties as
/// GeoJSON text inside the JSON, read by this module's own codec: the properties keep their order
/// and every number its exact value, which a keyed container would not promise.
extension FeatureDraft: Codable {
    private enum CodingKeys: String, CodingKey {
        case type, geometry, properties, source
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let typeName = try container.decode(String.self, forKey: .type)
        guard let type = FeatureType(rawValue: typeName) else {
            throw DecodingError.dataCorruptedError(forKey: .type, in: container, debugDescription: "\(typeName) is no IMDF feature type")
        }
        var geometry: Geometry?
        if let text = try container.decodeIfPresent(String.self, forKey: .geometry) {
            guard let read = GeoJSONReader.readGeometry(Array(text.utf8))?.geometry else {
                throw DecodingError.dataCorruptedError(forKey: .geometry, in: container, debugDescription: "not a GeoJSON geometry")
            }
            geometry = read
        }
        guard case .object(let properties) = try Self.json(try container.decode(String.self, forKey: .properties), .properties, container)
        else {
            throw DecodingError.dataCorruptedError(forKey: .properties, in: container, debugDescription: "not a JSON object")
        }
        self.init(type: type, geometry: geometry, properties: properties, source: try container.decode(String.self, forKey: .source))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(type.rawValue, forKey: .type)
        try container.encodeIfPresent(geometry.map { GeoJSONGeometry($0).inlineText }, forKey: .geometry)
        try container.encode(JSONValue.object(properties).inlineText, forKey: .properties)
        try container.encode(source, forKey: .source)
    }

    private static func json(_ text: String, _ key: CodingKeys, _ container: KeyedDecodingContainer<CodingKeys>) throws -> JSONValue {
        do {
            return try GeoJSONReader.readJSON(Array(text.utf8))
        } catch {
            throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: "not JSON")
        }
    }
}
