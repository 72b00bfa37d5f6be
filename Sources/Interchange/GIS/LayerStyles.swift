// The styles a GeoPackage carries for QGIS, which applies a table's default style from
// `layer_styles` when the table is opened (the QGIS GeoPackage styling convention: one row per
// style, naming its table and geometry column, the style as QML). Units are filled by category
// and openings drawn as lines, in the colours `render --svg` uses (IMDF's Palette), so the map
// looks the same in QGIS as in the terminal and the browser.

import CGDAL
import Foundation
import IMDF

enum LayerStyles {
    static let table = "layer_styles"

    static let fields = [
        FieldDefinition(name: "f_table_catalog", kind: .text),
        FieldDefinition(name: "f_table_schema", kind: .text),
        FieldDefinition(name: "f_table_name", kind: .text),
        FieldDefinition(name: "f_geometry_column", kind: .text),
        FieldDefinition(name: "styleName", kind: .text),
        FieldDefinition(name: "styleQML", kind: .text),
        FieldDefinition(name: "styleSLD", kind: .text),
        FieldDefinition(name: "useAsDefault", kind: .boolean),
        FieldDefinition(name: "description", kind: .text),
        FieldDefinition(name: "owner", kind: .text),
        FieldDefinition(name: "ui", kind: .text),
        FieldDefinition(name: "update_time", kind: .dateTime),
    ]

    /// The style of each table that has one: `unit` and `opening` when they have geometry.
    static func styles(for tables: [GeoPackageSummary.Table]) -> [(table: String, qml: String, description: String)] {
        tables.filter(\.isSpatial).compactMap { table in
            switch table.fileName {
            case FeatureType.unit.fileName: return (table.name, unitsByCategory(), "units filled by category, as imdf render draws them")
            case FeatureType.opening.fileName: return (table.name, openingLines(), "openings as lines, as imdf render draws them")
            default: return nil
            }
        }
    }

    /// Writes `layer_styles` with a default style for each table `styles(for:)` names.
    static func write(into writer: VectorWriter, tables: [GeoPackageSummary.Table], geometryColumn: String) throws(InterchangeError) {
        let styles = styles(for: tables)
        guard !styles.isEmpty else { return }
        let layer = try writer.createLayer(table, geometry: wkbNone, fields: fields, options: ["FID=id"])
        let time = ISO8601DateFormatter().string(from: Date())
        try writer.inTransaction { () throws(InterchangeError) in
            for style in styles {
                try layer.add(
                    [
                        .text(""), .text(""), .text(style.table), .text(geometryColumn), .text(style.table), .text(style.qml), .text(""),
                        .boolean(true),
                        .text(style.description), .text(""), .null, .text(time),
                    ],
                    geometry: nil)
            }
        }
    }

    /// A categorized fill on `category`: one symbol per IMDF unit category in its family's
    /// colour, and the "other" colour for any value IMDF does not define.
    static func unitsByCategory() -> String {
        let categories = CategoryList.unit.values
        var entries = categories.enumerated().map { index, category in
            "<category render=\"true\" symbol=\"\(index)\" value=\"\(escape(category))\" label=\"\(escape(category))\"/>"
        }
        entries.append("<category render=\"true\" symbol=\"\(categories.count)\" value=\"\" label=\"other\"/>")
        var symbols = categories.enumerated().map { index, category in
            fillSymbol(name: String(index), fill: Palette.family(of: category).fill)
        }
        symbols.append(fillSymbol(name: String(categories.count), fill: Palette.other.fill))
        return document(
            """
             <renderer-v2 type="categorizedSymbol" attr="category" symbollevels="0" enableorderby="0" forceraster="0">
              <categories>
               \(entries.joined(separator: "\n   "))
              </categories>
              <symbols>
            \(symbols.joined(separator: "\n"))
              </symbols>
             </renderer-v2>
            """)
    }

    /// One line symbol in the openings' colour.
    static func openingLines() -> String {
        let properties = [
            ("line_color", qgisColour(Palette.opening)), ("line_style", "solid"), ("line_width", "0.6"), ("line_width_unit", "MM"),
            ("capstyle", "round"),
        ]
        return document(
            """
             <renderer-v2 type="singleSymbol" symbollevels="0" enableorderby="0" forceraster="0">
              <symbols>
            \(symbol(type: "line", name: "0", layerClass: "SimpleLine", properties: properties))
              </symbols>
             </renderer-v2>
            """)
    }

    private static func document(_ renderer: String) -> String {
        """
        <!DOCTYPE qgis PUBLIC 'http://mrcc.com/qgis.dtd' 'SYSTEM'>
        <qgis version="3.28.0" styleCategories="Symbology">
        \(renderer)
        </qgis>

        """
    }

    private static func fillSymbol(name: String, fill: String) -> String {
        symbol(
            type: "fill", name: name, layerClass: "SimpleFill",
            properties: [
                ("color", qgisColour(fill)), ("style", "solid"), ("outline_color", qgisColour(Palette.unitEdge)),
                ("outline_style", "solid"),
                ("outline_width", "0.26"), ("outline_width_unit", "MM"),
            ])
    }

    /// A symbol of one layer; its properties written both as `Option`s (QGIS 3.26 and later) and
    /// as `prop`s (the earlier 3.x releases), as QGIS itself writes them.
    private static func symbol(type: String, name: String, layerClass: String, properties: [(String, String)]) -> String {
        let options = properties.map { "<Option name=\"\($0.0)\" type=\"QString\" value=\"\(escape($0.1))\"/>" }.joined()
        let props = properties.map { "<prop k=\"\($0.0)\" v=\"\(escape($0.1))\"/>" }.joined()
        return """
               <symbol type="\(type)" name="\(name)" alpha="1" clip_to_extent="1" force_rhr="0">
                <layer class="\(layerClass)" enabled="1" locked="0" pass="0"><Option type="Map">\(options)</Option>\(props)</layer>
               </symbol>
            """
    }

    /// `#rrggbb` or `#rgb` as QGIS writes a colour: `r,g,b,alpha`.
    static func qgisColour(_ hex: String) -> String {
        var digits = Array(hex.drop { $0 == "#" })
        if digits.count == 3 { digits = digits.flatMap { [$0, $0] } }
        let channels = stride(from: 0, to: 6, by: 2).map { index -> Int in
            guard digits.count == 6 else { return 0 }
            return Int(String(digits[index...index + 1]), radix: 16) ?? 0
        }
        return channels.map(String.init).joined(separator: ",") + ",255"
    }

    private static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(
            of: "\"", with: "&quot;")
    }
}
