// What `import dxf` prints: the drawing's layers (--list), and the import's report, as text for a
// person and as JSON for programs.

import Foundation
import Geometry
import Interchange

public enum DrawingImportOutput {
    static func number(_ value: Double) -> String {
        let rounded = (value * 1000).rounded() / 1000
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }

    static func box(_ bounds: Bounds) -> String {
        bounds.isEmpty ? "empty" : "\(number(bounds.minX)),\(number(bounds.minY)) \(number(bounds.width))x\(number(bounds.height))"
    }

    public static func listing(_ listing: DrawingListing) -> String {
        let units = listing.header.insertionUnits.map { code in DrawingUnit(insertionUnits: code).map { "\(code) (\($0.name))" } ?? "\(code)" } ?? "none"
        var lines = [
            "\(listing.path): \(listing.header.version ?? "version unknown"), $INSUNITS \(units)\(listing.header.codePage.map { ", code page \($0)" } ?? "")",
            "extent \(box(listing.extent)) (drawing units)\(listing.paperSpaceEntities > 0 ? "; \(listing.paperSpaceEntities) paper-space entities not listed" : "")",
        ]
        let nameWidth = min(32, listing.layers.map(\.name.count).max() ?? 5)
        for layer in listing.layers {
            let counts = layer.counts.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", ")
            let roles = layer.roles.map(\.rawValue) + (layer.clutter ? ["clutter"] : [])
            let name = TerminalText.sanitized(layer.name)
            lines.append("  \(name.padding(toLength: max(nameWidth, name.count), withPad: " ", startingAt: 0))  \(counts)  [\(box(layer.bounds))]\(roles.isEmpty ? "" : "  looks like: \(roles.joined(separator: ", "))")")
        }
        if !listing.blocks.isEmpty { lines.append("blocks: \(listing.blocks.map(TerminalText.sanitized).joined(separator: ", "))") }
        return lines.joined(separator: "\n")
    }

    public static func text(_ report: DXFImportReport) -> String {
        var lines: [String] = []
        lines.append("units: \(report.units.reason)")
        for role in LayerRole.allCases {
            let layers = report.layers[role] ?? []
            lines.append("\(role.rawValue) layers: \(layers.isEmpty ? "none" : layers.map(TerminalText.sanitized).joined(separator: ", "))")
        }
        if !report.droppedLayers.isEmpty {
            lines.append("left out: " + report.droppedLayers.map { "\(TerminalText.sanitized($0.layer)) (\($0.entities))" }.joined(separator: ", "))
        }
        if report.paperSpaceEntities > 0 { lines.append("left out: \(report.paperSpaceEntities) paper-space entities") }
        if report.straysDropped > 0 { lines.append("left out: \(report.straysDropped) entities outside the plan's extent") }
        lines.append("rooms: \(report.rooms) (\(report.named) named, \(report.rooms - report.named) unnamed), \(report.roomSource)")
        if let hint = report.hint { lines.append(TerminalText.sanitized(hint)) }
        var dropped: [String] = []
        if report.duplicatesDropped > 0 { dropped.append("\(report.duplicatesDropped) duplicate outlines") }
        if report.outlinesDropped > 0 { dropped.append("\(report.outlinesDropped) outlines around several rooms") }
        if report.tooSmallDropped > 0 { dropped.append("\(report.tooSmallDropped) shapes too small or too large to be rooms") }
        if !dropped.isEmpty { lines.append("not rooms: " + dropped.joined(separator: ", ")) }
        for repair in report.repaired { lines.append("repaired: \(TerminalText.sanitized(repair))") }
        let sources = report.openingSources.sorted { $0.key < $1.key }.map { "\($0.value) from \($0.key == "gap" ? "wall gaps" : $0.key == "swing" ? "swings" : "door blocks")" }
        lines.append("doors: \(report.openings)\(sources.isEmpty ? "" : " (\(sources.joined(separator: ", ")))")\(report.unplacedDoors > 0 ? "; \(report.unplacedDoors) not near any room's wall, not placed" : "")")
        if !report.unplacedLabels.isEmpty {
            lines.append("labels in no room (\(report.unplacedLabels.count)): " + report.unplacedLabels.prefix(20).map {
                "\"\(TerminalText.sanitized($0.text))\" at \(number($0.at.x)),\(number($0.at.y))"
            }.joined(separator: ", ") + (report.unplacedLabels.count > 20 ? ", ..." : ""))
        }
        if let rmse = report.rmse {
            let residuals = report.residuals.enumerated().map { "\($0.offset + 1): \(String(format: "%.3f", $0.element)) m" }.joined(separator: ", ")
            lines.append("georeferenced: residuals \(residuals); RMSE \(String(format: "%.3f", rmse)) m; scale \(String(format: "%.4f", report.scale))")
        } else {
            lines.append("not georeferenced: placed at the level's south-west corner, north up; give two or more --control points to place it")
        }
        if report.problems.isEmpty {
            lines.append("geometry: every room a valid polygon, none overlapping another by more than 0.5 m2")
        } else {
            lines.append("geometry problems (\(report.problems.count)): " + report.problems.joined(separator: "; "))
        }
        return lines.joined(separator: "\n")
    }

    public static func json(_ report: DXFImportReport, created: [String: Int] = [:]) throws -> String {
        struct Label: Encodable {
            var text: String
            var x: Double
            var y: Double
        }
        struct Dropped: Encodable {
            var layer: String
            var entities: Int
        }
        struct Units: Encodable {
            var unit: String
            var declared: String?
            var reason: String
        }
        struct Shown: Encodable {
            var rooms: Int
            var named: Int
            var openings: Int
            var opening_sources: [String: Int]
            var unplaced_doors: Int
            var unplaced_labels: [Label]
            var dropped_layers: [Dropped]
            var paper_space_entities: Int
            var strays: Int
            var units: Units
            var layers: [String: [String]]
            var rmse_m: Double?
            var residuals_m: [Double]
            var scale: Double
            var repaired: [String]
            var problems: [String]
            var duplicates: Int
            var outlines: Int
            var hint: String?
            var created: [String: Int]
        }
        let shown = Shown(
            rooms: report.rooms, named: report.named, openings: report.openings, opening_sources: report.openingSources, unplaced_doors: report.unplacedDoors,
            unplaced_labels: report.unplacedLabels.map { Label(text: $0.text, x: $0.at.x, y: $0.at.y) },
            dropped_layers: report.droppedLayers.map { Dropped(layer: $0.layer, entities: $0.entities) },
            paper_space_entities: report.paperSpaceEntities, strays: report.straysDropped,
            units: Units(unit: report.units.unit.rawValue, declared: report.units.declared?.rawValue, reason: report.units.reason),
            layers: Dictionary(uniqueKeysWithValues: report.layers.map { ($0.key.rawValue, $0.value) }),
            rmse_m: report.rmse, residuals_m: report.residuals, scale: report.scale, repaired: report.repaired, problems: report.problems,
            duplicates: report.duplicatesDropped, outlines: report.outlinesDropped, hint: report.hint, created: created)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(shown), as: UTF8.self)
    }
}
