import Foundation
import IMDF
import SyntheticVenue
import Testing

@testable import Validation

/// The order of a validation report: by severity, code (in the order of `FindingCode.allCases`),
/// file and line, and where those are equal in the order the rules ran; every finding read whole
/// where its rule put it.
@Suite("The order of a report")
struct ReportOrderTests {
    @Test func findingsAreOrderedBySeverityCodeFileAndLineThenAsTheyRan() {
        let codes: [FindingCode] = [.F10, .F4c, .A1, .F9, .G8]
        let files: [String?] = ["unit.geojson", "occupant.geojson", nil, "address.geojson", ""]
        // Findings in five groups, as five jobs would make them, each with a message of its own
        // that says where it was made.
        let groups: [[Finding]] = (0..<5).map { group in
            (0..<300).map { position in
                let number = group * 300 + position
                return Finding(
                    codes[(number * 7) % codes.count], "made \(group)/\(position), \(String(repeating: "x", count: number % 40))",
                    severity: Severity.allCases[(number / 3) % 3], file: files[(number / 5) % files.count],
                    line: number % 4 == 0 ? nil : number % 23, fix: number % 2 == 0 ? Fix("fix \(number)") : nil)
            }
        }
        let original = groups.flatMap { $0 }
        let rank = Dictionary(uniqueKeysWithValues: FindingCode.allCases.enumerated().map { ($1.rawValue, $0) })
        let severity = Dictionary(uniqueKeysWithValues: Severity.allCases.enumerated().map { ($1, $0) })
        // The reference: each finding's key, ties broken by where it stood in the jobs' order.
        let expected = original.enumerated().sorted { a, b in
            let keyA = (severity[a.element.severity]!, rank[a.element.code.rawValue]!, a.element.file ?? "", a.element.line ?? 0)
            let keyB = (severity[b.element.severity]!, rank[b.element.code.rawValue]!, b.element.file ?? "", b.element.line ?? 0)
            return keyA != keyB ? keyA < keyB : a.offset < b.offset
        }.map(\.element)

        let ordered = Validator.reportOrder(groups)
        #expect(ordered.count == original.count)
        #expect(Array(ordered) == expected)
        // Read in place, a range at a time (as the report's slices are), the same findings.
        for range in [0..<1, 0..<1_500, 17..<18, 299..<301, 1_000..<1_437, 1_499..<1_500, 700..<700] {
            var seen: [(Int, Finding)] = []
            ordered.forEach(in: range) { position, finding in seen.append((position, finding.pointee)) }
            #expect(seen.map(\.0) == Array(range))
            #expect(seen.map(\.1) == Array(expected[range]))
        }
    }

    @Test func noFindingsGiveAnEmptyReport() {
        let ordered = Validator.reportOrder([[], [], []])
        #expect(ordered.isEmpty)
        var calls = 0
        ordered.forEach { _, _ in calls += 1 }
        #expect(calls == 0)
    }

    @Test func aReportOfManyFindingsIsInTheOrderOfOneRunAfterAnother() {
        // Validated on all cores, a venue with findings on every occupant and unit reports them
        // in the order of the rules run one after another: by severity, code, file and line.
        let archive = VenueGenerator.withManyFindings(VenueGenerator.generate(VenueSpec(buildings: 1, levels: 9, rooms: 460, seed: 5)))
        let findings = Validator.validate(ArchiveLoad(archive: archive, format: .folder)).findings
        #expect(findings.count > 5 * ValidationJob.sliceSize)
        let rank = Dictionary(uniqueKeysWithValues: FindingCode.allCases.enumerated().map { ($1.rawValue, $0) })
        let severity = Dictionary(uniqueKeysWithValues: Severity.allCases.enumerated().map { ($1, $0) })
        let keys = findings.map { (severity[$0.severity]!, rank[$0.code.rawValue]!, $0.file ?? "", $0.line ?? 0) }
        #expect(zip(keys, keys.dropFirst()).allSatisfy { $0 <= $1 })
        // Features made in memory have no line: ties, which keep the order of the checks run one
        // after another, each expected property over all occupants in turn (however the
        // occupants were sliced among the cores).
        let occupantWarnings = findings.filter { $0.code == .F10 && $0.severity == .warning && $0.featureType == "occupant" }
        let occupants = archive.features(of: .occupant)
        #expect(occupants.count > ValidationJob.sliceSize)
        #expect(
            occupantWarnings.map(\.rule)
                == ["OccupantShouldHaveHours", "OccupantShouldHavePhone", "OccupantShouldHaveWebsite"].flatMap {
                    Array(repeating: $0, count: occupants.count)
                })
        #expect(occupantWarnings.map(\.featureID) == Array(repeating: occupants.map(\.id), count: 3).flatMap { $0 })
    }
}
