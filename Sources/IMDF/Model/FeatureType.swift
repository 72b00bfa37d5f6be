// The 16 IMDF 1.0.0 feature types and their schemas (REFERENCE.md section 4): property keys in the
// specification's order, value kinds, which keys are required, and what each reference points to.
// Validation, typed access and new features all read this one table.

public enum FeatureType: String, Sendable, CaseIterable, Comparable {
    case address, amenity, anchor, building, detail, fixture, footprint, geofence
    case kiosk, level, occupant, opening, relationship, section, unit, venue

    /// The archive file for this type.
    public var fileName: String { rawValue + ".geojson" }

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
    private static func req(_ key: String, _ kind: PropertyKind) -> PropertySpec {
        PropertySpec(key, kind, required: true)
    }
    private static func opt(_ key: String, _ kind: PropertyKind) -> PropertySpec { PropertySpec(key, kind) }

    static let table: [FeatureType: [PropertySpec]] = [
        .address: [
            req("address", .string), opt("unit", .string), req("locality", .string),
            opt("province", .subdivisionCode), req("country", .countryCode), opt("postal_code", .string),
            opt("postal_code_ext", .string), opt("postal_code_vanity", .string),
        ],
        .amenity: [
            req("category", .category(.amenity)), opt("accessibility", .categoryArray(.accessibility)),
            opt("name", .labels), opt("alt_name", .labels), opt("hours", .hours), opt("phone", .phone),
            opt("website", .website), req("unit_ids", .referenceArray(.unit)), opt("address_id", .reference(.address)),
            opt("correlation_id", .uuid),
        ],
        .anchor: [opt("address_id", .reference(.address)), req("unit_id", .reference(.unit))],
        .building: [
            opt("name", .labels), opt("alt_name", .labels), req("category", .category(.building)),
            opt("restriction", .category(.restriction)), opt("display_point", .displayPoint),
            opt("address_id", .reference(.address)),
        ],
        .detail: [req("level_id", .reference(.level))],
        .fixture: [
            req("category", .category(.fixture)), opt("name", .labels), opt("alt_name", .labels),
            opt("anchor_id", .reference(.anchor)), req("level_id", .reference(.level)),
            opt("display_point", .displayPoint),
        ],
        .footprint: [
            req("category", .category(.footprint)), opt("name", .labels),
            req("building_ids", .referenceArray(.building)),
        ],
        .geofence: [
            req("category", .category(.geofence)), opt("restriction", .category(.restriction)),
            opt("name", .labels), opt("alt_name", .labels), opt("correlation_id", .uuid),
            opt("display_point", .displayPoint), opt("building_ids", .referenceArray(.building)),
            opt("level_ids", .referenceArray(.level)), opt("parents", .referenceArray(.geofence)),
        ],
        .kiosk: [
            opt("name", .labels), opt("alt_name", .labels), opt("anchor_id", .reference(.anchor)),
            req("level_id", .reference(.level)), opt("display_point", .displayPoint),
        ],
        .level: [
            req("category", .category(.level)), opt("restriction", .category(.restriction)),
            req("outdoor", .boolean), req("ordinal", .integer), req("name", .labels), req("short_name", .labels),
            opt("display_point", .displayPoint), opt("address_id", .reference(.address)),
            opt("building_ids", .referenceArray(.building)),
        ],
        .occupant: [
            req("name", .labels), req("category", .category(.occupant)), req("anchor_id", .reference(.anchor)),
            opt("hours", .hours), opt("phone", .phone), opt("website", .website), opt("validity", .temporality),
            opt("correlation_id", .uuid),
        ],
        .opening: [
            req("category", .category(.opening)), opt("accessibility", .categoryArray(.accessibility)),
            opt("access_control", .categoryArray(.accessControl)), opt("door", .door), opt("name", .labels),
            opt("alt_name", .labels), opt("display_point", .displayPoint), req("level_id", .reference(.level)),
        ],
        .relationship: [
            req("category", .category(.relationship)), req("direction", .oneOf(["directed", "undirected"])),
            opt("origin", .featureReference), opt("intermediary", .featureReferenceArray),
            opt("destination", .featureReference), opt("hours", .hours),
        ],
        .section: [
            req("category", .category(.section)), opt("restriction", .category(.restriction)),
            opt("accessibility", .categoryArray(.accessibility)), opt("name", .labels), opt("alt_name", .labels),
            opt("display_point", .displayPoint), req("level_id", .reference(.level)),
            opt("address_id", .reference(.address)), opt("correlation_id", .uuid),
            opt("parents", .referenceArray(.section)),
        ],
        .unit: [
            req("category", .category(.unit)), opt("restriction", .category(.restriction)),
            opt("accessibility", .categoryArray(.accessibility)), opt("name", .labels), opt("alt_name", .labels),
            req("level_id", .reference(.level)), opt("display_point", .displayPoint),
        ],
        .venue: [
            req("category", .category(.venue)), opt("restriction", .category(.restriction)), req("name", .labels),
            opt("alt_name", .labels), opt("hours", .hours), opt("phone", .phone), opt("website", .website),
            req("display_point", .displayPoint), req("address_id", .reference(.address)),
        ],
    ]
}
