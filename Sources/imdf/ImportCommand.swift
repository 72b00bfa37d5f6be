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
        subcommands: [ImportGISCommand.self, ImportDXFCommand.self]
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
        try Self.run(
            words, archive: archive, level: level, save: save, skipInvalid: skipInvalid, outside: outside, json: json,
            limits: limitOptions.limits)
    }

    static func run(
        _ words: [String], archive: String, level: String, save: String, skipInvalid: Bool, outside: Bool, json: Bool, limits: ArchiveLimits
    ) throws {
        var session = try Sessions.open(archive, limits: limits)
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
    @Option(
        help: ArgumentHelp("The reference system the coordinates are in, when the file does not say (e.g. EPSG:25832).", valueName: "CRS"))
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

/// `imdf import dxf FILE --list` | `imdf import dxf FILE --archive A --level REF --save OUT [...]`.
struct ImportDXFCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dxf",
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

    @Argument(help: "The DXF drawing.") var file: String
    @Flag(help: "List the drawing's layers with entity counts, its extent, $INSUNITS and $ACADVER; import nothing.") var list = false
    @Option(name: .customLong("rooms-layer"), help: "A layer (glob) holding room outlines; repeatable.") var roomsLayers: [String] = []
    @Option(name: .customLong("walls-layer"), help: "A layer (glob) holding walls; repeatable.") var wallsLayers: [String] = []
    @Option(name: .customLong("doors-layer"), help: "A layer (glob) holding doors; repeatable.") var doorsLayers: [String] = []
    @Option(name: .customLong("text-layer"), help: "A layer (glob) holding room names and numbers; repeatable.") var textLayers: [String] =
        []
    @Option(help: "The drawing's unit, whatever $INSUNITS says: mm, cm, m, in or ft.") var units: String?
    @Option(help: ArgumentHelp("Import only what lies in this window, in drawing units: \"X,Y WxH\".", valueName: "X,Y WxH")) var extent:
        String?
    @Option(
        name: .customLong("control"),
        help: ArgumentHelp(
            "A control point: drawing X,Y = @LON,LAT, or = REF (an anchor or a feature's display point); repeatable.",
            valueName: "X,Y=@LON,LAT"))
    var controls: [String] = []
    @Option(help: "With three or more control points: similarity (the default) or affine.") var fit: String?
    @Option(
        help: ArgumentHelp(
            "The widest gap in a wall closed when rooms are formed from wall lines, 0.5 to 3 m (default 1.3: a door).", valueName: "M"))
    var doorGap: String?
    @Option(help: "The archive to import into (folder, .zip or .imdf).") var archive: String?
    @Option(help: "The level the rooms go on: an id, a unique id prefix, a name, a short name or an ordinal.") var level: String?
    @Option(help: "Where to save the result (written atomically; may be the archive itself).") var save: String?
    @Flag(help: "Leave out the rooms and doors that cannot be imported (listed) instead of refusing the import.") var skipInvalid = false
    @Flag(help: "Accept rooms more than a metre outside the level's outline.") var outside = false
    @Flag(help: "Print the report (or the listing) as JSON.") var json = false
    @OptionGroup var limitOptions: ArchiveLimitOptions

    func run() throws {
        if list {
            do {
                try GDALHelperClient.exec(["list-dxf", file] + (json ? ["--json"] : []))
            } catch {
                throw CommandFailure(exitCode: CommandFailure.commandFailed, message: "import dxf: \(error.message)")
            }
        }
        guard let archive, let level, let save else {
            throw ValidationError("give --archive, --level and --save (or --list to see the drawing's layers)")
        }
        let quoted = Tokenizer.quoted
        var words = ["import", "dxf", quoted(file)]
        for (role, globs) in [("rooms", roomsLayers), ("walls", wallsLayers), ("doors", doorsLayers), ("text", textLayers)] {
            words += globs.map { "\(role)-layer=\(quoted($0))" }
        }
        if let units { words.append("units=\(quoted(units))") }
        if let extent { words.append("extent=\(quoted(extent))") }
        words += controls.map { "control=\(quoted($0))" }
        if let fit { words.append("fit=\(quoted(fit))") }
        if let doorGap { words.append("door-gap=\(quoted(doorGap))") }
        try ImportTarget.run(
            words, archive: archive, level: level, save: save, skipInvalid: skipInvalid, outside: outside, json: json,
            limits: limitOptions.limits)
    }
}
