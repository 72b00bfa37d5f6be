// Commands that set what later commands work in: the building and level in use, and the origin
// of local coordinates. They change no feature, but a replay needs them, so they are journaled.

import IMDF
import Workbench

enum ContextCommands {
    static let all: [CommandSpec] = [
        CommandSpec(
            "use building", [.positional(Parameter("REF", .reference(["building"])), .required)], changesDocument: false,
            "work in a building", example: "use building \"Hall 1\""
        ) { session, args in
            let id = try session.resolve(args.word("REF"), argument: "REF", types: ["building"])
            session.buildingID = id
            if let level = session.levelID, session.document.feature(level)?.strings(.buildingIDs)?.contains(id) != true {
                session.levelID = session.document.features(of: .level).first { $0.strings(.buildingIDs)?.contains(id) == true }?.id
            }
            return CommandOutcome(.context, "using \(session.describe(id))")
        },
        CommandSpec(
            "use level", [.positional(Parameter("REF", .reference(["level"])), .required)], changesDocument: false,
            "work on a level (coordinates are metres from its south-west corner)", example: "use level L3"
        ) { session, args in
            let id = try session.resolve(args.word("REF"), argument: "REF", types: ["level"])
            session.levelID = id
            if let building = session.document.feature(id)?.strings(.buildingIDs)?.first { session.buildingID = building }
            return CommandOutcome(.context, "using \(session.describe(id))")
        },
        CommandSpec(
            "frame", [.positional(Parameter("X,Y", .point, or: ["reset"]), .optional)], changesDocument: false,
            "show or move the origin of local coordinates (X,Y or @LON,LAT)", example: "frame @30.3729,60.0076"
        ) { session, args in
            let origin = args.optionalWord("X,Y")
            if origin == "reset" {
                session.explicitOrigin = nil
            } else if let origin {
                session.explicitOrigin = try session.position(origin, argument: "origin")
            }
            let frame = session.frame
            let message = "origin @\(frame.originLongitude),\(frame.originLatitude); X,Y are metres east and north of it"
            return origin == nil ? .view(message) : CommandOutcome(.context, message)
        },
    ]
}

extension EditingSession {
    /// The commands that bring a session on this document back to the building, level and origin
    /// in use (ids, not names, so they mean the same whatever is renamed later).
    public var contextCommands: [String] {
        var commands: [String] = []
        if let buildingID, document.feature(buildingID) != nil { commands.append("use building \(buildingID)") }
        if let levelID, document.feature(levelID) != nil { commands.append("use level \(levelID)") }
        if let explicitOrigin { commands.append("frame @\(explicitOrigin.x),\(explicitOrigin.y)") }
        return commands
    }

    /// `describe` of the feature with `id` (which a command has just resolved).
    func describe(_ id: String) -> String { document.feature(id).map(describe) ?? document.shortID(id) }
}
