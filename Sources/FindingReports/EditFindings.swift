// The findings an edit introduced or resolved, worked out from its patch instead of validating the
// venue again. The features the patch touched, the features near them on their level and the
// features that refer to them make a small neighbourhood (the focus); the features those stand in
// or name - unit, level, building, venue, address, linked path nodes - come along as context, so
// the rules can read them. The neighbourhood is cut out of the document as it was before the patch
// and as it is after, each cut-out is validated by the ordinary rules, and the findings on the
// focus are compared. What a cut-out lacks (a level's other rooms, an address's other users) is
// lacking on both sides alike, so its findings cancel; findings about the whole archive (the
// manifest, the files) are left out, as no edit at the prompt makes them.

import Geometry
import IMDF
import Validation
import Workbench

/// What one edit did to the findings: the ones it introduced and the ones it resolved.
public struct EditFindings: Sendable, Equatable {
    public var introduced: [Finding]
    public var resolved: [Finding]

    public init(introduced: [Finding] = [], resolved: [Finding] = []) {
        self.introduced = introduced
        self.resolved = resolved
    }

    public var isEmpty: Bool { introduced.isEmpty && resolved.isEmpty }

    /// The findings `patch` introduced and resolved; `document` is the document the patch has
    /// been applied to (what it was before is read from the patch).
    public init(of patch: Patch, in document: Document) {
        let neighbourhood = EditNeighbourhood(patch, document)
        guard !neighbourhood.focus.isEmpty else {
            self.init()
            return
        }
        let ids = neighbourhood.focus.union(neighbourhood.context)
        func findings(_ side: EditNeighbourhood.Side) -> [Finding] {
            let archive = neighbourhood.archive(side, of: ids)
            let load = ArchiveLoad(archive: archive, format: .folder)
            return Validator.validate(load, coveredLevels: neighbourhood.wholeLevels(side, of: ids)).findings.filter { finding in
                finding.featureID.map(neighbourhood.focus.contains) ?? false
            }
        }
        self = Self.compare(before: findings(.before), after: findings(.after))
    }

    /// Findings after an edit against findings before it. The same finding on both sides cancels;
    /// so does one whose message differs only in a measurement or a quoted name (an overlap that
    /// grew from 2.3 to 2.5 m², a room renamed in the message about its anchor): the finding is
    /// still there. What is left after is introduced, what is left before resolved.
    static func compare(before: [Finding], after: [Finding]) -> EditFindings {
        struct Identity: Hashable {
            var code: FindingCode
            var rule: String?
            var severity: Severity
            var featureID: String?
            var message: String

            init(_ finding: Finding, message: String) {
                (code, rule, severity, featureID) = (finding.code, finding.rule, finding.severity, finding.featureID)
                self.message = message
            }
        }
        var remaining = before
        var unmatched = after
        for loosely in [false, true] {
            func identity(_ finding: Finding) -> Identity {
                Identity(finding, message: loosely ? shape(of: finding.message) : finding.message)
            }
            var waiting: [Identity: [Int]] = [:]
            for (index, finding) in remaining.enumerated() { waiting[identity(finding), default: []].append(index) }
            var matched = Set<Int>()
            unmatched = unmatched.filter { finding in
                let key = identity(finding)
                guard let index = waiting[key]?.first else { return true }
                waiting[key]!.removeFirst()
                matched.insert(index)
                return false
            }
            remaining = remaining.indices.filter { !matched.contains($0) }.map { remaining[$0] }
        }
        return EditFindings(introduced: unmatched, resolved: remaining)
    }

    /// A message with its measurements (a number before " m") and its quoted names blanked: what
    /// stays the same while the finding does.
    static func shape(of message: String) -> String {
        var result = ""
        var characters = message[...]
        while let first = characters.first {
            if first == "\"", let close = characters.dropFirst().firstIndex(of: "\"") {
                result += "\"\""
                characters = characters[characters.index(after: close)...]
                continue
            }
            if first.isNumber, !(result.last?.isLetter ?? false) && !(result.last?.isNumber ?? false) {
                let number = characters.prefix { $0.isNumber || $0 == "." }
                let rest = characters.dropFirst(number.count)
                if rest.hasPrefix(" m") {
                    result += "#"
                    characters = rest
                    continue
                }
            }
            result.append(first)
            characters = characters.dropFirst()
        }
        return result
    }
}

/// The features an edit's findings are worked out on: the focus (touched, near, referring) and
/// the context that comes along; each as it was before the patch and as it is after.
struct EditNeighbourhood {
    enum Side {
        case before
        case after
    }

    /// Features within this many metres of a touched one are its neighbours (the rules' own
    /// tolerances are at most half a metre).
    static let reach = 1.0
    /// How close to an opening a unit must be for the opening to sit on its wall (G4).
    static let openingReach = 0.6

    let document: Document
    /// The touched features as they were before the patch (nil: it did not exist yet).
    private(set) var earlier: [String: Feature?] = [:]
    /// Where features the document no longer holds stood.
    private var places: [String: (collection: CollectionKey, order: Int?)] = [:]
    private(set) var focus: Set<String> = []
    private(set) var context: Set<String> = []

    init(_ patch: Patch, _ document: Document) {
        self.document = document
        for change in patch.changes {
            let id = change.featureID
            switch change {
            case .create:
                if earlier[id] == nil { earlier[id] = .some(nil) }
            case .modify(let before, _):
                if earlier[id] == nil { earlier[id] = .some(before) }
            case .delete(let feature, let collection, let order):
                if earlier[id] == nil { earlier[id] = .some(feature) }
                if places[id] == nil { places[id] = (collection, order) }
            }
        }
        // A feature changed and changed back within a group is not touched.
        let touched = Set(earlier.keys.filter { earlier[$0]! != document.feature($0) })
        guard !touched.isEmpty else { return }
        var hubs = Hubs()
        for id in touched.sorted() {
            let versions = self.versions(of: id)
            focus.insert(id)
            if placementChanged(id) {
                for version in versions {
                    let near = neighbours(of: version)
                    focus.formUnion(near)
                    // A unit carries its anchors and amenities where it goes: theirs are the
                    // neighbours' anchors and amenities they may now stand on or in.
                    if version.imdfType == .unit {
                        for unit in near where document.feature(unit)?.imdfType == .unit {
                            focus.formUnion(
                                document.referrers(of: unit).filter { [.anchor, .amenity].contains(document.feature($0)?.imdfType) })
                        }
                    }
                }
            }
            switch versions.last?.imdfType {
            case let type? where [.address, .level, .building, .venue, .footprint].contains(type):
                hubs.touched(id, type, versions)
                if type == .level || type == .footprint {
                    for version in versions { focus.formUnion(overlappingOutlines(of: version)) }
                }
            default:
                // What names a room, a door, a node: its anchors, amenities, linked nodes.
                focus.formUnion(document.referrers(of: id))
            }
            // A reference made or dropped: the hub it names may have gained or lost its last user.
            let before = Set(earlier[id]!.map(References.targets) ?? [])
            let after = Set(document.feature(id).map(References.targets) ?? [])
            for target in before.symmetricDifference(after) {
                if let kind = feature(target, .after)?.imdfType ?? feature(target, .before)?.imdfType { hubs.named(target, kind) }
            }
        }
        completeHubs(hubs, touched: touched)
        surroundOpenings()
        closeUpwards()
        // The venue frames every measurement: both cut-outs are measured where the document is.
        context.formUnion(document.indexes.byType[FeatureType.venue.rawValue] ?? [])
    }

    /// The feature as it is on `side`.
    func feature(_ id: String, _ side: Side) -> Feature? {
        if side == .before, let earlier = earlier[id] { return earlier }
        return document.feature(id)
    }

    func versions(of id: String) -> [Feature] { [feature(id, .before), feature(id, .after)].compactMap { $0 } }

    /// Whether the feature was made, removed, reshaped or put on another level or unit: its
    /// neighbours may see it differently.
    func placementChanged(_ id: String) -> Bool {
        guard let before = feature(id, .before), let after = feature(id, .after) else { return true }
        return before.geometryMember != after.geometryMember || before.string(.levelID) != after.string(.levelID)
            || before.string(.unitID) != after.string(.unitID) || before.strings(.unitIDs) != after.strings(.unitIDs)
    }

    /// The features on the feature's level whose extent comes within `margin` of it (a level's
    /// own outline reaches everything on it).
    func neighbours(of feature: Feature, margin: Double = reach) -> Set<String> {
        if feature.imdfType == .anchor || feature.imdfType == .amenity { return pointNeighbours(of: feature, margin: margin) }
        guard let level = feature.imdfType == .level ? feature.id : feature.string(.levelID) else { return [] }
        if document.projector == nil { return document.ids(onLevel: level, near: .empty) }
        guard let bounds = document.bounds(of: feature) else { return [] }
        return document.ids(onLevel: level, near: bounds.expanded(by: margin))
    }

    /// An anchor's or amenity's neighbours: the units near it on its unit's level, and the anchors
    /// and amenities of those units (which stand on no level of their own, so the level's spatial
    /// index does not hold them): what it may coincide with or stand in.
    func pointNeighbours(of feature: Feature, margin: Double) -> Set<String> {
        let units = (feature.strings(.unitIDs) ?? []) + [feature.string(.unitID)].compactMap { $0 }
        guard let bounds = document.bounds(of: feature) else { return Set(units) }
        var near = Set<String>()
        for level in Set(units.compactMap { document.feature($0)?.string(.levelID) }) {
            for unit in document.ids(onLevel: level, near: bounds.expanded(by: margin)) where document.feature(unit)?.imdfType == .unit {
                near.insert(unit)
                near.formUnion(document.referrers(of: unit).filter { [.anchor, .amenity].contains(document.feature($0)?.imdfType) })
            }
        }
        return near
    }

    /// Levels and footprints whose extent meets a level's or a footprint's: Apple's rules compare
    /// them across buildings (levels of one ordinal overlapping, a level over another building's
    /// footprint). A venue has few of them, so they are looked at one by one.
    func overlappingOutlines(of feature: Feature) -> Set<String> {
        guard let bounds = document.bounds(of: feature) else { return [] }
        var meeting = Set<String>()
        for type in [FeatureType.level, .footprint] {
            for id in document.indexes.byType[type.rawValue] ?? [] where id != feature.id {
                if let other = document.feature(id).flatMap(document.bounds(of:)), other.intersects(bounds) { meeting.insert(id) }
            }
        }
        return meeting
    }

    /// Addresses, levels, buildings, venues and footprints whose findings are about what they hold
    /// or who uses them (an address nothing uses, a level without units, a building's ordinals).
    struct Hubs {
        var addresses: Set<String> = []
        var levels: Set<String> = []
        var buildings: Set<String> = []
        var venues: Set<String> = []
        /// Touched venues whose footprints it must hold (G6).
        var reshapedVenues: Set<String> = []

        /// A touched hub: a touched level's or footprint's buildings are in question too.
        mutating func touched(_ id: String, _ type: FeatureType, _ versions: [Feature]) {
            switch type {
            case .level, .footprint:
                if type == .level { levels.insert(id) }
                for version in versions { buildings.formUnion(version.strings(.buildingIDs) ?? []) }
            case .venue:
                venues.insert(id)
                if Set(versions.map(\.geometryMember)).count > 1 { reshapedVenues.insert(id) }
            default:
                named(id, type)
            }
        }

        mutating func named(_ id: String, _ type: FeatureType) {
            switch type {
            case .address: addresses.insert(id)
            case .level: levels.insert(id)
            case .building: buildings.insert(id)
            case .venue: venues.insert(id)
            default: break
            }
        }
    }

    /// Each hub joins the focus with what its findings count: an address one other user, a level
    /// one other unit and one other opening, a building its levels and footprints, a venue a building (and, reshaped,
    /// its footprints).
    private mutating func completeHubs(_ hubs: Hubs, touched: Set<String>) {
        let byType = document.indexes.byType
        func type(_ id: String) -> FeatureType? { document.feature(id)?.imdfType }
        for address in hubs.addresses {
            focus.insert(address)
            if let user = document.referrers(of: address).first(where: { !touched.contains($0) }) { context.insert(user) }
        }
        for level in hubs.levels {
            focus.insert(level)
            // A level's findings count its units and its openings (LevelMustBeReferencedByUnit,
            // LevelShouldBeReferencedByOpening): one of each that stays keeps the count honest.
            for wanted in [FeatureType.unit, .opening] {
                if let other = (document.indexes.byLevel[level] ?? []).first(where: { !touched.contains($0) && type($0) == wanted }) {
                    context.insert(other)
                }
            }
        }
        for building in hubs.buildings {
            focus.insert(building)
            context.formUnion(document.referrers(of: building).filter { [.level, .footprint].contains(type($0)) })
        }
        for venue in hubs.venues {
            focus.insert(venue)
            if let building = byType[FeatureType.building.rawValue]?.first { context.insert(building) }
            if hubs.reshapedVenues.contains(venue) { focus.formUnion(byType[FeatureType.footprint.rawValue] ?? []) }
        }
    }

    /// Whether an opening of the focus sits on a wall depends on every room near it, not only on
    /// those near the edit: they come along.
    private mutating func surroundOpenings() {
        for id in focus {
            for opening in versions(of: id) where opening.imdfType == .opening {
                for near in neighbours(of: opening, margin: Self.openingReach) where !focus.contains(near) {
                    if document.feature(near)?.imdfType == .unit { context.insert(near) }
                }
            }
        }
    }

    /// Everything the focus and its context name, up the hierarchy: an anchor's unit, its level,
    /// the level's building, their addresses. A path node of the focus brings its linked nodes; a
    /// path node that only came along does not bring its own.
    private mutating func closeUpwards() {
        let reached = CutOut.closure(
            from: focus.union(context),
            targets: { id in
                let inFocus = focus.contains(id)
                return versions(of: id).flatMap { version -> [String] in
                    var targets = References.targets(of: version)
                    if !inFocus, let linked = version.strings(RoutingExtension.neighbours) {
                        let skipped = Set(linked)
                        targets.removeAll { skipped.contains($0) }
                    }
                    return targets
                }
            }, admit: { feature($0, .before) != nil || feature($0, .after) != nil })
        context.formUnion(reached)
        context.subtract(focus)
    }

    /// The levels of the cut-out on `side` that hold all their units there: only of those does the
    /// cut-out tell how much of the level its units cover. (On a large level the cut-out's rooms
    /// leave most of it bare on both sides alike, and working that out took most of the time of
    /// an edit's findings.)
    func wholeLevels(_ side: Side, of ids: Set<String>) -> Set<String> {
        var levels = Set<String>()
        var units: [String: Int] = [:]
        for id in ids {
            guard let feature = feature(id, side) else { continue }
            if feature.featureType == FeatureType.level.rawValue {
                levels.insert(id)
            } else if feature.featureType == FeatureType.unit.rawValue, let level = feature.string(.levelID) {
                units[level, default: 0] += 1
            }
        }
        return levels.filter { units[$0, default: 0] == unitCount(onLevel: $0, side) }
    }

    /// The document's units on a level on `side`: those of the document as it is, with the
    /// touched ones counted as they were for the side before the patch.
    func unitCount(onLevel level: String, _ side: Side) -> Int {
        var count = document.count(ofType: FeatureType.unit.rawValue, onLevel: level)
        guard side == .before else { return count }
        func isUnit(_ feature: Feature?) -> Bool { feature?.featureType == FeatureType.unit.rawValue && feature?.string(.levelID) == level }
        for (id, before) in earlier {
            if isUnit(document.feature(id)) { count -= 1 }
            if isUnit(before) { count += 1 }
        }
        return count
    }

    /// The cut-out on `side`: the features of `ids` there, each in its collection, in document order.
    func archive(_ side: Side, of ids: Set<String>) -> IMDFArchive {
        var grouped: [CollectionKey: [(order: Int, feature: Feature)]] = [:]
        for id in ids {
            guard let feature = feature(id, side), let collection = document.collection(of: id) ?? places[id]?.collection else { continue }
            let order = document.order(of: id) ?? places[id]?.order ?? Int.max
            grouped[collection, default: []].append((order, feature))
        }
        var collections: [FeatureType: FeatureCollection] = [:]
        var extensions: [FeatureCollection] = []
        for (key, members) in grouped {
            let features = members.sorted { ($0.order, $0.feature.id) < ($1.order, $1.feature.id) }.map(\.feature)
            switch key {
            case .imdf(let type): collections[type] = FeatureCollection(fileName: type.fileName, features: features)
            case .extension(let name): extensions.append(FeatureCollection(fileName: name, features: features))
            }
        }
        return IMDFArchive(
            manifest: document.manifest, collections: collections, extensions: extensions.sorted { $0.fileName < $1.fileName })
    }
}
