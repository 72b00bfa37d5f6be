// A DXF drawing through the helper: its listing (`import dxf --list`) and its import (`import dxf`),
// with the options the import takes and the report it gives. The importer (Interchange/DXF) fills
// these types itself; imdf words them (Shell/Import/DrawingImportWording.swift).

import Geometry
import IMDF

/// How a drawing is imported: every choice the user can make, none required.
public struct DXFImportOptions: Sendable, Equatable, Codable {
    /// Layer name globs per role (`A-AREA*`); empty: chosen by convention and content.
    public var layers: [LayerRole: [String]] = [:]
    public var units: DrawingUnit?
    /// Metres per drawing unit, given as a number (`--units 0.1`): a sheet drawn to a scale.
    public var metresPerUnit: Double?
    /// A window in drawing units: only what lies in it is imported (one floor of several).
    public var extent: Bounds?
    public var controls: [ControlPoint] = []
    public var fit: TransformKind = .similarity
    /// The widest gap in a wall closed when rooms are formed from wall lines, in metres.
    public var doorGap = 1.3
    /// Which of several plans drawn side by side on one sheet is imported, in reading order from
    /// 0: the level's place among its building's levels, from the lowest (floors are drawn in
    /// order, the lowest first). Not used with `extent`.
    public var planOnSheet = 0

    public init() {}
}

/// A point read off the drawing and where it is on the earth.
public struct ControlPoint: Sendable, Equatable, Codable {
    /// In the drawing's units, as the user read it off the drawing.
    public var drawing: Point
    /// Longitude (x) and latitude (y).
    public var target: Point

    public init(drawing: Point, target: Point) {
        self.drawing = drawing
        self.target = target
    }
}

/// `import-dxf`: a drawing's rooms, names and doors as drafted features on a level.
public struct DrawingImportRequest: HelperRequest {
    public static let job = HelperJob.importDrawing
    public typealias Reply = DrawingImportReply

    public var file: String
    public var options: DXFImportOptions
    /// Where the plan's south-west corner goes without control points (longitude, latitude).
    public var corner: Point
    /// The language names are written in: the archive's, or the one given.
    public var language: String
    /// Whether `language` was given (`--language`): names take it whatever their script.
    public var languageGiven = false
    /// Whether the level holds nothing yet, so the plan's footprint becomes its outline.
    public var levelIsEmpty: Bool

    public init(file: String, options: DXFImportOptions, corner: Point, language: String, levelIsEmpty: Bool) {
        self.file = file
        self.options = options
        self.corner = corner
        self.language = language
        self.levelIsEmpty = levelIsEmpty
    }
}

public struct DrawingImportReply: Sendable {
    public var drafts: [FeatureDraft]
    public var report: DXFImportReport
    /// The level's new outline, for a level that held nothing: the plan's footprint, a Polygon or
    /// a MultiPolygon in longitude, latitude.
    public var levelOutline: IMDF.Geometry?

    public init(drafts: [FeatureDraft], report: DXFImportReport, levelOutline: IMDF.Geometry?) {
        self.drafts = drafts
        self.report = report
        self.levelOutline = levelOutline
    }

    /// The footprint's polygons (rings of longitude, latitude) as the outline a level takes: one
    /// polygon is a Polygon, more a MultiPolygon; none, no outline.
    public static func outline(_ polygons: [[[Point]]]) -> IMDF.Geometry? {
        let rings = polygons.map { $0.map { $0.map { Position(x: $0.x, y: $0.y) } } }
        switch rings.count {
        case 0: return nil
        case 1: return .polygon(rings[0])
        default: return .multiPolygon(rings)
        }
    }
}

/// The outline travels as GeoJSON text inside the JSON, as a draft's geometry does, written and
/// read by IMDF's own codec: with the outline as Codable's keyed points, a teaching building's
/// reply (an outline of 2,559 points) took the helper 10-12 ms to write and imdf 15 ms to read;
/// so, 4 and 6 ms.
extension DrawingImportReply: Codable {
    private enum CodingKeys: String, CodingKey {
        case drafts, report, levelOutline
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        drafts = try container.decode([FeatureDraft].self, forKey: .drafts)
        report = try container.decode(DXFImportReport.self, forKey: .report)
        levelOutline = nil
        if let text = try container.decodeIfPresent(String.self, forKey: .levelOutline) {
            // Closed rings of four positions at least, as `Projector.polygons` reads them: a level's
            // outline is never empty, and one that does not read as polygons is no outline.
            func closed(_ rings: [[Position]]) -> Bool {
                !rings.isEmpty && rings.allSatisfy { $0.count >= 4 && $0.first == $0.last }
            }
            let geometry = GeoJSONReader.readGeometry(Array(text.utf8))?.geometry
            switch geometry {
            case .polygon(let rings) where closed(rings): levelOutline = geometry
            case .multiPolygon(let polygons) where !polygons.isEmpty && polygons.allSatisfy(closed): levelOutline = geometry
            default:
                throw DecodingError.dataCorruptedError(
                    forKey: .levelOutline, in: container, debugDescription: "not a GeoJSON Polygon or MultiPolygon of closed rings")
            }
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(drafts, forKey: .drafts)
        try container.encode(report, forKey: .report)
        try container.encodeIfPresent(levelOutline.map { GeoJSONGeometry($0).inlineText }, forKey: .levelOutline)
    }
}

/// What an import of a drawing did, step by step.
public struct DXFImportReport: Sendable, Codable {
    public struct DroppedLayer: Sendable, Equatable, Codable {
        public var layer: String
        public var entities: Int

        public init(layer: String, entities: Int) {
            self.layer = layer
            self.entities = entities
        }
    }

    /// A room's text that lies in no room, where it is in drawing units.
    public struct Label: Sendable, Equatable, Codable {
        public var text: String
        public var at: Point

        public init(text: String, at: Point) {
            self.text = text
            self.at = at
        }
    }

    /// An open polyline on a room layer left open: where it starts (drawing units), its gap (m).
    public struct OpenOutline: Sendable, Equatable, Codable {
        public var at: Point
        public var gap: Double

        public init(at: Point, gap: Double) {
            self.at = at
            self.gap = gap
        }
    }

    /// A point of the drawing (drawing units) and where it landed (longitude, latitude).
    public struct Tie: Sendable, Equatable, Codable {
        public var drawing: Point
        public var position: Point

        public init(drawing: Point, position: Point) {
            self.drawing = drawing
            self.position = position
        }
    }

    public var units: UnitChoice
    public var layers: [LayerRole: [String]] = [:]
    /// Why a layer was given its role (or left out) by what it holds, where its name told nothing.
    public var layerReasons: [String: String] = [:]
    /// Layers whose entities were left out, with how many.
    public var droppedLayers: [DroppedLayer] = []
    public var paperSpaceEntities = 0
    /// Entities far outside the plan (or outside --extent), which would blow up its extent.
    public var straysDropped = 0
    public var roomSource = ""
    public var rooms = 0
    /// The language tag names took when it is not the archive's, and why.
    public var namesLanguage: String?
    /// Names of people in room tags (and texts on layers of people's names), left out unread.
    public var peopleLeftOut = 0
    /// The median area of the rooms found, in square metres.
    public var medianRoomArea: Double?
    public var named = 0
    /// Open polylines on room layers closed (their gap under 2% of their length), and those left
    /// open: where each starts (drawing units) and its gap (metres).
    public var closedOutlines = 0
    public var openOutlines: [OpenOutline] = []
    /// Spaces the walls enclose that no room outline covers, imported as rooms beside them.
    public var spacesAdded = 0
    /// The plans drawn side by side on the sheet (drawing units, reading order), when there are
    /// several, and which was imported.
    public var plansOnSheet: [Bounds] = []
    public var planImported: Int?
    /// Rooms formed round labels the spaces at the door width left without a room of their own,
    /// by the closing width (metres, as text: "0.6") that enclosed each alone.
    public var roomsAroundLabels: [String: Int] = [:]
    /// Open space inside the outer walls that no room covers: walkway units, and their area (m²).
    public var walkways = 0
    public var walkwayArea = 0.0
    /// Rooms by the unit category they were given ("room" where nothing told).
    public var categories: [String: Int] = [:]
    /// Room types (a tag's type line) no category is known for, with how many rooms: those rooms
    /// are `unspecified`.
    public var unknownTypes: [String: Int] = [:]
    public var duplicatesDropped = 0
    public var outlinesDropped = 0
    /// Shapes under the smallest room or over the largest.
    public var tooSmallDropped = 0
    public var repaired: [String] = []
    public var openings = 0
    /// Doors by what showed them: "block", "swing" or "gap".
    public var openingSources: [String: Int] = [:]
    public var unplacedDoors = 0
    /// Gaps in walls that are no door, by why: "window" (a window or glazing spans it),
    /// "column" (a column or a solid fill does), "bend" (the gap turns a corner).
    public var rejectedGaps: [String: Int] = [:]
    public var unplacedLabels: [Label] = []
    public var residuals: [Double] = []
    public var rmse: Double?
    public var scale = 1.0
    /// Where the plan landed: three corners of the rooms' extent in drawing units and their
    /// longitude, latitude - enough to carry any point of the drawing onto the map (and back).
    public var placement: [Tie] = []
    public var problems: [String] = []
    /// What to try when no room was found: the other layers that hold lines.
    public var hint: String?

    public init(units: UnitChoice) { self.units = units }
}

/// `list-dxf`: what a drawing holds, layer by layer, to choose layers by.
public struct DrawingListRequest: HelperRequest {
    public static let job = HelperJob.listDrawing
    public typealias Reply = DrawingListing

    public var file: String

    public init(file: String) { self.file = file }
}

/// The few HEADER variables of a DXF drawing that GDAL does not expose.
public struct DrawingHeader: Sendable, Equatable, Codable {
    /// `$ACADVER`, e.g. "AC1027" (AutoCAD 2013); nil when the header does not say.
    public var version: String?
    /// `$INSUNITS`: 0 unitless, 1 inches, 2 feet, 4 millimetres, 5 centimetres, 6 metres, ...
    public var insertionUnits: Int?
    /// `$DWGCODEPAGE`, e.g. "ANSI_1252".
    public var codePage: String?

    public init(version: String? = nil, insertionUnits: Int? = nil, codePage: String? = nil) {
        self.version = version
        self.insertionUnits = insertionUnits
        self.codePage = codePage
    }

    /// Drawings of AutoCAD 2007 (AC1021) and later store text as UTF-8 whatever their code page
    /// says; GDAL 3.6 decodes by the code page unless told otherwise.
    public var storesUTF8: Bool {
        guard let version, version.hasPrefix("AC"), let number = Int(version.dropFirst(2)) else { return false }
        return number >= 1021
    }
}

public struct DrawingListing: Sendable, Codable {
    public struct Layer: Sendable, Equatable, Codable {
        public var name: String
        /// Entities by kind ("lines", "closed polylines", "texts", ...).
        public var counts: [String: Int]
        public var bounds: Bounds
        /// The roles the importer would give it without options, and whether it counts as clutter.
        public var roles: [LayerRole]
        public var clutter: Bool
        /// Why, where the layer's content rather than its name decided.
        public var why: String?

        public init(name: String, counts: [String: Int], bounds: Bounds, roles: [LayerRole], clutter: Bool, why: String? = nil) {
            self.name = name
            self.counts = counts
            self.bounds = bounds
            self.roles = roles
            self.clutter = clutter
            self.why = why
        }
    }

    public var path: String
    public var header: DrawingHeader
    public var layers: [Layer]
    /// Model space's extent, in drawing units.
    public var extent: Bounds
    public var paperSpaceEntities: Int
    public var blocks: [String]

    public init(path: String, header: DrawingHeader, layers: [Layer], extent: Bounds, paperSpaceEntities: Int, blocks: [String]) {
        self.path = path
        self.header = header
        self.layers = layers
        self.extent = extent
        self.paperSpaceEntities = paperSpaceEntities
        self.blocks = blocks
    }
}
