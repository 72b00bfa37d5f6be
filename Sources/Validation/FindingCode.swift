// The stable codes of validation findings. Codes follow the rule numbers of the IMDF reference
// (shared/imdf/REFERENCE.md section 7) where one exists; Sources/Validation/CODES.md is the table
// users read, and a test keeps it and this enum in step.

public enum FindingCode: String, Sendable, Hashable, CaseIterable, Codable {
    // Archive and manifest
    case A1, A2, A3, A4, A5, A6, A7, A8
    // Feature structure, ids, properties
    case F1, F2, F2v, F3, F4, F4c, F4t, F5, F6, F7, F8, F9, F10, F11, F12, F13
    // Geometry types and GeoJSON validity
    case T1, T2, T3, T4, T5, T6
    // References and the hierarchy
    case R1, R2, R4, R5, R6, R7, R8
    // Spatial
    case G1, G2, G3, G4, G5, G6, G8, G9, G10, G11
    // What units hold, by category; parking
    case C1, C2
    // Level ordinals
    case O1, O2, O3, O4, O5
    // Routing graph (navPath extension)
    case N1, N2, N3

    /// The code written as typed (`f4c`, `G1`).
    public static func matching(_ text: String) -> FindingCode? { allCases.first { $0.rawValue.lowercased() == text.lowercased() } }

    public var severity: Severity {
        switch self {
        case .A1, .A2, .A4, .A5, .A7, .A8, .F1, .F2, .F2v, .F3, .F4, .F4c, .F4t, .F7, .F13, .T1, .T2, .T4, .T5, .R1, .R2, .R5, .R6, .G2,
            .G5, .O1, .N1:
            .error
        case .A3, .A6, .F5, .F6, .F8, .F9, .F10, .F11, .F12, .T3, .T6, .R7, .R8, .G1, .G3, .G4, .G6, .G8, .G9, .G10, .G11, .C1, .C2, .O2,
            .O3, .O4, .N2, .N3:
            .warning
        case .R4, .O5:
            .info
        }
    }

    public var title: String {
        switch self {
        case .A1: "manifest.json missing"
        case .A2: "manifest version or required keys"
        case .A3: "manifest created without a UTC offset"
        case .A4: "manifest language is not a language tag"
        case .A5: "file is not valid JSON or not a FeatureCollection"
        case .A6: "file is not one of the 16 IMDF feature files"
        case .A7: "feature_type differs from its file"
        case .A8: "not exactly one venue, or no address file"
        case .F1: "feature structure (type, id, feature_type, geometry, properties)"
        case .F2: "id is not a UUID"
        case .F2v: "id is not a version 4 UUID"
        case .F3: "id used by more than one feature"
        case .F4: "required property missing or null"
        case .F4c: "category not in the IMDF enumeration"
        case .F4t: "property value of the wrong type"
        case .F5: "property keys of the type missing"
        case .F6: "property keys IMDF does not define"
        case .F7: "LABELS malformed or empty"
        case .F8: "hours, phone, website or code malformed"
        case .F9: "alt_name without a name in its language"
        case .F10: "a property Apple expects is missing"
        case .F11: "names or addresses that should differ are the same"
        case .F12: "a level's labels in other languages than its building's other levels"
        case .F13: "an occupant's validity out of order or out of date"
        case .T1: "geometry type not allowed for the feature type"
        case .T2: "geometry is not valid GeoJSON"
        case .T3: "exterior ring not counter-clockwise"
        case .T4: "display_point is not a valid Point"
        case .T5: "polygon is not valid (self-intersection, ...)"
        case .T6: "polygon with an interior ring where Apple wants none"
        case .R1: "reference does not resolve to a feature of the right type"
        case .R2: "FEATURE-REFERENCE does not resolve"
        case .R4: "feature nothing refers to"
        case .R5: "building without a level or a footprint, or venue without a building"
        case .R6: "correlation_id unmatched, twice on one level, or across categories"
        case .R7: "addresses of the venue, buildings and anchors disagree"
        case .R8: "footprints, buildings or parents the hierarchy expects"
        case .G1: "display_point outside the feature's geometry"
        case .G2: "anchor outside its unit"
        case .G3: "amenity outside its units"
        case .G4: "opening not on a unit's boundary"
        case .G5: "feature outside its level"
        case .G6: "level outside its building's footprint, or footprint outside the venue"
        case .G8: "units on one level overlap"
        case .G9: "opening suspiciously large or small"
        case .G10: "features of one kind equal, overlap, cross or coincide"
        case .G11: "feature not covered by what should cover it"
        case .C1: "what a unit or kiosk holds does not suit its category"
        case .C2: "parking buildings, levels and units disagree"
        case .O1: "ordinal is not an integer"
        case .O2: "gap in level ordinals"
        case .O3: "building without a level at ordinal 0"
        case .O4: "outdoor level below ground"
        case .O5: "ordinal outside the usual -12...163"
        case .N1: "path node lists a neighbour that does not exist"
        case .N2: "one-way link between path nodes"
        case .N3: "path node outside its level"
        }
    }
}
