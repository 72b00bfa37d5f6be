// `import FORMAT FILE ...`: features read from another format onto the level in use, as one undo
// step. One command per importer (Import/), all run the same way: the SHA-256 of the files read
// is worked out first - and compared with `sha256=` when the line carries one, so a journal or a
// script replayed against changed files is refused with both digests - then the importer reads,
// the drafts are created by ImportFeatures, and the line is journaled with the digests added.

import Foundation
import IMDF
import Render
import Workbench

enum ImportCommands {
    /// The formats `import` reads.
    static let importers: [any Importer] = [GISImporter(), DrawingImporter()]

    static let all: [CommandSpec] = importers.map(spec)

    /// Arguments every import takes after its format's own.
    static let common: [GrammarPart] = [.flag("--skip-invalid"), .flag("--outside"), .flag("--json"), .flag("--verbose")]

    /// What the common arguments are for.
    static func commonHelp(_ importer: any Importer) -> [String: String] {
        var help = [
            "--skip-invalid": "Leave out the features that cannot be imported (listed) instead of refusing the import.",
            "--outside": "Accept features more than a metre outside the level's outline.",
            "--json": "Print the report as JSON.",
            "--verbose": "When the file cannot be read, also show GDAL's own words for why (its source file and line).",
        ]
        for (option, digest) in digestOptions(importer) {
            help[digest] =
                "The SHA-256 \(option.isEmpty ? "FILE" : option.uppercased()) must have (the journal records it; a replay against a changed file is refused)."
        }
        return help
    }

    /// The options that carry recorded digests: `sha256=` for FILE, `KEY_sha256=` for a file option.
    static func digestOptions(_ importer: any Importer) -> [(option: String, digest: String)] {
        [("", "sha256")] + importer.fileOptions.map { ($0, $0 + "_sha256") }
    }

    static func spec(_ importer: any Importer) -> CommandSpec {
        let grammar: [GrammarPart] =
            [.positional(Parameter("FILE", .path), .required)] + importer.grammar + common
            + digestOptions(importer).map { .option($0.digest, Parameter("HEX", .text)) }
        return CommandSpec(
            "import \(importer.format)", grammar, changesDocument: true,
            "\(importer.summary), onto the level in use as one step (sha256= is recorded by the journal)",
            example: importer.example, help: importer.argumentHelp.merging(commonHelp(importer)) { own, _ in own }
        ) { session, args in
            try run(importer, args, grammar, &session)
        }
    }

    static func run(_ importer: any Importer, _ args: Arguments, _ grammar: [GrammarPart], _ session: inout EditingSession)
        throws(EditError) -> CommandOutcome
    {
        let name = "import \(importer.format)"
        guard let levelID = session.levelID else { throw EditError("\(name): no level in use (`use level REF`)", argument: "level") }
        let file = args.word("FILE")
        // The files first: a replay against files that changed stops before reading them.
        var digests: [String: String] = [:]
        for (option, key) in digestOptions(importer) {
            guard let path = option.isEmpty ? file : args.option(option) else { continue }
            let actual: String
            do {
                // Before the helper is asked for a dataset's files: it would wait on a pipe too.
                try ImportDigest.requireRegularFile(path, orFolder: option.isEmpty)
                actual = try ImportDigest.sha256(of: option.isEmpty ? importer.files(of: file) : [path])
            } catch {
                throw EditError("\(name): \(error.message)", argument: option.isEmpty ? "FILE" : option)
            }
            if let recorded = args.option(key) {
                guard ImportDigest.isDigest(recorded) else {
                    throw EditError(
                        "\(name): \(key)= takes the 64 hexadecimal digits of a SHA-256, not \(TerminalText.excerpt(recorded))",
                        argument: key)
                }
                guard recorded == actual else {
                    throw EditError(
                        "\(name): \(path) is not the file this import was recorded with: its SHA-256 is now \(actual), the record says \(recorded); nothing imported",
                        argument: key)
                }
            }
            digests[key] = actual
        }
        let context = ImportContext(session: session, levelID: levelID, language: session.document.labelLanguage)
        let reading = try importer.read(file, args, context)
        let flags = ImportFlags(skipInvalid: args.flag("--skip-invalid"), allowOutside: args.flag("--outside"), json: args.flag("--json"))
        let (patch, message) = try create(
            reading, format: importer.format, file: file, sha256: digests["sha256"] ?? "", flags: flags, levelID: levelID, in: &session)
        var outcome = CommandOutcome(.edit(patch), message)
        // Recorded with absolute paths: a journal is recovered, and a script replayed, from any
        // working folder; the digests make sure it is still the same file.
        var settings = digests
        for (option, _) in digestOptions(importer) where !option.isEmpty {
            if let path = args.option(option) { settings[option] = absolute(path) }
        }
        outcome.recordedLine = args.canonicalLine(grammar, setting: settings, replacingWords: ["FILE": absolute(file)])
        return outcome
    }

    /// The `import` options every format has.
    struct ImportFlags {
        var skipInvalid = false
        var allowOutside = false
        var json = false
    }

    /// What was read, created on the level as one undo step, and the report of it: the part of
    /// every import after its file was read (and, for a drawing, after the helper answered).
    static func create(
        _ reading: ImportReading, format: String, file: String, sha256: String, flags: ImportFlags, levelID: String,
        in session: inout EditingSession
    ) throws(EditError) -> (Patch, String) {
        let name = "import \(format)"
        let command = ImportFeatures(
            reading.drafts, onLevel: levelID, label: "\(name) \(URL(fileURLWithPath: file).lastPathComponent)",
            skipInvalid: flags.skipInvalid, allowOutside: flags.allowOutside, levelOutline: reading.levelOutline,
            repairInvalid: reading.repairsPolygons)
        var ids = session.ids
        let (planned, leftOut, repaired) = try command.reviewedPlan(session.document, ids: &ids)
        let patch = try session.history.perform(planned: planned)
        session.ids = ids
        if let first = patch.mintedIDs.first { session.lastCreated = first }

        var counts: [FeatureType: Int] = [:]
        for change in patch.changes {
            if case .create(let feature, _, _) = change, let type = feature.imdfType { counts[type, default: 0] += 1 }
        }
        let level = session.describe(levelID)
        let message: String
        if flags.json {
            var json = JSONObject()
            json.append(key: "format", value: .string(format))
            json.append(key: "file", value: .string(file))
            json.append(key: "sha256", value: .string(sha256))
            for entry in reading.json { json.append(key: entry.key, value: entry.value) }
            json.append(key: "level", value: .string(levelID))
            json.append(
                key: "created",
                value: .object(
                    JSONObject(
                        ImportFeatures.types.compactMap { type in
                            counts[type].map { JSONObject.Entry(key: type.rawValue, value: .number(JSONNumber($0))) }
                        })))
            json.append(key: "ids", value: .array(patch.mintedIDs.map(JSONValue.string)))
            /// Drafts by number and source, with what was said of each under `saying`.
            func listed(_ problems: [ImportFeatures.Problem], saying: String) -> JSONValue {
                .array(
                    problems.map { problem in
                        .object([
                            "number": .number(JSONNumber(problem.index + 1)), "source": .string(problem.source),
                            saying: .string(problem.message),
                        ])
                    })
            }
            json.append(key: "left_out", value: listed(leftOut, saying: "reason"))
            json.append(key: "repaired_shapes", value: listed(repaired, saying: "repair"))
            message = JSONValue.object(json).inlineText
        } else {
            var lines = reading.lines
            let made = ImportFeatures.types.compactMap { type in counts[type].map { "\($0) \(type.rawValue)\($0 == 1 ? "" : "s")" } }
            if !repaired.isEmpty {
                lines.append("repaired \(repaired.count) shape\(repaired.count == 1 ? "" : "s") that were not valid polygons:")
                lines += repaired.prefix(ImportFeatures.problemsListed).map { "  \($0)" }
                if repaired.count > ImportFeatures.problemsListed {
                    lines.append("  and \(repaired.count - ImportFeatures.problemsListed) more")
                }
            }
            lines.append("imported \(made.joined(separator: ", ")) onto \(level) as one step")
            if !leftOut.isEmpty {
                lines.append("left out \(leftOut.count) (--skip-invalid):")
                lines += leftOut.prefix(ImportFeatures.problemsListed).map { "  \($0)" }
                if leftOut.count > ImportFeatures.problemsListed {
                    lines.append("  and \(leftOut.count - ImportFeatures.problemsListed) more")
                }
            }
            message = lines.joined(separator: "\n")
        }
        return (patch, message)
    }

    /// `path` from the working folder, as an absolute path without `.` and `..` parts.
    static func absolute(_ path: String) -> String {
        URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true))
            .standardizedFileURL.path
    }
}
