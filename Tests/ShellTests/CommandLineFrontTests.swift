import Foundation
import TestSupport
import Testing
import Workbench

@testable import Shell

/// The prompt commands `imdf` offers as subcommands take every option of their grammar on the
/// command line, and list each one in `--help`, with nothing declared twice.
struct CommandLineFrontTests {
    static let fronts = [
        CommandLineFront("import dxf", own: [CommandLineFront.Option("archive", value: "A", "the archive")]),
        CommandLineFront("import gis", own: []),
        CommandLineFront("render", own: []),
    ]

    /// A value the grammar accepts for `parameter`.
    static func sample(_ parameter: Parameter) -> String {
        switch parameter.kind {
        case .words(let words): words[0]
        case .number, .integer, .count, .distance: "2"
        case .point: "1,2"
        case .size: "3x4"
        case .offset: "1,1"
        default: "value"
        }
    }

    /// The words that give `option` (and the command's required options and positionals).
    static func words(giving option: CommandLineFront.GrammarOption?, in front: CommandLineFront) -> [String] {
        var words = front.positionals.map { _ in "plan.dxf" }
        for required in front.grammarOptions where { if case .option(_, _, true) = required.part { true } else { false } }() {
            guard required.name != option?.name else { continue }
            words += ["--" + required.name] + required.values.map(sample)
        }
        if let option { words += ["--" + option.name] + option.values.map(sample) }
        return words
    }

    @Test(arguments: fronts)
    func everyGrammarOptionIsAcceptedOnTheCommandLine(front: CommandLineFront) throws {
        #expect(!front.grammarOptions.isEmpty)
        for option in front.grammarOptions {
            let parsed = try front.parse(Self.words(giving: option, in: front))
            let line = parsed.arguments.canonicalLine(front.spec.grammar)
            let isKeyValue = if case .option = option.part { true } else if case .repeatedOption = option.part { true } else { false }
            let given = option.values.isEmpty ? option.word : option.word + (isKeyValue ? "=" : " ")
            #expect(line.contains(given), "\(front.spec.name) --\(option.name): \(line)")
        }
    }

    @Test(arguments: fronts)
    func everyOptionIsListedWithWhatItIsFor(front: CommandLineFront) {
        let help = front.optionsHelp
        for name in front.optionNames {
            let row = help.split(separator: "\n").first {
                $0.trimmingCharacters(in: .whitespaces).hasPrefix(name + " ") || $0.trimmingCharacters(in: .whitespaces) == name
            }
            #expect(row != nil, "\(front.spec.name): \(name) is not in --help")
        }
        for option in front.grammarOptions {
            #expect(front.spec.argumentHelp[option.word] != nil, "\(front.spec.name) \(option.word) has no help")
        }
    }

    @Test func aValueWithSeveralWordsMayComeAsOneQuotedWord() throws {
        let render = CommandLineFront("render", own: [])
        let apart = try render.parse(["--level", "1", "--box", "10,5", "20x15"]).arguments
        let together = try render.parse(["--level", "1", "--box", "10,5 20x15"]).arguments
        #expect(apart.keyword("box") == ["10,5", "20x15"] && together.keyword("box") == ["10,5", "20x15"])
    }

    @Test func anUnknownOptionIsRefusedWithTheNearestOne() {
        let dxf = CommandLineFront("import dxf", own: [])
        #expect(throws: EditError.self) { try dxf.parse(["plan.dxf", "--rooms-layr", "A-AREA"]) }
        do {
            _ = try dxf.parse(["plan.dxf", "--rooms-layr", "A-AREA"])
        } catch {
            #expect(error.message.contains("did you mean --rooms-layer?"), "\(error.message)")
        }
    }

    @Test func aRepeatedOptionKeepsEveryValueInOrder() throws {
        let parsed = try CommandLineFront("import dxf", own: []).parse([
            "plan.dxf", "--control", "0,0=@1,2", "--control=5,0=@1.1,2", "--rooms-layer", "A",
        ])
        #expect(parsed.arguments.options("control") == ["0,0=@1,2", "5,0=@1.1,2"])
        #expect(parsed.arguments.options("rooms-layer") == ["A"])
    }

    @Test(arguments: ["import dxf", "import gis", "render"])
    func theBuiltExecutablesHelpListsEveryOption(command: String) throws {
        let executable = Samples.packageRoot.appendingPathComponent(".build/debug/imdf").path
        try #require(FileManager.default.isExecutableFile(atPath: executable))
        let run = try ChildProcess.run(executable, command.split(separator: " ").map(String.init) + ["--help"], input: "")
        #expect(run.status == 0, "\(run.errors)")
        for name in CommandLineFront(command, own: []).optionNames { #expect(run.output.contains(name), "\(command) --help lacks \(name)") }
    }
}
