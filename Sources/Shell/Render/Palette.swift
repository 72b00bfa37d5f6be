// Colours by unit category, shared by the terminal and the SVG so a room is the same colour in
// both. Categories fall into a few families (rooms, teaching, circulation, ...) because sixty-odd
// distinct colours could not be told apart; anything unknown is "other".

public enum Palette {
    public struct Family: Sendable, Equatable {
        public let name: String
        /// A light fill for SVG, under dark text.
        public let fill: String
        /// A dark xterm-256 background for the terminal, under light text.
        public let terminal: Int
    }

    public static let rooms = Family(name: "rooms", fill: "#cfe0f5", terminal: 24)
    public static let teaching = Family(name: "teaching", fill: "#ddd0f0", terminal: 54)
    public static let circulation = Family(name: "circulation", fill: "#f4efe1", terminal: 238)
    public static let vertical = Family(name: "stairs and lifts", fill: "#f8d6b0", terminal: 130)
    public static let restrooms = Family(name: "restrooms", fill: "#c8ebe6", terminal: 23)
    public static let food = Family(name: "food", fill: "#f5d3d8", terminal: 89)
    public static let service = Family(name: "service", fill: "#e3d8c8", terminal: 94)
    public static let structure = Family(name: "structure", fill: "#b8b8b8", terminal: 240)
    public static let outdoor = Family(name: "outdoor", fill: "#d3ecc4", terminal: 22)
    public static let other = Family(name: "other", fill: "#ececec", terminal: 236)

    public static let families = [rooms, teaching, circulation, vertical, restrooms, food, service, structure, outdoor, other]

    private static let byCategory: [String: Family] = {
        var map: [String: Family] = [:]
        let groups: [(Family, [String])] = [
            (rooms, ["room", "office", "conferenceroom", "huddleroom", "phoneroom", "privatelounge", "mothersroom"]),
            (teaching, ["classroom", "auditorium", "theater", "movietheater", "library", "laboratory"]),
            (circulation, ["walkway", "walkway.island", "lobby", "footbridge", "platform", "movingwalkway", "ramp", "unenclosedarea", "waitingroom", "lounge"]),
            (vertical, ["elevator", "escalator", "stairs", "steps"]),
            (restrooms, ["shower", "firstaid"]),
            (food, ["foodservice", "kitchen"]),
            (service, ["storage", "mailroom", "serverroom", "nonpublic", "parking"]),
            (structure, ["structure", "column", "brick", "concrete", "drywall", "glass", "wood", "opentobelow"]),
            (outdoor, ["vegetation", "terrace", "road", "fieldofplay", "recreation", "fitnessroom", "smokingarea"]),
        ]
        for (family, categories) in groups { for category in categories { map[category] = family } }
        return map
    }()

    public static func family(of category: String) -> Family {
        if category.hasPrefix("restroom") { return restrooms }
        return byCategory[category] ?? other
    }

    /// Whether to colour terminal output: a terminal that is not `dumb`, and no `NO_COLOR`
    /// (no-color.org: any non-empty value turns colour off).
    public static func terminalColour(isTerminal: Bool, environment: [String: String]) -> Bool {
        isTerminal && (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb" && environment["TERM"] != nil
    }
}
