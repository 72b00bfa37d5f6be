import Foundation
import IMDF
import TestSupport
import Testing

@testable import Validation

/// Every finding says whose rule it is: Apple's, by name, or this tool's own, and then its code's
/// explanation says why Apple has no such rule.
@Suite("Whose rule a finding is")
struct FindingSourceTests {
    @Test func aFindingWithAnAppleRuleIsApplesAndOneWithoutIsOurs() {
        let named = Finding(.G2, "anchor outside", rule: "AnchorMustBeCoveredByReferencedUnit")
        let ours = Finding(.F6, "properties IMDF does not define")
        #expect(named.source == .apple)
        #expect(ours.source == .imdf && ours.rule == nil)
    }

    /// A string where an array of accessibility values belongs is no valid value either.
    @Test func anAccessibilityOfTheWrongTypeNamesApplesRule() {
        var venue = AppleRuleTests.Venue()
        let amenity = venue.all(.amenity)[0]
        venue.set(amenity, .accessibility, "wheelchair")
        let finding = AppleRuleTests.report(venue).findings.first { $0.featureID == amenity.id && $0.code == .F4t }
        #expect(finding?.rule == "AccessibilityMustBeValid" && finding?.severity == .error)
    }

    /// On the real archives, what names no rule of Apple's is of codes whose explanation says it
    /// is a check of ours (or names no rule of Apple's), so `--explain` tells why.
    @Test(arguments: ["spbstu-polymap", "postech-c5", "ulm-osmtoimdf"])
    func findingsOfOursAreOfCodesThatSaySo(_ sample: String) throws {
        let report = try SampleValidationTests.report(sample)
        let ours = Set(report.findings.filter { $0.source == .imdf }.map(\.code))
        let unexplained = ours.filter { !$0.explanation.contains("of ours") && !$0.explanation.contains("no rule of Apple's") }
        #expect(unexplained.isEmpty, "\(unexplained.map(\.rawValue).sorted())")
        #expect(report.findings.allSatisfy { ($0.source == .apple) == ($0.rule != nil) })
    }
}
