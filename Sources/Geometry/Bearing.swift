// Directions as a person on a plan reads them: a bearing in degrees clockwise from north (a
// surveyor's and a compass's convention, so a wall of a rotated building can be told apart from
// its neighbours by a number), and the nearest of the eight compass words.

import Foundation

public enum Bearing {
    /// Degrees clockwise from north (y) of the direction from `start` to `end`, in [0, 360); nil
    /// when the two points coincide.
    public static func degrees(from start: Point, to end: Point) -> Double? {
        let east = end.x - start.x
        let north = end.y - start.y
        guard east != 0 || north != 0 else { return nil }
        let angle = atan2(east, north) * 180 / .pi
        let normalised = angle < 0 ? angle + 360 : angle
        // -0.0000001 rounds to 360 once printed; it is north.
        return normalised >= 359.95 ? 0 : normalised
    }

    /// A bearing as printed: one decimal, without a trailing `.0` (90°, 37.5°).
    public static func text(_ degrees: Double) -> String {
        let rounded = (degrees * 10).rounded() / 10
        let shown = rounded >= 360 ? 0 : rounded
        return (shown == shown.rounded() ? String(Int(shown)) : String(shown)) + "°"
    }

    /// The compass word nearest to a bearing: north, north-east, east, ...
    public static func compassWord(_ degrees: Double) -> String {
        let words = ["north", "north-east", "east", "south-east", "south", "south-west", "west", "north-west"]
        let sector = Int(((degrees.truncatingRemainder(dividingBy: 360) + 360 + 22.5) / 45).rounded(.down)) % 8
        return words[sector]
    }
}
