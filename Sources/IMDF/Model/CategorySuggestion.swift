// The value of an enumeration that a misspelt one was meant to be, where there is a convincing
// one: validation names it in findings, `set` in its refusals, and the shell uses the same
// distance for misspelt options and commands.

import Synchronization

/// The valid value closest to a misspelt or foreign one, for "did you mean" suggestions: a valid
/// dotted prefix (`foodservice.coffee` -> `foodservice`) wins, else the smallest edit distance.
public enum Suggestion {
    /// Whether `suggestion` is close enough to `value` to offer it as a fix: a dotted prefix, or a
    /// misspelling (a quarter of the letters or fewer differ). "shop" is nearest to "ramp" by
    /// spelling, which names the nearest value but is no repair.
    public static func isConvincing(_ suggestion: String, for value: String) -> Bool {
        value.hasPrefix(suggestion + ".") || editDistance(value.lowercased(), suggestion) <= Swift.max(1, value.count / 4)
    }

    /// The convincing suggestion for `value` in `list`, if there is one.
    public static func convincing(for value: String, in list: CategoryList) -> String? { answer(value, list).convincing }

    /// What to tell someone who gave `value` where `list` applies: a convincing suggestion, and
    /// the other enumerations it belongs to. Only a convincing suggestion is named: the nearest
    /// spelling of "classroom" among occupant categories is "fastfood", which helps nobody; a value
    /// of another enumeration (a unit category put on an occupant) explains where it came from.
    public static func hint(for value: String, in list: CategoryList) -> String { answer(value, list).hint }

    /// `convincing` and `hint` at once.
    public static func advice(for value: String, in list: CategoryList) -> (convincing: String?, hint: String) {
        let answer = answer(value, list)
        return (answer.convincing, answer.hint)
    }

    private struct Question: Hashable {
        let value: String
        let list: CategoryList
    }

    private struct Answer {
        let convincing: String?
        let hint: String
    }

    /// Answers already worked out. An archive repeats its wrong values (24,000 occupants with one
    /// unit category): each is searched for once, so validation does not slow down with the
    /// number of findings. Validation runs on several threads, hence the lock; the memory is
    /// bounded, though the enumerations never change.
    private static let answers = Mutex<[Question: Answer]>([:])
    private static let rememberedAnswers = 10_000

    private static func answer(_ value: String, _ list: CategoryList) -> Answer {
        let question = Question(value: value, list: list)
        if let known = answers.withLock({ $0[question] }) { return known }
        let convincing = closest(to: value, in: list.values).flatMap { isConvincing($0, for: value) ? $0 : nil }
        let elsewhere = CategoryList.allCases.filter { $0 != list && $0.contains(value) }.map(\.rawValue)
        var hint = convincing.map { "; did you mean \"\($0)\"?" } ?? ""
        if !elsewhere.isEmpty { hint += " (it is a value of \(elsewhere.joined(separator: " and ")))" }
        let answer = Answer(convincing: convincing, hint: hint)
        answers.withLock {
            if $0.count >= rememberedAnswers { $0.removeAll() }
            $0[question] = answer
        }
        return answer
    }

    public static func closest(to value: String, in candidates: [String]) -> String? {
        var prefix = value
        while let dot = prefix.lastIndex(of: ".") {
            prefix = String(prefix[..<dot])
            if candidates.contains(prefix) { return prefix }
        }
        let lowered = value.lowercased()
        if let exact = candidates.first(where: { $0 == lowered }) { return exact }
        var best: (String, Int)?
        for candidate in candidates {
            let distance = editDistance(lowered, candidate)
            if best == nil || distance < best!.1 { best = (candidate, distance) }
        }
        return best?.0
    }

    /// The optimal string alignment distance: insertions, deletions, substitutions, and swaps of
    /// neighbouring letters (`widht` is one step from `width`).
    public static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a.utf8)
        let b = Array(b.utf8)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var beforePrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = Swift.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = Swift.min(current[j], beforePrevious[j - 2] + 1)
                }
            }
            (beforePrevious, previous, current) = (previous, current, beforePrevious)
        }
        return previous[b.count]
    }
}
