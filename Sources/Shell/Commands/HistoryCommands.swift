// undo, redo, history, begin, commit, rollback.

import Workbench

enum HistoryCommands {
    static func count(_ args: Invocation) throws(EditError) -> Int {
        guard let word = args.positional.first?.text else { return 1 }
        guard let count = Int(word), count > 0 else { throw EditError("\(args.command): \"\(word)\" is not a number of steps", argument: "N") }
        return count
    }

    static let all: [CommandSpec] = [
        CommandSpec("undo", "undo [N]", "undo the last step (or N steps)", example: "undo 2") { session, args in
            var undone: [String] = []
            for _ in 0..<(try count(args)) {
                guard let patch = try session.history.undo() else { break }
                undone.append(patch.label)
                session.markDirty()
            }
            return undone.isEmpty ? "nothing to undo" : undone.map { "undid: \($0)" }.joined(separator: "\n")
        },
        CommandSpec("redo", "redo [N]", "redo the last undone step (or N steps)", example: "redo") { session, args in
            var redone: [String] = []
            for _ in 0..<(try count(args)) {
                guard let patch = try session.history.redo() else { break }
                redone.append(patch.label)
                session.markDirty()
            }
            return redone.isEmpty ? "nothing to redo" : redone.map { "redid: \($0)" }.joined(separator: "\n")
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
