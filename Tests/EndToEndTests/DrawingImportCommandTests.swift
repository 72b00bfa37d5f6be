import Foundation
import IMDF
import TestSupport
import Testing

/// `imdf import dxf` through the built executable: a floor plan with closed room outlines, room
/// texts and a door block, with two control points, onto the blank template's level; and the same
/// at the prompt, undone by one `undo`.
@Suite("imdf import dxf")
struct DrawingImportCommandTests {
    func imdf(_ arguments: String..., input: String? = nil) throws -> ChildProcess.Result {
        try CommandLineTests.run(arguments, input: input)
    }

    /// Two offices (5 x 4 m and 4 x 4 m, drawn in millimetres with $INSUNITS saying metres), their
    /// names and numbers, a door block on the shared wall, and furniture.
    static func plan() -> DXFFixture {
        var fixture = DXFFixture.namedOffices(scale: 1000, insertionUnits: 6)
        fixture.add(DXFFixture.rectangle("A-FURN", 3000, 500, 1600, 800))
        return fixture
    }

    /// Drawing (0,0) and (9000,0) a little north-east of the blank template's level.
    static let controls = ["0,0=@8.5502,50.1003", "9000,0=@8.550325752,50.1003"]

    @Test func aDrawingWithTwoControlPointsBecomesNamedRoomsAndADoorOnABlankLevelInOneCommand() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("imdf-e2e-dxf-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let drawing = try Self.plan().write()
        #expect(try imdf("new", folder + "/site", "--template", "blank").status == 0)

        let listing = try imdf("import", "dxf", drawing, "--list")
        #expect(listing.status == 0, "\(listing.errors)")
        #expect(listing.output.contains("AC1027, $INSUNITS 6 (metres)"))
        #expect(
            listing.output.contains("A-AREA") && listing.output.contains("2 closed polylines")
                && listing.output.contains("looks like: rooms"))

        let run = try imdf(
            "import", "dxf", drawing, "--archive", folder + "/site", "--level", "Ground Floor", "--save", folder + "/out",
            "--control", Self.controls[0], "--control", Self.controls[1])
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.output.contains("units: millimetres: the drawing declares metres ($INSUNITS 6), which is implausible"), "\(run.output)")
        #expect(run.output.contains("rooms: 2 (2 named, 0 unnamed, median 20.0 m²)"), "\(run.output)")
        #expect(run.output.contains("left out: A-FURN (1)"))
        #expect(run.output.contains("georeferenced: residuals"))
        #expect(run.output.contains("imported 2 units, 1 opening onto level \"Ground Floor\""))
        let archive = try ArchiveReader.read(folder + "/out").archive
        let units = archive.features(of: .unit)
        #expect(Set(units.compactMap { $0.labels(.name)?["en"] }) == ["Kontor", "Mødelokale"])
        #expect(Set(units.compactMap { $0.labels(.altName)?["en"] }) == ["101", "102"])
        #expect(archive.features(of: .opening).count == 1)
        // The drawing's origin is where the first control point put it.
        let corners = units.flatMap { $0.geometry?.positions ?? [] }
        #expect(corners.contains { abs($0.x - 8.5502) < 1e-7 && abs($0.y - 50.1003) < 1e-7 })

        let json = try imdf(
            "import", "dxf", drawing, "--archive", folder + "/site", "--level", "Ground Floor", "--save", folder + "/out2",
            "--control", Self.controls[0], "--control", Self.controls[1], "--json")
        #expect(json.status == 0, "\(json.errors)")
        for key in [
            "\"rooms\":2", "\"named\":2", "\"openings\":1", "\"unplaced_labels\":[]", "\"dropped_layers\":[", "\"units\":{", "\"rmse_m\":",
        ] {
            #expect(json.output.replacingOccurrences(of: " ", with: "").contains(key), "\(key) in \(json.output)")
        }
    }

    @Test func atThePromptTheImportIsOneStepThatOneUndoTakesBack() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("imdf-e2e-dxf-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let drawing = try Self.plan().write()
        #expect(try imdf("new", folder + "/site", "--template", "blank").status == 0)
        let script = """
            use level "Ground Floor"
            import dxf \(drawing) control=\(Self.controls[0]) control=\(Self.controls[1])
            ls unit
            undo
            ls unit
            save \(folder)/after-undo
            quit
            """
        let run = try imdf(folder + "/site", input: script + "\n")
        #expect(run.status == 0, "\(run.output)\(run.errors)")
        #expect(run.output.contains("imported 2 units, 1 opening"))
        #expect(run.output.contains("undid: import dxf"))
        let before = try ArchiveReader.read(folder + "/site").archive
        let after = try ArchiveReader.read(folder + "/after-undo").archive
        #expect(after.features(of: .unit).isEmpty && after.features(of: .opening).isEmpty)
        #expect(after.features(of: .level).first?.geometry == before.features(of: .level).first?.geometry)
    }

    @Test func aHelperThatCrashesOrSaysNothingLeavesTheSessionAsItWas() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("imdf-e2e-dxf-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let drawing = try Self.plan().write()
        #expect(try imdf("new", folder + "/site", "--template", "blank").status == 0)
        // Stand-ins for a GDAL that dies on a hostile file, and one that prints something else.
        for (name, body, says) in [
            ("crashing", "kill -SEGV $$", "imdf-gdal stopped on signal 11 while reading the file; nothing imported"),
            ("babbling", "echo 'not JSON'", "imdf-gdal gave no answer (exit status 0); nothing imported"),
        ] {
            let helper = folder + "/\(name).sh"
            try "#!/bin/sh\ncat > /dev/null\n\(body)\n".write(toFile: helper, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: helper)
            let run = try CommandLineTests.run(
                [folder + "/site"], environment: ["IMDF_GDAL_HELPER": helper],
                input: "use level \"Ground Floor\"\nimport dxf \(drawing)\nls unit\n")
            #expect(run.errors.contains(says), "\(name): \(run.errors)")
            #expect(!run.output.contains("imported"), "\(run.output)")
            #expect(try ArchiveReader.read(folder + "/site").archive.features(of: .unit).isEmpty)
        }
    }

    @Test func aFileThatIsNoDrawingExitsWithItsPathAndWritesNothing() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("imdf-e2e-dxf-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try imdf("new", folder + "/site", "--template", "blank").status == 0)
        let bogus = folder + "/bogus.dxf"
        try "this is no drawing".write(toFile: bogus, atomically: true, encoding: .utf8)
        let listing = try imdf("import", "dxf", bogus, "--list")
        #expect(listing.status == 3 && listing.errors.contains(bogus))
        let run = try imdf("import", "dxf", bogus, "--archive", folder + "/site", "--level", "Ground Floor", "--save", folder + "/out")
        #expect(run.status == 1 && run.errors.contains(bogus), "\(run.errors)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/out"))
        let missing = try imdf("import", "dxf", bogus, "--archive", folder + "/site")
        #expect(missing.status == 2 && missing.errors.contains("give --save"), "\(missing.errors)")
    }

    @Test func aPipeIsRefusedAtOnceAndALinkToADrawingIsReadAsTheDrawing() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("imdf-e2e-pipe-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try imdf("new", folder + "/site", "--template", "blank").status == 0)
        // A FIFO nobody writes to: listing it once waited for ever in the helper.
        let pipe = folder + "/plan.dxf"
        #expect(mkfifo(pipe, 0o600) == 0)
        let listing = try imdf("import", "dxf", pipe, "--list")
        #expect(listing.status == 3 && listing.errors.contains("\(pipe) is not a regular file"), "\(listing.errors)")
        let run = try imdf("import", "dxf", pipe, "--archive", folder + "/site", "--level", "Ground Floor", "--save", folder + "/out")
        #expect(run.status == 1 && run.errors.contains("\(pipe) is not a regular file"), "\(run.errors)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/out"))
        // A link names the drawing: it is listed and imported as the drawing is.
        let link = folder + "/linked.dxf"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: try Self.plan().write())
        let linked = try imdf("import", "dxf", link, "--list")
        #expect(linked.status == 0 && linked.output.contains("2 closed polylines"), "\(linked.errors)")
        let imported = try imdf(
            "import", "dxf", link, "--archive", folder + "/site", "--level", "Ground Floor", "--save", folder + "/out",
            "--control", Self.controls[0], "--control", Self.controls[1])
        #expect(imported.status == 0 && imported.output.contains("imported 2 units, 1 opening"), "\(imported.errors)")
    }

    /// Without --level an archive of one level takes the import there, and says so; an archive of
    /// several is a usage error that names them, and nothing is written.
    @Test func withoutLevelTheArchivesOnlyLevelIsTakenAndSaidOrTheLevelsAreListed() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("imdf-e2e-dxf-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try imdf("new", folder + "/site", "--template", "blank").status == 0)
        let drawing = try Self.plan().write()
        let run = try imdf("import", "dxf", drawing, "--archive", folder + "/site", "--save", folder + "/out")
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.errors.contains("import dxf: onto the archive's only level, level \"Ground Floor\""), "\(run.errors)")
        #expect(try ArchiveReader.read(folder + "/out").archive.features(of: .unit).count == 2)

        try "add level Upstairs ordinal=1 rect 0,0 20x12\n".write(toFile: folder + "/upstairs.imdfs", atomically: true, encoding: .utf8)
        let added = try imdf("run", folder + "/upstairs.imdfs", "--archive", folder + "/site", "--save", folder + "/two")
        #expect(added.status == 0, "\(added.errors)")
        let two = try imdf("import", "dxf", drawing, "--archive", folder + "/two", "--save", folder + "/out2")
        #expect(two.status == 2, "\(two.errors)")
        #expect(two.errors.contains("give --level; the archive has 2 levels: level \"Ground Floor\""), "\(two.errors)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/out2"))
    }

    /// An import typed with a path relative to where the session ran is recovered from another
    /// working folder; when the drawing changed since, the refusal names the record and says
    /// what is not recovered, and nothing changes.
    @Test func anImportWithARelativePathIsRecoveredFromAnotherFolderOrRefusedWithWhatIsLost() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("imdf-e2e-dxf-\(UUID().uuidString)").path
        for name in ["a", "b"] { try FileManager.default.createDirectory(atPath: folder + "/" + name, withIntermediateDirectories: true) }
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.copyItem(atPath: try Self.plan().write(), toPath: folder + "/a/plan.dxf")
        #expect(try imdf("new", folder + "/site", "--template", "blank").status == 0)
        func shell(in directory: String, _ line: String, input: String = "") throws -> ChildProcess.Result {
            try ChildProcess.run(
                "/bin/sh", ["-c", "cd '\(directory)' && exec '\(CommandLineTests.executable)' \(line)"], input: input)
        }
        let session = try shell(
            in: folder + "/a", "../site", input: "use level \"Ground Floor\"\nimport dxf plan.dxf\nadd amenity restroom at 1,1\n")
        #expect(session.status == 0, "\(session.errors)")
        let journal = try String(contentsOfFile: folder + "/site.journal", encoding: .utf8)
        #expect(journal.contains("import dxf \(folder)/a/plan.dxf sha256="), "\(journal)")

        let recovered = try shell(in: folder + "/b", "../site --recover", input: "ls unit\nsave\n")
        #expect(recovered.status == 0, "\(recovered.errors)")
        #expect(recovered.errors.contains("recovered 3 unsaved commands"), "\(recovered.errors)")
        #expect(try ArchiveReader.read(folder + "/site").archive.features(of: .unit).count == 2)

        // Once more, with the drawing changed before recovery.
        #expect(try shell(in: folder + "/a", "../site", input: "use level \"Ground Floor\"\nimport dxf plan.dxf\n").status == 0)
        let journalBefore = try Data(contentsOf: URL(fileURLWithPath: folder + "/site.journal"))
        let changed = try FileHandle(forWritingTo: URL(fileURLWithPath: folder + "/a/plan.dxf"))
        try changed.seekToEnd()
        try changed.write(contentsOf: Data("999\n".utf8))
        try changed.close()
        let refused = try shell(in: folder + "/b", "../site --recover")
        #expect(refused.status != 0)
        #expect(
            refused.errors.contains("record 2 (import dxf \(folder)/a/plan.dxf sha256=")
                && refused.errors.contains("is not the file this import was recorded with")
                && refused.errors.contains("it and the 0 commands after it are not recovered"), "\(refused.errors)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/site.journal")) == journalBefore)
    }
}
