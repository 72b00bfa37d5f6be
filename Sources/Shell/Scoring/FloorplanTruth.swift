// What a person counted on a plot of a real drawing: the truth files of the floor plan corpus
// (Benchmarks/floorplans/README.md), read strictly so a typo in one is an error that names it,
// not a silently lower score.

import Foundation
import Geometry

public struct FloorplanTruth: Sendable {
    public struct Source: Sendable, Decodable {
        public var repository: String
        public var commit: String
        public var path: String
        public var licence: String
        public var committed: Bool
    }

    public struct Room: Sendable {
        /// A point inside the room, in drawing units.
        public var at: Point
        public var name: String?
        public var number: String?
        /// The room's outline in drawing units, where the drawing has it as one closed outline.
        public var outline: [Point]?
    }

    public var name: String
    public var source: Source
    public var metresPerUnit: Double
    public var bestOptions: [String]
    public var rooms: [Room]
    public var doors: [Point]
    /// False where the drawing's doors could not all be counted (doors drawn only as gaps):
    /// `doors` lists some, and an opening near none of them is not known to be false.
    public var doorsComplete: Bool
    /// The floor of the building the plan is (0 the lowest): of plans drawn side by side on one
    /// sheet, the one the truth counts; the scoreboard imports onto a level of this ordinal.
    public var levelOrdinal = 0

    /// Reads `NAME.json`; the error names the file and the field that is wrong.
    public static func read(_ path: String) throws(CommandFailure) -> FloorplanTruth {
        struct File: Decodable {
            struct Room: Decodable {
                var at: [Double]
                var name: String?
                var number: String?
                var outline: [[Double]]?
            }
            var source: Source
            var metresPerUnit: Double
            var bestOptions: [String]?
            var rooms: [Room]
            var doors: [[Double]]
            var doorsComplete: Bool?
            var levelOrdinal: Int?
        }
        func failure(_ why: String) -> CommandFailure { TruthFile.failure(path, why) }
        let file = try TruthFile.decode(File.self, at: path)
        func point(_ numbers: [Double], _ field: String) throws(CommandFailure) -> Point {
            guard numbers.count == 2, numbers.allSatisfy(\.isFinite) else { throw failure("\(field): two finite numbers expected") }
            return Point(x: numbers[0], y: numbers[1])
        }
        guard file.metresPerUnit.isFinite, file.metresPerUnit > 0 else { throw failure("metresPerUnit: a positive number expected") }
        var rooms: [Room] = []
        for (index, room) in file.rooms.enumerated() {
            var outline: [Point]?
            if let ring = room.outline {
                outline = []
                for (corner, numbers) in ring.enumerated() { outline!.append(try point(numbers, "rooms[\(index)].outline[\(corner)]")) }
                guard outline!.count >= 3 else { throw failure("rooms[\(index)].outline: three or more corners expected") }
                if outline!.first != outline!.last { outline!.append(outline![0]) }
            }
            rooms.append(
                Room(
                    at: try point(room.at, "rooms[\(index)].at"), name: room.name.flatMap(Self.nonEmpty),
                    number: room.number.flatMap(Self.nonEmpty), outline: outline))
        }
        var doors: [Point] = []
        for (index, numbers) in file.doors.enumerated() { doors.append(try point(numbers, "doors[\(index)]")) }
        let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        return FloorplanTruth(
            name: name, source: file.source, metresPerUnit: file.metresPerUnit, bestOptions: file.bestOptions ?? [], rooms: rooms,
            doors: doors, doorsComplete: file.doorsComplete ?? true, levelOrdinal: file.levelOrdinal ?? 0)
    }

    static func nonEmpty(_ text: String) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.isEmpty ? nil : trimmed
    }
}
