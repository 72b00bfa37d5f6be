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

    /// The members, shared by the copies of a feature until one of them is changed. A feature is
    /// copied wherever it is read by value (a `for` loop over a collection, the features of a
    /// level gathered in an array), and copying the members one by one retained each of them:
    /// about a tenth of validating an archive of 97,000 features, on both cores. Shared, a copy is
    /// one retain. They are read in place through their address (a buffer's header keeps one), so
    /// that reading a member retains neither the buffer nor the member.
    private final class Members: ManagedBuffer<Fields, Void> {
        static func make(_ fields: Fields) -> Members {
            unsafeDowncast(create(minimumCapacity: 0) { _ in fields }, to: Members.self)
        }

        /// Where the members lie, for as long as the buffer lives.
        var fields: UnsafeMutablePointer<Fields> { withUnsafeMutablePointerToHeader { $0 } }
    }

    private struct Fields {
        var id: String
        var featureType: String
        var geometryMember: GeometryMember
        var properties: JSONObject
        var propertiesForm: PropertiesForm
        var typeMember: JSONValue?
        var foreignMembers: JSONObject
        var editorNotes: [String: String]
        var sourceLine: Int
    }

    // Unchecked for sending: the members are changed only through a feature that holds the one
    // reference to them (`unique()`), so no two threads ever see them changed.
    nonisolated(unsafe) private var members: Members

    /// The members, unshared first where another copy holds them too.
    private mutating func unique() -> UnsafeMutablePointer<Fields> {
        if !isKnownUniquelyReferenced(&members) { members = Members.make(members.fields.pointee) }
        return members.fields
    }

    public var id: String {
        unsafeAddress { UnsafePointer(members.fields.pointer(to: \.id)!) }
        _modify { yield &unique().pointee.id }
    }
    public var featureType: String {
        unsafeAddress { UnsafePointer(members.fields.pointer(to: \.featureType)!) }
        _modify { yield &unique().pointee.featureType }
    }
    public var geometryMember: GeometryMember {
        unsafeAddress { UnsafePointer(members.fields.pointer(to: \.geometryMember)!) }
        _modify { yield &unique().pointee.geometryMember }
    }
    /// Setting (or changing) the properties makes them an object (`propertiesForm`).
    public var properties: JSONObject {
        unsafeAddress { UnsafePointer(members.fields.pointer(to: \.properties)!) }
        _modify {
            let fields = unique()
            yield &fields.pointee.properties
            fields.pointee.propertiesForm = .object
        }
    }
    public private(set) var propertiesForm: PropertiesForm {
        unsafeAddress { UnsafePointer(members.fields.pointer(to: \.propertiesForm)!) }
        set { unique().pointee.propertiesForm = newValue }
    }
    /// The `type` member as written; a valid feature has "Feature".
    public var typeMember: JSONValue? {
        unsafeAddress { UnsafePointer(members.fields.pointer(to: \.typeMember)!) }
        _modify { yield &unique().pointee.typeMember }
    }
    /// Top-level members beyond type/id/feature_type/geometry/properties, in file order.
    public var foreignMembers: JSONObject {
        unsafeAddress { UnsafePointer(members.fields.pointer(to: \.foreignMembers)!) }
        _modify { yield &unique().pointee.foreignMembers }
    }
    /// What the editor knows about the feature that IMDF has no key for (e.g. that an anchor's
    /// address is to be inherited on save). Never written to the archive.
    public var editorNotes: [String: String] {
        unsafeAddress { UnsafePointer(members.fields.pointer(to: \.editorNotes)!) }
        _modify { yield &unique().pointee.editorNotes }
    }
    /// The 1-based line the feature starts on in the file it was read from (0 when made in memory).
    /// Not part of the feature's value: two features are equal regardless of where they came from.
    public var sourceLine: Int {
        unsafeAddress { UnsafePointer(members.fields.pointer(to: \.sourceLine)!) }
        _modify { yield &unique().pointee.sourceLine }
    }

    public init(
        id: String, featureType: String, geometry: Geometry?, properties: JSONObject,
        foreignMembers: JSONObject = JSONObject()
    ) {
        members = Members.make(
            Fields(
                id: id, featureType: featureType, geometryMember: geometry.map { .geometry(GeoJSONGeometry($0)) } ?? .null,
                properties: properties, propertiesForm: .object, typeMember: .string("Feature"), foreignMembers: foreignMembers,
                editorNotes: [:], sourceLine: 0))
    }

    init(
        id: String, featureType: String, geometryMember: GeometryMember, properties: JSONObject,
        propertiesForm: PropertiesForm, typeMember: JSONValue?, foreignMembers: JSONObject, sourceLine: Int
    ) {
        members = Members.make(
            Fields(
                id: id, featureType: featureType, geometryMember: geometryMember, properties: properties, propertiesForm: propertiesForm,
                typeMember: typeMember, foreignMembers: foreignMembers, editorNotes: [:], sourceLine: sourceLine))
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
        if lhs.members === rhs.members { return true }
        return lhs.id == rhs.id && lhs.featureType == rhs.featureType && lhs.geometryMember == rhs.geometryMember
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
