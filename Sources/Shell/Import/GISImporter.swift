// `import gis FILE [layer=NAME] type=T map=MAP.json [crs=CRS]`: a layer of any vector source GDAL
// reads, reprojected to WGS 84, with names and categories by a mapping file (Interchange/GIS, run
// by the GDAL helper).

import Foundation
import IMDF
import Workbench

struct GISImporter: Importer {
    var format: String { "gis" }
    var grammar: [GrammarPart] {
        [
            .option(
                "type",
                Parameter(ImportFeatures.types.map(\.rawValue).joined(separator: "|"), .words(ImportFeatures.types.map(\.rawValue))),
                required: true),
            .option("map", Parameter("MAP.json", .path), required: true),
            .option("layer", Parameter("NAME", .text)),
            .option("crs", Parameter("CRS", .text)),
        ]
    }
    var summary: String { "features of a GIS layer (Shapefile, GeoPackage, GeoJSON, ...), reprojected, mapped by MAP.json" }
    var example: String { "import gis rooms.gpkg layer=rooms type=unit map=rooms-map.json" }
    var fileOptions: [String] { ["map"] }

    /// A Shapefile is several files (.shp, .shx, .dbf, .prj, ...): all of them, as GDAL lists them.
    func files(of file: String) -> [String] {
        let reply = try? GDALHelperClient.run("dataset-files", ["file": .string(file)])
        let files: [String]
        if case .array(let values)? = reply?["files"] {
            files = values.compactMap { if case .string(let path) = $0 { path } else { nil } }
        } else {
            files = []
        }
        return files.isEmpty ? [file] : files
    }

    func read(_ file: String, _ arguments: Arguments, _ context: ImportContext) throws(EditError) -> ImportReading {
        var request = JSONObject()
        request.append(key: "file", value: .string(file))
        request.append(key: "layer", value: arguments.option("layer").map(JSONValue.string) ?? .null)
        request.append(key: "type", value: .string(arguments.option("type") ?? "unit"))
        request.append(key: "map", value: .string(arguments.option("map") ?? ""))
        request.append(key: "crs", value: arguments.option("crs").map(JSONValue.string) ?? .null)
        request.append(key: "language", value: .string(context.language))
        return try GDALHelperClient.reading("import-gis", request, command: "import gis")
    }
}
