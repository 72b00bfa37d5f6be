import Foundation
import IMDF
import SyntheticVenue
import Testing
import Validation

/// The workload `imdf bench validate --many-findings` measures the report on: five findings per
/// occupant and one per unit, of three codes and all three severities, on top of what the clean
/// venue has.
@Suite("Many-findings workload")
struct ManyFindingsWorkloadTests {
    @Test func everyOccupantAndUnitRaisesItsFindings() throws {
        let clean = VenueGenerator.generate(VenueSpec(buildings: 2, levels: 2, rooms: 6, seed: 3))
        let many = VenueGenerator.withManyFindings(clean)
        let occupants = clean.features(of: .occupant).count
        let units = clean.features(of: .unit).count
        #expect(occupants == 24 && units == 28)

        struct Kind: Hashable {
            var code: String
            var severity: Severity
            var rule: String?
        }
        func counts(_ archive: IMDFArchive) -> [Kind: Int] {
            Validator.validate(ArchiveLoad(archive: archive, format: .folder)).findings.reduce(into: [:]) {
                $0[Kind(code: $1.code.rawValue, severity: $1.severity, rule: $1.rule), default: 0] += 1
            }
        }
        let before = counts(clean)
        let added = counts(many).merging(before) { $0 - $1 }.filter { $0.value != 0 }
        #expect(
            added == [
                Kind(code: "F4c", severity: .error, rule: "OccupantCategoryMustBeValid"): occupants,
                Kind(code: "F10", severity: .warning, rule: "OccupantShouldHaveHours"): occupants,
                Kind(code: "F10", severity: .warning, rule: "OccupantShouldHavePhone"): occupants,
                Kind(code: "F10", severity: .warning, rule: "OccupantShouldHaveWebsite"): occupants,
                Kind(code: "F10", severity: .info, rule: "OccupantShouldHaveModifiedTime"): occupants,
                Kind(code: "F9", severity: .warning, rule: "AltNameLangTagHasNoCorrespondingNameLangTag"): units,
            ], "\(added)")
        // Nothing but the occupants and units changed.
        for type in FeatureType.allCases where type != .occupant && type != .unit {
            #expect(many.features(of: type) == clean.features(of: type))
        }
    }
}
