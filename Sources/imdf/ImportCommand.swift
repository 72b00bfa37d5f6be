import ArgumentParser
import Foundation
import IMDF
import Shell

/// `imdf import FORMAT ...`: features from another format onto a level of an archive, saved to a
/// new archive. Each format runs the prompt's `import FORMAT` command (this builds that command
/// line and runs it on the level given), so both report alike.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Bring features from GIS or CAD files onto a level of an archive.",
        subcommands: [ImportGISCommand.self]
    )
}

/// The options every `imdf import FORMAT` takes: the archive, the level, where to save.
struct ImportTarget: ParsableArguments {
    @Option(help: "The archive to import into (folder, .zip or .imdf).") var archive: String
    @Option(help: "The level the features go on: an id, a unique id prefix, a name, a short name or an ordinal.") var level: String
    @Option(help: "Where to save the result (written atomically; may be the archive itself).") var save: String
    @Flag(help: "Leave out the features that cannot be imported (listed) instead of refusing the import.") var skipInvalid = false
    @Flag(help: "Accept features more than a metre outside the level's outline.") var outside = false
    @Flag(help: "Print the report as JSON.") var json = false
    @OptionGroup var limitOptions: ArchiveLimitOptions

    /// Opens the archive, puts the level in use, runs `line` (the prompt's import command, to
    /// which the common flags are added) and saves. Prints the command's report.
    func run(_ words: [String]) throws {
        // Saving over the archive itself: not while an editor has it open (as that editor's save
        // would refuse another's).
        var lock: JournalWriter.WriteLock?
        if FileSystem.resolvedPath(save) == FileSystem.resolvedPath(archive) {
            do {
                lock = try JournalWriter.WriteLock(archive: archive)
            } catch {
                throw CommandFailure(exitCode: CommandFailure.commandFailed, message: error.description)
            }
        }
        defer { withExtendedLifetime(lock) {} }
        var session = try Sessions.open(archive, limits: limitOptions.limits)
        // No building is in use on the command line: a level name several buildings share is a
        // question that lists them, not the first building's level.
        session.buildingID = nil
        session.levelID = nil
        var line = words
        if skipInvalid { line.append("--skip-invalid") }
        if outside { line.append("--outside") }
        if json { line.append("--json") }
        let output: String
        do {
            // As `use level REF` at the prompt: the level, and its building, are in use.
            let levelID = try session.resolve(level, argument: "--level", types: ["level"])
            session.levelID = levelID
            session.buildingID = session.document.feature(levelID)?.strings(.buildingIDs)?.first
            output = try Interpreter.execute(line.joined(separator: " "), in: &session)
            try session.save(to: save)
        } catch {
            throw CommandFailure(exitCode: CommandFailure.commandFailed, message: error.message)
        }
        defer { KeptUntilExit.keep(session) }
        Output.line(output)
        if !json { Output.line("saved \(save): \(session.document.featureCount.grouped) features") }
    }
}

/// `imdf import gis FILE [--layer NAME] --archive A --level REF --type T --map MAP.json --save OUT`.
struct ImportGISCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gis",
        abstract: "Import a layer of any vector format GDAL reads (Shapefile, GeoPackage, GeoJSON, ...) onto a level.",
        discussion: """
            The features are reprojected from the layer's coordinate reference system to WGS 84 (a layer \
            without one is refused unless --crs names it) and become features of --type on the level, with \
            their names and categories taken by the mapping file (see README, "Importing GIS data"). Category \
            values the mapping does not name are reported with their counts. Nothing is saved unless every \
            feature can be imported, or --skip-invalid leaves the others out.
            """
    )

    @Argument(help: "The vector file (or folder) to read.") var file: String
    @Option(help: "The layer to read; needed when the file holds several.") var layer: String?
    @Option(help: "The IMDF feature type: unit, opening, fixture, section, kiosk, detail, amenity or anchor.") var type: String
    @Option(help: "The mapping file (JSON): attributes to names, attribute values to categories.") var map: String
    @Option(help: ArgumentHelp("The reference system the coordinates are in, when the file does not say (e.g. EPSG:25832).", valueName: "CRS"))
    var crs: String?
    @OptionGroup var target: ImportTarget

    func run() throws {
        let quoted = Tokenizer.quoted
        var words = ["import", "gis", quoted(file), "type=\(quoted(type))", "map=\(quoted(map))"]
        if let layer { words.append("layer=\(quoted(layer))") }
        if let crs { words.append("crs=\(quoted(crs))") }
        try target.run(words)
    }
}
