import Foundation
import IMDF
import SyntheticVenue
import TestSupport
import Testing
import Workbench

@testable import Render
@testable import Shell

/// Pictures a mapper can read: rooms labelled without display points, SVGs of the part asked
/// for, legends of what is drawn, rulers within the width, one room within a terminal's height.
@Suite("Pictures")
struct PictureTests {
    func session(rooms: Int = 6, displayPoints: Bool = true) throws -> EditingSession {
        var archive = VenueGenerator.generate(VenueSpec(buildings: 1, levels: 1, rooms: rooms, seed: 3))
        if !displayPoints {
            // As every IMDF Sandbox export seen: units without display points.
            archive.collections[.unit]!.features = archive.features(of: .unit).map { unit in
                var bare = unit
                bare.setProperty(.displayPoint, .null)
                return bare
            }
        }
        var session = EditingSession(document: Document(archive))
        _ = try Interpreter.execute("use level \"Ground Floor\"", in: &session)
        return session
    }

    func folder() throws -> String {
        try ScratchFolder.make("pictures")
    }

    @Test func roomsWithoutDisplayPointsAreLabelledAtTheirVisualCentres() throws {
        var session = try session(displayPoints: false)
        let picture = try Interpreter.execute("render width=100", in: &session)
        for room in ["0.001", "0.002", "0.004"] { #expect(picture.contains(room), "\(room) is not labelled:\n\(picture)") }
        let path = try folder() + "/level.svg"
        _ = try Interpreter.execute("render --svg \(path)", in: &session)
        #expect(try String(contentsOfFile: path, encoding: .utf8).contains(">Room 0.001<"))
    }

    @Test func anSVGOfOneRoomOrABoxDrawsThatPartNotTheLevel() throws {
        var session = try session()
        let folder = try folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        func width(_ file: String) throws -> Int {
            let svg = try String(contentsOfFile: folder + "/" + file, encoding: .utf8)
            let match = try #require(svg.range(of: #"width="(\d+)""#, options: .regularExpression))
            return Int(svg[match].dropFirst(7).dropLast()) ?? 0
        }
        _ = try Interpreter.execute("render --svg \(folder)/level.svg", in: &session)
        _ = try Interpreter.execute("render unit 0.002 --svg \(folder)/unit.svg", in: &session)
        _ = try Interpreter.execute("render box 0,0 4x6 --svg \(folder)/box.svg", in: &session)
        #expect(try width("unit.svg") < width("level.svg") && width("box.svg") < width("level.svg"))
        for file in ["unit.svg", "box.svg"] {
            #expect(try String(contentsOfFile: folder + "/" + file, encoding: .utf8).contains("clip-path=\"url(#window)\""), "\(file)")
        }
    }

    @Test func theLegendNamesARouteOnlyWhenOneIsDrawnAndItsNoteStandsBelowTheLegend() throws {
        var session = try session()
        let folder = try folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        _ = try Interpreter.execute("render --svg \(folder)/plain.svg", in: &session)
        #expect(!(try String(contentsOfFile: folder + "/plain.svg", encoding: .utf8)).contains(">route<"))
        _ = try Interpreter.execute("add node at 2,3 as a", in: &session)
        _ = try Interpreter.execute("associate $a 0.001", in: &session)
        _ = try Interpreter.execute("add node at 2,7 link=prev", in: &session)
        _ = try Interpreter.execute("add node at 6,7 link=prev", in: &session)
        _ = try Interpreter.execute("add node at 6,3 link=prev as b", in: &session)
        _ = try Interpreter.execute("associate $b 0.002", in: &session)
        _ = try Interpreter.execute("render --route 0.001 0.002 --svg \(folder)/route.svg", in: &session)
        let svg = try String(contentsOfFile: folder + "/route.svg", encoding: .utf8)
        #expect(svg.contains(">route<"))
        func y(_ pattern: String) throws -> Double {
            let range = try #require(svg.range(of: pattern, options: .regularExpression))
            let tag = svg[range]
            let value = try #require(tag.range(of: #"y="[-0-9.]+""#, options: .regularExpression))
            return Double(tag[value].dropFirst(3).dropLast()) ?? 0
        }
        let note = try y(#"<text class="note"[^>]*>"#)
        let lastLegendRow =
            svg.components(separatedBy: "<g transform=\"translate(").dropFirst().compactMap {
                Double($0.split(separator: " ")[1].dropLast())
            }.max() ?? 0
        #expect(note > lastLegendRow + 5, "the route's note (y \(note)) overlaps the legend (last row at y \(lastLegendRow))")
    }

    @Test func theRulersFitTheWidthOfAWideLevel() throws {
        var session = try session(rooms: 80)
        for width in [60, 100, 160] {
            let picture = try Interpreter.execute("render width=\(width)", in: &session)
            let widest =
                picture.split(separator: "\n").map {
                    $0.replacingOccurrences(of: #"\u{1B}\[[0-9;]*m"#, with: "", options: .regularExpression).count
                }.max() ?? 0
            #expect(widest <= width, "width=\(width): a line of \(widest) characters")
        }
    }

    @Test func oneRoomFitsATerminalsHeight() throws {
        var session = try session(rooms: 2)
        let limit = ProcessInfo.processInfo.environment["LINES"].flatMap(Int.init).map { max($0, 20) } ?? 50
        let picture = try Interpreter.execute("render unit 0.001 width=200", in: &session)
        #expect(
            picture.split(separator: "\n", omittingEmptySubsequences: false).count <= limit, "\(picture.split(separator: "\n").count) rows")
        let scene = try #require(LevelScene(level: session.levelID!, of: session.document, in: session.frame))
        let limited = TerminalPicture(width: 200, glyphs: .ascii, rowLimit: 20).render(scene, box: scene.frame(unit: scene.units[1].id))
        #expect(limited.split(separator: "\n").count <= 20 + 4)
    }
}
