// Reads a GeoJSON FeatureCollection file into `FeatureCollection`.
//
// Geometries are parsed straight into typed positions (the bulk of every IMDF file) when the
// geometry object names its `type` before its `coordinates`, as every exporter seen does; any
// other order, and anything that is not a well-formed geometry, goes through the generic reader so
// nothing is lost. Structural problems (a feature without an id, a file that is not a
// FeatureCollection) are collected for the whole file rather than stopping at the first.

public struct GeoJSONProblem: Error, Sendable, Equatable {
    public var location: TextLocation
    public var message: String
    /// The feature the problem is about, when it has an id.
    public var featureID: String?
    /// What kind of structural defect it is, where it is one validators name.
    public var defect: StructuralDefect?

    public init(location: TextLocation, message: String, featureID: String? = nil, defect: StructuralDefect? = nil) {
        self.location = location
        self.message = message
        self.featureID = featureID
        self.defect = defect
    }
}

/// The structural defects that keep a file or a feature from loading, for validation to name.
public enum StructuralDefect: String, Sendable, Hashable, Codable {
    case notAFeatureCollection
    case missingID
    case idNotAString
    case missingFeatureType
    case featureTypeNotAString
}

public enum GeoJSONReader {
    /// Decodes a FeatureCollection. Throws the syntax error, or every structural problem found.
    public static func read(_ bytes: UnsafeBufferPointer<UInt8>) throws(GeoJSONReadFailure) -> FeatureCollection {
        var decoder = CollectionDecoder(reader: JSONReader(bytes: bytes))
        return try read(bytes, with: &decoder)
    }

    fileprivate static func read(_ bytes: UnsafeBufferPointer<UInt8>, with decoder: inout CollectionDecoder) throws(GeoJSONReadFailure)
        -> FeatureCollection
    {
        let collection: FeatureCollection
        do {
            collection = try decoder.decodeCollection()
        } catch {
            throw .syntax(error, TextLocation(offset: error.offset, in: bytes))
        }
        if !decoder.problems.isEmpty {
            throw .structure(
                decoder.problems.map { problem in
                    GeoJSONProblem(
                        location: TextLocation(offset: problem.offset, in: bytes), message: problem.message,
                        featureID: problem.featureID, defect: problem.defect)
                })
        }
        return collection
    }

    /// Decodes what can be read of a FeatureCollection some of whose features are broken (no id,
    /// an id that is no string, a feature that is no object): the features that decode, and the
    /// problems of those left out. Throws the syntax error, or every problem when the file as a
    /// whole is no FeatureCollection. For checking an archive only: a save of what this reads would
    /// lose the features left out.
    public static func readSkippingBrokenFeatures(_ bytes: [UInt8]) throws(GeoJSONReadFailure) -> (
        collection: FeatureCollection, leftOut: [GeoJSONProblem]
    ) {
        let result: Result<(FeatureCollection, [GeoJSONProblem]), GeoJSONReadFailure> = bytes.withUnsafeBufferPointer { buffer in
            var decoder = CollectionDecoder(reader: JSONReader(bytes: buffer))
            let collection: FeatureCollection
            do throws(JSONSyntaxError) {
                collection = try decoder.decodeCollection()
            } catch {
                return .failure(.syntax(error, TextLocation(offset: error.offset, in: buffer)))
            }
            let problems = decoder.problems.map { problem in
                GeoJSONProblem(
                    location: TextLocation(offset: problem.offset, in: buffer), message: problem.message, featureID: problem.featureID,
                    defect: problem.defect)
            }
            guard decoder.problems.allSatisfy(\.leavesOutOneFeature) else { return .failure(.structure(problems)) }
            return .success((collection, problems))
        }
        return try result.get()
    }

    public static func read(_ bytes: [UInt8]) throws(GeoJSONReadFailure) -> FeatureCollection {
        let result: Result<FeatureCollection, GeoJSONReadFailure> = bytes.withUnsafeBufferPointer { buffer in
            do throws(GeoJSONReadFailure) {
                return .success(try read(buffer))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// Reads a document that is one GeoJSON geometry object (a draft's geometry from the GDAL
    /// helper) on the typed path features' geometries take, without a generic value first; nil
    /// when it is none or anything follows it.
    public static func readGeometry(_ bytes: [UInt8]) -> GeoJSONGeometry? {
        bytes.withUnsafeBufferPointer { buffer in
            var decoder = CollectionDecoder(reader: JSONReader(bytes: buffer))
            decoder.reader.skipWhitespace()
            guard case .geometry(let geometry)? = try? decoder.decodeGeometryMember() else { return nil }
            decoder.reader.skipWhitespace()
            return decoder.reader.current == nil ? geometry : nil
        }
    }

    /// Reads a whole JSON document (manifest.json) into a generic value.
    public static func readJSON(_ bytes: [UInt8]) throws(GeoJSONReadFailure) -> JSONValue {
        let result: Result<JSONValue, GeoJSONReadFailure> = bytes.withUnsafeBufferPointer { buffer in
            do throws(JSONSyntaxError) {
                return .success(try JSONReader.parseDocument(buffer))
            } catch {
                return .failure(.syntax(error, TextLocation(offset: error.offset, in: buffer)))
            }
        }
        return try result.get()
    }
}

/// A large file's features read in two halves at once (`ArchiveReader` runs them as two jobs):
/// the first half from the file's start up to a place where a feature seems to start, past the
/// middle, and the second from there to the end of the features array. Whether the guess was
/// right is known only when the first half gets there: a brace in a string can look the same.
/// The halves are joined only when the first landed exactly there, the second read to the array's
/// end without a problem, and nothing follows the array but the collection's closing brace;
/// otherwise the file is read again from its start, so what is read is what one reading gives.
public struct FeatureSplit: Sendable, Equatable {
    /// Where the second half's first feature starts.
    public var start: Int
    /// The offset of the `]` that closes the features array (the file's last one).
    public var arrayEnd: Int

    /// Files smaller than this are read in one piece.
    public static let smallest = 2 << 20

    /// Where to cut `bytes`, or nil: a small file, one that does not end with its features
    /// array (`] }`), or no place past the middle that looks like the start of a feature (a `{`
    /// and a key after a `}` and a comma) before the array's end.
    public static func plan(_ bytes: [UInt8]) -> FeatureSplit? {
        guard bytes.count >= smallest else { return nil }
        return bytes.withUnsafeBufferPointer { bytes -> FeatureSplit? in
            let isSpace = JSONReader.isWhitespace
            var end = bytes.count - 1
            while end > 0, isSpace(bytes[end]) { end -= 1 }
            guard bytes[end] == UInt8(ascii: "}") else { return nil }
            end -= 1
            while end > 0, isSpace(bytes[end]) { end -= 1 }
            guard bytes[end] == UInt8(ascii: "]") else { return nil }
            // An object's start: `{`, then a key and its colon (`{"type":`), which the same
            // bytes inside a string rarely are.
            func opensWithAKey(_ brace: Int) -> Bool {
                var index = brace + 1
                while index < end, isSpace(bytes[index]) { index += 1 }
                guard index < end, bytes[index] == UInt8(ascii: "\"") else { return false }
                index += 1
                let keyEnd = Swift.min(end, index + 64)
                while index < keyEnd, bytes[index] != UInt8(ascii: "\""), bytes[index] != UInt8(ascii: "\\") { index += 1 }
                guard index < keyEnd, bytes[index] == UInt8(ascii: "\"") else { return false }
                index += 1
                while index < end, isSpace(bytes[index]) { index += 1 }
                return index < end && bytes[index] == UInt8(ascii: ":")
            }
            var index = bytes.count / 2
            let limit = Swift.min(end, index + (1 << 20))
            while index < limit {
                if bytes[index] == UInt8(ascii: ",") {
                    var before = index - 1
                    while before > 0, isSpace(bytes[before]) { before -= 1 }
                    var after = index + 1
                    while after < end, isSpace(bytes[after]) { after += 1 }
                    if bytes[before] == UInt8(ascii: "}"), after < end, bytes[after] == UInt8(ascii: "{"), opensWithAKey(after) {
                        return FeatureSplit(start: after, arrayEnd: end)
                    }
                }
                index += 1
            }
            return nil
        }
    }
}

extension GeoJSONReader {
    /// The first half of a split file: the collection read as `read` reads it, but with its
    /// features only up to `split.start` when a feature starts exactly there (`landed`); when
    /// none does, all of them.
    public static func readFirstHalf(_ bytes: [UInt8], _ split: FeatureSplit) throws(GeoJSONReadFailure) -> (
        collection: FeatureCollection, landed: Bool
    ) {
        let result: Result<(FeatureCollection, Bool), GeoJSONReadFailure> = bytes.withUnsafeBufferPointer { buffer in
            var decoder = CollectionDecoder(reader: JSONReader(bytes: buffer))
            decoder.split = split
            do throws(GeoJSONReadFailure) {
                let collection = try read(buffer, with: &decoder)
                return .success((collection, decoder.landed))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// The second half of a split file: its features from `split.start` to the end of the
    /// array, with their lines in the file; nil if it cannot be read so (any problem, a syntax
    /// error, an array that ends elsewhere).
    public static func readSecondHalf(_ bytes: [UInt8], _ split: FeatureSplit) -> [Feature]? {
        bytes.withUnsafeBufferPointer { buffer -> [Feature]? in
            var decoder = CollectionDecoder(reader: JSONReader(bytes: buffer))
            decoder.reader.position = split.start
            guard let rest = decoder.decodeRest(), rest.end == split.arrayEnd + 1 else { return nil }
            return rest.features
        }
    }
}

public enum GeoJSONReadFailure: Error, Sendable, Equatable {
    /// The file is not valid JSON.
    case syntax(JSONSyntaxError, TextLocation)
    /// Valid JSON that is not a usable FeatureCollection.
    case structure([GeoJSONProblem])

    /// Every problem as `location: message` lines (without the file name).
    public var problems: [GeoJSONProblem] {
        switch self {
        case .syntax(let error, let location): [GeoJSONProblem(location: location, message: error.message, featureID: nil)]
        case .structure(let problems): problems
        }
    }
}

private struct CollectionDecoder {
    struct Problem {
        var offset: Int
        var message: String
        var featureID: String?
        var defect: StructuralDefect?
        /// A defect of one feature, which is left out; the rest of the file reads.
        var leavesOutOneFeature = false
    }

    var reader: JSONReader
    var problems: [Problem] = []
    /// Where a first half stops (`FeatureSplit`), and whether it did.
    var split: FeatureSplit?
    var landed = false
    // Line counting is incremental: each feature's start line is found by counting newlines since
    // the previous feature, so the whole file is scanned once.
    private var countedUpTo = 0
    private var linesSoFar = 1

    init(reader: JSONReader) { self.reader = reader }

    mutating func lineAt(_ offset: Int) -> Int {
        var index = countedUpTo
        var lines = linesSoFar
        // Sixteen bytes at a time: the line feeds of a block counted by comparing all its bytes
        // at once (a lane of the mask is -1 where there is one), the counts summed in lanes
        // for up to 255 blocks before they are added up.
        if let base = reader.bytes.baseAddress {
            let raw = UnsafeRawPointer(base)
            let lineFeed = SIMD16<UInt8>(repeating: 0x0A)
            while index + 16 <= offset {
                var counts = SIMD16<UInt8>(repeating: 0)
                var blocks = 0
                while blocks < 255 && index + 16 <= offset {
                    let block = raw.loadUnaligned(fromByteOffset: index, as: SIMD16<UInt8>.self)
                    counts &-= unsafeBitCast(block .== lineFeed, to: SIMD16<UInt8>.self)
                    index += 16
                    blocks += 1
                }
                lines += Int(SIMD16<UInt16>(truncatingIfNeeded: counts).wrappedSum())
            }
        }
        while index < offset {
            if reader.bytes[index] == UInt8(ascii: "\n") { lines += 1 }
            index += 1
        }
        countedUpTo = offset
        linesSoFar = lines
        return lines
    }

    mutating func decodeCollection() throws(JSONSyntaxError) -> FeatureCollection {
        reader.skipWhitespace()
        guard reader.current == UInt8(ascii: "{") else {
            let start = reader.position
            let value = try reader.parseValue(depth: 0)
            try reader.expectEnd()
            problems.append(
                Problem(
                    offset: start, message: "not a FeatureCollection: the file holds \(value.kindName), not an object",
                    defect: .notAFeatureCollection))
            return FeatureCollection(fileName: "")
        }
        let objectStart = reader.position
        reader.position += 1
        reader.skipWhitespace()
        var typeValue: JSONValue?
        var features: [Feature]?
        var foreign = JSONObject()
        var repeats = RepeatedKeys()
        if reader.current == UInt8(ascii: "}") {
            reader.position += 1
        } else {
            while true {
                let keyOffset = reader.position
                let key = try reader.parseKey()
                switch key {
                case "type" where typeValue == nil:
                    typeValue = try reader.parseValue(depth: 1)
                case "features" where features == nil:
                    if reader.current == UInt8(ascii: "[") {
                        features = try decodeFeatures()
                    } else {
                        let value = try reader.parseValue(depth: 1)
                        problems.append(Problem(offset: keyOffset, message: "\"features\" must be an array, found \(value.kindName)"))
                        features = []
                    }
                case "type", "features":
                    problems.append(Problem(offset: keyOffset, message: "duplicate member \"\(key)\" in the FeatureCollection"))
                    _ = try reader.parseValue(depth: 1)
                default:
                    if repeats.isRepeat(key, in: foreign) {
                        problems.append(Problem(offset: keyOffset, message: "duplicate member \"\(key)\" in the FeatureCollection"))
                    }
                    foreign.append(key: key, value: try reader.parseValue(depth: 1))
                }
                try reader.afterElement(closing: UInt8(ascii: "}"), container: "an object")
                if reader.bytes[reader.position - 1] == UInt8(ascii: "}") { break }
            }
        }
        try reader.expectEnd()
        if typeValue?.stringValue != "FeatureCollection" {
            let found = typeValue.map { $0.stringValue.map { "\"\($0)\"" } ?? $0.kindName } ?? "no \"type\" member"
            problems.append(
                Problem(
                    offset: objectStart, message: "not a FeatureCollection: \"type\" is \(found), expected \"FeatureCollection\"",
                    defect: .notAFeatureCollection))
        } else if features == nil {
            problems.append(
                Problem(
                    offset: objectStart, message: "not a FeatureCollection: it has no \"features\" array", defect: .notAFeatureCollection))
        }
        return FeatureCollection(fileName: "", foreignMembers: foreign, features: features ?? [])
    }

    mutating func decodeFeatures() throws(JSONSyntaxError) -> [Feature] {
        reader.position += 1  // [
        reader.skipWhitespace()
        var features: [Feature] = []
        if reader.current == UInt8(ascii: "]") {
            reader.position += 1
            return features
        }
        var number = 0
        while true {
            number += 1
            let start = reader.position
            if let split, start == split.start {
                // A first half ends here; the second half holds the rest of the array.
                landed = true
                reader.position = split.arrayEnd + 1
                return features
            }
            if reader.current == UInt8(ascii: "{") {
                if let feature = try decodeFeature(number: number) { features.append(feature) }
            } else {
                let value = try reader.parseValue(depth: 2)
                problems.append(
                    Problem(offset: start, message: "feature \(number) is \(value.kindName), not an object", leavesOutOneFeature: true))
            }
            try reader.afterElement(closing: UInt8(ascii: "]"), container: "the features array")
            if reader.bytes[reader.position - 1] == UInt8(ascii: "]") { return features }
        }
    }

    /// The features from the one starting here to the end of the array, and the offset after
    /// its `]` (lines are counted from the file's start, a millisecond a megabyte); nil on any
    /// problem or syntax error, which a reading from the file's start reports.
    mutating func decodeRest() -> (features: [Feature], end: Int)? {
        var features: [Feature] = []
        var number = 0
        do throws(JSONSyntaxError) {
            while true {
                guard reader.current == UInt8(ascii: "{") else { return nil }
                number += 1
                if let feature = try decodeFeature(number: number) { features.append(feature) }
                guard problems.isEmpty else { return nil }
                try reader.afterElement(closing: UInt8(ascii: "]"), container: "the features array")
                if reader.bytes[reader.position - 1] == UInt8(ascii: "]") { return (features, reader.position) }
            }
        } catch {
            return nil
        }
    }

    mutating func decodeFeature(number: Int) throws(JSONSyntaxError) -> Feature? {
        let start = reader.position
        let line = lineAt(start)
        reader.position += 1  // {
        reader.skipWhitespace()
        var typeMember: JSONValue?
        var idValue: JSONValue?
        var featureTypeValue: JSONValue?
        var geometry = Feature.GeometryMember.absent
        var sawGeometry = false
        var properties = JSONObject()
        var propertiesForm = Feature.PropertiesForm.absent
        var foreign = JSONObject()
        var repeats = RepeatedKeys()
        var localProblems: [Problem] = []
        if reader.current == UInt8(ascii: "}") {
            reader.position += 1
        } else {
            while true {
                let keyOffset = reader.position
                let key = try reader.parseKey()
                let repeated: Bool
                switch key {
                case "type":
                    repeated = typeMember != nil
                    typeMember = try reader.parseValue(depth: 3)
                case "id":
                    repeated = idValue != nil
                    idValue = try reader.parseValue(depth: 3)
                case "feature_type":
                    repeated = featureTypeValue != nil
                    featureTypeValue = try reader.parseValue(depth: 3)
                case "geometry":
                    repeated = sawGeometry
                    sawGeometry = true
                    geometry = try decodeGeometryMember()
                case "properties":
                    repeated = propertiesForm != .absent
                    if reader.current == UInt8(ascii: "{") {
                        properties = try reader.parseObject(depth: 3)
                        propertiesForm = .object
                    } else {
                        let value = try reader.parseValue(depth: 3)
                        if value.isNull {
                            propertiesForm = .null
                        } else {
                            localProblems.append(
                                Problem(offset: keyOffset, message: "\"properties\" must be an object or null, found \(value.kindName)"))
                        }
                    }
                default:
                    repeated = repeats.isRepeat(key, in: foreign)
                    foreign.append(key: key, value: try reader.parseValue(depth: 3))
                }
                if repeated {
                    localProblems.append(Problem(offset: keyOffset, message: "duplicate member \"\(key)\" in a feature"))
                }
                try reader.afterElement(closing: UInt8(ascii: "}"), container: "a feature")
                if reader.bytes[reader.position - 1] == UInt8(ascii: "}") { break }
            }
        }
        let id = idValue?.stringValue
        let featureType = featureTypeValue?.stringValue
        if idValue == nil {
            localProblems.append(Problem(offset: start, message: "feature \(number) has no \"id\"", defect: .missingID))
        } else if id == nil {
            localProblems.append(
                Problem(
                    offset: start, message: "feature \(number): \"id\" must be a string, found \(idValue!.kindName)", defect: .idNotAString)
            )
        }
        if featureTypeValue == nil {
            localProblems.append(Problem(offset: start, message: "feature \(number) has no \"feature_type\"", defect: .missingFeatureType))
        } else if featureType == nil {
            localProblems.append(
                Problem(
                    offset: start, message: "feature \(number): \"feature_type\" must be a string, found \(featureTypeValue!.kindName)",
                    defect: .featureTypeNotAString))
        }
        guard localProblems.isEmpty, let id, let featureType else {
            problems.append(
                contentsOf: localProblems.map {
                    Problem(offset: $0.offset, message: $0.message, featureID: id, defect: $0.defect, leavesOutOneFeature: true)
                })
            return nil
        }
        return Feature(
            id: id, featureType: featureType, geometryMember: geometry, properties: properties,
            propertiesForm: propertiesForm, typeMember: typeMember, foreignMembers: foreign, sourceLine: line)
    }

    // MARK: - Geometry

    mutating func decodeGeometryMember() throws(JSONSyntaxError) -> Feature.GeometryMember {
        let start = reader.position
        if reader.current == UInt8(ascii: "{"), let typed = decodeTypedGeometry() {
            return .geometry(typed)
        }
        reader.position = start
        let value = try reader.parseValue(depth: 3)
        if value.isNull { return .null }
        if let geometry = GeoJSONGeometry(json: value) { return .geometry(geometry) }
        return .malformed(value)
    }

    /// The fast path: `{"type": T, "coordinates": [...], ...}`. Nil (cursor anywhere) when the
    /// object has another shape or a syntax error; the caller then re-reads it generically.
    mutating func decodeTypedGeometry() -> GeoJSONGeometry? {
        reader.position += 1  // {
        reader.skipWhitespace()
        guard reader.current == UInt8(ascii: "\""), let typeKey = try? reader.parseKey(), typeKey == "type",
            reader.current == UInt8(ascii: "\""), let typeName = try? reader.parseString(),
            let nesting = Geometry.nesting(ofType: typeName)
        else { return nil }
        reader.skipWhitespace()
        guard reader.current == UInt8(ascii: ",") else { return nil }
        reader.position += 1
        reader.skipWhitespace()
        guard reader.current == UInt8(ascii: "\""), let coordinatesKey = try? reader.parseKey(),
            coordinatesKey == "coordinates"
        else { return nil }
        let coordinatesStart = reader.position
        let geometry: Geometry
        switch nesting {
        case 0:
            guard let position = decodePosition() else { return nil }
            geometry = .point(position)
        case 1:
            guard let line = decodeLine() else { return nil }
            geometry = typeName == "LineString" ? .lineString(line) : .multiPoint(line)
        case 2:
            guard let lines = decodeLines() else { return nil }
            geometry = typeName == "Polygon" ? .polygon(lines) : .multiLineString(lines)
        default:
            guard let polygons = decodeArray({ decoder in decoder.decodeLines() }) else { return nil }
            geometry = .multiPolygon(polygons)
        }
        // The coordinates' text as written; the writer takes the numbers' digits from it.
        let numberText = Array(UnsafeBufferPointer(rebasing: reader.bytes[coordinatesStart..<reader.position]))
        var foreign = JSONObject()
        var repeats = RepeatedKeys()
        while true {
            guard let closed = endOfElement(closing: UInt8(ascii: "}")) else { return nil }
            if closed { break }
            guard reader.current == UInt8(ascii: "\""), let key = try? reader.parseKey(),
                !["type", "coordinates", "geometries"].contains(key), !repeats.isRepeat(key, in: foreign),
                let value = try? reader.parseValue(depth: 4)
            else { return nil }
            foreign.append(key: key, value: value)
        }
        return GeoJSONGeometry(geometry, foreignMembers: foreign, numberText: numberText)
    }

    /// After an element: true when the container closed, false after a comma, nil on anything else.
    @inline(__always)
    mutating func endOfElement(closing: UInt8) -> Bool? {
        reader.skipWhitespace()
        guard let byte = reader.current else { return nil }
        reader.position += 1
        if byte == closing { return true }
        guard byte == UInt8(ascii: ",") else { return nil }
        reader.skipWhitespace()
        return false
    }

    @inline(__always)
    mutating func decodeNumber() -> Double? {
        let start = reader.position
        let end = NumberParsing.lexemeEnd(in: reader.bytes, from: start)
        guard end > start else { return nil }
        reader.position = end
        return NumberParsing.double(fromValidLexeme: UnsafeBufferPointer(rebasing: reader.bytes[start..<end]))
    }

    mutating func decodePosition() -> Position? {
        guard reader.current == UInt8(ascii: "[") else { return nil }
        reader.position += 1
        reader.skipWhitespace()
        guard let x = decodeNumber(), endOfElement(closing: UInt8(ascii: "]")) == false,
            let y = decodeNumber(), let closed = endOfElement(closing: UInt8(ascii: "]"))
        else { return nil }
        if closed { return Position(x: x, y: y) }
        guard let z = decodeNumber(), endOfElement(closing: UInt8(ascii: "]")) == true else { return nil }
        return Position(x: x, y: y, z: z)
    }

    /// `[element, element, ...]` (possibly empty), or nil when anything else is found.
    mutating func decodeArray<Element>(_ element: (inout CollectionDecoder) -> Element?) -> [Element]? {
        guard reader.current == UInt8(ascii: "[") else { return nil }
        reader.position += 1
        reader.skipWhitespace()
        var elements: [Element] = []
        if reader.current == UInt8(ascii: "]") {
            reader.position += 1
            return elements
        }
        while true {
            guard let value = element(&self) else { return nil }
            elements.append(value)
            guard let closed = endOfElement(closing: UInt8(ascii: "]")) else { return nil }
            if closed { return elements }
        }
    }

    mutating func decodeLine() -> [Position]? {
        decodeArray { decoder in decoder.decodePosition() }
    }

    mutating func decodeLines() -> [[Position]]? {
        decodeArray { decoder in decoder.decodeLine() }
    }
}
