import Testing

@testable import IMDF

@Suite("JSON reader")
struct JSONReaderTests {
    func parse(_ text: String) throws(GeoJSONReadFailure) -> JSONValue {
        try GeoJSONReader.readJSON(Array(text.utf8))
    }

    func failure(_ text: String) -> (location: TextLocation, message: String)? {
        do {
            _ = try parse(text)
            return nil
        } catch {
            guard case .syntax(let syntax, let location) = error else { return nil }
            return (location, syntax.message)
        }
    }

    @Test func objectsKeepKeyOrder() throws {
        let value = try parse(#"{"b": 1, "a": 2, "c": 3}"#)
        #expect(try #require(value.objectValue).keys == ["b", "a", "c"])
    }

    @Test func aRepeatedKeyIsAnErrorAtItsSecondOccurrence() throws {
        let found = try #require(failure("{\"b\": 1,\n \"a\": 2, \"b\": 3}"))
        #expect(found.location == TextLocation(line: 2, column: 10))
        #expect(found.message.hasPrefix("duplicate key \"b\" in an object"))
        // Large objects too (where a set, not a scan, finds the repeat).
        let many = (0..<1000).map { "\"k\($0)\": \($0)" }.joined(separator: ", ")
        #expect(failure("{\(many), \"k500\": 0}")?.message.hasPrefix("duplicate key \"k500\"") == true)
        #expect(failure("{\(many)}") == nil)
    }

    @Test func nestedObjectsAreReadWholeEachInExactlyItsRoom() throws {
        // Objects inside objects and arrays, one of 300 entries (more than the reader first
        // makes room for) with objects among them, read as written.
        let wide = (0..<300).map {
            $0 % 50 == 0 ? "\"k\($0)\": {\"en\": \"Room \($0)\", \"d\": {\"x\": [\($0), {}]}}" : "\"k\($0)\": \($0)"
        }
        let text =
            #"{"a": {"b": {"c": 1}, "d": [{"e": 2}, {"f": {"g": "h"}}]}, "wide": {"# + wide.joined(separator: ", ") + "}, \"z\": null}"
        let value = try parse(text)
        let object = try #require(value.objectValue)
        #expect(object.keys == ["a", "wide", "z"])
        #expect(object["a"]?.objectValue?["b"]?.objectValue?["c"] == .number(JSONNumber(1)))
        #expect(object["a"]?.objectValue?["d"]?.arrayValue?[1].objectValue?["f"]?.objectValue?["g"] == .string("h"))
        let read = try #require(object["wide"]?.objectValue)
        #expect(read.keys == (0..<300).map { "k\($0)" })
        #expect(read["k150"]?.objectValue?["en"] == .string("Room 150"))
        #expect(read["k150"]?.objectValue?["d"]?.objectValue?["x"]?.arrayValue?.count == 2)
        #expect(read["k151"] == .number(JSONNumber(151)))
        // Each object's entries take the room of their number, not of a guess.
        func checkRoom(_ value: JSONValue) {
            if let object = value.objectValue {
                #expect(object.entries.capacity - object.entries.count <= 1, "\(object.keys)")
                object.entries.forEach { checkRoom($0.value) }
            }
            value.arrayValue?.forEach(checkRoom)
        }
        checkRoom(value)
    }

    @Test func aRepeatedKeyDeepInsideIsLocatedAndTheReadingEnds() throws {
        let found = try #require(failure("{\"a\": 1, \"b\": [{\"c\": {\"d\": 1,\n\"d\": 2}}], \"e\": 3}"))
        #expect(found.location == TextLocation(line: 2, column: 1))
        #expect(found.message.hasPrefix("duplicate key \"d\""))
        // A syntax error inside a nested object, after the entries before it.
        #expect(failure("{\"a\": {\"b\": {\"c\": tru}}}")?.message.hasPrefix("invalid literal") == true)
    }

    @Test func aRepeatedCoordinatesMemberMakesTheFileUnreadable() throws {
        let text =
            #"{"type": "FeatureCollection", "features": [{"type": "Feature", "id": "a", "feature_type": "unit", "geometry": {"type": "Polygon", "coordinates": [], "coordinates": [[[0, 0], [1, 0], [1, 1], [0, 0]]]}, "properties": {}}]}"#
        #expect(throws: GeoJSONReadFailure.self) { _ = try GeoJSONReader.read(Array(text.utf8)) }
        let foreign =
            #"{"type": "FeatureCollection", "features": [{"type": "Feature", "id": "a", "feature_type": "unit", "geometry": null, "properties": {}, "x": 1, "x": 2}]}"#
        #expect(throws: GeoJSONReadFailure.self) { _ = try GeoJSONReader.read(Array(foreign.utf8)) }
    }

    @Test func numbersKeepTheirText() throws {
        let value = try parse("[1, 1.0, 60.007320574340639, -0.0, 1e-5, 12345678901234567890]")
        let texts = try #require(value.arrayValue).compactMap { $0.numberValue?.text }
        #expect(texts == ["1", "1.0", "60.007320574340639", "-0.0", "1e-5", "12345678901234567890"])
        #expect(JSONValue.number(JSONNumber(unchecked: "1")) != JSONValue.number(JSONNumber(unchecked: "1.0")))
    }

    @Test func stringsDecodeEscapesAndUnicode() throws {
        let value = try parse(#"["a\"b\\c\/d\n\t", "\u00e9\u4e2d", "\ud83d\ude00", "Этаж 1"]"#)
        #expect(value == ["a\"b\\c/d\n\t", "é中", "😀", "Этаж 1"])
    }

    @Test func trailingCommaInArrayIsLocatedAtTheBracket() throws {
        let result = try #require(failure("[\n  1,\n  2,\n]"))
        #expect(result.location == TextLocation(line: 4, column: 1))
        #expect(result.message == "trailing comma before ']'")
    }

    @Test func trailingCommaInObjectIsReported() throws {
        let result = try #require(failure(#"{"a": 1,}"#))
        #expect(result.location == TextLocation(line: 1, column: 9))
        #expect(result.message == "trailing comma before '}'")
    }

    @Test func columnsCountCharactersNotBytes() throws {
        let result = try #require(failure("[\"Этаж\" x]"))
        #expect(result.location == TextLocation(line: 1, column: 9))
    }

    @Test(arguments: [
        ("{\"a\" 1}", "expected ':' after an object key"),
        ("[01]", "invalid number"),
        ("[1.]", "invalid number"),
        ("\"abc", "unterminated string"),
        ("[\"a\\x\"]", "invalid escape"),
        ("[tru]", "invalid literal"),
        ("[1] 2", "after the end of the JSON document"),
        ("[\"\\ud800\"]", "lone high surrogate"),
        ("", "expected a value, found end of file"),
        ("[1 2]", "expected ',' or ']'"),
    ])
    func malformedInputIsRejectedWithAReason(input: String, reason: String) {
        let result = failure(input)
        #expect(result?.message.contains(reason) == true, "\(input): \(String(describing: result))")
    }

    @Test func invalidUTF8IsRejected() {
        let bytes: [UInt8] = Array("[\"a".utf8) + [0xC3, 0x28] + Array("\"]".utf8)
        #expect(throws: GeoJSONReadFailure.self) { try GeoJSONReader.readJSON(bytes) }
    }

    @Test func rawControlCharactersInStringsAreRejected() {
        #expect(failure("[\"a\u{01}b\"]")?.message.contains("control character") == true)
    }

    @Test func byteOrderMarkIsIgnored() throws {
        #expect(try GeoJSONReader.readJSON([0xEF, 0xBB, 0xBF] + Array("[true]".utf8)) == [true])
    }

    @Test func deepNestingIsRefusedNotCrashed() {
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        #expect(failure(deep)?.message.contains("nesting deeper") == true)
    }
}

@Suite("Number conversion")
struct NumberParsingTests {
    /// The hand-written fast path must agree with the standard library's correctly rounded parser.
    @Test func fastPathMatchesStandardLibrary() {
        var state: UInt64 = 0x1234_5678
        func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 11
        }
        for _ in 0..<50_000 {
            let digits = Int(next() % 19) + 1
            var mantissa = ""
            for _ in 0..<digits { mantissa.append(Character(String(next() % 10))) }
            let point = Int(next() % UInt64(digits + 1))
            var text = String(mantissa.prefix(point).isEmpty ? "0" : mantissa.prefix(point))
            if point < digits { text += "." + mantissa.dropFirst(point) }
            if next() % 4 == 0 { text += "e" + String(Int(next() % 40) - 20) }
            if next() % 2 == 0 { text = "-" + text }
            let fast = NumberParsing.double(fromValidLexeme: Array(text.utf8))
            #expect(fast == Double(text), "\(text)")
        }
    }

    @Test func shortestFormReadsBackExactly() {
        for value in [0.1, 1.0 / 3.0, 30.38105632993722, 60.007320574340639, 1e-7, 123_456_789.125, -8.55] {
            let text = JSONNumber(value)!.text
            #expect(Double(text) == value)
        }
        #expect(JSONNumber(3.0)?.text == "3")
        #expect(JSONNumber(Double.nan) == nil)
    }
}
