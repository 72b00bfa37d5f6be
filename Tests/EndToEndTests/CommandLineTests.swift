import Foundation
import TestSupport
import Testing
import ZIPFoundation

/// Runs the built `imdf` executable as a user would and checks its output, exit codes and files.
@Suite("imdf on the command line")
struct CommandLineTests {
    typealias Run = ChildProcess.Result

    static let packageRoot = Samples.packageRoot
    static let samples = Samples.root

    /// The executable `swift test` built next to the test bundle.
    static let executable: String = {
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("imdf").path,
            Bundle.main.bundleURL.appendingPathComponent("imdf").path,
            packageRoot.appendingPathComponent(".build/debug/imdf").path,
        ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) } ?? candidates.last!
    }()

    func imdf(_ arguments: String..., environment: [String: String] = [:], input: String? = nil) throws -> Run {
        try Self.run(arguments, environment: environment, input: input)
    }

    /// Runs the built imdf with `arguments`, feeding `input` on standard input.
    static func run(_ arguments: [String], environment: [String: String] = [:], input: String? = nil) throws -> Run {
        try ChildProcess.run(executable, arguments, environment: environment, input: input ?? "")
    }

    /// A zip of the archive folder `source` (its files at the top), made in `folder`.
    func zipped(_ source: String, into folder: String) throws -> String {
        let zip = folder + "/" + URL(fileURLWithPath: source).lastPathComponent + ".zip"
        let archive = try Archive(url: URL(fileURLWithPath: zip), accessMode: .create)
        for name in try FileManager.default.contentsOfDirectory(atPath: source) {
            try archive.addEntry(with: name, fileURL: URL(fileURLWithPath: source + "/" + name), compressionMethod: .deflate)
        }
        return zip
    }

    func temporaryFolder() throws -> String {
        let path = NSTemporaryDirectory() + "imdf-e2e-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// True when some line of `output` reads `name` then `count` (the info table's row).
    func hasRow(_ output: String, _ name: String, _ count: String) -> Bool {
        output.split(separator: "\n").contains { line in
            let words = line.split(separator: " ")
            return words.count >= 2 && words[0] == name && words[1] == count
        }
    }

    @Test func aScriptOnStandardInputPrintsNoGreeting() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try imdf("generate", folder + "/venue", "--rooms", "2").status == 0)
        let run = try imdf(folder + "/venue", input: "where\n")
        #expect(run.status == 0)
        #expect(run.output.hasPrefix("archive "), "\(run.output)")
        #expect(!run.output.contains("`help` lists the commands"), "\(run.output)")
    }

    @Test func infoSummarisesEachSampleFolderAndItsZip() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let expectations: [(String, Int32, [(String, String)])] = [
            ("spbstu-polymap", 0, [("unit.geojson", "443"), ("navPath.geojson", "2,726"), ("total", "2,624"), ("version", "1.0.0")]),
            ("ulm-osmtoimdf", 0, [("amenity.geojson", "610"), ("building.geojson", "127"), ("version", "1.0.0.rc.1")]),
            ("postech-c5", 3, [("unit.geojson", "167"), ("fixture.geojson", "38"), ("total", "319")]),
        ]
        for (sample, status, rows) in expectations {
            let source = Self.samples + "/" + sample
            let zip = try zipped(source, into: folder)
            for path in [source, zip] {
                let run = try imdf("info", path)
                #expect(run.status == status, "\(path): \(run.errors)")
                #expect(run.output.contains(path.hasSuffix(".zip") ? "(zip)" : "(folder)"))
                for (name, count) in rows { #expect(hasRow(run.output, name, count), "\(path): no row \(name) \(count)\n\(run.output)") }
                if sample == "postech-c5" {
                    #expect(run.errors.contains("/amenity.geojson:1086:3: error: trailing comma before ']'"))
                    #expect(run.errors.contains("1 file(s) could not be read: amenity.geojson"))
                }
            }
        }
    }

    @Test func convertRoundTripIsByteIdenticalOnTheSecondSave() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let fixedTime = ["SOURCE_DATE_EPOCH": "1700000000"]
        for sample in ["spbstu-polymap", "ulm-osmtoimdf"] {
            let first = folder + "/\(sample)-1"
            let zip = folder + "/\(sample)-2.imdf"
            let third = folder + "/\(sample)-3"
            let convert = try imdf("convert", Self.samples + "/" + sample, first, environment: fixedTime)
            #expect(convert.status == 0, "\(convert.errors)")
            #expect(convert.output.hasPrefix("wrote \(first) (folder):"))
            #expect(try imdf("convert", first, zip, environment: fixedTime).status == 0)
            #expect(try imdf("convert", zip, third, environment: fixedTime).status == 0)
            let names = try FileManager.default.contentsOfDirectory(atPath: first).sorted()
            #expect(names == (try FileManager.default.contentsOfDirectory(atPath: third).sorted()))
            for name in names {
                let a = try Data(contentsOf: URL(fileURLWithPath: first + "/" + name))
                let b = try Data(contentsOf: URL(fileURLWithPath: third + "/" + name))
                #expect(a == b, "\(sample)/\(name)")
            }
            // The sample as a zip converts to the very same files.
            let fromZip = folder + "/\(sample)-from-zip"
            #expect(try imdf("convert", try zipped(Self.samples + "/" + sample, into: folder), fromZip, environment: fixedTime).status == 0)
            for name in names {
                let a = try Data(contentsOf: URL(fileURLWithPath: first + "/" + name))
                #expect(a == (try Data(contentsOf: URL(fileURLWithPath: fromZip + "/" + name))), "\(sample).zip/\(name)")
            }
            let manifest = try String(contentsOfFile: first + "/manifest.json", encoding: .utf8)
            #expect(manifest.contains("\"version\": \"1.0.0\""))
            #expect(manifest.contains("\"generated_by\": \"imdf "))
        }
        #expect(FileManager.default.fileExists(atPath: folder + "/ulm-osmtoimdf-1/unit.geojson"))
    }

    @Test func convertRefusesAnArchiveWithABrokenFileAndWritesNothing() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try imdf("convert", Self.samples + "/postech-c5", folder + "/out.zip")
        #expect(run.status == 3)
        #expect(run.errors.contains("amenity.geojson:1086:3: error: trailing comma before ']'"))
        #expect(run.errors.contains("nothing written"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/out.zip"))
    }

    @Test func convertRefusesEveryKindOfBrokenArchiveAndWritesNothing() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        func copy(_ name: String) throws -> String {
            try FileManager.default.copyItem(atPath: Self.samples + "/spbstu-polymap", toPath: folder + "/" + name)
            return folder + "/" + name
        }
        let noManifest = try copy("no-manifest")
        try FileManager.default.removeItem(atPath: noManifest + "/manifest.json")
        let notACollection = try copy("not-a-collection")
        try #"{"type": "Feature", "properties": {}}"#.write(toFile: notACollection + "/unit.geojson", atomically: true, encoding: .utf8)
        let noID = try copy("no-id")
        try #"{"type": "FeatureCollection", "features": [{"type": "Feature", "feature_type": "unit", "geometry": null, "properties": {}}]}"#
            .write(toFile: noID + "/unit.geojson", atomically: true, encoding: .utf8)
        // A stored (uncompressed) entry with one byte of its data flipped fails its CRC-32.
        let flipped = folder + "/flipped.zip"
        let archive = try Archive(url: URL(fileURLWithPath: flipped), accessMode: .create)
        for name in try FileManager.default.contentsOfDirectory(atPath: Self.samples + "/spbstu-polymap") {
            try archive.addEntry(
                with: name, fileURL: URL(fileURLWithPath: Self.samples + "/spbstu-polymap/" + name), compressionMethod: .none)
        }
        var bytes = try Data(contentsOf: URL(fileURLWithPath: flipped))
        let marker = try #require(bytes.range(of: Data(#""feature_type":"venue""#.utf8)))
        bytes[marker.lowerBound + 1] ^= 0x20
        try bytes.write(to: URL(fileURLWithPath: flipped))
        let cases: [(String, String)] = [
            (noManifest, "manifest.json"), (notACollection, "unit.geojson:1:1"), (noID, "unit.geojson:1:"), (flipped, "CRC"),
        ]
        for (index, (input, said)) in cases.enumerated() {
            let output = folder + "/out-\(index).zip"
            let run = try imdf("convert", input, output)
            #expect(run.status == 3, "\(input): \(run.errors)")
            #expect(run.errors.contains(said), "\(input): \(run.errors)")
            #expect(run.errors.contains("nothing written"), "\(input): \(run.errors)")
            #expect(!FileManager.default.fileExists(atPath: output))
        }
    }

    @Test func unreadableArchiveExitsWith3AndUsageErrorsWith2() throws {
        let missing = try imdf("info", "/nonexistent/archive.zip")
        #expect(missing.status == 3)
        #expect(missing.errors.contains("/nonexistent/archive.zip: error: no such file or folder"))
        #expect(try imdf("info").status == 2)
        #expect(try imdf("convert", "only-one-argument").status == 2)
        #expect(try imdf("generate", "/tmp/x", "--rooms", "0").status == 2)
        #expect(try imdf("--frobnicate").status == 2)
        #expect(try imdf("frobnicate").status == 3)  // `imdf ARCHIVE`: no such archive
    }

    @Test func aScriptOnStandardInputThatFailsLeavesNoJournalToRecover() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try imdf("generate", folder + "/venue", "--rooms", "4").status == 0)
        let failed = try imdf(folder + "/venue", input: "rename 0.001 Lab\nfrobnicate 0.002\n")
        #expect(failed.status == 1 && failed.errors.contains("frobnicate"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/venue.journal"))
        // A script that ends without saving keeps its work in the journal, as a closed terminal does.
        let unsaved = try imdf(folder + "/venue", input: "rename 0.001 Lab\n")
        #expect(unsaved.status == 0 && FileManager.default.fileExists(atPath: folder + "/venue.journal"))
    }

    @Test func generateWritesAVenueThatInfoReads() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let venue = folder + "/campus.zip"
        let run = try imdf("generate", venue, "--buildings", "2", "--levels", "3", "--rooms", "10", "--seed", "7")
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.output.contains("wrote \(venue): 286 features"))
        let info = try imdf("info", venue)
        #expect(info.status == 0)
        #expect(info.errors.isEmpty)
        #expect(info.output.contains("levels by ordinal (6)"))
        #expect(info.output.contains("Building 2"))
    }

    @Test func benchIOGeneratesItsWorkloadAndReportsMedians() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for zip in [false, true] {
            var arguments = ["bench", "io", "--buildings", "2", "--levels", "2", "--rooms", "6", "--runs", "3", "--work-folder", folder]
            if zip { arguments.append("--zip") }
            let run = try ChildProcess.run(Self.executable, arguments)
            let text = run.output
            #expect(run.status == 0)
            #expect(text.contains("W-2x2x6-g2\(zip ? ".zip" : ""): 130 features"))
            for label in ["open       median", "save       median", "open+save  median", "memory     "] {
                #expect(text.contains(label), "missing \(label) in\n\(text)")
            }
        }
    }

    /// `imdf bench hostile`, small: each hostile input ends as it must (its rooms found, the block
    /// named, the mapping read, the findings given) within its bound.
    @Test func benchHostileRunsEachHostileInputAgainstItsBound() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try imdf(
            "bench", "hostile", "--vertices", "2000", "--rules", "50", "--piled", "50", "--runs", "1", "--work-folder", folder)
        #expect(run.status == 0, "\(run.errors)")
        let lines = run.output.split(separator: "\n")
        for name in ["zig-zag wall", "blocks 9 deep", "GIS mapping", "coincident anchors", "overlapping rooms"] {
            let line = lines.first { $0.hasPrefix(name) }
            #expect(line?.hasSuffix(": met") == true, "\(name): \(line ?? "missing") in\n\(run.output)")
        }
    }

    @Test func validateGroupsFindingsAndHonoursStrict() throws {
        let postech = try imdf("validate", Self.samples + "/postech-c5")
        #expect(postech.status == 0)
        #expect(postech.output.contains("errors"))
        #expect(postech.output.contains("amenity.geojson:1086:3: trailing comma before ']'"))
        #expect(try imdf("validate", Self.samples + "/postech-c5", "--strict").status == 4)
        let json = try imdf("validate", Self.samples + "/spbstu-polymap", "--json")
        #expect(json.status == 0)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        let findings = try #require(document["findings"] as? [[String: Any]])
        #expect(findings.filter { $0["code"] as? String == "G2" }.count == 17)
        #expect(findings.contains { $0["code"] as? String == "N2" && $0["location"] != nil })
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try imdf("generate", folder + "/venue", "--buildings", "2", "--levels", "2", "--rooms", "8").status == 0)
        let clean = try imdf("validate", folder + "/venue", "--strict")
        #expect(clean.status == 0)
        #expect(clean.output.contains(": 0 errors, 0 warnings"))
        #expect(try imdf("validate", "/nonexistent").status == 3)
    }

    /// A unit without an id: `imdf validate` names it and checks the file's other units (in a
    /// generated venue, every one clean), where `info` reports the file unreadable.
    @Test func validateChecksTheOtherFeaturesOfAFileWithABrokenOne() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try imdf("generate", folder + "/venue", "--rooms", "4").status == 0)
        let path = folder + "/venue/unit.geojson"
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let broken = #"{"type": "Feature", "feature_type": "unit", "geometry": null, "properties": {"category": "nosuchcategory"}}, "#
        try text.replacingOccurrences(of: #""features": ["#, with: #""features": ["# + broken)
            .replacingOccurrences(of: #""category": "walkway""#, with: #""category": "walkwayz""#)
            .write(toFile: path, atomically: true, encoding: .utf8)
        let run = try Self.run(["validate", folder + "/venue", "--json"])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
        let findings = try #require(document["findings"] as? [[String: Any]])
        #expect(findings.filter { $0["rule"] as? String == "FeatureMustHaveId" }.count == 1)
        // The units that read are checked: their misspelt category is found.
        #expect(findings.contains { $0["rule"] as? String == "UnitCategoryMustBeValid" })
        #expect(try imdf("info", folder + "/venue").status == 3)
    }

    /// Each finding names Apple's rule with `"source": "apple"`, or is a check of ours: `"rule":
    /// null, "source": "imdf"` in JSON, `[imdf]` where the rule's name stands in the text.
    @Test func everyFindingSaysWhoseRuleItIs() throws {
        let spbstu = Self.samples + "/spbstu-polymap"
        let run = try Self.run(["validate", spbstu, "--json"])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
        let findings = try #require(document["findings"] as? [[String: Any]])
        #expect(!findings.isEmpty)
        for finding in findings {
            let source = finding["source"] as? String
            if finding["rule"] is NSNull {
                #expect(source == "imdf", "\(finding)")
            } else {
                #expect(source == "apple" && finding["rule"] is String, "\(finding)")
            }
        }
        #expect(findings.contains { $0["code"] as? String == "F6" && $0["source"] as? String == "imdf" })
        let text = try imdf("validate", spbstu, "--code", "F6")
        #expect(text.output.contains("\nwarning F6   [imdf] "), "\(text.output.prefix(600))")
    }

    @Test func validateKeepsTheFindingsOfACodeOrOfOneOfApplesRules() throws {
        let spbstu = Self.samples + "/spbstu-polymap"
        let json = { (arguments: [String]) throws -> [[String: Any]] in
            let run = try Self.run(["validate", spbstu, "--json"] + arguments)
            let document = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
            return try #require(document["findings"] as? [[String: Any]])
        }
        let anchors = try json(["--code", "g2"])
        #expect(anchors.count == 17 && anchors.allSatisfy { $0["rule"] as? String == "AnchorMustBeCoveredByReferencedUnit" })
        let byRule = try json(["--rule", "AnchorMustBeCoveredByReferencedUnit", "--rule", "UnitGeometryMustContainDisplayPoint"])
        #expect(byRule.count == 17 + 17)
        let text = try imdf("validate", spbstu, "--code", "G2")
        #expect(text.output.contains("17 errors, 0 warnings"))
        #expect(text.output.contains("error   G2   AnchorMustBeCoveredByReferencedUnit anchor.geojson:"))
        let explained = try imdf("validate", "--explain", "g2")
        #expect(explained.status == 0 && explained.output.contains("AnchorMustBeCoveredByReferencedUnit (Apple's Violation, an error)"))
        let rule = try imdf("validate", "--explain", "UnitGeometryMustContainDisplayPoint")
        #expect(rule.output.contains("Validates that a display_point, if present, is contained by the Unit."))
        #expect(rule.output.contains("UnitGeometryMustContainDisplayPoint (Apple's Warning: warning), for Unit"))
        #expect(rule.output.contains("tested: as G1 (warning)") && rule.output.contains("fix: ") && rule.output.contains("passes: "))
        let misspelt = try imdf("validate", "--explain", "UnitGeometryMustContainDisplayPont")
        #expect(misspelt.status == 2 && misspelt.errors.contains("close matches: UnitGeometryMustContainDisplayPoint"))
        #expect(try imdf("validate").status == 2)
        let wrong = try imdf("validate", spbstu, "--code", "G99")
        #expect(wrong.status == 2 && wrong.errors.contains("--code G99: not a finding code"))
    }

    @Test func everySessionScriptRunsGreen() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let sessions = Self.packageRoot.appendingPathComponent("Sessions").path
        let built = try imdf("run", sessions + "/build-a-small-venue.imdfs", "--save", folder + "/small")
        #expect(built.status == 0, "\(built.errors)")
        #expect(built.output.contains("a route reaches every unit") || built.output.contains("no route reaches"))
        #expect(FileManager.default.fileExists(atPath: folder + "/small/manifest.json"))
        #expect(try imdf("generate", folder + "/venue", "--levels", "2", "--rooms", "6").status == 0)
        for script in ["renovate-a-floor.imdfs", "wire-a-corridor.imdfs"] {
            let run = try imdf("run", sessions + "/" + script, "--archive", folder + "/venue")
            #expect(run.status == 0, "\(script): \(run.errors)")
        }
        // A copy of the sample: a run keeps its journal beside the archive, never in shared/.
        try FileManager.default.copyItem(atPath: Self.samples + "/spbstu-polymap", toPath: folder + "/spbstu-polymap")
        for script in ["spbstu-link-two-nodes.imdfs", "fix-spbstu-categories.imdfs"] {
            let run = try imdf(
                "run", sessions + "/" + script, "--archive", folder + "/spbstu-polymap", "--save", folder + "/" + script + ".zip")
            #expect(run.status == 0, "\(script): \(run.errors)")
        }
        let fixed = try imdf("validate", folder + "/fix-spbstu-categories.imdfs.zip", "--json")
        #expect(!fixed.output.contains("\"category \\\"shop\\\""))
        let scripts = try FileManager.default.contentsOfDirectory(atPath: sessions).filter { $0.hasSuffix(".imdfs") }
        for script in scripts {
            let text = try String(contentsOfFile: sessions + "/" + script, encoding: .utf8)
            #expect(text.hasPrefix("#"), "\(script) should say in a comment what it demonstrates")
        }
    }

    @Test func runEchoFollowsEachEditWithTheFindingsItIntroducedOrResolved() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try imdf("generate", folder + "/venue", "--rooms", "6").status == 0)
        let script = folder + "/overlap.imdfs"
        try "add unit Annex category=office rect 1,1 2x2\nrename Annex Store\nundo\nundo\n".write(
            toFile: script, atomically: true, encoding: .utf8)
        let echoed = try imdf("run", script, "--archive", folder + "/venue", "--echo")
        #expect(echoed.status == 0, "\(echoed.errors)")
        let overlap = "G8 unit \"Room 0.001\" and unit \"Annex\" overlap by 4.0 m²"
        let lines = echoed.output.split(separator: "\n").map(String.init)
        #expect(lines.count == 10, "\(lines)")
        #expect(Array(lines.prefix(3)) == ["> add unit Annex category=office rect 1,1 2x2", lines[1], "1 new warning: \(overlap)"])
        // A rename and its undo change no finding; undoing the unit resolves the overlap.
        #expect(
            Array(lines.suffix(7)) == [
                "> rename Annex Store", lines[4], "> undo", lines[6], "> undo", lines[8], "1 resolved: \(overlap)",
            ])
        // Without --echo a run prints what it always printed, and so does a script on standard input.
        let plain = try imdf("run", script, "--archive", folder + "/venue")
        #expect(plain.status == 0 && !plain.output.contains("G8") && plain.output.split(separator: "\n").count == 4, "\(plain.output)")
        let piped = try imdf(folder + "/venue", input: "add unit Annex category=office rect 1,1 2x2\n")
        #expect(piped.status == 0 && !piped.output.contains("G8"), "\(piped.output)")
    }

    @Test func aBadLineStopsTheRunAtItsFileAndLineAndTouchesNothing() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try imdf("generate", folder + "/venue.zip", "--rooms", "4").status == 0)
        let before = try Data(contentsOf: URL(fileURLWithPath: folder + "/venue.zip"))
        let script = folder + "/fix.imdfs"
        try "rename 0.001 \"Seminar\"\nsplit unit 0.002 along 90,0 90,6\nrename 0.003 Never\n".write(
            toFile: script, atomically: true, encoding: .utf8)
        let run = try imdf("run", script, "--archive", folder + "/venue.zip", "--save", folder + "/out.zip")
        #expect(run.status == 1)
        #expect(run.errors.contains("\(script):2: along: the line does not cross"))
        #expect(!run.output.contains("Never"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/out.zip"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/venue.zip")) == before)
    }

    @Test func aScriptOnStandardInputRunsAgainstTheArchive() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try imdf("generate", folder + "/venue", "--rooms", "4").status == 0)
        let run = try imdf(folder + "/venue", input: "rename 0.001 Library\nsave \(folder)/renamed.zip\n")
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.output.contains("saved \(folder)/renamed.zip"))
        let info = try imdf("info", folder + "/renamed.zip")
        #expect(info.status == 0)
        let failing = try imdf(folder + "/venue", input: "rename nobody X\n")
        #expect(failing.status == 1)
        #expect(failing.errors.contains("<stdin>:1: REF: nothing is called nobody"))
    }

    @Test func aNewDocumentIsJournaledAndOpenRefusesToDropUnsavedWork() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let state = ["XDG_STATE_HOME": folder + "/state"]
        let first = try imdf(environment: state, input: "frame @13.4,52.5\nadd building \"Hall 7\"\n")
        #expect(first.status == 0, "\(first.errors)")
        #expect(FileManager.default.fileExists(atPath: folder + "/state/imdf/untitled.journal"))
        let recovered = try imdf("--recover", environment: state, input: "find Hall\n")
        #expect(recovered.errors.contains("recovered 2 unsaved commands"))
        #expect(recovered.output.contains("building \"Hall 7\""))
        #expect(try imdf("generate", folder + "/venue", "--rooms", "4").status == 0)
        let opened = try imdf(folder + "/venue", input: "rename 0.001 Lab\nopen \(folder)/venue\n")
        #expect(opened.status == 1)
        #expect(opened.errors.contains("open: there are unsaved changes"))
        let clean = try imdf("--discard-journal", environment: state, input: "open \(folder)/venue\nfind Lab\n")
        #expect(clean.status == 0, "\(clean.errors)")
        #expect(clean.output.contains("opened \(folder)/venue"))
    }

    @Test func renderOfALevelNameSeveralBuildingsShareAsksWhichNamingTheBuildings() throws {
        let run = try imdf("render", Self.samples + "/spbstu-polymap", "--level", "Level 1")
        #expect(run.status == 2)
        #expect(
            run.errors.contains("in building \"Academic building №3\"") && run.errors.contains("in building \"Main academic building\""),
            "\(run.errors)")
    }

    @Test func renderWithABuildingDrawsThatBuildingsLevelOfASharedNameAndRoutesBetweenItsRooms() throws {
        let spbstu = Self.samples + "/spbstu-polymap"
        // "Level 1" of Academic building №3 is level fc8f18cb: the same picture by either name.
        let byID = try imdf("render", spbstu, "--level", "fc8f18cb", "--width", "120")
        let byBuilding = try imdf("render", spbstu, "--building", "Academic building №3", "--level", "Level 1", "--width", "120")
        #expect(byBuilding.status == 0, "\(byBuilding.errors)")
        #expect(byBuilding.output == byID.output)
        // Both buildings have a room 104 and a room 109: the building says whose are meant.
        func routeLine(_ building: String) throws -> String? {
            let run = try imdf("render", spbstu, "--building", building, "--level", "Level 1", "--route", "104", "109", "--width", "120")
            #expect(run.status == 0, "\(run.errors)")
            return run.output.split(separator: "\n").last { $0.contains("route") }.map(String.init)
        }
        #expect(try routeLine("Academic building №3") == "• route 52.4 m over 14 nodes")
        #expect(try routeLine("Main academic building") == "• route 24.4 m over 8 nodes")
        let unknown = try imdf("render", spbstu, "--building", "Academic building", "--level", "Level 1")
        #expect(
            unknown.status == 2 && unknown.errors.contains("render: building: nothing is called Academic building"), "\(unknown.errors)")
        let twoViews = try imdf("render", spbstu, "--level", "Level 1", "--unit", "104")
        #expect(twoViews.status == 2 && twoViews.errors.contains("give --level or --unit"), "\(twoViews.errors)")
    }

    @Test func theReadmesQuickStartRunsTheOptimizedBuild() throws {
        let readme = try String(contentsOf: Samples.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let firstBlock = try #require(readme.components(separatedBy: "```sh\n").dropFirst().first?.components(separatedBy: "```").first)
        // The optimized build of both executables (imdf and its GDAL helper), then the tool itself.
        #expect(
            firstBlock.contains("swift build -c release") && firstBlock.contains(".build/release/imdf generate")
                && firstBlock.contains(".build/release/imdf demo-venue"), "\(firstBlock)")
    }

    @Test func renderDrawsALevelOfARealSampleAndRefusesAnUnknownOne() throws {
        let run = try imdf(
            "render", Self.samples + "/spbstu-polymap", "--level", "fc8f18cb", "--width", "120", environment: ["LANG": "C.UTF-8"])
        #expect(run.status == 0, "\(run.errors)")
        // The x ruler ends in the axes' note, or in its unit where the whole note does not fit.
        #expect(run.output.contains("m (x east, y north)") || run.output.contains("  m\n"))
        for room in ["104", "105", "107"] { #expect(run.output.contains(room), "room \(room) is not labelled") }
        let plain = try imdf("render", Self.samples + "/spbstu-polymap", "--level", "fc8f18cb", environment: ["LANG": "C"])
        // Room labels keep their own letters; only the drawing itself falls back to ASCII.
        let boxDrawing = plain.output.unicodeScalars.filter { (0x2500...0x259F).contains($0.value) }.count
        #expect(boxDrawing == 0)
        #expect(plain.output.contains("+") && plain.output.contains("|"))
        let unknown = try imdf("render", Self.samples + "/spbstu-polymap", "--level", "nowhere")
        let refused = unknown.status == 2 && unknown.errors.contains("no level is called nowhere; the levels")
        #expect(refused, "\(unknown.errors)")
    }

    @Test func versionAndHelpAnswer() throws {
        #expect(try imdf("--version").output.hasPrefix("0."))
        let help = try imdf("--help")
        #expect(help.status == 0)
        for command in ["info", "convert", "generate", "bench"] { #expect(help.output.contains(command)) }
    }
}
