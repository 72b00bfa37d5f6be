// Which of a feature's values come down the hierarchy, and from where - what `show` marks. A value
// equal to what inheritance produces is inherited; anything else was set explicitly.

import IMDF

public enum InheritedValues {
    /// The keys of `feature` whose values can come down the hierarchy: `show` marks each of them
    /// inherited (with its source) or explicit.
    public static func inheritableKeys(of feature: Feature) -> Set<String> {
        Set(inheritable(feature.imdfType).map(\.rawValue))
    }

    static func inheritable(_ type: FeatureType?) -> [PropertyKey] {
        switch type {
        case .unit?, .opening?, .fixture?, .kiosk?, .section?, .detail?, .amenity?: [.levelID]
        case .level?: [.buildingIDs, .addressID]
        case .building?: [.addressID]
        case .anchor?: [.unitID, .addressID]
        case .address?: [.address, .unit, .locality, .province, .country, .postalCode, .postalCodeExt, .postalCodeVanity]
        default: []
        }
    }

    /// Property key -> where its value comes from, for the inherited values of `feature`.
    public static func sources(of feature: Feature, in document: Document) -> [String: String] {
        let language = document.labelLanguage
        /// `address 5c1e7a2b of building "Hall 2"`: which address, and whose.
        func address(of holder: Feature) -> String {
            (holder.string(.addressID).map { "address \($0.prefix(8)) of " } ?? "the address of ") + name(holder)
        }
        func name(_ feature: Feature) -> String {
            let label = feature.labels(.name)?.preferred(language: language)
            return "\(feature.featureType) " + (label.map { "\"\($0)\"" } ?? String(feature.id.prefix(8)))
        }
        var sources: [String: String] = [:]
        switch feature.imdfType {
        case .unit?, .opening?, .fixture?, .kiosk?, .section?, .detail?, .amenity?:
            if let level = feature.string(.levelID).flatMap(document.feature) {
                sources[PropertyKey.levelID.rawValue] = "the \(name(level)) it lies on"
            }
        case .level?:
            if let building = feature.strings(.buildingIDs)?.first.flatMap(document.feature) {
                sources[PropertyKey.buildingIDs.rawValue] = "its \(name(building))"
                if feature.editorNotes[AddressInheritance.choice] == "inherit",
                    feature.string(.addressID) == nil || feature.string(.addressID) == feature.editorNotes[AddressInheritance.derived]
                {
                    sources[PropertyKey.addressID.rawValue] = address(of: building)
                }
            }
        case .building?:
            if let venue = document.features(of: .venue).first, let venueAddress = venue.string(.addressID),
                feature.string(.addressID) == venueAddress
            {
                sources[PropertyKey.addressID.rawValue] = address(of: venue)
            }
        case .anchor?:
            if let unit = feature.string(.unitID).flatMap(document.feature) {
                sources[PropertyKey.unitID.rawValue] = "the \(name(unit)) it is attached to"
            }
            if feature.editorNotes[AddressInheritance.choice] == "inherit",
                feature.string(.addressID) == nil || feature.string(.addressID) == feature.editorNotes[AddressInheritance.derived]
            {
                let unit = feature.string(.unitID).flatMap(document.feature)
                let building = unit.flatMap { AddressInheritance.building(ofUnit: $0, document.feature) }
                sources[PropertyKey.addressID.rawValue] =
                    "derived on save from "
                    + (building.map(address(of:)) ?? "its building's address") + " and the name of " + (unit.map(name) ?? "its unit")
            }
        case .address?:
            guard feature.editorNotes[AddressInheritance.derivedAddress] == "yes" else { break }
            let anchors = document.referrers(of: feature.id).compactMap(document.feature).filter { $0.imdfType == .anchor }
            guard let anchor = anchors.first, let unit = anchor.string(.unitID).flatMap(document.feature) else { break }
            let followed = anchor.editorNotes[AddressInheritance.language].map { " (\($0))" } ?? ""
            sources[PropertyKey.unit.rawValue] = "the name\(followed) of \(name(unit))"
            if let building = AddressInheritance.building(ofUnit: unit, document.feature) {
                for entry in feature.properties where entry.key != PropertyKey.unit.rawValue { sources[entry.key] = address(of: building) }
            }
        default:
            break
        }
        return sources
    }
}
