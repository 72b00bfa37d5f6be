// `fix CODE|all`: the repairs validation proposes, run as edit values, all in one undo step. A
// repair that fails rolls every one of them back, so the document is never left half-fixed.
// `findings on|off`: whether each edit is followed by the findings it introduced or resolved.

import Validation
import Workbench

enum FixCommands {
    static let all: [CommandSpec] = [
        CommandSpec("fix", [.positional(Parameter("CODE", .findingCode, or: ["all"]), .required)], changesDocument: true,
            "apply the repairs validation suggests (of one finding code, or all) as one undo step", example: "fix F4c") { session, args in
            // The grammar has checked the word: a finding code, or all.
            let code = FindingCode.matching(args.word("CODE"))
            var repairs: [Repair] = []
            for finding in session.validation.findings where code == nil || finding.code == code {
                if let repair = finding.fix?.repair, repair.isAutomatic, !repairs.contains(repair) { repairs.append(repair) }
            }
            guard !repairs.isEmpty else {
                throw EditError("fix: no finding\(code.map { " \($0.rawValue)" } ?? "") has a repair that can run unattended (`validate` shows the suggested commands)", argument: "CODE")
            }
            // The repairs are one step of this `fix`: the journal keeps the `fix` line with the
            // ids it minted, and a replay computes the same repairs from the same document.
            try session.history.begin("fix \(code?.rawValue ?? "all") (\(repairs.count) repairs)")
            for repair in repairs {
                do throws(EditError) {
                    if let edit = try repair.edit(in: &session) { try session.history.perform(edit, ids: &session.ids) }
                } catch {
                    try? session.history.rollback()
                    throw EditError("fix: the repair `\(repair.commandLine)` failed (\(error.message)); nothing was changed", argument: "CODE")
                }
            }
            let patch = try session.history.commit()
            return CommandOutcome(.edit(patch), "\(patch.label): \(patch.changes.count) features changed (undo reverts them all)")
        },
        // A choice of what to show, like `frame` without an origin: not an edit, not journaled.
        CommandSpec("findings", [.positional(Parameter("on|off", .words(["on", "off"])), .optional)], changesDocument: false,
            "after each edit, one line of the findings it introduced or resolved (on at the prompt); off stops it",
            example: "findings off") { session, args in
            if let choice = args.optionalWord("on|off") { session.reportsEditFindings = choice == "on" }
            return .view("findings of each edit: \(session.reportsEditFindings ? "on" : "off")")
        },
    ]
}
