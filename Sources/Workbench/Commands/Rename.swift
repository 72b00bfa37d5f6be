// `rename REF NAME`: sets the feature's name label in the archive's language (or in the language
// of its first label), keeping its other labels.

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
        let tag = language ?? existing?.labels.first?.language ?? document.manifest.language ?? "en"
        var labels = existing ?? Labels([])
        labels[tag] = name
        var after = before
        after.setLabels(.name, labels)
        return Patch(label: "rename \(before.described) to \"\(name)\"", changes: after == before ? [] : [.modify(before: before, after: after)])
    }
}
