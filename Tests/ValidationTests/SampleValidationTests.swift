import Foundation
import IMDF
import SyntheticVenue
import TestSupport
import Testing

@testable import Validation

/// The findings the issue names on the real archives, counted.
@Suite("Validation of the real samples")
struct SampleValidationTests {
    static func report(_ sample: String) throws -> ValidationReport {
        Validator.validate(try ArchiveReader.read(Samples.root + "/" + sample))
    }

    func findings(_ report: ValidationReport, _ code: FindingCode, type: String? = nil, containing text: String? = nil) -> [Finding] {
        report.findings.filter { finding in
            finding.code == code && (type == nil || finding.featureType == type)
                && (text == nil || finding.message.contains(text!))
        }
    }

    @Test func spbstuFindingsMatchItsKnownDefects() throws {
        let report = try Self.report("spbstu-polymap")
        #expect(findings(report, .G2).count == 17)
        #expect(findings(report, .G1, type: "unit").count == 17)
        #expect(findings(report, .G1, type: "level").count == 1)
        #expect(findings(report, .F4, type: "detail", containing: "\"level_id\" is null").count == 99)
        #expect(findings(report, .T1, type: "building").count == 80)
        #expect(findings(report, .N2).count == 9)
        #expect(findings(report, .N1).isEmpty)
        #expect(findings(report, .F3).isEmpty)
        #expect(findings(report, .R1).isEmpty)
        let categories = findings(report, .F4c, type: "unit")
        for value in ["shop", "security", "administration", "wardrobe", "foodservice.coffee"] {
            #expect(categories.contains { $0.message.contains("\"\(value)\"") }, "\(value)")
        }
        let coffee = categories.first { $0.message.contains("\"foodservice.coffee\"") }
        #expect(coffee?.message.hasSuffix("did you mean \"foodservice\"?") == true)
        let coffeeID = try #require(coffee?.featureID)
        #expect(coffee?.fix?.repair == .set(feature: coffeeID, key: "category", .text("foodservice")))
        // "shop" is nearest to "ramp" by spelling: no repair, and not named either.
        let shop = categories.first { $0.message.contains("\"shop\"") }
        #expect(shop?.fix == nil)
        #expect(shop?.message == "category \"shop\" is not in UNIT-CATEGORY")
        // Unit categories given to occupants are said to be unit categories.
        let classrooms = findings(report, .F4c, type: "occupant", containing: "\"classroom\"")
        #expect(classrooms.count == 198)
        #expect(classrooms.allSatisfy { $0.message.hasSuffix("(it is a value of UNIT-CATEGORY)") && $0.fix == nil })
        // Polygons of the extension file enviroment.geojson are checked too: warnings of ours.
        let environment = findings(report, .T5).filter { $0.file == "enviroment.geojson" }
        #expect(environment.count == 5 && environment.allSatisfy { $0.severity == .warning && $0.rule == nil })
        #expect(
            findings(report, .T5).filter { $0.file == "level.geojson" }.allSatisfy {
                $0.severity == .error && $0.rule == "FileMustBeValidGeoJSON"
            })
        let anchor = try #require(findings(report, .G2).first)
        #expect(anchor.location != nil && anchor.file == "anchor.geojson" && anchor.line != nil)
        guard case .move(let moved, _)? = anchor.fix?.repair else {
            Issue.record("the anchor's repair moves it: \(String(describing: anchor.fix))")
            return
        }
        #expect(moved == anchor.featureID)
    }

    @Test func ulmFindingsMatchItsKnownDefects() throws {
        let report = try Self.report("ulm-osmtoimdf")
        let dangling = findings(report, .R1, type: "venue")
        #expect(dangling.count == 1)
        #expect(dangling.first?.message.contains("address_id") == true)
        #expect(findings(report, .F4, type: "footprint", containing: "\"building_ids\" is null").count == 167)
        #expect(findings(report, .F7, type: "footprint", containing: "name is an empty LABELS").count == 157)
        #expect(findings(report, .F4c, type: "amenity", containing: "\"room\"").count == 396)
        for value in ["university", "office", "hospital"] {
            #expect(!findings(report, .F4c, type: "building", containing: "\"\(value)\"").isEmpty, "\(value)")
        }
        #expect(findings(report, .A2).first?.severity == .warning)  // 1.0.0.rc.1
    }

    @Test func postechReportsTheBrokenFileAndNullDisplayPoints() throws {
        let report = try Self.report("postech-c5")
        let broken = try #require(findings(report, .A5).first)
        #expect(broken.place == "amenity.geojson:1086:3")
        #expect(broken.message == "trailing comma before ']'")
        #expect(findings(report, .T4, type: "fixture").count == 22)
    }

    @Test func generatedVenueHasNoErrorsOrWarnings() throws {
        let folder = NSTemporaryDirectory() + "imdf-validate-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try ArchiveWriter.write(VenueGenerator.generate(VenueSpec(buildings: 2, levels: 3, rooms: 9, seed: 5)), to: folder)
        let report = Validator.validate(try ArchiveReader.read(folder))
        let problems = report.findings.filter { $0.severity != .info }
        #expect(problems.isEmpty, "\(problems.prefix(5).map { "\($0.code) \($0.message)" })")
    }

    @Test func emptyShapesAreInvalidGeometry() throws {
        var archive = VenueGenerator.generate(VenueSpec(buildings: 1, levels: 1, rooms: 2, seed: 5))
        var units = try #require(archive.collections[.unit])
        units.features[0].geometry = .polygon([])
        units.features[1].geometry = .multiPolygon([])
        archive.collections[.unit] = units
        let report = Validator.validate(ArchiveLoad(archive: archive, format: .folder))
        let empty = findings(report, .T2, containing: "empty coordinates")
        #expect(
            empty.map(\.message).sorted() == [
                "MultiPolygon has no polygons (empty coordinates)", "Polygon has no rings (empty coordinates)",
            ])
        #expect(empty.allSatisfy { $0.severity == .error })
        // An intact venue has none.
        let intact = Validator.validate(
            ArchiveLoad(archive: VenueGenerator.generate(VenueSpec(buildings: 1, levels: 1, rooms: 2, seed: 5)), format: .folder))
        #expect(findings(intact, .T2).isEmpty)
    }

    @Test func validationNeverChangesTheArchive() throws {
        let load = try ArchiveReader.read(Samples.root + "/spbstu-polymap")
        let before = load.archive
        _ = Validator.validate(load)
        #expect(load.archive == before)
    }
}

@Suite("Validation building blocks")
struct ValidationPartsTests {
    @Test func suggestionsPreferAValidPrefixThenTheNearestSpelling() {
        #expect(Suggestion.closest(to: "foodservice.coffee", in: CategoryList.unit.values) == "foodservice")
        #expect(Suggestion.closest(to: "resroom", in: CategoryList.unit.values) == "restroom")
        #expect(Suggestion.closest(to: "Office", in: CategoryList.unit.values) == "office")
    }

    @Test func formatsAreRecognised() {
        #expect(Formats.isVersion4UUID("f918cd54-fa50-498d-a212-dca835ae422f"))
        #expect(!Formats.isVersion4UUID("11111111-1111-1111-1111-111111111111"))
        #expect(Formats.isUUID("11111111-1111-1111-1111-111111111111"))
        #expect(!Formats.isUUID("f918cd54fa50498da212dca835ae422f"))
        #expect(Formats.isLanguageTag("en") && Formats.isLanguageTag("ko-KR") && Formats.isLanguageTag("zh-Hant-TW"))
        #expect(!Formats.isLanguageTag("english language") && !Formats.isLanguageTag(""))
        #expect(Formats.isPhone("+12225551212") && !Formats.isPhone("555-1212"))
        #expect(Formats.isWebsite("https://example.org") && !Formats.isWebsite("ftp://example.org"))
        #expect(Formats.isSubdivisionCode("US-CA") && !Formats.isSubdivisionCode("California"))
        #expect(Formats.dateTimeForm("2022-06-30T20:01:17.636022+03:00") == .withOffset)
        #expect(Formats.dateTimeForm("2020-09-09T12:34:56") == .withoutOffset)
        #expect(Formats.dateTimeForm("yesterday") == .invalid)
    }
}
