// `imdf-gdal import-gis` and `imdf-gdal dataset-files` (requests on standard input): a GIS layer
// read through Interchange/GIS as drafts with a report; the files a dataset is made of.

import Foundation
import IMDF
import Interchange

enum GISJobs {
    /// Request: `file`, `layer`, `type`, `map`, `crs`, `language`. Reply: `drafts`, `lines`, `json`.
    static func importLayer() -> Never {
        let request = Request.read()
        guard let file = request.text("file"), let mapPath = request.text("map"), let language = request.text("language"),
            let type = request.text("type").flatMap(FeatureType.init(rawValue:))
        else { Reply.fail("the request names no file, map, type or language") }
        let result: GISImport
        do {
            let mapping = try GISMapping.read(mapPath, for: type)
            result = try GISImport.read(
                GISImport.Request(
                    path: file, layer: request.text("layer"), type: type, mapping: mapping, assumedReferenceSystem: request.text("crs"),
                    language: language))
        } catch {
            Reply.fail(error.message)
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
            lines.append(
                "\(result.unmapped.count) value\(result.unmapped.count == 1 ? "" : "s") of \(field) not in the mapping (\(total) feature\(total == 1 ? "" : "s"), given \(result.defaultCategory ?? "no category")): \(counts(result.unmapped))"
            )
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
        Reply.succeed(["drafts": Reply.drafts(result.drafts), "lines": .array(lines.map(JSONValue.string)), "json": .object(json)])
    }

    /// Request: `file`. Reply: `files`, the files GDAL reads for it (a Shapefile's .shp, .shx,
    /// .dbf, .prj, ...); empty when GDAL cannot open it.
    static func datasetFiles() -> Never {
        let request = Request.read()
        guard let file = request.text("file") else { Reply.fail("the request names no file") }
        let files = (try? VectorSource(path: file).files) ?? []
        Reply.succeed(["files": .array(files.map(JSONValue.string))])
    }
}
