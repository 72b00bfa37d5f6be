// `rename REF NAME [language=L]`: sets the feature's name in the language names are shown in
// (Document.labelLanguage; or the language of the label shown where the feature has none in it),
// keeping its names in other languages.

import IMDF

public struct Rename: EditCommand {
    public var target: String
    public var name: String
    public var language: String?

    public init(_ target: String, to name: String, language: String? = nil) {
        self.target = target
        self.name = name
        self.language = language
    }

    public func plan(_ document: Document, ids: inout IDSource) throws(EditError) -> Patch {
        let before = try document.require(target, argument: "REF")
        guard before.imdfType?.spec(forKey: .name)?.kind == .labels || before.imdfType == nil else {
            throw EditError("a \(before.featureType) has no name", argument: "REF")
        }
        guard !name.isEmpty else { throw EditError("the name is empty", argument: "NAME") }
        let existing = before.labels(.name)
        let tag = language ?? LabelLanguage.tag(for: existing, display: document.labelLanguage)
        var labels = existing ?? Labels([])
        labels[tag] = name
        var after = before
        after.setLabels(.name, labels)
        return Patch(
            label: "rename \(before.described(in: document)) to \"\(name)\"",
            changes: after == before ? [] : [.modify(before: before, after: after)])
    }
}
