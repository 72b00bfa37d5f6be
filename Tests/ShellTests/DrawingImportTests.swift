import Foundation
import Geometry
import HelperProtocol
import IMDF
import SyntheticVenue
import TestSupport
import Testing
import Validation
import Workbench

@testable import Shell

/// `import dxf` at the prompt: an architect's plan, georeferenced by two control points, onto the
/// level in use as one step.
@Suite("Importing a drawing at the prompt")
struct DrawingImportTests {
    /// Two named offices with a door between them, in metres.
    static func plan() -> DXFFixture { DXFFixture.namedOffices() }

    /// `control=` words putting drawing (0,0) at local (x, y) of the session and the drawing's x
    /// axis along the local x axis.
    static func controls(_ session: EditingSession, at x: Double, _ y: Double) -> String {
        [(0.0, 0.0), (9.0, 0.0)].map { drawing in
            let (longitude, latitude) = session.frame.coordinates(of: Point(x: x + drawing.0, y: y + drawing.1))
            return "control=\(drawing.0),\(drawing.1)=@\(longitude),\(latitude)"
        }.joined(separator: " ")
    }

    @Test func aPlanBecomesNamedRoomsAndADoorWhereTheControlPointsSayAsOneUndoStep() throws {
        var session = try Fixtures.generated(seed: 41)
        let path = try Self.plan().write()
        let before = session.document
        let units = before.features(of: .unit).count
        let message = try Interpreter.execute("import dxf \(path) \(Self.controls(session, at: 2, 1)) --outside", in: &session)
        #expect(message.contains("rooms: 2 (2 named, 0 unnamed, median 20.0 m²), closed outlines on A-AREA"), "\(message)")
        #expect(message.contains("georeferenced: residuals 1: 0.000 m, 2: 0.000 m; RMSE 0.000 m"))
        #expect(message.contains("imported 2 units, 1 opening onto level \"Ground Floor\""))
        let created = Array(session.document.features(of: .unit).dropFirst(units))
        let language = session.document.labelLanguage
        #expect(Set(created.compactMap { $0.labels(.name)?[language] }) == ["Kontor", "Mødelokale"])
        #expect(Set(created.compactMap { $0.labels(.altName)?[language] }) == ["101", "102"])
        // Kontor is an office in Danish, Mødelokale a meeting room.
        #expect(Set(created.compactMap { $0.string(.category) }) == ["office", "conferenceroom"])
        #expect(created.allSatisfy { $0.string(.levelID) == session.levelID })
        // The first office's corners where the control points put them, within a centimetre.
        let kontor = try #require(created.first { $0.labels(.name)?[language] == "Kontor" })
        guard case .polygon(let rings)? = kontor.geometry else { throw CancellationError() }
        let corners = rings[0].map { session.frame.point(longitude: $0.x, latitude: $0.y) }
        for expected in [Point(x: 2, y: 1), Point(x: 7, y: 1), Point(x: 7, y: 5), Point(x: 2, y: 5)] {
            #expect(corners.contains { $0.distance(to: expected) < 0.01 }, "\(expected) not in \(corners)")
        }
        // The door on the shared wall, x = 7.
        let door = try #require(session.document.features(of: .opening).last)
        guard case .lineString(let line)? = door.geometry else { throw CancellationError() }
        #expect(line.map { session.frame.point(longitude: $0.x, latitude: $0.y) }.allSatisfy { abs($0.x - 7) < 0.01 })

        let after = session.document
        _ = try Interpreter.execute("undo", in: &session)
        #expect(session.document == before)
        _ = try Interpreter.execute("redo", in: &session)
        #expect(session.document == after)
    }

    @Test func aControlPointMayNameAFeatureWhoseDisplayPointIsItsOtherEnd() throws {
        var session = try Fixtures.generated(seed: 44)
        let path = try Self.plan().write()
        let units = session.document.features(of: .unit)
        let (first, second) = (units[0], units[1])
        let (a, b) = (try #require(first.point(.displayPoint)), try #require(second.point(.displayPoint)))
        var byReference = session
        _ = try Interpreter.execute(
            "import dxf \(path) control=0,0=\(first.id.prefix(8)) control=9,0=\(second.id.prefix(8)) --outside", in: &byReference)
        _ = try Interpreter.execute("import dxf \(path) control=0,0=@\(a.x),\(a.y) control=9,0=@\(b.x),\(b.y) --outside", in: &session)
        let made = { (session: EditingSession) in session.document.features(of: .unit).dropFirst(units.count).map(\.geometry) }
        #expect(made(byReference) == made(session))
        #expect(made(session).count == 2)
    }

    @Test func theJournalKeepsEveryControlPointAndTheDrawingsDigestAndAChangedDrawingIsNotReplayed() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("imdf-dxf-journal-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let archive = folder + "/venue"
        try ArchiveWriter.write(VenueGenerator.generate(VenueSpec(buildings: 1, levels: 1, rooms: 4, seed: 42)), to: archive)
        let drawing = folder + "/plan.dxf"
        try Self.plan().text.write(toFile: drawing, atomically: true, encoding: .utf8)
        func open() throws -> (EditingSession, Journal) {
            var session = try EditingSession.open(archive) { _ in }
            let journal = try Journal(archive: archive, session: &session, start: .recover, ask: { _ in nil }, report: { _ in })
            return (session, journal)
        }
        let imported: Document
        let line: String
        do {
            let (first, opened) = try open()
            var session = first
            var journal: Journal? = opened
            line = "import dxf \(drawing) \(Self.controls(session, at: 2, 1)) --outside"
            let lines = ["use level G", line].enumerated().map { ScriptLine(file: "<prompt>", number: $0.offset + 1, text: $0.element) }
            let outcome = ScriptRunner.run(
                lines, in: &session, echo: false, keepGoing: false, journal: &journal, open: nil, output: { _ in })
            #expect(outcome.failures.isEmpty, "\(outcome.failures)")
            imported = session.document
            journal = nil
            withExtendedLifetime(opened) {}
        }
        let digest = String(try ChildProcess.run("/usr/bin/sha256sum", [drawing]).output.prefix(64))
        let records = try JournalReader.read(JournalWriter.path(for: archive)).records
        let recorded = try #require(records.last?.command)
        #expect(recorded.components(separatedBy: " control=").count == 3, "\(recorded)")
        #expect(recorded.hasSuffix("--outside sha256=\(digest)"), "\(recorded)")
        #expect(records.last?.ids.count == 3)

        do {
            let (session, journal) = try open()
            #expect(session.document == imported)
            withExtendedLifetime(journal) {}
        }
        try (Self.plan().text + "\n").write(toFile: drawing, atomically: true, encoding: .utf8)
        do {
            _ = try open()
            Issue.record("a changed drawing was replayed")
        } catch let error as JournalError {
            #expect(error.message.contains("\(drawing) is not the file this import was recorded with"), "\(error.message)")
            #expect(error.message.contains("the record says \(digest)"))
        }
    }

    @Test func anEmptyLevelTakesThePlansFootprintAndUndoGivesItsOutlineBack() throws {
        var session = try EditingSession.open(Samples.packageRoot.path + "/Templates/blank") { _ in }
        _ = try Interpreter.execute("use level \"Ground Floor\"", in: &session)
        let before = session.document
        let path = try Self.plan().write()
        let message = try Interpreter.execute("import dxf \(path)", in: &session)
        #expect(message.contains("not georeferenced"))
        #expect(message.contains("the level held nothing: its outline is now the plan's footprint"))
        let level = try #require(session.document.feature(session.levelID!))
        guard case .polygon(let rings)? = level.geometry else { throw CancellationError() }
        let outline = Polygon(exterior: rings[0].map { session.frame.point(longitude: $0.x, latitude: $0.y) })
        #expect(abs(GeometryEngine().area([outline]) - 36) < 0.1)
        _ = try Interpreter.execute("undo", in: &session)
        #expect(session.document == before)
    }

    /// Two floors drawn side by side: onto the ground floor the first, onto the floor above the
    /// second, each saying where the other plan is.
    @Test func ofFloorsDrawnSideBySideEachLevelTakesItsOwn() throws {
        var session = try EditingSession.open(Samples.packageRoot.path + "/Templates/blank") { _ in }
        let path = try DXFFixture.twoPlansOnASheet().write()
        _ = try Interpreter.execute("use level \"Ground Floor\"", in: &session)
        let ground = try Interpreter.execute("import dxf \(path)", in: &session)
        #expect(ground.contains("plans on the sheet: 2 drawn side by side (1 at "), "\(ground)")
        #expect(ground.contains("imported plan 1"))
        _ = try Interpreter.execute("add level \"First Floor\" ordinal=1 rect 0,0 20x20", in: &session)
        _ = try Interpreter.execute("use level \"First Floor\"", in: &session)
        let upper = try Interpreter.execute("import dxf \(path)", in: &session)
        #expect(upper.contains("imported plan 2"), "\(upper)")
        let language = session.document.labelLanguage
        func names(on level: String) -> Set<String> {
            Set(session.document.features(onLevel: level).compactMap { $0.labels(.name)?[language] })
        }
        let levels = session.document.features(of: .level)
        let first = try #require(levels.first { $0.integer(PropertyKey.ordinal.rawValue) == 0 })
        let second = try #require(levels.first { $0.integer(PropertyKey.ordinal.rawValue) == 1 })
        #expect(names(on: first.id).isSuperset(of: ["Kitchen", "Store"]) && names(on: first.id).isDisjoint(with: ["Bedroom", "Bath"]))
        #expect(names(on: second.id).isSuperset(of: ["Bedroom", "Bath"]) && names(on: second.id).isDisjoint(with: ["Kitchen", "Store"]))
    }

    /// A plan larger than the template it lands on: the building's footprints become the new
    /// level outline, the venue grows to cover it and the building's display point moves inside,
    /// in the same step - the result validates with no error - and one undo takes it all back.
    @Test func aPlanLargerThanTheTemplateGrowsTheFootprintsAndTheVenueInTheSameStep() throws {
        var session = try EditingSession.open(Samples.packageRoot.path + "/Templates/blank") { _ in }
        _ = try Interpreter.execute("use level \"Ground Floor\"", in: &session)
        let before = session.document
        // 12 x 4 rooms of 5 x 4 m: about 62 x 21 m, where the template's venue is 44 x 54 m.
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("imdf-plan-\(UUID().uuidString).dxf").path
        try DrawingGenerator.plan(rows: 4, columns: 12).write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let message = try Interpreter.execute("import dxf \(path)", in: &session)
        #expect(message.contains("the level held nothing: its outline is now the plan's footprint"), "\(message)")
        #expect(message.contains("its building's footprints and the venue follow it"), "\(message)")
        #expect(session.history.undoStack.count == 1)
        let document = session.document
        let engine = GeometryEngine()
        let projector = try #require(Projector(archive: document.archive))
        func shape(_ feature: Feature) -> [Polygon] { projector.polygons(feature.geometry) ?? [] }
        let level = try #require(document.feature(session.levelID!))
        #expect(engine.area(shape(level)) > 1000)
        for footprint in document.features(of: .footprint) {
            let shared = engine.intersectionArea(shape(footprint), shape(level))
            #expect(abs(engine.area(shape(footprint)) - shared) < 0.5 && abs(engine.area(shape(level)) - shared) < 0.5)
        }
        let venue = try #require(document.features(of: .venue).first)
        #expect(engine.prepare(shape(venue)).covers(shape(level)))
        let report = Validator.validate(ArchiveLoad(archive: document.archive, format: .folder))
        let errors = report.findings.filter { $0.severity == .error }
        #expect(errors.isEmpty, "\(errors.map(\.message))")
        #expect(!report.findings.contains { $0.rule == "BuildingFootprintGeometryMustContainDisplayPoint" })
        _ = try Interpreter.execute("undo", in: &session)
        #expect(session.document == before)
    }

    @Test func theReportSaysWhichLanguageTheNamesTookAndHowManyPersonalNamesWereLeftOut() {
        var report = DXFImportReport(units: UnitChoice(unit: .metres, declared: nil, reason: "as declared"))
        report.peopleLeftOut = 3
        report.namesLanguage = "names in Han script, tagged zh: the archive's language is en"
        let lines = DrawingImportWording.lines(report)
        #expect(lines.contains("personal names left out: 3"))
        #expect(lines.contains("language: names in Han script, tagged zh: the archive's language is en (--language to override)"))
    }

    @Test func theListingCountsAnonymousBlocksInsteadOfListingThem() {
        let listing = DrawingListing(
            path: "plan.dxf", header: DrawingHeader(), layers: [], extent: .empty, paperSpaceEntities: 0,
            blocks: ["*D1", "*D2", "*U7", "DOOR-90"])
        #expect(DrawingImportWording.listing(listing).hasSuffix("blocks: DOOR-90; 3 anonymous (*D, *U, ...)"))
    }

    @Test func badArgumentsAndUnreadableDrawingsChangeNothing() throws {
        var session = try Fixtures.generated(seed: 43)
        let path = try Self.plan().write()
        // Walls that enclose nothing, beside a layer of tables.
        var open = DXFFixture()
        for (x1, y1, x2, y2) in [(0.0, 0.0, 6.0, 0.0), (6, 0, 6, 4)] { open.add(DXFFixture.line("A-WALL", x1, y1, x2, y2)) }
        open.add(DXFFixture.line("Tables", 1, 1, 2, 1))
        let nothing = try open.write(named: "open")
        let before = session.document
        let steps = session.history.undoStack.count
        for (line, says) in [
            ("import dxf \(nothing)", "no room found: the 2 wall lines on A-WALL enclose nothing"),
            ("import dxf \(nothing)", "nothing imported. Try --units"),
            ("import dxf \(path) control=garbage", "control: \"garbage\" is not X,Y=@LON,LAT or X,Y=REF"),
            ("import dxf \(path) units=yards", "units=: yards is not mm or cm or m or in or ft or a number of metres per drawing unit"),
            ("import dxf \(path) control=0,0=@200,95 control=9,0=@10,55", "is not @LON,LAT"),
            ("import dxf \(path) control=0,0=@10,55", "at least two control points"),
            ("import dxf \(path) extent=0,0", "is not \"X,Y WxH\""),
            ("import dxf \(path) door-gap=10", "door-gap=: 10.0 m; the widest door gap"),
            ("import dxf \(path) rooms-layer=Nothing*", "rooms-layer Nothing*: no layer of"),
            ("import dxf /nonexistent/plan.dxf", "/nonexistent/plan.dxf"),
            ("import dxf \(Samples.categories)", "cannot be read as DXF"),
        ] {
            do {
                _ = try Interpreter.execute(line, in: &session)
                Issue.record("accepted: \(line)")
            } catch {
                #expect(error.message.contains(says), "\(line): \(error.message)")
            }
        }
        #expect(session.document == before)
        #expect(session.history.undoStack.count == steps)
    }
}
