// `imdf-gdal convert IN OUT [--max-size S] [--max-total S] [--dry-run]`: what `imdf convert` does
// when IN or OUT is a GeoPackage or a Shapefile folder - an archive to a GeoPackage (one table per
// feature file, R-tree indexes, styles) or to Shapefiles (one way), and a GeoPackage imdf wrote
// back with what was edited in it, said in one line first; `--dry-run` says only that line.

import Foundation
import IMDF
import Interchange
import Shell

enum ConvertJob {
    static func run(_ arguments: [String]) -> Never {
        var positional: [String] = []
        var limits = ArchiveLimits.standard
        var dryRun = false
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--dry-run" {
                dryRun = true
                index += 1
                continue
            }
            if argument == "--max-size" || argument == "--max-total", index + 1 < arguments.count {
                guard let bytes = ArchiveLimits.parseSize(arguments[index + 1]) else {
                    Helper.fail("\(argument) \(arguments[index + 1]): not a size", status: 2)
                }
                if argument == "--max-size" {
                    limits.maxFileBytes = bytes
                    limits.maxTotalBytes = max(limits.maxTotalBytes, bytes)
                } else {
                    limits.maxTotalBytes = bytes
                }
                index += 2
                continue
            }
            positional.append(argument)
            index += 1
        }
        guard positional.count == 2 else { Helper.usage() }
        let (input, output) = (positional[0], positional[1])
        if dryRun && !GeoPackage.isGeoPackagePath(input) {
            Helper.fail("convert --dry-run: says what was edited in a GeoPackage imdf wrote; \(input) is not a .gpkg", status: 2)
        }
        do {
            let archive = try read(input, limits: limits)
            if dryRun { exit(0) }
            try ArchiveOutput.locked(output) { try write(archive, to: output) }
            exit(0)
        } catch let failure as CommandFailure {
            Helper.fail(failure.message, status: failure.exitCode)
        } catch let error as JournalError {
            Helper.fail(error.description, status: CommandFailure.commandFailed)
        } catch let error as InterchangeError {
            Helper.fail(error.message, status: CommandFailure.commandFailed)
        } catch {
            Helper.fail("\(error)", status: CommandFailure.commandFailed)
        }
    }

    static func read(_ input: String, limits: ArchiveLimits) throws -> IMDFArchive {
        if GeoPackage.isGeoPackagePath(input) {
            do {
                let read = try GeoPackageReader.read(input)
                read.warnings.forEach(Output.error)
                Output.line(read.edits.summary(of: input))
                KeptUntilExit.keep(read)
                return read.archive
            } catch {
                throw CommandFailure(exitCode: CommandFailure.unreadableArchive, message: "\(error.message); nothing written")
            }
        }
        if ShapefileWriter.isShapefileFolderPath(input) && FileSystem.status(of: input + "/" + ShapefileWriter.fieldList).kind == .file {
            throw CommandFailure(
                exitCode: CommandFailure.unreadableArchive,
                message:
                    "\(input): a Shapefile export, which does not convert back (it is one way); convert the archive or its GeoPackage instead"
            )
        }
        return try Loading.whole(input, limits: limits).archive
    }

    static func write(_ archive: IMDFArchive, to output: String) throws {
        let features = archive.featureCount.grouped
        if GeoPackage.isGeoPackagePath(output) {
            let summary = try GeoPackageWriter.write(archive, to: output)
            let spatial = summary.tables.filter(\.isSpatial).count
            Output.line(
                "wrote \(output) (GeoPackage): \(features) features in \(summary.tables.count) tables (\(spatial) with a spatial index), and \(GeoPackage.archiveTable)"
            )
        } else if ShapefileWriter.isShapefileFolderPath(output) {
            let summary = try ShapefileWriter.write(archive, to: output)
            var notes = ["\(summary.cutNames) field names cut to 10 characters (see \(ShapefileWriter.fieldList))"]
            if summary.cutValues > 0 { notes.append("\(summary.cutValues.grouped) values cut to 254 bytes") }
            Output.line(
                "wrote \(output) (Shapefiles, one way): \(features) features in \(summary.layers.count) layers; \(notes.joined(separator: "; "))"
            )
        } else {
            try ArchiveOutput.write(archive, to: output)
        }
    }
}
