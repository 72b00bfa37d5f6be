// Commands that look at the document: where, ls, show, find, tree, validate, route, check
// reachability, help. (`render` has its own file; the context commands theirs.)

import FindingReports
import Foundation
import IMDF
import Render
import Validation
import Workbench

enum ViewingCommands {
    static let all: [CommandSpec] = [
        CommandSpec("where", [], changesDocument: false, "the building, level and frame in use", example: "where") { session, _ in
            var lines: [String] = []
            lines.append("archive   " + (session.archivePath ?? "(new, unsaved)") + (session.isDirty ? " (unsaved changes)" : ""))
            lines.append("building  " + (session.buildingID.flatMap(session.document.feature).map(session.describe) ?? "-"))
            lines.append("level     " + (session.levelID.flatMap(session.document.feature).map(session.describe) ?? "-"))
            let frame = session.frame
            lines.append("frame     origin @\(frame.originLongitude),\(frame.originLatitude) (x east, y north, metres)")
            return .report(lines.joined(separator: "\n"))
        },
        CommandSpec(
            "ls", [.positional(Parameter("TYPE", .featureType), .optional), .keyword("in", [.ref])], changesDocument: false,
            "list features with where they are (default: the units of the level in use); in a room: its doors, with the rooms on their other side",
            example: "ls opening in 104"
        ) { session, args in
            .report(try Self.list(session, type: args.optionalWord("TYPE").map(Self.typeName), in: args.value(after: "in")))
        },
        CommandSpec(
            "show", [.positional(.ref, .required)], changesDocument: false,
            "every property of a feature and where it is (a shape's vertices as X,Y with each edge's length and bearing); values the hierarchy can hand down are marked inherited (and from where) or explicit",
            example: "show 310"
        ) { session, args in
            let id = try session.resolve(args.word("REF"), argument: "REF")
            guard let feature = session.document.feature(id) else {
                throw EditError("show: \(id.prefix(8)) does not exist", argument: "REF")
            }
            return .report(Self.show(feature, session))
        },
        CommandSpec(
            "find", [.positional(Parameter("TEXT", .text), .repeated(minimum: 1))], changesDocument: false,
            "features whose names, alternative names or occupants match, with their building and level", example: "find 310"
        ) { session, args in
            let text = args.words("TEXT").joined(separator: " ").lowercased()
            let language = session.document.labelLanguage
            var found: [String] = []
            for feature in session.document.allFeatures.sorted(by: { $0.id < $1.id }) {
                let labels = (feature.labels(.name)?.labels ?? []) + (feature.labels(.altName)?.labels ?? [])
                guard labels.contains(where: { $0.text.lowercased().contains(text) }) else { continue }
                var line = session.row(feature)
                if feature.imdfType == .occupant,
                    let unit = feature.string(.anchorID).flatMap(session.document.feature)?.string(.unitID).flatMap(
                        session.document.feature)
                {
                    line +=
                        " in \(unit.labels(.name)?.preferred(language: language) ?? session.document.shortID(unit.id))"
                        + session.whereabouts(unit)
                }
                found.append(line)
            }
            return .report(found.isEmpty ? "nothing matches \"\(text)\"" : found.joined(separator: "\n"))
        },
        CommandSpec(
            "tree", [.positional(Parameter("REF", .reference(["building", "level"])), .optional)], changesDocument: false,
            "venue > buildings > levels with what is on each; for a building or level: its units, their anchors and occupants, and its openings",
            example: "tree \"Level 1\""
        ) { session, args in
            guard let word = args.optionalWord("REF") else { return .report(Self.tree(session)) }
            return .report(Self.tree(session, of: try session.resolve(word, argument: "REF", types: ["building", "level"])))
        },
        CommandSpec(
            "validate",
            [
                .keyword("level", [Parameter("REF", .reference(["level"]))]), .option("code", Parameter("CODE", .findingCode)),
                .option("rule", Parameter("RULE", .text)), .flag("--json"),
            ], changesDocument: false, group: .checks,
            "check the document against the IMDF rules (on one level, or all; of one code or one of Apple's rules)",
            example: "validate level \"Floor 1\" code=G1"
        ) { session, args in
            let codes = args.option("code").flatMap(FindingCode.matching).map { [$0] } ?? []
            let report = try Self.report(session, args).only(codes: codes, rules: args.option("rule").map { [$0] } ?? [])
            if args.flag("--json") { return .report(ValidationOutput.json(report, archive: session.archivePath ?? "untitled")) }
            return .report(
                ValidationOutput.text(report, archive: session.archivePath ?? "untitled", featureCount: session.document.featureCount))
        },
        CommandSpec(
            "route",
            [
                .positional(Parameter("FROM", .reference([])), .required), .positional(Parameter("TO", .reference([])), .required),
                .flag("accessible"),
            ],
            changesDocument: false, group: .routing,
            "the shortest route over path nodes between rooms, doors, amenities, occupants, anchors or nodes: its length, the rooms and doors it passes level by level, and how it changes level; accessible avoids stairs, steps and escalators",
            example: "route 310 entrance accessible"
        ) { session, args in
            let from = try session.resolve(args.word("FROM"), argument: "FROM")
            let to = try session.resolve(args.word("TO"), argument: "TO")
            let route = try RoutingGraph(session.document).shortestRoute(
                from: from, to: to, accessible: args.flag("accessible"), name: session.describe)
            let heading =
                "from \(session.describe(from)) to \(session.describe(to)): "
                + String(format: "%.1f m over %d path node%@", route.length, route.nodes.count, route.nodes.count == 1 ? "" : "s")
            return .report(([heading] + Self.stops(route, session)).joined(separator: "\n"))
        },
        CommandSpec(
            "check reachability", [.flag("--json")], changesDocument: false, group: .routing,
            "rooms no route reaches, each a finding with its place and why: no opening (N4), an opening on none of its walls (N5), a level no stairs or elevator joins (N6), no path node or doors into cut-off spaces (N7)",
            example: "check reachability"
        ) { session, args in
            let document = session.document
            let outcome = Reachability.check(document)
            let findings = outcome.unreached.map { unreached in
                let code: FindingCode
                switch unreached.reason {
                case .noOpening: code = .N4
                case .openingOnNoWall: code = .N5
                case .levelNotJoined: code = .N6
                case .noPathNode, .cutOff: code = .N7
                }
                return Finding(
                    code, unreached.message, feature: unreached.unit,
                    location: unreached.location.map { Coordinate(longitude: $0.x, latitude: $0.y) })
            }
            let report = ValidationReport(findings: findings, shortIDs: ShortIDs(document.allFeatures.lazy.map(\.id)))
            let archive = session.archivePath ?? "untitled"
            if args.flag("--json") { return .report(ValidationOutput.json(report, archive: archive)) }
            let covered =
                "checked \(outcome.units.grouped) unit\(outcome.units == 1 ? "" : "s") on \(outcome.levels) level\(outcome.levels == 1 ? "" : "s") against \(outcome.nodes.grouped) path node\(outcome.nodes == 1 ? "" : "s")"
            guard !findings.isEmpty else { return .report("\(covered): a route reaches every unit") }
            let count = findings.count
            return .report(
                "\(covered): \(count) unit\(count == 1 ? "" : "s") no route reaches\n"
                    + ValidationOutput.findingLines(report).joined(separator: "\n"))
        },
        CommandSpec(
            "help", [.positional(Parameter("COMMAND", .command), .repeated(minimum: 0))], changesDocument: false, group: .session,
            "list the commands, or one command's usage and an example", example: "help split"
        ) { _, args in
            let asked = args.words("COMMAND").joined(separator: " ")
            let commands = Interpreter.commands
            let width = TextWrapping.terminalWidth
            if asked.isEmpty { return .report(Self.commandList(width: width)) }
            // `help validate CODE|RULE`: what a finding code or one of Apple's rules checks.
            let words = args.words("COMMAND")
            if words.count == 2, words[0] == "validate" {
                guard let text = RuleExplanation.text(for: words[1]) else {
                    throw EditError(
                        RuleExplanation.unknown(TerminalText.excerpt(words[1]), as: "help validate"), argument: "COMMAND")
                }
                return .report(text)
            }
            let matching = commands.filter { $0.name == asked || $0.words[0] == asked || $0.aliases.contains([asked]) }
            guard !matching.isEmpty else {
                // Against the names and their first words alike: `splt` is near `split`.
                let names = commands.map(\.name) + commands.map { $0.words[0] }
                let near = Spelling.nearest(to: asked, in: Array(Set(names)).sorted()).map { "; did you mean \($0)?" } ?? ""
                throw EditError("help: no command \"\(TerminalText.excerpt(asked))\"\(near)", argument: "COMMAND")
            }
            return .report(
                matching.map { spec in
                    (TextWrapping.wrap(spec.usage, width: width, rest: "    ")
                        + TextWrapping.wrap(spec.summary, width: width, first: "  ", rest: "  ")
                        + spec.grammar.flatMap(\.helpNames).compactMap { name in
                            spec.argumentHelp[name].map { TextWrapping.wrap($0, width: width, first: "  \(name): ", rest: "    ") }
                        }.flatMap { $0 }
                        + TextWrapping.wrap(spec.example, width: width, first: "  example: ", rest: "    ")).joined(separator: "\n")
                }.joined(separator: "\n\n"))
        },
    ]
}

extension ViewingCommands {
    /// `help`: the commands' names by group, wrapped to `width`, short enough for a 40-row
    /// screen; `help CMD` has the rest.
    static func commandList(width: Int) -> String {
        let indent = (CommandGroup.allCases.map(\.rawValue.count).max() ?? 0) + 3
        var lines: [String] = []
        for group in CommandGroup.allCases {
            let names = Interpreter.commands.filter { $0.group == group }.map(\.name)
            guard !names.isEmpty else { continue }
            let title = "  " + group.rawValue.padding(toLength: indent - 2, withPad: " ", startingAt: 0)
            lines += TextWrapping.wrap(
                items: names, separator: ", ", width: width, first: title, rest: String(repeating: " ", count: indent))
        }
        lines +=
            [""]
            + TextWrapping.wrap(
                "`help CMD` shows a command's usage, what it does and an example (`help split unit`); Tab completes commands, options, categories and names.",
                width: width)
        return lines.joined(separator: "\n")
    }

    /// The feature type a word names: the routing graph's nodes answer to `node` and `path` too.
    static func typeName(_ word: String) -> String {
        ["node", "nodes", "path", "paths"].contains(word.lowercased()) ? RoutingExtension.nodeType : word
    }

    static func list(_ session: EditingSession, type: String?, in container: String?) throws(EditError) -> String {
        let document = session.document
        // A type no feature can have is a slip (`ls units`), not an empty list.
        if let type {
            let known = Set(FeatureType.allCases.map(\.rawValue) + document.indexes.byType.keys)
            guard known.contains(type) else {
                let near = Spelling.nearest(to: type, in: known.sorted()).map { "; did you mean \($0)?" } ?? ""
                throw EditError("ls: no feature type \"\(TerminalText.excerpt(type))\"\(near) (Tab lists the types)", argument: "TYPE")
            }
        }
        var lines: [String] = []
        var features: [Feature]
        if let container {
            let id = try session.resolve(container, argument: "in")
            if document.feature(id)?.imdfType == .unit {
                // A room's doors lie on its boundary; its anchors, amenities and their occupants name it.
                if type == nil || type == FeatureType.opening.rawValue {
                    for (opening, others) in document.openings(onBoundaryOf: id) {
                        let to = others.isEmpty ? "to no other room" : "to " + others.map(session.describe).joined(separator: ", ")
                        lines.append(session.row(opening) + "  " + to)
                    }
                }
                let contents = document.referrers(of: id).compactMap(document.feature).sorted { $0.id < $1.id }
                let occupants = contents.filter { $0.imdfType == .anchor }.flatMap {
                    document.referrers(of: $0.id).compactMap(document.feature)
                }
                features = (contents + occupants).filter { $0.imdfType != .opening }
            } else {
                features = document.features(onLevel: id) + document.referrers(of: id).compactMap(document.feature)
            }
        } else if let type {
            features = document.features(ofType: type)
            if let level = session.levelID, features.contains(where: { $0.string(.levelID) != nil }) {
                features = features.filter { $0.string(.levelID) == level }
            }
        } else {
            features = session.levelID.map { document.features(onLevel: $0).filter { $0.imdfType == .unit } } ?? []
        }
        if let type { features = features.filter { $0.featureType == type } }
        var seen = Set<String>()
        lines += features.filter { seen.insert($0.id).inserted }.map(session.row)
        return lines.isEmpty ? "(none)" : lines.joined(separator: "\n")
    }

    /// The rooms and doors a route passes, one a line, under the name of each level it enters.
    static func stops(_ route: Route, _ session: EditingSession) -> [String] {
        let document = session.document
        let language = document.labelLanguage
        var lines: [String] = []
        var level: String??
        var changes = route.levelChanges[...]
        for stop in RoutingGraph.stops(of: route, in: document) {
            guard let feature = document.feature(stop.featureID) else { continue }
            if level != .some(stop.levelID) {
                let levelFeature = stop.levelID.flatMap(document.feature)
                let name = levelFeature?.labels(.name)?.preferred(language: language).map { "\"\(TerminalText.escaped($0))\"" }
                // How the route came to this level: the first change of level into it not yet told.
                var how = "on level "
                if level != nil, let index = changes.firstIndex(where: { $0.toLevel == stop.levelID }) {
                    let change = changes[index]
                    changes = changes[(index + 1)...]
                    let from = change.fromLevel.flatMap(document.feature)?.integer(.ordinal)
                    let to = levelFeature?.integer(.ordinal)
                    let direction = from.flatMap { a in to.map { b in b > a ? "up " : b < a ? "down " : "" } } ?? ""
                    how = "\(change.kind.map { "by \($0) " } ?? "")\(direction)to level "
                }
                level = .some(stop.levelID)
                lines.append(
                    "  " + how + (name ?? stop.levelID.map { session.document.shortID($0) } ?? "-")
                        + (levelFeature.map(session.whereabouts) ?? ""))
            }
            var text = TerminalText.escaped(feature.featureType)
            if let name = feature.labels(.name)?.preferred(language: language) {
                text += " \"\(TerminalText.escaped(name))\""
            } else if let category = feature.string(.category) {
                // No name: what it is says more than its type alone (an elevator, a walkway).
                text += " " + TerminalText.escaped(category)
            }
            if let number = feature.labels(.altName)?.preferred(language: language),
                number != feature.labels(.name)?.preferred(language: language)
            {
                text += " [\(TerminalText.escaped(number))]"
            }
            lines.append("    " + text + " (\(session.document.shortID(feature.id)))")
        }
        return lines
    }

    static func show(_ feature: Feature, _ session: EditingSession) -> String {
        var lines = [
            "\(session.describe(feature))" + session.whereabouts(feature), "  id            \(feature.id)",
            "  feature_type  \(feature.featureType)",
        ]
        if let geometry = feature.geometry {
            lines.append("  geometry      " + session.geometrySummary(geometry))
            lines += session.outlineListing(geometry)
        }
        let inherited = InheritedValues.sources(of: feature, in: session.document)
        let inheritable = InheritedValues.inheritableKeys(of: feature)
        for entry in feature.properties {
            var value: String
            if entry.key == PropertyKey.displayPoint.rawValue, let point = feature.point(.displayPoint) {
                value = "\(session.typed(point)) (\(EditingSession.degrees(point)))"
            } else {
                value = entry.value.inlineText
                if value.count > 100 { value = String(value.prefix(97)) + "..." }
            }
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
    }

    /// The venue's outline: buildings and their levels, with what is on each level.
    static func tree(_ session: EditingSession) -> String {
        let document = session.document
        var lines: [String] = document.features(of: .venue).map(session.describe)
        for building in document.features(of: .building) {
            lines.append("  " + session.describe(building))
            for level in levels(of: building.id, document) {
                let on = document.features(onLevel: level.id)
                let counts = Dictionary(grouping: on, by: \.featureType).map { "\($0.value.count) \($0.key)" }.sorted()
                lines.append("    " + session.describe(level) + (counts.isEmpty ? "" : ": " + counts.joined(separator: ", ")))
            }
        }
        return lines.joined(separator: "\n")
    }

    static func levels(of building: String, _ document: Document) -> [Feature] {
        document.features(of: .level).filter { $0.strings(.buildingIDs)?.contains(building) == true }
            .sorted { ($0.integer(.ordinal) ?? 0) < ($1.integer(.ordinal) ?? 0) }
    }

    /// A building's or a level's whole tree: levels, their units with anchors, amenities and
    /// occupants, and their openings with the rooms each joins.
    static func tree(_ session: EditingSession, of id: String) -> String {
        let document = session.document
        guard let root = document.feature(id) else { return "(none)" }
        var lines = [session.describe(root)]
        let levels = root.imdfType == .level ? [root] : Self.levels(of: id, document)
        let indent = root.imdfType == .level ? "" : "  "
        for level in levels {
            if root.imdfType != .level { lines.append(indent + session.describe(level)) }
            let on = document.features(onLevel: level.id)
            for unit in on where unit.imdfType == .unit {
                lines.append(indent + "  " + session.row(unit, naming: false))
                for held in document.referrers(of: unit.id).compactMap(document.feature).sorted(by: { $0.id < $1.id })
                where held.imdfType == .anchor || held.imdfType == .amenity {
                    lines.append(indent + "    " + session.row(held, naming: false))
                    for occupant in document.referrers(of: held.id).compactMap(document.feature) where occupant.imdfType == .occupant {
                        lines.append(indent + "      " + session.row(occupant, naming: false))
                    }
                }
            }
            for opening in on where opening.imdfType == .opening {
                lines.append(indent + "  " + session.row(opening, naming: false))
            }
            let others = Dictionary(grouping: on.filter { $0.imdfType != .unit && $0.imdfType != .opening }, by: \.featureType)
                .map { "\($0.value.count) \($0.key)" }.sorted()
            if !others.isEmpty { lines.append(indent + "  and " + others.joined(separator: ", ")) }
        }
        return lines.joined(separator: "\n")
    }

    /// The validation report of the document, or of one level (`level REF`): the level and what
    /// stands on it, validated with the features it names (its buildings, their addresses, the
    /// venue) and nothing else, so a level of a large venue costs what the level costs.
    static func report(_ session: EditingSession, _ args: Arguments) throws(EditError) -> ValidationReport {
        let document = session.document
        guard let word = args.value(after: "level") else {
            let progress = Progress("validating")
            defer { progress.finish() }
            return EditingSession.validation(of: document, progress: progress)
        }
        let levelID = try session.resolve(word, argument: "level")
        guard let level = document.feature(levelID), level.imdfType == .level else {
            throw EditError("validate: \(TerminalText.excerpt(word)) is not a level", argument: "level")
        }
        var focus: Set<String> = [levelID]
        for id in document.indexes.byLevel[levelID] ?? [] {
            focus.insert(id)
            // Anchors and amenities name a unit, occupants an anchor: they stand on the level too.
            for held in document.referrers(of: id) where [.anchor, .amenity].contains(document.feature(held)?.imdfType) {
                focus.insert(held)
                focus.formUnion(document.referrers(of: held).filter { document.feature($0)?.imdfType == .occupant })
            }
        }
        var context = CutOut.closure(
            from: focus, targets: { document.feature($0).map(References.targets) ?? [] },
            admit: { target in
                guard let feature = document.feature(target) else { return false }
                // Path nodes that stand elsewhere are not this level's to check.
                return feature.featureType != RoutingExtension.nodeType || feature.string(.levelID) == levelID
            })
        context.formUnion(document.indexes.byType[FeatureType.venue.rawValue] ?? [])
        // The building's other levels and footprints: ordinals and footprints are per building.
        for building in level.strings(.buildingIDs) ?? [] {
            context.formUnion(document.referrers(of: building).filter { [.level, .footprint].contains(document.feature($0)?.imdfType) })
        }
        var archive = document.archive(of: focus.union(context))
        archive.manifest = archive.manifest.stamped(created: SaveClock.now(), generatedBy: ToolInfo.generatedBy)
        let report = Validator.validate(ArchiveLoad(archive: archive, format: .folder))
        return ValidationReport(findings: report.findings.filter { $0.featureID.map(focus.contains) ?? false }, shortIDs: report.shortIDs)
    }
}
