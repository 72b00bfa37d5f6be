// Room names from the texts inside rooms: names, room numbers (alt_name), measurements ignored;
// a room with several labels takes its name lines in reading order. A room whose only identity is
// its layer (`E14-348`) takes that. Labels inside no room are returned, to be reported.

import Geometry

enum RoomNaming {
    struct Label {
        var kind: LabelKind
        var text: String
        var at: Point
        /// Whether the text is on a room layer: the room's own label, beside texts of other
        /// layers that name what stands in the room (`Table Saw`, `Pallet Rack`).
        var onRoomLayer = false
        /// The layer of the text: lines of one name are written on one layer, so texts of two
        /// layers (`Classroom` on the names' layer, `Table` on the furniture's) are two labels.
        var layer = ""
    }

    /// Name lines this near each other (metres) read as one label: the lines of a name written as
    /// separate texts (`Meeting` over `Room`); labels further apart are separate labels.
    static let lineSpacing = 1.2

    /// The labels of one text: its lines as names, numbers or measurements; a tag of `key: value`
    /// lines by its keys, the people it names left out (and counted).
    static func labels(of raw: String, at: Point, peopleLeftOut: inout Int) -> [Label] {
        let lines = raw.split(whereSeparator: \.isNewline).map { RoomLabels.plainText(String($0)) }.filter { !$0.isEmpty }
        let keyed = lines.map(LabelKey.split)
        guard keyed.contains(where: { $0 != nil }) else {
            return lines.compactMap { line in RoomLabels.label(line).map { Label(kind: $0.kind, text: $0.text, at: at) } }
        }
        var labels: [Label] = []
        var current: LabelKey?
        for (line, pair) in zip(lines, keyed) {
            let value: String
            if let (key, text) = pair {
                current = key
                value = text
            } else {
                value = line
            }
            guard !value.isEmpty else { continue }
            switch current {
            case .people?:
                // Names of people never reach the archive, the report or the journal: counted only.
                peopleLeftOut += value.split(whereSeparator: { "，,、;；/".contains($0) }).count
            case .number?: labels.append(Label(kind: .number, text: value, at: at))
            case .name?: labels.append(Label(kind: .name, text: value, at: at))
            case .type?: labels.append(Label(kind: .type, text: value, at: at))
            case .area?: break
            case nil: if let label = RoomLabels.label(value) { labels.append(Label(kind: label.kind, text: label.text, at: at)) }
            }
        }
        return labels
    }

    /// The name of a room from the name labels inside it, in reading order: those on a room layer
    /// where there are any; of several labels, the one nearest the room's middle (a room's name
    /// is written in it, the names of what stands in it beside the things); its lines joined.
    static func name(among labels: [Label], centre: Point) -> String? {
        let own = labels.contains(where: \.onRoomLayer) ? labels.filter(\.onRoomLayer) : labels
        var clusters: [[Label]] = []
        for label in own {
            if let near = clusters.firstIndex(where: { $0.last!.layer == label.layer && $0.last!.at.distance(to: label.at) <= lineSpacing })
            {
                clusters[near].append(label)
            } else {
                clusters.append([label])
            }
        }
        func middle(_ cluster: [Label]) -> Point {
            Point(
                x: cluster.reduce(0) { $0 + $1.at.x } / Double(cluster.count), y: cluster.reduce(0) { $0 + $1.at.y } / Double(cluster.count)
            )
        }
        guard let chosen = clusters.min(by: { middle($0).distance(to: centre) < middle($1).distance(to: centre) }) else { return nil }
        var lines: [String] = []
        for label in chosen where !lines.contains(label.text) { lines.append(label.text) }
        return lines.joined(separator: " ")
    }

    /// A text of the drawing read as labels, where it stands.
    struct PlacedText {
        var layer: String
        var at: Point
        var labels: [Label]
    }

    /// The texts as labels, read once for finding rooms round them and for naming. The texts of
    /// a layer of people's names are not read, only counted in `peopleLeftOut`; MTEXT paragraphs
    /// (GDAL turns \P into line feeds) are labels of their own: a name over a number.
    static func read(_ texts: [DrawingEntity], peopleLeftOut: inout Int) -> [PlacedText] {
        var peopleLayers: [String: Bool] = [:]
        var placed: [PlacedText] = []
        for entity in texts {
            guard case .text(let raw) = entity.kind, case .point(let at) = entity.shape else { continue }
            let people = peopleLayers[entity.layer] ?? LabelKey.namesPeople(entity.layer)
            peopleLayers[entity.layer] = people
            if people {
                peopleLeftOut += 1
                continue
            }
            let labels = Self.labels(of: raw, at: at, peopleLeftOut: &peopleLeftOut)
            if !labels.isEmpty { placed.append(PlacedText(layer: entity.layer, at: at, labels: labels)) }
        }
        placed = joiningLoneNumber(placed)
        // Door and window tags (D1, D2, W1, V1) are no room numbers where the plan has both kinds.
        let tags = Set(placed.flatMap(\.labels).filter { $0.kind == .number && doorOrWindowTag.matches($0.text) }.map(\.text))
        guard isSchedule(tags) else { return placed }
        return placed.compactMap { text in
            var text = text
            text.labels.removeAll { $0.kind == .number && tags.contains($0.text) }
            return text.labels.isEmpty ? nil : text
        }
    }

    /// The texts with the plan's one number-like line read as part of its name, where it is the
    /// first line of a text whose other lines are names: room numbers come as a scheme (101, 102;
    /// A1, A2), and a number that no other room shares a scheme with, written over a name in one
    /// text, is a word of the name ("3D" over "Printers"). A number of digits alone ("101" over
    /// "Office") stays a number.
    static func joiningLoneNumber(_ placed: [PlacedText]) -> [PlacedText] {
        let numbered = placed.indices.filter { placed[$0].labels.contains { $0.kind == .number } }
        guard numbered.count == 1, let index = numbered.first else { return placed }
        let labels = placed[index].labels
        guard labels.count >= 2, labels[0].kind == .number, labels[0].text.contains(where: \.isLetter),
            labels.dropFirst().allSatisfy({ $0.kind == .name })
        else { return placed }
        var joined = placed
        joined[index].labels = [Label(kind: .name, text: labels.map(\.text).joined(separator: " "), at: labels[0].at)]
        return joined
    }

    /// Where the plan's door and window tags stand, and which are windows' - where it has both
    /// kinds, as `read` leaves them out of room labels.
    static func scheduleTags(_ texts: [DrawingEntity]) -> [(at: Point, window: Bool)] {
        let tags = texts.compactMap { entity -> (at: Point, code: String)? in
            guard case .text(let raw) = entity.kind, case .point(let at) = entity.shape else { return nil }
            let code = RoomLabels.plainText(raw)
            return doorOrWindowTag.matches(code) ? (at, code) : nil
        }
        guard isSchedule(Set(tags.map(\.code))) else { return [] }
        return tags.map { ($0.at, !doorTag.matches($0.code)) }
    }

    /// Whether door and window codes are a schedule's: `leastTags` codes at least, of doors and
    /// of windows both.
    static func isSchedule(_ codes: Set<String>) -> Bool {
        let doors = codes.filter { doorTag.matches($0) }.count
        return doors > 0 && doors < codes.count && codes.count >= leastTags
    }

    /// The codes of a door and window schedule: D1, W3, SD-2, V1 (a ventilator).
    static let doorOrWindowTag = TextPattern(#"^(D|W|V|SD|FD|DW|WD|CW)[-_ ]?[0-9]{1,2}[A-Z]?$"#, caseInsensitive: true)
    static let doorTag = TextPattern(#"^(D|SD|FD|DW)[-_ ]?[0-9]"#, caseInsensitive: true)
    /// A schedule has this many codes at least, of doors and of windows.
    static let leastTags = 3

    /// Names the rooms and gives each the category its type, name or layer says (RoomFunctions);
    /// a type no category is known for makes the room `unspecified`, and is counted in
    /// `unknownTypes`. Returns the labels that lie in no room (measurements aside).
    static func name(
        _ rooms: inout [FoundRoom], texts: [PlacedText], roomLayers: Set<String> = [], _ engine: GeometryEngine,
        unknownTypes: inout [String: Int]
    ) -> [(text: String, at: Point)] {
        let areas = rooms.map { engine.prepare([$0.outline]) }
        let sizes = rooms.map { engine.area([$0.outline]) }
        var labels = [[Label]](repeating: [], count: rooms.count)
        var unplaced: [(text: String, at: Point)] = []
        var near = NearBoxes(cellSize: RoomFinder.cellSize)
        for (number, area) in areas.enumerated() { near.insert(area.bounds, number) }
        for text in texts {
            let kinds = text.labels
            let at = text.at
            let holders = near.candidates(Bounds(point: at)).filter { areas[$0].bounds.contains(at) && areas[$0].covers(at) }
            guard let room = holders.min(by: { sizes[$0] < sizes[$1] }) else {
                if kinds.contains(where: { $0.kind != .measurement && $0.kind != .arrow }) {
                    unplaced.append((kinds.map(\.text).joined(separator: " "), at))
                }
                continue
            }
            labels[room] += kinds.map {
                var label = $0
                label.onRoomLayer = roomLayers.contains(text.layer)
                label.layer = text.layer
                return label
            }
        }
        var perLayer: [String: Int] = [:]
        for room in rooms { if let layer = room.layer { perLayer[layer, default: 0] += 1 } }
        for index in rooms.indices {
            // Reading order: top to bottom, then left to right.
            let ordered = labels[index].sorted { $0.at.y != $1.at.y ? $0.at.y > $1.at.y : $0.at.x < $1.at.x }
            rooms[index].name = Self.name(among: ordered.filter { $0.kind == .name }, centre: rooms[index].outline.bounds.centre)
            rooms[index].altName = ordered.first { $0.kind == .number }?.text
            // The layer as identity: a layer holding this one room and named like a room, not
            // like a kind of layer.
            if rooms[index].name == nil, rooms[index].altName == nil, let layer = rooms[index].layer, perLayer[layer] == 1,
                !LayerConventions.named(layer, .rooms)
            {
                if LayerConventions.looksLikeRoomNumber(layer) { rooms[index].altName = layer } else { rooms[index].name = layer }
            }
            // A layer named for what its rooms are (`Offices`, `Toilets`) names each it holds.
            if rooms[index].name == nil, rooms[index].altName == nil, let layer = rooms[index].layer, RoomFunctions.namesRooms(layer) {
                rooms[index].name = layer
            }
            if let type = ordered.first(where: { $0.kind == .type })?.text {
                rooms[index].category = RoomFunctions.category(of: type) ?? "unspecified"
                if rooms[index].category == "unspecified" { unknownTypes[type, default: 0] += 1 }
            } else {
                rooms[index].category =
                    (rooms[index].name ?? rooms[index].layer).flatMap(RoomFunctions.category)
                    ?? rooms[index].layer.flatMap(RoomFunctions.category) ?? rooms[index].category
                // Open floor labelled with a room's name ("MASTER BEDROOM" beyond a glass slider
                // wider than a door) is that room, not a walkway; names of circulation are
                // categorised above.
                if rooms[index].category == "walkway", rooms[index].name != nil { rooms[index].category = "room" }
            }
            // A space labelled by nothing but a stair's arrow is the stair.
            if rooms[index].name == nil, rooms[index].altName == nil, ordered.contains(where: { $0.kind == .arrow }) {
                rooms[index].category = "stairs"
            }
        }
        return unplaced
    }
}
