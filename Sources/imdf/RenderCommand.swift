import ArgumentParser
import Foundation
import Shell

/// `imdf render ARCHIVE --level REF`: a level drawn in the terminal or written as SVG, as the
/// prompt's `render` does (this builds that command line and runs it).
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Draw a level in the terminal (or as SVG), with rulers in metres from its south-west corner.",
        discussion: """
            REF is an id (or a unique prefix of 4+ hex digits) or a name. Unicode box drawing where the \
            locale shows it, ASCII otherwise; colour by unit category on a terminal unless NO_COLOR is set. \
            A building (--building) alone is written as one SVG with a level picker; with --level or \
            --unit it says which building's level or unit is meant, where several buildings have one \
            of that name ("Level 1", "104").
            """
    )

    @Argument(help: "The archive (folder, .zip or .imdf).") var archive: String
    @Option(help: "The level to draw.") var level: String?
    @Option(help: "Frame one unit and its neighbours (on its level).") var unit: String?
    @Option(help: "With --level or --unit: the building they are in. Alone: every level of the building, as SVG (needs --svg).")
    var building: String?
    @Option(help: ArgumentHelp("Zoom to a region: the south-west corner and the size in metres.", valueName: "X,Y WxH")) var box: String?
    @Option(parsing: .upToNextOption, help: ArgumentHelp("Draw the shortest route between two path nodes or units.", valueName: "FROM TO"))
    var route: [String] = []
    @Flag(help: "Mark the validation findings where they are.") var findings = false
    @Option(help: "Write a standalone SVG to FILE instead of drawing in the terminal.") var svg: String?
    @Option(help: "Columns (default: $COLUMNS, else 100).") var width: Int?
    @OptionGroup var limitOptions: ArchiveLimitOptions

    func validate() throws {
        let drawn = [level, unit].compactMap { $0 }.count
        guard drawn == 1 || (drawn == 0 && building != nil) else {
            throw ValidationError("give --level or --unit (with --building to say which building's), or --building alone")
        }
        guard route.isEmpty || route.count == 2 else { throw ValidationError("--route takes two references: FROM TO") }
        if let box, box.split(separator: " ").count != 2 { throw ValidationError("--box takes \"X,Y WxH\", e.g. --box \"10,5 20x15\"") }
    }

    func run() throws {
        var session = try Sessions.open(archive, limits: limitOptions.limits)
        // No building is in use on the command line: a level name several buildings share is a
        // question that lists them, not the first building's level.
        session.buildingID = nil
        session.levelID = nil
        // Each value as one word of the command line (quoted when it holds spaces, quotes, ...).
        let quoted = Tokenizer.quoted
        var words = ["render"]
        if let level { words += ["level", quoted(level)] }
        if let unit { words += ["unit", quoted(unit)] }
        if let building {
            if level == nil && unit == nil {
                words += ["building", quoted(building)]
            } else {
                // The building in use decides between levels and rooms of the same name, as after
                // `use building` at the prompt.
                do {
                    session.buildingID = try session.resolve(building, argument: "building", types: ["building"])
                } catch {
                    throw CommandFailure(exitCode: CommandFailure.usage, message: "render: \(error.message)")
                }
            }
        }
        if let box { words += ["box"] + box.split(separator: " ").map { quoted(String($0)) } }
        if route.count == 2 { words += ["--route"] + route.map(quoted) }
        if findings { words.append("--findings") }
        if let svg { words += ["--svg", quoted(svg)] }
        if let width { words.append("width=\(width)") }
        let output: String
        do {
            output = try Interpreter.execute(words.joined(separator: " "), in: &session)
        } catch {
            throw CommandFailure(exitCode: CommandFailure.usage, message: "render: \(error.message)")
        }
        Output.line(output)
    }
}
