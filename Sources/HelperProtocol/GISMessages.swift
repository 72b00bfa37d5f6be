// A GIS layer through the helper: its import (`import gis`) with the report it gives, and the files
// a dataset is made of (a Shapefile's .shp, .shx, .dbf, .prj), whose digests an import records.

import IMDF

/// `import-gis`: a layer of any vector source GDAL reads as drafted features of one type.
public struct GISImportRequest: HelperRequest {
    public static let job = HelperJob.importGIS
    public typealias Reply = GISImportReply

    public var file: String
    /// The layer to read; needed when the source has several.
    public var layer: String?
    public var type: FeatureType
    /// The mapping file: attributes to names, attribute values to categories.
    public var map: String
    /// The reference system the coordinates are in when the source does not say.
    public var crs: String?
    /// The language of names when the mapping does not give one.
    public var language: String

    public init(file: String, layer: String?, type: FeatureType, map: String, crs: String?, language: String) {
        self.file = file
        self.layer = layer
        self.type = type
        self.map = map
        self.crs = crs
        self.language = language
    }
}

public struct GISImportReply: Codable, Sendable {
    public var drafts: [FeatureDraft]
    public var report: GISImportReport

    public init(drafts: [FeatureDraft], report: GISImportReport) {
        self.drafts = drafts
        self.report = report
    }
}

/// What reading a layer found, besides its features.
public struct GISImportReport: Sendable, Equatable, Codable {
    /// A value and how many features had it.
    public struct Count: Sendable, Equatable, Codable {
        public var value: String
        public var count: Int

        public init(_ value: String, _ count: Int) {
            self.value = value
            self.count = count
        }
    }

    public var layer: String
    /// The file's name, without its folder.
    public var fileName: String
    /// GDAL's name for the format ("ESRI Shapefile", "GPKG", "GeoJSON").
    public var driver: String
    /// The reference system reprojected from, by name; "assumed" when the request named it.
    public var referenceSystem: String
    public var features = 0
    /// Features per category given, most first.
    public var categories: [Count] = []
    /// The category field, and its values that had no category (given the default), most first;
    /// an empty or missing value is counted as "".
    public var categoryField: String?
    public var unmapped: [Count] = []
    public var defaultCategory: String?
    /// Features with no value in any name field.
    public var unnamed = 0

    public init(layer: String, fileName: String, driver: String, referenceSystem: String) {
        self.layer = layer
        self.fileName = fileName
        self.driver = driver
        self.referenceSystem = referenceSystem
    }
}

/// `dataset-files`: the files GDAL reads for a dataset; none when GDAL cannot open it.
public struct DatasetFilesRequest: HelperRequest {
    public static let job = HelperJob.datasetFiles
    public typealias Reply = [String]

    public var file: String

    public init(file: String) { self.file = file }
}
