// A deterministic, specification-conformant synthetic venue: the benchmark workload and a demo.
//
// Layout, in metres east (x) and north (y) of the venue's south-west corner: buildings stand in a
// grid; every level of a building has the building's outline, a corridor along its length and
// rooms on both sides of it (4 m wide, 6 m deep), each with a door laid on its corridor wall, an
// anchor at its centre and an occupant (with hours, phone, website and a modified time). Each
// level has an elevator, stairs, a fire extinguisher and a drinking fountain in the corridor; the
// rooms and the corridor fill the level. Each building has a ground and an aerial footprint. Every
// property key of every type is written (null where empty), exterior rings run counter-clockwise
// (RFC 7946), and every id is a v4 UUID.

import Foundation
import IMDF

public struct VenueSpec: Sendable, Hashable {
    public var buildings: Int
    public var levels: Int
    public var rooms: Int
    public var seed: UInt64

    public init(buildings: Int, levels: Int, rooms: Int, seed: UInt64 = 1) {
        self.buildings = buildings
        self.levels = levels
        self.rooms = rooms
        self.seed = seed
    }

    /// Workload W of the performance targets: about 97,000 features.
    public static let benchmark = VenueSpec(buildings: 20, levels: 10, rooms: 120)
}

public enum VenueGenerator {
    /// The generation of what this generator writes: raised whenever the venues it makes change,
    /// so that workloads cached on disk by an earlier generation are made anew.
    public static let generation = 2

    static let roomWidth = 4.0
    static let roomDepth = 6.0
    static let corridorWidth = 2.5
    static let buildingGap = 20.0
    static let doorWidth = 0.9
    /// The venue's south-west corner (an open field west of Frankfurt am Main).
    static let originLongitude = 8.55
    static let originLatitude = 50.10

    public static func generate(_ spec: VenueSpec) -> IMDFArchive {
        var builder = Builder(spec: spec)
        builder.build()
        return builder.archive()
    }
}

private struct Builder {
    let spec: VenueSpec
    var random: SeededRandom
    var features: [FeatureType: [Feature]] = [:]

    init(spec: VenueSpec) {
        self.spec = spec
        random = SeededRandom(seed: spec.seed)
    }

    var roomsSouth: Int { (spec.rooms + 1) / 2 }
    var roomsNorth: Int { spec.rooms / 2 }
    var buildingLength: Double { Double(max(roomsSouth, 1)) * VenueGenerator.roomWidth }
    var buildingDepth: Double { 2 * VenueGenerator.roomDepth + VenueGenerator.corridorWidth }
    var columns: Int {
        var count = 1
        while count * count < spec.buildings { count += 1 }
        return count
    }

    // MARK: - Coordinates

    /// Local metres to WGS 84, rounded to 1e-8 degrees (about a millimetre). The mapping is affine,
    /// so walls shared in metres stay shared in degrees.
    func position(_ x: Double, _ y: Double) -> Position {
        let metresPerDegreeLatitude = 111_320.0
        let metresPerDegreeLongitude = 111_320.0 * cos(VenueGenerator.originLatitude * .pi / 180)
        func round8(_ value: Double) -> Double { (value * 1e8).rounded() / 1e8 }
        return Position(
            x: round8(VenueGenerator.originLongitude + x / metresPerDegreeLongitude),
            y: round8(VenueGenerator.originLatitude + y / metresPerDegreeLatitude))
    }

    /// A counter-clockwise rectangle.
    func rectangle(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> Geometry {
        .polygon([[position(x0, y0), position(x1, y0), position(x1, y1), position(x0, y1), position(x0, y0)]])
    }

    func point(_ x: Double, _ y: Double) -> JSONValue {
        GeoJSONGeometry(.point(position(x, y))).json
    }

    // MARK: - Features

    /// A feature whose properties are every key of its type's schema, in order, null unless given.
    mutating func add(_ type: FeatureType, geometry: Geometry?, _ values: [PropertyKey: JSONValue]) -> String {
        let id = random.uuid()
        features[type, default: []].append(Feature(type, id: id, geometry: geometry, values: values))
        return id
    }

    func labels(_ text: String) -> JSONValue { Labels(text, language: "en").json }

    func address(_ street: String) -> [PropertyKey: JSONValue] {
        [
            .address: .string(street), .locality: "Frankfurt am Main", .province: "DE-HE", .country: "DE",
            .postalCode: "60311",
        ]
    }

    mutating func build() {
        let rows = (spec.buildings + columns - 1) / max(columns, 1)
        let venueWidth = Double(columns) * (buildingLength + VenueGenerator.buildingGap) + VenueGenerator.buildingGap
        let venueHeight = Double(max(rows, 1)) * (buildingDepth + VenueGenerator.buildingGap) + VenueGenerator.buildingGap
        let venueAddress = add(.address, geometry: nil, address("1 Campus Drive"))
        _ = add(
            .venue, geometry: rectangle(0, 0, venueWidth, venueHeight),
            [
                .category: "businesscampus", .name: labels("Synthetic Campus \(spec.seed)"), .hours: "Mo-Fr 07:00-20:00",
                .phone: "+496912345670", .website: "https://campus.example",
                .displayPoint: point(venueWidth / 2, VenueGenerator.buildingGap / 2), .addressID: .string(venueAddress),
            ])
        for number in 0..<spec.buildings {
            let west = VenueGenerator.buildingGap + Double(number % columns) * (buildingLength + VenueGenerator.buildingGap)
            let south = VenueGenerator.buildingGap + Double(number / columns) * (buildingDepth + VenueGenerator.buildingGap)
            buildBuilding(number + 1, west: west, south: south)
        }
    }

    mutating func buildBuilding(_ number: Int, west: Double, south: Double) {
        let east = west + buildingLength
        let north = south + buildingDepth
        let addressID = add(.address, geometry: nil, address("\(number + 1) Campus Drive"))
        let building = add(
            .building, geometry: nil,
            [
                .name: labels("Building \(number)"), .category: "unspecified",
                .displayPoint: point((west + east) / 2, (south + north) / 2), .addressID: .string(addressID),
            ])
        for category in ["ground", "aerial"] {
            _ = add(
                .footprint, geometry: rectangle(west, south, east, north),
                [
                    .category: .string(category), .buildingIDs: [.string(building)],
                ])
        }
        let elevatorGroup = random.uuid()
        let stairsGroup = random.uuid()
        for ordinal in 0..<spec.levels {
            let level = add(
                .level, geometry: rectangle(west, south, east, north),
                [
                    .category: "unspecified", .outdoor: false, .ordinal: .number(JSONNumber(ordinal)),
                    .name: labels(ordinal == 0 ? "Ground Floor" : "Floor \(ordinal)"),
                    .shortName: labels(ordinal == 0 ? "G" : "\(ordinal)"),
                    .displayPoint: point((west + east) / 2, south + VenueGenerator.roomDepth + VenueGenerator.corridorWidth / 2),
                    .buildingIDs: [.string(building)],
                ])
            buildLevel(level, ordinal: ordinal, west: west, south: south, groups: (elevatorGroup, stairsGroup))
        }
    }

    static let roomCategories = ["office", "office", "office", "laboratory", "conferenceroom", "classroom", "office", "storage"]
    static let occupantCategories = [
        "softwaredevelopment", "researchanddevelopment", "businessconsulting", "architecture", "accounting",
        "lawyer.business", "graphicaldesign", "insurance", "educationservices", "laboratorytesting",
    ]
    static let nameFirst = ["Northwind", "Bluebird", "Cobalt", "Meridian", "Juniper", "Atlas", "Harbor", "Quarry", "Lumen", "Orbit"]
    static let nameSecond = ["Labs", "Partners", "Studio", "Works", "Systems", "Group", "Collective", "Analytics"]

    mutating func buildLevel(_ level: String, ordinal: Int, west: Double, south: Double, groups: (String, String)) {
        let corridorSouth = south + VenueGenerator.roomDepth
        let corridorNorth = corridorSouth + VenueGenerator.corridorWidth
        let east = west + buildingLength
        let corridor = add(
            .unit, geometry: rectangle(west, corridorSouth, east, corridorNorth),
            [
                .category: "walkway", .name: labels("Corridor \(ordinal == 0 ? "G" : String(ordinal))"),
                .levelID: .string(level),
                .displayPoint: point((west + east) / 2, (corridorSouth + corridorNorth) / 2),
            ])
        for index in 0..<spec.rooms {
            let onSouthSide = index < roomsSouth
            let slot = onSouthSide ? index : index - roomsSouth
            let x0 = west + Double(slot) * VenueGenerator.roomWidth
            // The last room of the north side reaches the east wall when that side has one room fewer.
            let x1 = !onSouthSide && slot == roomsNorth - 1 ? east : x0 + VenueGenerator.roomWidth
            let y0 = onSouthSide ? south : corridorNorth
            let y1 = y0 + VenueGenerator.roomDepth
            let wall = onSouthSide ? corridorSouth : corridorNorth
            let centreX = (x0 + x1) / 2
            let centreY = (y0 + y1) / 2
            let designation = "\(ordinal).\(String(index + 1).leftPadded(to: 3))"
            let category = Self.roomCategories[Int(random.next() % UInt64(Self.roomCategories.count))]
            let room = add(
                .unit, geometry: rectangle(x0, y0, x1, y1),
                [
                    .category: .string(category), .name: labels("Room \(designation)"), .levelID: .string(level),
                    .displayPoint: point(centreX, centreY),
                ])
            _ = add(
                .opening,
                geometry: .lineString([
                    position(centreX - VenueGenerator.doorWidth / 2, wall), position(centreX + VenueGenerator.doorWidth / 2, wall),
                ]),
                [
                    .category: "pedestrian", .door: ["type": "swinging", "automatic": false, "material": "wood"],
                    .levelID: .string(level),
                ])
            let anchor = add(.anchor, geometry: .point(position(centreX, centreY)), [.unitID: .string(room)])
            let first = Self.nameFirst[Int(random.next() % UInt64(Self.nameFirst.count))]
            let second = Self.nameSecond[Int(random.next() % UInt64(Self.nameSecond.count))]
            let domain = "\(first)-\(second)".lowercased()
            _ = add(
                .occupant, geometry: nil,
                [
                    .name: labels("\(first) \(second)"),
                    .category: .string(Self.occupantCategories[Int(random.next() % UInt64(Self.occupantCategories.count))]),
                    .anchorID: .string(anchor), .hours: "Mo-Fr 08:00-18:00",
                    .phone: .string("+49691000\(String(index + 1).leftPadded(to: 4))"),
                    .website: .string("https://\(domain).example"),
                    .validity: ["start": .null, "end": .null, "modified": "2026-01-05T09:00:00Z"],
                ])
        }
        let corridorY = (corridorSouth + corridorNorth) / 2
        let amenities: [(String, Double, String?)] = [
            ("elevator", west + 1, groups.0), ("stairs", east - 1, groups.1),
            ("fireextinguisher", west + buildingLength / 3, nil), ("drinkingfountain", west + 2 * buildingLength / 3, nil),
        ]
        for (category, x, group) in amenities {
            _ = add(
                .amenity, geometry: .point(position(x, corridorY)),
                [
                    .category: .string(category), .unitIDs: [.string(corridor)],
                    // One building of one level has no copies on other levels to correlate with.
                    .correlationID: spec.levels > 1 ? group.map(JSONValue.string) ?? .null : .null,
                ])
        }
    }

    func archive() -> IMDFArchive {
        var collections: [FeatureType: FeatureCollection] = [:]
        for (type, list) in features {
            collections[type] = FeatureCollection(fileName: type.fileName, features: list)
        }
        return IMDFArchive(manifest: Manifest(language: "en"), collections: collections)
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
