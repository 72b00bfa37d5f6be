// Features of one layer of any vector source GDAL reads (Shapefile, GeoPackage, GeoJSON, ...) as
// drafts of one IMDF type: reprojected from the layer's reference system to WGS 84, names and
// categories taken by a mapping file, and an account of what was mapped - how many features got
// each category, which source values had no category (with their counts).
//
// A source without a reference system is refused unless the request names one (`crs`): its
// numbers could be metres in any projection, or degrees, and a guess would put the plan anywhere.
// Geometry is kept as the source has it (curves as lines, z dropped); whether it is the right kind
// for the type is for the edit that creates the features to say, per feature.

import Foundation
import Geometry
import HelperProtocol
import IMDF

public struct GISImport: Sendable {
    public struct Request: Sendable {
        public var path: String
        /// The layer to read; needed when the source has several.
        public var layer: String?
        public var type: FeatureType
        public var mapping: GISMapping
        /// The reference system the coordinates are in when the source does not say (or says wrongly).
        public var assumedReferenceSystem: String?
        /// The language of names when the mapping does not give one.
        public var language: String

        public init(
            path: String, layer: String? = nil, type: FeatureType, mapping: GISMapping, assumedReferenceSystem: String? = nil,
            language: String
        ) {
            self.path = path
            self.layer = layer
            self.type = type
            self.mapping = mapping
            self.assumedReferenceSystem = assumedReferenceSystem
            self.language = language
        }
    }

    public typealias Count = GISImportReport.Count

    public var drafts: [FeatureDraft]
    public var report: GISImportReport

    /// Reads the request's layer into drafts. Refuses (changing nothing, since nothing is created
    /// here) a source GDAL cannot read, a layer that is not there or not named among several, a
    /// field of the mapping the layer does not have, a source without a reference system, and
    /// category values with no category when the mapping has no default.
    public static func read(_ request: Request) throws(InterchangeError) -> GISImport {
        let source = try VectorSource(path: request.path)
        let layers = source.layers
        let fileName = URL(fileURLWithPath: request.path).lastPathComponent
        let layer: VectorLayer
        if let name = request.layer {
            guard let found = source.layer(named: name) else {
                throw InterchangeError(
                    "\(request.path) has no layer \"\(name)\"; its layers: \(layers.map(\.name).joined(separator: ", "))")
            }
            layer = found
        } else {
            guard layers.count == 1 else {
                throw InterchangeError(
                    layers.isEmpty
                        ? "\(request.path) holds no layer of features"
                        : "\(request.path) holds \(layers.count) layers (\(layers.map(\.name).joined(separator: ", "))); say which to import (layer=NAME, --layer NAME)"
                )
            }
            layer = layers[0]
        }
        let mapping = request.mapping
        let fields = layer.fieldNames
        for (path, field) in mapping.fields where !fields.contains(field) {
            let near =
                fields.first { $0.lowercased() == field.lowercased() }
                ?? Suggestion.closest(to: field, in: fields).flatMap {
                    Suggestion.editDistance(field.lowercased(), $0.lowercased()) <= max(1, field.count / 3) ? $0 : nil
                }
            throw mapping.error(
                at: path,
                "the layer \(layer.name) of \(fileName) has no field \"\(field)\"\(near.map { "; did you mean \"\($0)\"?" } ?? "") (its fields: \(fields.isEmpty ? "none" : fields.joined(separator: ", ")))"
            )
        }
        let features = try layer.features(toWGS84: true, assuming: request.assumedReferenceSystem)
        var referenceSystem = layer.referenceSystemName ?? "none"
        if let assumed = request.assumedReferenceSystem { referenceSystem = "\(try ReferenceSystem(userInput: assumed).name), assumed" }
        var result = GISImport(
            drafts: [],
            report: GISImportReport(layer: layer.name, fileName: fileName, driver: source.driverName, referenceSystem: referenceSystem))
        let language = mapping.language ?? request.language
        let list: CategoryList? = if case .category(let list)? = request.type.spec(forKey: .category)?.kind { list } else { nil }
        var categoryCounts: [String: Int] = [:]
        var unmappedCounts: [String: Int] = [:]
        var unmappedOrder: [String] = []
        let place = layers.count > 1 ? "\(fileName) layer \(layer.name)," : fileName
        for feature in features {
            var properties = JSONObject()
            var category: String?
            switch mapping.category {
            case .fixed(let value)?: category = value
            case .field(let field, let values, let fallback)?:
                result.report.categoryField = field
                result.report.defaultCategory = fallback
                let text = feature[field]?.text.trimmingCharacters(in: .whitespaces) ?? ""
                if let mapped = values[text] {
                    category = mapped
                } else if let list, list.contains(text) {
                    category = text
                } else {
                    if unmappedCounts[text] == nil { unmappedOrder.append(text) }
                    unmappedCounts[text, default: 0] += 1
                    category = fallback
                }
            case nil: category = list == nil ? nil : "unspecified"
            }
            if let category {
                properties.append(key: PropertyKey.category.rawValue, value: .string(category))
                categoryCounts[category, default: 0] += 1
            }
            var named = false
            for (key, sources) in [(PropertyKey.name, mapping.names), (.altName, mapping.altNames)] where !sources.isEmpty {
                let labels = sources.compactMap { source -> (language: String, text: String)? in
                    guard let text = feature[source.field]?.text.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty else {
                        return nil
                    }
                    return (source.language ?? language, text)
                }
                guard !labels.isEmpty else { continue }
                properties.append(key: key.rawValue, value: Labels(labels).json)
                named = true
            }
            if !named && !(mapping.names + mapping.altNames).isEmpty { result.report.unnamed += 1 }
            result.drafts.append(
                FeatureDraft(
                    type: request.type, geometry: feature.shape.map(geometry), properties: properties,
                    source: "\(place) feature \(feature.fid)"))
        }
        result.report.unmapped = unmappedOrder.map { Count($0, unmappedCounts[$0]!) }.sorted { $0.count > $1.count }
        if !result.report.unmapped.isEmpty, case .field(let field, _, nil)? = mapping.category {
            let listed = result.report.unmapped.map { "\($0.value.isEmpty ? "(empty)" : "\"\($0.value)\"") x\($0.count)" }.joined(
                separator: ", ")
            throw mapping.error(
                at: "category",
                "\(result.report.unmapped.count) value\(result.report.unmapped.count == 1 ? "" : "s") of \(field) in \(fileName) \(result.report.unmapped.count == 1 ? "has" : "have") no category and there is no default: \(listed); map \(result.report.unmapped.count == 1 ? "it" : "them") in category.values or give category.default"
            )
        }
        result.report.categories = categoryCounts.map { Count($0.key, $0.value) }.sorted {
            $0.count != $1.count ? $0.count > $1.count : $0.value < $1.value
        }
        result.report.features = result.drafts.count
        return result
    }

    /// A source shape as GeoJSON geometry: a collection of one kind becomes a Multi geometry.
    static func geometry(_ shape: Shape) -> IMDF.Geometry {
        func position(_ point: Point) -> Position { Position(x: point.x, y: point.y) }
        switch shape {
        case .point(let point): return .point(position(point))
        case .lineString(let points): return .lineString(points.map(position))
        case .polygon(let rings): return .polygon(rings.map { $0.map(position) })
        case .collection:
            let parts = shape.parts
            var points: [Position] = []
            var lines: [[Position]] = []
            var polygons: [[[Position]]] = []
            for part in parts {
                switch part {
                case .point(let point): points.append(position(point))
                case .lineString(let line): lines.append(line.map(position))
                case .polygon(let rings): polygons.append(rings.map { $0.map(position) })
                case .collection: break
                }
            }
            if points.count == parts.count { return .multiPoint(points) }
            if lines.count == parts.count { return .multiLineString(lines) }
            if polygons.count == parts.count { return .multiPolygon(polygons) }
            return .geometryCollection(parts.map { GeoJSONGeometry(geometry($0)) })
        }
    }
}
