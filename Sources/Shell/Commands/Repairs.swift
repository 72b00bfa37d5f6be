// Validation's repairs as the editor carries them out: each case is an edit command value (run by
// `fix`); the command line that does the same, shown with the finding, is FindingReports'
// RepairLines. The switches are exhaustive, so a repair validation adds has no way in without
// both; a test runs every shown line through the grammar and checks it makes the same change as
// the value.

import FindingReports
import IMDF
import Validation
import Workbench

extension Repair {
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
