// What `import gis` prints: the layer read, the categories given, the values the mapping did not
// name and the features without a name, as text and as JSON, from the GDAL helper's report.

import HelperProtocol
import IMDF
import Render

enum GISImportWording {
    static func lines(_ report: GISImportReport) -> [String] {
        var lines = [
            "read \(report.features) feature\(report.features == 1 ? "" : "s") of layer \(TerminalText.escaped(report.layer)) of \(TerminalText.escaped(report.fileName)) (\(report.driver)), "
                + "reprojected from \(TerminalText.escaped(report.referenceSystem)) to WGS 84"
        ]
        func counts(_ counts: [GISImportReport.Count]) -> String {
            counts.map { "\($0.value.isEmpty ? "(empty)" : TerminalText.escaped($0.value)) \($0.count)" }.joined(separator: ", ")
        }
        if !report.categories.isEmpty { lines.append("categories: \(counts(report.categories))") }
        if let field = report.categoryField, !report.unmapped.isEmpty {
            let total = report.unmapped.reduce(0) { $0 + $1.count }
            lines.append(
                "\(report.unmapped.count) value\(report.unmapped.count == 1 ? "" : "s") of \(TerminalText.escaped(field)) not in the mapping (\(total) feature\(total == 1 ? "" : "s"), given \(report.defaultCategory ?? "no category")): \(counts(report.unmapped))"
            )
        }
        if report.unnamed > 0 { lines.append("\(report.unnamed) feature\(report.unnamed == 1 ? " has" : "s have") no name") }
        return lines
    }

    static func json(_ report: GISImportReport) -> JSONObject {
        var json = JSONObject()
        json.append(key: "layer", value: .string(report.layer))
        json.append(key: "driver", value: .string(report.driver))
        json.append(key: "crs", value: .string(report.referenceSystem))
        json.append(key: "features", value: .number(JSONNumber(report.features)))
        func object(_ counts: [GISImportReport.Count]) -> JSONValue {
            .object(JSONObject(counts.map { JSONObject.Entry(key: $0.value, value: .number(JSONNumber($0.count))) }))
        }
        json.append(key: "categories", value: object(report.categories))
        json.append(key: "category_field", value: report.categoryField.map(JSONValue.string) ?? .null)
        json.append(key: "unmapped", value: object(report.unmapped))
        json.append(key: "default_category", value: report.defaultCategory.map(JSONValue.string) ?? .null)
        json.append(key: "unnamed", value: .number(JSONNumber(report.unnamed)))
        return json
    }
}
