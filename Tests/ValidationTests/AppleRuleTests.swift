import Foundation
import Geometry
import IMDF
import SyntheticVenue
import TestSupport
import Testing

@testable import Validation

/// One case per rule of Apple's that a check declares one by one (`RuleDeclarations.rules`): a
/// generated venue, which raises none of them, changed in one way that raises the rule. Removing
/// a check fails its case; declaring a rule without a case fails `everyDeclaredRuleHasACase`.
/// (Rules declared for each feature type, as families, are tested by kind in AppleSeverityTests.)
@Suite("Each of Apple's rules")
struct AppleRuleTests {
    /// The time validation measures occupants' validity against in these cases.
    static let now = Date(timeIntervalSince1970: 1_780_000_000)  // 2026-05-28

    struct Case: Sendable, CustomStringConvertible {
        let feature: String
        let rule: String
        let change: @Sendable (inout Venue) -> Void
        init(_ feature: String, _ rule: String, _ change: @escaping @Sendable (inout Venue) -> Void) {
            self.feature = feature
            self.rule = rule
            self.change = change
        }
        var description: String { "\(feature) \(rule)" }
    }

    /// The generated venue with an editing vocabulary in metres: x east and y north of the
    /// south-west corner of building 1, whose levels are 8 x 14.5 m (rooms 4 x 6 m at y 0-6 and
    /// 8.5-14.5, the corridor between), building 2 standing 28 m further east.
    struct Venue {
        var archive: IMDFArchive
        let projector: Projector
        let origin: Point
        var serial = 0

        init() {
            var archive = VenueGenerator.generate(VenueSpec(buildings: 2, levels: 2, rooms: 4, seed: 5))
            let projector = Projector(archive: archive)!
            let level = archive.features(of: .level)[0]
            origin = Point(x: projector.polygons(level.geometry)![0].bounds.minX, y: projector.polygons(level.geometry)![0].bounds.minY)
            self.projector = projector
            // One unit-qualified address, for the first room's anchor: its building's address with a unit.
            let building = archive.features(of: .building)[0]
            var address = archive.features(of: .address).first { $0.id == building.string(.addressID) }!
            address.id = "00000000-0000-4000-8000-000000000999"
            address.setString(.unit, "Room 0.001")
            archive.collections[.address]!.features.append(address)
            archive.collections[.anchor]!.features[0].setString(.addressID, address.id)
            self.archive = archive
        }

        func position(_ x: Double, _ y: Double) -> Position { projector.position(Point(x: origin.x + x, y: origin.y + y)) }
        func rect(_ x: Double, _ y: Double, _ width: Double, _ height: Double) -> IMDF.Geometry {
            .polygon([[position(x, y), position(x + width, y), position(x + width, y + height), position(x, y + height), position(x, y)]])
        }
        /// A rectangle with a 1 m square hole in its middle.
        func holed(_ x: Double, _ y: Double, _ width: Double, _ height: Double) -> IMDF.Geometry {
            let (cx, cy) = (x + width / 2, y + height / 2)
            let hole = [
                position(cx - 0.5, cy - 0.5), position(cx - 0.5, cy + 0.5), position(cx + 0.5, cy + 0.5), position(cx + 0.5, cy - 0.5),
                position(cx - 0.5, cy - 0.5),
            ]
            guard case .polygon(let rings) = rect(x, y, width, height) else { return rect(x, y, width, height) }
            return .polygon(rings + [hole])
        }
        func point(_ x: Double, _ y: Double) -> JSONValue { GeoJSONGeometry(.point(position(x, y))).json }

        mutating func newID() -> String {
            serial += 1
            return String(format: "00000000-0000-4000-8000-%012d", serial)
        }

        func all(_ type: FeatureType) -> [Feature] { archive.features(of: type) }
        var levels: [Feature] { all(.level) }
        /// Building 1's ground floor and first floor.
        var ground: Feature { levels[0] }
        var upper: Feature { levels[1] }
        var buildings: [Feature] { all(.building) }
        /// The units of building 1's ground floor: south rooms 0 (x 0-4) and 1 (x 4-8), north rooms 2, 3.
        var rooms: [Feature] { all(.unit).filter { $0.string(.levelID) == ground.id && $0.string(.category) != "walkway" } }
        func footprint(_ category: String, of building: Int) -> Feature {
            all(.footprint).first { $0.string(.category) == category && $0.strings(.buildingIDs) == [buildings[building].id] }!
        }

        mutating func change(_ id: String, _ body: (inout Feature) -> Void) {
            for type in FeatureType.allCases {
                guard var collection = archive.collections[type], let index = collection.features.firstIndex(where: { $0.id == id }) else {
                    continue
                }
                body(&collection.features[index])
                archive.collections[type] = collection
                return
            }
        }
        mutating func set(_ feature: Feature, _ key: PropertyKey, _ value: JSONValue) { change(feature.id) { $0.setProperty(key, value) } }
        mutating func reshape(_ feature: Feature, _ geometry: IMDF.Geometry?) { change(feature.id) { $0.geometry = geometry } }
        mutating func remove(_ feature: Feature) {
            for type in FeatureType.allCases { archive.collections[type]?.features.removeAll { $0.id == feature.id } }
        }
        @discardableResult
        mutating func add(_ type: FeatureType, _ geometry: IMDF.Geometry?, _ values: [PropertyKey: JSONValue]) -> String {
            let id = newID()
            let feature = Feature(type, id: id, geometry: geometry, values: values)
            archive.collections[type, default: FeatureCollection(fileName: type.fileName)].features.append(feature)
            return id
        }
        /// A copy of `feature` under a new id.
        @discardableResult
        mutating func copy(_ feature: Feature, _ body: (inout Feature) -> Void = { _ in }) -> String {
            var twin = feature
            twin.id = newID()
            body(&twin)
            archive.collections[twin.imdfType!]!.features.append(twin)
            return twin.id
        }
        mutating func addFixture(
            _ geometry: IMDF.Geometry, category: String = "desk", anchor: String? = nil, name: String? = nil,
            displayPoint: JSONValue = .null
        ) {
            add(
                .fixture, geometry,
                [
                    .category: .string(category), .levelID: .string(ground.id), .anchorID: anchor.map(JSONValue.string) ?? .null,
                    .name: name.map { Labels($0, language: "en").json } ?? .null, .displayPoint: displayPoint,
                ])
        }
        mutating func addKiosk(_ geometry: IMDF.Geometry, anchor: String? = nil) {
            add(
                .kiosk, geometry,
                [
                    .levelID: .string(ground.id), .anchorID: anchor.map(JSONValue.string) ?? .null,
                    .name: Labels("Kiosk", language: "en").json,
                ])
        }
        @discardableResult
        mutating func addAmenity(
            _ category: String, at x: Double, _ y: Double, in unit: Feature, name: String? = nil, correlation: String? = nil
        ) -> String {
            add(
                .amenity, .point(position(x, y)),
                [
                    .category: .string(category), .unitIDs: [.string(unit.id)],
                    .name: name.map { Labels($0, language: "en").json } ?? .null,
                    .correlationID: correlation.map(JSONValue.string) ?? .null,
                ])
        }
        /// Room `number` of the ground floor made a `category` unit, holding an amenity of `amenity` at its centre.
        mutating func room(_ number: Int, as category: String, holding amenity: String? = nil) {
            let room = rooms[number]
            set(room, .category, .string(category))
            if let amenity { addAmenity(amenity, at: Double(number % 2) * 4 + 1, number < 2 ? 3 : 11.5, in: room) }
        }
        @discardableResult
        mutating func addGeofence(
            _ geometry: IMDF.Geometry, levels: [Feature]?, buildings: [Feature]? = nil, parents: [String]? = nil,
            correlation: String? = nil, category: String = "paidarea"
        ) -> String {
            add(
                .geofence, geometry,
                [
                    .category: .string(category), .name: Labels("Zone", language: "en").json,
                    .levelIDs: levels.map { .array($0.map { .string($0.id) }) } ?? .null,
                    .buildingIDs: buildings.map { .array($0.map { .string($0.id) }) } ?? .null,
                    .parents: parents.map { .array($0.map(JSONValue.string)) } ?? .null,
                    .correlationID: correlation.map(JSONValue.string) ?? .null,
                ])
        }
        @discardableResult
        mutating func addSection(
            _ geometry: IMDF.Geometry, on level: Feature, parents: [String]? = nil, correlation: String? = nil,
            category: String = "eatingdrinking"
        ) -> String {
            add(
                .section, geometry,
                [
                    .category: .string(category), .levelID: .string(level.id),
                    .parents: parents.map { .array($0.map(JSONValue.string)) } ?? .null,
                    .correlationID: correlation.map(JSONValue.string) ?? .null,
                ])
        }
        mutating func addRelationship(
            direction: String = "directed", origin: String? = nil, geometry: IMDF.Geometry? = nil, _ more: [PropertyKey: JSONValue] = [:]
        ) {
            let door = all(.opening)[0]
            var values: [PropertyKey: JSONValue] = [
                .category: "traversal", .direction: .string(direction),
                .origin: ["id": .string(origin ?? rooms[0].id), "feature_type": "unit"],
                .intermediary: [["id": .string(door.id), "feature_type": "opening"]],
                .destination: ["id": .string(all(.unit).first { $0.string(.category) == "walkway" }!.id), "feature_type": "unit"],
            ]
            values.merge(more) { $1 }
            add(.relationship, geometry, values)
        }
        mutating func validity(_ occupant: Feature, start: String? = nil, end: String? = nil, modified: String? = "2026-01-05T09:00:00Z") {
            set(
                occupant, .validity,
                [
                    "start": start.map(JSONValue.string) ?? .null, "end": end.map(JSONValue.string) ?? .null,
                    "modified": modified.map(JSONValue.string) ?? .null,
                ])
        }
        /// Occupants of the ground floor (0, 1) and of the first floor (2).
        var occupants: [Feature] {
            let occupants = all(.occupant)
            let upperUnits = Set(all(.unit).filter { $0.string(.levelID) == upper.id }.map(\.id))
            let upperAnchors = Set(all(.anchor).filter { upperUnits.contains($0.string(.unitID) ?? "") }.map(\.id))
            return Array(occupants.prefix(2)) + [occupants.first { upperAnchors.contains($0.string(.anchorID) ?? "") }!]
        }
        func amenity(_ category: String, on level: Feature) -> Feature {
            let corridor = all(.unit).first { $0.string(.levelID) == level.id && $0.string(.category) == "walkway" }!
            return all(.amenity).first { $0.string(.category) == category && $0.strings(.unitIDs) == [corridor.id] }!
        }
        var corridor: Feature { all(.unit).first { $0.string(.levelID) == ground.id && $0.string(.category) == "walkway" }! }
        func labels(_ text: String, _ language: String = "en") -> JSONValue { Labels(text, language: language).json }
    }

    static func report(_ venue: Venue) -> ValidationReport {
        Validator.validate(ArchiveLoad(archive: venue.archive, format: .folder), now: now)
    }

    static let cases: [Case] =
        structure + core + addresses + expected + names + correlation + temporal + hierarchy + parking + shapes + contents

    /// A door of the ground floor.
    static func door(of venue: Venue) -> Feature { venue.all(.opening).first { $0.string(.levelID) == venue.ground.id }! }

    /// The door's line made `length` metres long, from its first end along itself.
    static func door(of venue: Venue, length: Double) -> IMDF.Geometry? {
        guard case .lineString(let line)? = door(of: venue).geometry else { return nil }
        let (a, b) = (venue.projector.point(line[0]), venue.projector.point(line[line.count - 1]))
        let scale = length / a.distance(to: b)
        return .lineString([line[0], venue.projector.position(Point(x: a.x + (b.x - a.x) * scale, y: a.y + (b.y - a.y) * scale))])
    }

    static let core: [Case] = [
        Case("N/A", "FeatureIdMustBeUnique") { venue in
            let id = venue.rooms[0].id
            venue.change(venue.rooms[1].id) { $0.id = id }
        },
        Case("N/A", "ReferencedFeatureIDMustBeResolvable") { $0.set($0.rooms[0], .levelID, "00000000-0000-4000-8000-000000000777") },
        Case("N/A", "VenueCountMustBeExactlyOne") { $0.remove($0.all(.venue)[0]) },
        Case("Level", "LevelOrdinalMustBeInteger") { $0.set($0.upper, .ordinal, .number(JSONNumber(text: "1.5")!)) },
        Case("Building", "LevelOrdinalsForBuildingAreNotSequential") { $0.set($0.upper, .ordinal, 3) },
        Case("Building", "BuildingLevelOrdinalZeroShouldBePresent") { $0.set($0.ground, .ordinal, 2) },
        Case("Level", "OutdoorLevelHasNegativeOrdinal") { venue in
            venue.set(venue.upper, .outdoor, true)
            venue.set(venue.upper, .ordinal, -1)
        },
        Case("Anchor", "AnchorMustBeCoveredByReferencedUnit") { venue in
            venue.reshape(venue.all(.anchor).first { $0.string(.unitID) == venue.rooms[0].id }!, .point(venue.position(2, 7)))
        },
        Case("Amenity", "AmenityShouldBeCoveredByReferencedUnit") { venue in venue.addAmenity("information", at: 2, 3, in: venue.corridor)
        },
        Case("Opening", "OpeningMustBeCoveredByUnitBoundary") { venue in
            venue.reshape(door(of: venue), .lineString([venue.position(1, 3), venue.position(2, 3)]))
            venue.set(door(of: venue), .displayPoint, .null)
        },
        Case("Opening", "OpeningIsSuspiciouslySmall") { venue in venue.reshape(door(of: venue), door(of: venue, length: 0.5)) },
        Case("Opening", "OpeningIsSuspiciouslyLarge") { venue in venue.reshape(door(of: venue), door(of: venue, length: 50)) },
        Case("Unit", "UnitsMustNotOverlap") { $0.copy($0.rooms[0]) },
        Case("Address", "AddressMustBeReferenced") { venue in venue.copy(address(of: venue)) },
        Case("Building", "BuildingHasNoLevel") { $0.copy($0.buildings[0]) },
        Case("Building", "BuildingMustHaveAtLeastOneFootprint") { $0.copy($0.buildings[0]) },
        Case("Venue", "VenueMustHaveAtLeastOneBuilding") { venue in
            for building in venue.buildings { venue.remove(building) }
        },
    ]

    static let structure: [Case] = [
        Case("N/A", "FeatureIdMustNotBeEmpty") { $0.change($0.occupants[0].id) { $0.id = "" } },
        Case("N/A", "FeatureTypeMustNotBeEmpty") { $0.change($0.rooms[0].id) { $0.featureType = "" } },
        Case("N/A", "NameMustBeString") { $0.set($0.rooms[0], .name, ["en": 5]) },
        Case("Manifest", "ManifestVersionMustBeValid") { $0.archive.manifest.object["version"] = "2.0.0" },
        Case("Opening", "OpeningDoorMaterialMustBeValid") {
            $0.set($0.all(.opening)[0], .door, ["type": "swinging", "automatic": false, "material": "cardboard"])
        },
        Case("Relationship", "RelationshipDirectionMustBeValid") { $0.addRelationship(direction: "sideways") },
        Case("Relationship", "RelationshipHasGeometry") { venue in venue.addRelationship(geometry: .point(venue.position(4, 6))) },
        Case("Relationship", "InvalidRelationshipOriginReference") { $0.addRelationship(origin: "00000000-0000-4000-8000-000000000777") },
        Case("Relationship", "InvalidRelationshipIntermediaryReference") {
            $0.addRelationship([.intermediary: [["id": "00000000-0000-4000-8000-000000000777", "feature_type": "opening"]]])
        },
        Case("Relationship", "InvalidRelationshipDestinationReference") {
            $0.addRelationship([.destination: ["id": "00000000-0000-4000-8000-000000000777", "feature_type": "unit"]])
        },
        Case("Venue", "VenueGeometryShouldNotHaveInteriorRing") { venue in
            let venueFeature = venue.all(.venue)[0]
            let bounds = venue.projector.polygons(venueFeature.geometry)![0].bounds
            venue.reshape(
                venueFeature, venue.holed(bounds.minX - venue.origin.x, bounds.minY - venue.origin.y, bounds.width, bounds.height))
            // The hole lies between the buildings.
        },
        Case("Level", "LevelHasInteriorRing") { venue in venue.reshape(venue.ground, venue.holed(0, 0, 8, 14.5)) },
        Case("Footprint", "FootprintHasInteriorRing") { venue in venue.reshape(venue.footprint("ground", of: 0), venue.holed(0, 0, 8, 14.5))
        },
        Case("Fixture", "FixtureHasInteriorRing") { venue in venue.addFixture(venue.holed(0.5, 0.5, 3, 3)) },
        Case("Kiosk", "KioskHasInteriorRing") { venue in venue.addKiosk(venue.holed(0.5, 0.5, 3, 3)) },
        Case("Section", "SectionHasInteriorRing") { venue in venue.addSection(venue.holed(0.5, 0.5, 3, 3), on: venue.ground) },
        Case("Geofence", "GeofenceHasInteriorRing") { venue in venue.addGeofence(venue.holed(0.5, 0.5, 3, 3), levels: [venue.ground]) },
    ]

    static func address(of venue: Venue, building: Int = 0) -> Feature {
        venue.all(.address).first { $0.id == venue.buildings[building].string(.addressID) }!
    }

    static let addresses: [Case] = [
        Case("Address", "AddressMustHaveProvinceCode") { $0.set(address(of: $0), .province, .null) },
        Case("Address", "AddressUnitMustNotBeBlank") { $0.set(address(of: $0), .unit, " ") },
        Case("Address", "InvalidISOCountryAndISOProvinceCodeCombination") { $0.set(address(of: $0), .province, "US-CA") },
        Case("Address", "LabelMustNotBeBlank") { $0.set(address(of: $0), .locality, "  ") },
        Case("Address", "PostalCodeExtensionMustNotBeBlank") { $0.set(address(of: $0), .postalCodeExt, "") },
        Case("Address", "PostalCodeMustNotBeBlank") { $0.set(address(of: $0), .postalCode, " ") },
        Case("Address", "VanityPostalCodeMustNotBeBlank") { $0.set(address(of: $0), .postalCodeVanity, "") },
        Case("Address", "AddressHasDissimilarProvinceCode") { $0.set(address(of: $0, building: 1), .province, "DE-BY") },
        Case("Address", "AddressMustBeDistinct") { venue in
            let copy = venue.copy(address(of: venue, building: 0))
            venue.set(venue.all(.anchor)[1], .addressID, .string(copy))
        },
        Case("Address", "AddressShouldHavePostalCode") { $0.set(address(of: $0), .postalCode, .null) },
        Case("N/A", "ZeroCountOfUnitQualifiedAddresses") { $0.set($0.all(.address).first { $0.string(.unit) != nil }!, .unit, .null) },
        Case("Anchor", "ReferencedAddressDoesNotMatchBuildingAddress") {
            $0.set($0.all(.address).first { $0.string(.unit) != nil }!, .address, "9 Elsewhere Street")
        },
        Case("Building", "BuildingAddressResolvesToVenueAddress") {
            $0.set($0.buildings[0], .addressID, .string($0.all(.venue)[0].string(.addressID)!))
        },
        Case("Building", "BuildingReferencesUnitQualifiedAddress") {
            $0.set($0.buildings[0], .addressID, "00000000-0000-4000-8000-000000000999")
        },
        Case("Building", "BuildingsHaveSameAddress") { $0.set($0.buildings[1], .addressID, .string($0.buildings[0].string(.addressID)!)) },
    ]

    static let expected: [Case] = [
        Case("Building", "BuildingHasNoName") { $0.set($0.buildings[0], .name, .null) },
        Case("Building", "BuildingHasNoAddress") { $0.set($0.buildings[0], .addressID, .null) },
        Case("Building", "BuildingHasNoDisplayPoint") { $0.set($0.buildings[0], .displayPoint, .null) },
        Case("Venue", "VenueShouldHaveHours") { $0.set($0.all(.venue)[0], .hours, .null) },
        Case("Venue", "VenueShouldHavePhone") { $0.set($0.all(.venue)[0], .phone, .null) },
        Case("Venue", "VenueShouldHaveWebsite") { $0.set($0.all(.venue)[0], .website, .null) },
        Case("Occupant", "OccupantShouldHaveHours") { $0.set($0.occupants[0], .hours, .null) },
        Case("Occupant", "OccupantShouldHavePhone") { $0.set($0.occupants[0], .phone, .null) },
        Case("Occupant", "OccupantShouldHaveWebsite") { $0.set($0.occupants[0], .website, .null) },
        Case("Occupant", "OccupantShouldHaveModifiedTime") { $0.validity($0.occupants[0], modified: nil) },
        Case("Geofence", "GeofenceHasNoBuildingReference") { venue in venue.addGeofence(venue.rect(0.5, 6.5, 2, 1), levels: [venue.ground])
        },
        Case("Geofence", "GeofenceHasNoLevelReference") { venue in
            venue.addGeofence(venue.rect(0.5, 6.5, 2, 1), levels: nil, buildings: [venue.buildings[0]])
        },
        Case("Geofence", "GeofenceMustHaveLevelOrBuildingReference") { venue in venue.addGeofence(venue.rect(0.5, 6.5, 2, 1), levels: nil)
        },
        Case("Amenity", "AircraftBoardingGateAmenityShouldHaveName") { venue in
            venue.addAmenity("boardinggate.aircraft", at: 3, 7, in: venue.corridor)
        },
        Case("Amenity", "ArrivalGateAmenityShouldHaveName") { venue in venue.addAmenity("arrivalgate", at: 3, 7, in: venue.corridor) },
        Case("Amenity", "BaggageCarouselAmenityShouldHaveName") { venue in venue.addAmenity("baggagecarousel", at: 3, 7, in: venue.corridor)
        },
        Case("Amenity", "BusBoardingGateAmenityShouldHaveName") { venue in
            venue.addAmenity("boardinggate.bus", at: 3, 7, in: venue.corridor)
        },
        Case("Amenity", "TrainBoardingGateAmenityShouldHaveName") { venue in
            venue.addAmenity("boardinggate.train", at: 3, 7, in: venue.corridor)
        },
        Case("Amenity", "UnspecifiedAmenityShouldHaveName") { venue in venue.addAmenity("unspecified", at: 3, 7, in: venue.corridor) },
    ]

    static let names: [Case] = [
        Case("Building", "BuildingNameIsNotDistinct") { $0.set($0.buildings[1], .name, $0.buildings[0].property(.name)!) },
        Case("Building", "BuildingAltNameShouldBeDistinct") { venue in
            venue.set(venue.buildings[0], .altName, venue.labels("B"))
            venue.set(venue.buildings[1], .altName, venue.labels("b "))
        },
        Case("Building", "LevelNamesInBuildingShouldBeDistinct") { $0.set($0.upper, .name, $0.ground.property(.name)!) },
        Case("Building", "LevelShortNamesInBuildingShouldBeDistinct") { $0.set($0.upper, .shortName, $0.ground.property(.shortName)!) },
        Case("Building", "NonMatchingNameLangTagsAmongLevelsReferencingSameBuilding") {
            $0.set($0.upper, .name, $0.labels("Erster Stock", "de"))
        },
        Case("Building", "NonMatchingShortNameLangTagsAmongLevelsReferencingSameBuilding") {
            $0.set($0.upper, .shortName, $0.labels("1", "de"))
        },
        Case("Amenity", "AmenityNameShouldNotBeDuplicate") { venue in
            venue.addAmenity("boardinggate.aircraft", at: 3, 7, in: venue.corridor, name: "A1")
            venue.addAmenity("boardinggate.aircraft", at: 5, 7, in: venue.corridor, name: "a1")
        },
        Case("Amenity", "BaggageCarouselAmenityNameIsDuplicateInSameBuilding") { venue in
            venue.addAmenity("baggagecarousel", at: 3, 7, in: venue.corridor, name: "Belt 1")
            venue.addAmenity("baggagecarousel", at: 5, 7, in: venue.corridor, name: "Belt 1")
        },
        Case("Amenity", "AmenityNameAndCategoryAreSame") { $0.set($0.amenity("elevator", on: $0.ground), .name, $0.labels("Elevator")) },
        Case("Building", "BuildingNameMatchesOccupantName") { $0.set($0.buildings[0], .name, $0.occupants[0].property(.name)!) },
        Case("Occupant", "SimilarOccupantsShouldNotRefSameAnchor") { $0.copy($0.occupants[0]) },
    ]

    static let correlation: [Case] = [
        Case("Amenity", "CorrelationIdMustBeMatched") {
            $0.set($0.amenity("fireextinguisher", on: $0.ground), .correlationID, "00000000-0000-4000-8000-000000000555")
        },
        Case("Amenity", "LevelIDsMustBeDissimilarForCorrelationID") { venue in
            venue.set(venue.amenity("fireextinguisher", on: venue.ground), .correlationID, "00000000-0000-4000-8000-000000000555")
            venue.set(venue.amenity("drinkingfountain", on: venue.ground), .correlationID, "00000000-0000-4000-8000-000000000555")
        },
        Case("Amenity", "CategoryShouldBeSameForCorrelationID") { venue in
            venue.set(venue.amenity("fireextinguisher", on: venue.ground), .correlationID, "00000000-0000-4000-8000-000000000555")
            venue.set(venue.amenity("drinkingfountain", on: venue.upper), .correlationID, "00000000-0000-4000-8000-000000000555")
        },
        Case("Occupant", "CorrelationIdMustBeMatched") { $0.set($0.occupants[0], .correlationID, "00000000-0000-4000-8000-000000000555") },
        Case("Occupant", "LevelIDsMustBeDissimilarForCorrelationID") { venue in
            venue.set(venue.occupants[0], .correlationID, "00000000-0000-4000-8000-000000000555")
            venue.set(venue.occupants[1], .correlationID, "00000000-0000-4000-8000-000000000555")
        },
        Case("Occupant", "CategoryShouldBeSameForCorrelationID") { venue in
            let (a, b) = (venue.occupants[0], venue.occupants[2])
            venue.set(a, .correlationID, "00000000-0000-4000-8000-000000000555")
            venue.set(b, .correlationID, "00000000-0000-4000-8000-000000000555")
            venue.set(a, .category, "accounting")
            venue.set(b, .category, "insurance")
        },
        Case("Section", "CorrelationIdMustBeMatched") { venue in
            venue.addSection(venue.rect(0.5, 0.5, 2, 2), on: venue.ground, correlation: "00000000-0000-4000-8000-000000000555")
        },
        Case("Section", "LevelIDsMustBeDissimilarForCorrelationID") { venue in
            venue.addSection(venue.rect(0.5, 0.5, 1, 1), on: venue.ground, correlation: "00000000-0000-4000-8000-000000000555")
            venue.addSection(venue.rect(2.5, 0.5, 1, 1), on: venue.ground, correlation: "00000000-0000-4000-8000-000000000555")
        },
        Case("Section", "CategoryShouldBeSameForCorrelationID") { venue in
            venue.addSection(venue.rect(0.5, 0.5, 1, 1), on: venue.ground, correlation: "00000000-0000-4000-8000-000000000555")
            venue.addSection(
                venue.rect(0.5, 0.5, 1, 1), on: venue.upper, correlation: "00000000-0000-4000-8000-000000000555", category: "retail")
        },
        Case("Geofence", "CorrelationIdMustBeMatched") { venue in
            venue.addGeofence(venue.rect(0.5, 0.5, 2, 2), levels: [venue.ground], correlation: "00000000-0000-4000-8000-000000000555")
        },
        Case("Geofence", "LevelIDsMustBeDissimilarForCorrelationID") { venue in
            venue.addGeofence(venue.rect(0.5, 0.5, 1, 1), levels: [venue.ground], correlation: "00000000-0000-4000-8000-000000000555")
            venue.addGeofence(venue.rect(2.5, 0.5, 1, 1), levels: [venue.ground], correlation: "00000000-0000-4000-8000-000000000555")
        },
        Case("Geofence", "CategoryShouldBeSameForCorrelationID") { venue in
            venue.addGeofence(venue.rect(0.5, 0.5, 1, 1), levels: [venue.ground], correlation: "00000000-0000-4000-8000-000000000555")
            venue.addGeofence(
                venue.rect(0.5, 0.5, 1, 1), levels: [venue.upper], correlation: "00000000-0000-4000-8000-000000000555",
                category: "securedarea")
        },
    ]

    static let temporal: [Case] = [
        Case("Occupant", "StartDateTimeIsAfterEndDateTime") {
            $0.validity($0.occupants[0], start: "2027-02-01T00:00:00Z", end: "2027-01-01T00:00:00+01:00")
        },
        Case("Occupant", "EndDateTimeIsBeforeCurrentDateTime") { $0.validity($0.occupants[0], end: "2026-01-01T00:00:00Z") },
        Case("Occupant", "ModifiedDateTimeIsAfterCurrentDateTime") {
            $0.validity($0.occupants[0], modified: "2027-01-01T00:00:00.5-05:00")
        },
    ]

    static let hierarchy: [Case] = [
        Case("Building", "BuildingHasNoAerialFootprint") { $0.remove($0.footprint("aerial", of: 0)) },
        Case("Building", "BuildingHasNoGroundFootprint") { $0.remove($0.footprint("ground", of: 0)) },
        Case("Building", "BuildingHasNoSubterraneanFootprint") { $0.set($0.upper, .ordinal, -1) },
        Case("Level", "LevelMustBeReferencedByUnit") { venue in
            venue.copy(venue.upper) { level in
                level.setInteger(.ordinal, 2)
                level.setProperty(.name, Labels("Floor 2", language: "en").json)
                level.setProperty(.shortName, Labels("2", language: "en").json)
            }
        },
        Case("Level", "LevelShouldBeReferencedByOpening") { venue in
            let ground = venue.ground.id
            venue.archive.collections[.opening]!.features.removeAll { $0.string(.levelID) == ground }
        },
        Case("Level", "IndoorLevelMustHaveBuildingReference") { $0.set($0.upper, .buildingIDs, .null) },
        Case("Level", "OutdoorLevelShouldReferenceBuilding") { venue in
            venue.set(venue.upper, .buildingIDs, .null)
            venue.set(venue.upper, .outdoor, true)
        },
        Case("Level", "OutdoorLevelHasBuildingReference") { $0.set($0.ground, .outdoor, true) },
        Case("Level", "LevelHasSuspiciousOrdinal") { $0.set($0.upper, .ordinal, 200) },
        Case("Geofence", "GeofenceHasParentReference") { venue in
            let parent = venue.addGeofence(venue.rect(0.5, 0.5, 3, 3), levels: [venue.ground])
            venue.addGeofence(venue.rect(1, 1, 1, 1), levels: [venue.ground], parents: [parent])
        },
        Case("Section", "SectionHasParentReference") { venue in
            let parent = venue.addSection(venue.rect(0.5, 0.5, 3, 3), on: venue.ground)
            venue.addSection(venue.rect(1, 1, 1, 1), on: venue.ground, parents: [parent])
        },
    ]

    @Test func ordinalsAtTheEndsOfTheUsualRangeAreNotSuspicious() {
        var venue = Venue()
        venue.set(venue.ground, .ordinal, -12)
        venue.set(venue.upper, .ordinal, 163)
        #expect(!Self.report(venue).findings.contains { $0.rule == "LevelHasSuspiciousOrdinal" })
    }

    static func levels(of venue: Venue, building: Int) -> [Feature] {
        venue.levels.filter { $0.strings(.buildingIDs) == [venue.buildings[building].id] }
    }

    static let parking: [Case] = [
        Case("Building", "BuildingCategoryShouldBeParking") { venue in
            for level in levels(of: venue, building: 0) { venue.set(level, .category, "parking") }
        },
        Case("Building", "ParkingBuildingReferencingNonParkingLevel") { $0.set($0.buildings[0], .category, "parking") },
        Case("Level", "ParkingLevelShouldContainParkingUnit") { $0.set($0.ground, .category, "parking") },
        Case("Level", "ParkingUnitShouldBeContainedByParkingLevel") { venue in
            for unit in venue.all(.unit) where unit.string(.levelID) == venue.ground.id { venue.set(unit, .category, "parking") }
        },
        Case("Level", "ParkingUnitIsNotContainedByParkingLevel") { venue in
            venue.set(venue.rooms[0], .category, "parking")
            venue.set(venue.rooms[1], .category, "storage")
        },
        Case("Level", "ParkingLevelShouldHaveAutomobileOpening") { venue in
            venue.set(venue.ground, .category, "parking")
            for unit in venue.all(.unit) where unit.string(.levelID) == venue.ground.id { venue.set(unit, .category, "parking") }
        },
    ]

    static let shapes: [Case] = [
        Case("Fixture", "FixtureMustNotEqualFixture") { venue in
            venue.addFixture(venue.rect(0.5, 0.5, 2, 1))
            venue.addFixture(venue.rect(0.5, 0.5, 2, 1))
        },
        Case("Fixture", "FixtureMustNotEqualUnit") { $0.addFixture($0.rooms[0].geometry!) },
        Case("Fixture", "FixturesMustNotOverlap") { venue in
            venue.addFixture(venue.rect(0.5, 0.5, 2, 1))
            venue.addFixture(venue.rect(1.5, 0.5, 2, 1))
        },
        Case("Fixture", "FixtureMustNotOverlapKiosk") { venue in
            venue.addFixture(venue.rect(0.5, 0.5, 2, 1))
            venue.addKiosk(venue.rect(1.5, 0.5, 2, 1))
        },
        Case("Kiosk", "KioskMustNotEqualUnit") { $0.addKiosk($0.rooms[0].geometry!) },
        Case("Kiosk", "KiosksMustNotOverlap") { venue in
            venue.addKiosk(venue.rect(0.5, 0.5, 2, 1))
            venue.addKiosk(venue.rect(1.5, 0.5, 2, 1))
        },
        Case("Section", "SectionsOverlap") { venue in
            venue.addSection(venue.rect(0.5, 0.5, 2, 2), on: venue.ground)
            venue.addSection(venue.rect(1.5, 0.5, 2, 2), on: venue.ground)
        },
        Case("Geofence", "GeofencesOverlap") { venue in
            venue.addGeofence(venue.rect(0.5, 0.5, 2, 2), levels: [venue.ground])
            venue.addGeofence(venue.rect(1.5, 0.5, 2, 2), levels: [venue.ground])
        },
        Case("Opening", "OpeningsMustNotCrossOrOverlap") { venue in venue.copy(venue.all(.opening)[0]) },
        Case("Detail", "DetailMustNotIntersectOpening") { venue in
            venue.add(.detail, .lineString([venue.position(2, 5.5), venue.position(2, 6.5)]), [.levelID: .string(venue.ground.id)])
        },
        Case("Amenity", "AmenityShouldNotEqualAmenity") { venue in
            venue.copy(venue.amenity("elevator", on: venue.ground)) { $0.setProperty(.correlationID, .null) }
        },
        Case("Anchor", "AnchorShouldNotEqualAnchor") { venue in venue.copy(venue.all(.anchor)[1]) },
        Case("Level", "LevelsShouldNotOverlap") { venue in
            let other = levels(of: venue, building: 1)[0]
            venue.reshape(other, venue.rect(4, 0, 8, 14.5))
        },
        Case("Footprint", "AerialFootprintMustNotContainOrEqualAerialFootprint") { venue in
            let geometry = venue.footprint("aerial", of: 0).geometry
            venue.reshape(venue.footprint("aerial", of: 1), geometry)
        },
        Case("Footprint", "GroundFootprintMustNotContainOrEqualGroundFootprint") { venue in
            let geometry = venue.footprint("ground", of: 0).geometry
            venue.reshape(venue.footprint("ground", of: 1), geometry)
        },
        Case("Footprint", "AerialFootprintsShouldNotOverlap") { venue in
            venue.reshape(venue.footprint("aerial", of: 1), venue.rect(4, 0, 8, 14.5))
        },
        Case("Footprint", "GroundFootprintsShouldNotOverlap") { venue in
            venue.reshape(venue.footprint("ground", of: 1), venue.rect(4, 0, 8, 14.5))
        },
        Case("Footprint", "SubterraneanFootprintsOverlap") { venue in
            venue.add(.footprint, venue.rect(0, 0, 8, 14.5), [.category: "subterranean", .buildingIDs: [.string(venue.buildings[0].id)]])
            venue.add(.footprint, venue.rect(4, 0, 8, 14.5), [.category: "subterranean", .buildingIDs: [.string(venue.buildings[1].id)]])
        },
        Case("Level", "OutdoorLevelShouldNotOverlapGroundFootprint") { venue in
            venue.copy(venue.upper) { level in
                level.setInteger(.ordinal, 0)
                level.setBool(.outdoor, true)
                level.setProperty(.buildingIDs, .null)
                level.setProperty(.name, Labels("Plaza", language: "en").json)
            }
        },
        Case("Fixture", "FixtureMustBeCoveredByUnit") { $0.addFixture($0.rect(3, 1, 2, 1)) },
        Case("Kiosk", "KioskMustBeCoveredByUnit") { $0.addKiosk($0.rect(3, 1, 2, 1)) },
        Case("Fixture", "FixtureMustContainReferencedAnchor") { $0.addFixture($0.rect(0.2, 0.2, 1, 1), anchor: $0.all(.anchor)[0].id) },
        Case("Kiosk", "KioskMustContainReferencedAnchor") { $0.addKiosk($0.rect(0.2, 0.2, 1, 1), anchor: $0.all(.anchor)[0].id) },
        Case("Geofence", "GeofenceNotCoveredByReferencedLevel") { venue in venue.addGeofence(venue.rect(6, 1, 5, 2), levels: [venue.ground])
        },
        Case("Geofence", "GeofenceNotWithinReferencedBuildingFootprint") { venue in
            venue.addGeofence(venue.rect(6, 1, 5, 2), levels: [venue.ground], buildings: [venue.buildings[0]])
        },
        Case("Level", "LevelMustBeFullyCoveredByUnits") { venue in
            let room = venue.rooms[3]
            venue.reshape(room, venue.rect(4, 8.5, 2, 6))
        },
        Case("Venue", "VenueMustCoverAllChildFeatures") { venue in venue.reshape(venue.upper, venue.rect(-30, 0, 8, 14.5)) },
        Case("Footprint", "AerialFootprintShouldCoverGroundFootprint") { venue in
            venue.reshape(venue.footprint("aerial", of: 0), venue.rect(0, 0, 8, 10))
        },
        Case("Footprint", "GroundFootprintShouldIntersectSubterraneanFootprint") { venue in
            venue.add(.footprint, venue.rect(10, 0, 4, 4), [.category: "subterranean", .buildingIDs: [.string(venue.buildings[0].id)]])
        },
        Case("Footprint", "IndoorLevelNotEqualToAerialFootprint") { venue in
            venue.reshape(venue.footprint("aerial", of: 0), venue.rect(0, 0, 9, 14.5))
        },
        Case("Footprint", "IndoorLevelNotEqualToGroundFootprint") { venue in
            venue.reshape(venue.footprint("ground", of: 0), venue.rect(0, 0, 9, 14.5))
        },
        Case("Footprint", "IndoorLevelNotEqualToSubterraneanFootprint") { venue in
            venue.set(venue.upper, .ordinal, -1)
            venue.add(.footprint, venue.rect(0, 0, 8, 10), [.category: "subterranean", .buildingIDs: [.string(venue.buildings[0].id)]])
        },
        Case("Level", "LevelAndAerialFootprintShouldReferenceSameBuilding") {
            $0.set($0.footprint("aerial", of: 0), .buildingIDs, [.string($0.buildings[1].id)])
        },
        Case("Level", "LevelAndGroundFootprintShouldReferenceSameBuilding") {
            $0.set($0.footprint("ground", of: 0), .buildingIDs, [.string($0.buildings[1].id)])
        },
        Case("Level", "LevelAndSubterraneanFootprintShouldReferenceSameBuilding") { venue in
            venue.add(.footprint, venue.rect(0, 0, 8, 14.5), [.category: "subterranean", .buildingIDs: [.string(venue.buildings[1].id)]])
        },
    ]

    static let contents: [Case] = [
        Case("Amenity", "ElevatorUnitMayOnlyContainElevatorAmenity") { $0.room(0, as: "elevator", holding: "fireextinguisher") },
        Case("Amenity", "EscalatorUnitMayOnlyContainEscalatorAmenity") { $0.room(0, as: "escalator", holding: "fireextinguisher") },
        Case("Amenity", "MovingWalkwayUnitMayOnlyContainMovingWalkwayAmenity") {
            $0.room(0, as: "movingwalkway", holding: "fireextinguisher")
        },
        Case("Amenity", "StairsUnitMayOnlyContainStairsAmenity") { $0.room(0, as: "stairs", holding: "fireextinguisher") },
        Case("Amenity", "OpenToBelowUnitMustNotContainAmenity") { $0.room(0, as: "opentobelow", holding: "information") },
        Case("Amenity", "StepsUnitMustNotContainAmenity") { $0.room(0, as: "steps", holding: "information") },
        Case("Amenity", "StructuralUnitMustNotContainAmenity") { $0.room(0, as: "column", holding: "information") },
        Case("Amenity", "RestroomUnitMayOnlyContainAmenityFromRestroomHierarchy") {
            $0.room(0, as: "restroom.male", holding: "information")
        },
        Case("Amenity", "GenericRestroomUnitCategoryContainsSpecificRestroomAmenityCategory") {
            $0.room(0, as: "restroom", holding: "restroom.female")
        },
        Case("Amenity", "FemaleRestroomUnitMustNotContainRestroomAmenityCategory") {
            $0.room(0, as: "restroom.female", holding: "restroom.male.wheelchair")
        },
        Case("Amenity", "MaleRestroomUnitMustNotContainRestroomAmenityCategory") {
            $0.room(0, as: "restroom.male", holding: "restroom.female")
        },
        Case("Amenity", "RestroomUnitCategoryShouldNotContainRestroomAmenityCategory") {
            $0.room(0, as: "restroom.family", holding: "restroom.female")
        },
        Case("Amenity", "KioskMustNotContainAmenityCategory") { venue in
            venue.addKiosk(venue.rect(2, 6.5, 2, 1.5))
            venue.addAmenity("stairs", at: 3, 7, in: venue.corridor)
        },
        Case("Anchor", "OpenToBelowUnitMustNotContainAnchor") { $0.room(1, as: "opentobelow") },
        Case("Anchor", "StructuralUnitMustNotContainAnchor") { $0.room(1, as: "wood") },
        Case("Fixture", "OpenToBelowUnitMustNotContainFixture") { venue in
            venue.room(1, as: "opentobelow")
            venue.addFixture(venue.rect(4.5, 0.5, 1, 1))
        },
        Case("Fixture", "StructuralUnitMustNotContainFixture") { venue in
            venue.room(1, as: "drywall")
            venue.addFixture(venue.rect(4.5, 0.5, 1, 1))
        },
        Case("Kiosk", "OpenToBelowUnitMustNotContainKiosk") { venue in
            venue.room(1, as: "opentobelow")
            venue.addKiosk(venue.rect(4.5, 0.5, 1, 1), anchor: venue.all(.anchor)[1].id)
        },
        Case("Kiosk", "StructuralUnitMustNotContainKiosk") { venue in
            venue.room(1, as: "concrete")
            venue.addKiosk(venue.rect(4.5, 0.5, 1, 1))
        },
        Case("Kiosk", "KioskShouldHaveAnchorOrContainAmenity") { $0.addKiosk($0.rect(0.5, 0.5, 1, 1)) },
        Case("Fixture", "BaggageCarouselFixtureShouldHaveDisplayPointAndName") {
            $0.addFixture($0.rect(0.5, 0.5, 2, 1), category: "baggagecarousel")
        },
        Case("Fixture", "BaggageCarouselFixtureShouldHaveName") {
            $0.addFixture($0.rect(0.5, 0.5, 2, 1), category: "baggagecarousel", displayPoint: $0.point(1.5, 1))
        },
    ]

    static let declared = RuleDeclarations.all.flatMap(\.rules)

    @Test func theGeneratedVenueRaisesNoneOfTheDeclaredRules() {
        let declared = Set(RuleDeclarations.appleRules.map(\.name))
        let raised = Self.report(Venue()).findings.compactMap(\.rule).filter(declared.contains)
        #expect(raised.isEmpty, "\(raised)")
    }

    @Test func everyDeclaredRuleHasACase() {
        let covered = Set(Self.cases.map(\.description))
        let missing = Self.declared.map(\.key).filter { !covered.contains($0) && !Self.raisedElsewhere.contains($0) }
        #expect(missing.isEmpty, "\(missing)")
        #expect(Set(Self.cases.map(\.description)).count == Self.cases.count, "a rule has two cases")
    }

    /// Declared rules raised by files that do not load, tested by `unloadableFilesNameApplesRule`
    /// (FileMustBeValidGeoJSON also by broken geometry in the samples' tests), and by a missing
    /// manifest, tested by CodeTests' `aMissingManifestIsA1`.
    static let raisedElsewhere: Set<String> = [
        "N/A FileMustContainFeatureCollection", "N/A FileMustBeValidGeoJSON", "N/A FeatureMustHaveId", "N/A FeatureIdMustBeString",
        "N/A FeatureMustHaveFeatureType", "N/A FeatureTypeMustBeString", "N/A ManifestFileMustBePresent",
    ]

    /// Exact copies are each named once, against the first of their shape: three copies of a
    /// fixture give two findings, not the three pairs (20,000 copies took minutes as pairs).
    @Test func copiesOfOneShapeAreEachNamedOnceAgainstTheFirst() {
        var venue = Venue()
        for _ in 0..<3 { venue.addFixture(venue.rect(0.5, 0.5, 2, 1)) }
        let equal = Self.report(venue).findings.filter { $0.rule == "FixtureMustNotEqualFixture" }
        #expect(equal.count == 2, "\(equal.map(\.message))")
        let firstID = venue.archive.features(of: .fixture)[0].id.prefix(8)
        #expect(equal.allSatisfy { $0.message.contains(String(firstID)) }, "\(equal.map(\.message))")
        var kiosks = Venue()
        for _ in 0..<3 { kiosks.addKiosk(kiosks.rect(0.5, 0.5, 2, 1)) }
        #expect(Self.report(kiosks).findings.filter { $0.rule == "KiosksMustNotOverlap" }.count == 2)
    }

    @Test(arguments: cases) func aChangedVenueRaisesTheRule(_ testCase: Case) {
        var venue = Venue()
        testCase.change(&venue)
        let findings = Self.report(venue).findings.filter { $0.rule == testCase.rule }
        #expect(!findings.isEmpty, "\(testCase.rule) not raised")
        let severity = AppleRules.published.first { $0.feature == testCase.feature && $0.name == testCase.rule }?.severity
        #expect(
            findings.allSatisfy { $0.severity == severity },
            "\(testCase.rule): \(findings.map(\.severity)) against Apple's \(String(describing: severity))")
        #expect(findings.allSatisfy { !$0.message.isEmpty })
    }

    /// Every finding code has a case that raises it: here (by the rule it implements; A5 by
    /// unloadableFilesNameApplesRule), in CodeTests, or in the samples' tests
    /// (SampleValidationTests: a duplicate id, broken geometry, a dangling reference, display
    /// points and anchors outside, the routing graph). N4-N7 are raised by `check reachability`,
    /// not by validation: ShellTests' ReachabilityTests raise each.
    @Test func everyCodeIsRaisedByACase() {
        let here = Set(Self.cases.compactMap { RuleDeclarations.appleRulesByKey[$0.description]?.code })
        let bySamples: Set<FindingCode> = [.A1, .A5, .F3, .T2, .T4, .T5, .R1, .G1, .G2, .N1, .N2]
        let byReachability: Set<FindingCode> = [.N4, .N5, .N6, .N7]
        let missing = Set(FindingCode.allCases).subtracting(here).subtracting(CodeTests.cases.map(\.code)).subtracting(bySamples)
            .subtracting(byReachability)
        #expect(missing.isEmpty, "\(missing.map(\.rawValue).sorted())")
    }

    /// Values of the wrong shape carry the rule Apple checks them by; an empty optional LABELS
    /// object, which no rule of Apple's names, is a warning (null says as much).
    @Test func malformedValuesCarryApplesRuleNames() {
        var venue = Venue()
        venue.set(venue.rooms[0], .name, "Room 0.001")
        venue.set(venue.amenity("elevator", on: venue.ground), .unitIDs, [])
        venue.set(venue.rooms[1], .altName, JSONValue.object(JSONObject()))
        venue.set(venue.ground, .shortName, JSONValue.object(JSONObject()))
        let findings = Self.report(venue).findings
        #expect(findings.contains { $0.code == .F4t && $0.rule == "NameMustBeString" && $0.severity == .error })
        #expect(findings.contains { $0.code == .F4 && $0.rule == "AmenityMustReferenceUnit" && $0.severity == .error })
        #expect(
            findings.contains {
                $0.code == .F7 && $0.featureID == venue.rooms[1].id && $0.severity == .warning && $0.fix?.automatic == true
            })
        #expect(findings.contains { $0.code == .F7 && $0.featureID == venue.ground.id && $0.severity == .error })
    }

    static let unloadable: [(String, String)] = [
        ("[1, 2]", "FileMustContainFeatureCollection"),
        ("{\"type\": \"FeatureCollection\", \"features\": [}", "FileMustBeValidGeoJSON"),
        (
            "{\"type\": \"FeatureCollection\", \"features\": [{\"type\": \"Feature\", \"feature_type\": \"unit\", \"geometry\": null, \"properties\": {}}]}",
            "FeatureMustHaveId"
        ),
        (
            "{\"type\": \"FeatureCollection\", \"features\": [{\"type\": \"Feature\", \"id\": 7, \"feature_type\": \"unit\", \"geometry\": null, \"properties\": {}}]}",
            "FeatureIdMustBeString"
        ),
        (
            "{\"type\": \"FeatureCollection\", \"features\": [{\"type\": \"Feature\", \"id\": \"x\", \"geometry\": null, \"properties\": {}}]}",
            "FeatureMustHaveFeatureType"
        ),
        (
            "{\"type\": \"FeatureCollection\", \"features\": [{\"type\": \"Feature\", \"id\": \"x\", \"feature_type\": [], \"geometry\": null, \"properties\": {}}]}",
            "FeatureTypeMustBeString"
        ),
    ]

    @Test func unloadableFilesNameApplesRule() throws {
        let folder = NSTemporaryDirectory() + "imdf-rules-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try ArchiveWriter.write(Venue().archive, to: folder, created: Date(timeIntervalSince1970: 0))
        for (text, rule) in Self.unloadable {
            try text.write(toFile: folder + "/unit.geojson", atomically: true, encoding: .utf8)
            let findings = Validator.validate(try ArchiveReader.read(folder)).findings.filter { $0.code == .A5 }
            #expect(
                findings.contains { $0.rule == rule && $0.severity == .error && $0.file == "unit.geojson" },
                "\(rule): \(findings.map(\.rule))")
        }
    }

    /// A fixture file with a feature without an id: `imdf validate` reads it without that feature,
    /// names the defect, and checks the other fixtures (one lies 20 m outside its level), while a
    /// reading for editing still refuses the file.
    @Test func theOtherFeaturesOfAFileWithABrokenOneAreChecked() throws {
        let folder = NSTemporaryDirectory() + "imdf-rules-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var venue = Venue()
        venue.addFixture(venue.rect(-20, 1, 2, 1))
        let stray = try #require(venue.all(.fixture).last)
        try ArchiveWriter.write(venue.archive, to: folder, created: Date(timeIntervalSince1970: 0))
        var text = try String(contentsOfFile: folder + "/fixture.geojson", encoding: .utf8)
        let broken = "{\"type\": \"Feature\", \"id\": null, \"feature_type\": \"fixture\", \"geometry\": null, \"properties\": {}}, "
        text = text.replacingOccurrences(of: "\"features\": [", with: "\"features\": [" + broken)
        try text.write(toFile: folder + "/fixture.geojson", atomically: true, encoding: .utf8)

        let load = try ArchiveReader.read(folder, skippingBrokenFeatures: true)
        #expect(load.unreadableFiles == ["fixture.geojson"])
        let findings = Validator.validate(load).findings
        #expect(findings.contains { $0.rule == "FeatureIdMustBeString" && $0.file == "fixture.geojson" && $0.severity == .error })
        #expect(findings.contains { $0.rule == "FixtureMustBeCoveredByReferencedLevel" && $0.featureID == stray.id })
        #expect(try ArchiveReader.read(folder).archive.collections[.fixture] == nil)
    }

    /// A phone written for people with its country code is repaired to its E.164 number; one
    /// without a country code has no repair, as its country is not known.
    @Test(
        arguments: [
            ("+353 1 704-7783", "+35317047783"), ("+1 (816) 243.5237", "+18162435237"), (" +41 44 668 18 00", "+41446681800"),
            ("0818 710 299", nil), ("+0 12 34", nil), ("+1 800 FLOWERS", nil), ("+1 234 567 890 123 456 7", nil),
        ] as [(String, String?)])
    func aPhoneWrittenWithSeparatorsIsRepairedToItsE164Number(written: String, number: String?) throws {
        var venue = Venue()
        let feature = try #require(venue.all(.venue).first)
        venue.set(feature, .phone, .string(written))
        let findings = Self.report(venue).findings.filter { $0.rule == "PhoneMustBeValid" && $0.featureID == feature.id }
        #expect(findings.count == 1, "\(findings.map(\.message))")
        #expect(findings.first?.fix?.repair == number.map { .set(feature: feature.id, key: "phone", .text($0)) })
        #expect((findings.first?.fix?.automatic ?? false) == (number != nil))
    }

    @Test func dateTimesAreReadWithTheirOffsets() {
        #expect(Formats.secondsSince1970("1970-01-01T00:00:00Z") == 0)
        #expect(Formats.secondsSince1970("1970-01-01T01:00:00+01:00") == 0)
        #expect(Formats.secondsSince1970("2000-03-01T00:00:00.25Z") == 951_868_800.25)
        #expect(Formats.secondsSince1970("not a time") == nil)
        #expect(Formats.secondsSince1970("2026-13-01T00:00:00Z") == nil)
    }
}
