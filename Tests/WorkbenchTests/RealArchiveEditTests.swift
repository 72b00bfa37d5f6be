import Foundation
import Geometry
import IMDF
import TestSupport
import Testing
import Validation

@testable import Workbench

/// The headline edits on the real spbstu-polymap archive, through the API: the edits survive a
/// save and a reopen, nothing else changes, and validation finds nothing new.
@Suite("Editing the real spbstu-polymap archive")
struct RealArchiveEditTests {
    @Test func headlineEditsSurviveASaveAndChangeNothingElse() throws {
        let original = try ArchiveReader.read(Samples.spbstu)
        let folder = NSTemporaryDirectory() + "imdf-edit-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try ArchiveWriter.write(original.archive, to: folder + "/baseline", created: Date(timeIntervalSince1970: 0))

        var history = History(document: Document(original.archive))
        var ids = IDSource(seed: 99)
        var touched = Set<String>()
        func record(_ patch: Patch) { touched.formUnion(patch.changes.map(\.featureID)) }

        // Split a real lecture room ("Classroom 104") down its middle.
        let room = try #require(history.document.features(of: .unit).first { $0.labels("name")?["en"] == "Classroom 104" })
        let projector = try #require(history.document.projector)
        let bounds = projector.polygons(room.geometry)![0].bounds
        let middle = (bounds.minX + bounds.maxX) / 2
        let split = try history.perform(
            SplitUnit(
                room.id,
                along: [
                    projector.position(Point(x: middle, y: bounds.minY - 1)), projector.position(Point(x: middle, y: bounds.maxY + 1)),
                ]), ids: &ids)
        record(split)
        #expect(split.mintedIDs.count == 1)

        // Move a real door 1 m along its wall: the first door of the archive that has the room.
        let doors = history.document.features(of: .opening)
        var moved: Patch?
        for door in doors where moved == nil {
            moved = try? history.perform(MoveOpening(door.id, .along(1)), ids: &ids)
        }
        let doorMove = try #require(moved)
        record(doorMove)

        // Link two real path nodes of one level that are not linked, then unlink them.
        let nodes = history.document.features(ofType: "navPath").filter { $0.string("level_id") != nil }
        let a = nodes[0]
        let b = try #require(
            nodes.first {
                $0.id != a.id && $0.string("level_id") == a.string("level_id")
                    && !($0.strings("neighbours") ?? []).contains(a.id) && !(a.strings("neighbours") ?? []).contains($0.id)
            })
        let link = try history.perform(Link([a.id, b.id]), ids: &ids)
        #expect(history.document.feature(a.id)?.strings("neighbours")?.contains(b.id) == true)
        try history.perform(Unlink(a.id, b.id), ids: &ids)
        #expect(history.document.feature(a.id) == a)
        #expect(link.changes.count == 2)

        // Attach an occupant to a real room.
        let target = try #require(history.document.features(of: .unit).first { $0.labels("name")?["en"] == "Classroom 102" })
        let occupant = try history.perform(
            AttachOccupant(name: "Robotics Lab", category: "researchanddevelopment", to: target.id), ids: &ids)
        record(occupant)

        try ArchiveWriter.write(history.document.archive, to: folder + "/edited", created: Date(timeIntervalSince1970: 0))
        let reopened = try ArchiveReader.read(folder + "/edited")
        let document = Document(reopened.archive)
        #expect(document.feature(split.mintedIDs[0])?.string("category") == room.string("category"))
        #expect(document.feature(occupant.mintedIDs[1])?.labels("name")?["en"] == "Robotics Lab")
        #expect(document.feature(doorMove.changes[0].featureID) != doors.first { $0.id == doorMove.changes[0].featureID })

        // Everything else: the same features, and untouched files byte for byte.
        let baseline = try ArchiveReader.read(folder + "/baseline").archive
        for collection in baseline.allCollections {
            let edited = reopened.archive.allCollections.first { $0.fileName == collection.fileName }!
            let untouched = collection.features.filter { !touched.contains($0.id) }
            #expect(untouched == edited.features.filter { !touched.contains($0.id) }, "\(collection.fileName)")
            if collection.features.allSatisfy({ !touched.contains($0.id) }) && edited.features.count == collection.features.count {
                let before = try Data(contentsOf: URL(fileURLWithPath: folder + "/baseline/" + collection.fileName))
                let after = try Data(contentsOf: URL(fileURLWithPath: folder + "/edited/" + collection.fileName))
                #expect(before == after, "\(collection.fileName) changed")
            }
        }

        // Validation reports nothing that was not there before.
        func keys(_ report: ValidationReport) -> Set<String> {
            Set(report.findings.map { "\($0.code.rawValue) \($0.featureID ?? $0.file ?? "")" })
        }
        let before = keys(Validator.validate(original))
        let afterReport = Validator.validate(reopened)
        // The occupant was attached without hours, phone or website, as a mapper may: Apple's
        // warnings that they are missing (F10) are the occupant's, not a defect the edits made.
        let new = afterReport.findings.filter { !before.contains("\($0.code.rawValue) \($0.featureID ?? $0.file ?? "")") }
            .filter { !($0.code == .F10 && $0.featureID == occupant.mintedIDs[1]) }
        #expect(new.isEmpty, "new findings: \(new.prefix(10).map { "\($0.code.rawValue) \($0.rule ?? "") \($0.message)" })")
    }

    @Test func theRealGraphRoutesBetweenFloorsAndCountsItsLevelCrossings() throws {
        let document = Document(try ArchiveReader.read(Samples.spbstu).archive)
        let graph = RoutingGraph(document)
        let levelOf = Dictionary(uniqueKeysWithValues: document.features(ofType: "navPath").map { ($0.id, $0.string("level_id")) })
        #expect(graph.linkCount { from, to in levelOf[from] != nil && levelOf[to] != nil && levelOf[from]! != levelOf[to]! } == 76)
        // A route between two associated destinations on different floors.
        let associations = document.features(ofType: "navPathAssocieted")
        let first = try #require(associations.first?.string("associeted_id"))
        let firstLevel = levelOf[associations.first!.string("pathNode_id")!] ?? nil
        let other = try #require(associations.first { levelOf[$0.string("pathNode_id")!] ?? nil != firstLevel }?.string("associeted_id"))
        let route = try graph.shortestRoute(from: first, to: other)
        #expect(route.nodes.count >= 2)
        #expect(route.length > 0)
        #expect(Set(route.nodes.compactMap { levelOf[$0] ?? nil }).count >= 2)
    }
}
