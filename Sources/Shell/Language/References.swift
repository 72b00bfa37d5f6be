// Resolving what a user types for a feature: a full id, a unique id prefix of at least 4 hex
// digits (like git), `$handle` and `$_`, or a name or room designation ("Room 310", "310").
// An ambiguous reference is an error that lists the candidates.

import IMDF
import Render
import Workbench

extension EditingSession {
    public func resolve(_ text: String, argument: String, types: Set<String>? = nil) throws(EditError) -> String {
        let document = self.document
        func accept(_ feature: Feature) -> Bool { types.map { $0.contains(feature.featureType) } ?? true }
        if text.hasPrefix("$") {
            let bound = text == "$_" ? lastCreated : handles[String(text.dropFirst())]
            guard let id = bound else {
                if text == "$_" { throw EditError("\(argument): $_ is the last feature created, and none has been", argument: argument) }
                throw EditError(
                    "\(argument): no handle \(TerminalText.excerpt(text)) (bind one with `as NAME` when creating a feature)",
                    argument: argument)
            }
            // A handle outlives its feature when the feature is undone or deleted.
            guard let feature = document.feature(id) else {
                throw EditError(
                    "\(argument): \(text) named \(id.prefix(8)), which no longer exists (undone or deleted)", argument: argument)
            }
            guard accept(feature) else { throw wrongType(feature, argument, types!) }
            return id
        }
        if let feature = document.feature(text) {
            guard accept(feature) else { throw wrongType(feature, argument, types!) }
            return feature.id
        }
        let lowered = text.lowercased()
        if lowered.count >= 4, lowered.allSatisfy({ $0.isHexDigit || $0 == "-" }) {
            let matches = (document.indexes.byIDPrefix[lowered.prefix(4)] ?? []).filter { $0.lowercased().hasPrefix(lowered) }
                .compactMap(document.feature).filter(accept)
            if matches.count == 1 { return matches[0].id }
            if matches.count > 1 { throw ambiguous(text, matches, argument) }
        }
        // Names and designations; a match on the level in use wins over matches elsewhere.
        let everyNamed = (document.indexes.byName[lowered] ?? []).compactMap(document.feature)
        let named = everyNamed.filter(accept)

        if named.count == 1 { return named[0].id }
        if named.count > 1 {
            let here = named.filter { $0.string(.levelID) == levelID && levelID != nil }
            if here.count == 1 { return here[0].id }
            // Then one in the building in use ("Ground Floor" after `use building "Hall 2"`).
            let inBuilding = here.isEmpty ? named.filter { isInBuildingInUse($0) } : []
            if inBuilding.count == 1 { return inBuilding[0].id }
            throw ambiguous(text, !here.isEmpty ? here : inBuilding.isEmpty ? named : inBuilding, argument)
        }
        if types == ["level"], let level = try levelByShortNameOrOrdinal(text, argument: argument) { return level }
        // Named, but only by a feature of another type: say what it is, not that nothing is called so.
        if named.isEmpty, everyNamed.count == 1, let types { throw wrongType(everyNamed[0], argument, types) }
        if types == ["level"] {
            throw EditError("\(argument): no level is called \(TerminalText.excerpt(text)); \(levelChoices)", argument: argument)
        }
        throw EditError(
            "\(argument): nothing is called \(TerminalText.excerpt(text))"
                + (types.map { " among \($0.sorted().joined(separator: ", "))" } ?? ""), argument: argument)
    }

    /// A level by its short name (`G`, `L3`) or its ordinal (`0`, `-1`), where a level is asked
    /// for and no name matches: in the building in use when it has such a level, else anywhere.
    func levelByShortNameOrOrdinal(_ text: String, argument: String) throws(EditError) -> String? {
        let lowered = text.lowercased()
        let ordinal = Int(text)
        let language = document.labelLanguage
        let matches = document.features(of: .level).filter { level in
            if let ordinal { return level.integer(.ordinal) == ordinal }
            return level.labels(.shortName)?.labels.contains { $0.text.lowercased() == lowered } == true
                || level.labels(.shortName)?.preferred(language: language)?.lowercased() == lowered
        }
        let inBuilding = matches.filter(isInBuildingInUse)
        let candidates = inBuilding.isEmpty ? matches : inBuilding
        if candidates.count > 1 { throw ambiguous(text, candidates, argument) }
        return candidates.first?.id
    }

    /// The levels to choose from, of the building in use where one is: `the levels of "Hall 1":
    /// "Ground Floor" (ordinal 0, G), ...`, at most 20.
    var levelChoices: String {
        let all = document.features(of: .level)
        let here = all.filter(isInBuildingInUse)
        let levels = (here.isEmpty ? all : here).sorted { ($0.integer(.ordinal) ?? 0, $0.id) < ($1.integer(.ordinal) ?? 0, $1.id) }
        guard !levels.isEmpty else { return "this document has no levels (add level NAME ordinal=N ...)" }
        let language = document.labelLanguage
        let listed = levels.prefix(20).map { level in
            let name =
                level.labels(.name)?.preferred(language: language).map { "\"\(TerminalText.escaped($0))\"" } ?? document.shortID(level.id)
            let short = level.labels(.shortName)?.preferred(language: language).map { ", " + TerminalText.escaped($0) } ?? ""
            return "\(name) (ordinal \(level.integer(.ordinal).map(String.init) ?? "?")\(short))"
        }
        let owner =
            here.isEmpty ? "the levels" : "the levels of \(buildingID.flatMap(document.feature).map(describe) ?? "the building in use")"
        return "\(owner): " + listed.joined(separator: ", ") + (levels.count > 20 ? ", and \(levels.count - 20) more" : "")
    }

    /// Whether `feature` is a level of the building in use, or lies on one.
    func isInBuildingInUse(_ feature: Feature) -> Bool {
        guard let buildingID else { return false }
        let level = feature.imdfType == .level ? feature : feature.string(.levelID).flatMap(document.feature)
        return level?.strings(.buildingIDs)?.contains(buildingID) == true
    }

    /// "an anchor", "a level".
    static func article(_ word: String) -> String {
        // By sound, not letter: "a unit" (no feature type starts with a silent or vowel-sounding u).
        word.first.map { "aeio".contains($0) } == true ? "an" : "a"
    }

    func wrongType(_ feature: Feature, _ argument: String, _ types: Set<String>) -> EditError {
        EditError(
            "\(argument): \(describe(feature)) is \(Self.article(feature.featureType)) \(feature.featureType), not \(types.sorted().map { "\(Self.article($0)) \($0)" }.joined(separator: " or "))",
            argument: argument)
    }

    func ambiguous(_ text: String, _ matches: [Feature], _ argument: String) -> EditError {
        // With the building of each where the venue has several: "Level 1" of which building?
        let listed = matches.sorted { $0.id < $1.id }.prefix(8).map { "  \(document.shortID($0.id))  \(describe($0))\(whereabouts($0))" }
        return EditError(
            "\(argument): \"\(TerminalText.excerpt(text))\" matches \(matches.count) features; use an id prefix:\n"
                + listed.joined(separator: "\n")
                + (matches.count > 8 ? "\n  ..." : ""), argument: argument)
    }

    /// `unit "Room 310" on Level 3 (5c1e7a2b)`.
    public func describe(_ feature: Feature) -> String {
        let language = document.labelLanguage
        var text = TerminalText.escaped(feature.featureType)
        if let name = feature.labels(.name)?.preferred(language: language) { text += " \"\(TerminalText.escaped(name))\"" }
        if let level = feature.string(.levelID).flatMap(document.feature),
            let levelName = level.labels(.name)?.preferred(language: language)
        {
            text += " on \(TerminalText.escaped(levelName))"
        }
        return text + " (\(TerminalText.escaped(document.shortID(feature.id))))"
    }
}
