// Addresses inherited through the venue > building > level > unit hierarchy (PRODUCT.md section 6).
// A building without an address takes the venue's. An anchor whose address is inherited (attached
// with `address=inherit`, or recognised as such when the archive opens) points at an Address that
// repeats its building's address with `unit` set to its unit's name, as the map constructor
// behind the spbstu-polymap sample wrote them. What inheritance knows is kept in editor notes, which
// are never written: a save writes the values, and the next open recognises them again.

import IMDF

enum AddressInheritance {
    /// On an anchor: "inherit" or "none" (set by `attach`, or "inherit" when recognised on open).
    static let choice = "address"
    /// On an anchor: the language of the unit's name its address's `unit` follows.
    static let language = "address.language"
    /// On an anchor: the id of the address derived for it; an address_id other than this one was
    /// set by hand, and explicit values win.
    static let derived = "address.derived"
    /// On an anchor: the `unit` its address carries instead of the unit's name (`attach ... unit=`).
    static let explicitUnit = "address.unit"
    /// On an address: it was derived, so it goes when nothing refers to it any more.
    static let derivedAddress = "derived"

    /// The address a building's features inherit: its own, else the venue's.
    static func buildingAddressID(_ building: Feature, venue: Feature?, exists: (String) -> Bool) -> String? {
        if let own = building.string(.addressID) { return own }
        return venue?.string(.addressID).flatMap { exists($0) ? $0 : nil }
    }

    /// The building an anchor's unit lies in (its level's first building).
    static func building(ofUnit unit: Feature, _ feature: (String) -> Feature?) -> Feature? {
        unit.string(.levelID).flatMap(feature)?.strings(.buildingIDs)?.first.flatMap(feature)
    }

    /// The properties of the derived address: the building's address, `unit` set to `name`.
    static func derivedProperties(from buildingAddress: Feature, unit name: String) -> JSONObject {
        var properties = buildingAddress.properties
        if properties["unit"] == nil {
            properties.append(key: "unit", value: .string(name))
        } else {
            properties["unit"] = .string(name)
        }
        return properties
    }

    /// The same address, key order aside.
    static func sameValues(_ a: JSONObject, _ b: JSONObject) -> Bool {
        Set(a.keys) == Set(b.keys) && a.allSatisfy { b[$0.key] == $0.value }
    }

    /// The anchors among `anchors` whose address is derived from their building's: an address
    /// equal to the building's with `unit` set to one of the unit's names (and which name).
    static func recognise(_ anchors: some Sequence<Feature>, venue: Feature?, _ feature: (String) -> Feature?) -> [(
        anchor: String, address: String, language: String
    )] {
        var marks: [(anchor: String, address: String, language: String)] = []
        for anchor in anchors {
            guard let addressID = anchor.string(.addressID), let address = feature(addressID),
                let unit = anchor.string(.unitID).flatMap(feature), let names = unit.labels(.name),
                let building = building(ofUnit: unit, feature),
                let buildingAddressID = buildingAddressID(building, venue: venue, exists: { feature($0) != nil }),
                buildingAddressID != addressID, let buildingAddress = feature(buildingAddressID),
                let label = names.labels.first(where: { address.string(.unit) == $0.text }),
                sameValues(address.properties, derivedProperties(from: buildingAddress, unit: label.text))
            else { continue }
            marks.append((anchor.id, addressID, label.language))
        }
        return marks
    }
}
