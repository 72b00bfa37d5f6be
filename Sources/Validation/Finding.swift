import IMDF

public enum Severity: String, Sendable, Hashable, Comparable, CaseIterable, Codable {
    case error
    case warning
    case info

    public static func < (lhs: Severity, rhs: Severity) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// A repair for a finding, described in words and, where the editor has a command for it, as the
/// command line that performs it.
public struct Fix: Sendable, Hashable, Codable {
    public var description: String
    public var command: String?
    /// Whether `fix` may run the command as it stands. A command with a value for a person to
    /// choose (`level_id=REF`, `name=...`, an example category) or one that is not an edit (`save`)
    /// is shown, never run.
    public var automatic: Bool

    public init(_ description: String, command: String? = nil, automatic: Bool? = nil) {
        self.description = description
        self.command = command
        self.automatic = automatic ?? command.map { command in
            command != "save" && !command.split(separator: " ").contains { $0.hasSuffix("=REF") || $0.hasSuffix("=...") }
        } ?? false
    }
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

/// One problem found in an archive: what, where, how bad, and how to repair it.
public struct Finding: Sendable, Hashable, Codable {
    public var code: FindingCode
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
        _ code: FindingCode, _ message: String, severity: Severity? = nil, feature: Feature? = nil,
        file: String? = nil, line: Int? = nil, column: Int? = nil, location: Coordinate? = nil, fix: Fix? = nil
    ) {
        self.code = code
        self.severity = severity ?? code.severity
        self.message = message
        self.featureID = feature?.id
        self.featureType = feature?.featureType
        self.file = file
        self.line = line ?? feature.flatMap { $0.sourceLine > 0 ? $0.sourceLine : nil }
        self.column = column
        self.location = location
        self.fix = fix
    }

    /// `file:line: message`, the way the finding is printed.
    public var place: String {
        guard let file else { return "" }
        guard let line else { return file }
        return column.map { "\(file):\(line):\($0)" } ?? "\(file):\(line)"
    }
}
