// Where a feature is, in the terms commands take: metres east and north of the frame in use
// (`X,Y`, the level's south-west corner unless `frame` set another) and degrees (`@LON,LAT`);
// a line's ends and length, a shape's bounding box, area and vertices. `show`, `ls` and `find`
// print these, so what a person reads can be typed back.

import Foundation
import Geometry
import IMDF
import Render
import Workbench

extension EditingSession {
    /// Metres as a person reads them: at most two decimals, no trailing zeros (3, 4.5, 0.95).
    static func metres(_ value: Double) -> String { String(typedMetres: value) }

    /// The frame commands take, as a projector.
    var frameProjector: Projector { Projector(frame: frame) }

    /// `12.5,3` in the frame in use.
    func typed(_ position: Position) -> String {
        let point = frame.point(longitude: position.x, latitude: position.y)
        return "\(Self.metres(point.x)),\(Self.metres(point.y))"
    }

    /// `@8.5501234,50.1002345`: degrees to 1e-7 (about a centimetre).
    static func degrees(_ position: Position) -> String {
        String(format: "@%.7f,%.7f", position.x, position.y)
    }

    /// The lines `show` prints for a geometry: a point with both coordinates, a line's ends and
    /// length, a shape's bounding box, area and vertices.
    func geometrySummary(_ geometry: IMDF.Geometry) -> String {
        let projector = frameProjector
        switch geometry {
        case .point(let position):
            return "Point at \(typed(position)) (\(Self.degrees(position)))"
        case .lineString(let line):
            return lineSummary([line], projector, typeName: geometry.typeName)
        case .multiLineString(let lines):
            return lineSummary(lines, projector, typeName: geometry.typeName)
        case .polygon, .multiPolygon:
            guard let shapes = projector.polygons(geometry), let bounds = shapes.map(\.bounds).reduce(nil, { $0?.union($1) ?? $1 }) else {
                return "\(geometry.typeName), \(geometry.positions.count) positions (not a valid shape)"
            }
            let area = GeometryEngine().area(shapes)
            let vertices = shapes.reduce(0) { $0 + max($1.exterior.count - 1, 0) + $1.holes.reduce(0) { $0 + max($1.count - 1, 0) } }
            let holes = shapes.reduce(0) { $0 + $1.holes.count }
            return
                "\(geometry.typeName), box \(Self.metres(bounds.minX)),\(Self.metres(bounds.minY)) \(Self.metres(bounds.width))x\(Self.metres(bounds.height)), "
                + "area \(Self.metres(area)) m², \(vertices) vertices" + (holes > 0 ? ", \(holes) hole\(holes == 1 ? "" : "s")" : "")
                + (shapes.count > 1 ? ", \(shapes.count) parts" : "")
        default:
            return "\(geometry.typeName), \(geometry.positions.count) positions"
        }
    }

    private func lineSummary(_ lines: [[Position]], _ projector: Projector, typeName: String) -> String {
        let parts = lines.filter { !$0.isEmpty }
        guard let first = parts.first?.first, let last = parts.last?.last else { return "\(typeName), no positions" }
        let length = parts.reduce(0) { $0 + Polyline.length($1.map(projector.point)) }
        return "\(typeName) from \(typed(first)) to \(typed(last)), \(Self.metres(length)) m"
            + (parts.count > 1 ? " in \(parts.count) parts" : "")
    }

    /// Where a feature is and how big, for a row of `ls`: `at 12,3  4x6 m` for a shape (its
    /// bounding box's centre and size), `at 12,3` for a point, `at 12,3  0.9 m` for a line (its
    /// middle and length); nil for unlocated features.
    func placeSummary(_ feature: Feature) -> String? {
        guard let geometry = feature.geometry else { return nil }
        let projector = frameProjector
        switch geometry {
        case .point(let position):
            return "at \(typed(position))"
        case .lineString(let line):
            let points = line.map(projector.point)
            guard points.count >= 2 else { return nil }
            let middle = Polyline.halfway(points)
            return "at \(Self.metres(middle.x)),\(Self.metres(middle.y))  \(Self.metres(Polyline.length(points))) m"
        default:
            guard let shapes = projector.polygons(geometry), let bounds = shapes.map(\.bounds).reduce(nil, { $0?.union($1) ?? $1 }) else {
                let positions = geometry.positions
                return positions.first.map { "at \(typed($0))" }
            }
            return "at \(Self.metres((bounds.minX + bounds.maxX) / 2)),\(Self.metres((bounds.minY + bounds.maxY) / 2))  "
                + "\(Self.metres(bounds.width))x\(Self.metres(bounds.height)) m"
        }
    }

    /// One row of `ls` and `find`: id prefix, description (with its building, in a venue of
    /// several), place.
    func row(_ feature: Feature) -> String { row(feature, naming: true) }

    /// A row with the building named (`naming`) or not (inside a tree that shows it already);
    /// the category where the feature has one.
    func row(_ feature: Feature, naming building: Bool) -> String {
        let category = feature.string(.category).map { " [\(TerminalText.escaped($0))]" } ?? ""
        return "\(document.shortID(feature.id))  \(describe(feature))" + category + (building ? whereabouts(feature) : "")
            + (placeSummary(feature).map { "  " + $0 } ?? "")
    }

    /// ` in building "Hall 2"` for a feature on a level (or a level) of a venue with several
    /// buildings, where the level's name alone does not say which; empty otherwise.
    func whereabouts(_ feature: Feature) -> String {
        guard (document.indexes.byType[FeatureType.building.rawValue]?.count ?? 0) > 1 else { return "" }
        return building(of: feature)
    }

    /// ` in building "Hall 2"` for a feature on a level, whatever the number of buildings (a list
    /// of rooms to act on names where each is); empty for one on no building's level.
    func building(of feature: Feature) -> String {
        let level = feature.imdfType == .level ? feature : feature.string(.levelID).flatMap(document.feature)
        guard let buildings = level?.strings(.buildingIDs), !buildings.isEmpty else { return "" }
        let language = document.labelLanguage
        let names = buildings.compactMap(document.feature).map { building in
            building.labels(.name)?.preferred(language: language).map { "\"\(TerminalText.escaped($0))\"" } ?? document.shortID(building.id)
        }
        return names.isEmpty ? "" : " in building " + names.joined(separator: ", ")
    }
}
