// Which of a feature's values come down the hierarchy, and from where - what `show` marks. A value
// equal to what inheritance produces is inherited; anything else was set explicitly.

import IMDF

public enum InheritedValues {
    /// The keys of `feature` whose values can come down the hierarchy: `show` marks each of them
    /// inherited (with its source) or explicit.
    public static func inheritableKeys(of feature: Feature) -> Set<String> {
        switch feature.imdfType {
        case .unit?, .opening?, .fixture?, .kiosk?, .section?, .detail?, .amenity?: ["level_id"]
        case .level?: ["building_ids", "address_id"]
        case .building?: ["address_id"]
        case .anchor?: ["unit_id", "address_id"]
        case .address?: ["address", "unit", "locality", "province", "country", "postal_code", "postal_code_ext", "postal_code_vanity"]
        default: []
        }
    }

    /// Property key -> where its value comes from, for the inherited values of `feature`.
    public static func sources(of feature: Feature, in document: Document) -> [String: String] {
        let language = document.manifest.language
        func name(_ feature: Feature) -> String {
            let label = feature.labels("name")?.preferred(language: language)
            return "\(feature.featureType) " + (label.map { "\"\($0)\"" } ?? String(feature.id.prefix(8)))
        }
        var sources: [String: String] = [:]
        switch feature.imdfType {
        case .unit?, .opening?, .fixture?, .kiosk?, .section?, .detail?, .amenity?:
            if let level = feature.string("level_id").flatMap(document.feature) { sources["level_id"] = "the \(name(level)) it lies on" }
        case .level?:
            if let building = feature.strings("building_ids")?.first.flatMap(document.feature) {
                sources["building_ids"] = "its \(name(building))"
                if feature.editorNotes[AddressInheritance.choice] == "inherit",
                    feature.string("address_id") == nil || feature.string("address_id") == feature.editorNotes[AddressInheritance.derived]
                {
                    sources["address_id"] = "the address of \(name(building))"
                }
            }
        case .building?:
            if let venue = document.features(of: .venue).first, let address = venue.string("address_id"), feature.string("address_id") == address {
                sources["address_id"] = "the \(name(venue))'s address"
            }
        case .anchor?:
            if let unit = feature.string("unit_id").flatMap(document.feature) { sources["unit_id"] = "the \(name(unit)) it is attached to" }
            if feature.editorNotes[AddressInheritance.choice] == "inherit",
                feature.string("address_id") == nil || feature.string("address_id") == feature.editorNotes[AddressInheritance.derived]
            {
                sources["address_id"] = "derived on save from its building's address and its unit's name"
            }
        case .address?:
            guard feature.editorNotes[AddressInheritance.derivedAddress] == "yes" else { break }
            let anchors = document.referrers(of: feature.id).compactMap(document.feature).filter { $0.featureType == FeatureType.anchor.rawValue }
            guard let anchor = anchors.first, let unit = anchor.string("unit_id").flatMap(document.feature) else { break }
            let followed = anchor.editorNotes[AddressInheritance.language].map { " (\($0))" } ?? ""
            sources["unit"] = "the name\(followed) of \(name(unit))"
            if let building = AddressInheritance.building(ofUnit: unit, document.feature) {
                for entry in feature.properties where entry.key != "unit" { sources[entry.key] = "the address of \(name(building))" }
            }
        default:
            break
        }
        return sources
    }
}
