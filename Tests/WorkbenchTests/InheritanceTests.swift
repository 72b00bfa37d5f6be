import Foundation
import Geometry
import IMDF
import TestSupport
import Testing

@testable import Workbench

/// Addresses handed down the venue > building > level > unit hierarchy when an archive is saved.
@Suite("Inheritance on save")
struct InheritanceTests {
    /// Applies what a save fills in; returns the patch.
    @discardableResult
    func save(_ history: inout History) throws -> Patch {
        var ids = IDSource(seed: 5)
        return try history.apply(try InheritOnSave(edited: history.editedIDs).plan(history.document, ids: &ids))
    }

    /// The document as it opens again from what was saved.
    func reopen(_ document: Document) -> Document { Document(document.archive) }

    func address(of anchorID: String, _ document: Document) -> Feature? {
        document.feature(anchorID)?.string("address_id").flatMap(document.feature)
    }

    func buildingAddress(_ document: Document) -> Feature {
        document.features(of: .building)[0].string("address_id").flatMap(document.feature)!
    }

    @Test func anchorsGetTheirBuildingsAddressWithTheirRoomsNameAndShareIdenticalOnes() throws {
        var history = History(document: smallVenue())
        var ids = IDSource(seed: 1)
        let rooms = history.document.rooms
        let first = try history.perform(AttachAnchor(to: rooms[0].id), ids: &ids).mintedIDs[0]
        let again = try history.perform(AttachAnchor(to: rooms[0].id), ids: &ids).mintedIDs[0]
        let second = try history.perform(AttachAnchor(to: rooms[1].id), ids: &ids).mintedIDs[0]
        let addressesBefore = history.document.features(of: .address).count
        try save(&history)
        let document = history.document
        let derived = try #require(address(of: first, document))
        #expect(derived.string("unit") == rooms[0].labels("name")?["en"])
        let building = buildingAddress(document)
        for key in ["address", "locality", "province", "country", "postal_code"] {
            #expect(derived.property(key) == building.property(key), "\(key)")
        }
        #expect(address(of: again, document)?.id == derived.id)  // identical addresses are shared
        #expect(address(of: second, document)?.string("unit") == rooms[1].labels("name")?["en"])
        #expect(document.features(of: .address).count == addressesBefore + 2)
        #expect(Array(derived.id)[14] == "4")  // IMDF ids are version-4 UUIDs
        // One undo step takes the inheritance back.
        #expect(try history.undo()?.label == "inherit on save")
        #expect(history.document.feature(first)?.string("address_id") == nil)
    }

    @Test func aReopenedArchiveSavesUnchangedAndKeepsItsDerivedIds() throws {
        var history = History(document: smallVenue())
        var ids = IDSource(seed: 2)
        let anchor = try history.perform(AttachAnchor(to: history.document.rooms[2].id), ids: &ids).mintedIDs[0]
        try save(&history)
        let saved = history.document.archive
        var reopened = History(document: reopen(history.document))
        #expect(reopened.document.feature(anchor)?.editorNotes["address"] == "inherit")
        #expect(try save(&reopened).changes.isEmpty)
        let created = Date(timeIntervalSince1970: 0)
        let before = ArchiveWriter.serialize(saved, created: created, generator: "test").map(\.bytes)
        #expect(ArchiveWriter.serialize(reopened.document.archive, created: created, generator: "test").map(\.bytes) == before)
    }

    @Test func renamingARoomOrChangingTheStreetUpdatesItsDerivedAddresses() throws {
        var history = History(document: smallVenue())
        var ids = IDSource(seed: 3)
        let room = history.document.rooms[0]
        let anchor = try history.perform(AttachAnchor(to: room.id), ids: &ids).mintedIDs[0]
        try save(&history)
        var reopened = History(document: reopen(history.document))
        let derivedID = try #require(address(of: anchor, reopened.document)?.id)
        try reopened.perform(Rename(room.id, to: "Library"), ids: &ids)
        let street = buildingAddress(reopened.document).id
        try reopened.perform(SetProperties(street, [.init(key: "address", value: .string("9 Ring Road"))]), ids: &ids)
        let patch = try save(&reopened)
        let derived = try #require(address(of: anchor, reopened.document))
        #expect(derived.id == derivedID)
        #expect(derived.string("unit") == "Library" && derived.string("address") == "9 Ring Road")
        #expect(Set(patch.changes.map(\.featureID)) == [derivedID])
    }

    @Test func explicitValuesAreNeverOverwrittenAndOrphanedDerivedAddressesGo() throws {
        var history = History(document: smallVenue())
        var ids = IDSource(seed: 4)
        let venueAddress = try #require(history.document.features(of: .venue)[0].string("address_id"))
        let chosen = try history.perform(AttachAnchor(to: history.document.rooms[0].id, address: .address(venueAddress)), ids: &ids)
            .mintedIDs[0]
        let none = try history.perform(AttachAnchor(to: history.document.rooms[1].id, address: .none), ids: &ids).mintedIDs[0]
        let inherited = try history.perform(AttachAnchor(to: history.document.rooms[2].id), ids: &ids).mintedIDs[0]
        try save(&history)
        #expect(history.document.feature(chosen)?.string("address_id") == venueAddress)
        #expect(history.document.feature(none)?.string("address_id") == nil)
        let derived = try #require(history.document.feature(inherited)?.string("address_id"))
        // Pointing the anchor elsewhere by hand wins, and its derived address, now unused, goes.
        try history.perform(SetProperties(inherited, [.init(key: "address_id", value: .string(venueAddress))]), ids: &ids)
        try save(&history)
        #expect(history.document.feature(inherited)?.string("address_id") == venueAddress)
        #expect(history.document.feature(derived) == nil)
    }

    @Test func undoingASaveThatRemovedADerivedAddressPutsItBackWhereItWas() throws {
        var history = History(document: smallVenue())
        var ids = IDSource(seed: 4)
        let first = try history.perform(AttachAnchor(to: history.document.rooms[0].id), ids: &ids).mintedIDs[0]
        _ = try history.perform(AttachAnchor(to: history.document.rooms[1].id), ids: &ids)
        try save(&history)
        let derived = try #require(history.document.feature(first)?.string("address_id"))
        let addresses = history.document.archive.features(of: .address).map(\.id)
        #expect(addresses.firstIndex(of: derived) != addresses.count - 1, "the address to remove is not the last one")
        // The first anchor stops inheriting; the next save removes its derived address.
        try history.perform(Delete(first), ids: &ids)
        let removal = try save(&history)
        #expect(
            removal.changes.contains {
                if case .delete(let feature, _, let order?) = $0 { feature.id == derived && order >= 0 } else { false }
            })
        #expect(history.document.feature(derived) == nil)
        try history.undo()
        #expect(history.document.archive.features(of: .address).map(\.id) == addresses)
    }

    @Test func aBuildingWithoutAnAddressTakesTheVenues() throws {
        var history = History(document: smallVenue())
        var ids = IDSource(seed: 6)
        let building = history.document.features(of: .building)[0]
        try history.perform(UnsetProperty(building.id, key: "address_id"), ids: &ids)
        try save(&history)
        #expect(
            history.document.feature(building.id)?.string("address_id") == history.document.features(of: .venue)[0].string("address_id"))
    }

    @Test func theSpbstuConstructorsAddressesAreRecognisedAndKeptUpToDate() throws {
        let load = try ArchiveReader.read(Samples.spbstu)
        var history = History(document: Document(load.archive))
        let inherited = history.document.features(of: .anchor).filter { $0.editorNotes["address"] == "inherit" }
        #expect(inherited.count == 300)
        // Open and save without edits: nothing changes.
        #expect(try save(&history).changes.isEmpty)
        // Its addresses follow the rooms' Russian names: changing one changes that address only.
        let anchor = try #require(inherited.first { $0.editorNotes["address.language"] == "ru" })
        let unit = try #require(anchor.string("unit_id"))
        var ids = IDSource(seed: 7)
        try history.perform(SetProperties(unit, [.init(key: "name", language: "ru", value: .string("Аудитория 1"))]), ids: &ids)
        let patch = try save(&history)
        let addressID = try #require(anchor.string("address_id"))
        #expect(patch.changes.map(\.featureID) == [addressID])
        #expect(history.document.feature(addressID)?.string("unit") == "Аудитория 1")
    }

    @Test func showMarksTheDerivedAddressesOfTheSpbstuArchiveAsInherited() throws {
        let document = Document(try ArchiveReader.read(Samples.spbstu).archive)
        let marked = document.features(of: .address).filter { InheritedValues.sources(of: $0, in: document)["unit"] != nil }
        let recognised = Set(
            document.features(of: .anchor).filter { $0.editorNotes["address"] == "inherit" }.compactMap { $0.string("address_id") })
        #expect(Set(marked.map(\.id)) == recognised)
        #expect(marked.count == 300)
        let address = try #require(marked.first)
        let sources = InheritedValues.sources(of: address, in: document)
        #expect(sources["unit"]?.hasPrefix("the name (ru) of unit") == true)
        #expect(sources["address"]?.hasPrefix("address ") == true && sources["address"]?.contains(" of building") == true, "\(sources)")
        // An address nothing derived is explicit throughout.
        let explicit = try #require(document.features(of: .address).first { !recognised.contains($0.id) })
        #expect(InheritedValues.sources(of: explicit, in: document).isEmpty)
    }

    @Test func aShapeWithoutADisplayPointGetsOneInsideIt() throws {
        var history = History(document: smallVenue())
        var ids = IDSource(seed: 8)
        let room = history.document.rooms[0]
        try history.perform(UnsetProperty(room.id, key: "display_point"), ids: &ids)
        #expect(history.document.feature(room.id)?.property("display_point") == .null)
        try save(&history)
        let point = try #require(history.document.feature(room.id)?.point("display_point"))
        let engine = GeometryEngine()
        #expect(engine.distance(from: history.document.point(point), to: history.document.polygons(room)) == 0)
    }

    @Test func aLevelThatOptsInTakesItsBuildingsAddress() throws {
        var history = History(document: smallVenue())
        var ids = IDSource(seed: 9)
        let building = history.document.features(of: .building)[0]
        let box = history.document.box(history.document.firstLevel)
        let outline = history.document.rectangle(box.x, box.y, box.width, box.height)
        let opted = try history.perform(
            AddLevel(name: "Roof", ordinal: 5, outline: outline, buildingID: building.id, inheritsAddress: true), ids: &ids
        ).mintedIDs[0]
        let plain = try history.perform(AddLevel(name: "Attic", ordinal: 4, outline: outline, buildingID: building.id), ids: &ids)
            .mintedIDs[0]
        try save(&history)
        #expect(history.document.feature(opted)?.string("address_id") == building.string("address_id"))
        #expect(history.document.feature(plain)?.string("address_id") == nil)
        // Reopened, the level is seen to inherit, and says so.
        let reopened = reopen(history.document)
        let level = try #require(reopened.feature(opted))
        #expect(InheritedValues.sources(of: level, in: reopened)["address_id"]?.contains(" of building") == true)
        #expect(InheritedValues.sources(of: try #require(reopened.feature(plain)), in: reopened)["address_id"] == nil)
    }

    @Test func anExplicitUnitOnAttachWinsOverTheRoomsName() throws {
        var history = History(document: smallVenue())
        var ids = IDSource(seed: 10)
        let room = history.document.rooms[0]
        let anchor = try history.perform(AttachAnchor(to: room.id, address: .inheritWithUnit("310")), ids: &ids).mintedIDs[0]
        try save(&history)
        #expect(address(of: anchor, history.document)?.string("unit") == "310")
        try history.perform(Rename(room.id, to: "Library"), ids: &ids)
        try save(&history)
        #expect(address(of: anchor, history.document)?.string("unit") == "310")
        #expect(address(of: anchor, history.document)?.string("address") == buildingAddress(history.document).string("address"))
    }
}
