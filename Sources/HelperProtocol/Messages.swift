// What imdf and its GDAL helper (imdf-gdal) say to each other. imdf starts the helper with a job's
// name as its one argument, writes the job's request as JSON on its standard input, and reads one
// reply from its standard output. Both sides encode and decode the same Codable types declared in
// this module, so a field is named once; replies carry data (counts, names, reasons, drafted
// features), which imdf alone words for the user.

import Foundation
import IMDF

/// A request to the helper: the job it is for, and the reply that job gives.
public protocol HelperRequest: Codable, Sendable {
    associatedtype Reply: Codable, Sendable
    static var job: HelperJob { get }
}

/// The helper's jobs: its first command-line argument.
public enum HelperJob: String, CaseIterable, Sendable {
    case importDrawing = "import-dxf"
    case listDrawing = "list-dxf"
    case importGIS = "import-gis"
    case datasetFiles = "dataset-files"
    case convert
}

/// The helper is imdf's child and nobody else's: imdf names itself in this environment variable,
/// and the helper ends when its parent is no longer that process (imdf was killed), instead of
/// working on for nobody in a process group Ctrl-C does not reach.
public enum HelperParent {
    public static let variable = "IMDF_GDAL_PARENT"
}

/// A reply: the job's value, or why the job failed.
public struct HelperReply<Value: Codable & Sendable>: Codable, Sendable {
    public var value: Value?
    public var failure: HelperFailure?

    public static func succeeded(_ value: Value) -> HelperReply { HelperReply(value: value, failure: nil) }
    public static func failed(_ failure: HelperFailure) -> HelperReply { HelperReply(value: nil, failure: failure) }
}

/// Why a job failed, said in full (the file, the layer, the row), with the exit status a
/// command-line run ends with and the diagnostics of an archive read before the failure.
public struct HelperFailure: Error, Codable, Sendable {
    public var message: String
    public var status: Int32
    public var diagnostics: [ArchiveDiagnostic]

    /// A file that could not be read (exit status 3, as for an unreadable archive).
    public static let unreadable: Int32 = 3
    /// Anything else that stopped the job (exit status 1).
    public static let failed: Int32 = 1

    public init(_ message: String, status: Int32 = HelperFailure.failed, diagnostics: [ArchiveDiagnostic] = []) {
        self.message = message
        self.status = status
        self.diagnostics = diagnostics
    }
}

/// The JSON both sides write and read. Non-finite numbers (an empty box's infinite corners, a
/// residual of a degenerate fit) travel as strings, which plain JSON has no numbers for.
public enum HelperCoding {
    private static let nonFinite = (positive: "Infinity", negative: "-Infinity", nan: "NaN")

    public static func encode<Value: Encodable>(_ value: Value) throws -> Data {
        let encoder = JSONEncoder()
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: nonFinite.positive, negativeInfinity: nonFinite.negative, nan: nonFinite.nan)
        return try encoder.encode(value)
    }

    public static func decode<Value: Decodable>(_ type: Value.Type, from data: Data) throws -> Value {
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(
            positiveInfinity: nonFinite.positive, negativeInfinity: nonFinite.negative, nan: nonFinite.nan)
        return try decoder.decode(type, from: data)
    }
}
