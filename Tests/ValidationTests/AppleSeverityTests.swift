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
    /// `AppleRules.published`, which AppleCoverageTests keeps equal to the CSV).
    static let appleSeverities: [String: Severity] = Dictionary(
        AppleRules.published.map { ($0.name, $0.severity) }, uniquingKeysWith: { first, _ in first })

    /// Apple's rules by the feature type they apply to (`Unit`, `Opening`, ...).
    static let appleRulesByFeature: [String: Set<String>] = AppleRules.published.reduce(into: [:]) {
        $0[$1.feature, default: []].insert($1.name)
    }

    @Test func everyEnumeratedPropertyHasApplesRuleForItsFeatureType() {
        for type in FeatureType.allCases {
            let feature = AppleRules.name(of: type)
            for spec in type.schema {
                switch spec.kind {
                case .category, .categoryArray:
                    let rule = AppleRules.enumeratedValue(type, key: spec.key)
                    #expect(
                        rule.map { Self.appleRulesByFeature[feature]?.contains($0) == true } == true,
                        "\(type.rawValue).\(spec.key): \(rule ?? "none")")
                    #expect(rule.flatMap { Self.appleSeverities[$0] } == .error)
                default: continue
                }
            }
        }
        #expect(AppleRules.enumeratedValue(.opening, key: "door.type") == "OpeningDoorTypeMustBeValid")
    }

    @Test func everyRuleNameTheChecksGiveIsApplesForThatFeatureType() {
        for type in FeatureType.allCases {
            let feature = AppleRules.name(of: type)
            let rules = Self.appleRulesByFeature[feature] ?? []
            for spec in type.schema where spec.isRequired {
                if let required = AppleRules.requiredProperty(type, key: spec.key) {
                    #expect(rules.contains(required.rule), "\(feature): \(required.rule)")
                    #expect(Self.appleSeverities[required.rule] == required.severity, "\(required.rule)")
                }
            }
            if let geometry = AppleRules.geometryType(type) { #expect(rules.contains(geometry), "\(feature): \(geometry)") }
            if let inside = AppleRules.displayPointInside(type).rule { #expect(rules.contains(inside), "\(feature): \(inside)") }
        }
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
