// What a save fills in from the hierarchy, planned as a patch like any edit (so it is one undo
// step, and the document stays equal to the archive it was saved as): buildings without an address
// take the venue's; levels that opt in take their building's; anchors with an inherited address get their derived Address (the building's
// address with `unit` set to the unit's name, in the language it follows, else the manifest's);
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
        typealias Notes = AddressInheritance
        var changes: [Change] = []
        var changed: [String: Feature] = [:]
        func current(_ id: String) -> Feature? { changed[id] ?? document.feature(id) }
        func update(_ feature: Feature) {
            guard let before = document.feature(feature.id) else { return }
            changed[feature.id] = feature
            changes.removeAll { $0.featureID == feature.id }
            if feature != before { changes.append(.modify(before: before, after: feature)) }
        }

        let venue = document.features(of: .venue).first
        let venueAddress = venue?.string("address_id").flatMap { document.feature($0) != nil ? $0 : nil }
        for building in document.features(of: .building).sorted(by: { $0.id < $1.id }) where building.string("address_id") == nil {
            guard let venueAddress else { break }
            var after = building
            after.setString("address_id", venueAddress)
            update(after)
        }

        // Levels that opted in (`add level ... address=inherit`) take their building's address
        // while nobody has set another.
        for level in document.features(of: .level).sorted(by: { $0.id < $1.id }) where level.editorNotes[Notes.choice] == "inherit" {
            guard let building = level.strings("building_ids")?.first.flatMap(current),
                let address = AddressInheritance.buildingAddressID(building, venue: venue, exists: { current($0) != nil }),
                level.string("address_id") == nil || level.string("address_id") == level.editorNotes[Notes.derived]
            else { continue }
            var after = level
            after.setString("address_id", address)
            after.editorNotes[Notes.derived] = address
            update(after)
        }

        let language = document.manifest.language
        var planned: [String: JSONObject] = [:]
        var shared: [JSONObject: String] = [:]
        for anchor in document.features(of: .anchor).sorted(by: { $0.id < $1.id }) {
            guard anchor.editorNotes[Notes.choice] == "inherit" else { continue }
            let previous = anchor.editorNotes[Notes.derived]
            // An address set by hand since (explicit) wins, and the anchor stops inheriting.
            if let explicit = anchor.string("address_id"), explicit != previous { continue }
            guard let unit = anchor.string("unit_id").flatMap(current), case let names = unit.labels("name") ?? Labels([]),
                let building = AddressInheritance.building(ofUnit: unit, current),
                let buildingAddressID = AddressInheritance.buildingAddressID(building, venue: venue, exists: { current($0) != nil }),
                let buildingAddress = current(buildingAddressID)
            else { continue }
            let followed = anchor.editorNotes[Notes.language]
            let label = names.labels.first(where: { $0.language == followed })
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
            after.setString("address_id", id)
            after.editorNotes[Notes.derived] = id
            if anchor.editorNotes[Notes.explicitUnit] == nil { after.editorNotes[Notes.language] = label?.language }
            update(after)
        }

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

        // Derived addresses that nothing refers to once the anchors above point where they now do.
        for address in document.features(of: .address) where address.editorNotes[Notes.derivedAddress] == "yes" && planned[address.id] == nil {
            let stillUsed = document.referrers(of: address.id).contains { id in
                current(id).map { References.targets(of: $0).contains(address.id) } ?? false
            }
            if !stillUsed { changes.append(.delete(address, from: .imdf(.address), at: nil)) }
        }
        // Display points a shape lacks: a point inside it, preferring its visual centre.
        let engine = GeometryEngine()
        for type in [FeatureType.venue, .level, .unit, .fixture, .kiosk, .section, .geofence] {
            for feature in document.features(of: type).sorted(by: { $0.id < $1.id }) where edited.contains(feature.id) {
                guard feature.property("display_point") == nil || feature.property("display_point") == .null,
                    let first = feature.geometry?.positions.first
                else { continue }
                let projector = document.projector(near: first)
                guard let shapes = projector.polygons(feature.geometry), !shapes.isEmpty else { continue }
                let point = displayPoint(of: shapes, projector, engine)
                guard point != .null else { continue }
                var after = current(feature.id) ?? feature
                after.setProperty("display_point", point)
                update(after)
            }
        }
        return Patch(label: "inherit on save", changes: changes, mintedIDs: [])
    }
}
