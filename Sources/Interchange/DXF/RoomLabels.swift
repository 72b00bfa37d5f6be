// Texts of a drawing as room labels: formatting codes stripped, then sorted into names, room
// numbers, and measurements (areas and dimensions), which are no names.

import Foundation

public enum LabelKind: Sendable, Equatable {
    /// `type` is what a room tag's type key says the room is for (房间属性：办公室); `arrow` a
    /// stair's direction (UP, DN): no name, but a room it alone labels is a stair.
    case name, number, measurement, type, arrow
}

public enum RoomLabels {
    // Japanese plans give a room's size in tatami mats (帖, 畳: about 1.6 m²), often "about" (約).
    private static let number = #"[0-9]+([.,][0-9]+)?"#
    private static let areaUnit = #"(m2|m²|m\^2|qm|sqm|sq\.?\s*m|sf|s\.f\.|sq\.?\s*ft|ft2|ft²|in2|in²|㎡|平米|平方米|帖|畳|坪)"#
    static let measurement = TextPattern(
        [
            #"^(a\s*=\s*|約\s*)?"# + number + #"\s*"# + areaUnit + #"\.?$"#,
            #"^"# + number + #"\s*(m|cm|mm|ft|in|"|″)$"#,
            #"^[0-9'"″′\s.,-]+\s*[x×]\s*[0-9'"″′\s.,-]+$"#,
            #"^[0-9]+'\s*-?\s*[0-9]*("|''|″)?$"#,
            #"^[0-9]+[.,][0-9]+$"#, #"^[0-9]{1,3}([.,][0-9]{3})+$"#,
            // A count of things: "3 No. CARS", "2 Nos" (British and Indian usage).
            #"^[0-9]+\s*nos?\.?(\s.*)?$"#,
            // A level mark: "+24''", "-0.15", "±0.00", "FFL +3.50", "EL. 102.5".
            #"^((ffl|sfl|ssl|tos|el\.?|lvl\.?|niv\.?)\s*:?\s*[+\-±]?|[+\-±])\s*"# + number + #"\s*('|''|"|″|m|mm|cm)?$"#,
        ].joined(separator: "|"))
    /// A stair's direction arrow, with the count of its risers or not: "UP", "DN 17R", "DOWN".
    static let arrow = TextPattern(#"^(up|dn|down)(\s*[0-9]+\s*r?)?\.?$"#)
    /// A room's letter tag, written alone (in a circle): "A", "B".
    static let letterTag = TextPattern(#"^[a-z]$"#)
    static let floorDecimal = TextPattern(#"^[0-9]{1,2}\.[0-9]{2,3}$"#)
    /// An area written with a name on its line ("Co-Creator 51ft² 36in²", "Office 12 m2"), or
    /// alone (the areas of a line "51ft² 36in²").
    static let areaAfterName = TextPattern(
        #"(^|\s+)\(?(約\s*)?"# + number + #"\s*"# + areaUnit + #"\.?\)?(?=\s|$)"#, caseInsensitive: true)

    /// A line of a label as what it is, and its text: a name line without the areas written after
    /// the name ("Co-Creator 51ft² 36in²" is the name "Co-Creator"); nil for a line with no letter
    /// or digit.
    public static func label(_ line: String) -> (kind: LabelKind, text: String)? {
        guard let kind = kind(of: line) else { return nil }
        guard kind == .name else { return (kind, line) }
        let name = areaAfterName.replacing(in: line, with: "").trimmingCharacters(in: .whitespaces)
        guard name != line else { return (.name, line) }
        return name.contains(where: \.isLetter) ? (Self.kind(of: name) ?? .name, name) : (.measurement, line)
    }

    /// The text without MTEXT formatting codes (fonts, heights, colours, stacking, non-breaking
    /// spaces, paragraph breaks) and AutoCAD's %% specials; runs of white space become one space.
    public static func plainText(_ raw: String) -> String {
        // Most labels hold no code at all; the patterns below are for those that do.
        guard raw.contains(where: { $0 == "\\" || $0 == "{" || $0 == "}" || $0 == "%" }) else {
            return raw.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        }
        var text = raw
        let replacements: [(String, String)] = [
            (#"\\[Pp]"#, " "), (#"\\~"#, " "),
            (#"\\[ACcFfHhQqTtWw][^;\\]*;"#, ""),
            (#"\\S([^;^/#]*)[\^/#]([^;]*);"#, "$1/$2"),
            (#"\\[LlOoKkNnX]"#, ""),
            (#"(?<!\\)[{}]"#, ""),
            (#"%%[cC]"#, "ø"), (#"%%[dD]"#, "°"), (#"%%[pP]"#, "±"), (#"%%[uUoOkK]"#, ""), (#"%%%"#, "%"),
        ]
        for (pattern, template) in replacements {
            text = text.replacingOccurrences(of: pattern, with: template, options: .regularExpression)
        }
        // `\U+00F8`: a character by its code point, decoded where it stands.
        var decoded = ""
        var rest = text[...]
        while let code = rest.range(of: #"\\U\+[0-9A-Fa-f]{4}"#, options: .regularExpression) {
            decoded += rest[..<code.lowerBound]
            if let scalar = UInt32(rest[code].suffix(4), radix: 16).flatMap(Unicode.Scalar.init) { decoded.unicodeScalars.append(scalar) }
            rest = rest[code.upperBound...]
        }
        text = decoded + rest
        text = text.replacingOccurrences(of: #"\\\\"#, with: "\\", options: .regularExpression)
        return text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// Areas ("60 m2", "12,5 m²", "345 SF", "120 sq ft", "(5.2帖)", "約6畳"), dimensions
    /// ("14'2'' x 12'4''", "3.20 x 4.10", "3,2 m") and bare decimals are measurements, in brackets
    /// or not, and counts ("3 No. CARS"); short codes with a digit ("101", "E14-348", "2.041",
    /// "B-12a") and a letter alone ("B") are room numbers; stair arrows ("UP", "DN 17R") are
    /// arrows; anything else with a letter is a name.
    public static func kind(of text: String) -> LabelKind? {
        var lowered = text.lowercased()
        guard lowered.contains(where: { $0.isLetter || $0.isNumber }) else { return nil }
        // An area written under a name in brackets is the area all the same.
        if let first = lowered.first, let last = lowered.last, lowered.count >= 2, "(（[".contains(first), ")）]".contains(last) {
            lowered = String(lowered.dropFirst().dropLast()).trimmingCharacters(in: .whitespaces)
        }
        if measurement.matches(lowered) {
            // "2.041" is a room number in many numbering schemes, "2.5" a measurement: three
            // decimals after a one-digit floor count as a room number.
            return floorDecimal.matches(lowered) ? .number : .measurement
        }
        if arrow.matches(lowered) { return .arrow }
        if LayerConventions.looksLikeRoomNumber(text) || letterTag.matches(lowered) { return .number }
        return lowered.contains(where: \.isLetter) ? .name : .number
    }
}

/// A regular expression compiled once. `String.range(of:options: .regularExpression)` compiles its
/// pattern on every call, which for the thousands of labels of a large plan cost more than the
/// rest of naming its rooms.
struct TextPattern: @unchecked Sendable {
    // NSRegularExpression is immutable once made, and safe to use from several threads.
    private let expression: NSRegularExpression?

    /// A pattern that does not compile matches nothing (the patterns are the program's own).
    init(_ pattern: String, caseInsensitive: Bool = false) {
        expression = try? NSRegularExpression(pattern: pattern, options: caseInsensitive ? [.caseInsensitive] : [])
    }

    func matches(_ text: String) -> Bool {
        expression?.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }

    /// The text with every match replaced by `template`.
    func replacing(in text: String, with template: String) -> String {
        guard let expression else { return text }
        return expression.stringByReplacingMatches(in: text, range: NSRange(text.startIndex..., in: text), withTemplate: template)
    }
}
