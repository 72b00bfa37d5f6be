import Foundation
import Geometry
import IMDF
import Testing

@testable import Validation

/// Defects Apple's validator names wherever they are: a broken shape on no level, anything
/// outside the venue, one defect under each rule it breaks, and at the tolerances real data
/// allows (CODES.md gives the evidence). Each case changes the generated venue of
/// AppleRuleTests in one way.
@Suite("Defects found wherever they are")
struct ReachTests {
    typealias Venue = AppleRuleTests.Venue

    static func findings(_ venue: Venue, rule: String, of id: String) -> [Finding] {
        AppleRuleTests.report(venue).findings.filter { $0.rule == rule && $0.featureID == id }
    }

    /// A bow tie: its two triangles meet at (x + 1, y + 1).
    static func bowTie(_ venue: Venue, at x: Double, _ y: Double) -> IMDF.Geometry {
        .polygon([
            [venue.position(x, y), venue.position(x + 2, y + 2), venue.position(x + 2, y), venue.position(x, y + 2), venue.position(x, y)]
        ])
    }

    // MARK: - Every polygon is checked, whatever its references

    @Test(arguments: ["00000000-0000-4000-8000-000000000777", nil])
    func aSelfIntersectingFixtureOnNoLevelIsReported(levelID: String?) throws {
        var venue = Venue()
        venue.addFixture(Self.bowTie(venue, at: 0.5, 0.5))
        let fixture = try #require(venue.all(.fixture).last)
        venue.set(fixture, .levelID, levelID.map(JSONValue.string) ?? .null)
        let invalid = Self.findings(venue, rule: "FileMustBeValidGeoJSON", of: fixture.id)
        #expect(invalid.map(\.code) == [.T5], "\(invalid.map(\.message))")
    }

    @Test func aSelfIntersectingUnitOnAMissingLevelIsReported() throws {
        var venue = Venue()
        let unit = venue.add(
            .unit, Self.bowTie(venue, at: 1, 1),
            [.category: "room", .levelID: "00000000-0000-4000-8000-000000000777", .name: venue.labels("Bow")])
        #expect(Self.findings(venue, rule: "FileMustBeValidGeoJSON", of: unit).count == 1)
    }

    /// A level drawn as a figure of eight (its ring crosses itself in the middle of the floor), with
    /// a room in each of its two triangles: the level is reported invalid, once, and neither room
    /// is outside it - before, GEOS's buffer of the crossed ring kept one triangle, and every
    /// room in the other was reported outside its level (82 false findings on spbstu-polymap).
    @Test func roomsInBothHalvesOfALevelDrawnAsAFigureOfEightAreInsideIt() throws {
        var venue = Venue()
        let level = venue.ground
        let bounds = try #require(venue.projector.polygons(level.geometry)?.first?.bounds)
        let (width, height) = (bounds.maxX - bounds.minX, bounds.maxY - bounds.minY)
        venue.reshape(
            level,
            .polygon([
                [
                    venue.position(0, 0), venue.position(width, height), venue.position(width, 0), venue.position(0, height),
                    venue.position(0, 0),
                ]
            ]))
        let rooms = [0.5, width - 1.5].map { x in
            venue.add(
                .unit, venue.rect(x, height / 2 - 0.5, 1, 1), [.category: "room", .levelID: .string(level.id), .name: venue.labels("Lobe")])
        }
        #expect(Self.findings(venue, rule: "FileMustBeValidGeoJSON", of: level.id).count == 1)
        for room in rooms {
            let outside = Self.findings(venue, rule: "UnitMustBeCoveredByReferencedLevel", of: room)
            #expect(outside.isEmpty, "\(outside.map(\.message))")
        }
    }

    // MARK: - Everything located lies inside the venue

    /// The venue's extent in the venue's frame, relative to the test's origin.
    static func venueEast(_ venue: Venue) throws -> Double {
        let shapes = try #require(venue.projector.polygons(venue.all(.venue)[0].geometry))
        return shapes.reduce(Bounds.empty) { $0.union($1.bounds) }.maxX - venue.origin.x
    }

    enum Placed: String, CaseIterable, Sendable {
        case unit, opening, detail, fixture, kiosk, section, amenity, anchor
    }

    /// A feature of each located type 15 m east of the venue, on the ground floor (or in its
    /// first room) by its references: the venue must cover it.
    @Test(arguments: Placed.allCases)
    func aFeatureOutsideTheVenueBreaksVenueMustCoverAllChildFeatures(_ type: Placed) throws {
        var venue = Venue()
        let x = try Self.venueEast(venue) + 15
        let ground = JSONValue.string(venue.ground.id)
        let id: String
        switch type {
        case .unit: id = venue.add(.unit, venue.rect(x, 0, 4, 6), [.category: "room", .levelID: ground])
        case .opening:
            id = venue.add(
                .opening, .lineString([venue.position(x, 0), venue.position(x + 1, 0)]), [.category: "pedestrian", .levelID: ground])
        case .detail: id = venue.add(.detail, .lineString([venue.position(x, 0), venue.position(x + 1, 0)]), [.levelID: ground])
        case .fixture: id = venue.add(.fixture, venue.rect(x, 0, 1, 1), [.category: "desk", .levelID: ground])
        case .kiosk: id = venue.add(.kiosk, venue.rect(x, 0, 1, 1), [.levelID: ground])
        case .section: id = venue.add(.section, venue.rect(x, 0, 1, 1), [.category: "eatingdrinking", .levelID: ground])
        case .amenity: id = venue.addAmenity("information", at: x, 3, in: venue.rooms[0])
        case .anchor: id = venue.add(.anchor, .point(venue.position(x, 3)), [.unitID: .string(venue.rooms[0].id)])
        }
        let outside = Self.findings(venue, rule: "VenueMustCoverAllChildFeatures", of: id)
        #expect(outside.count == 1, "\(type): \(outside.map(\.message))")
        #expect(outside.allSatisfy { $0.severity == .error && $0.message.contains("outside the venue") })
    }

    /// A detail with no level (as 99 of a real campus's are) 15 m out, and fixtures at 0°, 0°.
    @Test func featuresOnNoLevelOrFarAwayAreOutsideTheVenue() throws {
        var venue = Venue()
        let x = try Self.venueEast(venue) + 15
        let detail = venue.add(.detail, .lineString([venue.position(x, 0), venue.position(x + 1, 0)]), [.levelID: .null])
        let fixture = venue.add(
            .fixture, .polygon([[Position(x: 0, y: 0), Position(x: 0.0001, y: 0), Position(x: 0.0001, y: 0.0001), Position(x: 0, y: 0)]]),
            [.category: "desk", .levelID: .string(venue.ground.id)])
        #expect(Self.findings(venue, rule: "VenueMustCoverAllChildFeatures", of: detail).count == 1)
        #expect(Self.findings(venue, rule: "VenueMustCoverAllChildFeatures", of: fixture).count == 1)
    }

    // MARK: - One defect, each rule it breaks

    @Test func anOccupantWhoseAnchorDoesNotResolveBreaksBothRules() {
        var venue = Venue()
        let occupant = venue.occupants[0]
        venue.set(occupant, .anchorID, "00000000-0000-4000-8000-000000000777")
        let findings = AppleRuleTests.report(venue).findings.filter { $0.featureID == occupant.id }
        #expect(findings.contains { $0.rule == "ReferencedFeatureIDMustBeResolvable" && $0.code == .R1 && $0.severity == .error })
        #expect(findings.contains { $0.rule == "OccupantMustReferenceAnchor" && $0.code == .F4 && $0.severity == .error })
    }

    @Test func anAmenityWhoseUnitsAllFailToResolveBreaksBothRules() {
        var venue = Venue()
        let amenity = venue.all(.amenity)[0]
        venue.set(amenity, .unitIDs, ["00000000-0000-4000-8000-000000000777"])
        let rules = Set(AppleRuleTests.report(venue).findings.filter { $0.featureID == amenity.id }.compactMap(\.rule))
        #expect(rules.isSuperset(of: ["ReferencedFeatureIDMustBeResolvable", "AmenityMustReferenceUnit"]), "\(rules)")
    }

    @Test func aLevelWithNoUnitsBreaksBothRules() {
        var venue = Venue()
        let level = venue.copy(venue.upper) { level in
            level.setInteger(.ordinal, 2)
            level.setProperty(.name, Labels("Floor 2", language: "en").json)
            level.setProperty(.shortName, Labels("2", language: "en").json)
        }
        #expect(Self.findings(venue, rule: "LevelMustBeReferencedByUnit", of: level).count == 1)
        let covered = Self.findings(venue, rule: "LevelMustBeFullyCoveredByUnits", of: level)
        #expect(covered.count == 1 && covered.allSatisfy { $0.severity == .warning }, "\(covered.map(\.message))")
    }

    // MARK: - Tolerances

    /// The unit's own outline with its west or east wall moved `by` metres east (the outline as
    /// generated, not a rectangle redrawn in the test's frame, which leans a few millimetres).
    static func movingWall(_ venue: Venue, _ unit: Feature, east: Bool, by metres: Double) throws -> IMDF.Geometry {
        let polygon = try #require(venue.projector.polygons(unit.geometry)?.first)
        let side = east ? polygon.bounds.maxX : polygon.bounds.minX
        let ring = polygon.exterior.map { point in abs(point.x - side) < 0.5 ? Point(x: point.x + metres, y: point.y) : point }
        return .polygon([ring.map(venue.projector.position)])
    }

    @Test func aUnitAFifthOfAMetreOutsideItsLevelIsReported() throws {
        var venue = Venue()
        venue.reshape(venue.rooms[0], try Self.movingWall(venue, venue.rooms[0], east: false, by: -0.2))
        #expect(Self.findings(venue, rule: "UnitMustBeCoveredByReferencedLevel", of: venue.rooms[0].id).count == 1)
    }

    @Test func aUnitACentimetreOutsideItsLevelIsNot() throws {
        var venue = Venue()
        venue.reshape(venue.rooms[0], try Self.movingWall(venue, venue.rooms[0], east: false, by: -0.01))
        #expect(Self.findings(venue, rule: "UnitMustBeCoveredByReferencedLevel", of: venue.rooms[0].id).isEmpty)
    }

    /// A door laid in the corridor 8 cm from the rooms' wall (y 6), on no unit's boundary.
    @Test func aDoorEightCentimetresInsideAWalkwayIsReported() {
        var venue = Venue()
        let door = AppleRuleTests.door(of: venue)
        venue.reshape(door, .lineString([venue.position(1.5, 6.08), venue.position(2.5, 6.08)]))
        venue.set(door, .displayPoint, .null)
        #expect(Self.findings(venue, rule: "OpeningMustBeCoveredByUnitBoundary", of: door.id).count == 1)
    }

    /// A door whose middle leaves the wall: its ends lie on it, its middle 20 cm into the room.
    @Test func aDoorThatLeavesTheWallBetweenItsEndsAndMiddleIsReported() {
        var venue = Venue()
        let door = AppleRuleTests.door(of: venue)
        venue.reshape(
            door,
            .lineString([
                venue.position(1, 6), venue.position(1.25, 5.8), venue.position(1.5, 6), venue.position(1.75, 5.8), venue.position(2, 6),
            ]))
        venue.set(door, .displayPoint, .null)
        #expect(Self.findings(venue, rule: "OpeningMustBeCoveredByUnitBoundary", of: door.id).count == 1)
    }

    @Test func aDoorACentimetreOffTheWallIsNot() {
        var venue = Venue()
        let door = AppleRuleTests.door(of: venue)
        venue.reshape(door, .lineString([venue.position(1.5, 6.01), venue.position(2.5, 6.01)]))
        venue.set(door, .displayPoint, .null)
        #expect(Self.findings(venue, rule: "OpeningMustBeCoveredByUnitBoundary", of: door.id).isEmpty)
    }

    /// Room 0 reaches 1 cm into room 1 along their 6 m wall: 0.06 m².
    @Test func unitsOverlappingBySixHundredthsOfASquareMetreAreReported() throws {
        var venue = Venue()
        venue.reshape(venue.rooms[0], try Self.movingWall(venue, venue.rooms[0], east: true, by: 0.01))
        let overlaps = AppleRuleTests.report(venue).findings.filter { $0.rule == "UnitsMustNotOverlap" }
        #expect(overlaps.count == 1, "\(overlaps.map(\.message))")
    }

    /// Rooms that share a wall up to a millimetre's sliver (0.006 m²) do not overlap.
    @Test func unitsSharingAWallToAMillimetreDoNotOverlap() throws {
        var venue = Venue()
        venue.reshape(venue.rooms[0], try Self.movingWall(venue, venue.rooms[0], east: true, by: 0.001))
        #expect(AppleRuleTests.report(venue).findings.filter { $0.rule == "UnitsMustNotOverlap" }.isEmpty)
    }
}
