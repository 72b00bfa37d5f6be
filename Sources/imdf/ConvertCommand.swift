import ArgumentParser
import IMDF
import Interchange
import Shell

/// `imdf convert IN OUT`: load and save - folder <-> zip, legacy file names to canonical ones,
/// canonical formatting - and GIS formats: OUT ending in `.gpkg` is a GeoPackage (read back when
/// it is IN), OUT ending in `-shp` a folder of Shapefiles (one way). Refuses (exit 3, nothing
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
            .imdf, a zip; otherwise a folder. IN may be a GeoPackage imdf wrote: it converts back to the same \
            archive. Every write is atomic, and an archive open in another imdf is never overwritten.
            """
    )

    @Argument(help: "The archive to read (folder, .zip or .imdf), or a GeoPackage imdf wrote (.gpkg).") var input: String
    @Argument(help: "Where to write: a folder, .zip/.imdf, .gpkg, or a folder whose name ends in -shp.") var output: String
    @OptionGroup var limitOptions: ArchiveLimitOptions

    enum Target {
        case archive, geoPackage, shapefiles
    }

    var target: Target {
        if GeoPackage.isGeoPackagePath(output) { return .geoPackage }
        if ShapefileWriter.isShapefileFolderPath(output) { return .shapefiles }
        return .archive
    }

    func run() throws {
        let archive = try read()
        do {
            // The same lock an editor takes: convert never overwrites an archive open elsewhere.
            let lock = try JournalWriter.WriteLock(archive: output)
            defer { withExtendedLifetime(lock) {} }
            try write(archive)
        } catch let error as JournalError {
            throw CommandFailure(exitCode: CommandFailure.commandFailed, message: error.description)
        } catch let failure as CommandFailure {
            throw failure
        } catch {
            throw CommandFailure(exitCode: CommandFailure.commandFailed, message: "\(error)")
        }
    }

    private func read() throws -> IMDFArchive {
        if GeoPackage.isGeoPackagePath(input) {
            do {
                let read = try GeoPackageReader.read(input)
                read.warnings.forEach(Output.error)
                KeptUntilExit.keep(read)
                return read.archive
            } catch {
                throw CommandFailure(exitCode: CommandFailure.unreadableArchive, message: "\(error.message); nothing written")
            }
        }
        if ShapefileWriter.isShapefileFolderPath(input) && FileSystem.status(of: input + "/" + ShapefileWriter.fieldList).kind == .file {
            throw CommandFailure(
                exitCode: CommandFailure.unreadableArchive,
                message: "\(input): a Shapefile export, which does not convert back (it is one way); convert the archive or its GeoPackage instead")
        }
        let load = try Loading.open(input, limits: limitOptions.limits)
        KeptUntilExit.keep(load)
        guard load.isComplete else {
            throw CommandFailure(
                exitCode: CommandFailure.unreadableArchive,
                message: "\(input): \(load.unreadableFiles.count) file(s) could not be read (\(load.unreadableFiles.joined(separator: ", "))); nothing written")
        }
        return load.archive
    }

    private func write(_ archive: IMDFArchive) throws {
        let features = archive.featureCount.grouped
        switch target {
        case .geoPackage:
            let summary = try GeoPackageWriter.write(archive, to: output)
            let spatial = summary.tables.filter(\.isSpatial).count
            Output.line("wrote \(output) (GeoPackage): \(features) features in \(summary.tables.count) tables (\(spatial) with a spatial index), and \(GeoPackage.archiveTable)")
        case .shapefiles:
            let summary = try ShapefileWriter.write(archive, to: output)
            var notes = ["\(summary.cutNames) field names cut to 10 characters (see \(ShapefileWriter.fieldList))"]
            if summary.cutValues > 0 { notes.append("\(summary.cutValues.grouped) values cut to 254 bytes") }
            Output.line("wrote \(output) (Shapefiles, one way): \(features) features in \(summary.layers.count) layers; \(notes.joined(separator: "; "))")
        case .archive:
            try ArchiveWriter.write(archive, to: output, created: SaveClock.now())
            let files = archive.allCollections.count + archive.opaqueFiles.count + 1
            let kind = ArchiveWriter.writesZip(to: output) ? "zip" : "folder"
            Output.line("wrote \(output) (\(kind)): \(features) features in \(files) files")
        }
    }
}
