// What a save fills in from the hierarchy, planned as a patch like any edit (so it is one undo
// step, and the document stays equal to the archive it was saved as): buildings without an address
// take the venue's; anchors with an inherited address get their derived Address (the building's
// address with `unit` set to the unit's name, in the language it follows, else the manifest's);
// identical new derived addresses are shared; a derived address keeps its id across saves and
// reopenings (a new one is a version-4 UUID that follows from its anchor's id, so replaying a
// session derives the same ids); derived addresses nothing refers to any more
// are removed. Explicit values are never touched.

import IMDF

public struct InheritOnSave: EditCommand {
    public init() {}

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

        let language = document.manifest.language
        var planned: [String: JSONObject] = [:]
        var shared: [JSONObject: String] = [:]
        for anchor in document.features(of: .anchor).sorted(by: { $0.id < $1.id }) {
            guard anchor.editorNotes[Notes.choice] == "inherit" else { continue }
            let previous = anchor.editorNotes[Notes.derived]
            // An address set by hand since (explicit) wins, and the anchor stops inheriting.
            if let explicit = anchor.string("address_id"), explicit != previous { continue }
            guard let unit = anchor.string("unit_id").flatMap(current), let names = unit.labels("name"),
                let building = AddressInheritance.building(ofUnit: unit, current),
                let buildingAddressID = AddressInheritance.buildingAddressID(building, venue: venue, exists: { current($0) != nil }),
                let buildingAddress = current(buildingAddressID)
            else { continue }
            let followed = anchor.editorNotes[Notes.language]
            guard let label = names.labels.first(where: { $0.language == followed })
                ?? names.preferred(language: language).flatMap({ text in names.labels.first { $0.text == text } })
            else { continue }
            let properties = AddressInheritance.derivedProperties(from: buildingAddress, unit: label.text)
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
            after.editorNotes[Notes.language] = label.language
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
        return Patch(label: "inherit on save", changes: changes, mintedIDs: [])
    }
}
