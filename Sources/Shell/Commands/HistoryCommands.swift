// undo, redo, history, begin, commit, rollback.

import Workbench

enum HistoryCommands {
    static func count(_ args: Invocation) throws(EditError) -> Int {
        guard let word = args.positional.first?.text else { return 1 }
        guard let count = Int(word), count > 0 else { throw EditError("\(args.command): \"\(word)\" is not a number of steps", argument: "N") }
        return count
    }

    /// Undo or redo up to N times, stopping when the stack runs out; one line per step.
    static func repeatStep(
        _ args: Invocation, _ session: inout EditingSession, done: String, none: String,
        _ step: (inout EditingSession) throws -> Patch?
    ) throws -> String {
        var labels: [String] = []
        for _ in 0..<(try count(args)) {
            guard let patch = try step(&session) else { break }
            labels.append(patch.label)
            session.markDirty()
        }
        return labels.isEmpty ? none : labels.map { "\(done): \($0)" }.joined(separator: "\n")
    }

    static let all: [CommandSpec] = [
        CommandSpec("undo", "undo [N]", "undo the last step (or N steps)", example: "undo 2") { session, args in
            try repeatStep(args, &session, done: "undid", none: "nothing to undo") { try $0.history.undo() }
        },
        CommandSpec("redo", "redo [N]", "redo the last undone step (or N steps)", example: "redo") { session, args in
            try repeatStep(args, &session, done: "redid", none: "nothing to redo") { try $0.history.redo() }
        },
        CommandSpec("history", "history", "the steps that can be undone, oldest first", example: "history") { session, _ in
            let steps = session.history.undoStack
            guard !steps.isEmpty else { return "no steps yet" }
            return steps.enumerated().map { "\($0.offset + 1). \($0.element.patch.label)" }.joined(separator: "\n")
        },
        CommandSpec("begin", "begin [LABEL]", "start a group of commands that undo as one step", example: "begin \"renovate 3rd floor\"") { session, args in
            let label = args.words.joined(separator: " ")
            try session.history.begin(label.isEmpty ? "group" : label)
            return "group started"
        },
        CommandSpec("commit", "commit", "close the group as one step", example: "commit") { session, _ in
            let patch = try session.history.commit()
            return "committed \(patch.label) (\(patch.changes.count) changes)"
        },
        CommandSpec("rollback", "rollback", "undo everything since begin and close the group", example: "rollback") { session, _ in
            try session.history.rollback()
            return "rolled back"
        },
    ]
}
