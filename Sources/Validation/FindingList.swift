// The findings of a report, in the report's order, left in the lists the rules made them in.
//
// A report of 144,000 findings is 32 MB of findings (224 bytes each). Moving them into one list in
// the report's order took 20-120 ms on one core, most of it the first touch of the fresh memory:
// longer than writing the report. The order is kept instead, as runs of findings that lie one
// after another in one list (a check that reports one thing per feature gives long runs; where a
// rule reports several codes of each feature in turn, as on the workload of 144,000 findings, a
// run averages two), and each finding is read where its rule put it.

/// The findings of a report in the report's order.
public struct FindingList: RandomAccessCollection, Sendable {
    /// Findings that lie one after another in one of the lists.
    @usableFromInline struct Run: Sendable {
        @usableFromInline var group: Int32
        @usableFromInline var start: Int32
        @usableFromInline var count: Int32
    }

    /// The lists of findings as the rules made them.
    @usableFromInline let groups: [[Finding]]
    /// The report's order: runs of findings of `groups`, each finding named once.
    @usableFromInline let runs: [Run]
    /// Where each run starts in the report, and the number of findings after the last one.
    @usableFromInline let runStarts: [Int]

    /// `findings` in the order they are given.
    public init(_ findings: [Finding] = []) {
        groups = [findings]
        runs = findings.isEmpty ? [] : [Run(group: 0, start: 0, count: Int32(truncatingIfNeeded: findings.count))]
        runStarts = findings.isEmpty ? [0] : [0, findings.count]
    }

    /// The findings of `groups` in `order`, which names each finding of `groups` once: its list
    /// in the high 32 bits, its place in the list in the low 32.
    init(groups: [[Finding]], order: [UInt64]) {
        self.groups = groups
        var runs: [Run] = []
        var runStarts: [Int] = []
        var last: UInt64?
        for (position, key) in order.enumerated() {
            if let previous = last, key == previous + 1, runs[runs.count - 1].count < Int32.max {
                runs[runs.count - 1].count += 1
            } else {
                runs.append(Run(group: Int32(truncatingIfNeeded: key >> 32), start: Int32(truncatingIfNeeded: key & 0xFFFF_FFFF), count: 1))
                runStarts.append(position)
            }
            last = key
        }
        runStarts.append(order.count)
        self.runs = runs
        self.runStarts = runStarts
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { runStarts[runStarts.count - 1] }

    public subscript(position: Int) -> Finding {
        precondition(position >= 0 && position < endIndex, "a finding of the report")
        let run = run(holding: position)
        return groups[Int(runs[run].group)][Int(runs[run].start) + position - runStarts[run]]
    }

    /// The run that holds `position` of the report, found by halving.
    @usableFromInline func run(holding position: Int) -> Int {
        var (low, high) = (0, runs.count)
        while high - low > 1 {
            let middle = (low + high) / 2
            if runStarts[middle] <= position { low = middle } else { high = middle }
        }
        return low
    }

    /// Calls `body` with the place in the report and the finding of each place in `range`, in
    /// order, each given where it lies: a copy of a finding retains each of its strings, which
    /// took a tenth of writing a report of 144,000 findings. The pointer is valid during the call.
    @inlinable
    public func forEach(in range: Range<Int>, _ body: (Int, UnsafePointer<Finding>) -> Void) {
        guard !range.isEmpty else { return }
        var index = run(holding: range.lowerBound)
        while index < runs.count && runStarts[index] < range.upperBound {
            let (run, position) = (runs[index], runStarts[index])
            let first = Swift.max(position, range.lowerBound)
            let end = Swift.min(position + Int(run.count), range.upperBound)
            groups[Int(run.group)].withUnsafeBufferPointer { findings in
                let offset = Int(run.start) - position
                guard let base = findings.baseAddress else { return }
                for place in first..<end { body(place, base + place + offset) }
            }
            index += 1
        }
    }

    /// `forEach(in:)` over all findings.
    @inlinable
    public func forEach(_ body: (Int, UnsafePointer<Finding>) -> Void) {
        forEach(in: startIndex..<endIndex, body)
    }
}
