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
