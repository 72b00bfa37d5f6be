import Foundation
import Testing

@testable import IMDF

@Suite("GeoJSON codec")
struct GeoJSONCodecTests {
    func collection(_ text: String) throws(GeoJSONReadFailure) -> FeatureCollection {
        try GeoJSONReader.read(Array(text.utf8))
    }

    func feature(_ members: String) throws -> Feature {
        let features = try collection(#"{"type": "FeatureCollection", "features": [{\#(members)}]}"#).features
        return try #require(features.first)
    }

    func written(_ collection: FeatureCollection) -> String {
        String(decoding: GeoJSONWriter.write(collection), as: UTF8.self)
    }

    @Test func geometryIsTypedAndKeepsItsNumberText() throws {
        let feature = try feature(
            #""type": "Feature", "id": "a", "feature_type": "unit", "geometry": {"type": "Point", "coordinates": [30.381036192903029, 60.0]}, "properties": {}"#
        )
        #expect(feature.geometry == .point(Position(x: 30.381036192903029, y: 60.0)))
        let text = written(FeatureCollection(fileName: "unit.geojson", features: [feature]))
        #expect(text.contains(#"{"type": "Point", "coordinates": [30.381036192903029, 60.0]}"#))
    }

    @Test func aGeometrysInlineTextIsItsJSONsInlineText() throws {
        let square = [[Position(x: 0, y: 0), Position(x: 1e-7, y: 0), Position(x: 1, y: 2.5), Position(x: 0, y: 0)]]
        let geometries: [Geometry] = [
            .point(Position(x: 30.381036192903029, y: -60)), .lineString(square[0]), .polygon(square), .multiPolygon([square, square]),
            .geometryCollection([GeoJSONGeometry(.point(Position(x: 1, y: 2))), GeoJSONGeometry(.multiLineString(square))]),
        ]
        for geometry in geometries {
            #expect(GeoJSONGeometry(geometry).inlineText == GeoJSONGeometry(geometry).json.inlineText)
        }
        // Numbers keep the text they were read with, and foreign members come along.
        let read = try feature(
            #""type": "Feature", "id": "a", "feature_type": "unit", "geometry": {"type": "Point", "coordinates": [30.10, 60.0], "crs": null}, "properties": {}"#
        )
        guard case .geometry(let geometry) = read.geometryMember else {
            Issue.record("the point was not read as a geometry")
            return
        }
        #expect(geometry.inlineText == geometry.json.inlineText)
        #expect(geometry.inlineText == #"{"type": "Point", "coordinates": [30.10, 60.0], "crs": null}"#)
    }

    @Test func aGeometryDocumentReadsInAnyMemberOrderAndNothingMayFollowIt() throws {
        let typed = GeoJSONReader.readGeometry(Array(#" {"type": "LineString", "coordinates": [[1, 2], [3.50, 4]]} "#.utf8))
        #expect(typed?.geometry == .lineString([Position(x: 1, y: 2), Position(x: 3.5, y: 4)]))
        #expect(typed?.inlineText == #"{"type": "LineString", "coordinates": [[1, 2], [3.50, 4]]}"#)
        let reordered = GeoJSONReader.readGeometry(Array(#"{"coordinates": [1, 2], "type": "Point"}"#.utf8))
        #expect(reordered?.geometry == .point(Position(x: 1, y: 2)))
        let collection = GeoJSONReader.readGeometry(
            Array(#"{"type": "GeometryCollection", "geometries": [{"type": "Point", "coordinates": [1, 2]}]}"#.utf8))
        guard case .geometryCollection(let members)? = collection?.geometry else {
            Issue.record("the collection was not read")
            return
        }
        #expect(members.map(\.geometry) == [.point(Position(x: 1, y: 2))])
        for broken in [
            #"{"type": "Point", "coordinates": [1, 2]} x"#, #"{"type": "Point", "coordinates": [1]}"#, "null", "",
            #"{"type": "Point", "coordinates": [1, 2]"#, #"{"type": "Circle", "coordinates": [1, 2]}"#, "[1, 2]",
        ] {
            #expect(GeoJSONReader.readGeometry(Array(broken.utf8)) == nil, "\(broken)")
        }
    }

    @Test func changedGeometryIsWrittenInShortestForm() throws {
        var feature = try feature(
            #""type": "Feature", "id": "a", "feature_type": "anchor", "geometry": {"type": "Point", "coordinates": [30.381036192903029, 60.0]}, "properties": {}"#
        )
        feature.geometry = .point(Position(x: 30.5, y: 60.25))
        let text = written(FeatureCollection(fileName: "anchor.geojson", features: [feature]))
        #expect(text.contains(#""coordinates": [30.5, 60.25]"#))
    }

    @Test func coordinatesBeforeTypeStillReadAsGeometry() throws {
        let feature = try feature(
            #""type": "Feature", "id": "a", "feature_type": "unit", "geometry": {"coordinates": [[[0, 0], [1, 0], [1, 1], [0, 0]]], "type": "Polygon"}, "properties": {}"#
        )
        guard case .polygon(let rings)? = feature.geometry else {
            Issue.record("not a polygon: \(feature.geometryMember)")
            return
        }
        #expect(rings[0].count == 4)
    }

    @Test func malformedGeometryIsKeptAsWritten() throws {
        let feature = try feature(
            #""type": "Feature", "id": "a", "feature_type": "fixture", "geometry": {"type": "Point", "coordinates": null}, "properties": {}"#
        )
        #expect(feature.geometry == nil)
        guard case .malformed(let value) = feature.geometryMember else {
            Issue.record("expected a malformed geometry")
            return
        }
        #expect(value == ["type": "Point", "coordinates": nil])
        #expect(
            written(FeatureCollection(fileName: "f.geojson", features: [feature])).contains(
                #""geometry": {"type": "Point", "coordinates": null}"#))
    }

    @Test func geometryForeignMembersAndThirdDimensionSurvive() throws {
        let feature = try feature(
            #""type": "Feature", "id": "a", "feature_type": "detail", "geometry": {"type": "LineString", "coordinates": [[1, 2, 3], [4, 5, 6]], "bbox": [1, 2, 4, 5]}, "properties": {}"#
        )
        let text = written(FeatureCollection(fileName: "detail.geojson", features: [feature]))
        #expect(text.contains(#"{"type": "LineString", "coordinates": [[1, 2, 3], [4, 5, 6]], "bbox": [1, 2, 4, 5]}"#))
    }

    @Test func featureAndCollectionForeignMembersSurviveInOrder() throws {
        let original = try collection(
            #"{"features": [{"id": "a", "type": "Feature", "feature_type": "level", "building_id": "x", "properties": {"z": 1, "a": 2}, "geometry": null}], "name": "level", "type": "FeatureCollection", "crs": null}"#
        )
        #expect(original.foreignMembers.keys == ["name", "crs"])
        #expect(original.features[0].foreignMembers.keys == ["building_id"])
        #expect(original.features[0].properties.keys == ["z", "a"])
        let again = try collection(written(original))
        #expect(again == original)
    }

    @Test func propertiesNullAndAbsentAreDistinguished() throws {
        let nullProperties = try feature(#""type": "Feature", "id": "a", "feature_type": "x", "geometry": null, "properties": null"#)
        let noProperties = try feature(#""type": "Feature", "id": "b", "feature_type": "x", "geometry": null"#)
        #expect(nullProperties.propertiesForm == .null)
        #expect(noProperties.propertiesForm == .absent)
        let text = written(FeatureCollection(fileName: "x.geojson", features: [nullProperties, noProperties]))
        #expect(text.contains(#""properties": null"#))
        #expect(try collection(text).features[1].propertiesForm == .absent)
    }

    @Test func featureWithoutIdOrTypeIsReportedWithItsLine() throws {
        do {
            _ = try collection(
                "{\"type\": \"FeatureCollection\", \"features\": [\n{\"type\": \"Feature\", \"feature_type\": \"unit\"},\n{\"type\": \"Feature\", \"id\": \"b\"}\n]}"
            )
            Issue.record("accepted features without id/feature_type")
        } catch {
            let problems = error.problems
            #expect(problems.count == 2)
            #expect(problems[0].message == "feature 1 has no \"id\"")
            #expect(problems[0].location.line == 2)
            #expect(problems[1].message == "feature 2 has no \"feature_type\"")
            #expect(problems[1].featureID == "b")
        }
    }

    /// For checking only: the features that decode are kept, each broken one is a problem with
    /// its line, and a file that is no FeatureCollection still fails whole.
    @Test func brokenFeaturesAreLeftOutWhereTheRestOfTheFileIsKept() throws {
        let text =
            "{\"type\": \"FeatureCollection\", \"features\": [\n{\"type\": \"Feature\", \"id\": null, \"feature_type\": \"unit\"},\n"
            + "{\"type\": \"Feature\", \"id\": \"a\", \"feature_type\": \"unit\", \"geometry\": null, \"properties\": {}},\n7,\n"
            + "{\"type\": \"Feature\", \"id\": \"b\", \"feature_type\": \"unit\", \"geometry\": null, \"properties\": {}}\n]}"
        let read = try GeoJSONReader.readSkippingBrokenFeatures(Array(text.utf8))
        #expect(read.collection.features.map(\.id) == ["a", "b"])
        #expect(read.leftOut.map(\.message) == ["feature 1: \"id\" must be a string, found null", "feature 3 is a number, not an object"])
        #expect(read.leftOut.map(\.location.line) == [2, 4])
        #expect(throws: GeoJSONReadFailure.self) { try GeoJSONReader.read(Array(text.utf8)) }
        #expect(throws: GeoJSONReadFailure.self) {
            try GeoJSONReader.readSkippingBrokenFeatures(Array(#"{"type": "Feature", "features": []}"#.utf8))
        }
        #expect(throws: GeoJSONReadFailure.self) { try GeoJSONReader.readSkippingBrokenFeatures(Array(#"{"type": "#.utf8)) }
    }

    @Test(arguments: [
        (#"[1, 2]"#, "the file holds an array"),
        (#"{"type": "Feature", "features": []}"#, #""type" is "Feature""#),
        (#"{"type": "FeatureCollection"}"#, "no \"features\" array"),
        (#"{"type": "FeatureCollection", "features": {}}"#, "\"features\" must be an array"),
        (#"{"type": "FeatureCollection", "features": [1]}"#, "feature 1 is a number"),
    ])
    func somethingThatIsNotAFeatureCollectionIsRefused(input: String, reason: String) {
        do {
            _ = try collection(input)
            Issue.record("accepted \(input)")
        } catch {
            #expect(error.problems.contains { $0.message.contains(reason) }, "\(error.problems)")
        }
    }

    @Test func sourceLinesAreRecorded() throws {
        let parsed = try collection(
            "{\"type\": \"FeatureCollection\", \"features\": [\n{\"id\": \"a\", \"feature_type\": \"x\"},\n\n{\"id\": \"b\", \"feature_type\": \"x\"}]}"
        )
        #expect(parsed.features.map(\.sourceLine) == [2, 4])
    }

    @Test func canonicalOutputIsAFixedPoint() throws {
        let original = try collection(
            #"{"type":"FeatureCollection","features":[{"type":"Feature","id":"a","feature_type":"unit","geometry":{"type":"MultiPolygon","coordinates":[[[[0,0],[1,0],[1,1],[0,0]]]]},"properties":{"name":{"en":"Hall \"A\"","ko":"홀"},"list":[],"obj":{}}}]}"#
        )
        let once = GeoJSONWriter.write(original)
        let twice = GeoJSONWriter.write(try GeoJSONReader.read(once))
        #expect(once == twice)
        #expect(try GeoJSONReader.read(once) == original)
    }

    /// A collection of `count` anchors with a foreign member, for the writer's parts.
    static func anchors(_ count: Int) -> FeatureCollection {
        FeatureCollection(
            fileName: "anchor.geojson", foreignMembers: ["name": .string("anchor")],
            features: (0..<count).map { index in
                Feature(
                    id: "a\(index)", featureType: "anchor", geometry: .point(Position(x: Double(index), y: 0.5)),
                    properties: ["unit_id": .string("u\(index)")])
            })
    }

    /// The parts of a collection's features cut anywhere into non-empty ranges, joined, are the
    /// whole file; an empty collection is one part.
    @Test(arguments: [0, 1, 2, 7])
    func partsOfACollectionJoinToTheWholeFile(count: Int) {
        let collection = Self.anchors(count)
        let whole = String(decoding: GeoJSONWriter.write(collection), as: UTF8.self)
        #expect(String(decoding: GeoJSONWriter.write(collection, features: 0..<count), as: UTF8.self) == whole)
        for cut in 1..<Swift.max(count, 1) {
            let joined = GeoJSONWriter.write(collection, features: 0..<cut) + GeoJSONWriter.write(collection, features: cut..<count)
            #expect(String(decoding: joined, as: UTF8.self) == whole, "cut at \(cut) of \(count)")
        }
        if count >= 3 {
            let three = [0..<1, 1..<count - 1, count - 1..<count].flatMap { GeoJSONWriter.write(collection, features: $0) }
            #expect(String(decoding: three, as: UTF8.self) == whole)
        }
    }

    /// An archive's files are written in parts of a few thousand features and joined: each is
    /// the collection's file as written whole.
    @Test func anArchiveWrittenInPartsHoldsEachCollectionWhole() throws {
        let count = ArchiveWriter.featuresPerPart * 2 + 1
        let archive = IMDFArchive(
            manifest: Manifest(language: "en"),
            collections: [.anchor: Self.anchors(count), .occupant: FeatureCollection(fileName: "occupant.geojson")])
        let files = ArchiveWriter.serialize(archive, created: Date(timeIntervalSince1970: 0), generator: "test")
        #expect(try #require(files.first { $0.name == "anchor.geojson" }).bytes == GeoJSONWriter.write(Self.anchors(count)))
        #expect(
            try #require(files.first { $0.name == "occupant.geojson" }).bytes
                == GeoJSONWriter.write(FeatureCollection(fileName: "occupant.geojson")))
    }
}
