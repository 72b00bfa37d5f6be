import Foundation
import IMDF
import SyntheticVenue
import Testing
import Workbench

@testable import Shell

/// Addresses made at the prompt, given to a building, and named as the source of what inherits them.
@Suite("Addresses at the prompt")
struct AddressTests {
    func venue() throws -> EditingSession {
        try Fixtures.generated(buildings: 1, levels: 1, rooms: 2, seed: 8)
    }

    @Test func anAddressMadeAtThePromptIsGivenToABuildingAndNamedWhereItIsInherited() throws {
        var session = try venue()
        _ = try Interpreter.execute(
            "add address \"5 New Street\" locality=Frankfurt country=DE province=DE-HE postal_code=60311 as home", in: &session)
        let address = try #require(session.handles["home"].flatMap(session.document.feature))
        #expect(address.string(.address) == "5 New Street" && address.string(.country) == "DE" && address.string(.province) == "DE-HE")
        _ = try Interpreter.execute("set \"Building 1\" address=$home", in: &session)
        let building = try #require(session.document.features(of: .building).first)
        #expect(building.string(.addressID) == address.id)
        _ = try Interpreter.execute("attach anchor to 0.001 as a", in: &session)
        let shown = try Interpreter.execute("show $a", in: &session)
        #expect(
            shown.contains(
                "derived on save from address \(address.id.prefix(8)) of building \"Building 1\" and the name of unit \"Room 0.001\""),
            "\(shown)")
    }

    @Test func anAddressOfNoCountryOrOfTheWrongProvinceIsRefused() throws {
        var session = try venue()
        let before = session.document
        for (line, argument) in [
            ("add address \"5 New Street\" locality=Frankfurt country=Germany", "country"),
            ("add address \"5 New Street\" locality=Frankfurt country=DE province=US-CA", "province"),
            ("add address \" \" locality=Frankfurt country=DE", "STREET"),
            ("add address \"5 New Street\" country=DE", "locality"),
        ] {
            do {
                _ = try Interpreter.run(line, in: &session)
                Issue.record("\(line) was accepted")
            } catch {
                #expect(error.argument == argument, "\(line): \(error.message)")
            }
        }
        #expect(session.document == before)
    }
}
