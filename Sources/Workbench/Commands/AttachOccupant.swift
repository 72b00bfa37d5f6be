// `attach occupant NAME category=C to UNIT [at X,Y] [hours=..] [phone=..] [website=..]`: an anchor in the unit
// and an occupant on it, in one step.

import IMDF

public struct AttachOccupant: EditCommand {
    public var name: String
    public var category: String
    public var unitID: String
    public var position: Position?
    public var hours: String?
    public var phone: String?
    public var website: String?
    public var address: AddressChoice

    public init(
        name: String, category: String, to unitID: String, at position: Position? = nil, hours: String? = nil,
        phone: String? = nil, website: String? = nil, address: AddressChoice = .inherit
    ) {
        self.name = name
        self.category = category
        self.unitID = unitID
        self.position = position
        self.hours = hours
        self.phone = phone
        self.website = website
        self.address = address
    }

    public func plan(_ document: Document, ids: inout IDSource) throws(EditError) -> Patch {
        guard !name.isEmpty else { throw EditError("the occupant needs a name", argument: "NAME") }
        try SetProperties.check(
            .string(category), against: FeatureType.occupant.spec(forKey: .category)!, argument: "category", in: document)
        let (anchor, unit) = try AttachAnchor.anchor(in: unitID, at: position, address: address, document, &ids)
        let id = ids.next()
        let occupant = Feature(
            .occupant, id: id, geometry: nil,
            values: [
                .name: Labels(name, language: document.labelLanguage).json, .category: .string(category),
                .anchorID: .string(anchor.id), .hours: hours.map(JSONValue.string) ?? .null,
                .phone: phone.map(JSONValue.string) ?? .null, .website: website.map(JSONValue.string) ?? .null,
            ])
        return Patch(
            label: "attach occupant \"\(name)\" to \(unit.described(in: document))",
            changes: [.create(anchor, in: .imdf(.anchor), at: nil), .create(occupant, in: .imdf(.occupant), at: nil)],
            mintedIDs: [anchor.id, id])
    }
}
