// Commands that look at the document or set the context: use, where, ls, show, find, tree, frame,
// validate, route, check reachability, save, help. (`render` has its own file.)

import Foundation
import IMDF
import Validation
import Workbench

enum ViewingCommands {
    static let all: [CommandSpec] = [
        CommandSpec("use building", "use building REF", "work in a building", example: "use building \"Hall 1\"") { session, args in
            let id = try session.resolve(try args.word(0, "REF"), argument: "REF", types: ["building"])
            session.buildingID = id
            if let level = session.levelID, session.document.feature(level)?.strings("building_ids")?.contains(id) != true {
                session.levelID = session.document.features(of: .level).first { $0.strings("building_ids")?.contains(id) == true }?.id
            }
            return "using \(session.describe(session.document.feature(id)!))"
        },
        CommandSpec("use level", "use level REF", "work on a level (coordinates are metres from its south-west corner)",
            example: "use level L3") { session, args in
            let id = try session.resolve(try args.word(0, "REF"), argument: "REF", types: ["level"])
            session.levelID = id
            if let building = session.document.feature(id)?.strings("building_ids")?.first { session.buildingID = building }
            return "using \(session.describe(session.document.feature(id)!))"
        },
        CommandSpec("where", "where", "the building, level and frame in use", example: "where") { session, _ in
            var lines: [String] = []
            lines.append("archive   " + (session.archivePath ?? "(new, unsaved)") + (session.isDirty ? " (unsaved changes)" : ""))
            lines.append("building  " + (session.buildingID.flatMap(session.document.feature).map(session.describe) ?? "-"))
            lines.append("level     " + (session.levelID.flatMap(session.document.feature).map(session.describe) ?? "-"))
            let frame = session.frame
            lines.append("frame     origin @\(frame.originLongitude),\(frame.originLatitude) (x east, y north, metres)")
            return lines.joined(separator: "\n")
        },
        CommandSpec("ls", "ls [TYPE] [in REF]", "list features (default: the units of the level in use)", example: "ls opening") { session, args in
            let type = args.positional.first { $0.text != "in" }.map(\.text)
            var features: [Feature]
            if let container = args.after("in", count: 1)?.first {
                let id = try session.resolve(container, argument: "in")
                features = session.document.features(onLevel: id) + session.document.referrers(of: id).compactMap(session.document.feature)
            } else if let type {
                features = session.document.features(ofType: type)
                if let level = session.levelID, features.contains(where: { $0.string("level_id") != nil }) {
                    features = features.filter { $0.string("level_id") == level }
                }
            } else {
                features = session.levelID.map { session.document.features(onLevel: $0).filter { $0.featureType == "unit" } } ?? []
            }
            if let type { features = features.filter { $0.featureType == type } }
            guard !features.isEmpty else { return "(none)" }
            return features.map { "\($0.id.prefix(8))  \(session.describe($0))" }.joined(separator: "\n")
        },
        CommandSpec("show", "show REF", "every property of a feature; values the hierarchy can hand down are marked inherited (and from where) or explicit", example: "show 310") { session, args in
            let feature = session.document.feature(try session.resolve(try args.word(0, "REF"), argument: "REF"))!
            var lines = ["\(session.describe(feature))", "  id            \(feature.id)", "  feature_type  \(feature.featureType)"]
            if let geometry = feature.geometry { lines.append("  geometry      \(geometry.typeName), \(geometry.positions.count) positions") }
            let inherited = InheritedValues.sources(of: feature, in: session.document)
            let inheritable = InheritedValues.inheritableKeys(of: feature)
            for entry in feature.properties {
                var value = entry.value.inlineText
                if value.count > 100 { value = String(value.prefix(97)) + "..." }
                if let source = inherited[entry.key] {
                    value += "   (inherited: \(source))"
                } else if inheritable.contains(entry.key) && entry.value != .null {
                    value += "   (explicit)"
                }
                lines.append("  " + entry.key.padding(toLength: Swift.max(14, entry.key.count + 1), withPad: " ", startingAt: 0) + value)
            }
            let referrers = session.document.referrers(of: feature.id).count
            if referrers > 0 { lines.append("  referred to by \(referrers) feature\(referrers == 1 ? "" : "s")") }
            return lines.joined(separator: "\n")
        },
        CommandSpec("find", "find TEXT", "features whose names, alternative names or occupants match", example: "find 310") { session, args in
            _ = try args.word(0, "TEXT")
            let text = args.words.joined(separator: " ").lowercased()
            let language = session.document.manifest.language
            var found: [String] = []
            for feature in session.document.allFeatures.sorted(by: { $0.id < $1.id }) {
                let labels = (feature.labels("name")?.labels ?? []) + (feature.labels("alt_name")?.labels ?? [])
                guard labels.contains(where: { $0.text.lowercased().contains(text) }) else { continue }
                var line = "\(feature.id.prefix(8))  \(session.describe(feature))"
                if feature.featureType == "occupant", let unit = feature.string("anchor_id").flatMap(session.document.feature)?.string("unit_id").flatMap(session.document.feature) {
                    line += " in \(unit.labels("name")?.preferred(language: language) ?? String(unit.id.prefix(8)))"
                }
                found.append(line)
            }
            return found.isEmpty ? "nothing matches \"\(text)\"" : found.joined(separator: "\n")
        },
        CommandSpec("tree", "tree", "venue > buildings > levels, with what is on each level", example: "tree") { session, _ in
            let document = session.document
            var lines: [String] = document.features(of: .venue).map(session.describe)
            for building in document.features(of: .building) {
                lines.append("  " + session.describe(building))
                let levels = document.features(of: .level).filter { $0.strings("building_ids")?.contains(building.id) == true }
                for level in levels.sorted(by: { ($0.integer("ordinal") ?? 0) < ($1.integer("ordinal") ?? 0) }) {
                    let on = document.features(onLevel: level.id)
                    let counts = Dictionary(grouping: on, by: \.featureType).map { "\($0.value.count) \($0.key)" }.sorted()
                    lines.append("    " + session.describe(level) + (counts.isEmpty ? "" : ": " + counts.joined(separator: ", ")))
                }
            }
            return lines.joined(separator: "\n")
        },
        CommandSpec("frame", "frame [X,Y | @LON,LAT | reset]", "show or move the origin of local coordinates", example: "frame @30.3729,60.0076") { session, args in
            if let word = args.positional.first?.text {
                if word == "reset" {
                    session.explicitOrigin = nil
                } else {
                    session.explicitOrigin = try session.position(word, argument: "origin")
                }
            }
            let frame = session.frame
            return "origin @\(frame.originLongitude),\(frame.originLatitude); X,Y are metres east and north of it"
        },
        CommandSpec("validate", "validate [level REF] [--json]", "check the document against the IMDF rules (on one level, or all)",
            example: "validate level \"Floor 1\"") { session, args in
            let report = try Self.report(session, args)
            if args.flag("--json") {
                do {
                    return try ValidationOutput.json(report, archive: session.archivePath ?? "untitled")
                } catch {
                    throw EditError("validate: cannot write JSON (\(error))")
                }
            }
            return ValidationOutput.text(report, archive: session.archivePath ?? "untitled", featureCount: session.document.featureCount)
        },
        CommandSpec("route", "route FROM TO [accessible]", "the shortest route over path nodes, with its length", example: "route 310 entrance accessible") { session, args in
            let from = try session.resolve(try args.word(0, "FROM"), argument: "FROM")
            let to = try session.resolve(try args.word(1, "TO"), argument: "TO")
            let route = try RoutingGraph(session.document).shortestRoute(from: from, to: to, accessible: args.flag("accessible"))
            return String(format: "%.1f m over %d nodes: ", route.length, route.nodes.count) + route.nodes.map { String($0.prefix(8)) }.joined(separator: " > ")
        },
        CommandSpec("check reachability", "check reachability", "units that no path node reaches", example: "check reachability") { session, _ in
            let unreachable = RoutingGraph.unreachableUnits(in: session.document)
            guard !unreachable.isEmpty else { return "every unit is reached by a path node" }
            return "\(unreachable.count) unit\(unreachable.count == 1 ? "" : "s") no node reaches:\n" + unreachable.prefix(50).map { "  \($0.id.prefix(8))  \(session.describe($0))" }.joined(separator: "\n")
        },
        CommandSpec("save", "save [PATH] [--strict]", "write the archive (atomically); a folder, or a zip for .zip/.imdf; --strict refuses while validation finds errors",
            example: "save venue.zip --strict") { session, args in
            guard let path = args.positional.first(where: { $0.text != "--strict" || $0.quoted })?.text ?? session.archivePath else {
                throw EditError("save: give a path (this document has none yet)", argument: "PATH")
            }
            try session.save(to: path, strict: args.flag("--strict"))
            return "saved \(path): \(session.document.featureCount) features"
        },
        CommandSpec("session export", "session export FILE", "write the session so far as a clean script (undone steps left out)",
            example: "session export renovation.imdfs") { session, args in
            let path = try args.word(0, "FILE")
            do {
                try session.exportedScript.write(toFile: path, atomically: true, encoding: .utf8)
            } catch {
                throw EditError("session export: cannot write \(TerminalText.excerpt(path)) (\(error.localizedDescription))", argument: "FILE")
            }
            return "wrote \(path): \(session.exportedScript.split(separator: "\n").count - 1) lines"
        },
        CommandSpec("help", "help [COMMAND]", "list the commands, or one command's syntax and an example", example: "help split") { _, args in
            let asked = args.words.joined(separator: " ")
            let entries = Interpreter.helpEntries
            let matching = asked.isEmpty ? entries : entries.filter { $0.name == asked || $0.words[0] == asked }
            guard !matching.isEmpty else { throw EditError("help: no command \"\(TerminalText.excerpt(asked))\"", argument: "COMMAND") }
            if asked.isEmpty {
                return matching.map { "  " + $0.name.padding(toLength: 20, withPad: " ", startingAt: 0) + $0.summary }.joined(separator: "\n")
            }
            return matching.map { "\($0.syntax)\n  \($0.summary)\n  example: \($0.example)" }.joined(separator: "\n\n")
        },
    ]
}

extension EditingSession {
    /// The document checked against the IMDF rules as it would be saved now: the save stamps the
    /// manifest's version, time and producer, so what it will write is what is checked.
    var validation: ValidationReport { Self.validation(of: document) }

    static func validation(of document: Document) -> ValidationReport {
        var archive = document.archive
        archive.manifest = archive.manifest.stamped(created: SaveClock.now(), generatedBy: ToolInfo.generatedBy)
        return Validator.validate(ArchiveLoad(archive: archive, format: .folder))
    }

    /// Writes the archive to `path`. What the hierarchy hands down (InheritOnSave) is filled in as
    /// a step of its own, kept only once the archive is written: a failed save changes nothing.
    /// `strict` refuses while validation of what would be written finds errors.
    public mutating func save(to path: String, strict: Bool = false) throws(EditError) {
        var history = self.history
        var ids = self.ids
        try history.apply(try InheritOnSave(edited: history.editedIDs).plan(history.document, ids: &ids))
        if strict {
            let errors = Self.validation(of: history.document).count(.error)
            guard errors == 0 else {
                throw EditError("save: validation finds \(errors) error\(errors == 1 ? "" : "s"); `validate` lists them, `fix all` applies the suggested repairs (nothing written)", argument: "--strict")
            }
        }
        // Saving over another archive than this session's: not while another editor has it open.
        var lock: JournalWriter.WriteLock?
        if archivePath.map(FileSystem.resolvedPath) != FileSystem.resolvedPath(path) {
            do {
                lock = try JournalWriter.WriteLock(archive: path)
            } catch {
                throw EditError("save: \(error.description)", argument: "PATH")
            }
        }
        do throws(ArchiveWriteError) {
            try ArchiveWriter.write(history.document.archive, to: path, created: SaveClock.now())
        } catch {
            throw EditError(error.description, argument: "PATH")
        }
        withExtendedLifetime(lock) {}
        (self.history, self.ids) = (history, ids)
        markSaved(as: path)
    }
}

extension ViewingCommands {
    /// The validation report of the document, or of the features on one level (`level REF`).
    static func report(_ session: EditingSession, _ args: Invocation) throws(EditError) -> ValidationReport {
        let report = session.validation
        guard let words = args.after("level", count: 1) else { return report }
        guard let word = words.first else { throw EditError("validate: level needs a REF", argument: "level") }
        let levelID = try session.resolve(word, argument: "level")
        let document = session.document
        guard document.feature(levelID)?.featureType == FeatureType.level.rawValue else {
            throw EditError("validate: \(TerminalText.excerpt(word)) is not a level", argument: "level")
        }
        func level(of id: String) -> String? {
            guard let feature = document.feature(id) else { return nil }
            if feature.featureType == FeatureType.level.rawValue { return feature.id }
            if let level = feature.string("level_id") { return level }
            return feature.string("unit_id").flatMap { document.feature($0)?.string("level_id") }
        }
        return ValidationReport(findings: report.findings.filter { $0.featureID.flatMap(level) == levelID })
    }
}

/// The time saves stamp into the manifest: now, or `SOURCE_DATE_EPOCH` when set, so scripted
/// saves can be byte-reproducible (the reproducible-builds convention). Every save reads it here.
public enum SaveClock {
    public static func now() -> Date {
        if let text = ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"], let seconds = TimeInterval(text) {
            return Date(timeIntervalSince1970: seconds)
        }
        return Date()
    }
}
