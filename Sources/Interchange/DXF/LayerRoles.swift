// Which CAD layers hold rooms, walls, doors and room texts, when the user does not say: by the
// conventions drawings follow (AIA's A-WALL, A-DOOR, A-AREA; words for room, wall, door, glass and
// text in several languages) and by what a layer holds. What is chosen is printed, so a second run
// can correct it with --rooms-layer and the like.

import Foundation
import HelperProtocol

public enum LayerConventions {
    static let rooms = [
        "room", "area", "space", "raum", "räume", "raeume", "rum", "salle", "local", "espacio", "sala", "stanza", "locale",
        "zone", "zimmer", "lokale", "房间", "房", "空间", "室", "面积", "a-area", "a-spce", "a-zone",
    ]
    static let walls =
        [
            "wall", "mur", "wand", "wände", "waende", "væg", "vaeg", "mure", "muro", "pared", "parete", "墙", "牆", "a-wall",
            // Structure and partitions: national layer codes name walls so (`A-210 G - Existing
            // Structure`, `A-320G - Permanent Solid Partitions`).
            "structure", "partition", "cloison", "tabique", "tramezz", "struktur", "結構",
        ] + windows  // Glazing encloses rooms as walls do.
    /// Windows, glazing and curtain walls: walls for enclosing rooms, and what tells a window's
    /// gap in a wall from a door's.
    static let windows = [
        "glass", "glaz", "glas", "cristal", "crystal", "vidrio", "verre", "vetro", "玻璃", "window", "fenster", "ventana", "fenêtre",
        "fenetre", "finestra", "vindue", "a-glaz", "curtain", "窗",
    ]
    /// Columns and piers: solid where a room's outline leaves the walls to go round them.
    static let columns = [
        "colum", "a-cols", "s-cols", "pillar", "pilar", "säule", "saeule", "stütze", "stuetze", "poteau", "colonn",
        "søjle", "soejle", "pilastro", "柱",
    ]
    static let doors = ["door", "dør", "doer", "tür", "tuer", "porte", "puerta", "porta", "deur", "dörr", "门", "門", "a-door"]
    static let text = [
        "text", "txt", "label", "name", "tekst", "texte", "texto", "testo", "schrift", "beschrift", "navn", "文字", "a-anno",
    ]
    /// Layers that never hold rooms, walls or room names: furniture, equipment, fire safety,
    /// grids, site, dimensions, flooring, ceilings, roofs, projections, sections, sheets.
    static let clutter = [
        "furn", "möbel", "moebel", "mobil", "møbl", "inventar", "equip", "fixture", "fire", "brand", "feuer", "incend",
        "grid", "raster", "axis", "axes", "achse", "site", "dim", "cota", "bemaß", "bemass", "maß", "floor", "ceiling", "decke", "roof",
        // Chinese drawings' dimension and axis layers (标注 is "dimensioning"; 尺寸 "dimensions").
        "标注", "尺寸", "轴",
        "dach",
        "projection", "elev", "section", "schnitt", "title", "frame", "viewport", "vport", "defpoints", "hatch", "pattern", "plumb",
        "sanit",
        "elec", "mech", "hvac", "light", "cancel", "furniture",
        "shel", "regal", "table", "tisch", "bord", "desk", "chair", "stuhl", "stol", "couch", "sofa", "bench", "bank", "bed", "cabinet",
        "schrank", "skab", "tree", "plant", "landscape", "a-flor", "a-clng", "a-furn", "a-eqpm",
        // Voids and shafts: holes in the floor, not rooms.
        "void", "shaft", "schacht", "gaine", "patinillo", "cavedio", "竖井", "管井", "吹抜",
    ]

    /// Whether a layer's name says it has `role`.
    public static func named(_ layer: String, _ role: LayerRole) -> Bool {
        let words: [String]
        switch role {
        case .rooms: words = rooms
        case .walls: words = walls
        case .doors: words = doors
        case .text: words = text + ["iden", "nr", "no."]
        }
        return mentions(layer, words)
    }

    /// Whether `name`, in any case, holds one of `words`.
    static func mentions(_ name: String, _ words: [String]) -> Bool {
        let lowered = name.lowercased()
        return words.contains { lowered.holdsBytes($0) }
    }

    /// Whether a layer's (or a block's) name says it draws windows or glazing.
    public static func namesWindows(_ name: String) -> Bool { mentions(name, windows) }

    /// Whether a layer's (or a block's) name says it draws columns.
    public static func namesColumns(_ name: String) -> Bool { mentions(name, columns) }

    /// Whether a layer is named for one room or a kind of room (`BedRoom2`, `Kitchen`,
    /// `Staircase`, `会议室`) rather than for rooms in general (`A-AREA`).
    public static func namesARoom(_ layer: String) -> Bool {
        layer.lowercased().holdsBytes("room") || RoomFunctions.category(of: layer) != nil
    }

    /// A layer named for clutter and for none of the roles (`A-WALL-FIRE` is a wall layer).
    public static func isClutter(_ layer: String) -> Bool {
        mentions(layer, clutter) && !LayerRole.allCases.contains { named(layer, $0) }
    }

    /// AutoCAD's default layer "0" and its layer of dimension points: every drawing has them, and
    /// their names say nothing of what is on them.
    public static func isDefault(_ layer: String) -> Bool { layer == "0" || layer.lowercased() == "defpoints" }

    /// A layer named like a room's number (`E14-348`, `2.041`, `101A`): in some drawings the only
    /// identity a room has is the layer its outline is on.
    public static func looksLikeRoomNumber(_ text: String) -> Bool {
        text.count <= 16 && roomNumber.matches(text)
    }
    static let roomNumber = TextPattern(#"^[A-Za-z]{0,4}[-_. ]?[0-9]+[A-Za-z]?([-_./][0-9A-Za-z]+)*$"#)
}
