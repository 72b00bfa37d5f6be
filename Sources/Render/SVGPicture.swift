// A standalone SVG of one level, or of every level of a building with a picker to switch between
// them: units filled by category with a legend, labels, openings on their walls, path nodes and
// links, anchors and amenities, the metre grid of the frame commands take, and the overlays.
// Plain SVG and CSS (the picker is `:target`), no script and nothing fetched, so it opens from disk
// in any browser. Every drawn feature carries its id as `data-id`, and a `<title>` a browser shows
// on hover. Pure: scenes in, text out.

import Foundation
import Geometry
import IMDF

public struct SVGPicture {
    /// The longer side of the drawing, in pixels.
    let size: Double

    public init(size: Double = 1000) {
        self.size = size
    }

    private struct Layout {
        var bounds: Bounds
        var scale: Double  // pixels per metre
        var left: Double
        var top: Double

        func x(_ metres: Double) -> Double { left + (metres - bounds.minX) * scale }
        func y(_ metres: Double) -> Double { top + (bounds.maxY - metres) * scale }
    }

    /// `scenes` (one level, or a building's levels bottom to top), showing `selected` first;
    /// within `box` (metres) when given (`render box ...`, `render unit ...`).
    public func render(_ scenes: [LevelScene], title: String, selected: Int = 0, box: Bounds? = nil) -> String {
        var bounds = box ?? scenes.map(\.bounds).filter(\.hasArea).reduce(Bounds.empty) { $0.union($1) }
        if !bounds.hasArea { bounds = Bounds(minX: 0, minY: 0, maxX: 10, maxY: 10) }
        let scale = min(40, max(1, size / max(bounds.width, bounds.height)))
        let header = scenes.count > 1 ? 76.0 : 46.0
        let layout = Layout(bounds: bounds, scale: scale, left: 56, top: header)
        let drawingWidth = bounds.width * scale
        let drawingHeight = bounds.height * scale
        let families = Palette.families.filter { family in
            scenes.contains { $0.units.contains { Palette.family(of: $0.category) == family } }
        }
        let hasRoute = scenes.contains { $0.overlay.routeSummary != nil }
        let legendRows = Int((Double(families.count + (hasRoute ? 5 : 4)) / 5).rounded(.up))
        let width = (layout.left + drawingWidth + 24).rounded(.up)
        // The notes (route length, findings) go on their own line under the legend.
        let height = (header + drawingHeight + 40 + Double(legendRows) * 20 + 30).rounded(.up)

        let clip =
            box.map { _ in
                "<clipPath id=\"window\"><rect x=\"\(Self.number(layout.left))\" y=\"\(Self.number(layout.top))\" width=\"\(Self.number(drawingWidth))\" height=\"\(Self.number(drawingHeight))\"/></clipPath>\n"
            } ?? ""
        var svg = """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" width="\(Int(saturating: width))" height="\(Int(saturating: height))" viewBox="0 0 \(Int(saturating: width)) \(Int(saturating: height))" font-family="sans-serif">
            <title>\(Self.escape(title))</title>
            <style>
            .level{display:none} .level.default{display:inline}
            svg:has(.level:target) .level.default:not(:target){display:none} .level:target{display:inline}
            .outline{fill:#fff;stroke:#222;stroke-width:2} .unit{stroke:\(Palette.unitEdge);stroke-width:1;fill-rule:evenodd}
            .opening .gap{stroke:#fff;stroke-width:4} .opening .door{stroke:\(Palette.opening);stroke-width:1.5}
            .link{stroke:#5a9;stroke-width:0.8;stroke-dasharray:2 2} .node{fill:#2a7}
            .anchor{fill:#e67e22;stroke:#fff;stroke-width:0.5} .amenity{fill:#8e44ad;stroke:#fff;stroke-width:0.5}
            .route{fill:none;stroke:#d62728;stroke-width:3;stroke-linejoin:round;stroke-linecap:round}
            .finding{stroke:#000;stroke-width:0.8} .finding.error{fill:#d62728} .finding.warning{fill:#f1c40f} .finding.info{fill:#3498db}
            .label{text-anchor:middle;dominant-baseline:central;fill:#222}
            .grid line{stroke:#ddd;stroke-width:0.5} .grid text{font-size:10px;fill:#777}
            .title{font-size:18px;fill:#222} .note{font-size:11px;fill:#444}
            .picker rect{fill:#eee;stroke:#999} .picker text{font-size:12px;fill:#222;text-anchor:middle;dominant-baseline:central}
            .legend text{font-size:11px;fill:#333;dominant-baseline:central}
            </style>
            <rect width="100%" height="100%" fill="#fafafa"/>

            """
        svg.reserveCapacity(256 * 1024)
        svg += clip
        svg += grid(layout, drawingWidth: drawingWidth, drawingHeight: drawingHeight)
        if scenes.count > 1 { svg += picker(scenes) }
        for (index, scene) in scenes.enumerated() {
            svg += level(
                scene, layout, isDefault: index == selected, clipped: box != nil,
                notesAt: header + drawingHeight + 36 + Double(legendRows) * 20 + 6)
        }
        svg += legend(families, route: hasRoute, top: header + drawingHeight + 36)
        svg += "</svg>\n"
        return svg
    }

    private func grid(_ layout: Layout, drawingWidth: Double, drawingHeight: Double) -> String {
        let bounds = layout.bounds
        let step = TerminalPicture.tickStep(metres: max(bounds.width, bounds.height), columns: 100)
        var text = "<g class=\"grid\">\n"
        for x in stride(from: TerminalPicture.firstTick(bounds.minX, step), through: bounds.maxX + step * 1e-6, by: step) {
            let px = Self.number(layout.x(x))
            text += "<line x1=\"\(px)\" y1=\"\(Self.number(layout.top))\" x2=\"\(px)\" y2=\"\(Self.number(layout.top + drawingHeight))\"/>"
            text +=
                "<text x=\"\(px)\" y=\"\(Self.number(layout.top + drawingHeight + 14))\" text-anchor=\"middle\">\(TerminalPicture.format(x))</text>\n"
        }
        for y in stride(from: TerminalPicture.firstTick(bounds.minY, step), through: bounds.maxY + step * 1e-6, by: step) {
            let py = Self.number(layout.y(y))
            text += "<line x1=\"\(Self.number(layout.left))\" y1=\"\(py)\" x2=\"\(Self.number(layout.left + drawingWidth))\" y2=\"\(py)\"/>"
            text +=
                "<text x=\"\(Self.number(layout.left - 6))\" y=\"\(py)\" text-anchor=\"end\" dominant-baseline=\"central\">\(TerminalPicture.format(y))</text>\n"
        }
        text +=
            "<text x=\"\(Self.number(layout.left + drawingWidth))\" y=\"\(Self.number(layout.top + drawingHeight + 28))\" text-anchor=\"end\">m (x east, y north)</text>\n"
        return text + "</g>\n"
    }

    private func picker(_ scenes: [LevelScene]) -> String {
        var text = "<g class=\"picker\">\n"
        var x = 56.0
        for scene in scenes {
            let width = max(44, Double(scene.levelName.count) * 7 + 16)
            text +=
                "<a href=\"#level-\(Self.escape(scene.levelID))\"><rect x=\"\(Self.number(x))\" y=\"40\" width=\"\(Self.number(width))\" height=\"24\" rx=\"4\"/>"
            text += "<text x=\"\(Self.number(x + width / 2))\" y=\"52\">\(Self.escape(scene.levelName))</text></a>\n"
            x += width + 6
        }
        return text + "</g>\n"
    }

    /// One level's drawing; within the window when `clipped`, its notes at `notesAt`.
    private func level(_ scene: LevelScene, _ layout: Layout, isDefault: Bool, clipped: Bool, notesAt: Double) -> String {
        let id = Self.escape(scene.levelID)
        var text = "<g id=\"level-\(id)\" class=\"level\(isDefault ? " default" : "")\" data-id=\"\(id)\">\n"
        text += "<text class=\"title\" x=\"56\" y=\"26\">\(Self.escape(scene.title))</text>\n"
        if clipped { text += "<g clip-path=\"url(#window)\">\n" }
        if !scene.outline.isEmpty {
            text += "<path class=\"outline\" data-id=\"\(id)\" d=\"\(path(scene.outline, layout))\"/>\n"
        }
        for unit in scene.units {
            let fill = Palette.family(of: unit.category).fill
            let hover = [unit.name, unit.category].compactMap { $0 }.joined(separator: " - ")
            text +=
                "<path class=\"unit\" data-id=\"\(Self.escape(unit.id))\" fill=\"\(fill)\" d=\"\(path(unit.rings, layout))\"><title>\(Self.escape(hover))</title></path>\n"
        }
        for opening in scene.openings {
            let d = line(opening.points, layout)
            text +=
                "<g class=\"opening\" data-id=\"\(Self.escape(opening.id))\"><path class=\"gap\" d=\"\(d)\"/><path class=\"door\" d=\"\(d)\"/><title>opening \(Self.escape(opening.category ?? ""))</title></g>\n"
        }
        for link in scene.links {
            text +=
                "<line class=\"link\" data-id=\"\(Self.escape(link.fromID))\" data-to=\"\(Self.escape(link.toID))\" x1=\"\(Self.number(layout.x(link.from.x)))\" y1=\"\(Self.number(layout.y(link.from.y)))\" x2=\"\(Self.number(layout.x(link.to.x)))\" y2=\"\(Self.number(layout.y(link.to.y)))\"/>\n"
        }
        for node in scene.nodes {
            text +=
                "<circle class=\"node\" data-id=\"\(Self.escape(node.id))\" cx=\"\(Self.number(layout.x(node.point.x)))\" cy=\"\(Self.number(layout.y(node.point.y)))\" r=\"2\"/>\n"
        }
        for point in scene.points {
            let hover = "\(point.featureType) \(point.category ?? "")"
            text +=
                "<circle class=\"\(point.imdfType == .amenity ? "amenity" : "anchor")\" data-id=\"\(Self.escape(point.id))\" cx=\"\(Self.number(layout.x(point.point.x)))\" cy=\"\(Self.number(layout.y(point.point.y)))\" r=\"3\"><title>\(Self.escape(hover))</title></circle>\n"
        }
        for unit in scene.units { text += label(unit, layout) }
        for leg in scene.overlay.route where leg.count > 1 {
            text += "<path class=\"route\" d=\"\(line(leg, layout))\"/>\n"
        }
        for finding in scene.overlay.findings {
            let data = finding.featureID.map { " data-id=\"\(Self.escape($0))\"" } ?? ""
            text +=
                "<circle class=\"finding \(finding.severity.rawValue)\"\(data) cx=\"\(Self.number(layout.x(finding.point.x)))\" cy=\"\(Self.number(layout.y(finding.point.y)))\" r=\"5\"><title>\(finding.code): \(Self.escape(finding.message))</title></circle>\n"
        }
        if clipped { text += "</g>\n" }
        var notes: [String] = []
        if let summary = scene.overlay.routeSummary { notes.append(summary) }
        if scene.overlay.showsFindings {
            notes.append("\(scene.overlay.findings.count) finding\(scene.overlay.findings.count == 1 ? "" : "s") on this level")
        }
        if !notes.isEmpty {
            text +=
                "<text class=\"note\" x=\"\(Self.number(layout.left))\" y=\"\(Self.number(notesAt))\">\(Self.escape(notes.joined(separator: "; ")))</text>\n"
        }
        return text + "</g>\n"
    }

    /// The unit's name where it fits across the room, else its number, shrunk to fit.
    private func label(_ unit: LevelScene.Area, _ layout: Layout) -> String {
        guard let display = unit.displayPoint, let short = unit.label else { return "" }
        var minX = Double.infinity
        var maxX = -Double.infinity
        for point in unit.rings.first ?? [] { (minX, maxX) = (min(minX, point.x), max(maxX, point.x)) }
        let room = (maxX - minX) * layout.scale * 0.9
        let name = unit.name ?? short
        var text = name
        var fontSize = 11.0
        if Double(name.count) * fontSize * 0.6 > room { text = short }
        if Double(text.count) * fontSize * 0.6 > room { fontSize = max(5, room / (Double(text.count) * 0.6)) }
        return
            "<text class=\"label\" data-id=\"\(Self.escape(unit.id))\" x=\"\(Self.number(layout.x(display.x)))\" y=\"\(Self.number(layout.y(display.y)))\" font-size=\"\(Self.number(fontSize))\">\(Self.escape(text))</text>\n"
    }

    private func legend(_ families: [Palette.Family], route: Bool, top: Double) -> String {
        var text = "<g class=\"legend\">\n"
        var entries: [(swatch: String, name: String)] = families.map { family in
            ("<rect width=\"14\" height=\"14\" y=\"-7\" fill=\"\(family.fill)\" stroke=\"\(Palette.unitEdge)\"/>", family.name)
        }
        entries += [
            ("<path d=\"M0 0 H14\" stroke=\"\(Palette.opening)\" stroke-width=\"2\"/>", "opening"),
            ("<circle cx=\"7\" r=\"2\" fill=\"#2a7\"/>", "path node"),
            ("<circle cx=\"7\" r=\"3\" fill=\"#e67e22\"/>", "anchor"),
            ("<circle cx=\"7\" r=\"3\" fill=\"#8e44ad\"/>", "amenity"),
        ]
        if route { entries.append(("<path d=\"M0 0 H14\" stroke=\"#d62728\" stroke-width=\"3\"/>", "route")) }
        for (index, entry) in entries.enumerated() {
            let x = 56 + Double(index % 5) * 150
            let y = top + Double(index / 5) * 20
            text +=
                "<g transform=\"translate(\(Self.number(x)) \(Self.number(y)))\">\(entry.swatch)<text x=\"20\">\(Self.escape(entry.name))</text></g>\n"
        }
        return text + "</g>\n"
    }

    private func path(_ rings: [[Point]], _ layout: Layout) -> String {
        rings.filter { !$0.isEmpty }.map { line($0, layout) + "Z" }.joined(separator: " ")
    }

    private func line(_ points: [Point], _ layout: Layout) -> String {
        points.enumerated().map { index, point in
            (index == 0 ? "M" : "L") + Self.number(layout.x(point.x)) + " " + Self.number(layout.y(point.y))
        }.joined(separator: " ")
    }

    /// Two decimals are a hundredth of a pixel: more would only make the file longer.
    static func number(_ value: Double) -> String {
        let hundredths = (value * 100).rounded()
        guard hundredths.isFinite, abs(hundredths) < 1e15 else { return "0" }
        let whole = Int(saturating: hundredths)
        let sign = whole < 0 ? "-" : ""
        let magnitude = abs(whole)
        let fraction = magnitude % 100
        if fraction == 0 { return sign + String(magnitude / 100) }
        return sign + String(magnitude / 100)
            + (fraction % 10 == 0 ? "." + String(fraction / 10) : (fraction < 10 ? ".0" : ".") + String(fraction))
    }

    static func escape(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.count)
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&apos;"
            default:
                // XML 1.0 cannot carry most control characters, even escaped.
                if let scalar = character.unicodeScalars.first, scalar.value < 0x20, scalar != "\t", scalar != "\n" { continue }
                escaped.append(character)
            }
        }
        return escaped
    }
}
