// The starter archives of Templates/: each a folder Templates/NAME, made by Templates/make from the
// edit script Templates/scripts/NAME.imdfs, whose opening comment says what the template holds.
// They are found through $IMDF_TEMPLATES, else in the checkout the tool was built from.

import Foundation

public struct TemplateCatalog: Sendable {
    public struct Template: Sendable {
        public var name: String
        public var path: String
        /// The first sentence of the script's opening comment.
        public var summary: String
    }

    public let folder: String

    /// The catalogue, or nil when no Templates folder is found.
    public static func find() -> TemplateCatalog? {
        var candidates: [String] = []
        if let configured = ProcessInfo.processInfo.environment["IMDF_TEMPLATES"] { candidates.append(configured) }
        // Sources/Shell/Templates/TemplateCatalog.swift -> the package root's Templates/.
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        candidates.append(root.appendingPathComponent("Templates").path)
        return candidates.first { FileManager.default.fileExists(atPath: $0 + "/blank/manifest.json") }.map(TemplateCatalog.init(folder:))
    }

    public var templates: [Template] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.sorted().filter { FileManager.default.fileExists(atPath: folder + "/" + $0 + "/manifest.json") }.map { name in
            Template(name: name, path: folder + "/" + name, summary: Self.summary(of: folder + "/scripts/" + name + ".imdfs"))
        }
    }

    public func template(_ name: String) -> Template? { templates.first { $0.name == name } }

    static func summary(of script: String) -> String {
        guard let text = try? String(contentsOfFile: script, encoding: .utf8) else { return "" }
        let comment = text.split(separator: "\n").prefix { $0.hasPrefix("#") }.map { $0.dropFirst().trimmingCharacters(in: .whitespaces) }
        var sentence = comment.joined(separator: " ")
        if let colon = sentence.range(of: "\": ") { sentence = String(sentence[colon.upperBound...]) }
        if let end = sentence.range(of: ". ") { sentence = String(sentence[..<end.lowerBound]) }
        return sentence
    }
}
