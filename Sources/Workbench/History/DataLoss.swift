// What a patch takes out of the document: a feature deleted, a geometry removed, a property that
// held a value cleared or removed. Read from the typed changes, so `fix all` can hold back the
// repairs that lose data (unless `--destructive`) whatever their command lines say.

import IMDF

/// One piece of data a change removes.
public enum DataLoss: Sendable, Hashable, CustomStringConvertible {
    /// The feature is deleted.
    case deletesFeature(id: String, type: String)
    /// Its geometry becomes null (or is dropped).
    case removesGeometry(id: String, type: String)
    /// A property that held a value becomes null or is removed.
    case clearsProperty(id: String, type: String, key: String)

    public var featureID: String {
        switch self {
        case .deletesFeature(let id, _), .removesGeometry(let id, _), .clearsProperty(let id, _, _): id
        }
    }

    public var featureType: String {
        switch self {
        case .deletesFeature(_, let type), .removesGeometry(_, let type), .clearsProperty(_, let type, _): type
        }
    }

    /// `deletes the address`, `removes the building's geometry`, `clears the unit's correlation_id`.
    public var description: String {
        switch self {
        case .deletesFeature(_, let type): "deletes the \(type)"
        case .removesGeometry(_, let type): "removes the \(type)'s geometry"
        case .clearsProperty(_, let type, let key): "clears the \(type)'s \(key)"
        }
    }
}

extension Change {
    /// The data this change removes; empty for a change that only adds or alters.
    public var dataLoss: [DataLoss] {
        switch self {
        case .create: return []
        case .delete(let feature, _, _): return [.deletesFeature(id: feature.id, type: feature.featureType)]
        case .modify(let before, let after):
            var lost: [DataLoss] = []
            if before.geometryMember.carriesData && !after.geometryMember.carriesData {
                lost.append(.removesGeometry(id: before.id, type: before.featureType))
            }
            for entry in before.properties where entry.value.carriesData && !(after.properties[entry.key]?.carriesData ?? false) {
                lost.append(.clearsProperty(id: before.id, type: before.featureType, key: entry.key))
            }
            return lost
        }
    }
}

extension Patch {
    /// The data the patch removes, change by change.
    public var dataLoss: [DataLoss] { changes.flatMap(\.dataLoss) }
}

extension Feature.GeometryMember {
    /// Whether it holds a shape (a malformed one with coordinates counts: they are what a person
    /// would mend).
    var carriesData: Bool {
        switch self {
        case .absent, .null: false
        case .geometry: true
        case .malformed(let value): value.carriesData
        }
    }
}

extension JSONValue {
    /// Whether the value says anything: not null, not blank text, not an empty object or list,
    /// not a geometry without coordinates (`{"type": "Point", "coordinates": null}`).
    var carriesData: Bool {
        switch self {
        case .null: return false
        case .bool, .number: return true
        case .string(let text): return !text.allSatisfy(\.isWhitespace)
        case .array(let items): return !items.isEmpty
        case .object(let object):
            if object.isEmpty { return false }
            if case .string = object["type"], let coordinates = object["coordinates"] { return coordinates.carriesData }
            return true
        }
    }
}
