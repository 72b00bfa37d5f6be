import IMDF

/// A repair for a finding, described in words and, where the editor has an edit for it, as that
/// edit: a value the editor runs (`fix`) and spells as the command line that would do the same.
public struct Fix: Sendable, Hashable, Codable {
    public var description: String
    public var repair: Repair?

    public init(_ description: String, repair: Repair? = nil) {
        self.description = description
        self.repair = repair
    }

    /// Whether `fix` may run the repair as it stands.
    public var automatic: Bool { repair?.isAutomatic ?? false }
}

/// The edits validation proposes. The editor maps each case to one of its commands; a case
/// added here fails to compile there until it has one.
public enum Repair: Sendable, Hashable, Codable {
    /// Saving writes what is missing (a manifest, its version, the time): shown, never run.
    case save
    /// A value for a person to choose (`level_id=REF`, a category): shown, never run.
    case choose(feature: String, key: String, ChoiceHint)
    case set(feature: String, key: String, RepairValue)
    case unset(feature: String, key: String)
    /// Make the feature unlocated (a building: IMDF keeps its extent in its footprints).
    case removeGeometry(feature: String)
    /// A one-part Multi geometry becomes the single geometry it holds.
    case flatten(feature: String)
    case delete(feature: String)
    /// Link two path nodes both ways; unlink them both ways.
    case link(String, String)
    case unlink(String, String)
    /// Snap an opening onto the nearest wall at this place.
    case moveOpening(String, to: Coordinate)
    /// Put a point feature at this place.
    case move(String, to: Coordinate)

    public var isAutomatic: Bool {
        switch self {
        case .save, .choose: false
        default: true
        }
    }

    /// The features the repair changes.
    public var featureIDs: [String] {
        switch self {
        case .save: []
        case .choose(let id, _, _), .set(let id, _, _), .unset(let id, _), .removeGeometry(let id), .flatten(let id), .delete(let id),
            .moveOpening(let id, _), .move(let id, _):
            [id]
        case .link(let a, let b), .unlink(let a, let b): [a, b]
        }
    }
}

/// What a person chooses for `Repair.choose`.
public enum ChoiceHint: Sendable, Hashable, Codable {
    case reference(FeatureType)
    /// A category, with an example value.
    case example(String)
    case value
}

public enum RepairValue: Sendable, Hashable, Codable {
    case text(String)
    case null
    case point(Coordinate)
}

/// A WGS 84 location (longitude, latitude) for findings about a place.
public struct Coordinate: Sendable, Hashable, Codable {
    public var longitude: Double
    public var latitude: Double

    public init(longitude: Double, latitude: Double) {
        self.longitude = longitude
        self.latitude = latitude
    }
}

/// Whose rule a finding applies: one of Apple's published rules (the finding names it), or a check
/// of this tool's own that Apple's list has no rule for (a building with a Polygon breaks the IMDF
/// schema; keys IMDF leaves out; a clockwise ring).
public enum FindingSource: String, Sendable, Hashable, Codable {
    case apple
    case imdf
}

/// One problem found in an archive: what, where, how bad, and how to repair it.
public struct Finding: Sendable, Hashable, Codable {
    public var code: FindingCode
    /// The name of the rule of Apple's validator the finding implements, where there is one
    /// (`UnitGeometryMustContainDisplayPoint`); our own checks have none.
    public var rule: String?
    public var severity: Severity
    public var message: String
    public var featureID: String?
    public var featureType: String?
    /// The file inside the archive, and the line (and column) in it where known.
    public var file: String?
    public var line: Int?
    public var column: Int?
    public var location: Coordinate?
    public var fix: Fix?

    public init(
        _ code: FindingCode, _ message: String, rule: String? = nil, severity: Severity? = nil, feature: Feature? = nil,
        file: String? = nil, line: Int? = nil, column: Int? = nil, location: Coordinate? = nil, fix: Fix? = nil
    ) {
        self.init(
            code, message, rule: rule, severity: severity, featureID: feature?.id, featureType: feature?.featureType,
            sourceLine: feature?.sourceLine, file: file, line: line, column: column, location: location, fix: fix)
    }

    /// A finding about `feature`, which is read where it lies: wrapped in an optional it would be
    /// copied whole (a retain of each of its parts, and their release) for the three fields taken,
    /// once per finding - about 4% of validating an archive of 144,000 findings.
    public init(
        _ code: FindingCode, _ message: String, rule: String? = nil, severity: Severity? = nil, feature: borrowing Feature,
        file: String? = nil, line: Int? = nil, column: Int? = nil, location: Coordinate? = nil, fix: Fix? = nil
    ) {
        self.init(
            code, message, rule: rule, severity: severity, featureID: feature.id, featureType: feature.featureType,
            sourceLine: feature.sourceLine, file: file, line: line, column: column, location: location, fix: fix)
    }

    private init(
        _ code: FindingCode, _ message: String, rule: String?, severity: Severity?, featureID: String?, featureType: String?,
        sourceLine: Int?, file: String?, line: Int?, column: Int?, location: Coordinate?, fix: Fix?
    ) {
        self.code = code
        self.rule = rule
        self.severity = severity ?? code.severity
        self.message = message
        self.featureID = featureID
        self.featureType = featureType
        self.file = file
        self.line = line ?? sourceLine.flatMap { $0 > 0 ? $0 : nil }
        self.column = column
        self.location = location
        self.fix = fix
    }

    /// Apple's when the finding names one of Apple's rules, else this tool's own.
    public var source: FindingSource { rule == nil ? .imdf : .apple }

    /// `file:line: message`, the way the finding is printed.
    public var place: String {
        guard let file else { return "" }
        guard let line else { return file }
        return column.map { "\(file):\(line):\($0)" } ?? "\(file):\(line)"
    }
}
