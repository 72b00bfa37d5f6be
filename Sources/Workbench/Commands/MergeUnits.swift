// `merge unit A B`: joins two rooms that touch into one. The result keeps A's id and properties;
// B is deleted and everything that referred to B refers to A.

import Geometry
import IMDF

public struct MergeUnits: EditCommand {
    public var keptID: String
    public var absorbedID: String

    public init(_ keptID: String, _ absorbedID: String) {
        self.keptID = keptID
        self.absorbedID = absorbedID
    }

    public func plan(_ document: Document, ids: inout IDSource) throws(EditError) -> Patch {
        let kept = try document.require(keptID, as: .unit, argument: "A")
        let absorbed = try document.require(absorbedID, as: .unit, argument: "B")
        guard kept.id != absorbed.id else { throw EditError("a unit cannot be merged with itself", argument: "B") }
        guard kept.string(.levelID) == absorbed.string(.levelID) else {
            throw EditError(
                "\(kept.described(in: document)) and \(absorbed.described(in: document)) are on different levels", argument: "B")
        }
        guard let first = kept.geometry?.positions.first else {
            throw EditError("\(kept.described(in: document)) has no outline", argument: "A")
        }
        let projector = document.projector(near: first)
        guard let a = projector.polygons(kept.geometry), let b = projector.polygons(absorbed.geometry) else {
            throw EditError("both units need outlines to merge", argument: "B")
        }
        let engine = GeometryEngine()
        guard engine.prepare(engine.buffer(a, by: Walls.onWallTolerance)).intersects(b) else {
            throw EditError("\(kept.described(in: document)) and \(absorbed.described(in: document)) do not touch", argument: "B")
        }
        let merged = engine.union(a + b)
        var after = kept
        after.geometry = projector.geometry(merged)
        after.setProperty(.displayPoint, displayPoint(of: merged, projector, engine))
        var changes: [Change] = [.modify(before: kept, after: after)]
        for referrer in document.referrers(of: absorbed.id).sorted().compactMap(document.feature) {
            var repointed = referrer
            for entry in referrer.properties where References.isReferenceKey(entry.key) {
                switch entry.value {
                case .string(absorbed.id): repointed.setProperty(entry.key, .string(kept.id))
                case .array(let items):
                    var seen = Set<String>()
                    let replaced = items.compactMap(\.stringValue).map { $0 == absorbed.id ? kept.id : $0 }.filter {
                        seen.insert($0).inserted
                    }
                    repointed.setStrings(entry.key, replaced)
                default: break
                }
            }
            if repointed != referrer { changes.append(.modify(before: referrer, after: repointed)) }
        }
        guard let entry = document.entry(absorbed.id) else { throw EditError("\(absorbed.described(in: document)) is gone", argument: "B") }
        changes.append(.delete(absorbed, from: entry.collection, at: entry.order))
        return Patch(label: "merge \(absorbed.described(in: document)) into \(kept.described(in: document))", changes: changes)
    }
}
