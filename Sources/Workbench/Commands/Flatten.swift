// `flatten REF`: a one-part MultiLineString, MultiPolygon or MultiPoint becomes the LineString,
// Polygon or Point it holds - what IMDF asks of an opening (a LineString), a unit (a Polygon or
// MultiPolygon) or an anchor (a Point), written by converters as one-part collections. A geometry
// of several parts is refused: which part to keep is not the editor's to guess.

import IMDF

public struct Flatten: EditCommand {
    public var target: String

    public init(_ target: String) { self.target = target }

    public func plan(_ document: Document, ids: inout IDSource) throws(EditError) -> Patch {
        let before = try document.require(target, argument: "REF")
        guard let geometry = before.geometry else { throw EditError("\(before.described(in: document)) has no geometry", argument: "REF") }
        guard geometry.isOnePartCollection else {
            throw EditError(
                "\(before.described(in: document)) has a \(geometry.typeName) that is not a one-part Multi geometry; nothing to flatten",
                argument: "REF")
        }
        var after = before
        after.geometry = geometry.singlePart
        return Patch(
            label: "flatten the \(geometry.typeName) of \(before.described(in: document))", changes: [.modify(before: before, after: after)]
        )
    }
}
