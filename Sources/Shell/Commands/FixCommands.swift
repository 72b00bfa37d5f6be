// `fix CODE|all`: the repairs validation suggests, carried out as the commands the findings name,
// all in one undo step. A repair that fails rolls every one of them back, so the document is never
// left half-fixed.

import Validation
import Workbench

enum FixCommands {
    static let all: [CommandSpec] = [
        CommandSpec("fix", "fix CODE|all", "apply the repairs validation suggests (of one finding code, or all) as one undo step",
            example: "fix F4c") { session, args in
            let asked = try args.word(0, "CODE")
            let code = FindingCode.allCases.first { $0.rawValue.lowercased() == asked.lowercased() }
            guard asked.lowercased() == "all" || code != nil else {
                throw EditError("fix: \"\(asked)\" is not a finding code (`validate` shows the codes; or fix all)", argument: "CODE")
            }
            let report = session.validation
            var commands: [String] = []
            for finding in report.findings where code == nil || finding.code == code {
                if let fix = finding.fix, fix.automatic, let command = fix.command, !commands.contains(command) { commands.append(command) }
            }
            guard !commands.isEmpty else {
                throw EditError("fix: no finding\(code.map { " \($0.rawValue)" } ?? "") has a repair that can run unattended (`validate` shows the suggested commands)", argument: "CODE")
            }
            // The repairs are one step of this `fix`: the transcript and the journal keep the
            // `fix` line alone, and a replay computes the same repairs from the same document.
            let transcript = (session.transcript, session.undoneSteps)
            defer { (session.transcript, session.undoneSteps) = transcript }
            try session.history.begin("fix \(code?.rawValue ?? "all") (\(commands.count) repairs)")
            var minted: [String] = []
            for command in commands {
                do throws(EditError) {
                    _ = try Interpreter.execute(command, in: &session)
                    minted += session.lastMinted
                } catch {
                    try? session.history.rollback()
                    throw EditError("fix: the repair `\(command)` failed (\(error.message)); nothing was changed", argument: "CODE")
                }
            }
            let patch = try session.history.commit()
            session.markDirty()
            session.lastMinted = minted
            return "\(patch.label): \(patch.changes.count) features changed (undo reverts them all)"
        }
    ]
}
