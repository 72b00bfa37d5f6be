import Foundation
import TestSupport
import Testing

/// The editor's lock is a regular file imdf makes beside the archive: anything else found there
/// is named, with how to remove it, and never blocks in silence.
@Suite("the journal's lock file")
struct LockFileTests {
    @Test(arguments: ["folder", "symbolic link", "fifo"])
    func somethingElseAtTheLockIsNamedWithHowToRemoveIt(kind: String) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("imdf-e2e-lock-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try CommandLineTests.run(["new", folder + "/site", "--template", "blank"]).status == 0)
        #expect(try CommandLineTests.run(["convert", folder + "/site", folder + "/site.zip"]).status == 0)
        let lock = folder + "/site.journal.lock"
        switch kind {
        case "folder": try FileManager.default.createDirectory(atPath: lock, withIntermediateDirectories: false)
        case "symbolic link": try FileManager.default.createSymbolicLink(atPath: lock, withDestinationPath: folder + "/elsewhere")
        default: #expect(mkfifo(lock, 0o600) == 0)
        }
        let started = Date()
        for arguments in [[folder + "/site"], [folder + "/site", "--discard-journal"]] {
            let run = try CommandLineTests.run(arguments, input: "info\n")
            #expect(run.status != 0, "\(kind): \(run.output)")
            #expect(run.errors.contains("not the lock file imdf makes") && run.errors.contains("remove it"), "\(kind): \(run.errors)")
        }
        // A conversion onto the archive takes the same lock, and says the same.
        let convert = try CommandLineTests.run(["convert", folder + "/site.zip", folder + "/site"])
        #expect(convert.status != 0 && convert.errors.contains("not the lock file imdf makes"), "\(kind): \(convert.errors)")
        #expect(Date().timeIntervalSince(started) < 30)
    }
}
