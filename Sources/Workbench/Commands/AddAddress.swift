// `add address STREET locality=L country=CC [province=CC-X] [postal_code=P] [unit=U]`: an
// Address feature (unlocated), for a venue, building, level or anchor to name with address=REF.
// Refuses a blank street or locality, a country that is not two capital letters and a province
// of another country; the ISO lists themselves are validation's to check.

import IMDF

public struct AddAddress: EditCommand {
    public var street: String
    public var locality: String
    public var country: String
    public var province: String?
    public var postalCode: String?
    public var unit: String?

    public init(street: String, locality: String, country: String, province: String? = nil, postalCode: String? = nil, unit: String? = nil)
    {
        self.street = street
        self.locality = locality
        self.country = country
        self.province = province
        self.postalCode = postalCode
        self.unit = unit
    }

    public func plan(_ document: Document, ids: inout IDSource) throws(EditError) -> Patch {
        func blank(_ text: String) -> Bool { text.allSatisfy(\.isWhitespace) }
        guard !blank(street) else { throw EditError("the address needs a street (address line)", argument: "STREET") }
        guard !blank(locality) else { throw EditError("locality: the address needs a town or city", argument: "locality") }
        guard country.count == 2, country.allSatisfy({ $0.isASCII && $0.isUppercase }) else {
            throw EditError("country: \"\(country)\" is not an ISO 3166 country code (two capital letters, e.g. DE)", argument: "country")
        }
        if let province, !province.hasPrefix(country + "-") {
            throw EditError(
                "province: \"\(province)\" is not a province of \(country) (ISO 3166-2, e.g. \(country)-...)", argument: "province")
        }
        for (key, value) in [("postal_code", postalCode), ("unit", unit)] where value.map(blank) == true {
            throw EditError("\(key): blank; leave it out instead", argument: key)
        }
        let id = ids.next()
        let address = Feature(
            .address, id: id, geometry: nil,
            values: [
                .address: .string(street), .unit: unit.map(JSONValue.string) ?? .null, .locality: .string(locality),
                .province: province.map(JSONValue.string) ?? .null, .country: .string(country),
                .postalCode: postalCode.map(JSONValue.string) ?? .null,
            ])
        return Patch(
            label: "add address \"\(street), \(locality)\"", changes: [.create(address, in: .imdf(.address), at: nil)], mintedIDs: [id])
    }
}
