// A cut-out of the document: the features in question and everything they name, up the
// hierarchy, so that validating the cut-out sees what validating the whole would see of them.

package enum CutOut {
    /// The ids reached from `start` by following `targets` (the ids a feature names) transitively,
    /// each admitted by `admit`; `start` itself is not in the result.
    package static func closure(from start: Set<String>, targets: (String) -> [String], admit: (String) -> Bool) -> Set<String> {
        var seen = start
        var reached = Set<String>()
        var pending = Array(start)
        while let id = pending.popLast() {
            for target in targets(id) where !seen.contains(target) && admit(target) {
                seen.insert(target)
                reached.insert(target)
                pending.append(target)
            }
        }
        return reached
    }
}
