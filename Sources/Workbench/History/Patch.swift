import IMDF

/// One change to one feature. Deletes remember where the feature stood, so undoing them puts it
/// back in place; a create with no position is appended to its collection.
public enum Change: Sendable, Equatable {
    case create(Feature, in: CollectionKey, at: Int?)
    case modify(before: Feature, after: Feature)
    /// `at` is the feature's position when known (nil for the inverse of a create, which is
    /// never inverted again).
    case delete(Feature, from: CollectionKey, at: Int?)

    public var inverse: Change {
        switch self {
        case .create(let feature, let collection, let order): .delete(feature, from: collection, at: order)
        case .modify(let before, let after): .modify(before: after, after: before)
        case .delete(let feature, let collection, let order): .create(feature, in: collection, at: order)
        }
    }

    public var featureID: String {
        switch self {
        case .create(let feature, _, _), .delete(let feature, _, _): feature.id
        case .modify(let before, _): before.id
        }
    }
}

/// What a command does to the document, computed before anything changes: the changes in order,
/// a label for the history, and the ids it minted (so a replay can mint the same ones).
public struct Patch: Sendable, Equatable {
    public var label: String
    public var changes: [Change]
    public var mintedIDs: [String]

    public init(label: String, changes: [Change], mintedIDs: [String] = []) {
        self.label = label
        self.changes = changes
        self.mintedIDs = mintedIDs
    }

    /// The patch that undoes this one.
    public var inverse: Patch {
        Patch(label: label, changes: changes.reversed().map(\.inverse), mintedIDs: [])
    }

    /// Several patches applied one after another, as one.
    public static func combining(_ patches: [Patch], label: String) -> Patch {
        Patch(label: label, changes: patches.flatMap(\.changes), mintedIDs: patches.flatMap(\.mintedIDs))
    }
}

/// Why an edit cannot be made, naming the argument at fault where there is one.
public struct EditError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String
    /// The command argument the message is about (`along`, `to`, a reference), for the shell to point at.
    public var argument: String?

    public init(_ message: String, argument: String? = nil) {
        self.message = message
        self.argument = argument
    }

    public var description: String { message }
}
