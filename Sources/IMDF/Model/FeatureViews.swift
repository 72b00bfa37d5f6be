// Typed views of the 16 IMDF feature types over FeatureSchemas. A view wraps a `Feature` and reads
// and writes its ordered properties, so unknown keys and key order are untouched by typed edits.
// Setting nil writes JSON null (IMDF archives spell out optional keys); `feature.removeProperty`
// removes a key. Properties several types share (name, level_id, ...) come from one protocol each.

public protocol IMDFFeature: Sendable, Hashable {
    static var featureType: FeatureType { get }
    var feature: Feature { get set }
    init(unchecked feature: Feature)
}

extension IMDFFeature {
    /// Nil when `feature` is of another type.
    public init?(_ feature: Feature) {
        guard feature.featureType == Self.featureType.rawValue else { return nil }
        self.init(unchecked: feature)
    }

    public var id: String { feature.id }
    public var geometry: Geometry? {
        get { feature.geometry }
        set { feature.geometry = newValue }
    }
}

public protocol CategorizedFeature: IMDFFeature {}

extension CategorizedFeature {
    public var category: String? {
        get { feature.string("category") }
        set { feature.setString("category", newValue) }
    }
}

public protocol NamedFeature: IMDFFeature {}

extension NamedFeature {
    public var name: Labels? {
        get { feature.labels("name") }
        set { feature.setLabels("name", newValue) }
    }
    public var altName: Labels? {
        get { feature.labels("alt_name") }
        set { feature.setLabels("alt_name", newValue) }
    }
}

public protocol RestrictableFeature: IMDFFeature {}

extension RestrictableFeature {
    public var restriction: String? {
        get { feature.string("restriction") }
        set { feature.setString("restriction", newValue) }
    }
}

public protocol AccessibilityTaggedFeature: IMDFFeature {}

extension AccessibilityTaggedFeature {
    public var accessibility: [String]? {
        get { feature.strings("accessibility") }
        set { feature.setStrings("accessibility", newValue) }
    }
}

public protocol OnLevelFeature: IMDFFeature {}

extension OnLevelFeature {
    public var levelID: String? {
        get { feature.string("level_id") }
        set { feature.setString("level_id", newValue) }
    }
}

public protocol WithDisplayPointFeature: IMDFFeature {}

extension WithDisplayPointFeature {
    public var displayPoint: Position? {
        get { feature.point("display_point") }
        set { feature.setPoint("display_point", newValue) }
    }
}

public protocol AddressedFeature: IMDFFeature {}

extension AddressedFeature {
    public var addressID: String? {
        get { feature.string("address_id") }
        set { feature.setString("address_id", newValue) }
    }
}

public protocol CorrelatedFeature: IMDFFeature {}

extension CorrelatedFeature {
    public var correlationID: String? {
        get { feature.string("correlation_id") }
        set { feature.setString("correlation_id", newValue) }
    }
}

public protocol ContactableFeature: IMDFFeature {}

extension ContactableFeature {
    public var hours: String? {
        get { feature.string("hours") }
        set { feature.setString("hours", newValue) }
    }
    public var phone: String? {
        get { feature.string("phone") }
        set { feature.setString("phone", newValue) }
    }
    public var website: String? {
        get { feature.string("website") }
        set { feature.setString("website", newValue) }
    }
}

public protocol AnchoredFeature: IMDFFeature {}

extension AnchoredFeature {
    public var anchorID: String? {
        get { feature.string("anchor_id") }
        set { feature.setString("anchor_id", newValue) }
    }
}

public struct Address: IMDFFeature {
    public static let featureType = FeatureType.address
    public var feature: Feature
    public init(unchecked feature: Feature) { self.feature = feature }
    public var address: String? {
        get { feature.string("address") }
        set { feature.setString("address", newValue) }
    }
    public var unit: String? {
        get { feature.string("unit") }
        set { feature.setString("unit", newValue) }
    }
    public var locality: String? {
        get { feature.string("locality") }
        set { feature.setString("locality", newValue) }
    }
    public var province: String? {
        get { feature.string("province") }
        set { feature.setString("province", newValue) }
    }
    public var country: String? {
        get { feature.string("country") }
        set { feature.setString("country", newValue) }
    }
    public var postalCode: String? {
        get { feature.string("postal_code") }
        set { feature.setString("postal_code", newValue) }
    }
    public var postalCodeExt: String? {
        get { feature.string("postal_code_ext") }
        set { feature.setString("postal_code_ext", newValue) }
    }
    public var postalCodeVanity: String? {
        get { feature.string("postal_code_vanity") }
        set { feature.setString("postal_code_vanity", newValue) }
    }
}

public struct Amenity: CategorizedFeature, NamedFeature, AccessibilityTaggedFeature, AddressedFeature, CorrelatedFeature, ContactableFeature {
    public static let featureType = FeatureType.amenity
    public var feature: Feature
    public init(unchecked feature: Feature) { self.feature = feature }
    public var unitIDs: [String]? {
        get { feature.strings("unit_ids") }
        set { feature.setStrings("unit_ids", newValue) }
    }
}

public struct Anchor: AddressedFeature {
    public static let featureType = FeatureType.anchor
    public var feature: Feature
    public init(unchecked feature: Feature) { self.feature = feature }
    public var unitID: String? {
        get { feature.string("unit_id") }
        set { feature.setString("unit_id", newValue) }
    }
}

public struct Building: CategorizedFeature, NamedFeature, RestrictableFeature, WithDisplayPointFeature, AddressedFeature {
    public static let featureType = FeatureType.building
    public var feature: Feature
    public init(unchecked feature: Feature) { self.feature = feature }
}

public struct Detail: OnLevelFeature {
    public static let featureType = FeatureType.detail
    public var feature: Feature
    public init(unchecked feature: Feature) { self.feature = feature }
}

public struct Fixture: CategorizedFeature, NamedFeature, OnLevelFeature, WithDisplayPointFeature, AnchoredFeature {
    public static let featureType = FeatureType.fixture
    public var feature: Feature
    public init(unchecked feature: Feature) { self.feature = feature }
}

public struct Footprint: CategorizedFeature {
    public static let featureType = FeatureType.footprint
    public var feature: Feature
    public init(unchecked feature: Feature) { self.feature = feature }
    public var name: Labels? {
        get { feature.labels("name") }
        set { feature.setLabels("name", newValue) }
    }
    public var buildingIDs: [String]? {
        get { feature.strings("building_ids") }
        set { feature.setStrings("building_ids", newValue) }
    }
}

public struct Geofence: CategorizedFeature, NamedFeature, RestrictableFeature, WithDisplayPointFeature, CorrelatedFeature {
    public static let featureType = FeatureType.geofence
    public var feature: Feature
    public init(unchecked feature: Feature) { self.feature = feature }
    public var buildingIDs: [String]? {
        get { feature.strings("building_ids") }
        set { feature.setStrings("building_ids", newValue) }
    }
    public var levelIDs: [String]? {
        get { feature.strings("level_ids") }
        set { feature.setStrings("level_ids", newValue) }
    }
    public var parents: [String]? {
        get { feature.strings("parents") }
        set { feature.setStrings("parents", newValue) }
    }
}

public struct Kiosk: NamedFeature, OnLevelFeature, WithDisplayPointFeature, AnchoredFeature {
    public static let featureType = FeatureType.kiosk
    public var feature: Feature
    public init(unchecked feature: Feature) { self.feature = feature }
}

public struct Level: CategorizedFeature, RestrictableFeature, WithDisplayPointFeature, AddressedFeature {
    public static let featureType = FeatureType.level
    public var feature: Feature
    public init(unchecked feature: Feature) { self.feature = feature }
    public var outdoor: Bool? {
        get { feature.bool("outdoor") }
        set { feature.setBool("outdoor", newValue) }
    }
    public var ordinal: Int? {
        get { feature.integer("ordinal") }
        set { feature.setInteger("ordinal", newValue) }
    }
    public var name: Labels? {
        get { feature.labels("name") }
        set { feature.setLabels("name", newValue) }
    }
    public var shortName: Labels? {
        get { feature.labels("short_name") }
        set { feature.setLabels("short_name", newValue) }
    }
    public var buildingIDs: [String]? {
        get { feature.strings("building_ids") }
        set { feature.setStrings("building_ids", newValue) }
    }
}

public struct Occupant: CategorizedFeature, CorrelatedFeature, ContactableFeature, AnchoredFeature {
    public static let featureType = FeatureType.occupant
    public var feature: Feature
    public init(unchecked feature: Feature) { self.feature = feature }
    public var name: Labels? {
        get { feature.labels("name") }
        set { feature.setLabels("name", newValue) }
    }
    public var validity: JSONObject? {
        get { feature.property("validity")?.objectValue }
        set { feature.setProperty("validity", newValue.map(JSONValue.object) ?? .null) }
    }
}

public struct Opening: CategorizedFeature, NamedFeature, AccessibilityTaggedFeature, OnLevelFeature, WithDisplayPointFeature {
    public static let featureType = FeatureType.opening
    public var feature: Feature
    public init(unchecked feature: Feature) { self.feature = feature }
    public var accessControl: [String]? {
        get { feature.strings("access_control") }
        set { feature.setStrings("access_control", newValue) }
    }
    public var door: JSONObject? {
        get { feature.property("door")?.objectValue }
        set { feature.setProperty("door", newValue.map(JSONValue.object) ?? .null) }
    }
}

public struct Relationship: CategorizedFeature {
    public static let featureType = FeatureType.relationship
    public var feature: Feature
    public init(unchecked feature: Feature) { self.feature = feature }
    public var direction: String? {
        get { feature.string("direction") }
        set { feature.setString("direction", newValue) }
    }
    public var origin: FeatureReference? {
        get { feature.featureReference("origin") }
        set { feature.setProperty("origin", newValue?.json ?? .null) }
    }
    public var intermediary: [FeatureReference]? {
        get { feature.property("intermediary")?.arrayValue?.compactMap(FeatureReference.init(json:)) }
        set { feature.setProperty("intermediary", newValue.map { .array($0.map(\.json)) } ?? .null) }
    }
    public var destination: FeatureReference? {
        get { feature.featureReference("destination") }
        set { feature.setProperty("destination", newValue?.json ?? .null) }
    }
    public var hours: String? {
        get { feature.string("hours") }
        set { feature.setString("hours", newValue) }
    }
}

public struct Section: CategorizedFeature, NamedFeature, RestrictableFeature, AccessibilityTaggedFeature, OnLevelFeature, WithDisplayPointFeature, AddressedFeature, CorrelatedFeature {
    public static let featureType = FeatureType.section
    public var feature: Feature
    public init(unchecked feature: Feature) { self.feature = feature }
    public var parents: [String]? {
        get { feature.strings("parents") }
        set { feature.setStrings("parents", newValue) }
    }
}

public struct Unit: CategorizedFeature, NamedFeature, RestrictableFeature, AccessibilityTaggedFeature, OnLevelFeature, WithDisplayPointFeature {
    public static let featureType = FeatureType.unit
    public var feature: Feature
    public init(unchecked feature: Feature) { self.feature = feature }
}

public struct Venue: CategorizedFeature, NamedFeature, RestrictableFeature, WithDisplayPointFeature, AddressedFeature, ContactableFeature {
    public static let featureType = FeatureType.venue
    public var feature: Feature
    public init(unchecked feature: Feature) { self.feature = feature }
}
