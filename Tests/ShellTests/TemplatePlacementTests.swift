import Foundation
import Geometry
import IMDF
import TestSupport
import Testing
import Validation
import Workbench

@testable import Shell

/// `new --template NAME at @LON,LAT`: a template moved to where the venue is.
@Suite("Templates placed where the venue is")
struct TemplatePlacementTests {
    static func template(_ name: String) throws -> IMDFArchive {
        try ArchiveReader.read(Samples.packageRoot.path + "/Templates/" + name).archive
    }

    @Test func aMovedTemplateKeepsEveryShapeInMetresAndItsVenueLandsOnThePlace() throws {
        let engine = GeometryEngine()
        for name in ["blank", "office-floor", "campus"] {
            let original = try Self.template(name)
            let place = Position(x: 2.1499, y: 41.3705)
            let moved = TemplatePlacement.moved(original, to: place)
            let venue = try #require(moved.features(of: .venue).first?.point(.displayPoint))
            #expect(abs(venue.x - place.x) < 1e-9 && abs(venue.y - place.y) < 1e-9)
            // Every unit and level keeps its area (in its own local frame) to the square centimetre.
            for type in [FeatureType.unit, .level, .footprint] {
                for (before, after) in zip(original.features(of: type), moved.features(of: type)) {
                    func area(_ feature: Feature) -> Double {
                        guard let first = feature.geometry?.firstPosition else { return 0 }
                        let projector = Projector(frame: LocalFrame(originLongitude: first.x, originLatitude: first.y))
                        return engine.area(projector.polygons(feature.geometry) ?? [])
                    }
                    #expect(abs(area(before) - area(after)) < 1e-4, "\(name) \(type) \(before.id)")
                }
            }
            // Nothing new to find: the same codes as where the template stood.
            let findings = { (archive: IMDFArchive) in
                Validator.validate(ArchiveLoad(archive: archive, format: .folder)).findings.map(\.code.rawValue).sorted()
            }
            #expect(findings(moved) == findings(original), "\(name)")
        }
    }

    @Test func thePromptsNewTakesThePlaceAndRefusesOneThatIsNone() throws {
        var session = try EditingSession.open(nil) { _ in }
        _ = try Interpreter.execute("new --template blank at @2.1499,41.3705", in: &session)
        let venue = try #require(session.document.features(of: .venue).first?.point(.displayPoint))
        #expect(abs(venue.x - 2.1499) < 1e-9)
        for wrong in ["new at 2.1499,41.3705", "new at @200,10", "new at @10,89"] {
            var fresh = try EditingSession.open(nil) { _ in }
            #expect(throws: EditError.self, "\(wrong)") { try Interpreter.execute(wrong, in: &fresh) }
        }
    }
}
