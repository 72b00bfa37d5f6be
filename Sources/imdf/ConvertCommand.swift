import ArgumentParser
import IMDF
import Shell

/// `imdf convert IN OUT`: load and save - folder <-> zip, legacy file names to canonical ones,
/// canonical formatting. Refuses (exit 3, nothing written) when any file of IN cannot be read,
/// since writing the rest would drop that file's features.
struct ConvertCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Load an archive and save it again: folder <-> zip, canonical names and formatting.",
        discussion: "OUT is written as a zip when it ends in .zip or .imdf, otherwise as a folder. The save is atomic."
    )

    @Argument(help: "The archive to read (folder, .zip or .imdf).") var input: String
    @Argument(help: "Where to write the archive.") var output: String
    @OptionGroup var limitOptions: ArchiveLimitOptions

    func run() throws {
        let load = try Loading.open(input, limits: limitOptions.limits)
        defer { KeptUntilExit.keep(load) }
        guard load.isComplete else {
            throw CommandFailure(
                exitCode: CommandFailure.unreadableArchive,
                message: "\(input): \(load.unreadableFiles.count) file(s) could not be read (\(load.unreadableFiles.joined(separator: ", "))); nothing written")
        }
        do {
            // The same lock an editor takes: convert never overwrites an archive open elsewhere.
            let lock = try JournalWriter.WriteLock(archive: output)
            try ArchiveWriter.write(load.archive, to: output, created: SaveClock.now())
            withExtendedLifetime(lock) {}
        } catch let error as JournalError {
            throw CommandFailure(exitCode: CommandFailure.commandFailed, message: error.description)
        } catch {
            throw CommandFailure(exitCode: CommandFailure.commandFailed, message: "\(error)")
        }
        let files = load.archive.allCollections.count + load.archive.opaqueFiles.count + 1
        let kind = ArchiveWriter.writesZip(to: output) ? "zip" : "folder"
        Output.line("wrote \(output) (\(kind)): \(load.archive.featureCount.grouped) features in \(files) files")
    }
}
