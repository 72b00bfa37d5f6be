// `split unit REF along X1,Y1 X2,Y2 [names=A,B]`: cuts a room with a line. The larger part keeps
// the unit's id; every other part (a concave room can give three or more) becomes a new unit with
// the same category, level, restriction and accessibility, named from the original ("Lab (2)")
// or as given. Names go to the parts in an order a person can tell from the line they typed: the
// parts left of the line (looking from its first point to its last) first, then those right of
// it, each side in the order the line passes them; unnamed parts are numbered in the same order.
// Display points are recomputed; anchors, amenities and path-node associations move to the part
// they lie in. Openings on the old outline still lie on a wall of one of the parts. One undo
// step; its label names each part with its area and side. Refuses a line that does not cut the
// room in two.

import Geometry
import IMDF

public struct SplitUnit: EditCommand {
    public var unitID: String
    public var line: [Position]
    /// Names for the parts: those left of the line first, then those right of it (see above).
    public var names: [String]?

    /// The side of the line a part lies on, looking along the line.
    public enum Side: String, Sendable {
        case left, right
    }

    public init(_ unitID: String, along line: [Position], names: [String]? = nil) {
        self.unitID = unitID
        self.line = line
        self.names = names
    }

    public func plan(_ document: Document, ids: inout IDSource) throws(EditError) -> Patch {
        let unit = try document.require(unitID, as: .unit, argument: "REF")
        guard let first = line.first else { throw EditError("along: the line needs two points", argument: "along") }
        let projector = document.projector(near: first)
        guard let shapes = projector.polygons(unit.geometry) else {
            throw EditError("\(unit.described(in: document)) has no outline", argument: "REF")
        }
        guard shapes.count == 1 else {
            throw EditError(
                "\(unit.described(in: document)) has \(shapes.count) separate parts; split works on one polygon", argument: "REF")
        }
        let engine = GeometryEngine()
        let parts: [Polygon]
        do {
            parts = try engine.split(shapes[0], along: line.map(projector.point))
        } catch .lineDoesNotCross(let distance) {
            let why =
                distance == 0 ? "it touches it, or stops inside it, without dividing it" : "it stays \(String(metres: distance)) m away"
            throw EditError("along: the line does not cross \(unit.described(in: document)) (\(why))", argument: "along")
        } catch {
            throw EditError("along: the line needs two distinct points", argument: "along")
        }
        if let names, names.count != parts.count {
            throw EditError(
                "names: the line cuts \(unit.described(in: document)) into \(parts.count) parts; give \(parts.count) names",
                argument: "names")
        }
        let metresLine = line.map(projector.point)
        let placed = parts.map { part in engine.interiorPoint([part]).flatMap { Polyline.side(of: $0, relativeTo: metresLine) } }
        // The order names are given in: left of the line first, then along it.
        let order = parts.indices.sorted { a, b in
            let (left, right) = (placed[a]?.isLeft ?? false, placed[b]?.isLeft ?? false)
            if left != right { return left }
            return (placed[a]?.along ?? 0, a) < (placed[b]?.along ?? 0, b)
        }
        var slot = Array(repeating: 0, count: parts.count)
        for (position, index) in order.enumerated() { slot[index] = position }
        let baseName = unit.labels(.name)
        // A given name is written in the display language, beside the room's names in other
        // languages; without names the kept part keeps its name and the others are numbered
        // (2), (3) ... in the order names would be given.
        let numbers = order.filter { $0 != 0 }
        func name(forPart index: Int) -> JSONValue {
            if let names {
                var labels = baseName ?? Labels([])
                labels[LabelLanguage.tag(for: baseName, display: document.labelLanguage)] = names[slot[index]]
                return labels.json
            }
            guard index > 0, let baseName, let number = numbers.firstIndex(of: index) else { return unit.property(.name) ?? .null }
            return Labels(baseName.labels.map { ($0.language, "\($0.text) (\(number + 2))") }).json
        }
        // A room number (alt_name) belongs to one room: given names become the parts' numbers,
        // in each language the number was written in; without names the new parts have none.
        func altName(forPart index: Int) -> JSONValue {
            guard let alternative = unit.labels(.altName), !alternative.labels.isEmpty else { return unit.property(.altName) ?? .null }
            if let names { return Labels(alternative.labels.map { ($0.language, names[slot[index]]) }).json }
            return index == 0 ? alternative.json : .null
        }
        var changes: [Change] = []
        var kept = unit
        kept.geometry = projector.geometry([parts[0]])
        kept.setProperty(.displayPoint, displayPoint(of: [parts[0]], projector, engine))
        if names != nil {
            kept.setProperty(.name, name(forPart: 0))
            kept.setProperty(.altName, altName(forPart: 0))
        }
        changes.append(.modify(before: unit, after: kept))
        var partIDs = [unit.id]
        var made = [kept]
        for index in 1..<parts.count {
            let id = ids.next()
            partIDs.append(id)
            var values: [PropertyKey: JSONValue] = [
                .name: name(forPart: index), .altName: altName(forPart: index),
                .displayPoint: displayPoint(of: [parts[index]], projector, engine),
            ]
            for key: PropertyKey in [.category, .restriction, .accessibility, .levelID] { values[key] = unit.property(key) ?? .null }
            let created = Feature(.unit, id: id, geometry: projector.geometry([parts[index]]), values: values)
            made.append(created)
            changes.append(.create(created, in: .imdf(.unit), at: nil))
        }
        // "104A: 18.2 m², left of the line (keeps the id); 104B: 12.1 m², right", in naming order.
        let described = order.enumerated().map { position, index in
            let title = made[index].labels(.name)?.preferred(language: document.labelLanguage) ?? String(partIDs[index].prefix(8))
            let side =
                placed[index].map { $0.isLeft ? Side.left : Side.right }.map { position == 0 ? "\($0.rawValue) of the line" : $0.rawValue }
                ?? "on the line"
            return "\(title): \(squareMetres(engine.area([parts[index]]))), \(side)" + (index == 0 ? " (keeps the id)" : "")
        }
        func part(containing position: Position) -> String {
            let point = projector.point(position)
            let nearest = parts.indices.min {
                engine.distance(from: point, to: [parts[$0]]) < engine.distance(from: point, to: [parts[$1]])
            }!
            return partIDs[nearest]
        }
        for referrer in document.referrers(of: unit.id).sorted().compactMap(document.feature) {
            var after = referrer
            switch referrer.featureType {
            case FeatureType.anchor.rawValue:
                guard case .point(let position)? = referrer.geometry else { continue }
                after.setString(.unitID, part(containing: position))
            case FeatureType.amenity.rawValue:
                guard case .point(let position)? = referrer.geometry else { continue }
                let target = part(containing: position)
                after.setStrings(.unitIDs, (referrer.strings(.unitIDs) ?? []).map { $0 == unit.id ? target : $0 })
            case RoutingFormat.associationType:
                guard referrer.string("associeted_id") == unit.id, let node = referrer.string("pathNode_id").flatMap(document.feature),
                    case .point(let position)? = node.geometry
                else { continue }
                after.setString("associeted_id", part(containing: position))
            default:
                continue
            }
            if after != referrer { changes.append(.modify(before: referrer, after: after)) }
        }
        return Patch(
            label: "split \(unit.described(in: document)) into \(parts.count) parts - " + described.joined(separator: "; "),
            changes: changes,
            mintedIDs: Array(partIDs.dropFirst()))
    }

    /// `18.2 m²`: an area to a tenth of a square metre.
    private func squareMetres(_ area: Double) -> String {
        let tenths = (area * 10).rounded()
        guard tenths.isFinite, abs(tenths) < 1e15 else { return "? m²" }
        let whole = Int(tenths) / 10
        return "\(whole).\(abs(Int(tenths)) % 10) m²"
    }
}
