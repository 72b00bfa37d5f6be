// The words both sides of the helper use for a drawing: the roles of its layers, the units it may
// be drawn in, the fits of control points. The prompt's grammar lists its choices from these, and
// the importer (Interchange/DXF) works with them.

/// What a CAD layer holds, as far as the importer is concerned.
public enum LayerRole: String, Sendable, CaseIterable, Codable, CodingKeyRepresentable {
    case rooms, walls, doors, text
}

/// The unit a drawing is drawn in.
public enum DrawingUnit: String, Sendable, CaseIterable, Equatable, Codable {
    case millimetres = "mm"
    case centimetres = "cm"
    case metres = "m"
    case inches = "in"
    case feet = "ft"

    public var metres: Double {
        switch self {
        case .millimetres: 0.001
        case .centimetres: 0.01
        case .metres: 1
        case .inches: 0.0254
        case .feet: 0.3048
        }
    }

    /// The unit `$INSUNITS` declares, when it is one a floor plan is drawn in.
    public init?(insertionUnits code: Int) {
        switch code {
        case 1: self = .inches
        case 2: self = .feet
        case 4: self = .millimetres
        case 5: self = .centimetres
        case 6: self = .metres
        default: return nil
        }
    }

    public var name: String {
        switch self {
        case .millimetres: "millimetres"
        case .centimetres: "centimetres"
        case .metres: "metres"
        case .inches: "inches"
        case .feet: "feet"
        }
    }
}

/// The unit an import used, the one `$INSUNITS` declared, and how the choice was made.
public struct UnitChoice: Sendable, Equatable, Codable {
    /// The unit, or for a sheet drawn to scale (millimetres at 1:100) the unit of the sheet.
    public var unit: DrawingUnit
    /// The unit `$INSUNITS` declared, if any.
    public var declared: DrawingUnit?
    /// How the unit was chosen, for the report.
    public var reason: String
    /// Metres per drawing unit: the unit's, or the sheet's at its scale (0.1 for millimetres at
    /// 1:100), or the number given.
    public var metresPerUnit: Double

    public init(unit: DrawingUnit, declared: DrawingUnit?, reason: String, metresPerUnit: Double? = nil) {
        self.unit = unit
        self.declared = declared
        self.reason = reason
        self.metresPerUnit = metresPerUnit ?? unit.metres
    }
}

/// How control points place a plan: turned, scaled and moved alike in both directions
/// (similarity), or stretched independently (affine, three or more points).
public enum TransformKind: String, Sendable, CaseIterable, Codable {
    case similarity, affine
}
