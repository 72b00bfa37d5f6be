// What the prompt's Tab offers at the cursor: command words (and their second words, `add
// unit|level|...`), the IMDF categories valid for the command at hand after `category=`, feature
// names and `$handles` for references, and file paths after commands that take one. Pure: it
// reads the line and the session; the line editor asks it.

import IMDF
import Workbench

public enum Completion {
    /// Candidates for the word that ends at the cursor; `line` is the text before the cursor.
    public static func candidates(_ line: String, session: EditingSession) -> [String] {
        // After an opening quote the word is everything since it, spaces too ("Classroom 10|):
        // readline is told `"` quotes (LineEditor), completes the text inside the quote and closes it.
        if line.count(where: { $0 == "\"" }) % 2 == 1, let quote = line.lastIndex(of: "\"") {
            let inside = line[line.index(after: quote)...].lowercased()
            guard quote == line.startIndex || line[line.index(before: quote)] == " " else { return [] }  // name.en="...
            return names(session).map { $0.hasPrefix("\"") ? String($0.dropFirst().dropLast()) : $0 }
                .filter { $0.lowercased().hasPrefix(inside) }
        }
        let words = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        let partial = line.hasSuffix(" ") || line.isEmpty ? "" : (words.last ?? "")
        let before = line.hasSuffix(" ") || line.isEmpty ? words : Array(words.dropLast())
        // Command words: first and second word.
        let commandWords = Interpreter.helpEntries.map(\.words)
        if before.isEmpty {
            return unique(commandWords.map { $0[0] }).filter { $0.hasPrefix(partial) }
        }
        if before.count == 1, commandWords.contains(where: { $0.count > 1 && $0[0] == before[0] }) {
            let seconds = commandWords.filter { $0.count > 1 && $0[0] == before[0] }.map { $0[1] }
            let matches = seconds.filter { $0.hasPrefix(partial) }
            if !matches.isEmpty { return matches }
        }
        if let equals = partial.firstIndex(of: "=") {
            let key = String(partial[..<equals])
            let value = String(partial[partial.index(after: equals)...])
            return values(for: key, command: before, session: session).filter { $0.hasPrefix(value) }.map { key + "=" + $0 }
        }
        if before.first == "render", !["level", "unit", "building", "box", "--route", "--svg"].contains(before.last ?? "") {
            let keywords = ["level", "unit", "building", "box", "--route", "--findings", "--svg"].filter { $0.hasPrefix(partial) && !before.contains($0) }
            if partial.hasPrefix("-") || !keywords.isEmpty && partial.count > 0 { return keywords }
        }
        if partial.hasPrefix("$") {
            return (["$_"] + session.handles.keys.sorted().map { "$" + $0 }).filter { $0.hasPrefix(partial) }
        }
        return names(session).filter { $0.lowercased().hasPrefix(partial.lowercased()) }
    }

    /// Whether the word at the cursor is a file path (after `save`, `source`, `open`).
    public static func wantsPath(_ line: String) -> Bool {
        let words = line.split(separator: " ").map(String.init)
        let first = words.first ?? ""
        if first == "render" {
            // The word after --svg is the file to write.
            let finished = line.hasSuffix(" ") ? words : Array(words.dropLast())
            return finished.last == "--svg"
        }
        return ["save", "source", "open"].contains(first) && line.contains(" ")
    }

    static func values(for key: String, command: [String], session: EditingSession) -> [String] {
        guard key == "category" else {
            if key == "restriction" { return CategoryList.restriction.values }
            if key == "door" { return CategoryList.doorType.values }
            if key == "link" { return ["prev", "nearest"] }
            if key == "address" { return ["inherit", "none"] }
            return []
        }
        let list: CategoryList
        switch command.prefix(2).joined(separator: " ") {
        case "add level": list = .level
        case "add building": list = .building
        case "add opening": list = .opening
        case "add amenity": list = .amenity
        case "attach occupant": list = .occupant
        default: list = .unit
        }
        return list.values
    }

    /// Names of the features of the level in use and of buildings and levels, as typed (quoted
    /// when they hold spaces).
    static func names(_ session: EditingSession) -> [String] {
        let document = session.document
        var features = document.features(of: .building) + document.features(of: .level)
        if let level = session.levelID { features += document.features(onLevel: level) }
        let language = document.manifest.language
        let names = features.compactMap { $0.labels("name")?.preferred(language: language) }
        // Room designations ("310" of "Room 310") are references too, and what people type.
        let designations = names.compactMap { name in name.split(separator: " ").last.map(String.init) }
        return unique(names.map { $0.contains(" ") ? "\"\($0)\"" : $0 } + designations).sorted()
    }

    static func unique(_ items: [String]) -> [String] {
        var seen = Set<String>()
        return items.filter { seen.insert($0).inserted }
    }
}
