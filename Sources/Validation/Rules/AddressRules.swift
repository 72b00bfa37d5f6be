// Addresses as Apple checks them: values that are blank, a province that is missing where ISO
// divides the country or that belongs to another country, postal codes, addresses that repeat,
// and how the addresses of a venue, its buildings and its anchors agree.

import Foundation
import IMDF

extension FindingCode {
    public static let R7 = FindingCode(
        "R7", .warning, "addresses of the venue, buildings and anchors disagree",
        explanation: """
            addresses that disagree: one in another province than the venue's, a building with a unit-qualified address, an anchor's \
            address (all but its unit) not its building's (info), a building with the venue's address (info), no address with a unit at \
            all (info)
            """)
}

enum AddressRules {
    static let provinceRequired = AppleRule("Address", "AddressMustHaveProvinceCode", .F4)
    static let unitBlank = AppleRule("Address", "AddressUnitMustNotBeBlank", .F8)
    static let provinceOfCountry = AppleRule("Address", "InvalidISOCountryAndISOProvinceCodeCombination", .F8)
    static let labelBlank = AppleRule("Address", "LabelMustNotBeBlank", .F8)
    static let postalCodeExtBlank = AppleRule("Address", "PostalCodeExtensionMustNotBeBlank", .F8)
    static let postalCodeBlank = AppleRule("Address", "PostalCodeMustNotBeBlank", .F8)
    static let vanityPostalCodeBlank = AppleRule("Address", "VanityPostalCodeMustNotBeBlank", .F8)
    static let dissimilarProvince = AppleRule("Address", "AddressHasDissimilarProvinceCode", .R7)
    static let distinct = AppleRule("Address", "AddressMustBeDistinct", .F11)
    static let postalCode = AppleRule("Address", "AddressShouldHavePostalCode", .F10)
    static let noUnitQualified = AppleRule("N/A", "ZeroCountOfUnitQualifiedAddresses", .R7)
    static let anchorAddress = AppleRule("Anchor", "ReferencedAddressDoesNotMatchBuildingAddress", .R7)
    static let buildingIsVenueAddress = AppleRule("Building", "BuildingAddressResolvesToVenueAddress", .R7)
    static let buildingUnitQualified = AppleRule("Building", "BuildingReferencesUnitQualifiedAddress", .R7)
    static let buildingsShareAddress = AppleRule("Building", "BuildingsHaveSameAddress", .F11)

    static let declarations = RuleDeclarations(
        codes: [.R7],
        rules: [
            provinceRequired, unitBlank, provinceOfCountry, labelBlank, postalCodeExtBlank, postalCodeBlank, vanityPostalCodeBlank,
            dissimilarProvince, distinct, postalCode, noUnitQualified, anchorAddress, buildingIsVenueAddress, buildingUnitQualified,
            buildingsShareAddress,
        ])

    static func isBlank(_ text: String) -> Bool { Formats.isBlank(text, newlines: true) }

    /// The parts of an address that say where the building is (all but its unit), compared
    /// without regard to case and spacing.
    static func place(_ address: Feature) -> [String] {
        [PropertyKey.address, .locality, .province, .country, .postalCode].map { NameKey.of(address.string($0) ?? "") }
    }

    static func check(_ context: ValidationContext, _ relations: Relations) -> [Finding] {
        var findings: [Finding] = []
        let addresses = context.archive.features(of: .address)
        var seen: [[String]: Feature] = [:]
        for address in addresses {
            let blanks: [(PropertyKey, AppleRule)] = [
                (.unit, unitBlank), (.postalCode, postalCodeBlank), (.postalCodeExt, postalCodeExtBlank),
                (.postalCodeVanity, vanityPostalCodeBlank), (.address, labelBlank), (.locality, labelBlank),
            ]
            for (key, rule) in blanks {
                if let text = address.string(key), isBlank(text) {
                    findings.append(
                        context.finding(
                            rule, "\(key.rawValue) of address \(context.short(address.id)) is blank", address,
                            fix: Fix("set it to null", repair: .set(feature: address.id, key: key.rawValue, .null))))
                }
            }
            let country = address.string(.country)
            if let province = address.string(.province), let country, Formats.isSubdivisionCode(province),
                !province.hasPrefix(country + "-")
            {
                findings.append(
                    context.finding(
                        provinceOfCountry, "province \(province) of address \(context.short(address.id)) is not in country \(country)",
                        address))
            }
            if address.string(.province) == nil, let country, ISO3166.dividedCountries.contains(Substring(country)) {
                findings.append(
                    context.finding(
                        provinceRequired, "address \(context.short(address.id)) has no province, which ISO 3166-2 defines for \(country)",
                        address,
                        fix: Fix(
                            "set its province (e.g. \(country)-...)",
                            repair: .choose(feature: address.id, key: PropertyKey.province.rawValue, .value))))
            }
            if address.string(.postalCode) == nil {
                findings.append(
                    context.finding(
                        postalCode, "address \(context.short(address.id)) has no postal_code", address,
                        fix: Fix("set its postal_code", repair: .choose(feature: address.id, key: PropertyKey.postalCode.rawValue, .value)))
                )
            }
            let whole = place(address) + [NameKey.of(address.string(.unit) ?? "")]
            if let first = seen[whole] {
                findings.append(
                    context.finding(
                        distinct, "address \(context.short(address.id)) repeats address \(context.short(first.id))", address,
                        fix: Fix("point what uses it at \(context.short(first.id)) and delete it")))
            } else {
                seen[whole] = address
            }
        }
        if !addresses.isEmpty, !addresses.contains(where: { $0.string(.unit) != nil }) {
            findings.append(
                Finding(
                    noUnitQualified, "no address names a unit (rooms and shops get addresses of their own with unit)",
                    file: "address.geojson"))
        }
        findings += checkProvinces(context)
        findings += checkBuildings(context, relations)
        return findings
    }

    /// Addresses in another province than the venue's.
    static func checkProvinces(_ context: ValidationContext) -> [Finding] {
        guard let venue = context.archive.features(of: .venue).first, let venueAddress = venue.string(.addressID).flatMap(context.feature),
            let province = venueAddress.string(.province)
        else { return [] }
        return context.archive.features(of: .address).compactMap { address in
            guard let other = address.string(.province), other != province else { return nil }
            return context.finding(
                dissimilarProvince, "address \(context.short(address.id)) is in province \(other), the venue's in \(province)", address)
        }
    }

    static func checkBuildings(_ context: ValidationContext, _ relations: Relations) -> [Finding] {
        var findings: [Finding] = []
        let venueAddress = context.archive.features(of: .venue).first?.string(.addressID)
        var buildingOfAddress: [String: Feature] = [:]
        for building in context.archive.features(of: .building) {
            guard let addressID = building.string(.addressID) else { continue }
            if addressID == venueAddress {
                findings.append(context.finding(buildingIsVenueAddress, "\(context.describe(building)) has the venue's address", building))
            }
            if let address = context.feature(addressID), address.string(.unit) != nil {
                findings.append(
                    context.finding(
                        buildingUnitQualified, "\(context.describe(building)) has an address with a unit (\(address.string(.unit) ?? ""))",
                        building))
            }
            if let other = buildingOfAddress[addressID] {
                findings.append(
                    context.finding(
                        buildingsShareAddress, "\(context.describe(building)) has the address of \(context.describe(other))", building))
            } else {
                buildingOfAddress[addressID] = building
            }
        }
        for anchor in context.archive.features(of: .anchor) {
            guard let address = anchor.string(.addressID).flatMap(context.feature) else { continue }
            let buildingAddresses = relations.buildings(of: anchor).compactMap { context.feature($0)?.string(.addressID) }.compactMap(
                context.feature)
            guard !buildingAddresses.isEmpty, !buildingAddresses.contains(where: { place($0) == place(address) }) else { continue }
            findings.append(
                context.finding(
                    anchorAddress, "anchor \(context.short(anchor.id))'s address is not its building's address (apart from the unit)",
                    anchor))
        }
        return findings
    }
}
