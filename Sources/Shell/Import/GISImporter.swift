// `import gis FILE [layer=NAME] type=T map=MAP.json [crs=CRS]`: a layer of any vector source GDAL
// reads, reprojected to WGS 84, with names and categories by a mapping file (Interchange/GIS, run
// by the GDAL helper).

import Foundation
import HelperProtocol
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
    var argumentHelp: [String: String] {
        [
            "type": "The IMDF feature type: \(ImportFeatures.types.map(\.rawValue).joined(separator: ", ")).",
            "map": "The mapping file (JSON): attributes to names, attribute values to categories.",
            "layer": "The layer to read; needed when the file holds several.",
            "crs": "The reference system the coordinates are in, when the file does not say (e.g. EPSG:25832).",
        ]
    }

    /// A Shapefile is several files (.shp, .shx, .dbf, .prj, ...): all of them, as GDAL lists them.
    func files(of file: String) -> [String] {
        let files = (try? GDALHelperClient.ask(DatasetFilesRequest(file: file), consequence: "nothing imported")) ?? []
        return files.isEmpty ? [file] : files
    }

    func read(_ file: String, _ arguments: Arguments, _ context: ImportContext) throws(EditError) -> ImportReading {
        guard let type = arguments.option("type").flatMap(FeatureType.init(rawValue:)) else {
            throw EditError("import gis: give type=\(ImportFeatures.types.map(\.rawValue).joined(separator: "|"))", argument: "type")
        }
        let request = GISImportRequest(
            file: file, layer: arguments.option("layer"), type: type, map: arguments.option("map") ?? "", crs: arguments.option("crs"),
            language: context.language)
        let reply: GISImportReply
        do {
            reply = try GDALHelperClient.ask(request, consequence: "nothing imported", verbose: arguments.flag("--verbose"))
        } catch {
            throw EditError("import gis: \(error.message)", argument: "FILE")
        }
        return ImportReading(drafts: reply.drafts, lines: GISImportWording.lines(reply.report), json: GISImportWording.json(reply.report))
    }
}
