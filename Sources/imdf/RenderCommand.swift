import ArgumentParser
import Foundation
import Shell

/// `imdf render ARCHIVE --level REF`: a level drawn in the terminal, as the prompt's `render` does.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Draw a level in the terminal, with rulers in metres from its south-west corner.",
        discussion: "REF is a level's id (or a unique prefix of 4+ hex digits) or its name. Unicode box drawing where the locale shows it, ASCII otherwise."
    )

    @Argument(help: "The archive (folder, .zip or .imdf).") var archive: String
    @Option(help: "The level to draw.") var level: String
    @Option(help: "Columns (default: $COLUMNS, else 100).") var width: Int?

    func run() throws {
        var session = try Sessions.load(archive)
        let output: String
        do {
            let columns = width ?? ProcessInfo.processInfo.environment["COLUMNS"].flatMap(Int.init) ?? 100
            output = try Interpreter.execute("render level \"\(level)\" width=\(columns)", in: &session)
        } catch {
            throw CommandFailure(exitCode: CommandFailure.usage, message: "render: \(error.message)")
        }
        Output.line(output)
    }
}
