import Foundation
import IMDF
import TestSupport
import Testing
import Workbench

@testable import Shell

/// A save over an archive that changed on disk since the session opened it (another editor, a
/// `git pull`) is refused until forced, so those changes are not lost without a word.
@Suite("saving over an archive changed on disk")
struct ChangedOnDiskTests {
    @Test(arguments: ["site", "site.zip"])
    func aSaveOverAChangedArchiveIsRefusedUntilForced(name: String) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("imdf-changed-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let archive = folder + "/" + name
        let blank = try ArchiveReader.read(Samples.packageRoot.path + "/Templates/blank").archive
        try ArchiveWriter.write(blank, to: archive)
        var session = try EditingSession.open(archive) { _ in }
        try Interpreter.execute("rename \"Ground Floor\" \"Street Level\"", in: &session)
        // Unchanged on disk: the save goes through, and the next one too.
        try Interpreter.execute("save", in: &session)
        try Interpreter.execute("save", in: &session)
        // Another program writes the archive.
        try ArchiveWriter.write(blank, to: archive)
        #expect {
            try Interpreter.execute("save", in: &session)
        } throws: { error in
            "\(error)".contains("changed on disk since it was opened; save --force to overwrite it, or save NEW")
        }
        #expect(try ArchiveReader.read(archive).archive.features(of: .level).first?.labels(.name)?.labels.first?.text == "Ground Floor")
        // Forced, it is written; and the session's own save is no change on disk.
        try Interpreter.execute("save --force", in: &session)
        try Interpreter.execute("save", in: &session)
        #expect(try ArchiveReader.read(archive).archive.features(of: .level).first?.labels(.name)?.labels.first?.text == "Street Level")
    }
}
