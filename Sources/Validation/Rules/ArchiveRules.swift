// A1-A8: the archive's files and its manifest (REFERENCE.md 7.1).

import IMDF

enum ArchiveRules {
    static func check(_ load: ArchiveLoad) -> [Finding] {
        var findings: [Finding] = []
        for diagnostic in load.diagnostics {
            switch diagnostic.kind {
            case .unreadableFile:
                // A file that does not parse breaks FileMustBeValidGeoJSON; one that parses but
                // is no FeatureCollection, or holds a feature without an id, names its own rule.
                let rule = diagnostic.defect.map(StructureRules.rule) ?? (diagnostic.location != nil ? StructureRules.invalidGeoJSON : nil)
                findings.append(
                    Finding(
                        .A5, diagnostic.message, rule: rule?.name, ofApples: rule != nil, feature: nil, file: diagnostic.file,
                        line: diagnostic.location?.line,
                        column: diagnostic.location?.column,
                        fix: Fix("repair the file by hand (its features are not loaded and cannot be edited until it reads)")))
            case .missingManifest:
                findings.append(
                    Finding(
                        .A1, "manifest.json is missing", file: "manifest.json",
                        fix: Fix("saving the archive writes a manifest", repair: .save)))
            case .manifestVersion, .duplicateID, .general:
                break  // version: checked below from the manifest itself; duplicates: F3
            }
        }
        let manifest = load.archive.manifest
        if !load.unreadableFiles.contains("manifest.json") {
            findings += manifestFindings(manifest)
        }
        for collection in load.archive.extensions {
            // The routing graph (navPath.geojson, navPathAssocieted.geojson) is the one extension
            // the editor reads, writes and checks itself (N1-N3): worth knowing, not a warning.
            let routing = RoutingRules.isRoutingCollection(collection)
            findings.append(
                Finding(
                    .A6,
                    routing
                        ? "\(collection.fileName) is the routing-graph extension, not an IMDF 1.0.0 feature file (\(collection.features.count) features, edited and checked as a routing graph)"
                        : "\(collection.fileName) is not an IMDF 1.0.0 feature file (\(collection.features.count) features, kept and saved as they are)",
                    severity: routing ? .info : nil, file: collection.sourceFileName ?? collection.fileName))
        }
        for file in load.archive.opaqueFiles {
            findings.append(Finding(.A6, "\(file.name) is not a feature collection (kept byte for byte)", file: file.name))
        }
        for (type, collection) in load.archive.collections {
            for feature in collection.features where feature.featureType != type.rawValue {
                findings.append(
                    Finding(
                        .A7, "feature_type \"\(feature.featureType)\" in \(type.fileName), which holds \(type.rawValue) features",
                        rule: feature.featureType.isEmpty ? StructureRules.emptyFeatureType.name : nil, feature: feature,
                        file: collection.sourceFileName ?? collection.fileName))
            }
        }
        let venues = load.archive.features(of: .venue).count
        if venues != 1 && !load.unreadableFiles.contains("venue.geojson") {
            findings.append(
                Finding(
                    .A8, "the archive has \(venues) venues; IMDF requires exactly one", rule: AppleRules.oneVenue, file: "venue.geojson"))
        }
        if load.archive.collections[.address] == nil && !load.unreadableFiles.contains("address.geojson") {
            findings.append(Finding(.A8, "address.geojson is missing (the venue's address_id must point into it)", file: "address.geojson"))
        }
        return findings
    }

    static func manifestFindings(_ manifest: Manifest) -> [Finding] {
        var findings: [Finding] = []
        let file = "manifest.json"
        switch manifest.version {
        case nil:
            findings.append(
                Finding(
                    .A2, "no \"version\" (must be \"1.0.0\")", rule: StructureRules.manifestVersion.name, file: file,
                    fix: Fix("saving writes version 1.0.0", repair: .save)))
        case Manifest.currentVersion?:
            break
        case let version? where manifest.isLegacyVersion:
            findings.append(
                Finding(
                    .A2, "version \"\(version)\" is a pre-release of 1.0.0", severity: .warning, file: file,
                    fix: Fix("saving writes version 1.0.0", repair: .save)))
        case let version?:
            findings.append(
                Finding(
                    .A2, "version \"\(version)\" is not \"1.0.0\"", rule: StructureRules.manifestVersion.name, file: file,
                    fix: Fix("saving writes version 1.0.0", repair: .save)))
        }
        if let created = manifest.created {
            switch Formats.dateTimeForm(created) {
            case .withOffset: break
            case .withoutOffset:
                findings.append(
                    Finding(
                        .A3, "created \"\(created)\" has no UTC offset", file: file,
                        fix: Fix("saving stamps the time with its offset", repair: .save)))
            case .invalid:
                findings.append(
                    Finding(.A2, "created \"\(created)\" is not a DATE-TIME", file: file, fix: Fix("saving stamps the time", repair: .save))
                )
            }
        } else {
            findings.append(Finding(.A2, "no \"created\" time", file: file, fix: Fix("saving stamps the time", repair: .save)))
        }
        if let language = manifest.language {
            if !Formats.isLanguageTag(language) {
                findings.append(Finding(.A4, "language \"\(language)\" is not an RFC 5646 language tag", file: file))
            }
        } else {
            findings.append(Finding(.A4, "no \"language\" (the default language of the venue's labels)", file: file))
        }
        return findings
    }
}
