// `fix CODE|all [--dry-run] [--destructive]`: the repairs validation proposes, run as edit values,
// all in one undo step. A repair that fails is left out and named, so one repair that cannot run
// holds back no other. A repair whose patch removes data (deletes a feature, removes a geometry,
// clears a property that held a value) is held back and listed unless `--destructive` is given;
// `--dry-run` lists what would run, by code, and changes nothing.
// `findings on|off`: whether each edit is followed by the findings it introduced or resolved.

import FindingReports
import Validation
import Workbench

enum FixCommands {
    static let all: [CommandSpec] = [
        CommandSpec(
            "fix", [.positional(Parameter("CODE", .findingCode, or: ["all"]), .required), .flag("--dry-run"), .flag("--destructive")],
            changesDocument: true,
            "apply the repairs validation suggests (of one finding code, or all) as one undo step; --dry-run lists them",
            example: "fix all --dry-run",
            help: [
                "--dry-run": "list the repairs by code, with the first command lines of each, and change nothing",
                "--destructive": "also run the repairs that remove data (delete a feature, remove a geometry, clear a property)",
            ]
        ) { session, args in
            // The grammar has checked the word: a finding code, or all.
            let code = FindingCode.matching(args.word("CODE"))
            let name = "fix \(code?.rawValue ?? "all")"
            let report = session.validation
            let proposed = RepairRun.proposed(by: report, code: code)
            guard !proposed.isEmpty else {
                throw EditError(
                    "fix: no finding\(code.map { " \($0.rawValue)" } ?? "") has a repair that can run unattended (`validate` shows the suggested commands)",
                    argument: "CODE")
            }
            let destructive = args.flag("--destructive")
            let short = report.shortIDs
            if args.flag("--dry-run") {
                // The repairs run on a copy of the session, which is then dropped: the document,
                // the history and the journal never see them.
                var trial = session
                let run = RepairRun.perform(proposed, in: &trial, destructive: destructive)
                return .view(RepairWording.dryRun(run, command: name, destructive: destructive, short: short))
            }
            // The repairs are one step of this `fix`: the journal keeps the `fix` line with the
            // ids it minted, and a replay computes the same repairs from the same document.
            try session.history.begin(name)
            let run = RepairRun.perform(proposed, in: &session, destructive: destructive)
            guard run.ranCount > 0 else {
                try? session.history.rollback()
                throw EditError(RepairWording.nothingRan(run, command: name, short: short), argument: "CODE")
            }
            let patch = try session.history.commit(label: "\(name) (\(run.ranCount) repair\(run.ranCount == 1 ? "" : "s"))")
            return CommandOutcome(.edit(patch), RepairWording.done(run, patch: patch, command: name, short: short))
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
