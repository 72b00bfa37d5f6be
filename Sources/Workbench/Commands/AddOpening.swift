// `add opening (on UNIT | between UNIT UNIT) at X,Y [width=W] [category=C] [door=TYPE]`: a
// LineString laid along the wall, centred on the wall point nearest X,Y. Between two units it
// must lie on the wall they share.

import Geometry
import IMDF

public struct AddOpening: EditCommand {
    /// How far from the wall the point given may be.
    public static let reach = 1.0

    public var unitIDs: [String]
    public var position: Position
    public var width: Double
    public var category: String
    public var doorType: String?

    public init(on unitIDs: [String], at position: Position, width: Double = 0.9, category: String = "pedestrian", doorType: String? = nil)
    {
        self.unitIDs = unitIDs
        self.position = position
        self.width = width
        self.category = category
        self.doorType = doorType
    }

    public func plan(_ document: Document, ids: inout IDSource) throws(EditError) -> Patch {
        guard (1...2).contains(unitIDs.count) else { throw EditError("an opening is on one unit or between two", argument: "on") }
        guard width > 0.05, width < 50 else { throw EditError("width must be between 0.05 and 50 m", argument: "width") }
        try SetProperties.check(
            .string(category), against: FeatureType.opening.spec(forKey: .category)!, argument: "category", in: document)
        if let doorType {
            guard CategoryList.doorType.contains(doorType) else {
                throw EditError(
                    "door: \"\(doorType)\" is not a DOOR-TYPE (\(CategoryList.doorType.values.joined(separator: ", ")))", argument: "door")
            }
        }
        let units = try unitIDs.enumerated().map { (number, id) throws(EditError) in
            try document.require(id, as: .unit, argument: number == 0 ? "UNIT" : "UNIT2")
        }
        guard let levelID = units[0].string(.levelID) else {
            throw EditError("\(units[0].described(in: document)) is on no level", argument: "UNIT")
        }
        if units.count == 2, units[1].string(.levelID) != levelID {
            throw EditError(
                "\(units[0].described(in: document)) and \(units[1].described(in: document)) are on different levels", argument: "UNIT2")
        }
        let projector = document.projector(near: position)
        let engine = GeometryEngine()
        guard let host = projector.polygons(units[0].geometry) else {
            throw EditError("\(units[0].described(in: document)) has no outline", argument: "UNIT")
        }
        let point = projector.point(position)
        let nearest = host.map { ($0, engine.nearestBoundaryPosition(on: $0, to: point)) }.min { $0.1.distance < $1.1.distance }!
        // A door is placed by pointing at its wall: a point far from every wall is a slip.
        guard nearest.1.distance <= Self.reach else {
            throw EditError(
                "at: the nearest wall of \(units[0].described(in: document)) is \(String(metres: nearest.1.distance)) m from that point; point within \(Int(Self.reach)) m of the wall",
                argument: "at")
        }
        let line = Walls.stretch(
            of: nearest.0, ring: nearest.1.ring, from: nearest.1.distanceAlong - width / 2,
            to: nearest.1.distanceAlong + width / 2, engine)
        if units.count == 2 {
            guard let other = projector.polygons(units[1].geometry), Walls.lies(line, on: other, engine) else {
                throw EditError(
                    "at: that wall of \(units[0].described(in: document)) is not shared with \(units[1].described(in: document)) for \(width) m",
                    argument: "at")
            }
        }
        let id = ids.next()
        let door: JSONValue = doorType.map { ["type": .string($0), "automatic": false, "material": nil] } ?? .null
        let opening = Feature(
            .opening, id: id, geometry: .lineString(line.map(projector.position)),
            values: [
                .category: .string(category), .door: door, .levelID: .string(levelID),
                .displayPoint: GeoJSONGeometry(.point(projector.position(Polyline.halfway(line)))).json,
            ])
        return Patch(
            label: "add opening on \(units.map({ $0.described(in: document) }).joined(separator: " / "))",
            changes: [.create(opening, in: .imdf(.opening), at: nil)], mintedIDs: [id])
    }
}
