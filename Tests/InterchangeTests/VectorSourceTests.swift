import Geometry
import Interchange
import TestSupport
import Testing

@Suite("Vector sources through GDAL")
struct VectorSourceTests {
    @Test func aRealDrawingReadsAsOneLayerOfEntitiesWithTheirCADLayers() throws {
        let source = try VectorSource(path: Samples.barcelonaPavilion, drivers: ["DXF"])
        #expect(source.driverName == "DXF")
        let entities = try #require(source.layer(named: "entities"))
        let features = try entities.features()
        let walls = features.filter { $0["Layer"]?.text == "Walls" }
        #expect(walls.count == 212)
        #expect(walls.allSatisfy { if case .lineString = $0.shape { true } else { false } })
    }

    @Test func featuresReadWithSomeFieldsHaveThoseFieldsAsAWholeReadGivesThem() throws {
        let source = try VectorSource(path: Samples.barcelonaPavilion, drivers: ["DXF"])
        let entities = try #require(source.layer(named: "entities"))
        let whole = try entities.features()
        let wanted: Set<String> = ["Layer", "Text", "EntityHandle", "NoSuchField"]
        let some = try entities.features(only: wanted)
        #expect(some.count == whole.count && some.count > 200)
        for (full, part) in zip(whole, some) {
            #expect(part.fields.allSatisfy { wanted.contains($0.name) })
            #expect(part.fields.map(\.name) == full.fields.map(\.name).filter { wanted.contains($0) })
            #expect(part.fields.map(\.value) == full.fields.filter { wanted.contains($0.name) }.map(\.value))
            #expect(part.shape == full.shape && part.fid == full.fid && part.textHeight == full.textHeight)
        }
        #expect(whole.contains { $0.fields.contains { !wanted.contains($0.name) } }, "the drawing has other fields to leave out")
    }

    @Test func aTextsHeightIsReadFromItsLabelStyleInGroundUnits() {
        #expect(VectorLayer.textHeight(inStyle: #"LABEL(f:"Arial",t:"Office",s:2.5g,p:7)"#) == 2.5)
        #expect(VectorLayer.textHeight(inStyle: #"LABEL(f:"Arial",t:"Office",s:250)"#) == 250)
        // A size in points or pixels is no size in the drawing; a pen is no label.
        #expect(VectorLayer.textHeight(inStyle: #"LABEL(f:"Arial",t:"Office",s:12pt)"#) == nil)
        #expect(VectorLayer.textHeight(inStyle: #"PEN(c:#ff0000,w:2g)"#) == nil)
    }

    @Test func aFileThatIsNotADrawingIsRefusedWithItsPath() {
        #expect(throws: InterchangeError.self) { try VectorSource(path: Samples.categories, drivers: ["DXF"]) }
        do {
            _ = try VectorSource(path: "/nonexistent/plan.dxf", drivers: ["DXF"])
            Issue.record("opened a missing file")
        } catch {
            #expect(error.message.hasPrefix("/nonexistent/plan.dxf: "))
        }
    }
}
