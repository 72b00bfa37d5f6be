// N4-N7: rooms no route reaches, and why. These are raised by the prompt's `check reachability`,
// which walks the routing graph (Workbench's RoutingGraph); `validate` checks the archive's own
// rules and does not raise them. Declared here, beside the other routing codes, so they are filtered,
// explained and listed like every other code.

extension FindingCode {
    public static let N4 = FindingCode(
        "N4", .warning, "room with no opening: no route reaches it",
        explanation: """
            a unit people walk into has no opening within 0.5 m of its outline, so no route reaches it; raised by `check \
            reachability`, not by `validate`
            """,
        repair: "`add opening`")
    public static let N5 = FindingCode(
        "N5", .warning, "room whose openings lie on none of its walls",
        explanation: """
            a unit no route reaches has openings inside or near it (within 2 m) but none within 0.5 m of its outline, so no door \
            joins it to its neighbours; raised by `check reachability`, not by `validate`
            """,
        repair: "`move opening`")
    public static let N6 = FindingCode(
        "N6", .warning, "room on a level no stairs, elevator, escalator or ramp joins to the others",
        explanation: """
            a unit no route reaches from the rest of its building stands on a level that no path link joins to another level \
            (no stairs, elevator, escalator or ramp overlaps one on the adjacent level); raised by `check reachability`, not by \
            `validate`
            """,
        repair: "`graph build --replace` after drawing the stairs or elevator")
    public static let N7 = FindingCode(
        "N7", .warning, "room the routing graph does not reach",
        explanation: """
            a unit with a door that no route reaches from the rest of its building: no path node stands for it or in it, or its \
            doors lead only to spaces cut off from the rest; raised by `check reachability`, not by `validate`
            """,
        repair: "`graph build`")
}

enum ReachabilityCodes {
    static let declarations = RuleDeclarations(codes: [.N4, .N5, .N6, .N7])
}
