// Runs one command line against a session: tokenise, find the command by its leading words
// (longest match), run it, and return what to print. A failing line changes nothing.

import IMDF
import Workbench

public enum Interpreter {
    public static let commands: [CommandSpec] = EditingCommands.all + ViewingCommands.all + RenderCommands.all + HistoryCommands.all + FixCommands.all + TemplateCommands.all

    /// Every command a user can type, for `help` and completion.
    public static var helpEntries: [CommandHelp] { commands.map(\.help) + ScriptRunner.controlCommands }

    /// The command for `tokens` (longest matching words) and the tokens after its name.
    static func match(_ tokens: [Token]) -> (CommandSpec, [Token])? {
        let words = tokens.prefix { $0.key == nil && !$0.quoted }.map(\.text)
        var best: CommandSpec?
        for spec in commands where spec.words.count <= words.count && Array(words.prefix(spec.words.count)) == spec.words {
            if best == nil || spec.words.count > best!.words.count { best = spec }
        }
        return best.map { ($0, Array(tokens.dropFirst($0.words.count))) }
    }

    /// Commands that only look: they are not journaled.
    static let viewing: Set<String> = [
        "ls", "show", "find", "tree", "where", "help", "validate", "render", "route", "check reachability", "history", "session export",
    ]

    /// Whether `line` changes the document or the context later commands resolve in.
    public static func changesState(_ line: String) -> Bool {
        guard let tokens = try? Tokenizer.tokens(line), let (spec, _) = match(tokens) else { return false }
        return !viewing.contains(spec.name)
    }

    /// Whether `line` reads as a command at all (whatever its arguments): a script whose lines do
    /// not is not a script.
    public static func recognises(_ line: String) -> Bool {
        guard let tokens = try? Tokenizer.tokens(line) else { return false }
        return match(tokens) != nil
    }

    /// Runs `line`. Returns the text to print (empty for blank lines and comments).
    public static func execute(_ line: String, in session: inout EditingSession) throws(EditError) -> String {
        session.lastMinted = []
        let tokens: [Token]
        do {
            tokens = try Tokenizer.tokens(line)
        } catch {
            throw EditError(error.message)
        }
        guard let first = tokens.first else { return "" }
        guard let (spec, rest) = match(tokens) else {
            let known = Set(commands.map { $0.words[0] })
            let hint = known.contains(first.text) ? "; `help \(first.text)` lists its forms" : "; `help` lists the commands"
            throw EditError("unknown command \"\(TerminalText.excerpt(tokens.prefix(2).map(\.text).joined(separator: " ")))\"\(hint)", argument: first.text)
        }
        let invocation = try Invocation(command: spec.name, tokens: rest)
        do {
            let output = try spec.run(&session, invocation)
            session.forgetVanishedContext()
            session.record(spec.name, line: line, output: output)
            return output
        } catch let error as EditError {
            throw error
        } catch {
            throw EditError("\(spec.name): \(error)")
        }
    }
}

extension EditingSession {
    /// Performs an edit through the history; binds `as NAME` to the first id it minted.
    mutating func perform(_ command: some EditCommand, _ invocation: Invocation) throws(EditError) -> String {
        var handle: String?
        if let words = invocation.after("as", count: 1), let name = words.first {
            guard name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }), !name.isEmpty else {
                throw EditError("as: a handle is letters, digits and _ (then use it as $\(TerminalText.excerpt(name)))", argument: "as")
            }
            handle = name
        }
        let patch = try history.perform(command, ids: &ids)
        markDirty()
        lastMinted = patch.mintedIDs
        if let first = patch.mintedIDs.first {
            lastCreated = first
            if let handle { handles[handle] = first }
        }
        for id in patch.mintedIDs where document.feature(id)?.featureType == "navPath" { lastNode = id }
        let minted = patch.mintedIDs.isEmpty ? "" : " [" + patch.mintedIDs.map { String($0.prefix(8)) }.joined(separator: ", ") + "]"
        return patch.label + minted + (handle.map { " as $\($0)" } ?? "")
    }
}

extension EditingSession {
    /// Keeps the transcript `session export` writes in step with the history.
    mutating func record(_ command: String, line: String, output: String) {
        let text = line.trimmingCharacters(in: .whitespaces)
        switch command {
        case "undo":
            for _ in output.split(separator: "\n") where output.hasPrefix("undid") {
                guard let index = transcript.lastIndex(where: { if case .step = $0 { return true } else { return false } }),
                    case .step(let commands) = transcript[index]
                else { break }
                transcript.remove(at: index)
                undoneSteps.append(commands)
            }
        case "redo":
            for _ in output.split(separator: "\n") where output.hasPrefix("redid") {
                guard let step = undoneSteps.popLast() else { break }
                transcript.append(.step(step))
            }
        case "begin": openGroup = []
        case "commit":
            if let group = openGroup, !group.isEmpty { transcript.append(.step(group)) }
            openGroup = nil
            undoneSteps.removeAll()
        case "rollback": openGroup = nil
        case "use building", "use level", "frame": transcript.append(.context(text))
        default:
            guard !Interpreter.viewing.contains(command), command != "save", command != "session export" else { return }
            if openGroup != nil {
                openGroup!.append(text)
            } else {
                transcript.append(.step([text]))
                undoneSteps.removeAll()
            }
        }
    }

    /// The session as a clean script: what makes the document from the archive, undone steps left out.
    public var exportedScript: String {
        var lines = ["# imdf session" + (archivePath.map { " on \($0)" } ?? "") + ": the commands that made the document, undone steps left out"]
        for entry in transcript {
            switch entry {
            case .context(let line): lines.append(line)
            case .step(let commands) where commands.count == 1: lines.append(commands[0])
            case .step(let commands): lines += ["begin"] + commands + ["commit"]
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
