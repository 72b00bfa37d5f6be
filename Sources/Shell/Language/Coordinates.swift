// Coordinates as typed: `X,Y` in metres east and north of the frame's origin (the level's
// south-west corner unless `frame` set another), or `@LON,LAT` in degrees; `rect X,Y WxH`,
// `poly X1,Y1 X2,Y2 ...` and `line X1,Y1 X2,Y2` build shapes from them.

import Geometry
import IMDF
import Render
import Workbench

extension EditingSession {
    public func position(_ text: String, argument: String) throws(EditError) -> Position {
        let geographic = text.hasPrefix("@")
        let parts = (geographic ? String(text.dropFirst()) : text).split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2, let first = Double(parts[0]), let second = Double(parts[1]), first.isFinite, second.isFinite else {
            throw EditError(
                "\(argument): \"\(TerminalText.excerpt(text))\" is not a coordinate (X,Y in metres, or @LON,LAT)", argument: argument)
        }
        if geographic {
            guard Position(x: first, y: second).isLongitudeLatitude else {
                throw EditError("\(argument): \(TerminalText.excerpt(text)) is not a longitude,latitude", argument: argument)
            }
            // How far degrees lie from the venue is judged on the edit's result, which knows the
            // feature: a display point moved into its own distant feature is a repair, not a slip.
            return Position(x: first, y: second)
        }
        try Self.checkReach(max(abs(first), abs(second)), text, argument: argument)
        let (longitude, latitude) = frame.coordinates(of: Point(x: first, y: second))
        let position = Position(x: longitude, y: latitude)
        try refuseDegreesTypedAsMetres(first, second, position, text, argument: argument)
        return position
    }

    /// `add node at 30.3815,60.0072`: degrees typed without `@`. Taken as metres they would lie
    /// outside the level (or the venue) while as degrees they lie on it - a slip, refused with the
    /// form that was meant, never taken as metres.
    func refuseDegreesTypedAsMetres(_ first: Double, _ second: Double, _ asMetres: Position, _ text: String, argument: String)
        throws(EditError)
    {
        guard abs(first) <= 180, abs(second) <= 90 else { return }
        let place = levelID.flatMap(document.feature)
        guard let box = place.flatMap(Document.extent(of:)) ?? document.venueExtent else { return }
        let asDegrees = Position(x: first, y: second)
        guard Document.metres(from: asMetres, to: box) > 1, Document.metres(from: asDegrees, to: box) <= 1 else { return }
        let within = place.map { describe($0) } ?? "the venue"
        throw EditError(
            "\(argument): \(TerminalText.excerpt(text)) as metres east and north of the origin lies outside \(within), but as degrees it lies on it; did you mean @\(TerminalText.excerpt(text))?",
            argument: argument)
    }

    /// Refuses a distance or coordinate further than the document's reach (100 km).
    static func checkReach(_ metres: Double, _ text: String, argument: String) throws(EditError) {
        guard metres.isFinite, metres <= Document.reach else {
            let distance = metres.isFinite && metres < 1e9 ? "\(Int(saturating: (metres / 1000).rounded())) km" : "over a million km"
            throw EditError(
                "\(argument): \(TerminalText.excerpt(text)) reaches \(distance); coordinates, sizes and distances beyond \(Int(Document.reach / 1000)) km of the venue are refused",
                argument: argument)
        }
    }

    /// A distance in metres as typed (`move opening ... by D`), finite and within reach.
    public func distance(_ text: String, argument: String) throws(EditError) -> Double {
        guard let value = Double(text), !value.isNaN else {
            throw EditError("\(argument): \"\(TerminalText.excerpt(text))\" is not a distance in metres", argument: argument)
        }
        try Self.checkReach(abs(value), text, argument: argument)
        return value
    }

    /// A size `WxH` in metres, both positive (`rect X,Y WxH`, `render box X,Y WxH`).
    public func size(_ text: String, argument: String, example: String) throws(EditError) -> (width: Double, height: Double) {
        let parts = text.lowercased().split(separator: "x")
        guard parts.count == 2, let width = Double(parts[0]), let height = Double(parts[1]), width > 0, height > 0 else {
            throw EditError(
                "\(argument): \"\(TerminalText.excerpt(text))\" is not a size WxH in metres (e.g. \(example))", argument: argument)
        }
        try Self.checkReach(max(width, height), text, argument: argument)
        return (width, height)
    }

    /// `rect X,Y WxH` or `poly X1,Y1 X2,Y2 X3,Y3 ...` from `words`, as one closed ring.
    public func outline(_ words: [String], argument: String) throws(EditError) -> [[Position]] {
        guard let kind = words.first else {
            throw EditError("\(argument): give `rect X,Y WxH` or `poly X1,Y1 X2,Y2 ...`", argument: argument)
        }
        switch kind {
        case "rect":
            guard words.count == 3 else { throw EditError("rect: write `rect X,Y WxH` (e.g. rect 2,3 4x6)", argument: "rect") }
            let corner = try position(words[1], argument: "rect")
            let (width, height) = try size(words[2], argument: "rect", example: "4x6")
            let local = frame.point(longitude: corner.x, latitude: corner.y)
            let corners = [(0.0, 0.0), (width, 0.0), (width, height), (0.0, height), (0.0, 0.0)].map { dx, dy in
                let (longitude, latitude) = frame.coordinates(of: Point(x: local.x + dx, y: local.y + dy))
                return Position(x: longitude, y: latitude)
            }
            return [corners]
        case "poly":
            var ring: [Position] = []
            for word in words.dropFirst() { ring.append(try position(word, argument: "poly")) }
            guard ring.count >= 3 else { throw EditError("poly: give at least three points", argument: "poly") }
            if ring.first != ring.last { ring.append(ring[0]) }
            return [ring]
        default:
            throw EditError("\(argument): expected rect or poly, found \"\(TerminalText.excerpt(kind))\"", argument: argument)
        }
    }
}
