// Typed reads and writes of a feature's properties over the ordered JSON. Reads are forgiving (a
// value of the wrong JSON type reads as nil; validation reports it), writes keep every other key
// where it is and put a new key where the specification orders it.

extension Feature {
    public func property(_ key: String) -> JSONValue? { properties[key] }

    /// Sets `key`, keeping its position if present; a new key goes after the keys that precede it
    /// in the type's schema order (unknown keys go last).
    public mutating func setProperty(_ key: String, _ value: JSONValue) {
        if properties.contains(key: key) {
            properties[key] = value
            return
        }
        guard let schema = imdfType?.schema, let rank = schema.firstIndex(where: { $0.key == key }) else {
            properties.append(key: key, value: value)
            return
        }
        let earlier = Set(schema[..<rank].map(\.key))
        let insertAt = (properties.entries.lastIndex { earlier.contains($0.key) }).map { $0 + 1 } ?? 0
        properties.set(value, forKey: key, at: insertAt)
    }

    public mutating func removeProperty(_ key: String) { properties.removeValue(forKey: key) }

    public func string(_ key: String) -> String? { properties[key]?.stringValue }

    public mutating func setString(_ key: String, _ value: String?) {
        setProperty(key, value.map(JSONValue.string) ?? .null)
    }

    public func strings(_ key: String) -> [String]? {
        properties[key]?.arrayValue?.compactMap(\.stringValue)
    }

    public mutating func setStrings(_ key: String, _ values: [String]?) {
        setProperty(key, values.map { .array($0.map(JSONValue.string)) } ?? .null)
    }

    public func labels(_ key: String) -> Labels? { properties[key].flatMap(Labels.init(json:)) }

    public mutating func setLabels(_ key: String, _ labels: Labels?) {
        setProperty(key, labels?.json ?? .null)
    }

    public func bool(_ key: String) -> Bool? { properties[key]?.boolValue }

    public mutating func setBool(_ key: String, _ value: Bool?) {
        setProperty(key, value.map(JSONValue.bool) ?? .null)
    }

    public func integer(_ key: String) -> Int? {
        guard let number = properties[key]?.numberValue, number.isIntegral else { return nil }
        return Int(exactly: number.doubleValue)
    }

    public mutating func setInteger(_ key: String, _ value: Int?) {
        setProperty(key, value.map { .number(JSONNumber($0)) } ?? .null)
    }

    /// A Point-valued property (display_point); nil when null, absent or not a Point.
    public func point(_ key: String) -> Position? {
        guard let value = properties[key], case .point(let position)? = GeoJSONGeometry(json: value)?.geometry else {
            return nil
        }
        return position
    }

    public mutating func setPoint(_ key: String, _ position: Position?) {
        setProperty(key, position.map { GeoJSONGeometry(.point($0)).json } ?? .null)
    }

    /// A FEATURE-REFERENCE `{"id": ..., "feature_type": ...}`.
    public func featureReference(_ key: String) -> FeatureReference? {
        properties[key].flatMap(FeatureReference.init(json:))
    }
}

/// IMDF FEATURE-REFERENCE: a feature named by id and type (Relationship origin/destination).
public struct FeatureReference: Sendable, Hashable {
    public var id: String
    public var featureType: String

    public init(id: String, featureType: String) {
        self.id = id
        self.featureType = featureType
    }

    public init?(json value: JSONValue) {
        guard let object = value.objectValue, let id = object["id"]?.stringValue,
            let type = object["feature_type"]?.stringValue
        else { return nil }
        self.init(id: id, featureType: type)
    }

    public var json: JSONValue { ["id": .string(id), "feature_type": .string(featureType)] }
}

extension Feature {
    /// A new IMDF feature with every key of its type's schema, in the specification's order, null
    /// unless given (IMDF archives spell out optional keys).
    public init(_ type: FeatureType, id: String, geometry: Geometry?, values: [PropertyKey: JSONValue]) {
        var properties = JSONObject()
        for spec in type.schema { properties.append(key: spec.key, value: PropertyKey(rawValue: spec.key).flatMap { values[$0] } ?? .null) }
        self.init(id: id, featureType: type.rawValue, geometry: geometry, properties: properties)
    }
}

// The same accessors by IMDF property name: `feature.string(.levelID)`.
extension Feature {
    public func property(_ key: PropertyKey) -> JSONValue? { property(key.rawValue) }
    public mutating func setProperty(_ key: PropertyKey, _ value: JSONValue) { setProperty(key.rawValue, value) }
    public mutating func removeProperty(_ key: PropertyKey) { removeProperty(key.rawValue) }
    public func string(_ key: PropertyKey) -> String? { string(key.rawValue) }
    public mutating func setString(_ key: PropertyKey, _ value: String?) { setString(key.rawValue, value) }
    public func strings(_ key: PropertyKey) -> [String]? { strings(key.rawValue) }
    public mutating func setStrings(_ key: PropertyKey, _ values: [String]?) { setStrings(key.rawValue, values) }
    public func labels(_ key: PropertyKey) -> Labels? { labels(key.rawValue) }
    public mutating func setLabels(_ key: PropertyKey, _ labels: Labels?) { setLabels(key.rawValue, labels) }
    public func bool(_ key: PropertyKey) -> Bool? { bool(key.rawValue) }
    public mutating func setBool(_ key: PropertyKey, _ value: Bool?) { setBool(key.rawValue, value) }
    public func integer(_ key: PropertyKey) -> Int? { integer(key.rawValue) }
    public mutating func setInteger(_ key: PropertyKey, _ value: Int?) { setInteger(key.rawValue, value) }
    public func point(_ key: PropertyKey) -> Position? { point(key.rawValue) }
    public mutating func setPoint(_ key: PropertyKey, _ position: Position?) { setPoint(key.rawValue, position) }
    public func featureReference(_ key: PropertyKey) -> FeatureReference? { featureReference(key.rawValue) }
}

extension FeatureType {
    public func spec(forKey key: PropertyKey) -> PropertySpec? { spec(forKey: key.rawValue) }
}
