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
