// JSON number lexing and conversion to Double.
//
// Written by hand because number conversion dominates GeoJSON parsing (coordinates are most of the
// bytes): Clinger's fast path converts any number with at most 15-16 significant digits and a small
// exponent exactly with one multiplication or division; the rest (17-digit coordinates from some
// exporters) go through the standard library's correctly rounded parser.

enum NumberParsing {
    /// The end of the JSON number starting at `start`, or `start` when no valid number starts there.
    /// Grammar (RFC 8259): `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`
    @inline(__always)
    static func lexemeEnd(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var index = start
        let count = bytes.count
        if index < count, bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < count else { return start }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else if isDigit(bytes[index]) {
            while index < count, isDigit(bytes[index]) { index += 1 }
        } else {
            return start
        }
        if index < count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard index < count, isDigit(bytes[index]) else { return start }
            while index < count, isDigit(bytes[index]) { index += 1 }
        }
        if index < count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard index < count, isDigit(bytes[index]) else { return start }
            while index < count, isDigit(bytes[index]) { index += 1 }
        }
        return index
    }

    @inline(__always)
    static func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }

    /// The next number in text that holds numbers between brackets, commas and white space
    /// (a coordinates array as written), starting the search at `offset`; empty at the end.
    @inline(__always)
    static func nextNumber(in text: UnsafeBufferPointer<UInt8>, from offset: Int) -> Range<Int> {
        var start = offset
        while start < text.count, !isDigit(text[start]), text[start] != UInt8(ascii: "-") { start += 1 }
        var end = start
        while end < text.count {
            let byte = text[end]
            guard
                isDigit(byte) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E")
                    || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
            else { break }
            end += 1
        }
        return start..<end
    }

    private static let exactPowersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    /// Converts a lexeme already known to be a valid JSON number.
    static func double(fromValidLexeme lexeme: UnsafeBufferPointer<UInt8>) -> Double {
        var index = 0
        var negative = false
        if lexeme[0] == UInt8(ascii: "-") {
            negative = true
            index = 1
        }
        var mantissa: UInt64 = 0
        var digits = 0
        var decimalExponent = 0
        let count = lexeme.count
        while index < count, isDigit(lexeme[index]) {
            if digits < 19 {
                mantissa = mantissa &* 10 &+ UInt64(lexeme[index] &- UInt8(ascii: "0"))
                if mantissa != 0 { digits += 1 }
            } else {
                decimalExponent += 1
                digits += 1
            }
            index += 1
        }
        if index < count, lexeme[index] == UInt8(ascii: ".") {
            index += 1
            while index < count, isDigit(lexeme[index]) {
                if digits < 19 {
                    mantissa = mantissa &* 10 &+ UInt64(lexeme[index] &- UInt8(ascii: "0"))
                    if mantissa != 0 { digits += 1 }
                    decimalExponent -= 1
                } else {
                    digits += 1
                }
                index += 1
            }
        }
        if index < count {  // exponent
            index += 1
            var exponentNegative = false
            if lexeme[index] == UInt8(ascii: "+") {
                index += 1
            } else if lexeme[index] == UInt8(ascii: "-") {
                exponentNegative = true
                index += 1
            }
            var exponent = 0
            while index < count {
                if exponent < 100_000 { exponent = exponent * 10 + Int(lexeme[index] &- UInt8(ascii: "0")) }
                index += 1
            }
            decimalExponent += exponentNegative ? -exponent : exponent
        }
        if digits <= 15 || (digits < 19 && mantissa <= (1 << 53)) {
            if mantissa == 0 { return negative ? -0.0 : 0.0 }
            if decimalExponent >= 0, decimalExponent <= 22 {
                let value = Double(mantissa) * exactPowersOfTen[decimalExponent]
                return negative ? -value : value
            }
            if decimalExponent < 0, decimalExponent >= -22 {
                let value = Double(mantissa) / exactPowersOfTen[-decimalExponent]
                return negative ? -value : value
            }
        }
        return slowDouble(lexeme)
    }

    static func double(fromValidLexeme lexeme: [UInt8]) -> Double {
        lexeme.withUnsafeBufferPointer { double(fromValidLexeme: $0) }
    }

    private static func slowDouble(_ lexeme: UnsafeBufferPointer<UInt8>) -> Double {
        // The standard library's parser is correctly rounded for every input; a valid JSON number
        // always converts (overflow gives infinity, which the caller decides about).
        Double(String(decoding: lexeme, as: UTF8.self)) ?? .nan
    }
}

enum NumberFormatting {
    /// The shortest decimal text that reads back as `value` (Swift's `description` is the
    /// shortest round-trip form; it is valid JSON for finite values, e.g. `1e-05`, `0.1`).
    static func shortest(_ value: Double) -> String {
        value.description
    }
}
