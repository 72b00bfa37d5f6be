import ArgumentParser
import Foundation
import IMDF
import Shell

/// `imdf graph build ARCHIVE --save OUT [--level REF | --building REF | --all] [--spacing M]
/// [--replace]`: the prompt's `graph build` behind its front door, on an archive, saved to OUT.
struct GraphCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "graph",
        abstract: "Work on an archive's routing graph.",
        subcommands: [GraphBuildCommand.self]
    )
}

struct GraphBuildCommand: PromptCommandFront {
    static let front = CommandLineFront(
        "graph build",
        own: [CommandLineFront.Option("save", value: "OUT", "Where to save the result (written atomically; may be the archive itself).")]
            + ArchiveLimitOptions.frontOptions)
    static let overview = (
        name: "build",
        abstract: "Make the routing graph from the plan: rooms, doors, stairs and elevators to path nodes and links.",
        discussion: """
        A node on each opening, linked to a node inside each unit it joins; walkways, lobbies and \
        rooms of many doors get a network along their middle; overlapping stairs, elevators, \
        escalators and ramps join levels of adjacent ordinals (stairs at their landing); revolving \
        doors, turnstiles and doors without wheelchair access (where the data records it) close \
        accessible routes. The nodes go into the archive's \
        routing graph (navPath.geojson) tagged generated, beside any hand-made ones. Every level \
        unless --level or --building says which. See README, "Routing".
        """
    )

    static let usage = "imdf graph build <ARCHIVE> --save OUT [--level REF | --building REF | --all] [options]"

    @Argument(
        parsing: .captureForPassthrough,
        help: ArgumentHelp("The archive (folder, .zip or .imdf), and the options below.", valueName: "ARCHIVE"))
    var words: [String] = []

    func run() throws {
        if asksForHelp { return print(Self.helpMessage()) }
        let archive = try archiveFirst(example: "imdf graph build ARCHIVE --save OUT")
        let parsed = try parsed(Array(words.dropFirst()))
        guard let save = parsed.value("save") else {
            throw CommandFailure(exitCode: CommandFailure.usage, message: "graph build: give --save OUT")
        }
        var session = try Sessions.openForFront(archive, parsed)
        let output: String
        do {
            output = try Self.front.run(parsed, in: &session)
            try session.save(to: save)
        } catch {
            throw CommandFailure(
                exitCode: CommandFailure.commandFailed,
                message: Self.named(error.message))
        }
        defer { KeptUntilExit.keep(session) }
        Output.line(output)
        Output.line("saved \(save): \(session.document.featureCount.grouped) features")
    }
}
