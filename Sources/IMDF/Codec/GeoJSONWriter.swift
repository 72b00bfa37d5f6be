// Writes feature collections in the tool's canonical form:
//
//   {
//     "type": "FeatureCollection",
//     "name": "unit",                       <- the collection's other members, as they were
//     "features": [
//       {
//         "type": "Feature",
//         "id": "f918cd54-...",
//         "feature_type": "unit",
//         "geometry": {"type": "Polygon", "coordinates": [[[30.38, 60.007], ...]]},
//         "properties": {
//           "category": "room",             <- properties in their own order, one per line
//           "name": {"en": "Room 310"}
//         }
//       }
//     ]
//   }
//
// Member order is fixed for the GeoJSON/IMDF members and file order for everything else, so a
// save of a saved archive is byte-identical and a one-property edit is a one-line diff.

public enum GeoJSONWriter {
    public static func write(_ collection: FeatureCollection) -> [UInt8] {
        write(collection, features: collection.features.indices)
    }

    /// The part of `write(collection)`'s bytes that holds the features in `range`, with the
    /// collection's opening when the range starts the features and its closing when it ends
    /// them: the parts of consecutive non-empty ranges (or the one range of an empty
    /// collection), joined, are the whole file. An archive is written
    /// in parts of a few thousand features on all cores, so that its largest file is not
    /// written on one core at the end.
    public static func write(_ collection: FeatureCollection, features range: Range<Int>) -> [UInt8] {
        let features = collection.features
        var writer = JSONWriter(reservingCapacity: range.count * estimatedFeatureSize + 256)
        if range.lowerBound == 0 {
            writer.write("{\n  \"type\": \"FeatureCollection\",\n")
            for entry in collection.foreignMembers {
                writer.write("  ")
                writer.writeString(entry.key)
                writer.write(": ")
                writer.writeInline(entry.value)
                writer.write(",\n")
            }
            if features.isEmpty {
                writer.write("  \"features\": []\n}\n")
                return writer.bytes
            }
            writer.write("  \"features\": [\n")
        }
        for index in range {
            writer.writeFeature(features[index])
            writer.write(index == features.count - 1 ? "\n" : ",\n")
        }
        if range.upperBound == features.count { writer.write("  ]\n}\n") }
        return writer.bytes
    }

    /// One feature as a JSON object on one line, members in the canonical order, numbers as
    /// written: a feature kept whole in one cell of a table (a GeoPackage's `imdf_json`). Read
    /// inside a FeatureCollection, it gives back the same feature.
    public static func write(oneLine feature: Feature) -> [UInt8] {
        var writer = JSONWriter(reservingCapacity: 512)
        writer.writeFeature(feature, layout: .oneLine)
        return writer.bytes
    }

    /// A JSON document (manifest.json) with one member per line.
    public static func write(document object: JSONObject) -> [UInt8] {
        var writer = JSONWriter()
        writer.writeExpanded(object, indent: 0)
        writer.write("\n")
        return writer.bytes
    }

    /// Roughly what a feature takes in this form; a good guess saves the buffer's regrowth copies.
    private static let estimatedFeatureSize = 700
}

extension JSONWriter {
    /// How a feature is laid out: the canonical form inside a collection (one member and one
    /// property per line), or all on one line (a feature kept in a table cell).
    enum FeatureLayout {
        case canonical
        case oneLine
    }

    mutating func writeFeature(_ feature: Feature, layout: FeatureLayout = .canonical) {
        write(layout == .canonical ? "    {\n" : "{")
        var first = true
        func separator(_ writer: inout JSONWriter) {
            if layout == .canonical {
                if !first { writer.write(",\n") }
                writer.write("      ")
            } else if !first {
                writer.write(", ")
            }
            first = false
        }
        if let typeMember = feature.typeMember {
            separator(&self)
            write("\"type\": ")
            writeInline(typeMember)
        }
        separator(&self)
        write("\"id\": ")
        writeString(feature.id)
        separator(&self)
        write("\"feature_type\": ")
        writeString(feature.featureType)
        switch feature.geometryMember {
        case .absent: break
        case .null:
            separator(&self)
            write("\"geometry\": null")
        case .geometry(let geometry):
            separator(&self)
            write("\"geometry\": ")
            writeGeometry(geometry)
        case .malformed(let value):
            separator(&self)
            write("\"geometry\": ")
            writeInline(value)
        }
        switch feature.propertiesForm {
        case .absent: break
        case .null:
            separator(&self)
            write("\"properties\": null")
        case .object:
            separator(&self)
            write("\"properties\": ")
            if layout == .canonical { writeExpanded(feature.properties, indent: 3) } else { writeInline(feature.properties) }
        }
        for entry in feature.foreignMembers {
            separator(&self)
            writeString(entry.key)
            write(": ")
            writeInline(entry.value)
        }
        write(layout == .canonical ? "\n    }" : "}")
    }

    mutating func writeGeometry(_ value: GeoJSONGeometry) {
        write("{\"type\": \"")
        writeRaw(value.geometry.typeName)
        if case .geometryCollection(let members) = value.geometry {
            write("\", \"geometries\": [")
            for (index, member) in members.enumerated() {
                if index > 0 { write(", ") }
                writeGeometry(member)
            }
            write(UInt8(ascii: "]"))
        } else {
            write("\", \"coordinates\": ")
            var numbers = NumberTextCursor(text: value.numberText)
            writeCoordinates(value.geometry, &numbers)
        }
        for entry in value.foreignMembers {
            write(", ")
            writeString(entry.key)
            write(": ")
            writeInline(entry.value)
        }
        write(UInt8(ascii: "}"))
    }

    private mutating func writeCoordinates(_ geometry: Geometry, _ numbers: inout NumberTextCursor) {
        switch geometry {
        case .point(let position): writePosition(position, &numbers)
        case .multiPoint(let line), .lineString(let line): writeLine(line, &numbers)
        case .multiLineString(let lines), .polygon(let lines): writeLines(lines, &numbers)
        case .multiPolygon(let polygons):
            write(UInt8(ascii: "["))
            for (index, polygon) in polygons.enumerated() {
                if index > 0 { write(", ") }
                writeLines(polygon, &numbers)
            }
            write(UInt8(ascii: "]"))
        case .geometryCollection: break
        }
    }

    private mutating func writeLines(_ lines: [[Position]], _ numbers: inout NumberTextCursor) {
        write(UInt8(ascii: "["))
        for (index, line) in lines.enumerated() {
            if index > 0 { write(", ") }
            writeLine(line, &numbers)
        }
        write(UInt8(ascii: "]"))
    }

    private mutating func writeLine(_ line: [Position], _ numbers: inout NumberTextCursor) {
        write(UInt8(ascii: "["))
        for (index, position) in line.enumerated() {
            if index > 0 { write(", ") }
            writePosition(position, &numbers)
        }
        write(UInt8(ascii: "]"))
    }

    @inline(__always)
    private mutating func writePosition(_ position: Position, _ numbers: inout NumberTextCursor) {
        write(UInt8(ascii: "["))
        writeCoordinate(position.x, &numbers)
        write(", ")
        writeCoordinate(position.y, &numbers)
        if let z = position.z {
            write(", ")
            writeCoordinate(z, &numbers)
        }
        write(UInt8(ascii: "]"))
    }

    @inline(__always)
    private mutating func writeCoordinate(_ value: Double, _ numbers: inout NumberTextCursor) {
        if !numbers.writeNext(to: &self) { writeDouble(value) }
    }
}

/// Walks the original text of a geometry's coordinates (`[[30.1, 60.2], ...]` as written, or
/// numbers separated by commas) and yields its numbers in order, in step with the positions.
struct NumberTextCursor {
    let text: [UInt8]?
    var offset = 0

    /// Writes the next number's original text; false when there is no original text.
    @inline(__always)
    mutating func writeNext(to writer: inout JSONWriter) -> Bool {
        guard let text else { return false }
        text.withUnsafeBufferPointer { buffer in
            let range = NumberParsing.nextNumber(in: buffer, from: offset)
            writer.write(UnsafeBufferPointer(rebasing: buffer[range]))
            offset = range.upperBound
        }
        return true
    }
}
