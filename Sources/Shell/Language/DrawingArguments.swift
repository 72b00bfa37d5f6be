// The arguments of `import dxf` that are neither words nor numbers: control points and a window
// of the drawing. The command line and the prompt read them alike.

import Foundation
import IMDF
import Render
import Workbench

public enum DrawingArguments {
    /// `X,Y=@LON,LAT` or `X,Y=REF` (an anchor, or a feature's display point, of the document):
    /// [X, Y, longitude, latitude].
    public static func control(_ text: String, in session: EditingSession) throws(EditError) -> [Double] {
        let parts = text.split(separator: "=", maxSplits: 1).map(String.init)
        guard parts.count == 2, let drawing = point(parts[0]) else {
            throw EditError(
                "control: \"\(TerminalText.excerpt(text))\" is not X,Y=@LON,LAT or X,Y=REF (X,Y in drawing units)", argument: "control")
        }
        if parts[1].hasPrefix("@") {
            guard let target = point(String(parts[1].dropFirst())), (-180...180).contains(target[0]), (-90...90).contains(target[1]) else {
                throw EditError(
                    "control: \"\(TerminalText.excerpt(parts[1]))\" is not @LON,LAT with a longitude in -180...180 and a latitude in -90...90",
                    argument: "control")
            }
            return drawing + target
        }
        let id = try session.resolve(parts[1], argument: "control")
        guard let feature = session.document.feature(id) else {
            throw EditError("control: \(parts[1]) is not in the document", argument: "control")
        }
        let position: Position?
        if case .point(let anchorPoint)? = feature.geometry { position = anchorPoint } else { position = feature.point(.displayPoint) }
        guard let position else {
            throw EditError("control: \(session.describe(id)) has neither a point geometry nor a display point", argument: "control")
        }
        return drawing + [position.x, position.y]
    }

    /// `X,Y WxH` in drawing units: the window's south-west corner and its size, [X, Y, W, H].
    public static func extent(_ text: String) throws(EditError) -> [Double] {
        let parts = text.split(whereSeparator: \.isWhitespace)
        let size = parts.count == 2 ? parts[1].lowercased().split(separator: "x").compactMap { Double($0) } : []
        guard parts.count == 2, let corner = point(String(parts[0])), size.count == 2, size.allSatisfy({ $0 > 0 && $0.isFinite }) else {
            throw EditError(
                "extent: \"\(TerminalText.excerpt(text))\" is not \"X,Y WxH\" (drawing units, e.g. \"0,0 120x80\")", argument: "extent")
        }
        return corner + size
    }

    /// `X,Y` as [X, Y]; nil unless both are finite numbers.
    static func point(_ text: String) -> [Double]? {
        let numbers = text.split(separator: ",", omittingEmptySubsequences: false).map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard numbers.count == 2, let x = numbers[0], let y = numbers[1], x.isFinite, y.isFinite else { return nil }
        return [x, y]
    }
}
