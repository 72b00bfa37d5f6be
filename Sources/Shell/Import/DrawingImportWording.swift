// What `import dxf` prints: the drawing's layers (--list), and the import's report, as text for a
// person and as JSON for programs, from the data the GDAL helper answers with.

import Foundation
import Geometry
import HelperProtocol
import IMDF
import Render

public enum DrawingImportWording {
    /// A number of the drawing to three decimals, whole numbers without them. `Int(exactly:)`
    /// rather than `Int(_:)`, which stops the program on a value beyond Int's range.
    static func number(_ value: Double) -> String {
        let rounded = (value * 1000).rounded() / 1000
        return Int(exactly: rounded).map(String.init) ?? String(rounded)
    }

    static func box(_ bounds: Bounds) -> String {
        bounds.isEmpty ? "empty" : "\(number(bounds.minX)),\(number(bounds.minY)) \(number(bounds.width))x\(number(bounds.height))"
    }

    public static func listing(_ listing: DrawingListing) -> String {
        let units =
            listing.header.insertionUnits.map { code in DrawingUnit(insertionUnits: code).map { "\(code) (\($0.name))" } ?? "\(code)" }
            ?? "none"
        var lines = [
            "\(listing.path): \(listing.header.version ?? "version unknown"), $INSUNITS \(units)\(listing.header.codePage.map { ", code page \($0)" } ?? "")",
            "extent \(box(listing.extent)) (drawing units)\(listing.paperSpaceEntities > 0 ? "; \(listing.paperSpaceEntities) paper-space entities not listed" : "")",
        ]
        let nameWidth = min(32, listing.layers.map(\.name.count).max() ?? 5)
        for layer in listing.layers {
            let counts = layer.counts.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", ")
            let roles = layer.roles.map(\.rawValue) + (layer.clutter ? ["clutter"] : [])
            let name = TerminalText.escaped(layer.name)
            lines.append(
                "  \(name.padding(toLength: max(nameWidth, name.count), withPad: " ", startingAt: 0))  \(counts)  [\(box(layer.bounds))]\(roles.isEmpty ? "" : "  looks like: \(roles.joined(separator: ", "))")\(layer.why.map { " (\(TerminalText.escaped($0)))" } ?? "")"
            )
        }
        // Anonymous blocks (`*D12` for a dimension, `*U3`, `*T80`) are the program's, not the
        // drawer's: counted, not listed.
        let named = listing.blocks.filter { !$0.hasPrefix("*") }
        let anonymous = listing.blocks.count - named.count
        if !listing.blocks.isEmpty {
            lines.append(
                "blocks: \(named.map(TerminalText.escaped).joined(separator: ", "))"
                    + (anonymous == 0 ? "" : "\(named.isEmpty ? "" : "; ")\(anonymous) anonymous (*D, *U, ...)"))
        }
        return lines.joined(separator: "\n")
    }

    public static func listingJSON(_ listing: DrawingListing) -> String {
        func number(_ value: Double) -> JSONValue { JSONNumber(value).map(JSONValue.number) ?? .null }
        func box(_ bounds: Bounds) -> JSONValue {
            bounds.isEmpty ? .null : .array([number(bounds.minX), number(bounds.minY), number(bounds.maxX), number(bounds.maxY)])
        }
        var json = JSONObject()
        json.append(key: "file", value: .string(listing.path))
        json.append(key: "version", value: listing.header.version.map(JSONValue.string) ?? .null)
        json.append(key: "insunits", value: listing.header.insertionUnits.map { .number(JSONNumber($0)) } ?? .null)
        json.append(key: "code_page", value: listing.header.codePage.map(JSONValue.string) ?? .null)
        json.append(key: "extent", value: box(listing.extent))
        json.append(key: "paper_space_entities", value: .number(JSONNumber(listing.paperSpaceEntities)))
        json.append(
            key: "layers",
            value: .array(
                listing.layers.map { layer in
                    .object([
                        "name": .string(layer.name),
                        "entities": .object(
                            JSONObject(
                                layer.counts.sorted { $0.key < $1.key }.map { .init(key: $0.key, value: .number(JSONNumber($0.value))) })),
                        "extent": box(layer.bounds), "looks_like": .array(layer.roles.map { .string($0.rawValue) }),
                        "clutter": .bool(layer.clutter), "why": layer.why.map(JSONValue.string) ?? .null,
                    ])
                }))
        json.append(key: "blocks", value: .array(listing.blocks.map(JSONValue.string)))
        return JSONValue.object(json).inlineText
    }

    static func lines(_ report: DXFImportReport) -> [String] {
        var lines: [String] = []
        lines.append("units: \(report.units.reason)")
        // A layer's reason is given once, with the first role it has (the one it explains).
        var explained = Set<String>()
        for role in LayerRole.allCases {
            let layers = report.layers[role] ?? []
            let shown = layers.map { layer in
                let reason = explained.insert(layer).inserted ? report.layerReasons[layer] : nil
                return TerminalText.escaped(layer) + (reason.map { " (\(TerminalText.escaped($0)))" } ?? "")
            }
            lines.append("\(role.rawValue) layers: \(layers.isEmpty ? "none" : shown.joined(separator: ", "))")
        }
        if !report.droppedLayers.isEmpty {
            lines.append(
                "left out: " + report.droppedLayers.map { "\(TerminalText.escaped($0.layer)) (\($0.entities))" }.joined(separator: ", "))
        }
        if report.paperSpaceEntities > 0 { lines.append("left out: \(report.paperSpaceEntities) paper-space entities") }
        if report.straysDropped > 0 { lines.append("left out: \(report.straysDropped) entities outside the plan's extent") }
        let median = report.medianRoomArea.map { ", median \(String(format: $0 >= 100 ? "%.0f" : "%.1f", $0)) m²" } ?? ""
        lines.append(
            "rooms: \(report.rooms) (\(report.named) named, \(report.rooms - report.named) unnamed\(median)), \(report.roomSource)")
        if !report.categories.isEmpty {
            lines.append(
                "categories: "
                    + report.categories.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.map {
                        "\($0.value) \($0.key)\($0.key == "room" ? " (nothing tells)" : "")"
                    }.joined(separator: ", "))
        }
        if !report.unknownTypes.isEmpty {
            lines.append(
                "room types no category is known for (unspecified): "
                    + report.unknownTypes.sorted { $0.key < $1.key }.map { "\"\(TerminalText.escaped($0.key))\" (\($0.value))" }
                    .joined(separator: ", "))
        }
        if report.peopleLeftOut > 0 { lines.append("personal names left out: \(report.peopleLeftOut)") }
        if let language = report.namesLanguage { lines.append("language: \(TerminalText.escaped(language)) (--language to override)") }
        if let hint = report.hint { lines.append(TerminalText.sanitized(hint)) }
        var dropped: [String] = []
        if report.duplicatesDropped > 0 { dropped.append("\(report.duplicatesDropped) duplicate outlines") }
        if report.outlinesDropped > 0 { dropped.append("\(report.outlinesDropped) outlines around several rooms") }
        if report.tooSmallDropped > 0 { dropped.append("\(report.tooSmallDropped) shapes too small or too large to be rooms") }
        if !dropped.isEmpty { lines.append("not rooms: " + dropped.joined(separator: ", ")) }
        if report.closedOutlines > 0 {
            lines.append("closed: \(report.closedOutlines) open polylines on room layers whose ends nearly meet (under 2% of their length)")
        }
        if !report.openOutlines.isEmpty {
            lines.append(
                "left open: \(report.openOutlines.count) polylines on room layers whose ends are further apart (a room only where other lines close them): "
                    + report.openOutlines.prefix(10).map {
                        "at \(number($0.at.x)),\(number($0.at.y)) (gap \(String(format: "%.2f", $0.gap)) m)"
                    }.joined(separator: ", ")
                    + (report.openOutlines.count > 10 ? ", ..." : ""))
        }
        if report.spacesAdded > 0 {
            lines.append("rooms from the walls: \(report.spacesAdded) spaces the walls enclose that no room outline covers")
        }
        if let chosen = report.planImported, report.plansOnSheet.count > chosen {
            let plans = report.plansOnSheet.enumerated().map { index, plan in "\(index + 1) at \(box(plan))" }
            lines.append(
                "plans on the sheet: \(plans.count) drawn side by side (\(plans.joined(separator: "; "))); imported plan \(chosen + 1): the level's place among its building's levels, the lowest taking the first (floors are drawn in reading order); --extent \"X,Y WxH\" imports another"
            )
        }
        if !report.roomsAroundLabels.isEmpty {
            let total = report.roomsAroundLabels.values.reduce(0, +)
            lines.append(
                "rooms round their labels: \(total) label\(total == 1 ? "" : "s") with no room of its own got the space the walls enclose round it alone, gaps closed up to ("
                    + report.roomsAroundLabels.sorted { $0.key < $1.key }.map { key, count in
                        // "0.1/1.3": lines grown by 0.1 m, the pieces of one line joined across 1.3 m.
                        let parts = key.split(separator: "/")
                        return parts.count == 2
                            ? "\(count) at \(parts[0]) m, wall lines joined across \(parts[1]) m" : "\(count) at \(key) m"
                    }.joined(separator: "; ") + ")"
            )
        }
        if report.walkways > 0 {
            lines.append(
                "open space: \(report.walkways) walkway\(report.walkways == 1 ? "" : "s") (\(Int(report.walkwayArea.rounded())) m²), the floor inside the outer walls that no room covers"
            )
        }
        for repair in report.repaired { lines.append("repaired: \(TerminalText.sanitized(repair))") }
        let sources = report.openingSources.sorted { $0.key < $1.key }.map {
            "\($0.value) from \($0.key == "gap" ? "wall gaps" : $0.key == "swing" ? "swings" : "door blocks")"
        }
        lines.append(
            "doors: \(report.openings)\(sources.isEmpty ? "" : " (\(sources.joined(separator: ", ")))")\(report.unplacedDoors > 0 ? "; \(report.unplacedDoors) not near any room's wall, not placed" : "")"
        )
        if !report.rejectedGaps.isEmpty {
            let reasons = [
                "window": "spanned by a window", "column": "filled by a column or a solid fill", "bend": "turning a corner",
                "window tag": "beside a window's tag (W1)",
            ]
            lines.append(
                "wall gaps that are no door: "
                    + report.rejectedGaps.sorted { $0.key < $1.key }.map { "\($0.value) \(reasons[$0.key] ?? $0.key)" }.joined(
                        separator: ", "))
        }
        if !report.unplacedLabels.isEmpty {
            lines.append(
                "labels in no room (\(report.unplacedLabels.count)): "
                    + report.unplacedLabels.prefix(20).map {
                        "\"\(TerminalText.escaped($0.text))\" at \(number($0.at.x)),\(number($0.at.y))"
                    }.joined(separator: ", ") + (report.unplacedLabels.count > 20 ? ", ..." : ""))
        }
        if let rmse = report.rmse {
            let residuals = report.residuals.enumerated().map { "\($0.offset + 1): \(String(format: "%.3f", $0.element)) m" }.joined(
                separator: ", ")
            lines.append(
                "georeferenced: residuals \(residuals); RMSE \(String(format: "%.3f", rmse)) m; scale \(String(format: "%.4f", report.scale))"
            )
        } else {
            lines.append(
                "not georeferenced: placed at the level's south-west corner, north up; give two or more --control points to place it")
        }
        if report.problems.isEmpty {
            lines.append("geometry: every room a valid polygon, none overlapping another by more than 0.5 m2")
        } else {
            lines.append("geometry problems (\(report.problems.count)): " + report.problems.joined(separator: "; "))
        }
        // One line each, as the terminal shows them (a hint may hold several).
        return lines.flatMap { $0.split(separator: "\n").map(String.init) }
    }

    /// The report's members for `--json`: `rooms`, `named`, `openings`, `unplaced_labels`,
    /// `dropped_layers`, `units`, `rmse_m` and the rest.
    static func json(_ report: DXFImportReport) -> JSONObject {
        func number(_ value: Double) -> JSONValue { JSONNumber(value).map(JSONValue.number) ?? .null }
        func count(_ value: Int) -> JSONValue { .number(JSONNumber(value)) }
        /// Counts by name, as an object in name order.
        func counts(_ values: [String: Int]) -> JSONValue {
            .object(JSONObject(values.sorted { $0.key < $1.key }.map { .init(key: $0.key, value: count($0.value)) }))
        }
        func strings(_ values: [String]) -> JSONValue { .array(values.map(JSONValue.string)) }
        var json = JSONObject()
        json.append(key: "rooms", value: count(report.rooms))
        json.append(key: "named", value: count(report.named))
        json.append(key: "median_room_m2", value: report.medianRoomArea.map(number) ?? .null)
        json.append(key: "personal_names_left_out", value: count(report.peopleLeftOut))
        json.append(key: "spaces_added", value: count(report.spacesAdded))
        json.append(key: "rooms_around_labels", value: counts(report.roomsAroundLabels))
        json.append(
            key: "plans_on_sheet",
            value: .array(
                report.plansOnSheet.map { plan in
                    .array([plan.minX, plan.minY, plan.width, plan.height].map(number))
                }))
        json.append(key: "plan_imported", value: report.planImported.map { count($0 + 1) } ?? .null)
        json.append(key: "outlines_closed", value: count(report.closedOutlines))
        json.append(
            key: "outlines_left_open",
            value: .array(
                report.openOutlines.map { open in
                    .object(["x": number(open.at.x), "y": number(open.at.y), "gap_m": number(open.gap)])
                }))
        json.append(key: "walkways", value: count(report.walkways))
        json.append(key: "walkway_m2", value: number(report.walkwayArea))
        json.append(
            key: "categories",
            value: counts(report.categories))
        json.append(
            key: "unknown_types",
            value: counts(report.unknownTypes))
        json.append(key: "names_language", value: report.namesLanguage.map(JSONValue.string) ?? .null)
        json.append(key: "openings", value: count(report.openings))
        json.append(
            key: "opening_sources",
            value: counts(report.openingSources))
        json.append(key: "unplaced_doors", value: count(report.unplacedDoors))
        json.append(
            key: "gaps_not_doors",
            value: counts(report.rejectedGaps))
        json.append(
            key: "unplaced_labels",
            value: .array(
                report.unplacedLabels.map { label in
                    .object(["text": .string(label.text), "x": number(label.at.x), "y": number(label.at.y)])
                }))
        json.append(
            key: "dropped_layers",
            value: .array(report.droppedLayers.map { .object(["layer": .string($0.layer), "entities": count($0.entities)]) }))
        json.append(key: "paper_space_entities", value: count(report.paperSpaceEntities))
        json.append(key: "strays", value: count(report.straysDropped))
        json.append(
            key: "units",
            value: .object([
                "unit": .string(report.units.unit.rawValue), "declared": report.units.declared.map { .string($0.rawValue) } ?? .null,
                "reason": .string(report.units.reason), "metres_per_unit": number(report.units.metresPerUnit),
            ]))
        json.append(
            key: "layers",
            value: .object(JSONObject(LayerRole.allCases.map { .init(key: $0.rawValue, value: strings(report.layers[$0] ?? [])) })))
        json.append(key: "rmse_m", value: report.rmse.map(number) ?? .null)
        json.append(key: "residuals_m", value: .array(report.residuals.map(number)))
        json.append(key: "scale", value: number(report.scale))
        json.append(
            key: "placement",
            value: .array(
                report.placement.map { tie in
                    .object([
                        "drawing": .array([number(tie.drawing.x), number(tie.drawing.y)]),
                        "at": .array([number(tie.position.x), number(tie.position.y)]),
                    ])
                }))
        json.append(key: "duplicates", value: count(report.duplicatesDropped))
        json.append(key: "outlines", value: count(report.outlinesDropped))
        json.append(key: "repaired", value: strings(report.repaired))
        json.append(key: "problems", value: strings(report.problems))
        json.append(key: "hint", value: report.hint.map(JSONValue.string) ?? .null)
        return json
    }
}
