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

/// A member of a folder archive that is no file - a link, a folder, a FIFO - stops the open and
/// the conversion, naming it, instead of being dropped and then deleted by the next save.
@Suite("members that are no files")
struct MembersThatAreNoFilesTests {
    @Test(arguments: ["symbolic link", "folder", "fifo"])
    func aFeatureFileThatIsNoFileStopsTheOpenNamingIt(kind: String) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("imdf-e2e-member-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try CommandLineTests.run(["new", folder + "/site", "--template", "blank"]).status == 0)
        let member = folder + "/site/opening.geojson"
        try FileManager.default.moveItem(atPath: member, toPath: folder + "/opening.geojson")
        switch kind {
        case "symbolic link": try FileManager.default.createSymbolicLink(atPath: member, withDestinationPath: folder + "/opening.geojson")
        case "folder": try FileManager.default.createDirectory(atPath: member, withIntermediateDirectories: false)
        default: #expect(mkfifo(member, 0o600) == 0)
        }
        let started = Date()
        let open = try CommandLineTests.run([folder + "/site"], input: "info\n")
        #expect(open.status == 3 && open.errors.contains("opening.geojson"), "\(kind): \(open.status) \(open.errors)")
        let convert = try CommandLineTests.run(["convert", folder + "/site", folder + "/copy"])
        #expect(convert.status == 3 && !FileManager.default.fileExists(atPath: folder + "/copy"), "\(kind): \(convert.errors)")
        #expect(Date().timeIntervalSince(started) < 30, "a FIFO blocked")
        #expect(FileSystemKind.isPresent(member))
    }
}

enum FileSystemKind {
    static func isPresent(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }
}
