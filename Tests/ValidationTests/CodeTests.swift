import Foundation
import Geometry
import IMDF
import SyntheticVenue
import TestSupport
import Testing

@testable import Validation

/// One case per finding code not exercised by the sample archives' tests: a generated venue, which
/// validates clean, changed in one way that raises the code. Removing a rule fails its case.
@Suite("Each finding code")
struct CodeTests {
    struct Case: Sendable, CustomStringConvertible {
        let code: FindingCode
        let change: @Sendable (inout IMDFArchive, Projector) -> Void
        var description: String { code.rawValue }
    }

    static func clean() -> IMDFArchive { VenueGenerator.generate(VenueSpec(buildings: 1, levels: 2, rooms: 4, seed: 5)) }

    static func report(_ archive: IMDFArchive) -> ValidationReport {
        Validator.validate(ArchiveLoad(archive: archive, format: .folder))
    }

    /// `geometry` moved `east` and `north` metres.
    static func shifted(_ geometry: IMDF.Geometry?, _ projector: Projector, east: Double, north: Double = 0) -> IMDF.Geometry? {
        func move(_ position: Position) -> Position {
            let point = projector.point(position)
            return projector.position(Point(x: point.x + east, y: point.y + north))
        }
        switch geometry {
        case .point(let position)?: return .point(move(position))
        case .lineString(let line)?: return .lineString(line.map(move))
        case .polygon(let rings)?: return .polygon(rings.map { $0.map(move) })
        case .multiPolygon(let polygons)?: return .multiPolygon(polygons.map { $0.map { $0.map(move) } })
        default: return geometry
        }
    }

    /// Changes the first feature of `type`.
    static func first(_ type: FeatureType, _ archive: inout IMDFArchive, _ change: (inout Feature) -> Void) {
        guard var collection = archive.collections[type], !collection.features.isEmpty else { return }
        change(&collection.features[0])
        archive.collections[type] = collection
    }

    static let cases: [Case] = [
        Case(code: .A3) { archive, _ in archive.manifest.object["created"] = "2026-01-01T00:00:00" },
        Case(code: .A4) { archive, _ in archive.manifest.object["language"] = "english language" },
        Case(code: .A6) { archive, _ in archive.extensions.append(FeatureCollection(fileName: "trees.geojson")) },
        Case(code: .A7) { archive, _ in
            let unit = archive.features(of: .unit)[0]
            archive.collections[.unit]!.features.removeFirst()
            archive.collections[.level]!.features.append(unit)
        },
        Case(code: .A8) { archive, _ in archive.collections[.venue]!.features.removeAll() },
        Case(code: .F1) { archive, _ in first(.unit, &archive) { $0.typeMember = "Thing" } },
        Case(code: .F2) { archive, _ in first(.occupant, &archive) { $0.id = "occupant-1" } },
        Case(code: .F2v) { archive, _ in first(.occupant, &archive) { $0.id = "11111111-1111-1111-1111-111111111111" } },
        Case(code: .F4t) { archive, _ in first(.unit, &archive) { $0.setProperty(.restriction, 5) } },
        Case(code: .F5) { archive, _ in first(.unit, &archive) { $0.removeProperty(.restriction) } },
        Case(code: .F6) { archive, _ in first(.unit, &archive) { $0.setProperty("colour", "red") } },
        Case(code: .F8) { archive, _ in first(.venue, &archive) { $0.setString(.phone, "call us") } },
        Case(code: .T3) { archive, _ in
            first(.unit, &archive) { unit in
                guard case .polygon(let rings)? = unit.geometry else { return }
                unit.geometry = .polygon([rings[0].reversed()] + rings.dropFirst())
            }
        },
        Case(code: .F9) { archive, _ in first(.unit, &archive) { $0.setProperty(.altName, ["de": "Halle"]) } },
        Case(code: .R5) { archive, _ in
            var building = archive.features(of: .building)[0]
            building.id = "2f0c8e1a-6b3d-4c5e-9f7a-1b2c3d4e5f60"
            archive.collections[.building]!.features.append(building)
        },
        Case(code: .R2) { archive, _ in
            let relationship = Feature(
                .relationship, id: "3a9e4c4e-2b6f-4f3e-9a51-0c3c2d7c1e10", geometry: nil,
                values: [
                    .category: "traversal", .direction: "undirected",
                    .origin: ["id": "6b0a54f2-0b43-4c36-9a1d-7f1d2ad0e2c1", "feature_type": "unit"],
                ])
            archive.collections[.relationship] = FeatureCollection(fileName: FeatureType.relationship.fileName, features: [relationship])
        },
        Case(code: .R4) { archive, _ in
            var address = archive.features(of: .address)[0]
            address.id = "5c4a0ff5-0a4e-4b8f-8a4b-2f1e7d3c9b21"
            archive.collections[.address]!.features.append(address)
        },
        Case(code: .G3) { archive, projector in first(.amenity, &archive) { $0.geometry = shifted($0.geometry, projector, east: 30) } },
        Case(code: .G4) { archive, projector in
            first(.opening, &archive) { opening in
                opening.geometry = shifted(opening.geometry, projector, east: 0, north: 1.5)
                opening.setProperty(.displayPoint, .null)
            }
        },
        Case(code: .G5) { archive, projector in first(.unit, &archive) { $0.geometry = shifted($0.geometry, projector, east: 500) } },
        Case(code: .G6) { archive, projector in first(.level, &archive) { $0.geometry = shifted($0.geometry, projector, east: 500) } },
        Case(code: .G8) { archive, _ in
            var twin = archive.features(of: .unit)[0]
            twin.id = "7d2c9a11-3e4f-4a5b-8c6d-9e0f1a2b3c4d"
            archive.collections[.unit]!.features.append(twin)
        },
        Case(code: .G9) { archive, projector in
            first(.opening, &archive) { opening in
                guard case .lineString(let line)? = opening.geometry else { return }
                let (a, b) = (projector.point(line[0]), projector.point(line[line.count - 1]))
                let length = ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
                let shorter = Point(x: a.x + (b.x - a.x) * 0.5 / length, y: a.y + (b.y - a.y) * 0.5 / length)
                opening.geometry = .lineString([line[0], projector.position(shorter)])
            }
        },
        Case(code: .O1) { archive, _ in first(.level, &archive) { $0.setProperty(.ordinal, .number(JSONNumber(text: "1.5")!)) } },
        Case(code: .O2) { archive, _ in
            guard var levels = archive.collections[.level], levels.features.count == 2 else { return }
            levels.features[1].setInteger(.ordinal, 3)
            archive.collections[.level] = levels
        },
        Case(code: .O3) { archive, _ in
            guard var levels = archive.collections[.level] else { return }
            for index in levels.features.indices { levels.features[index].setInteger(.ordinal, index + 1) }
            archive.collections[.level] = levels
        },
        Case(code: .O4) { archive, _ in
            first(.level, &archive) { level in
                level.setBool(.outdoor, true)
                level.setInteger(.ordinal, -1)
            }
        },
        Case(code: .N3) { archive, projector in
            let level = archive.features(of: .level)[0]
            let far = shifted(level.geometry.flatMap { geometry in geometry.firstPosition.map(IMDF.Geometry.point) }, projector, east: -200)
            var properties = JSONObject()
            properties["level_id"] = .string(level.id)
            properties[RoutingExtension.neighbours] = []
            let node = Feature(
                id: "9f8e7d6c-5b4a-4321-8fed-cba987654321", featureType: RoutingExtension.nodeType, geometry: far, properties: properties)
            archive.extensions.append(FeatureCollection(fileName: RoutingExtension.nodeFile, features: [node]))
        },
    ]

    @Test func theGeneratedVenueRaisesNoneOfThem() {
        let codes = Set(Self.report(Self.clean()).findings.map(\.code))
        #expect(codes.isDisjoint(with: Self.cases.map(\.code)), "\(codes)")
    }

    @Test(arguments: cases) func aChangedVenueRaisesTheCode(_ testCase: Case) throws {
        var archive = Self.clean()
        let projector = try #require(Projector(archive: archive))
        testCase.change(&archive, projector)
        let findings = Self.report(archive).findings.filter { $0.code == testCase.code }
        #expect(!findings.isEmpty, "\(testCase.code.rawValue) not raised")
        let names = Set(AppleRules.published.map(\.name))
        #expect(findings.allSatisfy { finding in finding.rule.map(names.contains) ?? true })
    }

    @Test func ordinalsABillionApartAreOneGap() throws {
        var archive = Self.clean()
        guard var levels = archive.collections[.level], levels.features.count == 2 else { return }
        levels.features[0].setInteger(.ordinal, -1_000_000_000)
        levels.features[1].setInteger(.ordinal, 1_000_000_000)
        archive.collections[.level] = levels
        let gap = try #require(Self.report(archive).findings.first { $0.code == .O2 })
        #expect(gap.message.contains("none at -999999999...999999999"))
    }

    @Test func aMissingManifestIsA1() throws {
        let folder = NSTemporaryDirectory() + "imdf-a1-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try ArchiveWriter.write(Self.clean(), to: folder, created: Date(timeIntervalSince1970: 0))
        #expect(!Validator.validate(try ArchiveReader.read(folder)).findings.contains { $0.code == .A1 })
        try FileManager.default.removeItem(atPath: folder + "/manifest.json")
        let finding = try #require(Validator.validate(try ArchiveReader.read(folder)).findings.first { $0.code == .A1 })
        #expect(finding.rule == "ManifestFileMustBePresent" && finding.severity == .error)
    }
}
