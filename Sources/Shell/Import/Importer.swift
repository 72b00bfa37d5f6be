// A file format `import FORMAT FILE ...` reads. An importer declares the arguments of its format
// and turns a file into drafted features with an account of the reading; `ImportCommands` does
// the rest the same way for every format: the level in use, the SHA-256 of the files read (checked
// against a recorded one, and journaled), creating the drafts as one undo step (ImportFeatures),
// the report, `--skip-invalid`, `--outside` and `--json`.

import Foundation
import IMDF
import Workbench

protocol Importer: Sendable {
    /// The word after `import` (`gis`, `dxf`).
    var format: String { get }
    /// The format's own arguments after FILE, declared as every command's are. The common ones
    /// (`--skip-invalid`, `--outside`, `--json` and the recorded digests) are added to them.
    var grammar: [GrammarPart] { get }
    var summary: String { get }
    var example: String { get }
    /// What each of `grammar`'s options is for, by its key (`CommandSpec.argumentHelp`).
    var argumentHelp: [String: String] { get }
    /// Options whose values name other files the import reads (`map`): each one's SHA-256 is
    /// checked and journaled as `KEY_sha256=`, as FILE's is as `sha256=`.
    var fileOptions: [String] { get }
    /// The files FILE stands for, whose content decides the import (a Shapefile's .shp, .shx,
    /// .dbf and .prj); `sha256=` covers them all.
    func files(of file: String) -> [String]
    /// Reads FILE for the level in use. Nothing is changed here: the drafts are created by the
    /// caller, all of them or (refused) none.
    func read(_ file: String, _ arguments: Arguments, _ context: ImportContext) throws(EditError) -> ImportReading
}

extension Importer {
    func files(of file: String) -> [String] { [file] }
}

/// What an importer is given besides its arguments.
struct ImportContext {
    /// The session as it is before the import: its document, and references resolved as typed
    /// at the prompt (a drawing's control point may name an anchor).
    let session: EditingSession
    var document: Document { session.document }
    let levelID: String
    /// The language new names are written in when the import does not say (the archive's).
    let language: String
}

/// What an importer read: the drafts, and its account of the reading, as lines for the terminal
/// and as JSON members for `--json` (in the order shown).
struct ImportReading {
    var drafts: [FeatureDraft]
    var lines: [String]
    var json: JSONObject
    /// The level's new outline, when the import gives the level one (a plan on an empty level).
    var levelOutline: Geometry? = nil
    /// Whether invalid polygons are repaired rather than refused: shapes the importer formed.
    var repairsPolygons = false
}

/// The digests an import records: what a replay must find again.
enum ImportDigest {
    /// SHA-256 in hex of one file (as `sha256sum` prints it), or of several - a Shapefile's - as
    /// each file's name (without its folder) and a NUL byte, then its bytes, in the order given.
    static func sha256(of files: [String]) throws(EditError) -> String {
        var hasher = SHA256Digest()
        for file in files {
            try requireRegularFile(file)
            let data: Data
            do {
                data = try Data(contentsOf: URL(fileURLWithPath: file), options: .alwaysMapped)
            } catch {
                throw EditError(
                    "cannot read \(file) (\((error as NSError).localizedFailureReason ?? error.localizedDescription))", argument: "FILE")
            }
            if files.count > 1 {
                hasher.update(Array(URL(fileURLWithPath: file).lastPathComponent.utf8))
                hasher.update([UInt8(0)])
            }
            hasher.update(data)
        }
        guard let digest = hasher.finalize() else {
            throw EditError("cannot compute the SHA-256 of \(files.joined(separator: ", ")) (libcrypto failed)", argument: "FILE")
        }
        return SHA256Digest.hex(digest)
    }

    /// Refuses what is not a regular file: a device or a pipe (`/dev/zero`, a FIFO) would be read
    /// without end, by the digest and by GDAL alike. A link is taken as the file it names (a
    /// drawing linked into a project folder); a name that names nothing is left to the reading,
    /// which says so. A folder passes where `orFolder` (a dataset GDAL may read as its files).
    static func requireRegularFile(_ file: String, orFolder folderAllowed: Bool = false) throws(EditError) {
        var info = stat()
        guard stat(file, &info) == 0 else { return }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return
        case S_IFDIR:
            if folderAllowed { return }
            throw EditError("\(file) is a folder GDAL does not read as a vector dataset", argument: "FILE")
        default: throw EditError("\(file) is not a regular file", argument: "FILE")
        }
    }

    static func isDigest(_ text: String) -> Bool { text.count == 64 && text.allSatisfy { $0.isHexDigit && !$0.isUppercase } }
}
