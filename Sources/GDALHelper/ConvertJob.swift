// `convert`: what `imdf convert` does when IN or OUT is a GeoPackage or a Shapefile folder - an
// archive to a GeoPackage (one table per feature file, R-tree indexes, styles) or to Shapefiles
// (one way), and a GeoPackage imdf wrote back to an archive with what was edited in it. imdf holds
// the write lock on OUT while this runs, and words the reply.

import Foundation
import HelperProtocol
import IMDF
import Interchange

enum ConvertJob {
    static func run(_ request: ConvertRequest) throws(HelperFailure) -> ConvertReply {
        var reply = ConvertReply()
        let archive = try read(request, into: &reply)
        if request.dryRun { return reply }
        do {
            reply.written = try write(archive, to: request.output, created: request.created)
        } catch let error as InterchangeError {
            throw HelperFailure(error.message)
        } catch {
            throw HelperFailure("\(request.output): \(error)")
        }
        return reply
    }

    /// The archive `request.input` holds, whole: a file of it that cannot be read would be
    /// missing from the copy, so the conversion is refused then (exit 3) and nothing is written.
    static func read(_ request: ConvertRequest, into reply: inout ConvertReply) throws(HelperFailure) -> IMDFArchive {
        let input = request.input
        if GeoPackage.isGeoPackagePath(input) {
            do {
                let read = try GeoPackageReader.read(input, limits: request.limits)
                reply.warnings = read.warnings
                reply.edits = read.edits.summary
                return read.archive
            } catch {
                throw HelperFailure("\(error.message); nothing written", status: HelperFailure.unreadable)
            }
        }
        if ShapefileWriter.isShapefileFolderPath(input) && FileSystem.status(of: input + "/" + ShapefileWriter.fieldList).kind == .file {
            throw HelperFailure(
                "\(input): a Shapefile export, which does not convert back (it is one way); convert the archive or its GeoPackage instead",
                status: HelperFailure.unreadable)
        }
        let load: ArchiveLoad
        do {
            load = try ArchiveReader.read(input, limits: request.limits)
        } catch {
            throw HelperFailure("\(input): the archive could not be read", status: HelperFailure.unreadable, diagnostics: error.diagnostics)
        }
        reply.diagnostics = load.diagnostics
        guard load.isComplete else {
            throw HelperFailure(
                "\(input): \(load.unreadableFiles.count) file(s) could not be read (\(load.unreadableFiles.joined(separator: ", "))); nothing written",
                status: HelperFailure.unreadable, diagnostics: load.diagnostics)
        }
        return load.archive
    }

    static func write(_ archive: IMDFArchive, to output: String, created: Date) throws -> ConvertedOutput {
        let features = archive.featureCount
        if GeoPackage.isGeoPackagePath(output) {
            let summary = try GeoPackageWriter.write(archive, to: output)
            var written = ConvertedOutput(format: .geoPackage, features: features, parts: summary.tables.count)
            written.spatialParts = summary.tables.filter(\.isSpatial).count
            written.companion = GeoPackage.archiveTable
            return written
        }
        if ShapefileWriter.isShapefileFolderPath(output) {
            let summary = try ShapefileWriter.write(archive, to: output)
            var written = ConvertedOutput(format: .shapefiles, features: features, parts: summary.layers.count)
            written.companion = ShapefileWriter.fieldList
            written.cutNames = summary.cutNames
            written.cutValues = summary.cutValues
            return written
        }
        try ArchiveWriter.write(archive, to: output, created: created)
        return ConvertedOutput(
            format: ArchiveWriter.writesZip(to: output) ? .zip : .folder, features: features,
            parts: ArchiveWriter.fileCount(of: archive))
    }
}
