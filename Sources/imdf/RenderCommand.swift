import ArgumentParser
import Foundation
import Shell

/// `imdf render ARCHIVE --level REF`: a level drawn in the terminal or written as SVG - the
/// prompt's `render` behind its front door, so its options are the prompt command's.
struct RenderCommand: PromptCommandFront {
    static let front = CommandLineFront("render", own: ArchiveLimitOptions.frontOptions)
    static let overview = (
        name: "render",
        abstract: "Draw a level in the terminal (or as SVG), with rulers in metres from its south-west corner.",
        discussion: """
        REF is an id (or a unique prefix of 4+ hex digits) or a name. Unicode box drawing where the \
        locale shows it, ASCII otherwise; colour by unit category on a terminal unless NO_COLOR is set. \
        A building (--building) alone is written as one SVG with a level picker; with --level or \
        --unit it says which building's level or unit is meant, where several buildings have one \
        of that name ("Level 1", "104").
        """
    )

    static let usage = "imdf render <ARCHIVE> (--level REF | --unit REF | --building REF) [options]"

    @Argument(
        parsing: .captureForPassthrough,
        help: ArgumentHelp("The archive (folder, .zip or .imdf), and the options below.", valueName: "ARCHIVE"))
    var words: [String] = []

    func run() throws {
        if asksForHelp { return print(Self.helpMessage()) }
        let archive = try archiveFirst(example: "imdf render ARCHIVE --level REF")
        var rest = Array(words.dropFirst())
        // With --level or --unit, --building says which building's is meant (as `use building` at
        // the prompt); alone, it is the prompt's `render building REF`.
        var buildingInUse: String?
        if let at = rest.firstIndex(of: "--building"), rest.contains("--level") || rest.contains("--unit"), at + 1 < rest.count {
            buildingInUse = rest[at + 1]
            rest.removeSubrange(at...(at + 1))
        }
        let views = ["--level", "--unit", "--building"].filter(rest.contains)
        guard views.count == 1 else {
            throw CommandFailure(
                exitCode: CommandFailure.usage,
                message: "render: give --level or --unit (with --building to say which building's), or --building alone")
        }
        let parsed = try parsed(rest)
        var session = try Sessions.openForFront(archive, parsed)
        let output: String
        do {
            if let buildingInUse { session.buildingID = try session.resolve(buildingInUse, argument: "building", types: ["building"]) }
            output = try Self.front.run(parsed, in: &session)
        } catch {
            throw CommandFailure(
                exitCode: CommandFailure.usage, message: Self.named(error.message))
        }
        Output.line(output)
    }
}
