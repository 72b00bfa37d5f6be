// `imdf convert` when IN or OUT is a GeoPackage or a folder of Shapefiles: GDAL's work, done by
// the helper while imdf holds the write lock on OUT, and said here from the helper's reply.

import Foundation
import HelperProtocol
import IMDF

public enum GDALConversion {
    /// GeoPackages (a path ending in .gpkg) and Shapefile folders (ending in -shp) are GDAL's.
    public static func involvesGDAL(_ paths: String...) -> Bool {
        paths.contains { isGeoPackage($0) || trimmed($0).hasSuffix("-shp") }
    }

    public static func isGeoPackage(_ path: String) -> Bool { trimmed(path).lowercased().hasSuffix(".gpkg") }

    private static func trimmed(_ path: String) -> String { path.hasSuffix("/") ? String(path.dropLast()) : path }

    /// Converts `input` to `output` (or, for a dry run, only says what was edited in the
    /// GeoPackage `input`), printing what the helper read and wrote.
    public static func run(_ input: String, _ output: String, limits: ArchiveLimits, dryRun: Bool, verbose: Bool = false)
        throws(CommandFailure)
    {
        let request = ConvertRequest(input: input, output: output, limits: limits, dryRun: dryRun, created: SaveClock.now())
        var answer: ConvertReply?
        do {
            if dryRun {
                answer = try GDALHelperClient.ask(request, consequence: "nothing written", verbose: verbose)
            } else {
                try ArchiveOutput.locked(output) {
                    answer = try GDALHelperClient.ask(request, consequence: "nothing written", verbose: verbose)
                }
            }
        } catch let failure as HelperFailure {
            Output.diagnostics(failure.diagnostics, archive: input)
            throw CommandFailure(exitCode: failure.status, message: failure.message)
        } catch let error as JournalError {
            throw CommandFailure(exitCode: CommandFailure.commandFailed, message: error.description)
        } catch {
            throw CommandFailure(exitCode: CommandFailure.commandFailed, message: "\(error)")
        }
        guard let reply = answer else { return }
        Output.diagnostics(reply.diagnostics, archive: input)
        reply.warnings.forEach(Output.error)
        if let edits = reply.edits { Output.line(ConversionWording.edits(edits, in: input)) }
        if let written = reply.written { Output.line(ConversionWording.written(written, to: output)) }
    }
}

/// The lines `imdf convert` says: what was edited in a GeoPackage read back, and what was written.
enum ConversionWording {
    /// `3 features changed in out.gpkg: unit 5c1e7a2b name_en, ...; 1 added; 0 deleted`, the
    /// first `listing` changes named, then how many more.
    static func edits(_ edits: GeoPackageEditSummary, in path: String, listing: Int = 10) -> String {
        let changed = edits.changed
        var text = "\(changed.count) feature\(changed.count == 1 ? "" : "s") changed in \(path)"
        if !changed.isEmpty {
            var named = changed.prefix(listing).map { "\($0.featureType) \($0.shortID) \($0.columns.joined(separator: "+"))" }
            if changed.count > listing { named.append("and \(changed.count - listing) more") }
            text += ": " + named.joined(separator: ", ")
        }
        return text + "; \(edits.added) added; \(edits.deleted) deleted"
    }

    static func written(_ written: ConvertedOutput, to output: String) -> String {
        let features = written.features.grouped
        switch written.format {
        case .geoPackage:
            return
                "wrote \(output) (GeoPackage): \(features) features in \(written.parts) tables (\(written.spatialParts) with a spatial index), and \(written.companion ?? "")"
        case .shapefiles:
            var notes = ["\(written.cutNames) field names cut to 10 characters (see \(written.companion ?? ""))"]
            if written.cutValues > 0 { notes.append("\(written.cutValues.grouped) values cut to 254 bytes") }
            return
                "wrote \(output) (Shapefiles, one way): \(features) features in \(written.parts) layers; \(notes.joined(separator: "; "))"
        case .folder, .zip:
            return "wrote \(output) (\(written.format.rawValue)): \(features) features in \(written.parts) files"
        }
    }
}
