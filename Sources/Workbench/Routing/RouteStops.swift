// What a route passes, in the terms of the plan: the rooms, doors and other destinations along it
// rather than the path nodes' ids. A node stands for the feature it is associated with
// (navPathAssocieted), else for the door it stands in (within half a metre of an opening of its
// level), else for the room it stands in; consecutive nodes in the same place are one stop.

import Geometry
import IMDF

public struct RouteStop: Sendable, Equatable {
    /// The room, door or destination passed.
    public var featureID: String
    /// The level the stop is on, where the node says.
    public var levelID: String?
}

extension RoutingGraph {
    /// How close a node must stand to an opening to count as in its doorway.
    public static let doorwayReach = 0.5

    /// The stops of `route`, in order; nodes standing in no room and at no door are left out.
    public static func stops(of route: Route, in document: Document) -> [RouteStop] {
        guard let projector = document.workingProjector else { return [] }
        let engine = GeometryEngine()
        var associated: [String: String] = [:]
        for node in Set(route.nodes) {
            // The first association of the node, in document order, that names a feature.
            let first = document.referrers(of: node).compactMap { referrer -> (Int, String)? in
                guard let association = document.feature(referrer), association.featureType == RoutingFormat.associationType,
                    association.string("pathNode_id") == node, let target = association.string("associeted_id"),
                    document.feature(target) != nil
                else { return nil }
                return (document.order(of: referrer) ?? 0, target)
            }.min { $0.0 < $1.0 }
            associated[node] = first?.1
        }
        var stops: [RouteStop] = []
        for id in route.nodes {
            guard let node = document.feature(id) else { continue }
            let level = node.string(.levelID)
            var place = associated[id]
            if place == nil, case .point(let position)? = node.geometry, let level {
                place = self.place(of: projector.point(position), onLevel: level, document, projector, engine)
            }
            guard let place else { continue }
            let stop = RouteStop(featureID: place, levelID: level)
            if stops.last != stop { stops.append(stop) }
        }
        return stops
    }

    /// The door a point stands in, else the smallest room holding it.
    private static func place(
        of point: Point, onLevel level: String, _ document: Document, _ projector: Projector, _ engine: GeometryEngine
    ) -> String? {
        let near = document.features(onLevel: level, near: Bounds(points: [point])!.expanded(by: doorwayReach))
        let door = near.filter { $0.imdfType == .opening }.compactMap { opening -> (String, Double)? in
            let lines: [[Position]]
            switch opening.geometry {
            case .lineString(let line)?: lines = [line]
            case .multiLineString(let parts)?: lines = parts
            default: return nil
            }
            let distance = lines.map { Polyline.distance(from: point, to: $0.map(projector.point)) }.min() ?? .infinity
            return distance <= doorwayReach ? (opening.id, distance) : nil
        }.min { $0.1 < $1.1 }
        if let door { return door.0 }
        let rooms = near.filter { $0.imdfType == .unit }.compactMap { unit -> (String, Double)? in
            guard let shapes = projector.polygons(unit.geometry),
                (shapes.planarDistance(to: point) ?? engine.distance(from: point, to: shapes)) == 0
            else { return nil }
            return (unit.id, engine.area(shapes))
        }
        return rooms.min { $0.1 < $1.1 }?.0
    }
}
