// `add building NAME [category=C] [address=REF]`: an unlocated building (IMDF keeps its extent in
// footprints, added with its first level).

import IMDF

public struct AddBuilding: EditCommand {
    public var name: String
    public var category: String
    public var addressID: String?

    public init(name: String, category: String = "unspecified", addressID: String? = nil) {
        self.name = name
        self.category = category
        self.addressID = addressID
    }

    public func plan(_ document: Document, ids: inout IDSource) throws(EditError) -> Patch {
        try SetProperties.check(
            .string(category), against: FeatureType.building.spec(forKey: .category)!, argument: "category", in: document)
        if let addressID { _ = try document.require(addressID, as: .address, argument: "address") }
        guard !name.isEmpty else { throw EditError("the building needs a name", argument: "NAME") }
        let id = ids.next()
        let language = document.labelLanguage
        let building = Feature(
            .building, id: id, geometry: nil,
            values: [
                .name: Labels(name, language: language).json, .category: .string(category),
                .addressID: addressID.map(JSONValue.string) ?? .null,
            ])
        return Patch(label: "add building \"\(name)\"", changes: [.create(building, in: .imdf(.building), at: nil)], mintedIDs: [id])
    }
}
