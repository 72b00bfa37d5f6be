import ArgumentParser
import Foundation
import IMDF
import Shell

/// `imdf new OUT --template NAME`: a new archive from a starter template; `--list` shows them.
struct NewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "new",
        abstract: "Start a new archive from a template (blank, office-floor, campus).",
        discussion: """
            The templates are the archives in Templates/ (or $IMDF_TEMPLATES); each validates without errors or \
            warnings. OUT must not exist yet.
            """
    )

    @Argument(help: "Where to write the new archive (a folder, or a .zip/.imdf file).") var output: String?
    @Option(help: "The template.") var template: String = "blank"
    @Option(
        help: ArgumentHelp(
            "Where the venue stands: the template moved there, every shape keeping its size in metres.", valueName: "@LON,LAT"))
    var at: String?
    @Flag(help: "List the templates.") var list = false

    func run() throws {
        guard let catalog = TemplateCatalog.find() else {
            throw CommandFailure(
                exitCode: CommandFailure.commandFailed, message: "new: no Templates folder found (set IMDF_TEMPLATES to one)")
        }
        if list {
            for entry in catalog.templates { Output.line(entry.name.padded(14) + entry.summary) }
            return
        }
        guard let output else {
            throw CommandFailure(exitCode: CommandFailure.usage, message: "new: give the archive to write (imdf new OUT --template NAME)")
        }
        guard let chosen = catalog.template(template) else {
            let names = catalog.templates.map(\.name).joined(separator: ", ")
            throw CommandFailure(exitCode: CommandFailure.usage, message: "new: no template \"\(template)\" (there are: \(names))")
        }
        guard !FileManager.default.fileExists(atPath: output) else {
            throw CommandFailure(exitCode: CommandFailure.commandFailed, message: "new: \(output) exists already; choose another path")
        }
        let load: ArchiveLoad
        do {
            load = try ArchiveReader.read(chosen.path)
        } catch {
            throw CommandFailure(exitCode: CommandFailure.unreadableArchive, message: "new: the template \(chosen.path) cannot be read")
        }
        var archive = load.archive
        if let at {
            do {
                archive = TemplatePlacement.moved(archive, to: try TemplatePlacement.place(at, argument: "--at"))
            } catch {
                throw CommandFailure(exitCode: CommandFailure.usage, message: "new: \(error.message)")
            }
        }
        do {
            try ArchiveWriter.write(archive, to: output, created: SaveClock.now())
        } catch {
            throw CommandFailure(exitCode: CommandFailure.commandFailed, message: error.description)
        }
        Output.line(
            "wrote \(output) from the \(chosen.name) template\(at.map { " at \($0)" } ?? ""): \(archive.featureCount.grouped) features; open it with: imdf \(output)"
        )
    }
}
