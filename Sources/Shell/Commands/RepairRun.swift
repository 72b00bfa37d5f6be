// The repairs `fix` runs, one edit each, and what became of each: run (with its patch), held back
// because its patch removes data, or failed. The same run serves `fix` and `fix --dry-run` (on a
// copy of the session that is then dropped), so a dry run lists exactly what `fix` would do.

import Validation
import Workbench

struct RepairRun {
    enum Outcome {
        case ran(Patch)
        /// Its patch removes data and `--destructive` was not given.
        case heldBack([DataLoss])
        case failed(String)
    }

    struct Item {
        let code: FindingCode
        let repair: Repair
        let outcome: Outcome
    }

    var items: [Item] = []

    var ranCount: Int { items.count { if case .ran = $0.outcome { true } else { false } } }

    /// The repairs `fix` may run unattended for the findings of `code` (nil: all), each once, with
    /// the code of the first finding that proposed it, in the report's order.
    static func proposed(by report: ValidationReport, code: FindingCode?) -> [(code: FindingCode, repair: Repair)] {
        var seen: Set<Repair> = []
        var proposed: [(code: FindingCode, repair: Repair)] = []
        for finding in report.findings where code == nil || finding.code == code {
            if let repair = finding.fix?.repair, repair.isAutomatic, seen.insert(repair).inserted {
                proposed.append((finding.code, repair))
            }
        }
        return proposed
    }

    /// Runs the repairs one after another on `session`'s history, each all-or-nothing: a repair
    /// whose planned patch removes data is not applied unless `destructive`, and one that fails is
    /// left out, holding back no other.
    static func perform(_ proposed: [(code: FindingCode, repair: Repair)], in session: inout EditingSession, destructive: Bool) -> RepairRun
    {
        var run = RepairRun()
        for (code, repair) in proposed {
            do throws(EditError) {
                guard let edit = try repair.edit(in: &session) else { continue }
                if !destructive {
                    // Planned on the document as it stands, which planning never changes.
                    var ids = session.ids
                    let lost = try edit.plan(session.document, ids: &ids).dataLoss
                    if !lost.isEmpty {
                        run.items.append(Item(code: code, repair: repair, outcome: .heldBack(lost)))
                        continue
                    }
                }
                let patch = try session.history.perform(edit, ids: &session.ids)
                run.items.append(Item(code: code, repair: repair, outcome: .ran(patch)))
            } catch {
                run.items.append(Item(code: code, repair: repair, outcome: .failed(error.message)))
            }
        }
        return run
    }
}
