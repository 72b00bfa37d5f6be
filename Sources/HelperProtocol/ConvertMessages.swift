// `imdf convert` when GDAL is involved: an archive to a GeoPackage or to Shapefiles, and a
// GeoPackage imdf wrote back to an archive, with what was edited in it.

import Foundation
import IMDF

/// `convert`: reads `input`, and writes `output` unless only the edits are asked for. imdf holds
/// the write lock on `output` while the helper runs.
public struct ConvertRequest: HelperRequest {
    public static let job = HelperJob.convert
    public typealias Reply = ConvertReply

    public var input: String
    public var output: String
    public var limits: ArchiveLimits
    /// Say what was edited in the GeoPackage `input`, and write nothing.
    public var dryRun: Bool
    /// The time an archive written is stamped with (its manifest's `created`).
    public var created: Date

    public init(input: String, output: String, limits: ArchiveLimits, dryRun: Bool, created: Date) {
        self.input = input
        self.output = output
        self.limits = limits
        self.dryRun = dryRun
        self.created = created
    }
}

public struct ConvertReply: Codable, Sendable {
    /// What reading an archive said about its files (none for a GeoPackage).
    public var diagnostics: [ArchiveDiagnostic] = []
    /// What reading a GeoPackage warned about (a column added in a GIS, left out).
    public var warnings: [String] = []
    /// What was edited in a GeoPackage read back; nil when the input is an archive.
    public var edits: GeoPackageEditSummary?
    /// What was written; nil for a dry run.
    public var written: ConvertedOutput?

    public init() {}
}

/// The features edited in a GeoPackage since imdf wrote it, by the ids the summary shows (unique
/// among the archive's), and how many rows were added and deleted.
public struct GeoPackageEditSummary: Sendable, Equatable, Codable {
    public struct Change: Sendable, Equatable, Codable {
        public var featureType: String
        public var shortID: String
        /// The columns whose cells changed, `geom` named `geometry`.
        public var columns: [String]

        public init(featureType: String, shortID: String, columns: [String]) {
            self.featureType = featureType
            self.shortID = shortID
            self.columns = columns
        }
    }

    public var changed: [Change]
    public var added: Int
    public var deleted: Int

    public init(changed: [Change], added: Int, deleted: Int) {
        self.changed = changed
        self.added = added
        self.deleted = deleted
    }
}

/// What a conversion wrote.
public struct ConvertedOutput: Sendable, Equatable, Codable {
    public enum Format: String, Sendable, Codable {
        case geoPackage, shapefiles, folder, zip
    }

    public var format: Format
    public var features: Int
    /// Tables of a GeoPackage, layers of Shapefiles, files of an archive.
    public var parts: Int
    /// GeoPackage tables with a spatial index.
    public var spatialParts = 0
    /// The table or file that says more: a GeoPackage's archive table, the Shapefiles' field list.
    public var companion: String?
    /// Shapefile field names cut to 10 characters, and text values cut to 254 bytes.
    public var cutNames = 0
    public var cutValues = 0

    public init(format: Format, features: Int, parts: Int) {
        self.format = format
        self.features = features
        self.parts = parts
    }
}
