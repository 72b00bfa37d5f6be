// Validation's repairs as the editor carries them out and shows them: each case is an edit
// command value (run by `fix`) and the command line that does the same (shown with the finding).
// The switches are exhaustive, so a repair validation adds has no way in without both; a test
// runs every shown line through the grammar and checks it makes the same change as the value.

import IMDF
import Validation
import Workbench

extension Repair {
    /// The command line a person would type for this repair, each feature named by its id as
    /// `short` shortens it (unique in the document, so the line names what it says). Never a
    /// name: two features may share one. An id that is not hex digits (`unit-12`) is not taken
    /// as a prefix, so it is written whole (quoted where it needs to be), as an exact id wins.
    public func commandLine(_ short: ShortIDs) -> String {
        func ref(_ id: String) -> String { Self.reference(to: id, short) }
        func at(_ coordinate: Coordinate) -> String { "@\(coordinate.longitude),\(coordinate.latitude)" }
        switch self {
        case .save: return "save"
        case .choose(let id, let key, .reference): return "set \(ref(id)) \(key)=REF"
        case .choose(let id, let key, .example(let value)): return "set \(ref(id)) \(key)=\(Tokenizer.quoted(value))"
        case .choose(let id, let key, .value): return "set \(ref(id)) \(key)=..."
        case .set(let id, let key, .text(let text)): return "set \(ref(id)) \(key)=\(Tokenizer.quoted(text))"
        case .set(let id, let key, .null): return "set \(ref(id)) \(key)=null"
        case .set(let id, let key, .point(let coordinate)): return "set \(ref(id)) \(key)=\(at(coordinate))"
        case .unset(let id, let key): return "unset \(ref(id)) \(key)"
        case .removeGeometry(let id): return "set \(ref(id)) geometry=null"
        case .flatten(let id): return "flatten \(ref(id))"
        case .delete(let id): return "delete \(ref(id))"
        case .link(let a, let b): return "link \(ref(a)) \(ref(b))"
        case .unlink(let a, let b): return "unlink \(ref(a)) \(ref(b))"
        case .moveOpening(let id, let coordinate): return "move opening \(ref(id)) to \(at(coordinate))"
        case .move(let id, let coordinate): return "move \(ref(id)) to \(at(coordinate)) --outside"
        }
    }

    /// How a fix line names the feature `id`: its short id where that resolves as an id prefix
    /// (hex digits and dashes), else the whole id.
    static func reference(to id: String, _ short: ShortIDs) -> String {
        let shortened = short.short(id)
        // ASCII (every UUID) by its bytes; any other text by its characters.
        let utf8 = shortened.utf8
        if utf8.allSatisfy({ $0 < 0x80 }) {
            let hex = utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x66) || $0 == 0x2D }
            if utf8.count >= 4 && hex { return shortened }
        } else if shortened.count >= 4, shortened.allSatisfy({ $0.isHexDigit || $0 == "-" }) {
            return shortened
        }
        return Tokenizer.quoted(id)
    }

    /// The edit that performs the repair; nil for repairs a person completes (`save`, a value to choose).
    func edit(in session: inout EditingSession) throws(EditError) -> (any EditCommand)? {
        func position(_ coordinate: Coordinate) -> Position { Position(x: coordinate.longitude, y: coordinate.latitude) }
        switch self {
        case .save, .choose: return nil
        case .set(let id, let key, let value):
            guard let feature = session.document.feature(id) else { throw EditError("\(id.prefix(8)) no longer exists", argument: "REF") }
            let assignment: SetProperties.Assignment
            switch value {
            // Text is typed by the property's schema, as `set` types what is typed.
            case .text(let text): assignment = try EditingCommands.assignment(key, text, feature, custom: false, &session)
            case .null: assignment = .init(key: key, value: .null)
            case .point(let coordinate): assignment = .init(key: key, value: GeoJSONGeometry(.point(position(coordinate))).json)
            }
            return SetProperties(id, [assignment])
        case .unset(let id, let key): return UnsetProperty(id, key: key)
        case .removeGeometry(let id): return SetProperties(id, [.init(key: "geometry", value: .null)])
        case .flatten(let id): return Flatten(id)
        case .delete(let id): return Delete(id)
        case .link(let a, let b): return Link([a, b])
        case .unlink(let a, let b): return Unlink(a, b)
        case .moveOpening(let id, let coordinate): return MoveOpening(id, .to(position(coordinate)))
        // Validation puts the feature where it belongs (an anchor into its unit), wherever the
        // unit lies: not a slip to refuse.
        case .move(let id, let coordinate): return MoveFeature(id, to: position(coordinate), allowOutside: true)
        }
    }
}

extension Fix {
    /// The repair as shown with a finding: its command line, else its description.
    public func shown(_ short: ShortIDs) -> String { repair.map { $0.commandLine(short) } ?? description }
}
