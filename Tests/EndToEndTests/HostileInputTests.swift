import Foundation
import TestSupport
import Testing

/// Archives and command lines an attacker or a careless user would give: every one gets a clear,
/// located refusal or the right result - never a trap, a hang or silent loss.
@Suite("Hostile and careless input")
struct HostileInputTests {
    func imdf(_ arguments: String..., input: String? = nil, environment: [String: String] = [:]) throws -> ChildProcess.Result {
        try CommandLineTests.run(arguments, environment: environment, input: input)
    }

    /// A generated venue in a fresh folder: (folder, venue path).
    func venue(rooms: Int = 4) throws -> (String, String) {
        let folder = NSTemporaryDirectory() + "imdf-hostile-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let run = try imdf("generate", folder + "/v", "--levels", "1", "--rooms", String(rooms))
        #expect(run.status == 0, "\(run.errors)")
        return (folder, folder + "/v")
    }

    /// The venue's files as zip entries, in the order given.
    func entries(of venue: String, _ names: [String]) throws -> [RawZipEntry] {
        try names.map { RawZipEntry($0, [UInt8](try Data(contentsOf: URL(fileURLWithPath: venue + "/" + $0)))) }
    }

    static let order = [
        "manifest.json", "address.geojson", "building.geojson", "footprint.geojson", "level.geojson", "unit.geojson", "venue.geojson",
        "opening.geojson",
    ]

    @Test func anEncryptedZipEntryIsALocatedErrorAndConvertWritesNothing() throws {
        let (folder, venue) = try venue()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var files = try entries(of: venue, Self.order)
        files[3].flags |= 1  // footprint.geojson, as `zip -P` marks it
        try Data(RawZip.build(files)).write(to: URL(fileURLWithPath: folder + "/m.zip"))
        let convert = try imdf("convert", folder + "/m.zip", folder + "/out")
        #expect(convert.status == 3)
        #expect(convert.errors.contains("m.zip/footprint.geojson: error: encrypted (password-protected)"))
        #expect(convert.errors.contains("1 file(s) could not be read (footprint.geojson); nothing written"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/out"))
        // The entries after it are read: info counts them, and says the load is incomplete.
        let info = try imdf("info", folder + "/m.zip")
        #expect(info.status == 3)
        #expect(info.output.contains("opening.geojson"))
        let validate = try imdf("validate", folder + "/m.zip")
        #expect(validate.output.contains("A5"))
        #expect(validate.output.contains("footprint.geojson"))
    }

    /// `convert` of a zip made from the venue's files (changed by `damage`) to `output` refuses
    /// with exit 3 and `words` in its errors, and writes nothing.
    func expectConvertRefuses(_ output: String, saying words: String, damage: (inout [RawZipEntry]) -> Void) throws {
        let (folder, venue) = try venue()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var files = try entries(of: venue, Self.order)
        damage(&files)
        try Data(RawZip.build(files)).write(to: URL(fileURLWithPath: folder + "/m.zip"))
        let convert = try imdf("convert", folder + "/m.zip", folder + "/" + output)
        #expect(convert.status == 3)
        #expect(convert.errors.contains(words), "\(convert.errors)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/" + output))
    }

    @Test func aBadLocalHeaderOffsetIsALocatedError() throws {
        try expectConvertRefuses("out.zip", saying: "m.zip/footprint.geojson: error: bad offset") { $0[3].recordedOffset = 9 }
    }

    @Test func aZipHoldingTwoEntriesOfOneNameIsRefused() throws {
        try expectConvertRefuses("out", saying: "unit.geojson: error: appears 2 times in the zip") { $0.append($0[5]) }
    }

    @Test func zipBombsAreRefusedBeforeInflating() throws {
        let (folder, venue) = try venue()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // An entry that declares 6 GiB.
        var files = try entries(of: venue, Self.order)
        files[5].zip64 = true
        files[5].declaredSize = 6 << 30
        try Data(RawZip.build(files)).write(to: URL(fileURLWithPath: folder + "/big.zip"))
        let big = try imdf("info", folder + "/big.zip")
        #expect(big.status == 3)
        #expect(
            big.errors.contains(
                "big.zip/unit.geojson: error: declares 6 GiB, over the limit of 1 GiB for one file (--max-size); not inflated"))
        // Eight directory records pointing at one member.
        var shared = try entries(of: venue, Self.order)
        for number in 0..<8 {
            var copy = RawZipEntry("copy\(number).geojson", [])
            copy.sharesDataWith = 5
            shared.append(copy)
        }
        try Data(RawZip.build(shared)).write(to: URL(fileURLWithPath: folder + "/shared.zip"))
        let overlapping = try imdf("convert", folder + "/shared.zip", folder + "/out")
        #expect(overlapping.status == 3)
        #expect(overlapping.errors.contains("copy7.geojson: error: its data overlaps that of"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/out"))
        // The limits are the user's to change.
        let lowered = try imdf("info", venue, "--max-size", "2k")
        #expect(lowered.status == 3)
        #expect(lowered.errors.contains("over the limit of 2 KiB for one file (--max-size); not read"))
        let total = try imdf("info", venue, "--max-total", "10k")
        #expect(total.status == 3)
        #expect(total.errors.contains("over the limit of 10 KiB for an archive (--max-total)"))
        let nonsense = try imdf("info", venue, "--max-size", "lots")
        #expect(nonsense.status == 2)
        #expect(nonsense.errors.contains("--max-size lots: give a size such as 2G"))
    }

    @Test func aSymbolicLinkInAFolderArchiveIsNeverFollowedAndStopsTheConversion() throws {
        let (folder, venue) = try venue()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data("root:x:0:0:secret".utf8).write(to: URL(fileURLWithPath: folder + "/passwd"))
        try FileManager.default.createSymbolicLink(atPath: venue + "/notes.json", withDestinationPath: folder + "/passwd")
        // A member that is a link would be lost by the copy: refused, naming it, nothing written.
        let convert = try imdf("convert", venue, folder + "/out.zip")
        #expect(convert.status == 3, "\(convert.errors)")
        #expect(convert.errors.contains("notes.json: error: a symbolic link, which is not followed"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/out.zip"))
    }

    // MARK: Lines, scripts and the journal

    @Test func commandLinesEndingInCRAreJournaledCleanAndRecover() throws {
        let (folder, venue) = try venue()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try imdf(venue, input: "rename 0.001 \"One\"\nrename 0.002 Two\r\r\nrename 0.003 Three\rrename 0.004 Four\r\n")
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.output.components(separatedBy: "\n").filter { $0.hasPrefix("rename") }.count == 4)
        let journal = try String(contentsOfFile: venue + ".journal", encoding: .utf8)
        #expect(!journal.contains("\r"))
        let recovered = try imdf(venue, "--recover", input: "quit\n")
        #expect(recovered.errors.contains("recovered 4 unsaved commands"), "\(recovered.errors)")
        _ = try imdf(venue, "--discard-journal", input: "")
    }

    @Test func aCRLFScriptRunsLineByLine() throws {
        let (folder, venue) = try venue()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data("where\r\nhelp undo\r\nrename 0.001 Lab\r\n".utf8).write(to: URL(fileURLWithPath: folder + "/crlf.imdfs"))
        let run = try imdf("run", folder + "/crlf.imdfs", "--archive", venue)
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.output.contains("to \"Lab\""))
        #expect(!run.errors.contains("unknown command"))
    }

    @Test func aDamagedJournalOffersItsIntactRecordsAndIsKeptAside() throws {
        let (folder, venue) = try venue()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        _ = try imdf(venue, input: "rename 0.001 One\nrename 0.002 Two\nrename 0.003 Three\n")
        let journalPath = venue + ".journal"
        var journal = try String(contentsOfFile: journalPath, encoding: .utf8)
        journal = journal.replacingOccurrences(of: "rename 0.002 Two", with: "rename 0.002 Twp")
        try Data(journal.utf8).write(to: URL(fileURLWithPath: journalPath))
        // A script run cannot ask: it says how to get out, and changes nothing.
        try Data("where\n".utf8).write(to: URL(fileURLWithPath: folder + "/w.imdfs"))
        let blocked = try imdf("run", folder + "/w.imdfs", "--archive", venue)
        #expect(blocked.status == 1)
        #expect(blocked.errors.contains("v.journal:7: record 2 is damaged"))
        #expect(blocked.errors.contains("--recover` replays it"))
        #expect(try String(contentsOfFile: journalPath, encoding: .utf8) == journal)
        // --recover replays the intact record and keeps the damaged journal under a new name.
        let recovered = try imdf(venue, "--recover", input: "show One\nsave\n")
        #expect(recovered.status == 0, "\(recovered.errors)")
        #expect(recovered.errors.contains("recovered 1 unsaved command"))
        #expect(recovered.output.contains("\"One\""))
        let kept = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix("v.journal.damaged-") }
        #expect(kept.count == 1)
        #expect(try String(contentsOfFile: folder + "/" + kept[0], encoding: .utf8) == journal)
    }

    @Test func discardJournalAlwaysWorksEvenOnADamagedHeader() throws {
        let (folder, venue) = try venue()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data([0, 0, 0, 0xFF, 0xFE]).write(to: URL(fileURLWithPath: venue + ".journal"))
        let run = try imdf(venue, "--discard-journal", input: "where\n")
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.errors.contains("not an imdf journal"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).contains { $0.hasPrefix("v.journal.damaged-") })
    }

    @Test func openInsideARunScriptEditsTheOpenedArchive() throws {
        let (folder, venue) = try venue()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let other = folder + "/other"
        #expect(try imdf("generate", other, "--levels", "1", "--rooms", "3", "--seed", "7").status == 0)
        try Data("open \(other)\nrename 0.001 \"Opened\"\n".utf8).write(to: URL(fileURLWithPath: folder + "/o.imdfs"))
        let run = try imdf("run", folder + "/o.imdfs", "--archive", venue, "--save", folder + "/out")
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.output.contains("opened \(other)"))
        #expect(run.output.contains("to \"Opened\""))
        let units = try String(contentsOfFile: folder + "/out/unit.geojson", encoding: .utf8)
        #expect(units.contains("Opened"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/out/occupant.geojson") || true)
        // Opening what cannot be read is a located failure; nothing after it runs.
        try Data("open \(folder)/nothing-here\nrename 0.001 X\n".utf8).write(to: URL(fileURLWithPath: folder + "/bad.imdfs"))
        let bad = try imdf("run", folder + "/bad.imdfs", "--archive", venue, "--save", folder + "/out2")
        #expect(bad.status == 1)
        #expect(bad.errors.contains("bad.imdfs:1: open:"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/out2"))
    }

    @Test func aScriptThatSourcesItselfStops() throws {
        let (folder, venue) = try venue()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let script = folder + "/loop.imdfs"
        try Data("source \(script)\nsource \(script)\nsource \(script)\n".utf8).write(to: URL(fileURLWithPath: script))
        let run = try imdf("run", script, "--archive", venue, "--keep-going")
        #expect(run.status == 1)
        #expect(run.errors.contains("is already running (a script that sources itself)"))
        #expect(run.errors.components(separatedBy: "\n").filter { !$0.isEmpty }.count < 5)
    }

    @Test func sourcingAFileThatIsNotAScriptStopsAfterTenLines() throws {
        let (folder, venue) = try venue()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data(("source \(venue)/unit.geojson\nwhere\n").utf8).write(to: URL(fileURLWithPath: folder + "/s.imdfs"))
        let run = try imdf("run", folder + "/s.imdfs", "--archive", venue, "--keep-going")
        #expect(run.errors.contains("this does not look like an imdf script: 10 lines in a row are not commands"))
        let lines = run.errors.components(separatedBy: "\n").filter { !$0.isEmpty }
        #expect(lines.count <= 11)
        #expect(lines.allSatisfy { $0.count < 300 }, "\(lines)")
        #expect(run.output.contains("archive"))  // the script's own next line still ran
    }

    @Test func aPlantedJournalLinkIsNeverFollowed() throws {
        let (folder, venue) = try venue()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data("precious".utf8).write(to: URL(fileURLWithPath: folder + "/victim"))
        try FileManager.default.createSymbolicLink(atPath: venue + ".journal.new", withDestinationPath: folder + "/victim")
        let run = try imdf(venue, input: "rename 0.001 x\n")
        #expect(run.status == 0, "\(run.errors)")
        #expect(try String(contentsOfFile: folder + "/victim", encoding: .utf8) == "precious")
        let attributes = try FileManager.default.attributesOfItem(atPath: venue + ".journal")
        #expect(attributes[.type] as? FileAttributeType == .typeRegular)
        #expect(attributes[.posixPermissions] as? Int == 0o600)
        #expect((try FileManager.default.attributesOfItem(atPath: venue + ".journal.lock"))[.posixPermissions] as? Int == 0o600)
    }

    @Test func namesHoldingEscapeSequencesAreShownEscaped() throws {
        let (folder, venue) = try venue()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let units = venue + "/unit.geojson"
        var text = try String(contentsOfFile: units, encoding: .utf8)
        text = text.replacingOccurrences(of: "Room 0.001", with: "\\u001b]0;pwned\\u0007\\u001b[2JRoom")
        try Data(text.utf8).write(to: URL(fileURLWithPath: units))
        let run = try imdf(venue, input: "use level \"Ground Floor\"\nls\nfind pwned\nshow 0865ef73\nrender width=100\n")
        #expect(!run.output.contains("\u{1B}"), "\(run.output)")
        #expect(!run.output.contains("\u{07}"))
        #expect(run.output.contains("\\u001b]0;pwned"))
    }

    // MARK: Saves, locks and links

    /// Runs imdf as an unprivileged user (nobody, through setpriv) when the tests run as root.
    func imdfUnprivileged(_ arguments: [String], input: String = "") throws -> ChildProcess.Result {
        guard getuid() == 0 else { return try CommandLineTests.run(arguments, input: input) }
        return try ChildProcess.run(
            "/usr/bin/setpriv", ["--reuid=65534", "--regid=65534", "--clear-groups", CommandLineTests.executable] + arguments,
            environment: ["HOME": "/tmp", "XDG_STATE_HOME": "/tmp"], input: input)
    }

    @Test func aSaveKeepsTheArchivesModesAndRefusesWhereTheUserMayNotWrite() throws {
        let (folder, venue) = try venue()
        defer {
            chmod(venue, 0o755)
            try? FileManager.default.removeItem(atPath: folder)
        }
        chmod(folder, 0o777)
        let noop = folder + "/noop.imdfs"
        try Data("where\n".utf8).write(to: URL(fileURLWithPath: noop))
        chown(venue, 65534, 65534)
        for name in try FileManager.default.contentsOfDirectory(atPath: venue) {
            chown(venue + "/" + name, 65534, 65534)
            chmod(venue + "/" + name, 0o444)
        }
        chmod(venue, 0o750)
        // Writable folder, read-only files: saved, and the files stay read-only.
        let saved = try imdfUnprivileged(["run", noop, "--archive", venue, "--save", venue])
        #expect(saved.status == 0, "\(saved.errors)")
        #expect(FileManager.default.fileExists(atPath: venue + "/unit.geojson"))
        let unitMode = try FileManager.default.attributesOfItem(atPath: venue + "/unit.geojson")[.posixPermissions] as? Int
        #expect(unitMode == 0o444)
        let folderMode = try FileManager.default.attributesOfItem(atPath: venue)[.posixPermissions] as? Int
        #expect(folderMode == 0o750)
        // A read-only folder: refused, nothing changed, nothing left beside it.
        chmod(venue, 0o555)
        let before = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        let refused = try imdfUnprivileged(["run", noop, "--archive", venue, "--save", venue])
        #expect(refused.status == 1)
        #expect(refused.errors.contains("you may not write this archive (mode 555); nothing was changed"), "\(refused.errors)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == before)
        #expect(try FileManager.default.attributesOfItem(atPath: venue)[.posixPermissions] as? Int == 0o555)
    }

    @Test func aSaveRemovesStagingFoldersThatAKilledSaveLeftBehind() throws {
        let (folder, venue) = try venue()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // What a save killed at the wrong moment leaves: a staging copy named after a dead process.
        let stale = folder + "/.v.new-999999-abc123"
        try FileManager.default.copyItem(atPath: venue, toPath: stale)
        let old = Date(timeIntervalSinceNow: -3600)
        try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: stale)
        let unrelated = folder + "/.v.notes"
        try Data("mine".utf8).write(to: URL(fileURLWithPath: unrelated))
        let run = try imdf("convert", venue, venue)
        #expect(run.status == 0, "\(run.errors)")
        #expect(!FileManager.default.fileExists(atPath: stale))
        #expect(FileManager.default.fileExists(atPath: unrelated))
    }

    @Test func oneArchiveHasOneLockHoweverItIsNamed() throws {
        let (folder, venue) = try venue()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createSymbolicLink(atPath: folder + "/w", withDestinationPath: venue)
        let editor = try ChildProcess(CommandLineTests.executable, [venue])
        defer {
            editor.send(SIGKILL)
            _ = try? editor.wait(timeout: 10)
        }
        try editor.write("rename 0.001 Held\n")
        _ = try editor.waitForLines(1)
        for name in [folder + "/w", venue + "//", folder + "/./v"] {
            let second = try imdf(name, input: "where\n")
            #expect(second.status == 1, "\(name)")
            #expect(second.errors.contains("another imdf is editing this archive"), "\(name): \(second.errors)")
        }
        // Refused at once, while the archive is still being hashed on a thread of its own: the
        // process ends cleanly every time (libcrypto's clean-up at exit once crashed it).
        let refusals = try (0..<15).map { _ in try imdf(venue, input: "where\n").status }
        #expect(refusals.allSatisfy { $0 == 1 }, "\(refusals)")
        #expect(!FileManager.default.fileExists(atPath: venue + "/.journal"))
        let other = folder + "/other"
        #expect(try imdf("generate", other, "--levels", "1", "--rooms", "2").status == 0)
        for target in [venue, folder + "/w"] {
            let convert = try imdf("convert", other, target)
            #expect(convert.status == 1)
            #expect(convert.errors.contains("another imdf has this archive open"), "\(convert.errors)")
        }
        try Data("where\n".utf8).write(to: URL(fileURLWithPath: folder + "/noop.imdfs"))
        let saveOver = try imdf("run", folder + "/noop.imdfs", "--archive", other, "--save", folder + "/w")
        #expect(saveOver.status == 1)
        #expect(saveOver.errors.contains("another imdf has this archive open"))
    }

    @Test func aSaveThroughALinkWritesTheArchiveItNames() throws {
        let (folder, venue) = try venue()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createSymbolicLink(atPath: folder + "/w", withDestinationPath: venue)
        let run = try imdf(folder + "/w", input: "rename 0.001 Linked\nsave\n")
        #expect(run.status == 0, "\(run.errors)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: folder + "/w") == venue)
        #expect(try String(contentsOfFile: venue + "/unit.geojson", encoding: .utf8).contains("Linked"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/w.journal"))
    }

    /// Saving over a folder whose feature file links outside it and whose sub-folder is a link:
    /// nothing is written through either; the file replaces its link, the folder link is not
    /// carried over, and the save says both.
    @Test func aSaveOverAFolderNeverWritesThroughALinkInsideItAndSaysSo() throws {
        let (folder, venue) = try venue()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let outside = folder + "/outside"
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
        try FileManager.default.moveItem(atPath: venue + "/unit.geojson", toPath: outside + "/unit.geojson")
        try FileManager.default.createSymbolicLink(atPath: venue + "/unit.geojson", withDestinationPath: outside + "/unit.geojson")
        try FileManager.default.createSymbolicLink(atPath: venue + "/docs", withDestinationPath: outside)
        let before = try Data(contentsOf: URL(fileURLWithPath: outside + "/unit.geojson"))
        #expect(try imdf("generate", folder + "/other", "--rooms", "2").status == 0)

        let run = try imdf(folder + "/other", input: "rename 0.001 Saved\nsave \(venue)\n")
        #expect(run.status == 0, "\(run.errors)")
        #expect(
            run.output.contains("\(venue): unit.geojson was a symbolic link (to \(outside)/unit.geojson): replaced by the file saved"),
            "\(run.output)")
        #expect(
            run.output.contains("\(venue): docs is a symbolic link (to \(outside)): not carried into the saved folder"), "\(run.output)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: outside + "/unit.geojson")) == before, "a save wrote through a link")
        #expect(try FileManager.default.attributesOfItem(atPath: venue + "/unit.geojson")[.type] as? FileAttributeType == .typeRegular)
        #expect(try String(contentsOfFile: venue + "/unit.geojson", encoding: .utf8).contains("Saved"))
        #expect(!FileManager.default.fileExists(atPath: venue + "/docs"))
    }

    // MARK: Handles, numbers and distance

    @Test func aHandleToAFeatureThatIsGoneOrOfAnotherTypeIsALocatedError() throws {
        let (folder, venue) = try venue()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for (script, words) in [
            ("add amenity atm at 3,4\nundo\nshow $_\n", "$_ named"),
            ("add amenity atm at 3,4\nundo\nuse building $_\n", "no longer exists"),
            ("add amenity atm at 3,4\nundo\nset $_ name=x\n", "no longer exists"),
            ("add node at 3,4 as n\nundo\nshow $n\n", "$n named"),
            ("attach anchor to 0.001 as a\nuse level $a\n", "is an anchor, not a level"),
        ] {
            let run = try imdf(venue, input: "use level \"Ground Floor\"\n" + script)
            #expect(run.status == 1, "\(script)")
            #expect(run.errors.contains(words), "\(script): \(run.errors)")
            #expect(!run.errors.contains("Fatal error"))
            try? FileManager.default.removeItem(atPath: venue + ".journal")
        }
        // Deleting the level in use leaves no level in use; render then says so.
        let deleted = try imdf(venue, input: "use level \"Ground Floor\"\ndelete \"Ground Floor\" --cascade\nwhere\nrender\n")
        #expect(deleted.status == 1)
        #expect(deleted.output.contains("level     -"))
        #expect(deleted.errors.contains("render: no level in use"))
    }

    @Test func absurdNumbersAreRefusedWithTheirArgumentNamed() throws {
        let (folder, venue) = try venue()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let script = """
            use level "Ground Floor"
            add node at 2,1e300
            add unit "Z" category=restroom rect 10,10 1x1e9
            add unit "Z" category=restroom rect 10,10 1x9223372036854775807
            move unit 0.001 by 1e18,1
            move unit 0.001 by 1.8e19,0
            attach anchor to 0.001 at 5,18446744073709551616
            render box 0,0 1e308x1e308
            add opening on 0.002 at 3,4 width=1e300
            move unit 0.002 by 60000,0
            move unit 0.002 by 60000,0
            add node at 1,1 as n
            move $n by 1e308,0
            move $n to 2,nan
            """
        try Data(script.utf8).write(to: URL(fileURLWithPath: folder + "/big.imdfs"))
        let run = try imdf("run", folder + "/big.imdfs", "--archive", venue, "--keep-going")
        #expect(run.status == 1)
        let failures = run.errors.components(separatedBy: "\n").filter { $0.contains("big.imdfs:") }
        for line in [2, 3, 4, 5, 6, 7, 8, 9, 11, 13, 14] {
            #expect(failures.contains { $0.hasPrefix(folder + "/big.imdfs:\(line): ") }, "line \(line): \(run.errors)")
        }
        #expect(run.errors.contains("big.imdfs:3: rect: 1x1e9 reaches over a million km"))
        #expect(run.errors.contains("big.imdfs:11: unit"))
        #expect(run.errors.contains("would lie 120 km from the venue"))
        #expect(!failures.contains { $0.hasPrefix(folder + "/big.imdfs:10: ") })
    }

    @Test func anArchiveHoldingAnInfiniteCoordinateIsShownNotTrappedOn() throws {
        let (folder, venue) = try venue()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for name in ["unit.geojson", "level.geojson"] {
            var text = try String(contentsOfFile: venue + "/" + name, encoding: .utf8)
            let marker = "\"coordinates\": [[["
            let start = try #require(text.range(of: marker)).upperBound
            let comma = try #require(text[start...].firstIndex(of: ","))
            text.replaceSubrange(start..<comma, with: name == "unit.geojson" ? "1e999" : "-1e999")
            try Data(text.utf8).write(to: URL(fileURLWithPath: venue + "/" + name))
        }
        let render = try imdf("render", venue, "--level", "Ground Floor", "--width", "80")
        #expect(render.status == 0, "\(render.errors)")
        #expect(render.output.contains("2 features are not drawn: a coordinate is not finite"))
        let validate = try imdf("validate", venue)
        #expect(validate.output.contains("[inf,"))
        let prompt = try imdf(venue, input: "use level \"Ground Floor\"\nrender\nvalidate level \"Ground Floor\"\n")
        #expect(prompt.status == 0, "\(prompt.errors)")
    }

    @Test func aRepeatedKeyMakesTheFileUnreadableAndConvertWritesNothing() throws {
        let (folder, venue) = try venue()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var text = try String(contentsOfFile: venue + "/unit.geojson", encoding: .utf8)
        let marker = "\"geometry\": {\"type\": \"Polygon\", "
        let at = try #require(text.range(of: marker)).upperBound
        text.insert(contentsOf: "\"coordinates\": [], ", at: at)
        try Data(text.utf8).write(to: URL(fileURLWithPath: venue + "/unit.geojson"))
        let convert = try imdf("convert", venue, folder + "/out")
        #expect(convert.status == 3)
        #expect(convert.errors.contains("unit.geojson:8:58: error: duplicate key"), "\(convert.errors)")
        #expect(convert.errors.contains("duplicate key \"coordinates\""))
        #expect(!FileManager.default.fileExists(atPath: folder + "/out"))
    }
}
