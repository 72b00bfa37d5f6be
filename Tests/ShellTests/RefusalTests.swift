import Foundation
import IMDF
import SyntheticVenue
import Testing
import Workbench

@testable import Shell

/// Nonsense is refused with a reason, and a refused command changes nothing.
@Suite("Refusing nonsense")
struct RefusalTests {
    /// One building, one level of 8 x 14.5 m: rooms 4 x 6 m south of a corridor (y 6 to 8.5 m).
    func venue() throws -> EditingSession {
        try Fixtures.generated(buildings: 1, levels: 1, rooms: 4, seed: 6)
    }

    func refusal(_ line: String, _ session: inout EditingSession) -> EditError? { Fixtures.refusal(line, &session) }

    @Test func aPointFarOutsideTheLevelIsRefusedUnlessOutsideIsGiven() throws {
        var session = try venue()
        let node = try #require(refusal("add node at 5000,5000", &session))
        #expect(
            node.argument == "at" && node.message.contains("m outside level \"Ground Floor\"") && node.message.contains("--outside"),
            "\(node.message)")
        #expect(refusal("add amenity atm at 3,60 unit=0.001", &session)?.argument == "at")
        // Half a metre outside is digitising slop, not a slip.
        #expect(refusal("add node at 2,-0.5", &session) == nil)
        _ = try Interpreter.execute("add node at 2,7 as n", in: &session)
        #expect(refusal("move $n by 0,100", &session)?.argument == "by")
        #expect(refusal("move $n to 2,200", &session)?.argument == "to")
        #expect(refusal("move $n by 0,100 --outside", &session) == nil)
        // Already outside: moving it back in is no slip, and neither is moving it a little.
        #expect(refusal("move $n by 0,-1", &session) == nil)
        #expect(refusal("add node at 5000,5000 --outside", &session) == nil)
    }

    /// A real archive's venue display point left 9,836 km away (a sandbox default) must not make
    /// the venue uneditable: the 100 km reach is measured from the venue's shape.
    @Test func aVenuePointLeftThousandsOfKilometresAwayBlocksNoEditAndCanBeRepaired() throws {
        var archive = VenueGenerator.generate(VenueSpec(buildings: 1, levels: 1, rooms: 4, seed: 6))
        var venue = try #require(archive.collections[.venue]?.features.first)
        let home = try #require(venue.point(.displayPoint))
        venue.setPoint(.displayPoint, Position(x: home.x + 120, y: home.y - 20))
        archive.collections[.venue]?.features[0] = venue
        var session = EditingSession(document: Document(archive))
        _ = try Interpreter.execute("use level \"Ground Floor\"", in: &session)
        #expect(refusal("add unit Lab category=room rect 1,1 2x2", &session) == nil)
        #expect(refusal("add node at 2,7", &session) == nil)
        // Its repair runs (it moves the point to the venue's visual centre), and so can `set`.
        #expect(refusal("fix all", &session) == nil)
        let repaired = try #require(session.document.feature(venue.id)?.point(.displayPoint))
        #expect(session.document.metresFromVenue(repaired) == 0)
        #expect(refusal("set \(venue.id) display_point=@\(home.x),\(home.y)", &session) == nil)
        #expect(session.document.feature(venue.id)?.point(.displayPoint) == home)
        // Still refused: a point hundreds of kilometres from the venue's outline.
        #expect(refusal("add node at @\(home.x + 5),\(home.y) --outside", &session)?.message.contains("km from the venue") == true)
    }

    @Test func aDisplayPointMovedIntoItsOwnFeatureIsAcceptedWhereverTheFeatureLies() throws {
        var archive = VenueGenerator.generate(VenueSpec(buildings: 1, levels: 1, rooms: 4, seed: 6))
        // A unit read from the archive 2,000 km off, with its display point further still.
        var unit = try #require(archive.collections[.unit]?.features.first)
        unit.geometry = unit.geometry?.mapped { Position(x: $0.x + 20, y: $0.y) }
        let inside = try #require(unit.geometry?.firstPosition)
        unit.setPoint(.displayPoint, Position(x: inside.x + 30, y: inside.y))
        archive.collections[.unit]?.features[0] = unit
        var session = EditingSession(document: Document(archive))
        #expect(refusal("set \(unit.id) display_point=@\(inside.x),\(inside.y)", &session) == nil)
        #expect(
            refusal("set \(unit.id) display_point=@\(inside.x + 25),\(inside.y)", &session)?.message.contains("km from the venue") == true)
    }

    @Test func anOpeningFarFromTheWallItWouldSnapToIsRefusedWithTheDistance() throws {
        var session = try venue()
        let error = try #require(refusal("add opening on 0.001 at 2,40", &session))
        #expect(error.argument == "at" && error.message.contains("34 m from that point"), "\(error.message)")
        #expect(refusal("add opening on 0.001 at 2,6.6", &session) == nil)
    }

    @Test func setTakesTheKeysOfTheFeaturesTypeTypedByItsSchema() throws {
        var session = try venue()
        #expect(refusal("set 0.001 ordinal=abc", &session)?.message.hasPrefix("set: unknown option ordinal=") == true)
        #expect(refusal("set \"Ground Floor\" ordinal=abc", &session)?.message.contains("must be an integer") == true)
        #expect(refusal("set \"Ground Floor\" outdoor=maybe", &session) != nil)
        let custom = try #require(refusal("set 0.001 colour=red", &session))
        #expect(custom.message.contains("--custom"), "\(custom.message)")
        #expect(refusal("set 0.001 colour=red --custom", &session) == nil)
        #expect(session.document.features(of: .unit).contains { $0.string("colour") == "red" })
        // A key it has now, still not IMDF's, still needs the flag.
        #expect(refusal("set 0.001 colour=blue", &session)?.message.contains("--custom") == true)
    }

    @Test func longNamesAndPastedFilesAreRefusedBeforeAnyWork() throws {
        var session = try venue()
        let name = String(repeating: "x", count: 1_001)
        #expect(refusal("rename 0.001 \(name)", &session)?.message.contains("1001 characters") == true)
        #expect(refusal("set 0.001 name.en=\(name)", &session)?.message.contains("at most 1000") == true)
        #expect(refusal("rename 0.001 \(String(repeating: "y", count: 1_000))", &session) == nil)
        let pasted = "rename 0.001 " + String(repeating: "z", count: 70_000)
        let error = try #require(refusal(pasted, &session))
        #expect(error.message.contains("a command line is at most 64 KB"), "\(error.message.prefix(200))")
    }
}
