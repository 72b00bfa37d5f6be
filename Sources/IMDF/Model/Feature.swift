// One GeoJSON Feature of an IMDF archive (or of an extension file), kept losslessly: the standard
// members typed, everything else (foreign members, unknown properties) in file order.

public struct Feature: Sendable {
    /// The `geometry` member: absent, null, a GeoJSON geometry, or something that is not a valid
    /// geometry (kept as written, so validation can report it and a save does not lose it).
    public enum GeometryMember: Sendable, Hashable {
        case absent
        case null
        case geometry(GeoJSONGeometry)
        case malformed(JSONValue)
    }

    /// How the `properties` member was written: an object, `null`, or missing.
    public enum PropertiesForm: Sendable, Hashable {
        case object
        case null
        case absent
    }

    public var id: String
    public var featureType: String
    public var geometryMember: GeometryMember
    public var properties: JSONObject {
        didSet { propertiesForm = .object }
    }
    public private(set) var propertiesForm: PropertiesForm
    /// The `type` member as written; a valid feature has "Feature".
    public var typeMember: JSONValue?
    /// Top-level members beyond type/id/feature_type/geometry/properties, in file order.
    public var foreignMembers: JSONObject
    /// What the editor knows about the feature that IMDF has no key for (e.g. that an anchor's
    /// address is to be inherited on save). Never written to the archive.
    public var editorNotes: [String: String] = [:]
    /// The 1-based line the feature starts on in the file it was read from (0 when made in memory).
    /// Not part of the feature's value: two features are equal regardless of where they came from.
    public var sourceLine: Int

    public init(
        id: String, featureType: String, geometry: Geometry?, properties: JSONObject,
        foreignMembers: JSONObject = JSONObject()
    ) {
        self.id = id
        self.featureType = featureType
        self.geometryMember = geometry.map { .geometry(GeoJSONGeometry($0)) } ?? .null
        self.properties = properties
        self.propertiesForm = .object
        self.typeMember = .string("Feature")
        self.foreignMembers = foreignMembers
        self.sourceLine = 0
    }

    init(
        id: String, featureType: String, geometryMember: GeometryMember, properties: JSONObject,
        propertiesForm: PropertiesForm, typeMember: JSONValue?, foreignMembers: JSONObject, sourceLine: Int
    ) {
        self.id = id
        self.featureType = featureType
        self.geometryMember = geometryMember
        self.properties = properties
        self.propertiesForm = propertiesForm
        self.typeMember = typeMember
        self.foreignMembers = foreignMembers
        self.sourceLine = sourceLine
    }

    /// The typed geometry, if the feature has a well-formed one. Setting nil writes `"geometry": null`.
    public var geometry: Geometry? {
        get {
            if case .geometry(let wrapped) = geometryMember { return wrapped.geometry }
            return nil
        }
        set {
            guard let newValue else {
                geometryMember = .null
                return
            }
            if case .geometry(var wrapped) = geometryMember {
                wrapped.geometry = newValue
                geometryMember = .geometry(wrapped)
            } else {
                geometryMember = .geometry(GeoJSONGeometry(newValue))
            }
        }
    }

    /// The IMDF feature type, when `featureType` is one of the 16.
    public var imdfType: FeatureType? { FeatureType(rawValue: featureType) }
}

extension Feature: Hashable {
    public static func == (lhs: Feature, rhs: Feature) -> Bool {
        lhs.id == rhs.id && lhs.featureType == rhs.featureType && lhs.geometryMember == rhs.geometryMember
            && lhs.properties == rhs.properties && lhs.propertiesForm == rhs.propertiesForm
            && lhs.typeMember == rhs.typeMember && lhs.foreignMembers == rhs.foreignMembers
            && lhs.editorNotes == rhs.editorNotes
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        hasher.combine(featureType)
        hasher.combine(properties)
    }
}

/// The features of one file, with the collection's own foreign members (`name`, ...) in file order.
public struct FeatureCollection: Sendable {
    /// The file name a save writes (`unit.geojson`, `navPath.geojson`).
    public var fileName: String
    /// The name the file had when it was read (`unit.json` in archives with legacy names), for
    /// messages that point into the file; nil for collections made in memory.
    public var sourceFileName: String?
    public var foreignMembers: JSONObject
    public var features: [Feature]

    public init(fileName: String, foreignMembers: JSONObject = JSONObject(), features: [Feature] = []) {
        self.fileName = fileName
        self.foreignMembers = foreignMembers
        self.features = features
    }
}

extension FeatureCollection: Hashable {
    /// Where a collection was read from is not part of its value.
    public static func == (lhs: FeatureCollection, rhs: FeatureCollection) -> Bool {
        lhs.fileName == rhs.fileName && lhs.foreignMembers == rhs.foreignMembers && lhs.features == rhs.features
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(fileName)
        hasher.combine(features.count)
    }
}
