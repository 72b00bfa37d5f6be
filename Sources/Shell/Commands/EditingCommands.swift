// The grammar of the edit commands (PRODUCT.md section 4): each entry turns the typed words into
// a Workbench command, resolving references and coordinates in the session.

import IMDF
import Workbench

enum EditingCommands {
    static let all: [CommandSpec] = [
        CommandSpec("add building", "add building NAME [category=C] [address=REF] [as H]", "a building (unlocated)",
            example: "add building \"Hall 1\" as hall") { session, args in
            try args.unknownOptions(allowed: ["category", "address"])
            let address = try args.options["address"].map { (text: String) throws(EditError) in try session.resolve(text, argument: "address", types: ["address"]) }
            let output = try session.perform(AddBuilding(name: try args.word(0, "NAME"), category: args.options["category"] ?? "unspecified", addressID: address), args)
            session.buildingID = session.lastCreated
            return output
        },
        CommandSpec("add level", "add level NAME ordinal=N [short=S] [outdoor] [address=inherit] (rect X,Y WxH | poly ...) [as H]",
            "a level of the building in use, with its outline", example: "add level \"Ground floor\" ordinal=0 short=G rect 0,0 40x20") { session, args in
            try args.unknownOptions(allowed: ["ordinal", "short", "category", "address"])
            if let address = args.options["address"], address != "inherit" {
                throw EditError("add level: address=inherit is the one choice (a level takes its building's address on save)", argument: "address")
            }
            guard let ordinalText = args.options["ordinal"], let ordinal = Int(ordinalText) else {
                throw EditError("add level: ordinal=N (an integer) is required", argument: "ordinal")
            }
            let shape = try session.outline(Array(args.words.drop { $0 != "rect" && $0 != "poly" }.prefix { $0 != "as" }), argument: "outline")
            let output = try session.perform(AddLevel(
                name: try args.word(0, "NAME"), ordinal: ordinal, shortName: args.options["short"], outdoor: args.flag("outdoor"),
                outline: shape, buildingID: session.buildingID, category: args.options["category"] ?? "unspecified",
                inheritsAddress: args.options["address"] == "inherit"), args)
            session.levelID = session.lastCreated
            return output
        },
        CommandSpec("add unit", "add unit NAME category=C (rect X,Y WxH | poly X1,Y1 ...) [as H]", "a room on the level in use",
            example: "add unit \"Lab 2\" category=laboratory rect 4,2 6x5 as lab") { session, args in
            try args.unknownOptions(allowed: ["category"])
            guard let level = session.levelID else { throw EditError("add unit: no level in use (`use level REF`)", argument: "level") }
            guard let category = args.options["category"] else { throw EditError("add unit: category=C is required", argument: "category") }
            let shape = try session.outline(Array(args.words.drop { $0 != "rect" && $0 != "poly" }.prefix { $0 != "as" }), argument: "outline")
            return try session.perform(AddUnit(name: try args.word(0, "NAME"), category: category, outline: shape, levelID: level), args)
        },
        CommandSpec("add opening", "add opening (on UNIT | between UNIT UNIT) at X,Y [width=W] [category=C] [door=TYPE] [as H]",
            "a door laid along a wall, centred on the nearest wall point", example: "add opening between 310 corridor at 12,4 width=1.2") { session, args in
            try args.unknownOptions(allowed: ["width", "category", "door"])
            let units: [String]
            if let on = args.after("on", count: 1), on.count == 1 {
                units = [try session.resolve(on[0], argument: "on", types: ["unit"])]
            } else if let between = args.after("between", count: 2), between.count == 2 {
                units = [try session.resolve(between[0], argument: "between", types: ["unit"]), try session.resolve(between[1], argument: "between", types: ["unit"])]
            } else {
                throw EditError("add opening: say `on UNIT` or `between UNIT UNIT`", argument: "on")
            }
            guard let at = args.after("at", count: 1)?.first else { throw EditError("add opening: at X,Y is required", argument: "at") }
            return try session.perform(AddOpening(
                on: units, at: try session.position(at, argument: "at"), width: try args.number("width") ?? 0.9,
                category: args.options["category"] ?? "pedestrian", doorType: args.options["door"]), args)
        },
        CommandSpec("add amenity", "add amenity CATEGORY at X,Y [unit=REF,...] [as H]", "a point amenity, in the units containing it unless given",
            example: "add amenity atm at 3,4") { session, args in
            try args.unknownOptions(allowed: ["unit"])
            guard let at = args.after("at", count: 1)?.first else { throw EditError("add amenity: at X,Y is required", argument: "at") }
            var units: [String] = []
            for name in (args.options["unit"] ?? "").split(separator: ",") { units.append(try session.resolve(String(name), argument: "unit", types: ["unit"])) }
            return try session.perform(AddAmenity(
                category: try args.word(0, "CATEGORY"), at: try session.position(at, argument: "at"), unitIDs: units, levelID: session.levelID), args)
        },
        CommandSpec("add node", "add node at X,Y [link=prev|nearest|REF] [tags=a,b] [as H]", "a path node on the level in use",
            example: "add node at 2,5 link=prev") { session, args in
            try args.unknownOptions(allowed: ["link", "tags"])
            guard let level = session.levelID else { throw EditError("add node: no level in use (`use level REF`)", argument: "level") }
            guard let at = args.after("at", count: 1)?.first else { throw EditError("add node: at X,Y is required", argument: "at") }
            let link: AddNode.LinkTarget
            switch args.options["link"] {
            case nil: link = .none
            case "prev"?:
                guard let previous = session.lastNode else { throw EditError("link=prev: no node has been added in this session", argument: "link") }
                link = .node(previous)
            case "nearest"?: link = .nearest
            case let reference?: link = .node(try session.resolve(reference, argument: "link", types: ["navPath"]))
            }
            let tags = (args.options["tags"] ?? "").split(separator: ",").map(String.init)
            return try session.perform(AddNode(at: try session.position(at, argument: "at"), levelID: level, link: link, tags: tags), args)
        },
        CommandSpec("split unit", "split unit REF along X1,Y1 X2,Y2 [names=A,B]", "cut a room along a line; the larger part keeps the id",
            example: "split unit 312 along 10,0 10,8 names=312A,312B") { session, args in
            try args.unknownOptions(allowed: ["names"])
            let unit = try session.resolve(try args.word(0, "REF"), argument: "REF", types: ["unit"])
            guard let points = args.after("along"), points.count >= 2 else { throw EditError("split: along X1,Y1 X2,Y2 is required", argument: "along") }
            var line: [Position] = []
            for point in points.prefix(while: { $0 != "as" }) { line.append(try session.position(point, argument: "along")) }
            let names = args.options["names"].map { $0.split(separator: ",").map(String.init) }
            return try session.perform(SplitUnit(unit, along: line, names: names), args)
        },
        CommandSpec("merge unit", "merge unit A B", "join two touching rooms; A keeps its id", example: "merge unit 312A 312B") { session, args in
            let a = try session.resolve(try args.word(0, "A"), argument: "A", types: ["unit"])
            let b = try session.resolve(try args.word(1, "B"), argument: "B", types: ["unit"])
            return try session.perform(MergeUnits(a, b), args)
        },
        CommandSpec("move opening", "move opening REF (by D | to X,Y)", "slide a door along its wall, or snap it to the nearest wall",
            example: "move opening $door by 1.5") { session, args in
            let opening = try session.resolve(try args.word(0, "REF"), argument: "REF", types: ["opening"])
            if let by = args.after("by", count: 1)?.first {
                let distance = try session.distance(by, argument: "by")
                return try session.perform(MoveOpening(opening, .along(distance)), args)
            }
            guard let to = args.after("to", count: 1)?.first else { throw EditError("move opening: by D or to X,Y is required", argument: "by") }
            return try session.perform(MoveOpening(opening, .to(try session.position(to, argument: "to"))), args)
        },
        CommandSpec("move unit", "move unit REF (to level REF | by DX,DY)", "put a room on another level (its openings and nodes follow), or shift it",
            example: "move unit 310 to level L4") { session, args in
            let unit = try session.resolve(try args.word(0, "REF"), argument: "REF", types: ["unit"])
            if let target = args.after("level", count: 1)?.first {
                return try session.perform(MoveUnitToLevel(unit, toLevel: try session.resolve(target, argument: "level", types: ["level"])), args)
            }
            return try moveBy(unit, args, &session)
        },
        CommandSpec("move", "move REF (by DX,DY | to X,Y)", "shift any located feature by metres east and north, or put a point feature at a place",
            example: "move $_ by 0.5,0") { session, args in
            let target = try session.resolve(try args.word(0, "REF"), argument: "REF")
            if args.after("by") == nil, let to = args.after("to", count: 1)?.first {
                return try session.perform(MoveFeature(target, to: try session.position(to, argument: "to")), args)
            }
            return try moveBy(target, args, &session)
        },
        CommandSpec("link", "link N1 N2 [N3 ...] [oneway] [weight=W]", "link path nodes, both ways unless oneway", example: "link $a $b $c") { session, args in
            try args.unknownOptions(allowed: ["weight"])
            var nodes: [String] = []
            for (index, token) in args.positional.enumerated() where !(token.text == "oneway" && !token.quoted) {
                nodes.append(try session.resolve(token.text, argument: "N\(index + 1)", types: ["navPath"]))
            }
            return try session.perform(Link(nodes, oneway: args.flag("oneway"), weight: try args.number("weight")), args)
        },
        CommandSpec("unlink", "unlink N1 N2", "remove the link between two path nodes, both ways", example: "unlink $a $b") { session, args in
            let a = try session.resolve(try args.word(0, "N1"), argument: "N1", types: ["navPath"])
            let b = try session.resolve(try args.word(1, "N2"), argument: "N2", types: ["navPath"])
            return try session.perform(Unlink(a, b), args)
        },
        CommandSpec("associate", "associate NODE REF", "tie a path node to a destination (unit, opening, amenity, occupant)",
            example: "associate $door_node 310") { session, args in
            let node = try session.resolve(try args.word(0, "NODE"), argument: "NODE", types: ["navPath"])
            return try session.perform(Associate(node: node, with: try session.resolve(try args.word(1, "REF"), argument: "REF")), args)
        },
        CommandSpec("attach anchor", "attach anchor to UNIT [at X,Y] [address=inherit|none|REF] [unit=TEXT]",
            "an anchor in a unit; its address is derived on save from the building's, with unit= or the unit's name",
            example: "attach anchor to 310 unit=\"310\"") { session, args in
            try args.unknownOptions(allowed: ["address", "unit"])
            guard let target = args.after("to", count: 1)?.first else { throw EditError("attach anchor: to UNIT is required", argument: "UNIT") }
            let unit = try session.resolve(target, argument: "UNIT", types: ["unit"])
            let at = try args.after("at", count: 1)?.first.map { (text: String) throws(EditError) in try session.position(text, argument: "at") }
            return try session.perform(AttachAnchor(to: unit, at: at, address: try address(args, &session)), args)
        },
        CommandSpec("attach occupant", "attach occupant NAME category=C to UNIT [at X,Y] [hours=..] [phone=..] [address=..] [unit=TEXT]",
            "an anchor and an occupant in one step", example: "attach occupant \"Robotics Lab\" category=researchanddevelopment to 310") { session, args in
            try args.unknownOptions(allowed: ["category", "hours", "phone", "address", "unit"])
            guard let category = args.options["category"] else { throw EditError("attach occupant: category=C is required", argument: "category") }
            guard let target = args.after("to", count: 1)?.first else { throw EditError("attach occupant: to UNIT is required", argument: "UNIT") }
            let unit = try session.resolve(target, argument: "UNIT", types: ["unit"])
            let at = try args.after("at", count: 1)?.first.map { (text: String) throws(EditError) in try session.position(text, argument: "at") }
            return try session.perform(AttachOccupant(
                name: try args.word(0, "NAME"), category: category, to: unit, at: at, hours: args.options["hours"],
                phone: args.options["phone"], address: try address(args, &session)), args)
        },
        CommandSpec("set", "set REF key=value ...", "set properties (typed: name.en=\"..\", category=, ordinal=, level_id=REF, ...)",
            example: "set 310 name.en=\"Room 310\" restriction=employeesonly") { session, args in
            let target = try session.resolve(try args.word(0, "REF"), argument: "REF")
            guard !args.options.isEmpty else { throw EditError("set: give key=value", argument: "key") }
            let feature = session.document.feature(target)!
            var assignments: [SetProperties.Assignment] = []
            for token in args.positional.dropFirst() { throw EditError("set: \"\(token.text)\" is not key=value", argument: token.text) }
            for (key, text) in args.options.sorted(by: { $0.key < $1.key }) {
                assignments.append(try assignment(key, text, feature, &session))
            }
            return try session.perform(SetProperties(target, assignments), args)
        },
        CommandSpec("unset", "unset REF key", "clear a property (IMDF keys become null)", example: "unset 310 restriction") { session, args in
            let target = try session.resolve(try args.word(0, "REF"), argument: "REF")
            return try session.perform(UnsetProperty(target, key: try args.word(1, "key")), args)
        },
        CommandSpec("rename", "rename REF NAME [language=L]", "set the name in the archive's language (or in L)",
            example: "rename 310 \"Seminar room\"") { session, args in
            try args.unknownOptions(allowed: ["language"])
            let target = try session.resolve(try args.word(0, "REF"), argument: "REF")
            return try session.perform(Rename(target, to: try args.word(1, "NAME"), language: args.options["language"]), args)
        },
        CommandSpec("delete", "delete REF [--cascade]", "remove a feature (refused while others refer to it, unless --cascade)",
            example: "delete $_ --cascade") { session, args in
            let target = try session.resolve(try args.word(0, "REF"), argument: "REF")
            return try session.perform(Delete(target, cascade: args.flag("--cascade")), args)
        },
    ]

    static func moveBy(_ id: String, _ args: Invocation, _ session: inout EditingSession) throws(EditError) -> String {
        guard let by = args.after("by", count: 1)?.first else { throw EditError("move: by DX,DY (or, for a point, to X,Y) is required", argument: "by") }
        let parts = by.split(separator: ",")
        guard parts.count == 2 else { throw EditError("by: \"\(TerminalText.excerpt(by))\" is not DX,DY in metres", argument: "by") }
        let east = try session.distance(String(parts[0]), argument: "by")
        let north = try session.distance(String(parts[1]), argument: "by")
        return try session.perform(MoveFeature(id, byEast: east, north: north), args)
    }

    static func address(_ args: Invocation, _ session: inout EditingSession) throws(EditError) -> AddressChoice {
        if let unit = args.options["unit"] {
            guard args.options["address"] == nil || args.options["address"] == "inherit" else {
                throw EditError("unit= names the unit of an inherited address; it cannot go with address=\(args.options["address"]!)", argument: "unit")
            }
            return .inheritWithUnit(unit)
        }
        switch args.options["address"] {
        case nil, "inherit"?: return .inherit
        case "none"?: return .none
        case let reference?: return .address(try session.resolve(reference, argument: "address", types: ["address"]))
        }
    }

    /// `key=text` typed by the feature's schema.
    static func assignment(_ key: String, _ text: String, _ feature: Feature, _ session: inout EditingSession) throws(EditError) -> SetProperties.Assignment {
        let parts = key.split(separator: ".", maxSplits: 1).map(String.init)
        if parts.count == 2 { return .init(key: parts[0], language: parts[1], value: .string(text)) }
        if text == "null" { return .init(key: key, value: .null) }
        guard let spec = feature.imdfType?.spec(forKey: key) else {
            if text == "true" || text == "false" { return .init(key: key, value: .bool(text == "true")) }
            if let number = JSONNumber(text: text) { return .init(key: key, value: .number(number)) }
            return .init(key: key, value: .string(text))
        }
        switch spec.kind {
        case .integer:
            guard let value = Int(text) else { throw EditError("\(TerminalText.excerpt(key)) must be an integer, not \(TerminalText.excerpt(text))", argument: key) }
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
            for part in text.split(separator: ",") { ids.append(.string(try session.resolve(String(part), argument: key, types: [target.rawValue]))) }
            return .init(key: key, value: .array(ids))
        case .displayPoint:
            return .init(key: key, value: GeoJSONGeometry(.point(try session.position(text, argument: key))).json)
        case .labels:
            return .init(key: key, language: session.document.manifest.language ?? "en", value: .string(text))
        default:
            return .init(key: key, value: .string(text))
        }
    }
}
