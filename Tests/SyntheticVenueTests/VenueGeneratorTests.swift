import Foundation
import IMDF
import SyntheticVenue
import Testing

@Suite("Synthetic venue")
struct VenueGeneratorTests {
    let spec = VenueSpec(buildings: 3, levels: 2, rooms: 7, seed: 42)

    @Test func sameSeedGivesTheSameArchiveAndAnotherSeedDoesNot() {
        #expect(VenueGenerator.generate(spec) == VenueGenerator.generate(spec))
        var other = spec
        other.seed = 43
        #expect(VenueGenerator.generate(spec) != VenueGenerator.generate(other))
    }

    @Test func countsFollowTheSpecification() {
        let archive = VenueGenerator.generate(spec)
        let rooms = spec.buildings * spec.levels * spec.rooms
        let levels = spec.buildings * spec.levels
        #expect(archive.features(of: .venue).count == 1)
        #expect(archive.features(of: .address).count == 1 + spec.buildings)
        #expect(archive.features(of: .building).count == spec.buildings)
        #expect(archive.features(of: .footprint).count == 2 * spec.buildings)  // ground and aerial
        #expect(archive.features(of: .level).count == levels)
        #expect(archive.features(of: .unit).count == rooms + levels)  // rooms plus one corridor per level
        #expect(archive.features(of: .opening).count == rooms)
        #expect(archive.features(of: .anchor).count == rooms)
        #expect(archive.features(of: .occupant).count == rooms)
        #expect(archive.features(of: .amenity).count == 4 * levels)
    }

    @Test func benchmarkWorkloadHasAbout97000Features() {
        let spec = VenueSpec.benchmark
        let rooms = spec.buildings * spec.levels * spec.rooms
        let levels = spec.buildings * spec.levels
        let total = 2 + 3 * spec.buildings + levels + (rooms + levels) + 3 * rooms + 4 * levels
        #expect(total == 97_262)
    }

    @Test func idsAreUniqueVersion4UUIDs() {
        let archive = VenueGenerator.generate(spec)
        let ids = archive.allCollections.flatMap { $0.features.map(\.id) }
        #expect(Set(ids).count == ids.count)
        let pattern = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/
        #expect(ids.allSatisfy { $0.wholeMatch(of: pattern) != nil })
    }

    @Test func everyReferenceResolvesToTheRightType() {
        let archive = VenueGenerator.generate(spec)
        let index = archive.makeIndex()
        for collection in archive.allCollections {
            for feature in collection.features {
                for spec in feature.imdfType?.schema ?? [] {
                    guard let target = spec.referenceTarget else { continue }
                    let ids = feature.strings(spec.key) ?? feature.string(spec.key).map { [$0] } ?? []
                    if spec.isRequired { #expect(!ids.isEmpty, "\(feature.featureType).\(spec.key)") }
                    for id in ids {
                        let place = index[id]
                        #expect(place.map { archive.feature(at: $0).featureType } == target.rawValue)
                    }
                }
            }
        }
    }

    @Test func everyKeyOfEveryTypeIsWrittenInSchemaOrder() {
        let archive = VenueGenerator.generate(spec)
        for (type, collection) in archive.collections {
            for feature in collection.features {
                #expect(feature.properties.keys == type.schema.map(\.key))
                #expect(type.geometryRule.allows(feature.geometry))
            }
        }
    }

    @Test func exteriorRingsRunCounterClockwise() {
        let archive = VenueGenerator.generate(spec)
        for type in [FeatureType.venue, .footprint, .level, .unit] {
            for feature in archive.features(of: type) {
                guard case .polygon(let rings)? = feature.geometry else {
                    Issue.record("\(type) without a polygon")
                    continue
                }
                let ring = rings[0]
                var area = 0.0
                for (a, b) in zip(ring, ring.dropFirst()) { area += a.x * b.y - b.x * a.y }
                #expect(area > 0)
                #expect(ring.first == ring.last)
            }
        }
    }

    @Test func doorsLieOnTheirRoomsCorridorWall() {
        let archive = VenueGenerator.generate(VenueSpec(buildings: 1, levels: 1, rooms: 4))
        let rooms = archive.features(of: .unit).filter { $0.string("category") != "walkway" }
        let doors = archive.features(of: .opening)
        #expect(doors.count == rooms.count)
        for (room, door) in zip(rooms, doors) {
            guard case .polygon(let rings)? = room.geometry, case .lineString(let line)? = door.geometry else {
                Issue.record("unexpected geometry")
                continue
            }
            let ys = Set(rings[0].map(\.y))
            #expect(line.allSatisfy { ys.contains($0.y) })  // on the south or north wall's latitude
            let xs = rings[0].map(\.x)
            #expect(line.allSatisfy { $0.x > xs.min()! && $0.x < xs.max()! })
        }
    }

    @Test func savedAndReloadedVenueIsUnchanged() throws {
        let folder = NSTemporaryDirectory() + "imdf-generate-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let archive = VenueGenerator.generate(spec)
        try ArchiveWriter.write(archive, to: folder, created: Date(timeIntervalSince1970: 0))
        let load = try ArchiveReader.read(folder)
        #expect(load.diagnostics.isEmpty)
        for type in FeatureType.allCases {
            #expect(load.archive.features(of: type).map(\.properties) == archive.features(of: type).map(\.properties))
            #expect(load.archive.features(of: type).map(\.geometry) == archive.features(of: type).map(\.geometry))
        }
    }
}
