// What `imdf validate --explain` teaches about each finding code beyond what its declaration says
// (the check, its tolerance and the CODES.md repair): what `fix` does with its findings - or why it
// has no repair - and one short example of a feature that fails the check and one that passes.
// Kept apart from the checks (Rules/) so the checks stay short; a test walks every code and every
// rule of Apple's the checks implement and fails on one without its lesson.

/// What `fix` does for a code's findings, and an example of a failing and a passing feature.
public struct CodeLesson: Sendable {
    /// The repair `fix CODE` runs, or why there is none.
    public let fix: String
    /// A few lines of GeoJSON, or a line describing the feature.
    public let failing: String
    public let passing: String

    init(fix: String, fails failing: String, passes passing: String) {
        self.fix = fix
        self.failing = failing
        self.passing = passing
    }
}

extension FindingCode {
    /// Its lesson; every code has one (`CodeLessonTests`).
    public var lesson: CodeLesson? { CodeLessons.byCode[rawValue] }
}

enum CodeLessons {
    /// What a repair `fix` runs only with `--destructive` says about it.
    static let heldBack = "`fix` holds it back as it removes data: `fix CODE --destructive` runs it"

    static let byCode: [String: CodeLesson] = [
        "A1": CodeLesson(
            fix: "none in `fix`: `save` writes the manifest (version 1.0.0, `created`, `generated_by`)",
            fails: "an archive folder with `unit.geojson`, `level.geojson`, ... and no `manifest.json`",
            passes: #"`manifest.json`: {"version": "1.0.0", "created": "2026-01-05T09:00:00Z", "language": "en"}"#),
        "A2": CodeLesson(
            fix: "none in `fix`: `save` writes version 1.0.0 and stamps `created`",
            fails: #"`manifest.json`: {"version": "2.0", "language": "en"}"#,
            passes: #"`manifest.json`: {"version": "1.0.0", "created": "2026-01-05T09:00:00Z", "language": "en"}"#),
        "A3": CodeLesson(
            fix: "none in `fix`: `save` stamps `created` with its UTC offset",
            fails: #"`manifest.json`: "created": "2026-01-05T09:00:00""#,
            passes: #"`manifest.json`: "created": "2026-01-05T09:00:00Z""#),
        "A4": CodeLesson(
            fix: "none: which language the labels are in is for a person to say (`language` in `manifest.json`)",
            fails: #"`manifest.json`: "language": "english""#,
            passes: #"`manifest.json`: "language": "en-US""#),
        "A5": CodeLesson(
            fix: "none: a file that does not parse cannot be edited; mend it in a text editor at the line and column given",
            fails: #"`unit.geojson`: {"type": "FeatureCollection", "features": [{"type": "Feature", "id": 42, ...},]}"#,
            passes:
                #"`unit.geojson`: {"type": "FeatureCollection", "features": [{"type": "Feature", "id": "3f2a9c1e-...", "feature_type": "unit", ...}]}"#
        ),
        "A6": CodeLesson(
            fix: "none: the file is kept and saved as it is; nothing about it is wrong for this editor",
            fails: "`enviroment.geojson` beside the IMDF files (an exporter's extension)",
            passes: "only the 16 IMDF feature files and `manifest.json`"),
        "A7": CodeLesson(
            fix: "none: whether the feature or the file is wrong is for a person to decide",
            fails: #"in `unit.geojson`: {"type": "Feature", "feature_type": "level", ...}"#,
            passes: #"in `unit.geojson`: {"type": "Feature", "feature_type": "unit", ...}"#),
        "A8": CodeLesson(
            fix: "none: a venue (or an address) has to be drawn or chosen by a person (`add address`, `new --template blank`)",
            fails: "`venue.geojson` with two venues, or no `address.geojson`",
            passes: "`venue.geojson` with one venue whose `address_id` names an address in `address.geojson`"),
        "F1": CodeLesson(
            fix: "none: what the missing member should hold is for a person to say",
            fails: #"{"type": "Feature", "id": "3f2a9c1e-...", "feature_type": "unit", "geometry": {...}}  (no "properties")"#,
            passes: #"{"type": "Feature", "id": "3f2a9c1e-...", "feature_type": "unit", "geometry": {...}, "properties": {...}}"#),
        "F2": CodeLesson(
            fix: "none unattended: a new id breaks every reference to the old one outside the archive; give one by hand",
            fails: #"{"type": "Feature", "id": "unit-12", "feature_type": "unit", ...}"#,
            passes: #"{"type": "Feature", "id": "3f2a9c1e-7b4d-4c1a-9e2f-5a6b7c8d9e0f", "feature_type": "unit", ...}"#),
        "F2v": CodeLesson(
            fix: "none unattended: a new id breaks every reference to the old one outside the archive",
            fails: #""id": "3f2a9c1e-7b4d-1c1a-9e2f-5a6b7c8d9e0f"  (version 1: the 13th digit is 1)"#,
            passes: #""id": "3f2a9c1e-7b4d-4c1a-9e2f-5a6b7c8d9e0f"  (version 4)"#),
        "F3": CodeLesson(
            fix: "none unattended: which of the features keeps the id is for a person to decide",
            fails: "a unit and an opening both with `\"id\": \"3f2a9c1e-7b4d-4c1a-9e2f-5a6b7c8d9e0f\"`",
            passes: "every feature with an id of its own"),
        "F4": CodeLesson(
            fix: "shown, not run: `set REF key=...` needs the value from a person (which level, which category)",
            fails: #"a unit with "properties": {"category": "room", "level_id": null, ...}"#,
            passes: #"a unit with "properties": {"category": "room", "level_id": "a1b2c3d4-...", ...} naming a level"#),
        "F4c": CodeLesson(
            fix:
                "`set REF category=VALUE` where the value is a misspelling or a dotted refinement of a valid one (`fix F4c` runs it); otherwise shown with an example to choose from",
            fails: #"a unit with "category": "ofice""#,
            passes: #"a unit with "category": "office""#),
        "F4t": CodeLesson(
            fix: "none: the value has to be rewritten in the type IMDF asks for",
            fails: #"a unit with "name": "Room 310""#,
            passes: #"a unit with "name": {"en": "Room 310"}"#),
        "F5": CodeLesson(
            fix: "none needed for the archive to work: the missing keys read as null; `save` does not add them",
            fails: #"a unit whose "properties" lack "alt_name" and "restriction""#,
            passes: #"a unit with "alt_name": null, "restriction": null among its properties"#),
        "F6": CodeLesson(
            fix: "none: unknown properties are kept on save; remove one with `unset REF key` if it is not wanted",
            fails: #"a unit with "rotation": 12.5 among its properties"#,
            passes: "a unit with only the properties IMDF defines for units"),
        "F7": CodeLesson(
            fix: "none: the label text is for a person to write (`rename REF NAME`, `set REF name.en=...`)",
            fails: #"a level with "name": {"en": ""}, or "name": {"english": "Ground Floor"}"#,
            passes: #"a level with "name": {"en": "Ground Floor"}"#),
        "F8": CodeLesson(
            fix:
                "`set REF key=null` for a blank value (`fix F8` runs it; a blank value holds no data, so it is not held back); a phone written with its country code and separators is set to its E.164 number (`+49 30 1234567` becomes `+49301234567`, unattended: nothing is lost); any other malformed phone, website or code is shown for a person to correct",
            fails: #"an occupant with "phone": "call us", or an address with "postal_code": "  ""#,
            passes: #"an occupant with "phone": "+49301234567", an address with "postal_code": "10115""#),
        "F9": CodeLesson(
            fix: "none: the name in that language is for a person to write (`set REF name.de=...`)",
            fails: #"a unit with "name": {"en": "Library"}, "alt_name": {"de": "Bibliothek"}"#,
            passes: #"a unit with "name": {"en": "Library", "de": "Bibliothek"}, "alt_name": {"de": "Bibliothek"}"#),
        "F10": CodeLesson(
            fix: "shown, not run: `set REF key=...` needs the value (a name, hours, a phone number) from a person",
            fails: #"a building with "name": null"#,
            passes: #"a building with "name": {"en": "Hall 2"}"#),
        "F11": CodeLesson(
            fix: "none: which feature to rename is for a person to decide (`rename REF NAME`)",
            fails: #"two buildings of one venue both named {"en": "Main Building"}"#,
            passes: #"buildings named {"en": "Main Building"} and {"en": "North Wing"}"#),
        "F12": CodeLesson(
            fix: "none: the missing translations are for a person to write",
            fails: #"levels of one building named {"en": "Ground Floor"}, {"en": "First Floor"} and {"de": "Zweiter Stock"}"#,
            passes: #"every level of the building named in "en" (and "de" on all of them, or on none)"#),
        "F13": CodeLesson(
            fix: "none: the right dates are for a person to say (`set REF validity=...`)",
            fails: #"an occupant with "validity": {"start": "2026-05-01", "end": "2026-04-01"}"#,
            passes: #"an occupant with "validity": {"start": "2026-04-01", "end": "2027-04-01"}"#),
        "T1": CodeLesson(
            fix:
                "`flatten REF` for a one-part Multi geometry (`fix T1` runs it); `set REF geometry=null` for a building, which IMDF leaves unlocated (its extent is in its footprints): \(heldBack)",
            fails: #"a building with "geometry": {"type": "Polygon", ...}, or an opening with a one-part "MultiLineString""#,
            passes: #"a building with "geometry": null and footprints referring to it; an opening with a "LineString""#),
        "T2": CodeLesson(
            fix: "none: the missing or broken coordinates cannot be guessed; redraw the shape",
            fails: #""geometry": {"type": "Polygon", "coordinates": [[[0,0],[1,0],[1,1]]]}  (not closed, 3 positions)"#,
            passes: #""geometry": {"type": "Polygon", "coordinates": [[[0,0],[1,0],[1,1],[0,0]]]}"#),
        "T3": CodeLesson(
            fix: "none: `save` keeps rings as they are written (readers accept either order); redraw to turn one",
            fails: #"an exterior ring [[0,0],[0,1],[1,1],[1,0],[0,0]]  (clockwise)"#,
            passes: #"an exterior ring [[0,0],[1,0],[1,1],[0,1],[0,0]]  (counter-clockwise)"#),
        "T4": CodeLesson(
            fix:
                "`unset REF display_point` (`fix T4` runs it); the save computes a new one inside the shape; the broken value holds no position, so it is not held back",
            fails: #""display_point": {"type": "Point", "coordinates": null}"#,
            passes: #""display_point": {"type": "Point", "coordinates": [30.3712, 60.0071]}"#),
        "T5": CodeLesson(
            fix: "none: which part of a crossed outline is right is for a person to say; redraw it (`set REF geometry=...`, or `split`)",
            fails: "a unit outlined as a bow tie: [[0,0],[2,2],[2,0],[0,2],[0,0]] (its edges cross at 1,1)",
            passes: "a unit outlined as a square: [[0,0],[2,0],[2,2],[0,2],[0,0]]"),
        "T6": CodeLesson(
            fix: "none: whether the hole is a courtyard or a mistake is for a person to say",
            fails: "a level whose polygon has an interior ring (a courtyard cut out)",
            passes: "a level whose polygon is one exterior ring; the courtyard a unit of category `nonpublic` or left out of the units"),
        "R1": CodeLesson(
            fix: "shown, not run: `set REF key=REF` needs a person to choose the feature it should name",
            fails: #"a unit with "level_id": "a1b2c3d4-..." where no level has that id"#,
            passes: #"a unit whose "level_id" is the id of a level in level.geojson"#),
        "R2": CodeLesson(
            fix: "none: which feature the relationship should name is for a person to choose",
            fails: #"a relationship with "origin": {"id": "a1b2c3d4-...", "feature_type": "unit"} naming no unit"#,
            passes: #"a relationship whose "origin" is {"id": ..., "feature_type": "opening"} of an existing opening"#),
        "R4": CodeLesson(
            fix: "`delete REF` for an address nothing uses: \(heldBack); a level no unit or opening refers to is shown for a person",
            fails: "an address in address.geojson that no venue, building or anchor names",
            passes: "every address named by a venue, building or anchor `address_id`"),
        "R5": CodeLesson(
            fix: "none: the missing level, footprint or building has to be drawn (`add level`, `add building`)",
            fails: "a building that no level's `building_ids` and no footprint's `building_ids` name",
            passes: "a building named by at least one level and one footprint"),
        "R6": CodeLesson(
            fix: "`set REF correlation_id=null` for an unmatched one: \(heldBack); mixed categories are shown for a person",
            fails: #"one amenity with "correlation_id": "5e6f7a8b-..." that no other amenity shares"#,
            passes: "two amenities on different levels (an elevator on each floor) sharing one `correlation_id`"),
        "R7": CodeLesson(
            fix: "none: which address is right is for a person to say (`set REF address=REF`)",
            fails: "a building whose address is in province `DE-BY` inside a venue whose address is in `DE-BE`",
            passes: "a building whose address has the venue's country and province"),
        "R8": CodeLesson(
            fix: "none: the missing footprint or reference has to be drawn or chosen by a person",
            fails: #"a building with levels at ordinals 0-2 and only a "subterranean" footprint"#,
            passes: #"a building with a "ground" footprint (and an "aerial" one where it differs)"#),
        "G1": CodeLesson(
            fix:
                "`set REF display_point=@LON,LAT` at the visual centre of the shape (`fix G1` runs it); an opening's display point is removed so the save puts it on the line: \(heldBack)",
            fails: "a unit 4x6 m whose `display_point` lies 3 m beyond its east wall",
            passes: "a unit whose `display_point` lies inside its polygon, at its visual centre"),
        "G2": CodeLesson(
            fix: "`move REF to @LON,LAT`: the anchor goes to a free place inside its unit, near where it stood (`fix G2` runs it)",
            fails: "an anchor whose `unit_id` names room 104 and whose point lies in the corridor 2 m outside it",
            passes: "an anchor whose point lies inside its unit"),
        "G3": CodeLesson(
            fix: "none: an amenity outside its units is either in the wrong place or names the wrong units, which a person has to decide",
            fails: "an amenity with `unit_ids` naming room 104 whose point lies 3 m outside room 104",
            passes: "an amenity whose point lies inside one of the units its `unit_ids` name"),
        "G4": CodeLesson(
            fix:
                "`move opening REF to @LON,LAT`: snapped onto the nearest wall where one is near (`fix G4` runs it); an opening far from any wall is shown",
            fails: "a door LineString drawn 1.5 m into a room, on no unit's outline",
            passes: "a door LineString lying along the wall two rooms share"),
        "G5": CodeLesson(
            fix:
                "none: whether the feature or the level is drawn wrong is for a person to decide (`move REF by DX,DY`, `set REF level_id=REF`)",
            fails: "a unit whose east wall lies 2 m beyond the east edge of its level's outline",
            passes: "a unit whose polygon lies within its level's polygon"),
        "G6": CodeLesson(
            fix: "none: whether the venue should grow or the feature move is for a person to decide",
            fails: "a footprint 40 m outside the venue's polygon",
            passes: "every level, footprint and geofence within the venue's polygon"),
        "G8": CodeLesson(
            fix: "none: which room the shared area belongs to is for a person to say (`split`, `merge`, redraw)",
            fails: "units 104 (x 0-4 m) and 105 (x 3-7 m) on one level: they share a 1x6 m strip",
            passes: "units 104 (x 0-4 m) and 105 (x 4-8 m): they share only their wall"),
        "G9": CodeLesson(
            fix: "none: whether the opening is drawn wrong is for a person to say (`set REF geometry=...`, `move opening`)",
            fails: "a door LineString 0.3 m long (or one 60 m long)",
            passes: "a door LineString 0.9 m long"),
        "G10": CodeLesson(
            fix: "none: which of the two is drawn wrong is for a person to decide",
            fails: "two fixtures (a counter and a shelf) of one level whose polygons overlap by 2 m²",
            passes: "two fixtures of one level that touch at most along an edge"),
        "G11": CodeLesson(
            fix: "none: whether the covered or the covering feature is drawn wrong is for a person to decide",
            fails: "a fixture half inside room 104 and half in the corridor",
            passes: "a fixture wholly inside one unit"),
        "C1": CodeLesson(
            fix: "none: whether the unit's category or the feature is wrong is for a person to decide",
            fails: "an amenity of category `toilet` inside a unit of category `opentobelow`",
            passes: "an amenity of category `toilet` inside a unit of category `restroom`"),
        "C2": CodeLesson(
            fix: "`set REF category=parking` where every level (or unit) says it is parking (`fix C2` runs it); the rest are shown",
            fails: "a building of category `unspecified` whose levels all have category `parking`",
            passes: "a building of category `parking` whose levels are all `parking`"),
        "O1": CodeLesson(
            fix: "none: the right floor number is for a person to say (`set REF ordinal=N`)",
            fails: #"a level with "ordinal": 1.5, or "ordinal": "1""#,
            passes: #"a level with "ordinal": 1"#),
        "O2": CodeLesson(
            fix: "none: a missing floor (or a wrong number) is for a person to add or correct",
            fails: "a building with levels at ordinals 0, 1 and 3",
            passes: "a building with levels at ordinals 0, 1, 2 and 3"),
        "O3": CodeLesson(
            fix: "none: which level is the ground floor is for a person to say (`set REF ordinal=0`)",
            fails: "a building with levels at ordinals 1 to 5 only",
            passes: "a building with a level at ordinal 0"),
        "O4": CodeLesson(
            fix: "none: the right ordinal is for a person to say",
            fails: #"a level with "outdoor": true, "ordinal": -1"#,
            passes: #"a level with "outdoor": true, "ordinal": 0"#),
        "O5": CodeLesson(
            fix: "none: the ordinal may be right (a very tall building); a person checks it",
            fails: #"a level with "ordinal": 250"#,
            passes: #"a level with "ordinal": 12"#),
        "N1": CodeLesson(
            fix:
                "`unlink A B`: the missing neighbour is removed from the node's `neighbours` (`fix N1` runs it; the id names nothing, so no data is lost)",
            fails: #"a navPath node with "neighbours": ["9f8e7d6c-..."] naming no node"#,
            passes: "a navPath node whose `neighbours` all name nodes of navPath.geojson"),
        "N2": CodeLesson(
            fix: "`link A B`: the link is made both ways (`fix N2` runs it)",
            fails: "node A lists B in its `neighbours`, and B does not list A",
            passes: "nodes A and B each list the other"),
        "N3": CodeLesson(
            fix: "none: whether the node or its `level_id` is wrong is for a person to decide (`move REF to X,Y`)",
            fails: "a navPath node whose `level_id` names Level 1 and whose point lies 20 m outside Level 1's outline",
            passes: "a navPath node whose point lies on its level"),
        "N4": CodeLesson(
            fix: "`add opening between ROOM NEIGHBOUR at X,Y`, then `graph build level REF --replace`",
            fails: "a storage room drawn between offices with no opening on any of its walls",
            passes: "the same room with a door onto the corridor, its node linked into the corridor's network"),
        "N5": CodeLesson(
            fix: "`move opening REF ...` onto a wall the room shares with its neighbour, then `graph build level REF --replace`",
            fails: "a room whose only opening lies 2 m inside it, on none of its walls",
            passes: "a room whose opening lies on the wall it shares with the corridor"),
        "N6": CodeLesson(
            fix:
                "draw the stairs or elevator on both levels (overlapping units, or amenities one above the other), then `graph build --replace`",
            fails: "a second floor whose rooms and corridor are linked to each other but to no other level",
            passes: "the same floor with stairs overlapping the stairs of the floor below"),
        "N7": CodeLesson(
            fix: "`graph build` (or `--replace`) makes a node for every room with a door; else link the cut-off spaces with `link`",
            fails: "a room with a door but no path node standing for it or in it",
            passes: "the same room after `graph build`, its node linked through its door"),
    ]
}
