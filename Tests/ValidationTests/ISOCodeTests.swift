import Foundation
import Testing

@testable import Validation

/// The ISO 3166 lists compiled into ISO3166.swift are those of Debian's iso-codes, which
/// .ci/setup installs.
@Suite("ISO 3166 codes")
struct ISOCodeTests {
    static func codes(_ file: String, _ list: String, _ key: String) throws -> Set<Substring> {
        let data = try Data(contentsOf: URL(fileURLWithPath: "/usr/share/iso-codes/json/" + file))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let entries = try #require(object[list] as? [[String: Any]])
        return Set(entries.compactMap { ($0[key] as? String).map { Substring($0) } })
    }

    @Test func theCompiledListsAreDebiansIsoCodes() throws {
        #expect(ISO3166.countries == (try Self.codes("iso_3166-1.json", "3166-1", "alpha_2")))
        #expect(ISO3166.subdivisions == (try Self.codes("iso_3166-2.json", "3166-2", "code")))
    }

    @Test func codesAreCheckedAgainstTheLists() {
        #expect(Formats.isCountryCode("DE") && !Formats.isCountryCode("XX") && !Formats.isCountryCode("de"))
        #expect(Formats.isSubdivisionCode("US-CA") && Formats.isSubdivisionCode("RU-SPE") && !Formats.isSubdivisionCode("US-ZZ"))
        #expect(ISO3166.dividedCountries.contains("DE") && !ISO3166.dividedCountries.contains("VA"))
    }
}
