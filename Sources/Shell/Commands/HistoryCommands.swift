// undo, redo, history, begin, commit, rollback.

import Workbench

enum HistoryCommands {
    /// Undo or redo up to N times, stopping when the stack runs out.
    static func repeatStep(_ args: Arguments, _ session: inout EditingSession, _ step: (inout EditingSession) throws -> Patch?) throws
        -> [Patch]
    {
        var patches: [Patch] = []
        for _ in 0..<(Int(args.optionalWord("N") ?? "1") ?? 1) {
            guard let patch = try step(&session) else { break }
            patches.append(patch)
        }
        return patches
    }

    /// One line per step, and a word when fewer steps were there than asked for.
    static func message(_ patches: [Patch], done: String, verb: String, asked: Int) -> String {
        guard !patches.isEmpty else { return "nothing to \(verb)" }
        let lines = patches.map { "\(done): \($0.label)" }
        let short = patches.count < asked ? ["(\(patches.count) of the \(asked) asked for: nothing more to \(verb))"] : []
        return (lines + short).joined(separator: "\n")
    }

    static let all: [CommandSpec] = [
        CommandSpec(
            "undo", [.positional(Parameter("N", .count), .optional)], changesDocument: true, "undo the last step (or N steps)",
            example: "undo 2"
        ) { session, args in
            let patches = try repeatStep(args, &session) { try $0.history.undo() }
            return CommandOutcome(
                .undo(patches), message(patches, done: "undid", verb: "undo", asked: Int(args.optionalWord("N") ?? "1") ?? 1))
        },
        CommandSpec(
            "redo", [.positional(Parameter("N", .count), .optional)], changesDocument: true, "redo the last undone step (or N steps)",
            example: "redo"
        ) { session, args in
            let patches = try repeatStep(args, &session) { try $0.history.redo() }
            return CommandOutcome(
                .redo(patches), message(patches, done: "redid", verb: "redo", asked: Int(args.optionalWord("N") ?? "1") ?? 1))
        },
        CommandSpec(
            "history", [], changesDocument: false,
            "the steps that can be undone, oldest first, then the undone steps redo can bring back (marked undone)", example: "history"
        ) { session, _ in
            let done = session.history.undoStack
            // The next step redo brings back is the last of the redo stack: it follows the done ones.
            let undone = Array(session.history.redoStack.reversed())
            guard !done.isEmpty || !undone.isEmpty else { return .view("no steps yet") }
            var lines = done.enumerated().map { "\($0.offset + 1). \($0.element.patch.label)" }
            lines += undone.enumerated().map { offset, step in
                let redo = offset == 0 ? "redo" : "redo \(offset + 1)"
                return "\(done.count + offset + 1). \(step.patch.label)   (undone: `\(redo)` brings it back)"
            }
            return .report(lines.joined(separator: "\n"))
        },
        CommandSpec(
            "begin", [.positional(Parameter("LABEL", .text), .repeated(minimum: 0))], changesDocument: false,
            "start a group of commands that undo as one step", example: "begin \"renovate 3rd floor\""
        ) { session, args in
            let typed = args.words("LABEL").joined(separator: " ")
            try session.history.begin(typed.isEmpty ? "group" : typed)
            return CommandOutcome(.begin(label: typed.isEmpty ? nil : typed), "group started")
        },
        CommandSpec("commit", [], changesDocument: false, "close the group as one step", example: "commit") { session, _ in
            let patch = try session.history.commit()
            return CommandOutcome(.commit(patch), "committed \(patch.label) (\(patch.changes.count) changes)")
        },
        CommandSpec("rollback", [], changesDocument: true, "undo everything since begin and close the group", example: "rollback") {
            session, _ in
            try session.history.rollback()
            return CommandOutcome(.rollback, "rolled back")
        },
    ]
}
