import Testing

@testable import Render

/// Strings written into a JSON report: each byte that needs an escape is escaped wherever it
/// stands, also where the writer reads eight bytes at a time.
@Suite("JSON strings of a report")
struct JSONStringTests {
    /// The escaping, a byte at a time, as the writer did it before it read words.
    static func reference(_ text: String) -> String {
        var writer = ReportWriter()
        writer.append(byte: 0x22)
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x22: writer.append("\\\"" as StaticString)
            case 0x5C: writer.append("\\\\" as StaticString)
            case 0x08: writer.append("\\b" as StaticString)
            case 0x09: writer.append("\\t" as StaticString)
            case 0x0A: writer.append("\\n" as StaticString)
            case 0x0C: writer.append("\\f" as StaticString)
            case 0x0D: writer.append("\\r" as StaticString)
            case 0x00..<0x20, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069, 0xFDD0:
                writer.append(
                    "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count) + String(scalar.value, radix: 16))
            default: writer.append(String(scalar))
            }
        }
        writer.append(byte: 0x22)
        return writer.text
    }

    @Test func eachEscapedCharacterIsEscapedAtEveryPlaceInAWord() {
        let specials = [
            "\"", "\\", "\n", "\t", "\u{0}", "\u{1F}", "\u{7F}", "\u{85}", "\u{202E}", String(Unicode.Scalar(0xFDD0)!), "é", "雪", "🚪",
        ]
        for special in specials {
            for place in 0..<20 {
                let text = String(repeating: "a", count: place) + special + String(repeating: "b", count: 19 - place)
                var writer = ReportWriter()
                writer.appendJSONString(text)
                #expect(writer.text == Self.reference(text), "\(special.unicodeScalars.map(\.value)) at \(place)")
            }
        }
    }

    @Test func wordsOfPrintableASCIIAreKeptAndOthersAreNot() {
        func word(_ text: String) -> UInt64 {
            precondition(text.utf8.count == 8)
            return text.utf8.reversed().reduce(0) { $0 << 8 | UInt64($1) }
        }
        #expect(ReportWriter.needsNoJSONEscape(word("set 84d0")))
        #expect(ReportWriter.needsNoJSONEscape(word(" ~!#$%&'")))
        for bad in ["set \"84d", "set \\84d", "set\n84d0", "set\u{7F}84d0", "set\u{1}84d0", "abcdefg\u{0}"] {
            #expect(!ReportWriter.needsNoJSONEscape(word(bad)), "\(bad.unicodeScalars.map(\.value))")
        }
        #expect(!ReportWriter.needsNoJSONEscape(word("seté84d")))
    }
}
