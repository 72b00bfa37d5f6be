import Foundation
import IMDF
import SyntheticVenue
import TestSupport
import Testing
import Workbench

@testable import Shell

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// `render --svg`: a well-formed standalone SVG whose every drawn feature carries its id, and a
/// building's levels behind a picker.
@Suite("Rendering a level as SVG")
struct SVGRenderTests {
    /// The elements of `svg` by name and the `data-id`s it carries; throws when it is not well-formed XML.
    final class Elements: NSObject, XMLParserDelegate {
        var names: [String: Int] = [:]
        var dataIDs = Set<String>()
        var classes: [String] = []
        var hrefs: [String] = []

        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String]
        ) {
            names[name, default: 0] += 1
            if let id = attributes["data-id"] { dataIDs.insert(id) }
            if let kind = attributes["class"] { classes.append(kind) }
            if let href = attributes["href"] { hrefs.append(href) }
        }

        static func of(_ svg: String) throws -> Elements {
            let elements = Elements()
            let parser = XMLParser(data: Data(svg.utf8))
            parser.delegate = elements
            guard parser.parse() else {
                throw CocoaError(
                    .propertyListReadCorrupt,
                    userInfo: [
                        NSDebugDescriptionErrorKey:
                            "\(parser.parserError.map(String.init(describing:)) ?? "?") at line \(parser.lineNumber)"
                    ])
            }
            return elements
        }
    }

    func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("imdf-svg-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func aRealLevelIsWellFormedAndCarriesEveryUnitsID() throws {
        var session = EditingSession(document: Document(try ArchiveReader.read(Samples.spbstu).archive), archivePath: Samples.spbstu)
        let out = try folder().appendingPathComponent("level 1.svg")
        defer { try? FileManager.default.removeItem(at: out.deletingLastPathComponent()) }
        let answer = try Interpreter.execute("render level fc8f18cb --findings --svg \"\(out.path)\"", in: &session)
        #expect(answer.hasPrefix("wrote \(out.path): Level 1, 50 units"))
        let svg = try String(contentsOf: out, encoding: .utf8)
        let elements = try Elements.of(svg)
        let units = session.document.features(of: .unit).filter { $0.string("level_id") == "fc8f18cb-4412-4285-b130-f8c5a9ef021e" }
        #expect(units.count == 50)
        for unit in units { #expect(elements.dataIDs.contains(unit.id), "unit \(unit.id) is not in the SVG") }
        let openings = session.document.features(of: .opening).filter { $0.string("level_id") == "fc8f18cb-4412-4285-b130-f8c5a9ef021e" }
        #expect(!openings.isEmpty && openings.allSatisfy { elements.dataIDs.contains($0.id) })
        #expect(svg.contains("Peter the Great St.Petersburg Polytechnic University - Academic building №3 - Level 1"))
        #expect(svg.contains(">Classroom 101</text>") && svg.contains(">Coffee “Leto”</text>"))
        #expect(elements.classes.contains("finding error"))
        // No script, and no address but the namespace's.
        #expect(elements.names["script"] == nil && !svg.contains("http://") || svg.components(separatedBy: "http://").count == 2)
        #expect(elements.classes.contains { $0 == "grid" } && svg.contains(">m (x east, y north)</text>"))
    }

    @Test func aBuildingIsOneLevelPerGroupWithAPicker() throws {
        var session = EditingSession(document: Document(VenueGenerator.generate(VenueSpec(buildings: 1, levels: 3, rooms: 4, seed: 5))))
        let out = try folder().appendingPathComponent("building.svg")
        defer { try? FileManager.default.removeItem(at: out.deletingLastPathComponent()) }
        _ = try Interpreter.execute("use level \"Floor 1\"", in: &session)
        let answer = try Interpreter.execute("render building \"Building 1\" --svg \(out.path)", in: &session)
        #expect(answer.contains(": 3 levels, 15 units"))
        let svg = try String(contentsOf: out, encoding: .utf8)
        let elements = try Elements.of(svg)
        let levels = session.document.features(of: .level)
        #expect(elements.hrefs.sorted() == levels.map { "#level-" + $0.id }.sorted())
        #expect(elements.classes.filter { $0.hasPrefix("level") }.count == 3)
        // The level in use is the one shown first.
        #expect(elements.classes.filter { $0 == "level default" }.count == 1)
        #expect(svg.contains("id=\"level-\(session.levelID!)\" class=\"level default\""))
        for unit in session.document.features(of: .unit) { #expect(elements.dataIDs.contains(unit.id)) }
    }

    @Test func namesAreEscapedAndAnUnwritablePathIsRefused() throws {
        var session = EditingSession(document: Document(VenueGenerator.generate(VenueSpec(buildings: 1, levels: 1, rooms: 2, seed: 1))))
        _ = try Interpreter.execute("use level \"Ground Floor\"", in: &session)
        _ = try Interpreter.execute("rename 0.001 \"R&D <lab> \\\"A\\\"\"", in: &session)
        let out = try folder().appendingPathComponent("escaped.svg")
        defer { try? FileManager.default.removeItem(at: out.deletingLastPathComponent()) }
        _ = try Interpreter.execute("render --svg \(out.path)", in: &session)
        let svg = try String(contentsOf: out, encoding: .utf8)
        _ = try Elements.of(svg)
        #expect(svg.contains("R&amp;D &lt;lab&gt; &quot;A&quot;"))
        #expect(throws: EditError.self) { try Interpreter.execute("render --svg /nonexistent-folder/x.svg", in: &session) }
    }
}
