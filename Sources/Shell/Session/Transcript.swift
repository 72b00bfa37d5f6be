// The session's books, kept from each command's outcome: the transcript `session export` writes
// (context commands, steps and labelled groups, undone steps set aside) and the context that an
// edit, undo or redo made vanish.

import Workbench

extension EditingSession {
    /// Records what `line` did, from its outcome alone.
    mutating func record(_ outcome: CommandOutcome, line: String) {
        let text = line.trimmingCharacters(in: .whitespaces)
        switch outcome.effect {
        case .context:
            transcript.append(.context(text))
        case .edit(let patch):
            if openGroup != nil {
                openGroup!.commands.append(text)
            } else if !patch.changes.isEmpty {
                // A step the history keeps (one that changed nothing is not a step to undo).
                transcript.append(.step(label: nil, [text]))
                undoneSteps.removeAll()
            }
        case .undo(let patches):
            for _ in patches {
                guard let index = transcript.lastIndex(where: { if case .step = $0 { true } else { false } }) else { break }
                undoneSteps.append(transcript.remove(at: index))
            }
        case .redo(let patches):
            for _ in patches {
                guard let step = undoneSteps.popLast() else { break }
                transcript.append(step)
            }
        case .begin(let label):
            openGroup = (label, [])
        case .commit(let patch):
            if let group = openGroup, !group.commands.isEmpty, !patch.changes.isEmpty {
                transcript.append(.step(label: group.label, group.commands))
                undoneSteps.removeAll()
            }
            openGroup = nil
        case .rollback:
            openGroup = nil
        case .newDocument:
            transcript = [.step(label: nil, [text])]
            undoneSteps.removeAll()
        case .view, .save, .savePending, .open, .source, .quit:
            break
        }
        forgetVanishedContext()
    }

    /// The session as a clean script: what makes the document from the archive, undone steps left out.
    public var exportedScript: String {
        var lines = [
            "# imdf session" + (archivePath.map { " on \($0)" } ?? "") + ": the commands that made the document, undone steps left out"
        ]
        for entry in transcript {
            switch entry {
            case .context(let line): lines.append(line)
            case .step(nil, let commands) where commands.count == 1: lines.append(commands[0])
            case .step(let label, let commands):
                lines += [label.map { "begin \(Tokenizer.quoted($0))" } ?? "begin"] + commands + ["commit"]
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// After a command: a building or level in use that an edit, an undo or a redo removed (or
    /// turned into another type) is no longer in use, so no later command works in it.
    mutating func forgetVanishedContext() {
        if let levelID, document.feature(levelID)?.imdfType != .level { self.levelID = nil }
        if let buildingID, document.feature(buildingID)?.imdfType != .building { self.buildingID = nil }
    }
}
