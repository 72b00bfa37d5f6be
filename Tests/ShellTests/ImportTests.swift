import Foundation
import Geometry
import IMDF
import SyntheticVenue
import TestSupport
import Testing
import Workbench

@testable import Shell

/// `import gis` at the prompt: a GIS layer in Web Mercator (EPSG:3857), written where the level's
/// local metres say, imported onto the level in use.
@Suite("Importing at the prompt")
struct ImportTests {
    static let mappingText = """
        {
          "properties": {"name": "NAME", "alt_name": "NO"},
          "category": {"field": "TYPE", "values": {"OFF": "office", "WC": "restroom"}, "default": "unspecified"}
        }
        """

    /// Rooms at local metres (x, y, width, height) of the level in use.
    static let rooms: [(x: Double, y: Double, w: Double, h: Double, fields: [(String, String?)])] = [
        (0.5, 0.5, 2, 3, [("NO", "101"), ("NAME", "Office A"), ("TYPE", "OFF")]),
        (3, 0.5, 1.5, 3, [("NO", "102"), ("NAME", "WC"), ("TYPE", "WC")]),
        (0.5, 9, 3, 2, [("NO", "103"), ("NAME", nil), ("TYPE", "STORE")]),
        (4, 9, 3, 2, [("NO", "104"), ("NAME", "Store 2"), ("TYPE", "STORE")]),
    ]

    struct Files {
        let folder: String
        var layer: String { folder + "/rooms.geojson" }
        var mapping: String { folder + "/map.json" }
    }

    /// The rooms as a GeoJSON layer in EPSG:3857, and the mapping file, in a new folder.
    func files(for session: EditingSession, rooms: [(x: Double, y: Double, w: Double, h: Double, fields: [(String, String?)])] = rooms)
        throws -> Files
    {
        let files = Files(folder: try GISFiles.folder())
        let frame = session.frame
        func mercator(_ x: Double, _ y: Double) -> (Double, Double) {
            let (longitude, latitude) = frame.coordinates(of: Point(x: x, y: y))
            return (WebMercator.x(longitude: longitude), WebMercator.y(latitude: latitude))
        }
        let features = rooms.map { room in
            let ring = [
                (room.x, room.y), (room.x + room.w, room.y), (room.x + room.w, room.y + room.h), (room.x, room.y + room.h),
                (room.x, room.y),
            ]
            .map { mercator($0.0, $0.1) }
            let geometry = "{\"type\": \"Polygon\", \"coordinates\": [[" + ring.map { "[\($0.0), \($0.1)]" }.joined(separator: ", ") + "]]}"
            return GISFiles.Feature(room.fields, geometry)
        }
        try GISFiles.geoJSON(features, crs: "EPSG:3857", to: files.layer)
        try Self.mappingText.write(toFile: files.mapping, atomically: true, encoding: .utf8)
        return files
    }

    func sha256(_ path: String) throws -> String {
        String(try ChildProcess.run("/usr/bin/sha256sum", [path]).output.prefix(64))
    }

    @Test func anImportIsOneUndoStepAndLandsWhereTheFileSays() throws {
        var session = try Fixtures.generated(seed: 31)
        let files = try files(for: session)
        defer { try? FileManager.default.removeItem(atPath: files.folder) }
        let before = session.document
        let steps = session.history.undoStack.count
        let units = before.features(of: .unit).count
        let message = try Interpreter.execute("import gis \(files.layer) type=unit map=\(files.mapping)", in: &session)
        #expect(
            message.contains(
                "read 4 features of layer rooms of rooms.geojson (GeoJSON), reprojected from WGS 84 / Pseudo-Mercator (EPSG:3857) to WGS 84"
            ))
        #expect(message.contains("categories: unspecified 2, office 1, restroom 1"))
        #expect(message.contains("1 value of TYPE not in the mapping (2 features, given unspecified): STORE 2"))
        #expect(message.contains("imported 4 units onto level \"Ground Floor\""))
        #expect(session.history.undoStack.count == steps + 1)
        let created = session.document.features(of: .unit).dropFirst(units)
        #expect(created.count == 4)
        // Every corner within a centimetre of where the file put it.
        let frame = session.frame
        for (unit, room) in zip(created, Self.rooms) {
            guard case .polygon(let rings)? = unit.geometry else {
                Issue.record("not a polygon")
                continue
            }
            let corners = rings[0].map { frame.point(longitude: $0.x, latitude: $0.y) }
            for (x, y) in [(room.x, room.y), (room.x + room.w, room.y), (room.x + room.w, room.y + room.h), (room.x, room.y + room.h)] {
                #expect(corners.contains { abs($0.x - x) < 0.01 && abs($0.y - y) < 0.01 }, "\(x),\(y) not among \(corners)")
            }
            #expect(unit.string(.levelID) == session.levelID)
            #expect(unit.point(.displayPoint) != nil)
        }
        #expect(created.map { $0.string(.category) } == ["office", "restroom", "unspecified", "unspecified"])
        #expect(created.map { $0.labels(.name)?["en"] } == ["Office A", "WC", nil, "Store 2"])
        #expect(created.map { $0.labels(.altName)?["en"] } == ["101", "102", "103", "104"])
        #expect(session.lastCreated == created.first?.id)

        let after = session.document
        #expect(try Interpreter.execute("undo", in: &session).hasPrefix("undid: import gis rooms.geojson: 4 units"))
        #expect(session.document == before)
        _ = try Interpreter.execute("redo", in: &session)
        #expect(session.document == after)
    }

    @Test func theJournalRecordsTheDigestsAndAChangedFileIsNotReplayed() throws {
        let folder = try GISFiles.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let archive = folder + "/venue"
        try ArchiveWriter.write(VenueGenerator.generate(VenueSpec(buildings: 1, levels: 1, rooms: 4, seed: 32)), to: archive)
        func open() throws -> (EditingSession, Journal) {
            var session = try EditingSession.open(archive) { _ in }
            let journal = try Journal(archive: archive, session: &session, start: .recover, ask: { _ in nil }, report: { _ in })
            return (session, journal)
        }
        let files: Files
        let imported: Document
        let script: String
        do {
            let (first, opened) = try open()
            var session = first
            files = try self.files(for: session)
            var journal: Journal? = opened
            let lines = ["use level G", "import gis \(files.layer) type=unit map=\(files.mapping)"].enumerated().map {
                ScriptLine(file: "<prompt>", number: $0.offset + 1, text: $0.element)
            }
            let outcome = ScriptRunner.run(
                lines, in: &session, echo: false, keepGoing: false, journal: &journal, open: nil, output: { _ in })
            #expect(outcome.failures.isEmpty, "\(outcome.failures)")
            imported = session.document
            script = session.exportedScript
            journal = nil
            withExtendedLifetime(opened) {}
        }
        defer { try? FileManager.default.removeItem(atPath: files.folder) }
        let records = try JournalReader.read(JournalWriter.path(for: archive)).records
        let layerDigest = try sha256(files.layer)
        let mappingDigest = try sha256(files.mapping)
        #expect(
            records.last?.command
                == "import gis \(files.layer) type=unit map=\(files.mapping) sha256=\(layerDigest) map_sha256=\(mappingDigest)")
        #expect(records.last?.ids.count == 4)
        // The session's script says the same.
        #expect(script.contains("sha256=\(layerDigest) map_sha256=\(mappingDigest)"))

        // Recovered with the same files: the same document, the same ids.
        do {
            let (session, journal) = try open()
            #expect(session.document == imported)
            withExtendedLifetime(journal) {}
        }

        // The layer changed since: recovery stops at the import, naming the file and both digests.
        try String(contentsOfFile: files.layer, encoding: .utf8).replacingOccurrences(of: "Office A", with: "Office B")
            .write(toFile: files.layer, atomically: true, encoding: .utf8)
        let changed = try sha256(files.layer)
        let refusal =
            "import gis: \(files.layer) is not the file this import was recorded with: its SHA-256 is now \(changed), the record says \(layerDigest); nothing imported"
        do {
            _ = try open()
            Issue.record("a changed file was replayed")
        } catch let error as JournalError {
            #expect(error.message.contains("does not replay: \(refusal); recovery stops"), "\(error.message)")
        }

        // So does the exported script.
        var other = try Fixtures.generated(seed: 32)
        let run = ScriptRunner.run(
            ScriptRunner.lines(of: script, file: "renovate.imdfs"), in: &other, echo: false, keepGoing: false, output: { _ in })
        #expect(run.failures.first?.description == "renovate.imdfs:3: \(refusal)")
    }

    @Test func aBadMappingAMissingFieldOrAWrongGeometryChangesNothing() throws {
        var session = try Fixtures.generated(seed: 33)
        let files = try files(for: session)
        defer { try? FileManager.default.removeItem(atPath: files.folder) }
        let before = session.document
        let steps = session.history.undoStack.count
        func refusal(_ line: String) -> String? {
            do {
                _ = try Interpreter.execute(line, in: &session)
                return nil
            } catch {
                #expect(session.document == before && session.history.undoStack.count == steps, "\(line) changed the document")
                return error.message
            }
        }
        try "{\n  \"category\": {\"field\": \"TYPE\", \"values\": {\"OFF\": \"ofice\"}}\n}".write(
            toFile: files.mapping, atomically: true, encoding: .utf8)
        #expect(
            refusal("import gis \(files.layer) type=unit map=\(files.mapping)")
                == "import gis: \(files.mapping):2:44: category.values.OFF: \"ofice\" is not in UNIT-CATEGORY; did you mean \"office\"?")
        try "{\n  \"properties\": {\"name\": \"ROOM\"}\n}".write(toFile: files.mapping, atomically: true, encoding: .utf8)
        #expect(
            refusal("import gis \(files.layer) type=unit map=\(files.mapping)")
                == "import gis: \(files.mapping):2:18: properties.name: the layer rooms of rooms.geojson has no field \"ROOM\" (its fields: NO, NAME, TYPE)"
        )
        try "{\"category\": \"pedestrian\"}".write(toFile: files.mapping, atomically: true, encoding: .utf8)
        let wrong = refusal("import gis \(files.layer) type=opening map=\(files.mapping)")
        #expect(
            wrong?.hasPrefix(
                "import gis rooms.geojson: none of the 4 features can be imported: #1 (rooms.geojson feature 0): an opening needs a LineString, not a Polygon; #2 (rooms.geojson feature 1)"
            ) == true, "\(wrong ?? "")")
        #expect(
            refusal("import gis \(files.folder)/nothing.shp type=unit map=\(files.mapping)")?.hasPrefix(
                "import gis: cannot read \(files.folder)/nothing.shp") == true)
        #expect(refusal("import gis /dev/zero type=unit map=\(files.mapping)") == "import gis: /dev/zero is not a regular file")
        #expect(refusal("import gis \(files.layer) type=unit map=/dev/zero") == "import gis: /dev/zero is not a regular file")
        #expect(
            refusal("import gis \(files.layer) type=room map=\(files.mapping)")?.hasPrefix("type=: room is not unit or opening") == true)
        #expect(
            refusal("import gis \(files.layer) map=\(files.mapping)")
                == "import gis: type=unit|opening|fixture|section|kiosk|detail|amenity|anchor is required")
        #expect(
            refusal("import gis \(files.layer) type=unit map=\(files.mapping) sha256=abc")
                == "import gis: sha256= takes the 64 hexadecimal digits of a SHA-256, not abc")
        session.levelID = nil
        #expect(refusal("import gis \(files.layer) type=unit map=\(files.mapping)") == "import gis: no level in use (`use level REF`)")
    }

    @Test func skippingTheInvalidReportsThemAndJSONSaysItAll() throws {
        var session = try Fixtures.generated(seed: 34)
        // The last room is 60 m east of the level: refused, unless left out or accepted outside.
        var rooms = Self.rooms
        rooms[3].x += 60
        let files = try files(for: session, rooms: rooms)
        defer { try? FileManager.default.removeItem(atPath: files.folder) }
        #expect(throws: EditError.self) {
            try Interpreter.execute("import gis \(files.layer) type=unit map=\(files.mapping)", in: &session)
        }
        let message = try Interpreter.execute("import gis \(files.layer) type=unit map=\(files.mapping) --skip-invalid", in: &session)
        #expect(message.contains("imported 3 units"))
        #expect(message.contains("left out 1 (--skip-invalid):\n  #4 (rooms.geojson feature 3): lies "))
        _ = try Interpreter.execute("undo", in: &session)
        let json = try Interpreter.execute("import gis \(files.layer) type=unit map=\(files.mapping) --outside --json", in: &session)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(report["format"] as? String == "gis")
        #expect(report["sha256"] as? String == (try sha256(files.layer)))
        #expect(report["created"] as? [String: Int] == ["unit": 4])
        #expect((report["ids"] as? [String])?.count == 4)
        #expect(report["unmapped"] as? [String: Int] == ["STORE": 2])
        #expect(report["categories"] as? [String: Int] == ["office": 1, "restroom": 1, "unspecified": 2])
        #expect(report["crs"] as? String == "WGS 84 / Pseudo-Mercator (EPSG:3857)")
        #expect((report["left_out"] as? [Any])?.isEmpty == true)
    }

    @Test func importIsDeclaredLikeEveryCommand() throws {
        var session = try Fixtures.generated(seed: 35)
        // The usage is wrapped to the terminal's width, at word boundaries.
        let help = try Interpreter.execute("help import gis", in: &session).replacingOccurrences(of: "\n    ", with: " ")
        #expect(
            help.hasPrefix(
                "import gis FILE type=unit|opening|fixture|section|kiosk|detail|amenity|anchor map=MAP.json [layer=NAME] [crs=CRS] [--skip-invalid] [--outside] [--json] [--verbose] [sha256=HEX] [map_sha256=HEX]"
            ))
        #expect(Interpreter.command(named: "import gis")?.changesDocument == true)
        // Completion reads the same declaration: the formats, the options, the types.
        #expect(Completion.candidates("import ", session: session).contains("gis"))
        #expect(Completion.candidates("import gis rooms.shp ty", session: session) == ["type="])
        #expect(Completion.candidates("import gis rooms.shp type=an", session: session) == ["type=anchor"])
        // Levels by short name and by ordinal, as `use level` takes them.
        #expect(try Interpreter.execute("use level G", in: &session).hasPrefix("using level \"Ground Floor\""))
        #expect(try Interpreter.execute("use level 0", in: &session).hasPrefix("using level \"Ground Floor\""))
        #expect(throws: EditError.self) { try Interpreter.execute("use level 7", in: &session) }
    }
}
