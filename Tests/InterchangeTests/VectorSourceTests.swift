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
