// What a picture of a level shows, in the metre frame commands take: the outline, units with
// their category and label, openings, path nodes and their links, anchors and amenities, and the
// optional overlays (a route, validation findings). The terminal and SVG pictures both draw a
// scene, so they agree on what is on a level. Pure: document in, scene out.

import Foundation
import Geometry
import IMDF
import Workbench

public struct LevelScene: Sendable {
    public struct Area: Sendable {
        public var id: String
        public var category: String
        /// The short label drawn inside: the unit's number (the last word of its name), else its name.
        public var label: String?
        public var name: String?
        public var rings: [[Point]]
        public var displayPoint: Point?
    }

    public struct Mark: Sendable {
        public var id: String
        public var featureType: String
        public var category: String?
        public var point: Point

        public var imdfType: FeatureType? { FeatureType(rawValue: featureType) }
    }

    public struct Line: Sendable {
        public var id: String
        public var category: String?
        public var points: [Point]
    }

    public struct Link: Sendable {
        public var fromID: String
        public var toID: String
        public var from: Point
        public var to: Point
    }

    public struct Overlay: Sendable {
        public var route: [[Point]] = []
        public var routeSummary: String?
        public var findings: [FindingMark] = []
        /// Whether findings were asked for, so "none" can be said.
        public var showsFindings = false
        /// Findings about this level with no place to mark (a missing property, say).
        public var unplacedFindings = 0
    }

    /// A finding drawn on the map: what the validation said, where. Its own type, so that drawing
    /// does not wait on the rule set (the shell turns findings into marks).
    public struct FindingMark: Sendable {
        public var code: String
        public var severity: Severity
        public var message: String
        public var featureID: String?
        public var point: Point

        public init(code: String, severity: Severity, message: String, featureID: String?, point: Point) {
            self.code = code
            self.severity = severity
            self.message = message
            self.featureID = featureID
            self.point = point
        }
    }

    public var levelID: String
    public var title: String
    public var levelName: String
    public var outline: [[Point]]
    public var units: [Area]
    public var openings: [Line]
    public var nodes: [Mark]
    /// Each link once, whichever of its two nodes lists the other.
    public var links: [Link]
    public var points: [Mark]
    public var overlay = Overlay()
    /// The level's outline, or everything drawn when the outline is missing.
    public var bounds: Bounds
    /// Features left out because a coordinate cannot be drawn: not finite (`1e999` in a file),
    /// or more than `drawableReach` from the level's origin.
    public var undrawable: [String] = []

    /// 10,000 km: further than any part of a venue can be from another.
    public static let drawableReach = 1e7

    /// The scene of `levelID` in `document`, in `frame`; nil when the id is not a level.
    public init?(level levelID: String, of document: Document, in frame: LocalFrame) {
        guard let level = document.feature(levelID), level.imdfType == .level else { return nil }
        func metres(_ position: Position) -> Point { frame.point(longitude: position.x, latitude: position.y) }
        var undrawable: [String] = []
        func drawable(_ feature: Feature) -> Bool {
            var fine = true
            feature.geometry?.forEachPosition { position in
                let point = metres(position)
                if !(point.x.isFinite && point.y.isFinite && abs(point.x) <= Self.drawableReach && abs(point.y) <= Self.drawableReach) {
                    fine = false
                }
            }
            if !fine { undrawable.append(feature.id) }
            return fine
        }
        func rings(_ geometry: Geometry?) -> [[Point]] {
            switch geometry {
            case .polygon(let rings)?: rings.map { $0.map(metres) }
            case .multiPolygon(let polygons)?: polygons.flatMap { $0 }.map { $0.map(metres) }
            default: []
            }
        }
        let language = document.labelLanguage
        // Names are drawn as text: control characters (an escape sequence in a name) escaped,
        // for the terminal and for the SVG, where XML does not allow them at all.
        func label(_ feature: Feature?, _ key: PropertyKey) -> String? {
            feature?.labels(key)?.preferred(language: language).map(TerminalText.escaped)
        }
        self.levelID = levelID
        levelName = label(level, .name) ?? label(level, .shortName) ?? String(levelID.prefix(8))
        let building = label(level.strings(.buildingIDs)?.first.flatMap(document.feature), .name)
        let venue = label(document.features(of: .venue).first, .name)
        title = [venue, building, levelName].compactMap { $0 }.joined(separator: " - ")
        outline = drawable(level) ? rings(level.geometry) : []

        let features = document.features(onLevel: levelID).sorted { $0.id < $1.id }.filter(drawable)
        // A unit without a display point (every IMDF Sandbox export seen) is labelled at its
        // visual centre, as saving puts one for an edited room.
        let engine = GeometryEngine()
        func labelPoint(_ unit: Feature) -> Point? {
            if let display = unit.point(.displayPoint) { return metres(display) }
            let polygons: [Polygon]
            switch unit.geometry {
            case .polygon(let rings)? where !rings.isEmpty:
                polygons = [Polygon(exterior: rings[0].map(metres), holes: rings.dropFirst().map { $0.map(metres) })]
            case .multiPolygon(let parts)?:
                polygons = parts.filter { !$0.isEmpty }.map {
                    Polygon(exterior: $0[0].map(metres), holes: $0.dropFirst().map { $0.map(metres) })
                }
            default: return nil
            }
            return engine.interiorPoint(polygons)
        }
        units = features.filter { $0.imdfType == .unit }.map { unit in
            let name = label(unit, .name)
            // The short alt_name ("104") where the data has one, else the last word of the name.
            let short = label(unit, .altName)?.trimmingCharacters(in: .whitespaces)
            let label = short.flatMap { $0.isEmpty ? nil : $0 } ?? name.map { String($0.split(separator: " ").last ?? Substring($0)) }
            return Area(
                id: unit.id, category: unit.string(.category) ?? "unspecified", label: label, name: name,
                rings: rings(unit.geometry), displayPoint: labelPoint(unit))
        }
        openings = features.compactMap { opening in
            guard opening.imdfType == .opening, case .lineString(let line)? = opening.geometry else { return nil }
            return Line(id: opening.id, category: opening.string(.category), points: line.map(metres))
        }
        var nodePoints: [String: Point] = [:]
        nodes = features.compactMap { node in
            guard node.featureType == RoutingFormat.nodeType, case .point(let position)? = node.geometry else { return nil }
            let point = metres(position)
            nodePoints[node.id] = point
            return Mark(id: node.id, featureType: node.featureType, category: nil, point: point)
        }
        var seen = Set<[String]>()
        links = features.flatMap { node -> [Link] in
            guard let from = nodePoints[node.id] else { return [] }
            return (node.strings(RoutingExtension.neighbours) ?? []).compactMap { neighbour in
                guard let to = nodePoints[neighbour], seen.insert([node.id, neighbour].sorted()).inserted else { return nil }
                return Link(fromID: node.id, toID: neighbour, from: from, to: to)
            }
        }
        // Anchors and amenities reach a level through their units: the reference index finds
        // them without a pass over every anchor of the venue.
        let pointTypes: Set<String> = [FeatureType.anchor.rawValue, FeatureType.amenity.rawValue]
        var pointIDs = Set(features.filter { pointTypes.contains($0.featureType) }.map(\.id))
        for unit in units { pointIDs.formUnion(document.referrers(of: unit.id)) }
        points = pointIDs.compactMap(document.feature).compactMap { feature in
            guard pointTypes.contains(feature.featureType), case .point(let position)? = feature.geometry, drawable(feature) else {
                return nil
            }
            return Mark(id: feature.id, featureType: feature.featureType, category: feature.string(.category), point: metres(position))
        }.sorted { $0.id < $1.id }

        var box = Bounds.empty
        for ring in outline { ring.forEach { box.include($0) } }
        if !box.hasArea {
            for ring in units.flatMap(\.rings) { ring.forEach { box.include($0) } }
            (nodes + points).forEach { box.include($0.point) }
        }
        bounds = box
        self.undrawable = undrawable
    }

    /// Whether `feature` is drawn on `levelID`: by its own level_id, or through the unit(s) it is in.
    package static func belongs(_ feature: Feature, to levelID: String, units: Set<String>) -> Bool {
        feature.string(.levelID) == levelID || feature.string(.unitID).map(units.contains) == true
            || (feature.strings(.unitIDs) ?? []).contains(where: units.contains)
    }

    public var isEmpty: Bool { !bounds.hasArea }

    /// The unit `id`'s extent with room around it for its neighbours.
    public func frame(unit id: String) -> Bounds? {
        guard let unit = units.first(where: { $0.id == id }) else { return nil }
        var box = Bounds.empty
        unit.rings.joined().forEach { box.include($0) }
        guard !box.isEmpty else { return nil }
        return box.expanded(by: max(3, max(box.width, box.height) * 0.6))
    }

    /// Adds the shortest route from `from` to `to` over the routing graph: the legs on this level.
    public mutating func addRoute(_ route: Route, of document: Document, in frame: LocalFrame) {
        var legs: [[Point]] = []
        var leg: [Point] = []
        for id in route.nodes {
            if let node = document.feature(id), node.string(.levelID) == levelID, case .point(let position)? = node.geometry {
                leg.append(frame.point(longitude: position.x, latitude: position.y))
            } else if !leg.isEmpty {
                legs.append(leg)
                leg = []
            }
        }
        if !leg.isEmpty { legs.append(leg) }
        overlay.route = legs
        let here = legs.reduce(0) { $0 + $1.count }
        overlay.routeSummary =
            String(format: "route %.1f m over %d nodes", route.length, route.nodes.count)
            + (here == route.nodes.count ? "" : ", \(here) on this level")
    }
}
