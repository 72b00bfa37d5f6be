import ArgumentParser
import IMDF
import Shell

/// `imdf convert IN OUT`: load and save - folder <-> zip, legacy file names to canonical ones,
/// canonical formatting - and GIS formats: OUT ending in `.gpkg` is a GeoPackage (read back when
/// it is IN, with what was edited in it; `--dry-run` only says what), OUT ending in `-shp` a folder
/// of Shapefiles (one way). Refuses (exit 3, nothing
/// written) when any file of IN cannot be read, since writing the rest would drop that file's
/// features.
struct ConvertCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Load an archive and save it again: folder <-> zip, canonical names and formatting, GeoPackage, Shapefiles.",
        discussion: """
            What OUT is follows from its name: ending in .gpkg, a GeoPackage (one table per feature file, each \
            property a column, LABELS a column per language such as name_en, each whole feature in imdf_json; \
            tables with geometry have an R-tree spatial index); ending in -shp, a folder of Shapefiles (one way: \
            field names cut to 10 characters as its fields.csv lists, text to 254 bytes); ending in .zip or \
            .imdf, a zip; otherwise a folder. IN may be a GeoPackage imdf wrote: it converts back to its archive \
            with what was edited in it (in QGIS, with sqlite3): changed cells and geometries, rows added (new \
            features) and rows deleted, checked as the prompt checks them and said in one line; --dry-run says \
            only that line and writes nothing. Every write is atomic, and an archive open in another imdf is \
            never overwritten.
            """
    )

    @Argument(help: "The archive to read (folder, .zip or .imdf), or a GeoPackage imdf wrote (.gpkg).") var input: String
    @Argument(help: "Where to write: a folder, .zip/.imdf, .gpkg, or a folder whose name ends in -shp.") var output: String
    @OptionGroup var limitOptions: ArchiveLimitOptions
    @Flag(help: "With a GeoPackage as IN: say what was edited in it, and write nothing.") var dryRun = false
    @Flag(help: "When GDAL cannot read or write a file, also show its own words for why (its source file and line).")
    var verbose = false

    func run() throws {
        if dryRun && !GDALConversion.isGeoPackage(input) {
            throw CommandFailure(
                exitCode: CommandFailure.usage,
                message: "convert --dry-run: says what was edited in a GeoPackage imdf wrote; \(input) is not a .gpkg")
        }
        if GDALConversion.involvesGDAL(input, output) {
            GDALHelperClient.startAhead(.convert, verbose: verbose)
            return try GDALConversion.run(input, output, limits: limitOptions.limits, dryRun: dryRun, verbose: verbose)
        }
        let load = try Loading.whole(input, limits: limitOptions.limits)
        do {
            try ArchiveOutput.locked(output) { try ArchiveOutput.write(load.archive, to: output) }
        } catch let error as JournalError {
            throw CommandFailure(exitCode: CommandFailure.commandFailed, message: error.description)
        } catch {
            throw CommandFailure(exitCode: CommandFailure.commandFailed, message: "\(error)")
        }
    }
}
