// Whether the terminal picture is drawn in colour; the colours themselves are IMDF's Palette.

import IMDF

extension Palette {
    /// Whether to colour terminal output: a terminal that is not `dumb`, and no `NO_COLOR`
    /// (no-color.org: any non-empty value turns colour off).
    public static func terminalColour(isTerminal: Bool, environment: [String: String]) -> Bool {
        isTerminal && (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb" && environment["TERM"] != nil
    }
}
