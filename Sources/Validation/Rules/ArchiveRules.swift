// A1-A8: the archive's files and its manifest (REFERENCE.md 7.1), with Apple's names for the
// defects that keep a file or a feature from loading (A5).

import IMDF

extension FindingCode {
    public static let A1 = FindingCode(
        "A1", .error, "manifest.json missing",
        explanation: "`manifest.json` is missing",
        repair: "save writes one")
    public static let A2 = FindingCode(
        "A2", .error, "manifest version or required keys",
        explanation: """
            manifest `version` is not 1.0.0 (Apple: `ManifestVersionMustBeValid`), or `created`/`version` missing or malformed; \
            `created` is a check of ours (Apple's list has no rule on it); a pre-release version (`1.0.0.beta.2`, `1.0.0.rc.1`) is a \
            warning of ours, not Apple's Violation: the IMDF Sandbox has accepted archives with such versions, and the reader accepts them
            """,
        repair: "save writes 1.0.0")
    public static let A3 = FindingCode(
        "A3", .warning, "manifest created without a UTC offset",
        explanation: "manifest `created` has no UTC offset",
        repair: "save stamps the time with its offset")
    public static let A4 = FindingCode(
        "A4", .error, "manifest language is not a language tag",
        explanation: "manifest `language` missing or not an RFC 5646 tag")
    public static let A5 = FindingCode(
        "A5", .error, "file is not valid JSON or not a FeatureCollection",
        explanation: """
            a file is not valid JSON (a key repeated in one object included), not a FeatureCollection, has a feature without \
            `id`/`feature_type`; or a zip entry cannot be read: encrypted, an unsupported method, a bad offset, data shared with another \
            entry, its name twice, a size that lies or passes `--max-size`, a CRC mismatch (located `file:line:column`, or the entry's \
            name). A file with a broken feature is validated without that feature, every other feature checked; it cannot be opened \
            for editing until it reads. Apple: `FileMustBeValidGeoJSON` (the JSON does not parse), `FileMustContainFeatureCollection`, \
            `FeatureMustHaveId`, `FeatureIdMustBeString`, `FeatureMustHaveFeatureType`, `FeatureTypeMustBeString`
            """,
        repair: "repair the file")
    public static let A6 = FindingCode(
        "A6", .warning, "file is not one of the 16 IMDF feature files",
        explanation: """
            a file is not one of the 16 IMDF feature files (extension files such as `enviroment.geojson` are kept and saved as they are); \
            info for the routing-graph extension (`navPath.geojson`, `navPathAssocieted.geojson`), which the editor edits and checks \
            itself (N1-N3); a check of ours: Apple's validator reads only the IMDF files
            """)
    public static let A7 = FindingCode(
        "A7", .error, "feature_type differs from its file",
        explanation: "a feature's `feature_type` differs from its file's type (empty: Apple's `FeatureTypeMustNotBeEmpty`)")
    public static let A8 = FindingCode(
        "A8", .error, "not exactly one venue, or no address file",
        explanation: """
            not exactly one venue (Apple: `VenueCountMustBeExactlyOne`), or no `address.geojson` (a check of ours: the venue's \
            `address_id` then names nothing, which R1 reports as Apple's `ReferencedFeatureIDMustBeResolvable`)
            """)
}

enum ArchiveRules {
    static let missingManifest = AppleRule("N/A", "ManifestFileMustBePresent", .A1)
    static let manifestVersion = AppleRule("Manifest", "ManifestVersionMustBeValid", .A2)
    static let notAFeatureCollection = AppleRule("N/A", "FileMustContainFeatureCollection", .A5)
    static let invalidGeoJSON = AppleRule("N/A", "FileMustBeValidGeoJSON", .A5)
    static let missingID = AppleRule("N/A", "FeatureMustHaveId", .A5)
    static let idNotAString = AppleRule("N/A", "FeatureIdMustBeString", .A5)
    static let missingFeatureType = AppleRule("N/A", "FeatureMustHaveFeatureType", .A5)
    static let featureTypeNotAString = AppleRule("N/A", "FeatureTypeMustBeString", .A5)
    static let emptyFeatureType = AppleRule("N/A", "FeatureTypeMustNotBeEmpty", .A7)
    static let oneVenue = AppleRule("N/A", "VenueCountMustBeExactlyOne", .A8)

    static let declarations = RuleDeclarations(
        codes: [.A1, .A2, .A3, .A4, .A5, .A6, .A7, .A8],
        rules: [
            missingManifest, manifestVersion, notAFeatureCollection, invalidGeoJSON, missingID, idNotAString, missingFeatureType,
            featureTypeNotAString, emptyFeatureType, oneVenue,
        ])

    /// The rule behind a file that did not load.
    static func rule(for defect: StructuralDefect?) -> AppleRule {
        switch defect {
        case .notAFeatureCollection?: notAFeatureCollection
        case .missingID?: missingID
        case .idNotAString?: idNotAString
        case .missingFeatureType?: missingFeatureType
        case .featureTypeNotAString?: featureTypeNotAString
        case nil: invalidGeoJSON
        }
    }

    static func check(_ load: ArchiveLoad) -> [Finding] {
        var findings: [Finding] = []
        for diagnostic in load.diagnostics {
            switch diagnostic.kind {
            case .unreadableFile:
                // A file that does not parse breaks FileMustBeValidGeoJSON; one that parses but
                // is no FeatureCollection, or holds a feature without an id, names its own rule.
                let rule = diagnostic.defect.map(rule(for:)) ?? (diagnostic.location != nil ? invalidGeoJSON : nil)
                findings.append(
                    Finding(
                        .A5, implementing: rule, diagnostic.message, file: diagnostic.file, line: diagnostic.location?.line,
                        column: diagnostic.location?.column,
                        fix: Fix("repair the file by hand (until it reads, it cannot be opened for editing)")))
            case .missingManifest:
                findings.append(
                    Finding(
                        missingManifest, "manifest.json is missing", file: "manifest.json",
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
                        .A7, implementing: feature.featureType.isEmpty ? emptyFeatureType : nil,
                        "feature_type \"\(feature.featureType)\" in \(type.fileName), which holds \(type.rawValue) features",
                        feature: feature,
                        file: collection.sourceFileName ?? collection.fileName))
            }
        }
        let venues = load.archive.features(of: .venue).count
        if venues != 1 && !load.unreadableFiles.contains("venue.geojson") {
            findings.append(Finding(oneVenue, "the archive has \(venues) venues; IMDF requires exactly one", file: "venue.geojson"))
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
                    manifestVersion, "no \"version\" (must be \"1.0.0\")", file: file,
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
                    manifestVersion, "version \"\(version)\" is not \"1.0.0\"", file: file,
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
