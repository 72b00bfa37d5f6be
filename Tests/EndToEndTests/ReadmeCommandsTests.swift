import Foundation
import IMDF
import TestSupport
import Testing

/// Every command in README.md's `sh` blocks, run as a reader who copies them would run them: each
/// block in a fresh folder of its own, its lines one after another, `imdf` being the executable
/// under test. The README is the user's only guide, so an example that fails there fails here,
/// naming the README line with what it printed.
///
/// - A line may say that it fails on purpose with a comment that starts with `exit N` (`# exit 3:
///   MESSAGE`): the line must then exit with N, and print MESSAGE.
/// - `swift build` is not run (this test runs on the build under test); `swift test`, `.ci/setup` and
///   the `Fuzzing/` scripts of the quick start are checked to be there, not run.
/// - `sqlite3` runs for real, on the file an earlier example made.
/// - The files the examples take as given (`plan.dxf`, `rooms.shp`, `venue.zip`, ...) are made from
///   real data just before the first line that reads them; see `Placeholders`.
@Suite("README commands")
struct ReadmeCommandsTests {
    static let readmePath = Samples.packageRoot.appendingPathComponent("README.md").path

    @Test func everyCommandInTheReadmeDoesWhatItsTextSays() throws {
        let readme = try String(contentsOfFile: Self.readmePath, encoding: .utf8)
        let blocks = MarkdownCodeBlocks.parse(readme)
        let shellBlocks = blocks.filter { $0.language == "sh" }
        let jsonBlocks = blocks.filter { $0.language == "json" }
        #expect(shellBlocks.count >= 8, "README.md has \(shellBlocks.count) sh blocks")
        // The one mapping file the README shows is the one its GIS import example uses.
        #expect(
            jsonBlocks.count == 1, "README.md has \(jsonBlocks.count) json blocks; the test writes the one mapping file as rooms-map.json")
        let mapping = try #require(jsonBlocks.first).text

        let root = NSTemporaryDirectory() + "imdf-readme-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        // `../shared` from every block's folder is the shared folder beside the checkout, as it is
        // from the checkout itself.
        let shared = Samples.packageRoot.deletingLastPathComponent().appendingPathComponent("shared").path
        try FileManager.default.createSymbolicLink(atPath: root + "/shared", withDestinationPath: shared)

        var run = ReadmeRun(root: root, mapping: mapping)
        for block in shellBlocks {
            try run.perform(block)
        }
        // Each kind of line the README holds was met: a change that dropped one would go unnoticed.
        #expect(run.toolLines == 32, "\(run.toolLines) imdf lines ran; a README that has more or fewer says so here")
        #expect(run.sqliteLines == 1, "\(run.sqliteLines) sqlite3 lines ran")
        #expect(run.promptLines == 1, "\(run.promptLines) prompts were opened")
        #expect(run.checkedScripts == [".ci/lint", ".ci/setup", "Fuzzing/hostile-archives.py", "Fuzzing/run"])
    }

    @Test func theReadersShellSyntaxIsReadAsAShellReadsIt() throws {
        let block = MarkdownCodeBlocks.Block(
            language: "sh", openingLine: 10,
            lines: [
                (11, #"imdf import dxf plan.dxf --archive site --level "Ground Floor" \"#),
                (12, #"     --control "0,0=@12.5683,55.6761"   # two points"#),
                (13, "# a comment line"),
                (14, #"swift build && sqlite3 -cmd ".load x" v.gpkg "SELECT 'a # b';""#),
                (15, "imdf info ../shared/x   # exit 3: a.geojson:1:2: trailing comma before ']'"),
            ])
        let lines = try ShellLine.lines(of: block)
        #expect(lines.map(\.number) == [11, 14, 15])
        #expect(
            lines[0].commands == [
                ["imdf", "import", "dxf", "plan.dxf", "--archive", "site", "--level", "Ground Floor", "--control", "0,0=@12.5683,55.6761"]
            ])
        #expect(lines[0].expectedStatus == 0)
        #expect(lines[1].commands == [["swift", "build"], ["sqlite3", "-cmd", ".load x", "v.gpkg", "SELECT 'a # b';"]])
        #expect(lines[2].expectedStatus == 3)
        #expect(lines[2].expectedMessage == "a.geojson:1:2: trailing comma before ']'")
        #expect(throws: ShellLine.Unsupported.self) {
            try ShellLine.lines(of: .init(language: "sh", openingLine: 1, lines: [(2, "imdf info x > out.txt")]))
        }
        #expect(throws: ShellLine.Unsupported.self) {
            try ShellLine.lines(of: .init(language: "sh", openingLine: 1, lines: [(2, "imdf info \\")]))
        }
    }
}

/// The fenced code blocks of a Markdown text, with the README line number of each line.
enum MarkdownCodeBlocks {
    struct Block {
        var language: String
        var openingLine: Int
        var lines: [(number: Int, text: String)]
        var text: String { lines.map(\.text).joined(separator: "\n") + "\n" }
    }

    static func parse(_ markdown: String) -> [Block] {
        var blocks: [Block] = []
        var open: Block?
        for (index, line) in markdown.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("```") {
                if let block = open {
                    blocks.append(block)
                    open = nil
                } else {
                    open = Block(language: String(trimmed.dropFirst(3)), openingLine: index + 1, lines: [])
                }
            } else if open != nil {
                open?.lines.append((index + 1, String(line)))
            }
        }
        return blocks
    }
}

/// One line of an `sh` block as a shell reads it: continued lines joined, the comment taken off,
/// split into the commands `&&` chains and each into its words. Only the syntax the README uses is
/// understood; anything else (pipes, redirection, variables) is refused, so that an example the
/// test cannot run as written is noticed rather than run differently.
struct ShellLine {
    struct Unsupported: Error, CustomStringConvertible {
        var description: String
    }

    var number: Int
    var text: String
    var commands: [[String]]
    var comment: String
    /// A comment starting `exit N` says the line fails on purpose, with that status.
    var expectedStatus: Int32 {
        guard let match = comment.firstMatch(of: /^exit (\d+)/) else { return 0 }
        return Int32(match.1)!
    }
    /// What follows `exit N:` in the comment is what the failing line prints.
    var expectedMessage: String? {
        guard let match = comment.firstMatch(of: /^exit \d+: (.+)$/) else { return nil }
        return String(match.1)
    }

    static func lines(of block: MarkdownCodeBlocks.Block) throws -> [ShellLine] {
        var result: [ShellLine] = []
        var pending: (number: Int, text: String)?
        for (number, raw) in block.lines {
            let joined = pending.map { ($0.number, $0.text + " " + raw.trimmingCharacters(in: .whitespaces)) } ?? (number, raw)
            if joined.1.hasSuffix("\\") {
                pending = (joined.0, String(joined.1.dropLast()).trimmingCharacters(in: .whitespaces))
                continue
            }
            pending = nil
            let line = try split(joined.1, line: joined.0)
            if !line.commands.isEmpty { result.append(line) }
        }
        if let pending {
            throw Unsupported(description: "README.md:\(pending.number): the line goes on past the end of its block: \(pending.text)")
        }
        return result
    }

    static func split(_ text: String, line number: Int) throws -> ShellLine {
        var commands: [[String]] = []
        var words: [String] = []
        var word: String?
        var comment = ""
        var characters = Array(text)[...]
        func endWord() {
            if let finished = word { words.append(finished) }
            word = nil
        }
        while let character = characters.popFirst() {
            switch character {
            case " ", "\t":
                endWord()
            case "#" where word == nil:
                comment = String(characters).trimmingCharacters(in: .whitespaces)
                characters = []
            case "'":
                guard let end = characters.firstIndex(of: "'") else {
                    throw Unsupported(description: "README.md:\(number): unclosed ' in \(text)")
                }
                word = (word ?? "") + String(characters[..<end])
                characters = characters[(end + 1)...]
            case "\"":
                guard let end = characters.firstIndex(of: "\"") else {
                    throw Unsupported(description: "README.md:\(number): unclosed \" in \(text)")
                }
                let quoted = String(characters[..<end])
                if quoted.contains(where: { "$`\\".contains($0) }) {
                    throw Unsupported(description: "README.md:\(number): expansion or escape inside double quotes in \(text)")
                }
                word = (word ?? "") + quoted
                characters = characters[(end + 1)...]
            case "&" where characters.first == "&" && word == nil:
                characters.removeFirst()
                commands.append(words)
                words = []
            case "|", ";", "<", ">", "&", "$", "`", "\\", "(", ")", "*", "?":
                throw Unsupported(description: "README.md:\(number): `\(character)` is shell syntax the README test does not run: \(text)")
            default:
                word = (word ?? "") + String(character)
            }
        }
        endWord()
        if !words.isEmpty { commands.append(words) }
        return ShellLine(number: number, text: text.trimmingCharacters(in: .whitespaces), commands: commands, comment: comment)
    }
}

/// The README's blocks run one after another, with what they made kept for the blocks after them.
struct ReadmeRun {
    let root: String
    /// The README's mapping file (its `json` block).
    let mapping: String
    /// Files and folders the examples made, by name, where they were made.
    var made: [String: String] = [:]
    var toolLines = 0
    var sqliteLines = 0
    var promptLines = 0
    var checkedScripts: Set<String> = []

    init(root: String, mapping: String) {
        self.root = root
        self.mapping = mapping
    }

    /// Runs `block`'s lines in order in a folder of its own; the first line that fails is recorded
    /// with its output, and the rest of the block, which builds on it, is not run.
    mutating func perform(_ block: MarkdownCodeBlocks.Block) throws {
        let folder = root + "/block-at-line-\(block.openingLine)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        // The README's examples run in the checkout, where `Sessions/` holds the scripts they name.
        try FileManager.default.createSymbolicLink(
            atPath: folder + "/Sessions", withDestinationPath: Samples.packageRoot.appendingPathComponent("Sessions").path)
        let lines: [ShellLine]
        do {
            lines = try ShellLine.lines(of: block)
        } catch {
            Issue.record("\(error)")
            return
        }
        var placeholders = Placeholders(folder: folder, mapping: mapping)
        lines: for line in lines {
            for command in line.commands {
                if let failure = try run(command, of: line, in: folder, placeholders: &placeholders) {
                    Issue.record("README.md:\(line.number): \(line.text)\n\(failure)")
                    break lines
                }
            }
        }
        for name in try FileManager.default.contentsOfDirectory(atPath: folder) where name != "Sessions" {
            made[name] = folder + "/" + name
        }
    }

    /// Runs one command of a README line; nil when it did what the README says, else why not.
    mutating func run(_ words: [String], of line: ShellLine, in folder: String, placeholders: inout Placeholders) throws -> String? {
        let repository = Samples.packageRoot.path
        switch words.first {
        case "swift" where words.dropFirst().first == "build":
            return nil  // the test runs on the build under test
        case "swift" where words.dropFirst().first == "test":
            return nil  // this test is one of the tests it runs
        case "swift" where words.count >= 3 && words[1] == "run" && words[2] == "imdf":
            return try runTool(Array(words.dropFirst(3)), of: line, in: folder, placeholders: &placeholders)
        case "imdf", ".build/release/imdf", ".build/debug/imdf":
            return try runTool(Array(words.dropFirst()), of: line, in: folder, placeholders: &placeholders)
        case let script? where script.hasPrefix(".ci/") || script.hasPrefix("Fuzzing/"):
            // Setting up the machine and fuzzing take minutes: that they are there is what is checked.
            checkedScripts.insert(script)
            guard FileManager.default.isExecutableFile(atPath: repository + "/" + script) else {
                return "\(script) is not an executable in the checkout"
            }
            return nil
        case "sqlite3":
            return try runSQLite(Array(words.dropFirst()), of: line, in: folder)
        default:
            return "the README test does not know how to run `\(words.joined(separator: " "))`"
        }
    }

    mutating func runTool(_ arguments: [String], of line: ShellLine, in folder: String, placeholders: inout Placeholders) throws -> String?
    {
        toolLines += 1
        try placeholders.prepare(for: arguments)
        // `imdf ARCHIVE` opens the prompt; a user ends it with `quit`.
        let opensThePrompt = arguments.first.map { FileManager.default.fileExists(atPath: folder + "/" + $0) } ?? true
        if opensThePrompt { promptLines += 1 }
        let result = try ChildProcess.run(
            "/usr/bin/env", ["-C", folder, CommandLineTests.executable] + arguments,
            environment: ["IMDF_HISTORY": root + "/history", "NO_COLOR": "1"], input: opensThePrompt ? "quit\n" : "", timeout: 120)
        return verdict(result, of: line)
    }

    mutating func runSQLite(_ arguments: [String], of line: ShellLine, in folder: String) throws -> String? {
        sqliteLines += 1
        // The database is the first argument that is neither an option nor an option's value.
        var database: String?
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            if argument == "-cmd" {
                _ = remaining.popFirst()
            } else if !argument.hasPrefix("-") {
                database = argument
                break
            }
        }
        guard let database else { return "sqlite3 names no database" }
        if !FileManager.default.fileExists(atPath: folder + "/" + database) {
            guard let earlier = made[database] else { return "sqlite3 works on \(database), which no earlier example made" }
            try FileManager.default.copyItem(atPath: earlier, toPath: folder + "/" + database)
        }
        let result = try ChildProcess.run("/usr/bin/env", ["-C", folder, "sqlite3"] + arguments, timeout: 60)
        return verdict(result, of: line)
    }

    func verdict(_ result: ChildProcess.Result, of line: ShellLine) -> String? {
        let printed = "standard output:\n\(result.output)\nstandard error:\n\(result.errors)"
        guard result.status == line.expectedStatus else { return "exited \(result.status), expected \(line.expectedStatus); \(printed)" }
        if let message = line.expectedMessage, !(result.output + result.errors).contains(message) {
            return "did not print \"\(message)\"; \(printed)"
        }
        return nil
    }
}

/// The files README examples take as the reader's own, made from real data in the block's folder
/// before the first line that reads them: a copy of the Barcelona Pavilion drawing as `plan.dxf`,
/// generated venues as `venue.zip` and `venue` (three levels, so that "Floor 2" and `2` name one),
/// the README's mapping file as `rooms-map.json`, and rooms and doors on the level the line names,
/// in ETRS89 / UTM zone 32N, with the fields the mapping files use, as `rooms.shp` and `plan.gpkg`.
struct Placeholders {
    let folder: String
    let mapping: String

    /// The fields of the doors' mapping file, which the README names but does not show.
    static let doorsMapping = #"{"properties": {"name": "DOOR_NAME"}, "category": "pedestrian"}"# + "\n"

    /// The files `arguments` reads, the archive first: the others are placed on its levels.
    static func inputs(of arguments: [String]) -> [String] {
        var inputs: [String] = []
        if let archive = arguments.value(after: "--archive") { inputs.append(archive) }
        if let map = arguments.value(after: "--map") { inputs.append(map) }
        if arguments.first == "import", arguments.count > 2 { inputs.append(arguments[2]) }
        if arguments.first == "convert", arguments.count > 1 { inputs.append(arguments[1]) }
        return inputs
    }

    func prepare(for arguments: [String]) throws {
        for name in Self.inputs(of: arguments) where !FileManager.default.fileExists(atPath: folder + "/" + name) {
            let path = folder + "/" + name
            switch name {
            case "plan.dxf":
                try FileManager.default.copyItem(atPath: Samples.barcelonaPavilion, toPath: path)
            case "venue.zip", "venue":
                let result = try ChildProcess.run(CommandLineTests.executable, ["generate", path, "--levels", "3", "--rooms", "6"])
                guard result.status == 0 else { throw PreparationFailed(description: "imdf generate \(name): \(result.errors)") }
            case "rooms-map.json":
                try mapping.write(toFile: path, atomically: true, encoding: .utf8)
            case "doors-map.json":
                try Self.doorsMapping.write(toFile: path, atomically: true, encoding: .utf8)
            case "rooms.shp":
                try writeLayers([("rooms", try rooms(on: level(arguments)))], format: "ESRI Shapefile", to: path)
            case "plan.gpkg":
                // Two layers, so that `--layer` has a choice to make.
                let corner = try level(arguments)
                try writeLayers([("rooms", try rooms(on: corner)), ("doors", doors(on: corner))], format: "GPKG", to: path)
            default:
                continue  // made by an earlier line, or not there: the line says which
            }
        }
    }

    struct PreparationFailed: Error, CustomStringConvertible {
        var description: String
    }

    /// The south-west corner of the level `--level` names in the `--archive` of `arguments`, in
    /// degrees, with the degrees of a metre east and north there.
    func level(_ arguments: [String]) throws -> (corner: Position, metre: (Double, Double)) {
        guard let archive = arguments.value(after: "--archive"), let reference = arguments.value(after: "--level") else {
            throw PreparationFailed(description: "the line names no --archive and --level to place the data on")
        }
        let levels = try ArchiveReader.read(folder + "/" + archive).archive.features(of: .level)
        let level = levels.first { level in
            let names = [level.labels(.name), level.labels(.shortName)].compactMap { $0 }.flatMap(\.labels).map(\.text)
            return names.contains(reference) || level.integer(.ordinal).map { String($0) } == reference
        }
        guard let positions = level?.geometry?.positions, !positions.isEmpty else {
            throw PreparationFailed(description: "\(archive) has no level \(reference)")
        }
        let corner = Position(x: positions.map(\.x).min()!, y: positions.map(\.y).min()!)
        let metre = (1 / (111_320 * cos(corner.y * .pi / 180)), 1 / 110_574.0)
        return (corner, metre)
    }

    /// Three 2 x 2 m rooms along the level's south side, with the fields of the README's mapping:
    /// two of its source values and one it does not list, which gets its default.
    func rooms(on level: (corner: Position, metre: (Double, Double))) throws -> [GISFiles.Feature] {
        let object = try JSONSerialization.jsonObject(with: Data(mapping.utf8)) as? [String: Any]
        let properties = object?["properties"] as? [String: String] ?? [:]
        let category = object?["category"] as? [String: Any] ?? [:]
        let values = (category["values"] as? [String: String] ?? [:]).keys.sorted()
        guard let name = properties["name"], let number = properties["alt_name"], let field = category["field"] as? String,
            values.count >= 2
        else {
            throw PreparationFailed(
                description: "the README's mapping file no longer names a name, alt_name and category field with values")
        }
        let (corner, metre) = level
        return [values[0], values[1], "UNLISTED"].enumerated().map { index, value in
            let x = corner.x + (1 + 3 * Double(index)) * metre.0
            return GISFiles.Feature(
                [(name, "Room \(index + 1)"), (number, "2.0\(index + 1)"), (field, value)],
                GISFiles.rectangle(x, corner.y + metre.1, 2 * metre.0, 2 * metre.1))
        }
    }

    /// Two one-metre doors on the level's south side.
    func doors(on level: (corner: Position, metre: (Double, Double))) -> [GISFiles.Feature] {
        let (corner, metre) = level
        return (0..<2).map { index in
            let x = corner.x + (2 + 3 * Double(index)) * metre.0
            return GISFiles.Feature(
                [("DOOR_NAME", "Door \(index + 1)")], GISFiles.line([(x, corner.y + metre.1), (x + metre.0, corner.y + metre.1)]))
        }
    }

    /// The layers written in WGS 84, then reprojected to ETRS89 / UTM zone 32N by ogr2ogr as `format`.
    func writeLayers(_ layers: [(name: String, features: [GISFiles.Feature])], format: String, to path: String) throws {
        for (index, layer) in layers.enumerated() {
            let source = folder + "/.\(layer.name)-wgs84.geojson"
            try GISFiles.geoJSON(layer.features, crs: "EPSG:4326", to: source)
            defer { try? FileManager.default.removeItem(atPath: source) }
            let update = index > 0 ? ["-update"] : []
            let result = try ChildProcess.run(
                "/usr/bin/ogr2ogr", update + ["-t_srs", "EPSG:25832", "-f", format, "-nln", layer.name, path, source])
            guard result.status == 0 else { throw PreparationFailed(description: "ogr2ogr \(layer.name): \(result.errors)") }
        }
    }
}

extension [String] {
    /// The word after `option`, as a command line gives an option's value.
    fileprivate func value(after option: String) -> String? {
        guard let index = firstIndex(of: option), index + 1 < count else { return nil }
        return self[index + 1]
    }
}
