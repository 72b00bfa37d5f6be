import Foundation

/// Small GIS files for the import tests: GeoJSON written as text in a projected reference system
/// (the 2008 `crs` member, which GDAL honours), turned into Shapefiles and GeoPackages by GDAL's
/// own `ogr2ogr` (gdal-bin, which `.ci/setup` installs).
public enum GISFiles {
    public struct Feature {
        public var properties: [(String, String?)]
        /// A GeoJSON geometry object, as text.
        public var geometry: String

        public init(_ properties: [(String, String?)], _ geometry: String) {
            self.properties = properties
            self.geometry = geometry
        }
    }

    public static func folder() throws -> String {
        let path = NSTemporaryDirectory() + "imdf-gis-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// A FeatureCollection in `crs` ("EPSG:25832"; nil writes no crs member) at `path`.
    public static func geoJSON(_ features: [Feature], crs: String?, to path: String) throws {
        func string(_ text: String) -> String {
            "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
        }
        let members = features.map { feature in
            let properties = feature.properties.map { "\(string($0.0)): \($0.1.map(string) ?? "null")" }.joined(separator: ", ")
            return "{\"type\": \"Feature\", \"properties\": {\(properties)}, \"geometry\": \(feature.geometry)}"
        }
        let crsMember =
            crs.map { code -> String in
                let parts = code.split(separator: ":")
                return "\"crs\": {\"type\": \"name\", \"properties\": {\"name\": \"urn:ogc:def:crs:\(parts[0])::\(parts[1])\"}}, "
            } ?? ""
        let text = "{\"type\": \"FeatureCollection\", \(crsMember)\"features\": [\n" + members.joined(separator: ",\n") + "\n]}\n"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }

    /// `ogr2ogr`: `source` written as `format` ("ESRI Shapefile", "GPKG") at `target`, as layer
    /// `layer`; `update` adds the layer to an existing GeoPackage.
    public static func convert(_ source: String, to target: String, format: String, layer: String? = nil, update: Bool = false) throws {
        var arguments = ["-f", format]
        if update { arguments.append("-update") }
        if let layer { arguments += ["-nln", layer] }
        arguments += [target, source]
        let result = try ChildProcess.run("/usr/bin/ogr2ogr", arguments)
        guard result.status == 0 else { throw ConversionFailure(message: "ogr2ogr \(arguments.joined(separator: " ")): \(result.errors)") }
    }

    public struct ConversionFailure: Error, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }

    /// A closed rectangle as a GeoJSON Polygon, counter-clockwise.
    public static func rectangle(_ x: Double, _ y: Double, _ width: Double, _ height: Double) -> String {
        let ring = [(x, y), (x + width, y), (x + width, y + height), (x, y + height), (x, y)]
        return "{\"type\": \"Polygon\", \"coordinates\": [[" + ring.map { "[\($0.0), \($0.1)]" }.joined(separator: ", ") + "]]}"
    }

    public static func point(_ x: Double, _ y: Double) -> String { "{\"type\": \"Point\", \"coordinates\": [\(x), \(y)]}" }

    public static func line(_ points: [(Double, Double)]) -> String {
        "{\"type\": \"LineString\", \"coordinates\": [" + points.map { "[\($0.0), \($0.1)]" }.joined(separator: ", ") + "]}"
    }
}

/// EPSG:3857 (spherical Web Mercator) both ways, in closed form: an answer for reprojection that
/// does not come from PROJ.
public enum WebMercator {
    public static let radius = 6_378_137.0

    public static func x(longitude: Double) -> Double { radius * longitude * .pi / 180 }
    public static func y(latitude: Double) -> Double { radius * log(tan(.pi / 4 + latitude * .pi / 360)) }
    public static func longitude(x: Double) -> Double { x / radius * 180 / .pi }
    public static func latitude(y: Double) -> Double { (2 * atan(exp(y / radius)) - .pi / 2) * 180 / .pi }
    /// Web Mercator metres per metre on the ground at `latitude`.
    public static func scale(latitude: Double) -> Double { 1 / cos(latitude * .pi / 180) }
}
