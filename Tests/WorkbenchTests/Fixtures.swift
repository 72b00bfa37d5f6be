import Geometry
import IMDF
import SyntheticVenue

@testable import Workbench

/// A small generated venue to edit: 1 building, 2 levels, 6 rooms per level around a corridor.
func smallVenue(rooms: Int = 6, levels: Int = 2) -> Document {
    Document(VenueGenerator.generate(VenueSpec(buildings: 1, levels: levels, rooms: rooms, seed: 11)))
}

extension Document {
    var firstLevel: Feature { features(of: .level)[0] }
    var rooms: [Feature] { features(of: .unit).filter { $0.string("category") != "walkway" } }
    var corridors: [Feature] { features(of: .unit).filter { $0.string("category") == "walkway" } }
    var metres: Projector { projector! }

    func polygons(_ feature: Feature) -> [Polygon] { metres.polygons(feature.geometry)! }
    func position(_ x: Double, _ y: Double) -> Position { metres.position(Point(x: x, y: y)) }
    func point(_ position: Position) -> Point { metres.point(position) }

    /// The room's south-west corner and size in metres.
    func box(_ feature: Feature) -> (x: Double, y: Double, width: Double, height: Double) {
        let bounds = polygons(feature)[0].bounds
        return (bounds.minX, bounds.minY, bounds.maxX - bounds.minX, bounds.maxY - bounds.minY)
    }

    func rectangle(_ x: Double, _ y: Double, _ width: Double, _ height: Double) -> [[Position]] {
        [[position(x, y), position(x + width, y), position(x + width, y + height), position(x, y + height), position(x, y)]]
    }
}

/// Runs a command that must fail and checks that nothing changed.
func refusal(_ command: some EditCommand, on history: inout History) -> EditError? {
    let before = history.document
    let undoCount = history.undoStack.count
    var ids = IDSource(seed: 1)
    do {
        try history.perform(command, ids: &ids)
        return nil
    } catch {
        precondition(history.document == before && history.undoStack.count == undoCount, "a failed command changed the document")
        return error
    }
}
