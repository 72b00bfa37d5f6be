// Open space cut where it narrows to a door's width: a hall joined to another through an opening
// in a wall is two spaces, as a door would make them, while a corridor narrow all along stays
// one with what it joins.

extension GeometryEngine {
    /// `space` in parts, cut where it narrows below `width` for no longer than `neck` (an
    /// opening through a wall, not a corridor): the parts that shrinking the space by half the
    /// width leaves apart, each grown back within the space; what lies between them goes to the
    /// part it touches most when it is a neck, and joins the parts it touches into one when it
    /// is longer (a narrow corridor between two halls). Parts under `smallest` m² are no parts:
    /// they go to their neighbours. The parts cover the space and do not overlap.
    public func pieces(of space: Polygon, narrowerThan width: Double, neck: Double, smallest: Double) -> [Polygon] {
        let half = width / 2
        let cores = buffer([space], by: -half)
        guard cores.count >= 2 else { return [space] }
        // Each core grown back within the space; a band two cores both reach goes to the first.
        var parts: [[Polygon]] = []
        var taken: [Polygon] = []
        for core in cores {
            var part = intersection(buffer([core], by: half), [space])
            if !taken.isEmpty { part = difference(part, taken) }
            guard area(part) >= smallest else { continue }
            parts.append(part)
            taken += part
        }
        guard parts.count >= 2 else { return [space] }
        // What lies between the parts, piece by piece: the necks and corridors, and the corners
        // growing back rounded off.
        let rest = difference([space], union(taken)).filter { area([$0]) > 0 }
        var group = Array(parts.indices)
        func root(_ part: Int) -> Int {
            var part = part
            while group[part] != part { part = group[part] }
            return part
        }
        var attached = [[Polygon]](repeating: [], count: parts.count)
        var loose: [Polygon] = []
        let reach = Swift.max(width / 1000, 1e-6)
        for piece in rest {
            let grown = buffer([piece], by: reach)
            let contacts = parts.indices.map { (part: $0, shared: intersectionArea(grown, parts[$0])) }.filter { $0.shared > 0 }
            guard let most = contacts.max(by: { $0.shared < $1.shared }) else {
                loose.append(piece)
                continue
            }
            attached[most.part].append(piece)
            // Longer than a neck between two parts: a corridor, and the parts it joins are one.
            if contacts.count >= 2, area([piece]) > width * neck {
                for contact in contacts { group[root(contact.part)] = root(most.part) }
            }
        }
        var members: [Int: [Polygon]] = [:]
        for part in parts.indices { members[root(part), default: []] += parts[part] + attached[part] }
        let joined = members.keys.sorted().flatMap { union(members[$0]!) }
        // A residue that touched its part at a corner only comes out of the union apart: small,
        // it is left out, as open space under `smallest` always is.
        let result = (joined + union(loose)).filter { area([$0]) >= smallest }.map(withoutSlivers)
        // Overlay can leave a degenerate ring where parts meet at a point: the space uncut then.
        guard result.count >= 2, result.allSatisfy({ validity([$0]) == .valid }) else { return [space] }
        return result
    }

    /// A hole this small (m²) is overlay's residue where parts met, not a hole in the floor: it
    /// collapses to a line once written as longitudes and latitudes.
    static let smallestHole = 0.01

    /// The polygon without the holes of overlay's residue.
    func withoutSlivers(_ polygon: Polygon) -> Polygon {
        Polygon(exterior: polygon.exterior, holes: polygon.holes.filter { area([Polygon(exterior: $0)]) >= Self.smallestHole })
    }
}
