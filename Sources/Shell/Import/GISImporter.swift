// `import gis FILE [layer=NAME] type=T map=MAP.json [crs=CRS]`: a layer of any vector source GDAL
// reads, reprojected to WGS 84, with names and categories by a mapping file (Interchange/GIS).

import Foundation
import IMDF
import Interchange
import Workbench

struct GISImporter: Importer {
    var format: String { "gis" }
    var grammar: [GrammarPart] {
        [
            .option("type", Parameter(ImportFeatures.types.map(\.rawValue).joined(separator: "|"), .words(ImportFeatures.types.map(\.rawValue))), required: true),
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
        let files = (try? VectorSource(path: file).files) ?? []
        return files.isEmpty ? [file] : files
    }

    func read(_ file: String, _ arguments: Arguments, _ context: ImportContext) throws(EditError) -> ImportReading {
        let type = FeatureType(rawValue: arguments.option("type") ?? "") ?? .unit
        let result: GISImport
        do {
            let mapping = try GISMapping.read(arguments.option("map") ?? "", for: type)
            result = try GISImport.read(GISImport.Request(
                path: file, layer: arguments.option("layer"), type: type, mapping: mapping, assumedReferenceSystem: arguments.option("crs"),
                language: context.language))
        } catch {
            throw EditError("import gis: \(error.message)", argument: "FILE")
        }
        let name = URL(fileURLWithPath: file).lastPathComponent
        var lines = [
            "read \(result.drafts.count) feature\(result.drafts.count == 1 ? "" : "s") of layer \(result.layer) of \(name) (\(result.driver)), "
                + "reprojected from \(result.referenceSystem) to WGS 84"
        ]
        func counts(_ counts: [GISImport.Count]) -> String {
            counts.map { "\($0.value.isEmpty ? "(empty)" : $0.value) \($0.count)" }.joined(separator: ", ")
        }
        if !result.categories.isEmpty { lines.append("categories: \(counts(result.categories))") }
        if let field = result.categoryField, !result.unmapped.isEmpty {
            let total = result.unmapped.reduce(0) { $0 + $1.count }
            lines.append("\(result.unmapped.count) value\(result.unmapped.count == 1 ? "" : "s") of \(field) not in the mapping (\(total) feature\(total == 1 ? "" : "s"), given \(result.defaultCategory ?? "no category")): \(counts(result.unmapped))")
        }
        if result.unnamed > 0 { lines.append("\(result.unnamed) feature\(result.unnamed == 1 ? " has" : "s have") no name") }
        var json = JSONObject()
        json.append(key: "layer", value: .string(result.layer))
        json.append(key: "driver", value: .string(result.driver))
        json.append(key: "crs", value: .string(result.referenceSystem))
        json.append(key: "features", value: .number(JSONNumber(result.drafts.count)))
        func object(_ counts: [GISImport.Count]) -> JSONValue {
            .object(JSONObject(counts.map { JSONObject.Entry(key: $0.value, value: .number(JSONNumber($0.count))) }))
        }
        json.append(key: "categories", value: object(result.categories))
        json.append(key: "category_field", value: result.categoryField.map(JSONValue.string) ?? .null)
        json.append(key: "unmapped", value: object(result.unmapped))
        json.append(key: "default_category", value: result.defaultCategory.map(JSONValue.string) ?? .null)
        json.append(key: "unnamed", value: .number(JSONNumber(result.unnamed)))
        return ImportReading(drafts: result.drafts, lines: lines, json: json)
    }
}
