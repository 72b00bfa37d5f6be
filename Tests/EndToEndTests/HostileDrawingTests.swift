import Foundation
import IMDF
import SyntheticVenue
import TestSupport
import Testing

/// Drawings built to cost hours or crash: each is refused in seconds with the block or the entity
/// named, by `import dxf --list` and by the import alike.
@Suite("hostile drawings")
struct HostileDrawingTests {
    func run(_ drawing: DXFFixture) throws -> (list: ChildProcess.Result, imported: ChildProcess.Result) {
        let path = try drawing.write()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("imdf-e2e-hostile-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try CommandLineTests.run(["new", folder + "/site", "--template", "blank"]).status == 0)
        let list = try CommandLineTests.run(["import", "dxf", path, "--list"])
        let imported = try CommandLineTests.run([
            "import", "dxf", path, "--archive", folder + "/site", "--level", "Ground Floor", "--save", folder + "/out",
        ])
        #expect(!FileManager.default.fileExists(atPath: folder + "/out"))
        return (list, imported)
    }

    /// Blocks B1 ... B`depth`, each inserting the next `fanOut` times; the last draws one line.
    static func nested(depth: Int, fanOut: Int) -> DXFFixture {
        var drawing = DXFFixture.namedOffices(scale: 1000, insertionUnits: 6)
        for level in 1...depth {
            let body =
                level == depth
                ? DXFFixture.line("A-WALL", 0, 0, 1, 0)
                : (0..<fanOut).map { DXFFixture.insert("A-WALL", "B\(level + 1)", Double($0), 0) }.joined()
            drawing.block("B\(level)", body)
        }
        drawing.add(DXFFixture.insert("A-WALL", "B1", 0, 0))
        return drawing
    }

    @Test func blocksNestedNineDeepAreRefusedNamingTheBlock() throws {
        let started = Date()
        let (list, imported) = try run(Self.nested(depth: 9, fanOut: 10))
        #expect(Date().timeIntervalSince(started) < 30)
        for result in [list, imported] {
            #expect(result.status != 0 && result.status < 128, "\(result.status)")
            #expect(result.errors.contains("nests 9 deep (inside B1 -> B2 -> B3"), "\(result.errors)")
        }
    }

    @Test func anExpansionBeyondTheBudgetIsRefused() throws {
        // Seven deep, twenty each: 1.28 billion lines from a few kilobytes.
        let (list, _) = try run(Self.nested(depth: 7, fanOut: 20))
        #expect(list.status == 3 && list.errors.contains("its blocks expand to more than 2000000 entities"), "\(list.errors)")
    }

    @Test func aBlockThatInsertsItselfThroughAnotherIsRefused() throws {
        var drawing = DXFFixture.namedOffices(scale: 1000, insertionUnits: 6)
        drawing.block("LOOP-A", DXFFixture.insert("0", "LOOP-B", 1, 1) + DXFFixture.line("0", 0, 0, 1, 1))
        drawing.block("LOOP-B", DXFFixture.insert("0", "LOOP-A", 2, 2))
        drawing.add(DXFFixture.insert("A-WALL", "LOOP-A", 0, 0))
        let (list, imported) = try run(drawing)
        for result in [list, imported] {
            #expect(result.errors.contains("block LOOP-A inserts itself (LOOP-A -> LOOP-B -> LOOP-A)"), "\(result.errors)")
        }
    }

    @Test func aCoordinateOfTenToThe300IsRefusedWithTheEntityNotATrap() throws {
        var drawing = DXFFixture.namedOffices(scale: 1000, insertionUnits: 6)
        drawing.add(DXFFixture.line("A-WALL", 1e300, 0, -1e300, 0))
        let (list, imported) = try run(drawing)
        for result in [list, imported] {
            #expect(result.status != 132 && result.status != 0, "\(result.status) \(result.errors)")
            #expect(result.errors.contains("on layer A-WALL has a coordinate no drawing has (1e+300)"), "\(result.errors)")
            #expect(!result.errors.contains("Fatal error"))
        }
    }

    /// A box split by one wall drawn as a zig-zag of 30,000 vertices: its two rooms, well inside
    /// a one-minute limit (the door search once buffered that wall whole and ran for hours).
    @Test func aZigZagWallOfThirtyThousandVerticesEnclosesItsTwoRooms() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("imdf-e2e-zigzag-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try DrawingGenerator.zigzagWall(vertices: 30_000).write(toFile: folder + "/zigzag.dxf", atomically: true, encoding: .utf8)
        #expect(try CommandLineTests.run(["new", folder + "/site", "--template", "blank"]).status == 0)
        let imported = try CommandLineTests.run(
            ["import", "dxf", folder + "/zigzag.dxf", "--archive", folder + "/site", "--level", "Ground Floor", "--save", folder + "/out"],
            environment: ["IMDF_GDAL_TIMEOUT": "60"])
        #expect(imported.status == 0, "\(imported.errors)")
        #expect(imported.output.contains("imported 2 units"), "\(imported.output)")
        let units = try ArchiveReader.read(folder + "/out").archive.features(of: .unit)
        #expect(units.count == 2)
    }
}

/// A name from a file that holds an escape sequence is shown escaped wherever it is printed; the
/// program's own colours are the only ones that reach the terminal.
@Suite("escape sequences in names")
struct EscapedNameTests {
    @Test func aLevelNamedWithAColourIsShownEscapedByInfoLsAndRender() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("imdf-e2e-esc-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try CommandLineTests.run(["new", folder + "/site", "--template", "blank"]).status == 0)
        let levels = folder + "/site/level.geojson"
        let text = try String(contentsOfFile: levels, encoding: .utf8)
        try text.replacingOccurrences(of: "\"Ground Floor\"", with: "\"\\u001b[31mRED\\u001b]0;pwned\\u0007\"").write(
            toFile: levels, atomically: true, encoding: .utf8)
        for arguments in [["info", folder + "/site"], ["validate", folder + "/site"], [folder + "/site"]] {
            let run = try CommandLineTests.run(arguments, input: "ls level\nshow level 0\n")
            #expect(!run.output.contains("\u{1B}") && !run.errors.contains("\u{1B}"), "\(arguments): \(run.output)")
        }
        let info = try CommandLineTests.run(["info", folder + "/site"])
        #expect(info.output.contains("\\u001b[31mRED"), "\(info.output)")
    }

    @Test func aLayerNamedWithAColourIsShownEscapedByTheListingAndTheReport() throws {
        var drawing = DXFFixture.namedOffices(scale: 1000, insertionUnits: 6)
        drawing.add(DXFFixture.line("X\u{1B}[31mRED", 0, 0, 1, 1))
        let path = try drawing.write()
        let list = try CommandLineTests.run(["import", "dxf", path, "--list"])
        #expect(list.status == 0 && !list.output.contains("\u{1B}") && list.output.contains("X\\u001b[31mRED"), "\(list.output)")
    }
}

/// GDAL's complaints reach the user in the user's terms: the file and what is wrong with it, not
/// the place in GDAL's sources.
@Suite("GDAL's errors in the user's terms")
struct GDALErrorWordingTests {
    @Test func aDrawingCutShortSaysSoWithoutGDALsSourceFile() throws {
        let whole = try String(contentsOfFile: Samples.barcelonaPavilion, encoding: .isoLatin1)
        let cut = whole.prefix(upTo: whole.range(of: "ENTITIES")!.upperBound)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("imdf-cut-\(UUID().uuidString).dxf").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try (String(cut) + String(whole.dropFirst(cut.count).prefix(5000))).write(toFile: path, atomically: true, encoding: .isoLatin1)
        let run = try CommandLineTests.run(["import", "dxf", path, "--list"])
        #expect(run.status != 0)
        #expect(!run.errors.contains(".cpp"), "\(run.errors)")
        #expect(run.errors.contains("could not be read to the end") && run.errors.contains("cut short"), "\(run.errors)")
        // --verbose keeps GDAL's own words too, after ours.
        let verbose = try CommandLineTests.run(["import", "dxf", path, "--list", "--verbose"])
        #expect(verbose.status == run.status)
        #expect(
            verbose.errors.contains("cut short") && verbose.errors.contains("(GDAL: ") && verbose.errors.contains(".cpp, "),
            "\(verbose.errors)")
    }
}
