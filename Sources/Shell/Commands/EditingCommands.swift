// The grammar of the edit commands (PRODUCT.md section 4): each entry declares its arguments and
// turns them into a Workbench command, resolving references and coordinates in the session.

import Geometry
import IMDF
import Render
import Workbench

extension Parameter {
    /// The same argument under another placeholder (`N1`, `N2` of two nodes).
    func named(_ placeholder: String) -> Parameter { Parameter(placeholder, kind, or: alternatives) }

    static let ref = Parameter("REF", .reference([]))
    static let unit = Parameter("UNIT", .reference(["unit"]))
    static let node = Parameter("NODE", .reference([RoutingExtension.nodeType]))
    static let point = Parameter("X,Y", .point)
}

extension GrammarPart {
    /// `as H`: a handle bound to the first feature the command creates.
    static let handle = GrammarPart.keyword("as", [Parameter("H", .handle)])
    /// `rect X,Y WxH` or `poly X1,Y1 X2,Y2 X3,Y3 ...`.
    static let outline = GrammarPart.oneOf(
        [.keyword("rect", [.point, Parameter("WxH", .size)]), .keywordList("poly", .point, minimum: 3)], required: true)
    static let at = GrammarPart.keyword("at", [.point], required: true)
    static let optionalAt = GrammarPart.keyword("at", [.point])
}

enum EditingCommands {
    static let all: [CommandSpec] = [
        CommandSpec(
            "add building",
            [
                .positional(Parameter("NAME", .text), .required), .option("category", Parameter("C", .category(.building))),
                .option("address", Parameter("REF", .reference(["address"]))), .handle,
            ], changesDocument: true, "a building (unlocated)", example: "add building \"Hall 1\" as hall"
        ) { session, args in
            let address = try args.option("address").map { (text: String) throws(EditError) in
                try session.resolve(text, argument: "address", types: ["address"])
            }
            let outcome = try session.perform(
                AddBuilding(name: args.word("NAME"), category: args.option("category") ?? "unspecified", addressID: address), args)
            // The new building has no level yet: the level in use (another building's) is left.
            session.buildingID = outcome.mintedIDs.first
            session.levelID = nil
            return outcome
        },
        CommandSpec(
            "add address",
            [
                .positional(Parameter("STREET", .text), .required), .option("locality", Parameter("TOWN", .text), required: true),
                .option("country", Parameter("CC", .text), required: true), .option("province", Parameter("CC-X", .text)),
                .option("postal_code", Parameter("CODE", .text)), .option("unit", Parameter("TEXT", .text)), .handle,
            ], changesDocument: true, "an address for a venue, building, level or anchor to name (set REF address=$H)",
            example: "add address \"5 New Street\" locality=Frankfurt country=DE province=DE-HE postal_code=60311 as home"
        ) { session, args in
            try session.perform(
                AddAddress(
                    street: args.word("STREET"), locality: args.option("locality") ?? "", country: args.option("country") ?? "",
                    province: args.option("province"), postalCode: args.option("postal_code"), unit: args.option("unit")), args)
        },
        CommandSpec(
            "add level",
            [
                .positional(Parameter("NAME", .text), .required), .option("ordinal", Parameter("N", .integer), required: true),
                .option("short", Parameter("S", .text)), .option("category", Parameter("C", .category(.level))), .flag("outdoor"),
                .option("address", Parameter("inherit", .words(["inherit"]))), .outline, .handle,
            ], changesDocument: true, "a level of the building in use, with its outline",
            example: "add level \"Ground floor\" ordinal=0 short=G rect 0,0 40x20"
        ) { session, args in
            let shape = try session.outline(outlineWords(args), argument: "outline")
            let outcome = try session.perform(
                AddLevel(
                    name: args.word("NAME"), ordinal: args.integer("ordinal") ?? 0, shortName: args.option("short"),
                    outdoor: args.flag("outdoor"),
                    outline: shape, buildingID: session.buildingID, category: args.option("category") ?? "unspecified",
                    inheritsAddress: args.option("address") == "inherit"), args)
            session.levelID = outcome.mintedIDs.first
            return outcome
        },
        CommandSpec(
            "add unit",
            [
                .positional(Parameter("NAME", .text), .required), .option("category", Parameter("C", .category(.unit)), required: true),
                .outline, .handle,
            ], changesDocument: true, "a room on the level in use",
            example: "add unit \"Lab 2\" category=laboratory rect 4,2 6x5 as lab"
        ) { session, args in
            guard let level = session.levelID else { throw EditError("add unit: no level in use (`use level REF`)", argument: "level") }
            let shape = try session.outline(outlineWords(args), argument: "outline")
            return try session.perform(
                AddUnit(name: args.word("NAME"), category: args.option("category") ?? "", outline: shape, levelID: level), args)
        },
        CommandSpec(
            "add opening",
            [
                .oneOf([.keyword("on", [.unit]), .keyword("between", [.unit, .unit])], required: true), .at,
                .option("width", Parameter("W", .number)), .option("category", Parameter("C", .category(.opening))),
                .option("door", Parameter("TYPE", .category(.doorType))), .handle,
            ], changesDocument: true, "a door laid along a wall, centred on the nearest wall point",
            example: "add opening between 310 corridor at 12,4 width=1.2"
        ) { session, args in
            var units: [String] = []
            for (word, text) in [("on", args.keyword("on") ?? []), ("between", args.keyword("between") ?? [])] {
                for name in text { units.append(try session.resolve(name, argument: word, types: ["unit"])) }
            }
            return try session.perform(
                AddOpening(
                    on: units, at: try session.position(args.value(after: "at") ?? "", argument: "at"), width: args.number("width") ?? 0.9,
                    category: args.option("category") ?? "pedestrian", doorType: args.option("door")), args)
        },
        CommandSpec(
            "add amenity",
            [
                .positional(Parameter("CATEGORY", .category(.amenity)), .required), .at,
                .option("unit", Parameter("REF,...", .references(["unit"]))),
                .flag("--outside"), .handle,
            ], changesDocument: true, "a point amenity, in the units containing it unless given", example: "add amenity atm at 3,4"
        ) { session, args in
            var units: [String] = []
            for name in (args.option("unit") ?? "").split(separator: ",") {
                units.append(try session.resolve(String(name), argument: "unit", types: ["unit"]))
            }
            return try session.perform(
                AddAmenity(
                    category: args.word("CATEGORY"), at: try session.position(args.value(after: "at") ?? "", argument: "at"),
                    unitIDs: units,
                    levelID: session.levelID, allowOutside: args.flag("--outside")), args)
        },
        CommandSpec(
            "add node",
            [
                .at, .option("link", Parameter("REF", .reference([RoutingExtension.nodeType]), or: ["prev", "nearest"])),
                .option("tags", Parameter("a,b", .list)),
                .flag("--outside"), .handle,
            ], changesDocument: true, group: .routing, "a path node on the level in use", example: "add node at 2,5 link=prev"
        ) { session, args in
            guard let level = session.levelID else { throw EditError("add node: no level in use (`use level REF`)", argument: "level") }
            let link: AddNode.LinkTarget
            switch args.option("link") {
            case nil: link = .none
            case "prev"?:
                // The first node of a chain has nothing before it: it is added unlinked, and said so.
                link = session.lastNode.flatMap { session.document.feature($0) == nil ? nil : AddNode.LinkTarget.node($0) } ?? .none
            case "nearest"?: link = .nearest
            case let reference?: link = .node(try session.resolve(reference, argument: "link", types: [RoutingExtension.nodeType]))
            }
            let tags = (args.option("tags") ?? "").split(separator: ",").map(String.init)
            let unlinked = args.option("link") == "prev" && link == .none
            var outcome = try session.perform(
                AddNode(
                    at: try session.position(args.value(after: "at") ?? "", argument: "at"), levelID: level, link: link, tags: tags,
                    allowOutside: args.flag("--outside")), args)
            if unlinked { outcome.message += " (no earlier node in this session to link to: added unlinked)" }
            return outcome
        },
        CommandSpec(
            "split unit",
            [
                .positional(.ref, .required), .keywordList("along", .point, minimum: 2, required: true),
                .option("names", Parameter("A,B", .list)),
            ], changesDocument: true,
            "cut a room along a line; names=A,B: A goes to the part left of the line looking from its first point to its last, B to the part right of it "
                + "(more parts, as a concave room gives: the left ones first, each side in the order the line passes them); the larger part keeps the id; "
                + "the confirmation gives each part's area and side",
            example: "split unit 312 along 10,0 10,8 names=312A,312B"
        ) { session, args in
            let unit = try session.resolve(args.word("REF"), argument: "REF", types: ["unit"])
            var line: [Position] = []
            for point in args.keyword("along") ?? [] { line.append(try session.position(point, argument: "along")) }
            let names = args.option("names").map { $0.split(separator: ",").map(String.init) }
            return try session.perform(SplitUnit(unit, along: line, names: names), args)
        },
        CommandSpec(
            "merge unit",
            [.positional(Parameter("A", .reference(["unit"])), .required), .positional(Parameter("B", .reference(["unit"])), .required)],
            changesDocument: true, "join two touching rooms; A keeps its id", example: "merge unit 312A 312B"
        ) { session, args in
            let a = try session.resolve(args.word("A"), argument: "A", types: ["unit"])
            let b = try session.resolve(args.word("B"), argument: "B", types: ["unit"])
            return try session.perform(MergeUnits(a, b), args)
        },
        CommandSpec(
            "move opening",
            [
                .positional(Parameter("REF", .reference(["opening"])), .required),
                .oneOf([.keyword("by", [Parameter("D", .distance)]), .keyword("to", [.point])], required: true),
            ], changesDocument: true,
            "slide a door D metres along its straight wall: +D toward the wall's east end (its north end on a wall running due north-south), "
                + "never round a corner or past the end of a wall two rooms share - a refusal says where the wall runs, which way +D goes and how far "
                + "the door can go each way; or snap it to the nearest wall",
            example: "move opening $door by 1.5"
        ) { session, args in
            let opening = try session.resolve(args.word("REF"), argument: "REF", types: ["opening"])
            if let by = args.value(after: "by") {
                return try session.perform(
                    MoveOpening(opening, .along(try session.distance(by, argument: "by")), frame: session.frame), args)
            }
            return try session.perform(
                MoveOpening(opening, .to(try session.position(args.value(after: "to") ?? "", argument: "to")), frame: session.frame), args)
        },
        CommandSpec(
            "move unit",
            [
                .positional(.unit.named("REF"), .required),
                .oneOf(
                    [
                        .keyword("to", [.literal("level"), Parameter("REF", .reference(["level"]))]),
                        .keyword("by", [Parameter("DX,DY", .offset)]),
                    ], required: true),
            ], changesDocument: true, "put a room on another level (its openings and nodes follow), or shift it",
            example: "move unit 310 to level L4"
        ) { session, args in
            let unit = try session.resolve(args.word("REF"), argument: "REF", types: ["unit"])
            if let target = args.keyword("to")?.last {
                return try session.perform(
                    MoveUnitToLevel(unit, toLevel: try session.resolve(target, argument: "level", types: ["level"])), args)
            }
            return try moveBy(unit, args, &session)
        },
        CommandSpec(
            "move",
            [
                .positional(.ref, .required),
                .oneOf([.keyword("by", [Parameter("DX,DY", .offset)]), .keyword("to", [.point])], required: true),
                .flag("--outside"),
            ], changesDocument: true, "shift any located feature by metres east and north, or put a point feature at a place",
            example: "move $_ by 0.5,0"
        ) { session, args in
            let target = try session.resolve(args.word("REF"), argument: "REF")
            if let to = args.value(after: "to") {
                return try session.perform(
                    MoveFeature(target, to: try session.position(to, argument: "to"), allowOutside: args.flag("--outside")), args)
            }
            return try moveBy(target, args, &session)
        },
        CommandSpec(
            "link", [.positional(.node, .repeated(minimum: 2)), .flag("oneway"), .option("weight", Parameter("W", .number))],
            changesDocument: true, group: .routing,
            "link path nodes, both ways unless oneway; `nearest` is the node nearest the one before it",
            example: "link $a $b $c"
        ) { session, args in
            var nodes: [String] = []
            for (index, word) in args.words("NODE").enumerated() {
                // `link $n nearest`, as `add node ... link=nearest`: the closest other node of the level.
                if word == "nearest", index > 0, session.document.indexes.byName["nearest"] == nil {
                    guard let previous = nodes.last.flatMap(session.document.feature), case .point(let position)? = previous.geometry,
                        let level = previous.string(.levelID),
                        let nearest = RoutingFormat.nearestNode(
                            to: position, onLevel: level, excluding: Set(nodes + (previous.strings(RoutingExtension.neighbours) ?? [])),
                            session.document)
                    else {
                        throw EditError(
                            "NODE \(index + 1): no other node near \(nodes.last.map { String($0.prefix(8)) } ?? "the one before") to link to",
                            argument: "NODE \(index + 1)")
                    }
                    nodes.append(nearest.id)
                    continue
                }
                do {
                    nodes.append(try session.resolve(word, argument: "NODE \(index + 1)", types: [RoutingExtension.nodeType]))
                } catch {
                    // `link 104 105` on rooms: the way between rooms is `route`'s question.
                    guard let other = try? session.resolve(word, argument: "NODE \(index + 1)"),
                        let feature = session.document.feature(other),
                        feature.featureType != RoutingExtension.nodeType
                    else { throw error }
                    let words = args.words("NODE")
                    throw EditError(
                        "NODE \(index + 1): \(TerminalText.excerpt(word)) is \(session.describe(feature)); `link` joins path nodes of the routing graph (ls node lists them, add node makes one); the way between two rooms is `route \(words.prefix(2).map(Tokenizer.quoted).joined(separator: " "))`",
                        argument: "NODE \(index + 1)")
                }
            }
            return try session.perform(Link(nodes, oneway: args.flag("oneway"), weight: args.number("weight")), args)
        },
        CommandSpec(
            "unlink", [.positional(.node.named("N1"), .required), .positional(.node.named("N2"), .required)],
            changesDocument: true, group: .routing, "remove the link between two path nodes, both ways", example: "unlink $a $b"
        ) { session, args in
            let a = try session.resolve(args.word("N1"), argument: "N1", types: [RoutingExtension.nodeType])
            let b = try session.resolve(args.word("N2"), argument: "N2", types: [RoutingExtension.nodeType])
            return try session.perform(Unlink(a, b), args)
        },
        CommandSpec(
            "associate", [.positional(.node, .required), .positional(.ref, .required)],
            changesDocument: true, group: .routing, "tie a path node to a destination (unit, opening, amenity, occupant)",
            example: "associate $door_node 310"
        ) { session, args in
            let node = try session.resolve(args.word("NODE"), argument: "NODE", types: [RoutingExtension.nodeType])
            return try session.perform(Associate(node: node, with: try session.resolve(args.word("REF"), argument: "REF")), args)
        },
        CommandSpec(
            "graph build",
            [
                .oneOf(
                    [
                        .keyword("level", [Parameter("REF", .reference(["level"]))]),
                        .keyword("building", [Parameter("REF", .reference(["building"]))]), .flag("all"),
                    ], required: false),
                .keyword("--spacing", [Parameter("M", .number)]), .flag("--replace"),
            ], changesDocument: true, group: .routing,
            "make the routing graph from the plan (default: all levels): a node on each door, linked into the rooms it joins; "
                + "walkways, lobbies and rooms of many doors get a network along their middle, nodes at most --spacing apart (default 5 m); "
                + "overlapping stairs, elevators, escalators and ramps join adjacent levels (stairs at their landing); revolving doors, "
                + "turnstiles and doors without wheelchair access (where the data records it) close accessible routes. The nodes are "
                + "tagged generated; --replace builds them anew, keeping hand-made nodes and links and linking each hand-made node "
                + "to a new one within 2 m",
            example: "graph build building \"Main\" --spacing 3",
            help: [
                "level": "Build the graph of one level (and link its stairs and elevators to the generated ones above and below).",
                "building": "Build the graph of every level of one building.",
                "all": "Build the graph of every level (the default).",
                "--spacing": "The farthest apart two linked nodes in a space may be, in metres (0.5 to 100; default 5).",
                "--replace": "Remove the generated nodes of those levels first; hand-made nodes and links stay.",
            ]
        ) { session, args in
            var scope = GraphBuild.Scope.all
            if let level = args.value(after: "level") {
                scope = .level(try session.resolve(level, argument: "level", types: ["level"]))
            } else if let building = args.value(after: "building") {
                scope = .building(try session.resolve(building, argument: "building", types: ["building"]))
            }
            var spacing = GraphBuild.defaultSpacing
            if let text = args.value(after: "--spacing") {
                guard let value = Double(text) else {
                    throw EditError("--spacing: \(TerminalText.excerpt(text)) is not a number of metres", argument: "--spacing")
                }
                spacing = value
            }
            return try session.perform(GraphBuild(scope, spacing: spacing, replace: args.flag("--replace")), args)
        },
        CommandSpec(
            "attach anchor",
            [
                .keyword("to", [.unit], required: true), .optionalAt,
                .option("address", Parameter("REF", .reference(["address"]), or: ["inherit", "none"])),
                .option("unit", Parameter("TEXT", .text)), .handle,
            ], changesDocument: true,
            "an anchor in a unit; its address is derived on save from the building's, with unit= or the unit's name",
            example: "attach anchor to 310 unit=\"310\""
        ) { session, args in
            let unit = try session.resolve(args.value(after: "to") ?? "", argument: "UNIT", types: ["unit"])
            let at = try args.value(after: "at").map { (text: String) throws(EditError) in try session.position(text, argument: "at") }
            return try session.perform(AttachAnchor(to: unit, at: at, address: try address(args, &session)), args)
        },
        CommandSpec(
            "attach occupant",
            [
                .positional(Parameter("NAME", .text), .required), .option("category", Parameter("C", .category(.occupant)), required: true),
                .keyword("to", [.unit], required: true), .optionalAt, .option("hours", Parameter("HOURS", .text)),
                .option("phone", Parameter("PHONE", .text)),
                .option("website", Parameter("URL", .text)),
                .option("address", Parameter("REF", .reference(["address"]), or: ["inherit", "none"])),
                .option("unit", Parameter("TEXT", .text)), .handle,
            ], changesDocument: true, "an anchor and an occupant in one step",
            example: "attach occupant \"Robotics Lab\" category=researchanddevelopment to 310"
        ) { session, args in
            let unit = try session.resolve(args.value(after: "to") ?? "", argument: "UNIT", types: ["unit"])
            let at = try args.value(after: "at").map { (text: String) throws(EditError) in try session.position(text, argument: "at") }
            return try session.perform(
                AttachOccupant(
                    name: args.word("NAME"), category: args.option("category") ?? "", to: unit, at: at, hours: args.option("hours"),
                    phone: args.option("phone"), website: args.option("website"), address: try address(args, &session)), args)
        },
        CommandSpec(
            "set", [.positional(.ref, .required), .properties, .flag("--custom")],
            changesDocument: true,
            "set properties of the feature's type, typed by its schema (name.en=\"..\", category=, ordinal=, level_id=REF, ...); --custom for keys IMDF does not define",
            example: "set 310 name.en=\"Room 310\" restriction=employeesonly"
        ) { session, args in
            let target = try session.resolve(args.word("REF"), argument: "REF")
            guard let feature = session.document.feature(target) else {
                throw EditError("set: \(target.prefix(8)) does not exist", argument: "REF")
            }
            var assignments: [SetProperties.Assignment] = []
            for (key, text) in args.properties.sorted(by: { $0.key < $1.key }) {
                assignments.append(try assignment(key, text, feature, custom: args.flag("--custom"), &session))
            }
            return try session.perform(SetProperties(target, assignments), args)
        },
        CommandSpec(
            "unset", [.positional(.ref, .required), .positional(Parameter("KEY", .propertyKey), .required)],
            changesDocument: true, "clear a property (IMDF keys become null)", example: "unset 310 restriction"
        ) { session, args in
            let target = try session.resolve(args.word("REF"), argument: "REF")
            return try session.perform(UnsetProperty(target, key: args.word("KEY")), args)
        },
        CommandSpec(
            "rename",
            [.positional(.ref, .required), .positional(Parameter("NAME", .text), .required), .option("language", Parameter("L", .text))],
            changesDocument: true, "set the name in the archive's language (or in L)", example: "rename 310 \"Seminar room\""
        ) { session, args in
            let target = try session.resolve(args.word("REF"), argument: "REF")
            return try session.perform(Rename(target, to: args.word("NAME"), language: args.option("language")), args)
        },
        CommandSpec(
            "flatten", [.positional(.ref, .required)], changesDocument: true,
            "turn a one-part MultiLineString, MultiPolygon or MultiPoint into its LineString, Polygon or Point", example: "flatten $door"
        ) { session, args in
            let target = try session.resolve(args.word("REF"), argument: "REF")
            return try session.perform(Flatten(target), args)
        },
        CommandSpec(
            "delete", [.positional(.ref, .required), .flag("--cascade")],
            changesDocument: true, "remove a feature (refused while others refer to it, unless --cascade)", example: "delete $_ --cascade"
        ) { session, args in
            let target = try session.resolve(args.word("REF"), argument: "REF")
            return try session.perform(Delete(target, cascade: args.flag("--cascade")), args)
        },
    ]

    /// The outline's keyword and its values, as `EditingSession.outline` reads them.
    static func outlineWords(_ args: Arguments) -> [String] {
        if let rect = args.keyword("rect") { return ["rect"] + rect }
        return ["poly"] + (args.keyword("poly") ?? [])
    }

    static func moveBy(_ id: String, _ args: Arguments, _ session: inout EditingSession) throws(EditError) -> CommandOutcome {
        let by = args.value(after: "by") ?? ""
        let parts = by.split(separator: ",")
        guard parts.count == 2 else { throw EditError("by: \"\(TerminalText.excerpt(by))\" is not DX,DY in metres", argument: "by") }
        let east = try session.distance(String(parts[0]), argument: "by")
        let north = try session.distance(String(parts[1]), argument: "by")
        return try session.perform(MoveFeature(id, byEast: east, north: north, allowOutside: args.flag("--outside")), args)
    }

    static func address(_ args: Arguments, _ session: inout EditingSession) throws(EditError) -> AddressChoice {
        if let unit = args.option("unit") {
            if let address = args.option("address"), address != "inherit" {
                throw EditError(
                    "unit= names the unit of an inherited address; it cannot go with address=\(TerminalText.excerpt(address))",
                    argument: "unit")
            }
            return .inheritWithUnit(unit)
        }
        switch args.option("address") {
        case nil, "inherit"?: return .inherit
        case "none"?: return .none
        case let reference?: return .address(try session.resolve(reference, argument: "address", types: ["address"]))
        }
    }

    /// `key=text` typed by the feature's schema.
    static func assignment(
        _ key: String, _ text: String, _ feature: Feature, custom: Bool, _ session: inout EditingSession
    ) throws(EditError) -> SetProperties.Assignment {
        // `set building address=REF`: a feature that names an address takes it by address=, as
        // `add building ... address=REF` does (an address's own address= is its street).
        if key == PropertyKey.address.rawValue, let type = feature.imdfType, type.spec(forKey: .address) == nil,
            type.spec(forKey: .addressID) != nil
        {
            return try assignment(PropertyKey.addressID.rawValue, text, feature, custom: custom, &session)
        }
        let parts = key.split(separator: ".", maxSplits: 1).map(String.init)
        // A misspelt key is refused, not added: an IMDF feature takes the keys of its type's
        // schema and its geometry (geometry=null); a key IMDF does not define (an extension's,
        // kept on save) only with --custom.
        if let type = feature.imdfType, let base = parts.first, base != "geometry", type.spec(forKey: base) == nil, !custom {
            let keys = type.schema.map(\.key)
            let hint =
                Spelling.nearest(to: base, in: keys).map { "; did you mean \($0)=?" }
                ?? " (a \(type.rawValue) has \(keys.map { $0 + "=" }.joined(separator: ", ")))"
            let custom =
                feature.properties[base] != nil
                ? "; it is not IMDF's: give --custom to set it" : "; give --custom to add a key IMDF does not define"
            throw EditError("set: unknown option \(TerminalText.excerpt(key))=\(hint)\(custom)", argument: key)
        }
        if parts.count == 2 { return .init(key: parts[0], language: parts[1], value: .string(text)) }
        if text == "null" { return .init(key: key, value: .null) }
        guard let spec = feature.imdfType?.spec(forKey: key) else {
            if text == "true" || text == "false" { return .init(key: key, value: .bool(text == "true")) }
            if let number = JSONNumber(text: text) { return .init(key: key, value: .number(number)) }
            return .init(key: key, value: .string(text))
        }
        switch spec.kind {
        case .integer:
            guard let value = Int(text) else {
                throw EditError("\(TerminalText.excerpt(key)) must be an integer, not \(TerminalText.excerpt(text))", argument: key)
            }
            return .init(key: key, value: .number(JSONNumber(value)))
        case .boolean:
            guard text == "true" || text == "false" else { throw EditError("\(key) must be true or false", argument: key) }
            return .init(key: key, value: .bool(text == "true"))
        case .categoryArray:
            return .init(key: key, value: .array(text.split(separator: ",").map { .string(String($0)) }))
        case .reference(let target):
            return .init(key: key, value: .string(try session.resolve(text, argument: key, types: [target.rawValue])))
        case .referenceArray(let target):
            var ids: [JSONValue] = []
            for part in text.split(separator: ",") {
                ids.append(.string(try session.resolve(String(part), argument: key, types: [target.rawValue])))
            }
            return .init(key: key, value: .array(ids))
        case .displayPoint:
            return .init(key: key, value: GeoJSONGeometry(.point(try session.position(text, argument: key))).json)
        case .labels:
            return .init(key: key, language: session.document.labelLanguage, value: .string(text))
        default:
            return .init(key: key, value: .string(text))
        }
    }
}
