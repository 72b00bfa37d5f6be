// Texts of a drawing as room labels: formatting codes stripped, then sorted into names, room
// numbers, and measurements (areas and dimensions), which are no names.

import Foundation

public enum LabelKind: Sendable, Equatable {
    /// `type` is what a room tag's type key says the room is for (房间属性：办公室).
    case name, number, measurement, type
}

public enum RoomLabels {
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

    /// Areas ("60 m2", "12,5 m²", "345 SF", "120 sq ft"), dimensions ("14'2'' x 12'4''",
    /// "3.20 x 4.10", "3,2 m") and bare decimals are measurements; short codes with a digit
    /// ("101", "E14-348", "2.041", "B-12a") are room numbers; anything else with a letter is a name.
    public static func kind(of text: String) -> LabelKind? {
        let lowered = text.lowercased()
        guard lowered.contains(where: { $0.isLetter || $0.isNumber }) else { return nil }
        let number = #"[0-9]+([.,][0-9]+)?"#
        let measurementPatterns = [
            #"^(a\s*=\s*)?"# + number + #"\s*(m2|m²|m\^2|qm|sqm|sq\.?\s*m|sf|s\.f\.|sq\.?\s*ft|ft2|ft²|㎡|平米|平方米)\.?$"#,
            #"^"# + number + #"\s*(m|cm|mm|ft|in)$"#,
            #"^[0-9'"″′\s.,-]+\s*[x×]\s*[0-9'"″′\s.,-]+$"#,
            #"^[0-9]+'\s*-?\s*[0-9]*("|''|″)?$"#,
            #"^[0-9]+[.,][0-9]+$"# + "|" + #"^[0-9]{1,3}([.,][0-9]{3})+$"#,
        ]
        if measurementPatterns.contains(where: { lowered.range(of: $0, options: .regularExpression) != nil }) {
            // "2.041" is a room number in many numbering schemes, "2.5" a measurement: three
            // decimals after a one-digit floor count as a room number.
            if lowered.range(of: #"^[0-9]{1,2}\.[0-9]{2,3}$"#, options: .regularExpression) != nil { return .number }
            return .measurement
        }
        if LayerConventions.looksLikeRoomNumber(text) { return .number }
        return lowered.contains(where: \.isLetter) ? .name : .number
    }
}
