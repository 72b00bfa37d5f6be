// What `fix` says: for a dry run, the repairs it would make grouped by code, with counts and the
// first command lines of each; after a fix, one line per code of what changed; and in both, the
// repairs held back because they remove data, and those that could not run.

import IMDF
import Validation
import Workbench

enum RepairWording {
    /// Command lines shown for each code of a dry run.
    static let linesPerCode = 3

    static func dryRun(_ run: RepairRun, command: String, destructive: Bool, short: ShortIDs) -> String {
        let ran = run.items.filter(\.ran)
        let features = Set(ran.flatMap { $0.patch?.changes.map(\.featureID) ?? [] }).count
        var lines = [
            "\(command) --dry-run: \(count(ran.count, "repair")) would change \(count(features, "feature"))\(destructive ? "" : " (data kept)"); nothing was changed"
        ]
        for (code, items) in grouped(ran) {
            lines.append("  \(column(code)) \(pad(items.count))  \(code.title)")
            lines += sample(items, short)
        }
        lines += heldBack(run, command: command, short: short, withLines: true)
        lines += failed(run, short: short)
        return lines.joined(separator: "\n")
    }

    /// After a fix: the step, one line per code saying what changed, then what was held back
    /// or failed.
    static func done(_ run: RepairRun, patch: Patch, command: String, short: ShortIDs) -> String {
        var lines = ["\(patch.label): \(count(Set(patch.changes.map(\.featureID)).count, "feature")) changed (undo reverts them all)"]
        for (code, items) in grouped(run.items.filter(\.ran)) {
            lines.append(
                "  \(column(code)) \(pad(items.count)) \(items.count == 1 ? "repair: " : "repairs:") \(changed(items.compactMap(\.patch)))")
        }
        lines += heldBack(run, command: command, short: short, withLines: false)
        lines += failed(run, short: short)
        return lines.joined(separator: "\n")
    }

    /// Why a fix changed nothing: every repair was held back or failed.
    static func nothingRan(_ run: RepairRun, command: String, short: ShortIDs) -> String {
        let held = run.items.filter { $0.loss != nil }
        let failures = run.items.compactMap { item in item.failure.map { "`\(item.repair.commandLine(short))` (\($0))" } }
        var parts: [String] = []
        if !held.isEmpty {
            parts.append(
                "\(held.count == 1 ? "its repair removes" : "its \(held.count) repairs remove") data (\(losses(held))); `\(command) --destructive` runs \(held.count == 1 ? "it" : "them")"
            )
        }
        if !failures.isEmpty {
            parts.append(
                "\(count(failures.count, "repair")) could not run: \(failures.prefix(3).joined(separator: "; "))\(failures.count > 3 ? "; and \(failures.count - 3) more" : "")"
            )
        }
        return "\(command): \(parts.joined(separator: "; ")); nothing was changed"
    }

    // MARK: - Parts

    private static func heldBack(_ run: RepairRun, command: String, short: ShortIDs, withLines: Bool) -> [String] {
        let held = run.items.filter { $0.loss != nil }
        guard !held.isEmpty else { return [] }
        var lines = ["held back: \(count(held.count, "repair")) that remove data (`\(command) --destructive` runs them)"]
        for (code, items) in grouped(held) {
            lines.append("  \(column(code)) \(pad(items.count))  \(code.title): \(losses(items))")
            if withLines { lines += sample(items, short) }
        }
        return lines
    }

    private static func failed(_ run: RepairRun, short: ShortIDs) -> [String] {
        let failures = run.items.compactMap { item in item.failure.map { "`\(item.repair.commandLine(short))` (\($0))" } }
        guard !failures.isEmpty else { return [] }
        return [
            "\(count(failures.count, "repair")) could not run and \(failures.count == 1 ? "was" : "were") left out: "
                + failures.prefix(5).joined(separator: "; ") + (failures.count > 5 ? "; and \(failures.count - 5) more" : "")
        ]
    }

    /// The first command lines of a group, and how many more there are.
    private static func sample(_ items: [RepairRun.Item], _ short: ShortIDs) -> [String] {
        var lines = items.prefix(linesPerCode).map { "        " + $0.repair.commandLine(short) }
        if items.count > linesPerCode { lines.append("        and \(items.count - linesPerCode) more") }
        return lines
    }

    /// The items by code, codes in the order their first repair came.
    private static func grouped(_ items: [RepairRun.Item]) -> [(FindingCode, [RepairRun.Item])] {
        var order: [FindingCode] = []
        var groups: [FindingCode: [RepairRun.Item]] = [:]
        for item in items {
            if groups[item.code] == nil { order.append(item.code) }
            groups[item.code, default: []].append(item)
        }
        return order.map { ($0, groups[$0]!) }
    }

    /// What held-back repairs would remove: `removes the building's geometry (80)`.
    private static func losses(_ items: [RepairRun.Item]) -> String {
        var order: [String] = []
        var counts: [String: Int] = [:]
        for loss in items.flatMap({ $0.loss ?? [] }) {
            let text = loss.description
            if counts[text] == nil { order.append(text) }
            counts[text, default: 0] += 1
        }
        return order.map { "\($0) (\(counts[$0]!))" }.joined(separator: ", ")
    }

    /// What the patches changed, by what changed and the features' types: `display_point of 23
    /// units and 1 level; geometry of 17 anchors`.
    static func changed(_ patches: [Patch]) -> String {
        var order: [String] = []
        var byWhat: [String: (types: [String], ids: [String: Set<String>])] = [:]
        func note(_ what: String, _ type: String, _ id: String) {
            if byWhat[what] == nil {
                order.append(what)
                byWhat[what] = ([], [:])
            }
            if byWhat[what]!.ids[type] == nil { byWhat[what]!.types.append(type) }
            byWhat[what]!.ids[type, default: []].insert(id)
        }
        for change in patches.flatMap(\.changes) {
            switch change {
            case .create(let feature, _, _): note("created", feature.featureType, feature.id)
            case .delete(let feature, _, _): note("deleted", feature.featureType, feature.id)
            case .modify(let before, let after): note(changedMembers(before, after), before.featureType, before.id)
            }
        }
        return order.map { what in
            let entry = byWhat[what]!
            let features = entry.types.map { count(entry.ids[$0]!.count, $0) }.joined(separator: ", ")
            return what == "created" || what == "deleted" ? "\(what) \(features)" : "\(what) of \(features)"
        }.joined(separator: "; ")
    }

    /// The members a modification changed: `geometry`, `display_point`, `neighbours`.
    private static func changedMembers(_ before: Feature, _ after: Feature) -> String {
        var members: [String] = []
        if before.geometryMember != after.geometryMember { members.append("geometry") }
        var keys = before.properties.keys
        keys += after.properties.keys.filter { !before.properties.contains(key: $0) }
        members += keys.filter { before.properties[$0] != after.properties[$0] }
        return members.isEmpty ? "nothing" : members.joined(separator: ", ")
    }

    private static func column(_ code: FindingCode) -> String { code.rawValue.padding(toLength: 4, withPad: " ", startingAt: 0) }
    private static func pad(_ number: Int) -> String {
        let text = number.grouped
        return String(repeating: " ", count: max(0, 5 - text.count)) + text
    }

    /// `1 repair`, `3 repairs`, `2 addresses`, `4 amenities`.
    static func count(_ number: Int, _ noun: String) -> String {
        number == 1 ? "1 \(noun)" : "\(number.grouped) \(noun.pluralNoun)"
    }
}

extension RepairRun.Item {
    fileprivate var ran: Bool { patch != nil }
    fileprivate var patch: Patch? { if case .ran(let patch) = outcome { patch } else { nil } }
    fileprivate var loss: [DataLoss]? { if case .heldBack(let loss) = outcome { loss } else { nil } }
    fileprivate var failure: String? { if case .failed(let message) = outcome { message } else { nil } }
}
