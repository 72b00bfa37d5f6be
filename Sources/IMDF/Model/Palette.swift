// Colours by unit category, shared by the terminal, the SVG and the styles a GeoPackage carries
// for QGIS, so a room is the same colour in all three. Categories fall into a few families (rooms,
// teaching, circulation, ...) because sixty-odd distinct colours could not be told apart; anything
// unknown is "other".
//
// The table lives here, beside the category enumerations it colours, because both the renderers
// (Shell) and the GeoPackage writer (Interchange) need it and neither may depend on the other;
// handing it to the writer through the GDAL helper's request instead would leave a GeoPackage
// written by any other caller (the library, the tests) without its styles.

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

    /// Openings (doors) are drawn as lines of this colour.
    public static let opening = "#b5651d"
    /// The edges of units.
    public static let unitEdge = "#555"

    private static let byCategory: [String: Family] = {
        var map: [String: Family] = [:]
        let groups: [(Family, [String])] = [
            (rooms, ["room", "office", "conferenceroom", "huddleroom", "phoneroom", "privatelounge", "mothersroom"]),
            (teaching, ["classroom", "auditorium", "theater", "movietheater", "library", "laboratory"]),
            (
                circulation,
                [
                    "walkway", "walkway.island", "lobby", "footbridge", "platform", "movingwalkway", "ramp", "unenclosedarea",
                    "waitingroom", "lounge",
                ]
            ),
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
}
