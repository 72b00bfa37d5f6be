import Foundation
import Geometry
import IMDF
import SyntheticVenue
import TestSupport
import Testing

@testable import Validation

/// Findings that implement one of Apple's rules carry its name and Apple's severity
/// (shared/imdf/apple-validations-1.0.3.csv: Violation is an error, Warning a warning).
@Suite("Apple's rules and severities")
struct AppleSeverityTests {
    /// Apple's severity of each rule, from its published list (compiled in as
    /// `AppleRules.published`, which AppleCoverageTests keeps equal to the CSV), as a test reads it.
    static let appleSeverities: [String: Severity] = Dictionary(
        AppleRules.published.map { ($0.name, $0.severity) }, uniquingKeysWith: { first, _ in first })

    /// Apple's rules by the feature type they apply to (`Unit`, `Opening`, ...).
    static let appleRulesByFeature: [String: Set<String>] = AppleRules.published.reduce(into: [:]) {
        $0[$1.feature, default: []].insert($1.name)
    }

    /// Every rule a check declares is Apple's, and Apple gives it one severity wherever it lists
    /// it: the severity its findings carry, read from Apple's list.
    @Test func everyDeclaredRuleIsApplesWithApplesSeverity() {
        for rule in RuleDeclarations.appleRules {
            let listed = AppleRules.published.filter { $0.name == rule.name }
            #expect(!listed.isEmpty, "\(rule.key) is no rule of Apple's")
            #expect(listed.allSatisfy { $0.severity == rule.severity }, "\(rule.key)")
        }
    }

    /// A rule declared one by one is Apple's for the feature type it is declared for; so is each
    /// member of the families whose types are those Apple names in the rule (`UnitMustReferenceLevel`).
    @Test func everyRuleNamedAfterItsFeatureTypeIsApplesForThatType() {
        let listed = Set(AppleRules.published.map { "\($0.feature) \($0.name)" })
        let named =
            PropertyChecks.requiredRules.values.flatMap(\.rules) + PropertyChecks.enumeratedRules.values.flatMap(\.rules)
            + GeometryChecks.geometryType.rules + SpatialRules.displayPointInside.rules + SpatialRules.withinLevel.rules
        for rule in RuleDeclarations.all.flatMap(\.rules) + named {
            #expect(listed.contains(rule.key), "\(rule.key) is not in Apple's list")
        }
    }

    @Test func everyEnumeratedPropertyHasApplesRuleForItsFeatureType() {
        for type in FeatureType.allCases {
            let feature = AppleRules.name(of: type)
            for spec in type.schema {
                switch spec.kind {
                case .category, .categoryArray:
                    let rule = PropertyChecks.enumeratedRules[spec.key]?[type]
                    #expect(
                        rule.map { Self.appleRulesByFeature[feature]?.contains($0.name) == true } == true,
                        "\(type.rawValue).\(spec.key): \(rule?.name ?? "none")")
                    #expect(rule.flatMap { Self.appleSeverities[$0.name] } == .error)
                default: continue
                }
            }
        }
        #expect(PropertyChecks.enumeratedRules["door.type"]?[.opening]?.name == "OpeningDoorTypeMustBeValid")
    }

    func venue(_ change: (inout IMDFArchive, Projector) -> Void) -> ValidationReport {
        var archive = VenueGenerator.generate(VenueSpec(buildings: 1, levels: 1, rooms: 4, seed: 2))
        change(&archive, Projector(archive: archive)!)
        return Validator.validate(ArchiveLoad(archive: archive, format: .folder))
    }

    /// Moves the display point of the first feature of `type` by `east` and `north` metres (an
    /// opening's from the middle of its line).
    func movingDisplayPoint(of type: FeatureType, east: Double, north: Double = 0) -> ValidationReport {
        venue { archive, projector in
            var collection = archive.collections[type]!
            var point = Point(x: 0, y: 0)
            if case .lineString(let line)? = collection.features[0].geometry {
                let (a, b) = (projector.point(line[0]), projector.point(line[line.count - 1]))
                point = Point(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2)
            } else if let position = collection.features[0].point(.displayPoint) {
                point = projector.point(position)
            }
            collection.features[0].setPoint(.displayPoint, projector.position(Point(x: point.x + east, y: point.y + north)))
            archive.collections[type] = collection
        }
    }

    @Test func labelsAndFormatsCarryApplesRulesAsErrors() throws {
        let report = venue { archive, _ in
            var units = archive.collections[.unit]!
            units.features[0].setProperty(.name, ["en": "  "])
            units.features[1].setProperty(.name, ["en_US": "Hall"])
            units.features[2].setProperty(.altName, ["en": 7])
            archive.collections[.unit] = units
            var venues = archive.collections[.venue]!
            venues.features[0].setString(.phone, "call us")
            venues.features[0].setString(.website, "ftp://example.org")
            archive.collections[.venue] = venues
        }
        for rule in ["LabelMustNotBeBlank", "InvalidLanguageTag", "AltNameMustBeString", "PhoneMustBeValid", "WebsiteMustBeValid"] {
            let finding = report.findings.first { $0.rule == rule }
            #expect(finding?.severity == .error && Self.appleSeverities[rule] == .error, "\(rule): \(String(describing: finding))")
        }
    }

    @Test func theGeneratedVenueHasNoDisplayPointFindings() {
        #expect(venue { _, _ in }.findings.filter { $0.code == .G1 }.isEmpty)
    }

    @Test func aVenuesDisplayPointOutsideIsAnErrorAndAUnitsAWarningAsApplesRulesSay() throws {
        let venueFinding = try #require(movingDisplayPoint(of: .venue, east: 5000).findings.first { $0.code == .G1 })
        #expect(venueFinding.rule == "VenueGeometryMustContainDisplayPoint" && venueFinding.severity == .error)
        let unitFinding = try #require(movingDisplayPoint(of: .unit, east: 500).findings.first { $0.code == .G1 })
        #expect(unitFinding.rule == "UnitGeometryMustContainDisplayPoint" && unitFinding.severity == .warning)
        let levelFinding = try #require(
            movingDisplayPoint(of: .level, east: 5000).findings.first { $0.code == .G1 && $0.featureType == "level" })
        #expect(levelFinding.rule == "LevelGeometryMustContainDisplayPoint" && levelFinding.severity == .warning)
        for finding in [venueFinding, unitFinding, levelFinding] {
            #expect(Self.appleSeverities[finding.rule!] == finding.severity, "\(finding.rule!)")
        }
    }

    @Test func anOpeningsDisplayPointWithinTheBufferPassesAndFurtherOffIsAWarning() throws {
        // The generated doors run east-west along the corridor: north is off the line.
        #expect(movingDisplayPoint(of: .opening, east: 0, north: 0.06).findings.filter { $0.code == .G1 }.isEmpty)
        let off = try #require(movingDisplayPoint(of: .opening, east: 0, north: 0.3).findings.first { $0.code == .G1 })
        #expect(off.rule == "OpeningDisplayPointShouldBeWithinBufferedDistanceOfOpening" && off.severity == .warning)
        #expect(Self.appleSeverities[off.rule!] == .warning)
    }

    @Test func everyRuleNameOnTheSamplesFindingsIsApplesWithApplesSeverity() throws {
        for sample in ["spbstu-polymap", "ulm-osmtoimdf"] {
            let report = Validator.validate(try ArchiveReader.read(Samples.root + "/" + sample))
            for finding in report.findings {
                guard let rule = finding.rule else { continue }
                #expect(Self.appleSeverities[rule] == finding.severity, "\(sample): \(rule)")
            }
        }
    }
}
