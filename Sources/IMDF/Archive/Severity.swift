/// How bad a finding about an archive is, the most severe first: the scale validation reports in
/// and a level's picture marks findings with. Kept here, below both, so that drawing a picture
/// does not need the rule set.
public enum Severity: String, Sendable, Hashable, Comparable, CaseIterable, Codable {
    case error
    case warning
    case info

    public static func < (lhs: Severity, rhs: Severity) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
