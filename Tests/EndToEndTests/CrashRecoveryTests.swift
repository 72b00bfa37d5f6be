import Foundation
import IMDF
import TestSupport
import Testing

/// A session killed with SIGKILL at 20 points of a scripted session (between commands and in the
/// middle of one) is reopened with --recover: the recovered document is the document after the
/// commands whose results had been printed (plus, when the kill came mid-command, that command
/// if its record had already reached the disk).
@Suite("Crash recovery", .serialized)
struct CrashRecoveryTests {
    let commands = [
        "rename 0.001 Atrium", "attach anchor to 0.002", "split unit 0.003 along 9,0 9,6", "rename 0.004 Bistro", "undo",
        "set 0.005 restriction=employeesonly", "attach occupant \"Acme\" category=accounting to 0.006", "rename 0.007 Clinic", "redo",
        "rename 0.008 Depot",
    ]

    func run(_ arguments: [String], input: String, environment: [String: String] = [:]) throws -> (Int32, String) {
        let result = try CommandLineTests.run(arguments, environment: environment, input: input)
        return (result.status, result.errors)
    }

    func features(_ path: String) throws -> [String: [Feature]] {
        let archive = try ArchiveReader.read(path).archive
        var result: [String: [Feature]] = [:]
        for collection in archive.allCollections { result[collection.fileName] = collection.features }
        return result
    }

    @Test func killedSessionsRecoverWhatWasAcknowledged() throws {
        let folder = NSTemporaryDirectory() + "imdf-crash-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        _ = try run(["generate", folder + "/base", "--rooms", "8"], input: "")
        let seed = ["IMDF_ID_SEED": "77"]
        for point in 0..<20 {
            let venue = folder + "/venue-\(point)"
            try FileManager.default.copyItem(atPath: folder + "/base", toPath: venue)
            let acknowledged = point % (commands.count + 1)
            let midCommand = point >= commands.count + 1 && acknowledged < commands.count

            let session = try ChildProcess(CommandLineTests.executable, [venue], environment: seed, errors: .null)
            var printed = ""
            for (index, command) in commands.prefix(acknowledged).enumerated() {
                try session.write(command + "\n")
                printed = try session.waitForLines(index + 1)
            }
            if midCommand { try session.write(commands[acknowledged] + "\n") }
            session.send(SIGKILL)
            _ = try session.wait()
            #expect(printed.count(where: { $0 == "\n" }) == acknowledged)

            let (status, report) = try run([venue, "--recover"], input: "save \(folder)/recovered-\(point)\n")
            #expect(status == 0, "kill point \(point): \(report)")
            let recovered =
                report.split(separator: "\n").first { $0.hasPrefix("recovered ") }.flatMap { Int($0.split(separator: " ")[1]) } ?? 0
            #expect(
                recovered == acknowledged || (midCommand && recovered == acknowledged + 1),
                "kill point \(point): recovered \(recovered) of \(acknowledged)")

            let expectedScript = folder + "/expected-\(point).imdfs"
            try commands.prefix(recovered).joined(separator: "\n").appending("\n").write(
                toFile: expectedScript, atomically: true, encoding: .utf8)
            try FileManager.default.copyItem(atPath: folder + "/base", toPath: folder + "/expected-base-\(point)")
            let (expectedStatus, expectedErrors) = try run(
                ["run", expectedScript, "--archive", folder + "/expected-base-\(point)", "--save", folder + "/expected-\(point)"],
                input: "", environment: seed)
            #expect(expectedStatus == 0, "\(expectedErrors)")
            #expect(try features(folder + "/recovered-\(point)") == features(folder + "/expected-\(point)"), "kill point \(point)")
            // The archive itself was never touched: the killed session never saved, the recovery saved elsewhere.
            #expect(try features(venue) == features(folder + "/base"))
        }
    }
}

/// A kill at any moment of a save leaves the archive readable and either as it was or as saved.
@Suite("Killed saves", .serialized)
struct KilledSaveTests {
    let cli = CommandLineTests()
    /// The journal's disk fills up (a file-size limit stands in for it) part-way through a piped
    /// session: the session stops at the command it could not record, naming the journal, which
    /// keeps every command acknowledged before; --recover brings them back once there is room.
    @Test func aFullDiskStopsTheSessionAndKeepsTheJournal() throws {
        let folder = try cli.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try cli.imdf("generate", folder + "/venue", "--rooms", "4").status == 0)
        let before = try ArchiveReader.read(folder + "/venue").archive.features(of: .amenity).count
        let script = "use level \"Ground Floor\"\n" + String(repeating: "add amenity restroom at 1,1\n", count: 40)
        // 4 blocks of 512 bytes: the journal's header and a few records fit.
        let limited = try ChildProcess.run(
            "/bin/sh", ["-c", "ulimit -f 4 && exec '\(CommandLineTests.executable)' '\(folder)/venue'"], input: script)
        #expect(limited.status == 1, "\(limited.errors)")
        #expect(limited.errors.contains("\(folder)/venue.journal: cannot write the journal"), "\(limited.errors)")
        #expect(limited.errors.contains("the journal \(folder)/venue.journal is kept with the "), "\(limited.errors)")
        let acknowledged = limited.output.components(separatedBy: "\n").filter { $0.hasPrefix("add amenity") }.count
        #expect(acknowledged > 3 && acknowledged < 40, "\(limited.output)")

        let reopened: ChildProcess.Result = try CommandLineTests.run([folder + "/venue", "--recover"], input: "save\n")
        let told: String = reopened.errors
        #expect(reopened.status == 0, "\(told)")
        // The records are the level in use and each acknowledged amenity.
        #expect(told.contains("recovered \(acknowledged + 1) unsaved commands"), "\(told)")
        let amenities = try ArchiveReader.read(folder + "/venue").archive.features(of: .amenity).count
        #expect(amenities == before + acknowledged)
    }

    @Test func aSaveKilledAtAnyMomentLeavesTheOldOrTheNewArchive() throws {
        let folder = NSTemporaryDirectory() + "imdf-killsave-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let generate = try ChildProcess.run(
            CommandLineTests.executable, ["generate", folder + "/venue.zip", "--buildings", "2", "--levels", "4", "--rooms", "60"])
        #expect(generate.status == 0)
        let original = try ArchiveReader.read(folder + "/venue.zip").archive
        var sawOld = false
        var sawNew = false
        for attempt in 0..<12 {
            let session = try ChildProcess(
                CommandLineTests.executable, [folder + "/venue.zip", "--discard-journal"], output: .null, errors: .null)
            try session.write("rename 0.001 \"Renamed \(attempt)\"\nsave\n")
            // Kill somewhere between opening the archive and finishing the save.
            Thread.sleep(forTimeInterval: Double(attempt) * 0.03)
            session.send(SIGKILL)
            _ = try session.wait()
            let load = try ArchiveReader.read(folder + "/venue.zip")
            #expect(load.isComplete && load.errors.isEmpty, "attempt \(attempt): the archive is damaged")
            let name = load.archive.features(of: .unit).first {
                $0.labels("name")?["en"]?.hasPrefix("Renamed") == true || $0.labels("name")?["en"] == "Room 0.001"
            }
            if load.archive.features(of: .unit) == original.features(of: .unit) { sawOld = true } else if name != nil { sawNew = true }
            #expect(load.archive.featureCount == original.featureCount)
            let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix(".venue.zip.tmp") }
            for file in leftovers { try FileManager.default.removeItem(atPath: folder + "/" + file) }
        }
        #expect(sawOld)
        _ = sawNew  // depends on timing; the point is that nothing in between is ever seen
    }
}
