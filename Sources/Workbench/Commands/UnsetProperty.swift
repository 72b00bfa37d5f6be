// `unset REF key`: clears a property. IMDF keys become null (archives spell out optional keys);
// keys IMDF does not define are removed. Required keys are refused.

import IMDF

public struct UnsetProperty: EditCommand {
    public var target: String
    public var key: String

    public init(_ target: String, key: String) {
        self.target = target
        self.key = key
    }

    public func plan(_ document: Document, ids: inout IDSource) throws(EditError) -> Patch {
        let before = try document.require(target, argument: "REF")
        guard before.properties.contains(key: key) else {
            throw EditError("\(before.described(in: document)) has no property \"\(key)\"", argument: key)
        }
        var after = before
        if let spec = before.imdfType?.spec(forKey: key) {
            guard !spec.isRequired else { throw EditError("\(key) is required by IMDF and cannot be unset", argument: key) }
            after.setProperty(key, .null)
        } else {
            after.removeProperty(key)
        }
        return Patch(
            label: "unset \(key) of \(before.described(in: document))",
            changes: after == before ? [] : [.modify(before: before, after: after)])
    }
}
