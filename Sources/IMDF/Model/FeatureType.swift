// The 16 IMDF 1.0.0 feature types and their schemas (REFERENCE.md section 4): property keys in the
// specification's order, value kinds, which keys are required, and what each reference points to.
// Validation, typed access and new features all read this one table.

public enum FeatureType: String, Sendable, CaseIterable, Comparable, Codable {
    case address, amenity, anchor, building, detail, fixture, footprint, geofence
    case kiosk, level, occupant, opening, relationship, section, unit, venue

    /// The archive file for this type.
    public var fileName: String { rawValue + ".geojson" }

    /// The type named `rawValue`, found by its first letter and at most three comparisons:
    /// `Feature.imdfType` runs for every feature in nearly every rule, and the compiler's chain of
    /// sixteen string comparisons showed in every profile of validating a large venue.
    public init?(rawValue: String) {
        let found: FeatureType?
        switch rawValue.utf8.first {
        case UInt8(ascii: "a"):
            found = rawValue == "address" ? .address : rawValue == "amenity" ? .amenity : rawValue == "anchor" ? .anchor : nil
        case UInt8(ascii: "b"): found = rawValue == "building" ? .building : nil
        case UInt8(ascii: "d"): found = rawValue == "detail" ? .detail : nil
        case UInt8(ascii: "f"): found = rawValue == "fixture" ? .fixture : rawValue == "footprint" ? .footprint : nil
        case UInt8(ascii: "g"): found = rawValue == "geofence" ? .geofence : nil
        case UInt8(ascii: "k"): found = rawValue == "kiosk" ? .kiosk : nil
        case UInt8(ascii: "l"): found = rawValue == "level" ? .level : nil
        case UInt8(ascii: "o"): found = rawValue == "occupant" ? .occupant : rawValue == "opening" ? .opening : nil
        case UInt8(ascii: "r"): found = rawValue == "relationship" ? .relationship : nil
        case UInt8(ascii: "s"): found = rawValue == "section" ? .section : nil
        case UInt8(ascii: "u"): found = rawValue == "unit" ? .unit : nil
        case UInt8(ascii: "v"): found = rawValue == "venue" ? .venue : nil
        default: found = nil
        }
        guard let found else { return nil }
        self = found
    }

    /// The order files are listed in (`info`, and the order entries go into a zip): the hierarchy
    /// from venue down, then the rest.
    public static let hierarchyOrder: [FeatureType] = [
        .venue, .address, .building, .footprint, .level, .unit, .opening, .fixture, .kiosk, .section,
        .detail, .amenity, .anchor, .occupant, .geofence, .relationship,
    ]

    public static func < (lhs: FeatureType, rhs: FeatureType) -> Bool {
        hierarchyOrder.firstIndex(of: lhs)! < hierarchyOrder.firstIndex(of: rhs)!
    }

    public enum GeometryRule: Sendable, Equatable {
        /// "Unlocated": geometry must be null.
        case none
        case point
        case lineString
        case lineal
        case polygonal
        /// null or any geometry (Relationship).
        case any

        public func allows(_ geometry: Geometry?) -> Bool {
            switch (self, geometry) {
            case (.none, nil), (.any, _): true
            case (.point, .point?): true
            case (.lineString, .lineString?): true
            case (.lineal, .lineString?), (.lineal, .multiLineString?): true
            case (.polygonal, .polygon?), (.polygonal, .multiPolygon?): true
            default: false
            }
        }

        public var description: String {
            switch self {
            case .none: "null (unlocated feature)"
            case .point: "a Point"
            case .lineString: "a LineString"
            case .lineal: "a LineString or MultiLineString"
            case .polygonal: "a Polygon or MultiPolygon"
            case .any: "null or any geometry"
            }
        }
    }

    public var geometryRule: GeometryRule {
        switch self {
        case .address, .building, .occupant: .none
        case .amenity, .anchor: .point
        case .opening: .lineString
        case .detail: .lineal
        case .relationship: .any
        case .fixture, .footprint, .geofence, .kiosk, .level, .section, .unit, .venue: .polygonal
        }
    }

    public var schema: [PropertySpec] { FeatureSchemas.table[self] ?? [] }

    public func spec(forKey key: String) -> PropertySpec? { schema.first { $0.key == key } }
}

public enum PropertyKind: Sendable, Equatable {
    case category(CategoryList)
    /// A JSON array of values from one enumeration (accessibility, access_control).
    case categoryArray(CategoryList)
    case labels
    case string
    case boolean
    case integer
    case displayPoint
    case reference(FeatureType)
    case referenceArray(FeatureType)
    /// `{"id": ..., "feature_type": ...}` to any feature (Relationship).
    case featureReference
    case featureReferenceArray
    /// An opaque grouping UUID, not a reference.
    case uuid
    case hours
    case phone
    case website
    case door
    case temporality
    case countryCode
    case subdivisionCode
    case oneOf([String])
}

/// The names of IMDF's properties, written once: the schemas below are made of them, and code
/// reads and writes properties through them (`feature.string(.levelID)`).
public enum PropertyKey: String, Sendable, CaseIterable {
    case accessControl = "access_control"
    case accessibility = "accessibility"
    case address = "address"
    case addressID = "address_id"
    case altName = "alt_name"
    case anchorID = "anchor_id"
    case buildingIDs = "building_ids"
    case category = "category"
    case correlationID = "correlation_id"
    case country = "country"
    case destination = "destination"
    case direction = "direction"
    case displayPoint = "display_point"
    case door = "door"
    case hours = "hours"
    case intermediary = "intermediary"
    case levelID = "level_id"
    case levelIDs = "level_ids"
    case locality = "locality"
    case name = "name"
    case ordinal = "ordinal"
    case origin = "origin"
    case outdoor = "outdoor"
    case parents = "parents"
    case phone = "phone"
    case postalCode = "postal_code"
    case postalCodeExt = "postal_code_ext"
    case postalCodeVanity = "postal_code_vanity"
    case province = "province"
    case restriction = "restriction"
    case shortName = "short_name"
    case unit = "unit"
    case unitID = "unit_id"
    case unitIDs = "unit_ids"
    case validity = "validity"
    case website = "website"
}

public struct PropertySpec: Sendable, Equatable {
    public let key: String
    public let kind: PropertyKind
    /// Required keys must be present with a non-null value; the others may be null.
    public let isRequired: Bool

    init(_ key: String, _ kind: PropertyKind, required: Bool = false) {
        self.key = key
        self.kind = kind
        self.isRequired = required
    }

    /// The feature type this property refers to, for `*_id`/`*_ids` keys.
    public var referenceTarget: FeatureType? {
        switch kind {
        case .reference(let target), .referenceArray(let target): target
        default: nil
        }
    }
}

enum FeatureSchemas {
    private static func req(_ key: PropertyKey, _ kind: PropertyKind) -> PropertySpec {
        PropertySpec(key.rawValue, kind, required: true)
    }
    private static func opt(_ key: PropertyKey, _ kind: PropertyKind) -> PropertySpec { PropertySpec(key.rawValue, kind) }

    static let table: [FeatureType: [PropertySpec]] = [
        .address: [
            req(.address, .string), opt(.unit, .string), req(.locality, .string),
            opt(.province, .subdivisionCode), req(.country, .countryCode), opt(.postalCode, .string),
            opt(.postalCodeExt, .string), opt(.postalCodeVanity, .string),
        ],
        .amenity: [
            req(.category, .category(.amenity)), opt(.accessibility, .categoryArray(.accessibility)),
            opt(.name, .labels), opt(.altName, .labels), opt(.hours, .hours), opt(.phone, .phone),
            opt(.website, .website), req(.unitIDs, .referenceArray(.unit)), opt(.addressID, .reference(.address)),
            opt(.correlationID, .uuid),
        ],
        .anchor: [opt(.addressID, .reference(.address)), req(.unitID, .reference(.unit))],
        .building: [
            opt(.name, .labels), opt(.altName, .labels), req(.category, .category(.building)),
            opt(.restriction, .category(.restriction)), opt(.displayPoint, .displayPoint),
            opt(.addressID, .reference(.address)),
        ],
        .detail: [req(.levelID, .reference(.level))],
        .fixture: [
            req(.category, .category(.fixture)), opt(.name, .labels), opt(.altName, .labels),
            opt(.anchorID, .reference(.anchor)), req(.levelID, .reference(.level)),
            opt(.displayPoint, .displayPoint),
        ],
        .footprint: [
            req(.category, .category(.footprint)), opt(.name, .labels),
            req(.buildingIDs, .referenceArray(.building)),
        ],
        .geofence: [
            req(.category, .category(.geofence)), opt(.restriction, .category(.restriction)),
            opt(.name, .labels), opt(.altName, .labels), opt(.correlationID, .uuid),
            opt(.displayPoint, .displayPoint), opt(.buildingIDs, .referenceArray(.building)),
            opt(.levelIDs, .referenceArray(.level)), opt(.parents, .referenceArray(.geofence)),
        ],
        .kiosk: [
            opt(.name, .labels), opt(.altName, .labels), opt(.anchorID, .reference(.anchor)),
            req(.levelID, .reference(.level)), opt(.displayPoint, .displayPoint),
        ],
        .level: [
            req(.category, .category(.level)), opt(.restriction, .category(.restriction)),
            req(.outdoor, .boolean), req(.ordinal, .integer), req(.name, .labels), req(.shortName, .labels),
            opt(.displayPoint, .displayPoint), opt(.addressID, .reference(.address)),
            opt(.buildingIDs, .referenceArray(.building)),
        ],
        .occupant: [
            req(.name, .labels), req(.category, .category(.occupant)), req(.anchorID, .reference(.anchor)),
            opt(.hours, .hours), opt(.phone, .phone), opt(.website, .website), opt(.validity, .temporality),
            opt(.correlationID, .uuid),
        ],
        .opening: [
            req(.category, .category(.opening)), opt(.accessibility, .categoryArray(.accessibility)),
            opt(.accessControl, .categoryArray(.accessControl)), opt(.door, .door), opt(.name, .labels),
            opt(.altName, .labels), opt(.displayPoint, .displayPoint), req(.levelID, .reference(.level)),
        ],
        .relationship: [
            req(.category, .category(.relationship)), req(.direction, .oneOf(["directed", "undirected"])),
            opt(.origin, .featureReference), opt(.intermediary, .featureReferenceArray),
            opt(.destination, .featureReference), opt(.hours, .hours),
        ],
        .section: [
            req(.category, .category(.section)), opt(.restriction, .category(.restriction)),
            opt(.accessibility, .categoryArray(.accessibility)), opt(.name, .labels), opt(.altName, .labels),
            opt(.displayPoint, .displayPoint), req(.levelID, .reference(.level)),
            opt(.addressID, .reference(.address)), opt(.correlationID, .uuid),
            opt(.parents, .referenceArray(.section)),
        ],
        .unit: [
            req(.category, .category(.unit)), opt(.restriction, .category(.restriction)),
            opt(.accessibility, .categoryArray(.accessibility)), opt(.name, .labels), opt(.altName, .labels),
            req(.levelID, .reference(.level)), opt(.displayPoint, .displayPoint),
        ],
        .venue: [
            req(.category, .category(.venue)), opt(.restriction, .category(.restriction)), req(.name, .labels),
            opt(.altName, .labels), opt(.hours, .hours), opt(.phone, .phone), opt(.website, .website),
            req(.displayPoint, .displayPoint), req(.addressID, .reference(.address)),
        ],
    ]
}
