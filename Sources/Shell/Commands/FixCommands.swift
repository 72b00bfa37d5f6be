// `fix CODE|all`: the repairs validation proposes, run as edit values, all in one undo step. A
// repair that fails is left out and named, so one repair that cannot run holds back no other.
// `findings on|off`: whether each edit is followed by the findings it introduced or resolved.

import Validation
import Workbench

enum FixCommands {
    static let all: [CommandSpec] = [
        CommandSpec(
            "fix", [.positional(Parameter("CODE", .findingCode, or: ["all"]), .required)], changesDocument: true,
            "apply the repairs validation suggests (of one finding code, or all) as one undo step", example: "fix F4c"
        ) { session, args in
            // The grammar has checked the word: a finding code, or all.
            let code = FindingCode.matching(args.word("CODE"))
            var repairs: [Repair] = []
            let report = session.validation
            for finding in report.findings where code == nil || finding.code == code {
                if let repair = finding.fix?.repair, repair.isAutomatic, !repairs.contains(repair) { repairs.append(repair) }
            }
            guard !repairs.isEmpty else {
                throw EditError(
                    "fix: no finding\(code.map { " \($0.rawValue)" } ?? "") has a repair that can run unattended (`validate` shows the suggested commands)",
                    argument: "CODE")
            }
            // The repairs are one step of this `fix`: the journal keeps the `fix` line with the
            // ids it minted, and a replay computes the same repairs from the same document.
            try session.history.begin("fix \(code?.rawValue ?? "all")")
            // A repair that cannot run is left out and named; it does not hold back the others
            // (each repair is all-or-nothing on its own, so none is left half-done).
            var failed: [String] = []
            for repair in repairs {
                do throws(EditError) {
                    if let edit = try repair.edit(in: &session) { try session.history.perform(edit, ids: &session.ids) }
                } catch {
                    failed.append("`\(repair.commandLine(report.shortIDs))` (\(error.message))")
                }
            }
            guard failed.count < repairs.count else {
                try? session.history.rollback()
                throw EditError(
                    "fix: no repair could run: \(failed.prefix(3).joined(separator: "; "))\(failed.count > 3 ? "; and \(failed.count - 3) more" : ""); nothing was changed",
                    argument: "CODE")
            }
            let ran = repairs.count - failed.count
            let patch = try session.history.commit(label: "fix \(code?.rawValue ?? "all") (\(ran) repair\(ran == 1 ? "" : "s"))")
            var message = "\(patch.label): \(patch.changes.count) features changed (undo reverts them all)"
            if !failed.isEmpty {
                message +=
                    "\n\(failed.count) repair\(failed.count == 1 ? "" : "s") could not run and \(failed.count == 1 ? "was" : "were") left out: "
                    + failed.prefix(5).joined(separator: "; ") + (failed.count > 5 ? "; and \(failed.count - 5) more" : "")
            }
            return CommandOutcome(.edit(patch), message)
        },
        // A choice of what to show, like `frame` without an origin: not an edit, not journaled.
        CommandSpec(
            "findings", [.positional(Parameter("on|off", .words(["on", "off"])), .optional)], changesDocument: false,
            "after each edit, one line of the findings it introduced or resolved (on at the prompt); off stops it",
            example: "findings off"
        ) { session, args in
            if let choice = args.optionalWord("on|off") { session.reportsEditFindings = choice == "on" }
            return .view("findings of each edit: \(session.reportsEditFindings ? "on" : "off")")
        },
    ]
}
