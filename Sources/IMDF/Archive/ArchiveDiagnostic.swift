/// Something the reader noticed about an archive, located as precisely as it can be:
/// `amenity.geojson:1086:3: trailing comma before ']'`.
public struct ArchiveDiagnostic: Sendable, Hashable, Codable, CustomStringConvertible {
    public enum Severity: String, Sendable, Hashable, Codable {
        case error
        case warning
    }

    /// What the diagnostic is about, for tools that act on it (validation maps these to codes).
    public enum Kind: String, Sendable, Hashable, Codable {
        case general
        /// The file could not be read; its content is missing from the load.
        case unreadableFile
        case missingManifest
        case manifestVersion
        case duplicateID
    }

    public var severity: Severity
    public var kind: Kind
    /// The file inside the archive (or the archive itself) the message is about.
    public var file: String?
    public var location: TextLocation?
    public var featureID: String?
    public var message: String
    /// The structural defect behind an unreadable file, where the reader names one.
    public var defect: StructuralDefect?

    public init(
        _ severity: Severity, kind: Kind = .general, file: String? = nil, location: TextLocation? = nil,
        featureID: String? = nil, message: String, defect: StructuralDefect? = nil
    ) {
        self.defect = defect
        self.severity = severity
        self.kind = kind
        self.file = file
        self.location = location
        self.featureID = featureID
        self.message = message
    }

    /// `file:line:column: message`, as compilers and editors print locations.
    public var description: String {
        var place = file ?? ""
        if let location { place += ":\(location.line):\(location.column)" }
        return place.isEmpty ? message : "\(place): \(message)"
    }
}

/// The archive could not be opened at all (no such path, not a zip, unsafe entries, no IMDF
/// content). Every problem found is listed, not just the first.
public struct ArchiveReadError: Error, Sendable, CustomStringConvertible {
    public var path: String
    public var diagnostics: [ArchiveDiagnostic]

    public var description: String {
        diagnostics.map { "\(path): \($0)" }.joined(separator: "\n")
    }
}
