import Foundation
import IMDF
import Interchange
import TestSupport
import Testing

@Suite("GIS layers as drafts")
struct GISImportTests {
    /// Offices in Frankfurt in ETRS89 / UTM zone 32N: the corner of the first is at 8.55030 E,
    /// 50.10020 N, as PROJ's cs2cs says; a point in Munich (11.5755 E, 48.1374 N) too.
    static let corner = (x: 467838.4073, y: 5549868.3218)
    static let munich = (x: 691603.0320, y: 5334780.0308)

    static let mappingText = """
        {
          "properties": {"name": "ROOM_NAME", "alt_name": "ROOM_NO"},
          "category": {"field": "TYPE", "values": {"OFF": "office", "WC": "restroom"}, "default": "unspecified"},
          "language": "de"
        }
        """

    static func rooms() -> [GISFiles.Feature] {
        let (x, y) = corner
        return [
            GISFiles.Feature([("ROOM_NO", "101"), ("ROOM_NAME", "Büro"), ("TYPE", "OFF")], GISFiles.rectangle(x, y, 3, 4)),
            GISFiles.Feature([("ROOM_NO", "102"), ("ROOM_NAME", "WC"), ("TYPE", "WC")], GISFiles.rectangle(x + 3, y, 2, 4)),
            GISFiles.Feature([("ROOM_NO", "103"), ("ROOM_NAME", nil), ("TYPE", "XX")], GISFiles.rectangle(x, y + 4, 5, 3)),
            GISFiles.Feature([("ROOM_NO", "104"), ("ROOM_NAME", "Lab"), ("TYPE", "laboratory")], GISFiles.rectangle(x + 5, y, 3, 3)),
            GISFiles.Feature([("ROOM_NO", "105"), ("ROOM_NAME", "Lager"), ("TYPE", "XX")], GISFiles.rectangle(x + 5, y + 3, 3, 4)),
            GISFiles.Feature([("ROOM_NO", "106"), ("ROOM_NAME", "Flur"), ("TYPE", nil)], GISFiles.rectangle(munich.x, munich.y, 2, 2)),
        ]
    }

    func mapping(_ text: String = mappingText, in folder: String, type: FeatureType = .unit) throws -> GISMapping {
        let path = folder + "/map.json"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return try GISMapping.read(path, for: type)
    }

    /// Metres between two nearby longitude, latitude pairs, by the lengths of a degree on the
    /// WGS 84 ellipsoid at that latitude (exact to well under a centimetre over a few metres).
    func metres(_ a: Position, _ longitude: Double, _ latitude: Double) -> Double {
        let phi = latitude * .pi / 180
        let dx = (a.x - longitude) * (111_412.84 * cos(phi) - 93.5 * cos(3 * phi))
        let dy = (a.y - latitude) * (111_132.92 - 559.82 * cos(2 * phi) + 1.175 * cos(4 * phi))
        return (dx * dx + dy * dy).squareRoot()
    }

    @Test func aShapefileInUTMIsReprojectedToWithinCentimetres() throws {
        let folder = try GISFiles.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try GISFiles.geoJSON(Self.rooms(), crs: "EPSG:25832", to: folder + "/rooms.geojson")
        try GISFiles.convert(folder + "/rooms.geojson", to: folder + "/rooms.shp", format: "ESRI Shapefile")
        let result = try GISImport.read(
            GISImport.Request(path: folder + "/rooms.shp", type: .unit, mapping: try mapping(in: folder), language: "en"))
        #expect(result.report.driver == "ESRI Shapefile")
        #expect(result.report.layer == "rooms")
        #expect(result.report.referenceSystem.contains("UTM zone 32N"))
        #expect(result.drafts.count == 6)
        guard case .polygon(let rings)? = result.drafts[0].geometry, case .polygon(let munich)? = result.drafts[5].geometry else {
            Issue.record("not polygons: \(result.drafts.map(\.geometry))")
            return
        }
        #expect(metres(rings[0][0], 8.55030, 50.10020) < 0.01, "\(rings[0][0])")
        #expect(metres(munich[0][0], 11.5755, 48.1374) < 0.01, "\(munich[0][0])")
        // The walls, 3 m and 4 m on the map, are as long on the ground (UTM's scale is 0.99961
        // there: 2 mm in 4 m). A Shapefile's rings run clockwise: the 4 m wall comes first.
        let walls = (0..<4).map { metres(rings[0][$0 + 1], rings[0][$0].x, rings[0][$0].y) }
        #expect(walls.allSatisfy { abs($0 - 4) < 0.01 || abs($0 - 3) < 0.01 }, "\(walls)")
        #expect(result.drafts[0].source == "rooms.shp feature 0")
    }

    @Test func webMercatorLandsWhereItsClosedFormSays() throws {
        let folder = try GISFiles.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let x = WebMercator.x(longitude: 13.4050)
        let y = WebMercator.y(latitude: 52.5200)
        try GISFiles.geoJSON(
            [GISFiles.Feature([("TYPE", "OFF")], GISFiles.rectangle(x + 10, y - 20, 7, 9))], crs: "EPSG:3857",
            to: folder + "/berlin.geojson")
        try GISFiles.convert(folder + "/berlin.geojson", to: folder + "/berlin.gpkg", format: "GPKG", layer: "offices")
        let result = try GISImport.read(
            GISImport.Request(
                path: folder + "/berlin.gpkg", type: .unit, mapping: try mapping("{\"category\": \"office\"}", in: folder), language: "en"))
        #expect(result.report.driver == "GPKG")
        #expect(result.report.referenceSystem.contains("EPSG:3857"))
        guard case .polygon(let rings)? = result.drafts.first?.geometry else {
            Issue.record("no polygon")
            return
        }
        for (position, (px, py)) in zip(rings[0], [(x + 10, y - 20), (x + 17, y - 20), (x + 17, y - 11), (x + 10, y - 11)]) {
            #expect(metres(position, WebMercator.longitude(x: px), WebMercator.latitude(y: py)) < 0.01)
        }
        #expect(result.drafts[0].properties["category"] == "office")
        #expect(result.drafts[0].source == "berlin.gpkg feature 1")
    }

    @Test func valuesAreMappedAndTheUnmappedCountedWithTheDefault() throws {
        let folder = try GISFiles.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try GISFiles.geoJSON(Self.rooms(), crs: "EPSG:25832", to: folder + "/rooms.geojson")
        let result = try GISImport.read(
            GISImport.Request(path: folder + "/rooms.geojson", type: .unit, mapping: try mapping(in: folder), language: "en"))
        #expect(
            result.drafts.map { $0.properties["category"]?.stringValue } == [
                "office", "restroom", "unspecified", "laboratory", "unspecified", "unspecified",
            ])
        // A value that is itself a unit category is taken as it is; the others get the default.
        #expect(result.report.unmapped == [GISImport.Count("XX", 2), GISImport.Count("", 1)])
        #expect(
            result.report.categories == [
                GISImport.Count("unspecified", 3), GISImport.Count("laboratory", 1), GISImport.Count("office", 1),
                GISImport.Count("restroom", 1),
            ])
        #expect(result.report.categoryField == "TYPE")
        #expect(result.report.defaultCategory == "unspecified")
        #expect(result.drafts[0].properties["name"] == ["de": "Büro"])
        #expect(result.drafts[0].properties["alt_name"] == ["de": "101"])
        #expect(result.drafts[2].properties["name"] == nil)
        #expect(result.report.unnamed == 0)
    }

    @Test func namesInSeveralLanguagesAndTheArchivesLanguage() throws {
        let folder = try GISFiles.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try GISFiles.geoJSON(
            [
                GISFiles.Feature(
                    [("DE", "Küche"), ("EN", "Kitchen"), ("NR", nil)], GISFiles.rectangle(Self.corner.x, Self.corner.y, 2, 2)),
                GISFiles.Feature([("DE", nil), ("EN", nil), ("NR", "7")], GISFiles.rectangle(Self.corner.x + 2, Self.corner.y, 2, 2)),
            ],
            crs: "EPSG:25832", to: folder + "/k.geojson")
        let map = try mapping("{\"properties\": {\"name\": {\"de\": \"DE\", \"en\": \"EN\"}}, \"category\": \"kitchen\"}", in: folder)
        let result = try GISImport.read(GISImport.Request(path: folder + "/k.geojson", type: .unit, mapping: map, language: "fr"))
        #expect(result.drafts[0].properties["name"] == ["de": "Küche", "en": "Kitchen"])
        #expect(result.report.unnamed == 1)
        let plain = try mapping("{\"properties\": {\"alt_name\": \"NR\"}}", in: folder)
        let second = try GISImport.read(GISImport.Request(path: folder + "/k.geojson", type: .unit, mapping: plain, language: "fr"))
        #expect(second.drafts[1].properties["alt_name"] == ["fr": "7"])
        #expect(second.drafts[1].properties["category"] == "unspecified")
    }

    @Test func unmappedValuesWithoutADefaultAreRefusedWithTheirCounts() throws {
        let folder = try GISFiles.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try GISFiles.geoJSON(Self.rooms(), crs: "EPSG:25832", to: folder + "/rooms.geojson")
        let map = try mapping(
            "{\n  \"category\": {\"field\": \"TYPE\", \"values\": {\"OFF\": \"office\", \"WC\": \"restroom\"}}\n}", in: folder)
        #expect {
            try GISImport.read(GISImport.Request(path: folder + "/rooms.geojson", type: .unit, mapping: map, language: "en"))
        } throws: { error in
            (error as? InterchangeError)?.message
                == "\(folder)/map.json:2:3: category: 2 values of TYPE in rooms.geojson have no category and there is no default: \"XX\" x2, (empty) x1; map them in category.values or give category.default"
        }
    }

    @Test func aBadMappingFileIsLocatedInTheFile() throws {
        let folder = try GISFiles.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        func message(_ text: String, type: FeatureType = .unit) -> String? {
            do {
                _ = try mapping(text, in: folder, type: type)
                return nil
            } catch {
                return (error as? InterchangeError)?.message.replacingOccurrences(of: folder + "/", with: "")
            }
        }
        #expect(message("{\"category\": \"office\",}") == "map.json:1:23: trailing comma before '}'")
        #expect(message("{\n  \"catgory\": \"office\"\n}") == "map.json:2:3: catgory: unknown key; did you mean \"category\"?")
        #expect(
            message("{\n  \"category\": {\n    \"field\": \"TYPE\",\n    \"values\": {\"OFF\": \"ofice\"}\n  }\n}")
                == "map.json:4:16: category.values.OFF: \"ofice\" is not in UNIT-CATEGORY; did you mean \"office\"?")
        let shop = message("{\"category\": {\"field\": \"TYPE\", \"default\": \"shop\"}}")
        #expect(shop == "map.json:1:32: category.default: \"shop\" is not in UNIT-CATEGORY")
        #expect(message("{\"properties\": {\"name\": 3}}")?.hasPrefix("map.json:1:17: properties.name: a field name, or an object") == true)
        #expect(message("{\"language\": \"english language\"}")?.hasPrefix("map.json:1:2: language: a language tag") == true)
        #expect(message("{\"category\": \"office\"}", type: .kiosk) == "map.json:1:2: category: a kiosk has no category")
        #expect(
            message("{}", type: .opening)?.hasPrefix(
                "map.json:1:1: give \"category\": an opening needs one and OPENING-CATEGORY has no \"unspecified\"") == true)
        #expect(message("[]") == "map.json:1:1: a mapping is a JSON object, not an array")
        #expect(
            message("{\"category\": {\"values\": {}}}")
                == "map.json:1:2: category: name the field that holds the category (\"field\": \"TYPE\")")
    }

    @Test func aFieldTheLayerDoesNotHaveIsNamedWithTheLayersFields() throws {
        let folder = try GISFiles.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try GISFiles.geoJSON(Self.rooms(), crs: "EPSG:25832", to: folder + "/rooms.geojson")
        let map = try mapping("{\n  \"properties\": {\"name\": \"room_name\"}\n}", in: folder)
        #expect {
            try GISImport.read(GISImport.Request(path: folder + "/rooms.geojson", type: .unit, mapping: map, language: "en"))
        } throws: { error in
            (error as? InterchangeError)?.message
                == "\(folder)/map.json:2:18: properties.name: the layer rooms of rooms.geojson has no field \"room_name\"; did you mean \"ROOM_NAME\"? (its fields: ROOM_NO, ROOM_NAME, TYPE)"
        }
    }

    @Test func severalLayersNeedOneNamed() throws {
        let folder = try GISFiles.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try GISFiles.geoJSON(Self.rooms(), crs: "EPSG:25832", to: folder + "/rooms.geojson")
        try GISFiles.geoJSON(
            [
                GISFiles.Feature(
                    [("KIND", "door")], GISFiles.line([(Self.corner.x + 1, Self.corner.y), (Self.corner.x + 2, Self.corner.y)]))
            ],
            crs: "EPSG:25832", to: folder + "/doors.geojson")
        let plan = folder + "/plan.gpkg"
        try GISFiles.convert(folder + "/rooms.geojson", to: plan, format: "GPKG", layer: "rooms")
        try GISFiles.convert(folder + "/doors.geojson", to: plan, format: "GPKG", layer: "doors", update: true)
        let map = try mapping("{\"category\": \"pedestrian\"}", in: folder, type: .opening)
        #expect {
            try GISImport.read(GISImport.Request(path: plan, type: .opening, mapping: map, language: "en"))
        } throws: { error in
            (error as? InterchangeError)?.message == "\(plan) holds 2 layers (rooms, doors); say which to import (layer=NAME, --layer NAME)"
        }
        #expect {
            try GISImport.read(GISImport.Request(path: plan, layer: "door", type: .opening, mapping: map, language: "en"))
        } throws: { error in
            (error as? InterchangeError)?.message == "\(plan) has no layer \"door\"; its layers: rooms, doors"
        }
        let doors = try GISImport.read(GISImport.Request(path: plan, layer: "doors", type: .opening, mapping: map, language: "en"))
        #expect(doors.drafts.count == 1)
        guard case .lineString(let line)? = doors.drafts[0].geometry else {
            Issue.record("not a line: \(String(describing: doors.drafts[0].geometry))")
            return
        }
        #expect(abs(metres(line[0], line[1].x, line[1].y) - 1) < 0.01)
        #expect(doors.drafts[0].source == "plan.gpkg layer doors, feature 1")
    }

    @Test func aSourceWithoutReferenceSystemIsRefusedUnlessOneIsNamed() throws {
        let folder = try GISFiles.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try GISFiles.geoJSON(Self.rooms(), crs: "EPSG:25832", to: folder + "/rooms.geojson")
        try GISFiles.convert(folder + "/rooms.geojson", to: folder + "/rooms.shp", format: "ESRI Shapefile")
        try FileManager.default.removeItem(atPath: folder + "/rooms.prj")
        let map = try mapping(in: folder)
        #expect {
            try GISImport.read(GISImport.Request(path: folder + "/rooms.shp", type: .unit, mapping: map, language: "en"))
        } throws: { error in
            (error as? InterchangeError)?.message.contains("layer rooms has no coordinate reference system") == true
        }
        let assumed = try GISImport.read(
            GISImport.Request(
                path: folder + "/rooms.shp", type: .unit, mapping: map, assumedReferenceSystem: "EPSG:25832", language: "en"))
        #expect(assumed.report.referenceSystem == "ETRS89 / UTM zone 32N (EPSG:25832), assumed")
        guard case .polygon(let rings)? = assumed.drafts[0].geometry else { return }
        #expect(metres(rings[0][0], 8.55030, 50.10020) < 0.01)
        #expect(throws: InterchangeError.self) {
            try GISImport.read(
                GISImport.Request(
                    path: folder + "/rooms.shp", type: .unit, mapping: map, assumedReferenceSystem: "EPSG:999999", language: "en"))
        }
    }

    @Test func geometryIsKeptAsTheSourceHasIt() throws {
        let folder = try GISFiles.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (x, y) = Self.corner
        try GISFiles.geoJSON(
            [
                GISFiles.Feature([("T", "atm")], GISFiles.point(x, y)),
                GISFiles.Feature([("T", "atm")], GISFiles.line([(x, y), (x + 1, y)])),
                GISFiles.Feature([("T", "atm")], "{\"type\": \"MultiPoint\", \"coordinates\": [[\(x), \(y)], [\(x + 1), \(y)]]}"),
                GISFiles.Feature([("T", "atm")], "null"),
            ], crs: "EPSG:25832", to: folder + "/points.geojson")
        let result = try GISImport.read(
            GISImport.Request(
                path: folder + "/points.geojson", type: .amenity,
                mapping: try mapping("{\"category\": {\"field\": \"T\"}}", in: folder, type: .amenity),
                language: "en"))
        #expect(result.drafts.map { $0.geometry?.typeName } == ["Point", "LineString", "MultiPoint", nil])
        #expect(result.drafts.allSatisfy { $0.type == .amenity && $0.properties["category"] == "atm" })
    }

    @Test func theFilesOfAShapefile() throws {
        let folder = try GISFiles.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try GISFiles.geoJSON(Self.rooms(), crs: "EPSG:25832", to: folder + "/rooms.geojson")
        try GISFiles.convert(folder + "/rooms.geojson", to: folder + "/rooms.shp", format: "ESRI Shapefile")
        let files = try VectorSource(path: folder + "/rooms.shp").files.map { URL(fileURLWithPath: $0).lastPathComponent }
        #expect(Set(files).isSuperset(of: ["rooms.shp", "rooms.shx", "rooms.dbf", "rooms.prj"]))
        #expect(
            try VectorSource(path: folder + "/rooms.geojson").files.map { URL(fileURLWithPath: $0).lastPathComponent } == ["rooms.geojson"])
    }
}
