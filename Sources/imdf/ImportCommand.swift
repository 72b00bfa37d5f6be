import ArgumentParser
import Foundation
import IMDF
import Shell

/// `imdf import FORMAT ...`: features from another format onto a level of an archive, saved to a
/// new archive. Each format is the prompt's `import FORMAT` command behind its front door: its
/// options are the prompt command's, run on the level given, so both read and report alike.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Bring features from GIS or CAD files onto a level of an archive.",
        subcommands: [ImportGISCommand.self, ImportDXFCommand.self]
    )
}

/// What every `imdf import FORMAT` takes besides its format's options: the archive, the level,
/// where to save, and the archive's size limits.
enum ImportTarget {
    static let options =
        [
            CommandLineFront.Option("archive", value: "ARCHIVE", "The archive to import into (folder, .zip or .imdf)."),
            CommandLineFront.Option(
                "level", value: "REF",
                "The level the features go on: an id, a unique id prefix, a name, a short name or an ordinal (may be left out when the archive has one level)."
            ),
            CommandLineFront.Option("save", value: "OUT", "Where to save the result (written atomically; may be the archive itself)."),
        ] + ArchiveLimitOptions.frontOptions

    /// Opens the archive, puts the level in use, runs the import and saves; prints its report.
    static func run(_ front: CommandLineFront, _ parsed: CommandLineFront.Parsed) throws {
        guard let archive = parsed.value("archive"), let save = parsed.value("save") else {
            let missing = ["archive", "save"].filter { parsed.value($0) == nil }.map { "--" + $0 }
            throw CommandFailure(
                exitCode: CommandFailure.usage,
                message:
                    "\(front.spec.name): give \(missing.joined(separator: ", "))\(front.spec.name == "import dxf" ? " (or --list to see the drawing's layers)" : "")"
            )
        }
        var session = try Sessions.openForFront(archive, parsed)
        // Without --level, an archive of one level (a new one from a template) means that level.
        let only = parsed.value("level") == nil ? try onlyLevel(of: session, command: front.spec.name) : nil
        let output: String
        do {
            // As `use level REF` at the prompt: the level, and its building, are in use.
            var levelID = only ?? ""
            if let level = parsed.value("level") { levelID = try session.resolve(level, argument: "--level", types: ["level"]) }
            session.levelID = levelID
            session.buildingID = session.document.feature(levelID)?.strings(.buildingIDs)?.first
            output = try front.run(parsed, in: &session)
            try session.save(to: save)
        } catch {
            throw CommandFailure(exitCode: CommandFailure.commandFailed, message: error.message)
        }
        defer { KeptUntilExit.keep(session) }
        Output.line(output)
        if !parsed.arguments.flag("--json") { Output.line("saved \(save): \(session.document.featureCount.grouped) features") }
    }
}

extension ImportTarget {
    /// The archive's one level, said on standard error; several levels (or none) are a usage error
    /// that names them.
    static func onlyLevel(of session: EditingSession, command: String) throws -> String {
        let levels = session.document.features(of: .level)
        guard levels.count == 1 else {
            let names = levels.prefix(8).map { session.describe($0) }
            throw CommandFailure(
                exitCode: CommandFailure.usage,
                message: levels.isEmpty
                    ? "\(command): the archive has no level to import onto; add one (imdf new ... --template blank has one)"
                    : "\(command): give --level; the archive has \(levels.count) levels: \(names.joined(separator: ", "))\(levels.count > 8 ? ", ..." : "")"
            )
        }
        Output.error("\(command): onto the archive's only level, \(session.describe(levels[0]))")
        return levels[0].id
    }
}

/// `imdf import gis FILE --archive A --level REF --type T --map MAP.json --save OUT [...]`.
struct ImportGISCommand: PromptCommandFront {
    static let front = CommandLineFront("import gis", own: ImportTarget.options)
    static let overview = (
        name: "gis",
        abstract: "Import a layer of any vector format GDAL reads (Shapefile, GeoPackage, GeoJSON, ...) onto a level.",
        discussion: """
        The features are reprojected from the layer's coordinate reference system to WGS 84 (a layer \
        without one is refused unless --crs names it) and become features of --type on the level, with \
        their names and categories taken by the mapping file (see README, "Importing GIS data"). Category \
        values the mapping does not name are reported with their counts. Nothing is saved unless every \
        feature can be imported, or --skip-invalid leaves the others out.
        """
    )

    @Argument(
        parsing: .captureForPassthrough,
        help: ArgumentHelp("The vector file (or folder) to read, and the options below.", valueName: "FILE"))
    var words: [String] = []

    func run() throws {
        if asksForHelp { return print(Self.helpMessage()) }
        try ImportTarget.run(Self.front, try parsed())
    }
}

/// `imdf import dxf FILE --list` | `imdf import dxf FILE --archive A --level REF --save OUT [...]`.
struct ImportDXFCommand: PromptCommandFront {
    static let front = CommandLineFront(
        "import dxf",
        own: [
            CommandLineFront.Option(
                "list", "List the drawing's layers with entity counts, its extent, $INSUNITS and $ACADVER; import nothing.")
        ] + ImportTarget.options)
    static let overview = (
        name: "dxf",
        abstract: "Import an architect's DXF floor plan as rooms, names and doors onto a level.",
        discussion: """
        Rooms come from closed outlines on a room or area layer, or are formed from wall lines (gaps up to \
        1.3 m closed); texts inside a room name it (room numbers become alt_name); door blocks, swings and \
        wall gaps become openings on the walls. The drawing's unit ($INSUNITS) is checked against its \
        content. Two or more --control points georeference the plan; without them it is placed at the \
        level's south-west corner. The report says which layers were used and what was left out; --list \
        shows the layers first. See README, "Floor plans from CAD (DXF)".
        """
    )

    @Argument(parsing: .captureForPassthrough, help: ArgumentHelp("The DXF drawing, and the options below.", valueName: "FILE"))
    var words: [String] = []

    func run() throws {
        if asksForHelp { return print(Self.helpMessage()) }
        let parsed = try parsed()
        // The helper reads the drawing either way: started now, it loads while the archive opens.
        GDALHelperClient.startAhead(parsed.flag("list") ? .listDrawing : .importDrawing, verbose: parsed.arguments.flag("--verbose"))
        if parsed.flag("list") {
            return try DrawingListingCommand.run(
                parsed.arguments.word("FILE"), json: parsed.arguments.flag("--json"), verbose: parsed.arguments.flag("--verbose"))
        }
        try ImportTarget.run(Self.front, parsed)
    }
}
