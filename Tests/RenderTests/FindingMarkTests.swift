import Geometry
import IMDF
import SyntheticVenue
import Testing
import Workbench

@testable import Render

/// Findings drawn on a level without the rule set: marks of each severity, placed, listed errors
/// first, and classed by severity in the SVG.
@Suite("Finding marks on a picture")
struct FindingMarkTests {
    func scene() throws -> LevelScene {
        let document = Document(VenueGenerator.generate(VenueSpec(buildings: 1, levels: 1, rooms: 4, seed: 5)))
        let level = try #require(document.features(of: .level).first)
        let extent = try #require(document.venueExtent)
        let frame = LocalFrame(originLongitude: extent.minX, originLatitude: extent.minY)
        return try #require(LevelScene(level: level.id, of: document, in: frame))
    }

    @Test func eachSeverityIsMarkedAndErrorsAreListedFirst() throws {
        var scene = try scene()
        let inside = try #require(scene.units.first?.displayPoint)
        scene.overlay.showsFindings = true
        scene.overlay.findings = [
            .init(code: "T9", severity: .info, message: "a note", featureID: nil, point: inside),
            .init(code: "W1", severity: .warning, message: "a doubt", featureID: nil, point: Point(x: inside.x + 1, y: inside.y)),
            .init(code: "E1", severity: .error, message: "a defect", featureID: nil, point: Point(x: inside.x + 2, y: inside.y)),
        ]
        let picture = TerminalPicture(width: 100, glyphs: .ascii).render(scene)
        let listed = picture.split(separator: "\n").filter { $0.contains(": a ") }.map { String($0.prefix(4)) }
        #expect(listed == ["! E1", "? W1", "i T9"], "\(picture)")

        let svg = SVGPicture().render([scene], title: "marks")
        for severity in ["error", "warning", "info"] { #expect(svg.contains("class=\"finding \(severity)\""), "\(severity)") }
    }

    @Test func aLevelWithoutFindingsSaysSoWhenTheyWereAskedFor() throws {
        var scene = try scene()
        scene.overlay.showsFindings = true
        #expect(TerminalPicture(width: 80, glyphs: .ascii).render(scene).contains("no findings to mark on this level"))
        scene.overlay.showsFindings = false
        #expect(!TerminalPicture(width: 80, glyphs: .ascii).render(scene).contains("no findings"))
    }
}
