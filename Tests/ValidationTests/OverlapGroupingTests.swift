import Foundation
import IMDF
import SyntheticVenue
import Testing

@testable import Validation

/// Overlapping units are reported pair by pair, except that a unit overlapping many others gets
/// one finding: a pile of n copies reads as n findings, not n²/2.
@Suite("Overlapping units")
struct OverlapGroupingTests {
    /// A clean venue with `copies` more copies of its first unit, on top of it.
    static func piled(_ copies: Int) -> (IMDFArchive, Feature) {
        var archive = VenueGenerator.generate(VenueSpec(buildings: 1, levels: 1, rooms: 4, seed: 5))
        let original = archive.features(of: .unit)[0]
        for number in 0..<copies {
            var copy = original
            copy.id = String(format: "7d2c9a11-3e4f-4a5b-8c6d-%012d", number)
            archive.collections[.unit]!.features.append(copy)
        }
        return (archive, original)
    }

    static func overlaps(_ archive: IMDFArchive) -> [Finding] {
        Validator.validate(ArchiveLoad(archive: archive, format: .folder)).findings.filter { $0.code == .G8 }
    }

    @Test func aFewOverlapsAreReportedPairByPair() {
        let (archive, original) = Self.piled(3)
        let findings = Self.overlaps(archive)
        // Four units on one place: six pairs, each named once.
        #expect(findings.count == 6)
        #expect(findings.allSatisfy { $0.message.contains(" and ") && $0.message.contains(" overlap by ") })
        #expect(findings.filter { $0.featureID == original.id }.count == 3)
    }

    @Test func aUnitOverlappingManyGetsOneFindingWithTheTotalAndTheLargest() throws {
        let (archive, original) = Self.piled(5)
        let findings = Self.overlaps(archive)
        // The original overlaps 5 later units and the first copy 4: one finding each; the next
        // three copies overlap 3, 2 and 1 later units, pair by pair.
        #expect(findings.count == 2 + 3 + 2 + 1)
        let grouped = try #require(findings.first { $0.featureID == original.id })
        #expect(grouped.message.contains("overlaps 5 other units by "), "\(grouped.message)")
        #expect(grouped.message.hasSuffix(" and 2 more"), "\(grouped.message)")
        // The largest three are named with their areas; the total is their sum and more.
        let areas = grouped.message.components(separatedBy: " by ").dropFirst().compactMap {
            Double($0.prefix { $0.isNumber || $0 == "." })
        }
        #expect(areas.count == 4 && abs(areas[0] - 5 * areas[1]) < 0.05 * areas[0], "\(grouped.message)")
        #expect(findings.filter { $0.message.contains("overlaps 4 other units") }.count == 1)
        #expect(grouped.rule == "UnitsMustNotOverlap")
    }
}
