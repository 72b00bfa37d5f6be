// Applies patches to the document and keeps the undo and redo stacks. Undo applies a step's
// inverse; redo re-applies the recorded patch, so a redone step is exactly what was done. Every
// application is checked against the document first: a failing command, undo or redo leaves the
// document and both stacks as they were.

import IMDF

public struct History: Sendable {
    public struct Step: Sendable, Equatable {
        public var patch: Patch
        /// Tells this step from every other of the history, for `marker`.
        var serial: Int
    }

    /// Where the history stands: the step on top of the undo stack and whether an open group
    /// holds changes. Equal markers mean the same document, so a session that remembers the
    /// marker of its last save knows whether undoing brought it back there.
    public struct Marker: Sendable, Equatable {
        let step: Int
        let groupHasChanges: Bool
    }

    public private(set) var document: Document
    public private(set) var undoStack: [Step] = []
    public private(set) var redoStack: [Step] = []
    /// The oldest steps are dropped beyond this many.
    public var limit: Int {
        didSet { trim() }
    }
    private var group: (label: String, patches: [Patch])?
    private var lastSerial = 0

    public init(document: Document, limit: Int = 1000) {
        self.document = document
        self.limit = Swift.max(1, limit)
    }

    public var isGrouping: Bool { group != nil }

    public var marker: Marker {
        Marker(step: undoStack.last?.serial ?? 0, groupHasChanges: group?.patches.contains { !$0.changes.isEmpty } ?? false)
    }

    /// Plans `command` on the document and applies the result as one step (or as part of the
    /// open group). Returns the applied patch.
    @discardableResult
    public mutating func perform(_ command: some EditCommand, ids: inout IDSource) throws(EditError) -> Patch {
        var attempt = ids
        let planned = try command.plan(document, ids: &attempt)
        try document.checkReach(planned)
        let patch = try apply(planned)
        ids = attempt
        return patch
    }

    /// Performs a patch planned from this document (by a command whose plan also says more
    /// than the patch): checked as `perform` checks it, as one step.
    public mutating func perform(planned: Patch) throws(EditError) -> Patch {
        try document.checkReach(planned)
        return try apply(planned)
    }

    /// Applies an already planned patch (a journal replay) as one step, and returns it as
    /// recorded (with the positions of created features filled in).
    @discardableResult
    public mutating func apply(_ planned: Patch) throws(EditError) -> Patch {
        let patch = document.resolvingPositions(planned)
        try document.check(patch)
        document.applyChecked(patch)
        if group != nil {
            group!.patches.append(patch)
        } else {
            push(patch)
        }
        return patch
    }

    /// The features the steps that can be undone created or changed: what this session edited.
    public var editedIDs: Set<String> {
        Set(undoStack.flatMap { $0.patch.changes.map(\.featureID) })
    }

    private mutating func push(_ patch: Patch) {
        guard !patch.changes.isEmpty else { return }
        lastSerial += 1
        undoStack.append(Step(patch: patch, serial: lastSerial))
        redoStack.removeAll()
        trim()
    }

    private mutating func trim() {
        if undoStack.count > limit { undoStack.removeFirst(undoStack.count - limit) }
    }

    /// Undoes the last step; nil when there is nothing to undo.
    @discardableResult
    public mutating func undo() throws(EditError) -> Patch? {
        guard group == nil else { throw EditError("commit or roll back the open group first") }
        guard let step = undoStack.last else { return nil }
        let inverse = step.patch.inverse
        try document.check(inverse)
        document.applyChecked(inverse)
        undoStack.removeLast()
        redoStack.append(step)
        return step.patch
    }

    /// Redoes the last undone step; nil when there is nothing to redo.
    @discardableResult
    public mutating func redo() throws(EditError) -> Patch? {
        guard group == nil else { throw EditError("commit or roll back the open group first") }
        guard let step = redoStack.last else { return nil }
        try document.check(step.patch)
        document.applyChecked(step.patch)
        redoStack.removeLast()
        undoStack.append(step)
        trim()
        return step.patch
    }

    // MARK: - Groups

    public mutating func begin(_ label: String) throws(EditError) {
        guard group == nil else { throw EditError("a group (\"\(group!.label)\") is already open") }
        group = (label, [])
    }

    /// Closes the group as one undo step, labelled `label` when given (a label known only once
    /// the group's edits are done), else as it was begun.
    @discardableResult
    public mutating func commit(label: String? = nil) throws(EditError) -> Patch {
        guard let open = group else { throw EditError("no group is open") }
        group = nil
        let combined = Patch.combining(open.patches, label: label ?? open.label)
        push(combined)
        return combined
    }

    /// Undoes everything done since `begin` and closes the group.
    public mutating func rollback() throws(EditError) {
        guard let open = group else { throw EditError("no group is open") }
        let inverse = Patch.combining(open.patches, label: open.label).inverse
        try document.check(inverse)
        document.applyChecked(inverse)
        group = nil
    }
}

/// Where new ids come from: fresh version 4 UUIDs, or - for a replay - the ids a journal recorded,
/// in order, so the replayed document has the same ids.
public struct IDSource: Sendable {
    private var supplied: [String]
    private var seed: UInt64?

    /// Fresh random v4 UUIDs.
    public init() { supplied = [] }

    /// The given ids first, then fresh ones.
    public init(replaying ids: [String]) { supplied = ids.reversed() }

    /// Deterministic v4 UUIDs from a seed (tests, benchmarks).
    public init(seed: UInt64) {
        supplied = []
        self.seed = seed
    }

    /// The next `count` ids, as `next()` would give them one by one; fresh random ones drawn together.
    public mutating func next(_ count: Int) -> [String] {
        var ids: [String] = []
        ids.reserveCapacity(Swift.max(count, 0))
        while ids.count < count, let id = supplied.popLast() { ids.append(id) }
        if seed == nil && ids.count < count { return ids + FeatureID.random(count: count - ids.count) }
        while ids.count < count { ids.append(next()) }
        return ids
    }

    public mutating func next() -> String {
        if let id = supplied.popLast() { return id }
        guard var state = seed else { return FeatureID.random() }
        func step() -> UInt64 {  // SplitMix64
            state &+= 0x9E37_79B9_7F4A_7C15
            var value = state
            value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
            value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
            return value ^ (value >> 31)
        }
        let id = FeatureID.version4(high: step(), low: step())
        seed = state
        return id
    }
}

/// An edit: reads the document and plans a patch, or says why it cannot. Planning never changes
/// the document.
public protocol EditCommand: Sendable {
    func plan(_ document: Document, ids: inout IDSource) throws(EditError) -> Patch
}
