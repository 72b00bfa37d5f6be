import FindingReports
import Foundation
import Geometry
import IMDF
import SyntheticVenue
import TestSupport
import Testing
import Validation
import Workbench

@testable import Shell

/// `validate`, `fix` and `save --strict` at the prompt, on the real spbstu-polymap archive.
@Suite("Validate and fix at the prompt")
struct FixAndValidateTests {
    func spbstu() throws -> EditingSession {
        EditingSession(document: Document(try ArchiveReader.read(Samples.spbstu).archive), archivePath: Samples.spbstu)
    }

    /// Findings per code (one validation: spbstu takes seconds to check in a debug build).
    func counts(_ session: EditingSession) -> [FindingCode: Int] {
        session.validation.findings.reduce(into: [:]) { $0[$1.code, default: 0] += 1 }
    }

    @Test func fixAllRepairsWhatItCanInOneUndoStep() throws {
        var session = try spbstu()
        let original = session.document.archive
        let before = counts(session)
        #expect(before[.G2] == 17 && before[.N2] == 9 && before[.G1] == 24)
        let output = try Interpreter.execute("fix all", in: &session)
        #expect(output.hasPrefix("fix all ("))
        let after = counts(session)
        #expect(after[.G2] == nil)  // anchors moved into their units
        #expect(after[.N2] == nil)  // one-way links made two-way
        #expect((after[.G1] ?? 0) < 24)
        // Suggestions with a value to choose (level_id=REF, an example category) are not run.
        #expect(after[.F4] == before[.F4])
        #expect(session.history.undoStack.count == 1)
        #expect(try Interpreter.execute("undo", in: &session).hasPrefix("undid: fix all"))
        #expect(session.document.archive.allCollections.map(\.features) == original.allCollections.map(\.features))
    }

    /// Each repair is shown as a command line: typed at the prompt, that line makes the same change
    /// as the repair value `fix` runs. A grammar change that breaks a shown line fails here.
    @Test func everyRepairsCommandLineMakesTheSameChangeAsTheRepair() throws {
        let session = try spbstu()
        let report = session.validation
        var seen: Set<String> = []
        var repairs: [Repair] = []
        for finding in report.findings {
            guard let repair = finding.fix?.repair, repair.isAutomatic else { continue }
            // One of each kind of repair, and of each property a `set` repair sets.
            var kind = "\(repair)".prefix { $0 != "(" }.description
            if case .set(_, let key, _) = repair { kind += key }
            if seen.insert(kind).inserted { repairs.append(repair) }
        }
        #expect(repairs.count >= 5, "\(seen)")
        for repair in repairs {
            var typed = session
            _ = try Interpreter.execute(repair.commandLine(report.shortIDs), in: &typed)
            var run = session
            let edit = try #require(try repair.edit(in: &run))
            try run.history.perform(edit, ids: &run.ids)
            #expect(typed.document == run.document, "\(repair.commandLine(report.shortIDs))")
        }
        // Repairs for a person to complete are shown, and do not run.
        let shown = session.validation.findings.compactMap(\.fix?.repair).filter { !$0.isAutomatic }
        for repair in shown.prefix(20) {
            var run = session
            #expect(try repair.edit(in: &run) == nil)
        }
    }

    /// Two ids sharing their first 8 hex digits (a real archive had such): every short id shown -
    /// in `ls`, in findings, in fix lines - is long enough to name one feature when typed back.
    @Test func shortIDsShownAreUniqueWhereIDsShareTheirFirstEightDigits() throws {
        var archive = VenueGenerator.generate(VenueSpec(buildings: 1, levels: 1, rooms: 4, seed: 6))
        var units = try #require(archive.collections[.unit]?.features)
        let twins = ["5c1e7a2b-4d00-4aaa-8bbb-000000000001", "5c1e7a2b-4d11-4aaa-8bbb-000000000002"]
        for (number, id) in twins.enumerated() {
            units[number].id = id
            // A display point well outside the room: a finding with a repair naming the unit.
            let corner = try #require(units[number].geometry?.firstPosition)
            units[number].setPoint(.displayPoint, Position(x: corner.x - 0.0002, y: corner.y - 0.0002))
        }
        archive.collections[.unit]?.features = units
        var session = EditingSession(document: Document(archive))
        #expect(session.document.shortID(twins[0]) == "5c1e7a2b-4d0" && session.document.shortID(twins[1]) == "5c1e7a2b-4d1")
        let listed = try Fixtures.run("ls unit", &session)
        #expect(listed.contains("5c1e7a2b-4d0  ") && listed.contains("5c1e7a2b-4d1  "), "\(listed)")
        let report = session.validation
        let text = ValidationOutput.text(report, archive: "venue", featureCount: session.document.featureCount)
        let fixes = report.findings.filter { $0.featureID.map(twins.contains) == true }.compactMap { $0.fix?.repair }.filter(\.isAutomatic)
        #expect(fixes.count >= 2, "\(text)")
        for repair in fixes {
            let line = repair.commandLine(report.shortIDs)
            #expect(text.contains(line))
            var typed = session
            #expect(throws: Never.self, "\(line)") { try Interpreter.execute(line, in: &typed) }
        }
        #expect(!text.contains("5c1e7a2b:") && !text.contains("5c1e7a2b "), "\(text)")
    }

    /// A fix line names each feature by an id or short id, never by a name two features may
    /// share, and an id that is not hex digits is written whole so it is not read as a name.
    @Test func fixLinesNameFeaturesByReferencesUniqueInTheDocument() throws {
        var archive = VenueGenerator.generate(VenueSpec(buildings: 1, levels: 1, rooms: 4, seed: 6))
        var units = try #require(archive.collections[.unit]?.features)
        // Two rooms share a name; one has an id that is not a UUID, and is named like another's id.
        units[0].id = "room one"
        for number in 0..<2 {
            units[number].properties["name"] = .object(["en": .string("Lab")])
            let corner = try #require(units[number].geometry?.firstPosition)
            units[number].setPoint(.displayPoint, Position(x: corner.x - 0.0002, y: corner.y - 0.0002))
        }
        archive.collections[.unit]?.features = units
        let session = EditingSession(document: Document(archive))
        let report = session.validation
        let repairs = report.findings.filter { [units[0].id, units[1].id].contains($0.featureID ?? "") }.compactMap(\.fix?.repair)
            .filter(\.isAutomatic)
        #expect(repairs.count >= 2)
        for repair in repairs {
            let line = repair.commandLine(report.shortIDs)
            #expect(!line.contains("Lab"), "\(line)")
            var typed = session
            _ = try Interpreter.execute(line, in: &typed)
            var run = session
            let edit = try #require(try repair.edit(in: &run))
            try run.history.perform(edit, ids: &run.ids)
            #expect(typed.document == run.document, "\(line)")
        }
        #expect(repairs.contains { $0.commandLine(report.shortIDs).contains("\"room one\"") })
    }

    @Test func theRepairOfALocatedBuildingMakesItUnlocated() throws {
        var session = try spbstu()
        let building = try #require(session.document.features(of: .building).first { $0.geometry != nil })
        let finding = try #require(session.validation.findings.first { $0.featureID == building.id && $0.code == .T1 })
        #expect(finding.fix?.repair == .removeGeometry(feature: building.id))
        #expect(finding.fix?.shown(ShortIDs()) == "set \(building.id.prefix(8)) geometry=null")
        _ = try Interpreter.execute(try #require(finding.fix?.shown(ShortIDs())), in: &session)
        let after = try #require(session.document.feature(building.id))
        #expect(after.geometry == nil && after.property("geometry") == nil)
        #expect(after.properties == building.properties)
    }

    @Test func fixOfOneCodeTouchesOnlyItsFindings() throws {
        var session = try spbstu()
        _ = try Interpreter.execute("fix N2", in: &session)
        let after = counts(session)
        #expect(after[.N2] == nil && after[.G2] == 17)
        #expect(throws: EditError.self) { try Interpreter.execute("fix Z9", in: &session) }
        do {
            _ = try Interpreter.execute("fix N2", in: &session)
            Issue.record("a code with nothing left to repair was accepted")
        } catch {
            #expect(error.message.contains("no finding N2 has a repair"))
        }
        #expect(session.history.undoStack.count == 1)
    }

    @Test func validateOfALevelListsOnlyItsFindingsAndJSONParses() throws {
        var session = try spbstu()
        let all = try Interpreter.execute("validate --json", in: &session)
        let one = try Interpreter.execute("validate level b845a4e7 --json", in: &session)
        func findings(_ text: String) throws -> [[String: Any]] {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
            return try #require(object["findings"] as? [[String: Any]])
        }
        let everything = try findings(all)
        let onLevel = try findings(one)
        #expect(!onLevel.isEmpty && onLevel.count < everything.count)
        let levelID = try session.resolve("b845a4e7", argument: "level")
        for finding in onLevel {
            let id = try #require(finding["featureID"] as? String)
            let feature = try #require(session.document.feature(id))
            // On the level: the level, what names it, and what stands in its units (anchors,
            // amenities) or on their anchors (occupants).
            let anchorUnit = feature.string("anchor_id").flatMap { session.document.feature($0)?.string("unit_id") }
            let unit = feature.string("unit_id") ?? feature.strings("unit_ids")?.first ?? anchorUnit
            let level =
                feature.featureType == "level"
                ? feature.id : feature.string("level_id") ?? unit.flatMap { session.document.feature($0)?.string("level_id") }
            #expect(level == levelID, "\(id)")
        }
        let text = try Interpreter.execute("validate level b845a4e7", in: &session)
        #expect(text.contains("errors") && text.contains("findings"))
        #expect(throws: EditError.self) { try Interpreter.execute("validate level 2ee0f755a", in: &session) }
    }

    @Test func saveStrictRefusesWhileThereAreErrorsAndWritesNothing() throws {
        var session = try spbstu()
        let folder = NSTemporaryDirectory() + "imdf-strict-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: folder) }
        do {
            _ = try Interpreter.execute("save \(folder)/out.zip --strict", in: &session)
            Issue.record("a document with errors was saved under --strict")
        } catch {
            #expect(error.argument == "--strict" && error.message.contains("validation finds"))
        }
        #expect(!FileManager.default.fileExists(atPath: folder + "/out.zip"))
        var clean = EditingSession(document: Document(VenueGenerator.generate(VenueSpec(buildings: 1, levels: 1, rooms: 4, seed: 1))))
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        #expect(clean.validation.findings.filter { $0.severity == .error }.map(\.message) == [])
        #expect(try Interpreter.execute("save \(folder)/clean.zip --strict", in: &clean).hasPrefix("saved \(folder)/clean.zip"))
    }

    @Test func movePutsAPointFeatureAtAPlaceAndRefusesShapes() throws {
        var session = EditingSession(document: Document(VenueGenerator.generate(VenueSpec(buildings: 1, levels: 1, rooms: 4, seed: 1))))
        _ = try Interpreter.execute("attach anchor to 0.001 as a", in: &session)
        let anchor = try session.resolve("$a", argument: "REF")
        let target = try session.position(
            "@\(session.frame.originLongitude + 0.00001),\(session.frame.originLatitude + 0.00001)", argument: "to")
        _ = try Interpreter.execute("move $a to @\(target.x),\(target.y)", in: &session)
        guard case .point(let moved)? = session.document.feature(anchor)?.geometry else {
            Issue.record("no point")
            return
        }
        #expect(moved.x == target.x && moved.y == target.y)
        do {
            _ = try Interpreter.execute("move 0.002 to 3,3", in: &session)
            Issue.record("a room was moved to a point")
        } catch {
            #expect(error.argument == "to")
        }
    }
}

/// Openings written as MultiLineString (real converter output): checked part by part, moved when
/// they have one part, and made the LineString IMDF asks for by `fix`.
@Suite("MultiLineString openings")
struct MultiLineOpeningTests {
    /// A generated venue whose first opening is a one-part MultiLineString (or two parts), its
    /// display point `off` metres north of its line's middle.
    func session(parts: Int = 1, off: Double = 0) throws -> (EditingSession, String) {
        var archive = VenueGenerator.generate(VenueSpec(buildings: 1, levels: 1, rooms: 4, seed: 2))
        let projector = try #require(Projector(archive: archive))
        var openings = try #require(archive.collections[.opening])
        guard case .lineString(let line)? = openings.features[0].geometry else { throw EditError("no LineString opening") }
        openings.features[0].geometry = .multiLineString(Array(repeating: line, count: parts))
        let (a, b) = (projector.point(line[0]), projector.point(line[line.count - 1]))
        openings.features[0].setPoint(.displayPoint, projector.position(Point(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 + off)))
        archive.collections[.opening] = openings
        // The session works on the venue's one level.
        return (EditingSession(document: Document(archive)), openings.features[0].id)
    }

    @Test func aOnePartMultiLineStringIsAnErrorThatFixFlattens() throws {
        var (session, id) = try session()
        let finding = try #require(session.validation.findings.first { $0.featureID == id && $0.code == .T1 })
        #expect(finding.severity == .error && finding.rule == "OpeningMustHaveLineStringGeometry")
        #expect(finding.fix?.repair == .flatten(feature: id) && finding.fix?.shown(ShortIDs()) == "flatten \(id.prefix(8))")
        _ = try Interpreter.execute("fix T1", in: &session)
        guard case .lineString? = session.document.feature(id)?.geometry else {
            Issue.record("fix T1 left \(String(describing: session.document.feature(id)?.geometry?.typeName))")
            return
        }
        #expect(!session.validation.findings.contains { $0.featureID == id && $0.code == .T1 })
    }

    @Test func itsDisplayPointIsCheckedAgainstItsParts() throws {
        let (near, nearID) = try session(off: 0.05)
        #expect(!near.validation.findings.contains { $0.featureID == nearID && $0.code == .G1 })
        let (far, farID) = try session(off: 0.4)
        let finding = try #require(far.validation.findings.first { $0.featureID == farID && $0.code == .G1 })
        #expect(finding.rule == "OpeningDisplayPointShouldBeWithinBufferedDistanceOfOpening" && finding.severity == .warning)
    }

    @Test func aOnePartOneMovesAlongItsWallAndStaysOnePart() throws {
        var (session, id) = try session()
        _ = try Interpreter.execute("move opening \(id) by 0.5", in: &session)
        guard case .multiLineString(let lines)? = session.document.feature(id)?.geometry else {
            Issue.record("the moved opening is no longer a MultiLineString")
            return
        }
        #expect(lines.count == 1)
    }

    @Test func flattenRefusesSeveralPartsAndSingleGeometries() throws {
        var (session, id) = try session(parts: 2)
        #expect(throws: EditError.self) { try Interpreter.execute("flatten \(id)", in: &session) }
        #expect(throws: EditError.self) { try Interpreter.execute("move opening \(id) by 0.5", in: &session) }
        let unit = try #require(session.document.features(of: .unit).first)
        #expect(throws: EditError.self) { try Interpreter.execute("flatten \(unit.id)", in: &session) }
    }
}
