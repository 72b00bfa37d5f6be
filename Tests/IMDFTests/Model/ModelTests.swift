import Foundation
import TestSupport
import Testing

@testable import IMDF

@Suite("Feature model")
struct ModelTests {
    @Test func categoryTablesMatchTheSharedEnumerations() throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: Samples.categories))
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        for list in CategoryList.allCases {
            let entry = try #require(json[list.rawValue] as? [String: Any], "\(list.rawValue) missing from categories.json")
            let values = try #require(entry["values"] as? [String])
            #expect(list.values == values, "\(list.rawValue)")
        }
        #expect(CategoryList.allCases.count == json.keys.filter { !$0.hasPrefix("_") }.count)
        #expect(CategoryList.unit.contains("restroom.female.wheelchair"))
        #expect(!CategoryList.unit.contains("shop"))
        #expect(CategoryList.occupant.values.count == 1117)
    }

    @Test func everyFeatureTypeHasASchemaWithItsReferences() {
        #expect(FeatureType.allCases.count == 16)
        for type in FeatureType.allCases { #expect(!type.schema.isEmpty, "\(type)") }
        #expect(FeatureType.anchor.spec(forKey: "unit_id")?.referenceTarget == .unit)
        #expect(FeatureType.amenity.spec(forKey: "unit_ids")?.referenceTarget == .unit)
        #expect(FeatureType.footprint.spec(forKey: "building_ids")?.isRequired == true)
        #expect(FeatureType.level.spec(forKey: "short_name")?.isRequired == true)
        #expect(FeatureType.unit.spec(forKey: "name")?.isRequired == false)
        #expect(FeatureType.opening.geometryRule.allows(.lineString([])))
        #expect(!FeatureType.opening.geometryRule.allows(.multiLineString([])))
        #expect(FeatureType.building.geometryRule.allows(nil))
    }

    @Test func propertiesReadByTheirSchemaNamesInRealFeatures() throws {
        let archive = try read(Samples.spbstu).archive
        let units = archive.features(of: .unit)
        #expect(units.count == 443)
        let named = try #require(units.first { $0.labels(.name) != nil })
        let levelID = try #require(named.string(.levelID))
        #expect(archive.makeIndex()[levelID] != nil)
        let levels = archive.features(of: .level)
        #expect(Set(levels.compactMap { $0.integer(.ordinal) }) == [0, 1, 2, 3, 4, 5])
        #expect(levels.allSatisfy { $0.bool(.outdoor) == false })
        #expect(archive.features(of: .anchor).allSatisfy { $0.string(.unitID) != nil })
    }

    @Test func everySchemaKeyIsAPropertyKeyAndBack() {
        let schemaKeys = Set(FeatureType.allCases.flatMap { $0.schema.map(\.key) })
        #expect(schemaKeys == Set(PropertyKey.allCases.map(\.rawValue)))
    }

    @Test func writesByPropertyKeyKeepOtherKeysAndTheirOrder() throws {
        let archive = try read(Samples.postech).archive
        var unit = try #require(archive.features(of: .unit).first)
        let keysBefore = unit.properties.keys
        unit.setLabels(.name, Labels("강의실 101", language: "ko"))
        unit.setString(.category, "classroom")
        #expect(unit.properties.keys == keysBefore)
        #expect(unit.labels(.name)?["ko"] == "강의실 101")
        #expect(unit.properties["id"] != nil)  // the archive's own extra key survives
    }

    @Test func newKeysGoWhereTheSchemaOrdersThem() {
        var feature = Feature(
            id: "x", featureType: "unit", geometry: nil, properties: ["category": "room", "level_id": "L", "extra": true])
        feature.setLabels("name", Labels("Hall", language: "en"))
        #expect(feature.properties.keys == ["category", "name", "level_id", "extra"])
        feature.setString("restriction", nil)
        #expect(feature.properties.keys == ["category", "restriction", "name", "level_id", "extra"])
        feature.setProperty("another", 1)
        #expect(feature.properties.keys.last == "another")
    }

    @Test func labelsPreferTheManifestLanguage() {
        let labels = Labels([("ru", "Этаж 1"), ("en", "Level 1")])
        #expect(labels.preferred(language: "en-US") == "Level 1")
        #expect(labels.preferred(language: "ko") == "Этаж 1")
        #expect(labels.preferred(language: nil) == "Этаж 1")
    }

    @Test func savedManifestIsStampedAndKeepsOtherKeys() throws {
        let manifest = Manifest(object: [
            "language": "en-US", "version": "1.0.0.rc.1", "origin": "4b1e", "created": "2020", "extensions": ["x"],
        ])
        #expect(manifest.isLegacyVersion)
        let stamped = manifest.stamped(created: fixedDate, generatedBy: "imdf 0.1.0")
        #expect(stamped.object.keys == ["version", "created", "generated_by", "language", "origin", "extensions"])
        #expect(stamped.version == "1.0.0")
        #expect(stamped.generatedBy == "imdf 0.1.0")
        #expect(stamped.object["origin"] == "4b1e")
    }

    @Test func timestampsCarryAUTCOffset() throws {
        #expect(Manifest.timestamp(fixedDate, timeZone: TimeZone(identifier: "UTC")!) == "2023-11-14T22:13:20+00:00")
        #expect(Manifest.timestamp(fixedDate, timeZone: TimeZone(secondsFromGMT: -(5 * 3600 + 1800))!) == "2023-11-14T16:43:20-05:30")
    }
}
