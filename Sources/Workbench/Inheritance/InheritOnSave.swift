// What a save fills in from the hierarchy, planned as a patch like any edit (so it is one undo
// step, and the document stays equal to the archive it was saved as): buildings without an address
// take the venue's; levels that opt in take their building's; anchors with an inherited address get
// their derived Address (the building's address with `unit` set to the unit's name, in the
// language it follows, else the manifest's);
// identical new derived addresses are shared; a derived address keeps its id across saves and
// reopenings (a new one is a version-4 UUID that follows from its anchor's id, so replaying a
// session derives the same ids); derived addresses nothing refers to any more
// are removed; edited shapes without a display point get one. Explicit values are never touched.

import Geometry
import IMDF

public struct InheritOnSave: EditCommand {
    /// The features edited in this session (History.editedIDs): only their missing display points
    /// are computed, so an archive saved without edits is written as it was read.
    public var edited: Set<String>

    public init(edited: Set<String>) { self.edited = edited }

    public func plan(_ document: Document, ids: inout IDSource) throws(EditError) -> Patch {
        var plan = InheritancePlan(document: document)
        plan.giveBuildingsTheVenueAddress()
        plan.giveOptedInLevelsTheirBuildingAddress()
        let derived = plan.deriveAnchorAddresses()
        plan.writeDerivedAddresses(derived)
        plan.removeDerivedAddressesNoLongerUsed(keeping: Set(derived.keys))
        plan.addMissingDisplayPoints(to: edited)
        return Patch(label: "inherit on save", changes: plan.changes, mintedIDs: [])
    }
}

/// The changes a save's inheritance makes, built step by step: each step sees the features as
/// the steps before it left them.
struct InheritancePlan {
    typealias Notes = AddressInheritance
    let document: Document
    private(set) var changes: [Change] = []
    private var changed: [String: Feature] = [:]

    init(document: Document) { self.document = document }

    private var venue: Feature? { document.features(of: .venue).first }

    /// A feature as planned so far.
    func current(_ id: String) -> Feature? { changed[id] ?? document.feature(id) }

    /// Records `feature` as it is to be (one change per feature, against the document's).
    mutating func update(_ feature: Feature) {
        guard let before = document.feature(feature.id) else { return }
        changed[feature.id] = feature
        changes.removeAll { $0.featureID == feature.id }
        if feature != before { changes.append(.modify(before: before, after: feature)) }
    }

    /// Buildings without an address take the venue's.
    mutating func giveBuildingsTheVenueAddress() {
        guard let venueAddress = venue?.string(.addressID).flatMap({ document.feature($0) != nil ? $0 : nil }) else { return }
        for building in document.features(of: .building).sorted(by: { $0.id < $1.id }) where building.string(.addressID) == nil {
            var after = building
            after.setString(.addressID, venueAddress)
            update(after)
        }
    }

    /// Levels that opted in (`add level ... address=inherit`) take their building's address while
    /// nobody has set another.
    mutating func giveOptedInLevelsTheirBuildingAddress() {
        for level in document.features(of: .level).sorted(by: { $0.id < $1.id }) where level.editorNotes[Notes.choice] == "inherit" {
            guard let building = level.strings(.buildingIDs)?.first.flatMap(current),
                let address = AddressInheritance.buildingAddressID(building, venue: venue, exists: { current($0) != nil }),
                level.string(.addressID) == nil || level.string(.addressID) == level.editorNotes[Notes.derived]
            else { continue }
            var after = level
            after.setString(.addressID, address)
            after.editorNotes[Notes.derived] = address
            update(after)
        }
    }

    /// Anchors with an inherited address point at their derived address (the building's, with
    /// `unit` set to the unit's name); returns the derived addresses' properties by id. Identical
    /// new addresses are shared; one keeps its id across saves; a new one's id follows from its
    /// anchor's, so a replay derives the same.
    mutating func deriveAnchorAddresses() -> [String: JSONObject] {
        let language = document.manifest.language
        var planned: [String: JSONObject] = [:]
        var shared: [JSONObject: String] = [:]
        for anchor in document.features(of: .anchor).sorted(by: { $0.id < $1.id }) {
            guard anchor.editorNotes[Notes.choice] == "inherit" else { continue }
            let previous = anchor.editorNotes[Notes.derived]
            // An address set by hand since (explicit) wins, and the anchor stops inheriting.
            if let explicit = anchor.string(.addressID), explicit != previous { continue }
            guard let unit = anchor.string(.unitID).flatMap(current), case let names = unit.labels(.name) ?? Labels([]),
                let building = AddressInheritance.building(ofUnit: unit, current),
                let buildingAddressID = AddressInheritance.buildingAddressID(building, venue: venue, exists: { current($0) != nil }),
                let buildingAddress = current(buildingAddressID)
            else { continue }
            let followed = anchor.editorNotes[Notes.language]
            let label =
                names.labels.first(where: { $0.language == followed })
                ?? names.preferred(language: language).flatMap({ text in names.labels.first { $0.text == text } })
            // An explicit `unit=` wins over the unit's name.
            guard let unitText = anchor.editorNotes[Notes.explicitUnit] ?? label?.text else { continue }
            let properties = AddressInheritance.derivedProperties(from: buildingAddress, unit: unitText)
            let id: String
            if let previous, planned[previous] == nil || planned[previous] == properties {
                id = previous
            } else if let same = shared[properties] {
                id = same
            } else {
                id = FeatureID.derived(from: "address of anchor " + anchor.id)
            }
            planned[id] = properties
            if shared[properties] == nil { shared[properties] = id }
            var after = anchor
            after.setString(.addressID, id)
            after.editorNotes[Notes.derived] = id
            if anchor.editorNotes[Notes.explicitUnit] == nil { after.editorNotes[Notes.language] = label?.language }
            update(after)
        }
        return planned
    }

    /// The derived addresses, updated in place or created.
    mutating func writeDerivedAddresses(_ planned: [String: JSONObject]) {
        for (id, properties) in planned.sorted(by: { $0.key < $1.key }) {
            if var address = document.feature(id) {
                for entry in properties where address.properties[entry.key] != entry.value { address.properties[entry.key] = entry.value }
                address.editorNotes[Notes.derivedAddress] = "yes"
                update(address)
            } else {
                var address = Feature(.address, id: id, geometry: nil, values: [:])
                address.properties = properties
                address.editorNotes[Notes.derivedAddress] = "yes"
                changes.append(.create(address, in: .imdf(.address), at: nil))
            }
        }
    }

    /// Derived addresses that nothing refers to once the anchors point where they now do; each is
    /// removed from where it stands, so undoing the save's step puts it back there.
    mutating func removeDerivedAddressesNoLongerUsed(keeping kept: Set<String>) {
        for address in document.features(of: .address)
        where address.editorNotes[Notes.derivedAddress] == "yes" && !kept.contains(address.id) {
            let stillUsed = document.referrers(of: address.id).contains { id in
                current(id).map { References.targets(of: $0).contains(address.id) } ?? false
            }
            guard !stillUsed, let entry = document.entry(address.id) else { continue }
            changes.append(.delete(entry.feature, from: entry.collection, at: entry.order))
        }
    }

    /// Display points the edited shapes lack: a point inside each, preferring its visual centre.
    mutating func addMissingDisplayPoints(to edited: Set<String>) {
        let engine = GeometryEngine()
        for type in [FeatureType.venue, .level, .unit, .fixture, .kiosk, .section, .geofence] {
            for feature in document.features(of: type).sorted(by: { $0.id < $1.id }) where edited.contains(feature.id) {
                guard feature.property(.displayPoint) == nil || feature.property(.displayPoint) == .null,
                    let first = feature.geometry?.positions.first
                else { continue }
                let projector = document.projector(near: first)
                guard let shapes = projector.polygons(feature.geometry), !shapes.isEmpty else { continue }
                let point = displayPoint(of: shapes, projector, engine)
                guard point != .null else { continue }
                var after = current(feature.id) ?? feature
                after.setProperty(.displayPoint, point)
                update(after)
            }
        }
    }
}
