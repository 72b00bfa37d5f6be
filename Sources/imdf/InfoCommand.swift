import ArgumentParser
import IMDF
import Shell

/// `imdf info ARCHIVE`: counts per type (extension files included), manifest fields, buildings,
/// levels grouped by ordinal, and every warning. Files that could not be read are listed with
/// their locations and the rest is still summarised; the exit code is then 3.
struct InfoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "info",
        abstract: "Summarise an archive: counts per feature type, levels by ordinal, buildings, extensions."
    )

    @Argument(help: "The archive (folder, .zip or .imdf).") var archive: String
    @OptionGroup var limitOptions: ArchiveLimitOptions

    func run() throws {
        let load = try Loading.open(archive, limits: limitOptions.limits)
        Output.line(InfoReport.render(load, path: archive))
        if !load.isComplete {
            throw CommandFailure(
                exitCode: CommandFailure.unreadableArchive,
                message:
                    "\(archive): \(load.unreadableFiles.count) file(s) could not be read: \(load.unreadableFiles.joined(separator: ", "))")
        }
    }
}

enum InfoReport {
    static func render(_ load: ArchiveLoad, path: String) -> String {
        let archive = load.archive
        let summary = ArchiveSummary(archive)
        var lines: [String] = []
        lines.append("\(path) (\(load.format.rawValue))")
        lines.append("")
        lines.append("manifest")
        for entry in archive.manifest.object {
            let value = entry.value.stringValue ?? entry.value.inlineText
            lines.append("  " + entry.key.padded(14) + value)
        }
        lines.append("")
        lines.append("features" + (summary.imdfFiles.isEmpty ? ": none" : ""))
        for file in summary.imdfFiles {
            let mixed = file.featureTypes.count > 1 ? "  (feature_type: \(file.featureTypes.joined(separator: ", ")))" : ""
            lines.append("  " + file.fileName.padded(22) + file.count.grouped.leftPadded(8) + mixed)
        }
        lines.append("  " + "total".padded(22) + summary.imdfFeatureCount.grouped.leftPadded(8))
        if !summary.extensionFiles.isEmpty {
            lines.append("")
            lines.append("extension files (not IMDF 1.0.0; kept and saved as they are)")
            for file in summary.extensionFiles {
                let types = file.featureTypes.isEmpty ? "" : "  feature_type " + file.featureTypes.joined(separator: ", ")
                lines.append("  " + file.fileName.padded(28) + file.count.grouped.leftPadded(8) + types)
            }
        }
        if !summary.opaqueFiles.isEmpty {
            lines.append("")
            lines.append("other files (kept byte for byte): " + summary.opaqueFiles.joined(separator: ", "))
        }
        lines.append("")
        lines.append("buildings (\(summary.buildings.count))")
        let shownBuildings = 40
        for building in summary.buildings.prefix(shownBuildings) {
            let name = building.name ?? "(unnamed \(building.id.prefix(8)))"
            lines.append(
                "  " + name.padded(36) + (building.category ?? "-").padded(14)
                    + "\(building.levelCount) level\(building.levelCount == 1 ? "" : "s"), "
                    + "\(building.footprintCount) footprint\(building.footprintCount == 1 ? "" : "s")")
        }
        if summary.buildings.count > shownBuildings {
            lines.append("  ... and \(summary.buildings.count - shownBuildings) more")
        }
        lines.append("")
        lines.append("levels by ordinal (\(summary.levelsByOrdinal.reduce(0) { $0 + $1.levels.count }))")
        for group in summary.levelsByOrdinal {
            let label = group.ordinal.map { String($0) } ?? "none"
            let names = group.levels.prefix(6).map { level -> String in
                var text = level.name ?? "(unnamed \(level.id.prefix(8)))"
                if !level.buildingNames.isEmpty { text += " [\(level.buildingNames.joined(separator: ", "))]" }
                if level.outdoor == true { text += " (outdoor)" }
                return text + " \(level.unitCount) units"
            }
            let more = group.levels.count > 6 ? ", ... (\(group.levels.count - 6) more)" : ""
            lines.append("  " + label.leftPadded(4) + "  " + "\(group.levels.count)x".padded(5) + names.joined(separator: "; ") + more)
        }
        let errors = load.errors.count
        let warnings = load.warnings.count
        lines.append("")
        lines.append(
            "\(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s") while reading (listed on standard error)"
        )
        return lines.joined(separator: "\n")
    }
}
