import Foundation
import IMDF
import SyntheticVenue
import TestSupport
import Testing
import Workbench

@testable import Shell

/// Names in the reader's language: one display language for a session, new names written in it
/// beside the names in other languages, and split rooms with room numbers of their own.
@Suite("Names in the display language")
struct LanguageTests {
    func spbstu() throws -> EditingSession {
        var session = EditingSession(document: Document(try ArchiveReader.read(Samples.spbstu).archive), archivePath: Samples.spbstu)
        _ = try Interpreter.execute("use building \"Academic building №3\"", in: &session)
        _ = try Interpreter.execute("use level \"Level 1\"", in: &session)
        return session
    }

    @Test func theDisplayLanguageIsTheManifestsWhereTheLabelsUseItWithTheLabelsTag() {
        #expect(LabelLanguage.choose(manifest: "en", tags: ["ru": 677, "en": 677]) == "en")
        // A Sandbox export: manifest en-US, labels en.
        #expect(LabelLanguage.choose(manifest: "en-US", tags: ["en": 40]) == "en")
        // Labels in a language the manifest does not name: the labels' own.
        #expect(LabelLanguage.choose(manifest: "en", tags: ["de": 10, "fr": 2]) == "de")
        #expect(LabelLanguage.choose(manifest: "en", tags: [:]) == "en")
        #expect(LabelLanguage.choose(manifest: nil, tags: [:]) == "en")
        #expect(LabelLanguage.tag(for: Labels([("ru", "Кабинет"), ("en", "Room")]), display: "en") == "en")
        #expect(LabelLanguage.tag(for: Labels([("ru", "Кабинет")]), display: "en") == "ru")
        #expect(LabelLanguage.tag(for: Labels([("en", "Room")]), display: "en-US") == "en")
    }

    @Test func renameWritesTheShownLanguageAndKeepsTheOthers() throws {
        var session = try spbstu()
        let room = try session.resolve("053908bd", argument: "REF")
        let said = try Interpreter.execute("rename 053908bd Lab", in: &session)
        let name = try #require(session.document.feature(room)?.labels(.name))
        #expect(name["en"] == "Lab" && name["ru"] == "Кабинет 104", "\(name)")
        #expect(said.contains("\"Lab\""), "\(said)")
        _ = try Interpreter.execute("rename 053908bd Лаборатория language=ru", in: &session)
        #expect(session.document.feature(room)?.labels(.name)?["ru"] == "Лаборатория")
        // Confirmations and the prompt name the level in the display language.
        let whereabouts = try Interpreter.execute("where", in: &session)
        #expect(
            whereabouts.contains("level \"Level 1\"") && !whereabouts.contains("Этаж") && !session.prompt.contains("Этаж"), "\(whereabouts)"
        )
    }

    @Test func splitPartsGetNamesInTheShownLanguageAndRoomNumbersOfTheirOwn() throws {
        var session = try spbstu()
        let room = try #require(session.document.feature(try session.resolve("053908bd", argument: "REF")))
        let box = try #require(session.document.bounds(of: room))
        let frame = session.frame
        // A north-south line through the room's middle, in the frame `along` takes.
        let middle = try #require(session.document.projector).position(.init(x: (box.minX + box.maxX) / 2, y: (box.minY + box.maxY) / 2))
        let centre = frame.point(longitude: middle.x, latitude: middle.y)
        let line = "\(centre.x),\(centre.y - 10) \(centre.x),\(centre.y + 10)"
        _ = try Interpreter.execute("split unit 053908bd along \(line) names=104A,104B", in: &session)
        let parts = session.document.features(of: .unit).filter { ["104A", "104B"].contains($0.labels(.name)?["en"] ?? "") }
        #expect(parts.count == 2)
        for part in parts {
            let name = try #require(part.labels(.name))
            #expect(name["ru"] == "Кабинет 104", "the Russian name stays: \(name)")
            #expect(
                part.labels(.altName)?["en"] == name["en"] && part.labels(.altName)?["ru"] == name["en"],
                "\(String(describing: part.labels(.altName)))")
        }
    }

    @Test func newNamesUseTheTagTheLabelsAlreadyUse() throws {
        var archive = VenueGenerator.generate(VenueSpec(buildings: 1, levels: 1, rooms: 2, seed: 4))
        archive.manifest.object["language"] = "en-US"
        var session = EditingSession(document: Document(archive))
        _ = try Interpreter.execute("attach occupant Acme category=accounting to \"Room 0.001\" as acme", in: &session)
        let occupant = try #require(
            session.document.features(of: .occupant).first { $0.labels(.name)?.labels.contains { $0.text == "Acme" } == true })
        #expect(occupant.labels(.name)?.labels.map(\.language) == ["en"])
    }
}
