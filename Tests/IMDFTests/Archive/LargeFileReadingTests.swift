import Foundation
import Testing

@testable import IMDF

/// A large feature file is read in two halves at once; what is read must be what one reading
/// from its start gives: the same features in the same order, on the lines they are on, and the
/// same problems and syntax errors, wherever the second half's guessed start falls.
@Suite("Large files read in two halves")
struct LargeFileReadingTests {
    static let count = 9_000

    /// A collection of units, one per line (or all on one), each name holding what looks like
    /// the boundary between two features (`},{`); `tweak` changes a feature's text.
    static func text(oneLine: Bool = false, after: String = "", tweak: (Int, String) -> String = { $1 }) -> String {
        let features = (0..<count).map { index in
            tweak(
                index,
                #"{"type": "Feature", "id": "u\#(index)", "feature_type": "unit", "geometry": {"type": "Polygon", "coordinates": [[[0, 0], [1, 0], [1, 1], [0, 0]]]}, "properties": {"category": "room", "name": {"en": "Room \#(index) },{ \"x\": }, {"}, "level_id": "L"}}"#
            )
        }
        let separator = oneLine ? "," : ",\n"
        return #"{"type": "FeatureCollection", "name": "unit", "features": ["# + (oneLine ? "" : "\n")
            + features.joined(separator: separator)
            + (oneLine ? "" : "\n") + "]" + after + "}\n"
    }

    /// An archive of the manifest and `unit` as unit.geojson.
    static func archive(_ unit: String) throws -> (TemporaryFolder, String) {
        let folder = TemporaryFolder()
        try Data(#"{"version": "1.0.0", "created": "2024-01-01T00:00:00Z", "language": "en"}"#.utf8).write(
            to: URL(fileURLWithPath: folder.file("manifest.json")))
        try Data(unit.utf8).write(to: URL(fileURLWithPath: folder.file("unit.geojson")))
        return (folder, folder.path)
    }

    static func whole(_ text: String) throws -> FeatureCollection { try GeoJSONReader.read(Array(text.utf8)) }

    @Test(arguments: [false, true])
    func theHalvesJoinToWhatOneReadingGives(oneLine: Bool) throws {
        let text = Self.text(oneLine: oneLine)
        let bytes = Array(text.utf8)
        let split = try #require(FeatureSplit.plan(bytes))
        let first = try GeoJSONReader.readFirstHalf(bytes, split)
        #expect(first.landed)
        let second = try #require(GeoJSONReader.readSecondHalf(bytes, split))
        #expect(!first.collection.features.isEmpty && !second.isEmpty)
        let joined = first.collection.features + second
        let whole = try Self.whole(text)
        #expect(joined == whole.features)
        #expect(joined.map(\.sourceLine) == whole.features.map(\.sourceLine))
        #expect(joined.map(\.sourceLine) == (0..<Self.count).map { oneLine ? 1 : $0 + 2 })
        #expect(first.collection.foreignMembers == whole.foreignMembers)
        let (folder, path) = try Self.archive(text)
        defer { _ = folder }
        let load = try ArchiveReader.read(path)
        let read = try #require(load.archive.collections[.unit])
        #expect(read.features == whole.features && read.features.map(\.sourceLine) == whole.features.map(\.sourceLine))
        #expect(read.foreignMembers == whole.foreignMembers && read.fileName == "unit.geojson")
        #expect(load.diagnostics.isEmpty)
    }

    /// The guessed start is an object inside a feature (`[{"a": 1}, {"b": 2}]`), not a feature:
    /// the first half never finds a feature starting there and reads every feature itself.
    @Test func aGuessInsideAFeatureIsThrownAway() throws {
        let middle = Self.count / 2
        let objects = (0..<60).map { #"{"k\#($0)": 1}"# }.joined(separator: ", ")
        let text = Self.text(oneLine: true) { index, feature in
            abs(index - middle) <= 300
                ? feature.replacingOccurrences(of: #""level_id": "L""#, with: #""level_id": "L", "parts": [\#(objects)]"#) : feature
        }
        let bytes = Array(text.utf8)
        let split = try #require(FeatureSplit.plan(bytes))
        #expect(Array(bytes[split.start..<split.start + 3]) == Array(#"{"k"#.utf8), "the guess is inside a feature")
        #expect(try GeoJSONReader.readFirstHalf(bytes, split).landed == false)
        let (folder, path) = try Self.archive(text)
        defer { _ = folder }
        #expect(try ArchiveReader.read(path).archive.collections[.unit]?.features == Self.whole(text).features)
    }

    /// Members after the features array: the file is not cut, and reads whole.
    @Test func membersAfterTheFeaturesKeepTheFileWhole() throws {
        let text = Self.text(after: #", "crs": {"type": "name"}"#)
        #expect(FeatureSplit.plan(Array(text.utf8)) == nil)
        let (folder, path) = try Self.archive(text)
        defer { _ = folder }
        let read = try #require(try ArchiveReader.read(path).archive.collections[.unit])
        #expect(read.features.count == Self.count && read.foreignMembers["crs"] != nil)
    }

    /// A feature without an id in the second half is reported with its number and line, as a
    /// reading from the start reports it, and left out when broken features are skipped.
    @Test func problemsInTheSecondHalfKeepTheirNumbersAndLines() throws {
        let broken = Self.count * 3 / 4
        let text = Self.text { index, feature in
            index == broken ? feature.replacingOccurrences(of: #""id": "u\#(index)", "#, with: "") : feature
        }
        let (folder, path) = try Self.archive(text)
        defer { _ = folder }
        let load = try ArchiveReader.read(path)
        #expect(!load.isComplete)
        #expect(load.diagnostics.map(\.message) == ["feature \(broken + 1) has no \"id\""])
        #expect(load.diagnostics.map { $0.location?.line } == [broken + 2])
        let skipping = try ArchiveReader.read(path, skippingBrokenFeatures: true)
        #expect(skipping.archive.collections[.unit]?.features.count == Self.count - 1)
        #expect(skipping.diagnostics.map { $0.location?.line } == [broken + 2])
    }

    /// A syntax error in the second half is reported where it is.
    @Test func aSyntaxErrorInTheSecondHalfIsReportedWhereItIs() throws {
        let broken = Self.count * 3 / 4
        let text = Self.text { index, feature in
            index == broken ? feature.replacingOccurrences(of: #""level_id": "L""#, with: #""level_id": L"#) : feature
        }
        let (folder, path) = try Self.archive(text)
        defer { _ = folder }
        let load = try ArchiveReader.read(path)
        #expect(!load.isComplete)
        #expect(load.diagnostics.map { $0.location?.line } == [broken + 2], "\(load.diagnostics)")
    }
}
