// Syntax checks for the IMDF value types (REFERENCE.md section 3). Written as small scanners
// rather than regular expressions: they run once per property of every feature of a large venue.

import Foundation
import IMDF

enum Formats {
    private static func isHex(_ byte: UInt8) -> Bool {
        (byte >= 48 && byte <= 57) || (byte | 0x20 >= 97 && byte | 0x20 <= 102)
    }

    /// Calls `body` with the text's UTF-8 bytes, in place for the usual native string.
    @inline(__always)
    private static func withBytes<Result>(_ text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if let result = text.utf8.withContiguousStorageIfAvailable(body) { return result }
        return Array(text.utf8).withUnsafeBufferPointer(body)
    }

    /// 8-4-4-4-12 hexadecimal digits.
    static func isUUID(_ text: String) -> Bool {
        guard text.utf8.count == 36 else { return false }
        return withBytes(text) { isUUID($0) }
    }

    private static func isUUID(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count == 36 else { return false }
        for index in 0..<36 {
            if index == 8 || index == 13 || index == 18 || index == 23 {
                guard bytes[index] == UInt8(ascii: "-") else { return false }
            } else if !isHex(bytes[index]) {
                return false
            }
        }
        return true
    }

    /// RFC 4122 version 4: version nibble 4, variant 10xx.
    static func isVersion4UUID(_ text: String) -> Bool {
        guard text.utf8.count == 36 else { return false }
        return withBytes(text) { bytes in
            guard isUUID(bytes) else { return false }
            let variant = bytes[19] | 0x20
            return bytes[14] == UInt8(ascii: "4")
                && (variant == UInt8(ascii: "8") || variant == UInt8(ascii: "9") || variant == UInt8(ascii: "a")
                    || variant == UInt8(ascii: "b"))
        }
    }

    /// An RFC 5646 language tag in its common shapes: language (2-3 letters, or 4-8 registered),
    /// then optional script (4 letters), region (2 letters or 3 digits) and variants/extensions.
    static func isLanguageTag(_ text: String) -> Bool {
        // Text of ASCII (every tag seen) is judged byte by byte, each byte one character.
        if let judged = withBytes(
            text,
            { bytes -> Bool? in
                guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
                func isLetter(_ byte: UInt8) -> Bool { byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z") }
                func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
                var partStart = 0
                var first = true
                for index in 0...bytes.count {
                    guard index == bytes.count || bytes[index] == UInt8(ascii: "-") else { continue }
                    let part = UnsafeBufferPointer(rebasing: bytes[partStart..<index])
                    if first {
                        guard (2...8).contains(part.count), part.allSatisfy(isLetter) else { return false }
                        first = false
                    } else {
                        guard (1...8).contains(part.count), part.allSatisfy({ isLetter($0) || isDigit($0) }) else { return false }
                    }
                    partStart = index + 1
                }
                return true
            })
        {
            return judged
        }
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard let first = parts.first, (2...8).contains(first.count), first.allSatisfy({ $0.isASCII && $0.isLetter }) else {
            return false
        }
        for part in parts.dropFirst() {
            guard (1...8).contains(part.count), part.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else { return false }
        }
        return true
    }

    /// E.164: `+` then up to 15 digits, the first not 0.
    static func isPhone(_ text: String) -> Bool {
        withBytes(text) { bytes in
            guard bytes.count >= 3, bytes.count <= 16, bytes[0] == UInt8(ascii: "+"), bytes[1] != UInt8(ascii: "0") else { return false }
            return bytes.dropFirst().allSatisfy { $0 >= 48 && $0 <= 57 }
        }
    }

    /// The E.164 number a phone written for people stands for: `+`, then its digits with the
    /// spaces, dashes, dots, slashes and brackets between them left out (`+353 1 704-7783` is
    /// `+35317047783`). Nil when it does not start with `+` - a national number's country is not
    /// known - or what is left is no E.164 number.
    static func e164(written text: String) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard trimmed.hasPrefix("+") else { return nil }
        let separators: Set<Character> = [" ", "\u{A0}", "-", ".", "/", "(", ")"]
        let number = "+" + trimmed.dropFirst().filter { !separators.contains($0) }
        return isPhone(number) && number != text ? number : nil
    }

    static func isWebsite(_ text: String) -> Bool {
        // Text of ASCII: the same test on bytes (a byte is a character, and lower-casing only
        // changes A-Z).
        if let judged = withBytes(
            text,
            { bytes -> Bool? in
                guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
                func hasPrefix(_ prefix: StaticString) -> Bool {
                    prefix.utf8CodeUnitCount <= bytes.count
                        && (0..<prefix.utf8CodeUnitCount).allSatisfy {
                            bytes[$0] | (bytes[$0] >= 65 && bytes[$0] <= 90 ? 0x20 : 0) == prefix.utf8Start[$0]
                        }
                }
                guard hasPrefix("http://") || hasPrefix("https://") else { return false }
                guard let slash = bytes.firstIndex(of: UInt8(ascii: "/")) else { return false }
                return bytes.count > slash + 2 && !bytes.contains(UInt8(ascii: " "))
            })
        {
            return judged
        }
        let lower = text.lowercased()
        guard lower.hasPrefix("http://") || lower.hasPrefix("https://") else { return false }
        let rest = lower.drop(while: { $0 != "/" }).dropFirst(2)
        return !rest.isEmpty && !text.contains(" ")
    }

    /// Whether trimming `text` of white space (and, with `newlines`, of line breaks) leaves
    /// nothing: Foundation's trimming, which is slow, is asked only when the text does not start
    /// with a printable ASCII character (that is never white space).
    static func isBlank(_ text: String, newlines: Bool) -> Bool {
        if let first = text.utf8.first, first >= 0x21, first < 0x7F { return false }
        return text.trimmingCharacters(in: newlines ? .whitespacesAndNewlines : .whitespaces).isEmpty
    }

    /// ISO 3166-1 alpha-2: one of the assigned codes (ISO3166.countries).
    static func isCountryCode(_ text: String) -> Bool {
        text.utf8.count == 2 && ISO3166.countries.contains(Substring(text))
    }

    /// ISO 3166-2: one of the assigned subdivision codes (`US-CA`, ISO3166.subdivisions).
    static func isSubdivisionCode(_ text: String) -> Bool {
        ISO3166.subdivisions.contains(Substring(text))
    }

    enum DateTimeForm {
        case withOffset
        case withoutOffset
        case invalid
    }

    /// IMDF DATE-TIME: `yyyy-MM-ddTHH:mm:ss` with optional fraction, and an offset (`Z` or `±hh:mm`).
    static func dateTimeForm(_ text: String) -> DateTimeForm {
        withBytes(text) { dateTimeForm($0) }
    }

    private static func dateTimeForm(_ bytes: UnsafeBufferPointer<UInt8>) -> DateTimeForm {
        func digits(_ range: Range<Int>) -> Bool {
            range.upperBound <= bytes.count && bytes[range].allSatisfy { $0 >= 48 && $0 <= 57 }
        }
        guard bytes.count >= 19, digits(0..<4), bytes[4] == UInt8(ascii: "-"), digits(5..<7), bytes[7] == UInt8(ascii: "-"),
            digits(8..<10), bytes[10] == UInt8(ascii: "T"), digits(11..<13), bytes[13] == UInt8(ascii: ":"),
            digits(14..<16), bytes[16] == UInt8(ascii: ":"), digits(17..<19)
        else { return .invalid }
        var index = 19
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            let start = index
            while index < bytes.count, bytes[index] >= 48, bytes[index] <= 57 { index += 1 }
            if index == start { return .invalid }
        }
        if index == bytes.count { return .withoutOffset }
        if bytes[index] == UInt8(ascii: "Z"), index + 1 == bytes.count { return .withOffset }
        if bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-"), bytes.count == index + 6,
            digits(index + 1..<index + 3), bytes[index + 3] == UInt8(ascii: ":"), digits(index + 4..<index + 6)
        {
            return .withOffset
        }
        return .invalid
    }
}
