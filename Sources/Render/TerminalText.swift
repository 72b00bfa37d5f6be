// Text from an archive or a user reaches the terminal as text, never as instructions to it. A
// unit named with an escape sequence could retitle the window (OSC), clear the screen or move the
// cursor; a right-to-left override could make one name read as another. Control characters are
// shown escaped (`\u001b`), and long quotes of input are cut.

public enum TerminalText {
    /// `text` with every control character (C0, DEL, C1) and bidirectional override escaped.
    public static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            if needsEscape(scalar) { result += code(scalar) } else { result.unicodeScalars.append(scalar) }
        }
        return result
    }

    /// The colour this program writes (SGR codes such as `48;5;153`), marked by a Unicode
    /// noncharacter - reserved for a program's internal use - where ESC will be. `sanitized`
    /// turns the mark into ESC on the way out and escapes every ESC that came from a file, so a
    /// level named `ESC[31m` shows as `\u001b[31m` and never colours the terminal.
    public static func colour(_ codes: String) -> String { String(colourMark) + "[" + codes + "m" }

    static let colourMark = Unicode.Scalar(0xFDD0)!

    /// Output on its way to the terminal: line breaks and tabs stay, and the colours this
    /// program wrote (`colour`) become SGR sequences; every control character is escaped,
    /// whatever its source. A safety net under `escaped`, applied where user data enters a
    /// message.
    public static func sanitized(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        guard scalars.contains(where: { ($0 == colourMark || needsEscape($0)) && $0 != "\n" && $0 != "\t" }) else { return text }
        var result = ""
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == colourMark, let end = colourSequenceEnd(scalars, from: index) {
                result.unicodeScalars.append("\u{1B}")
                for inner in scalars[(index + 1)...end] { result.unicodeScalars.append(inner) }
                index = end + 1
                continue
            }
            if scalar == colourMark || (needsEscape(scalar) && scalar != "\n" && scalar != "\t") {
                result += code(scalar)
            } else {
                result.unicodeScalars.append(scalar)
            }
            index += 1
        }
        return result
    }

    /// At most `limit` characters of `text`, escaped, with "..." where it was cut: for quoting a
    /// user's input back in an error (a pasted 10 MB line is not printed whole).
    public static func excerpt(_ text: some StringProtocol, limit: Int = 80) -> String {
        let cut = text.count > limit ? String(text.prefix(limit)) + "..." : String(text)
        return escaped(cut)
    }

    static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return value < 0x20 || (0x7F...0x9F).contains(value) || (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
    }

    private static func code(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16)
        return "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    /// The index of the `m` that ends an SGR sequence starting at `start`, or nil.
    private static func colourSequenceEnd(_ scalars: [Unicode.Scalar], from start: Int) -> Int? {
        guard start + 2 < scalars.count, scalars[start + 1] == "[" else { return nil }
        var index = start + 2
        while index < scalars.count, index - start < 32 {
            let scalar = scalars[index]
            if scalar == "m" { return index }
            guard ("0"..."9").contains(scalar) || scalar == ";" else { return nil }
            index += 1
        }
        return nil
    }
}

/// Columns of text for the terminal: a picture's legend, a report's table.
extension String {
    public func padded(_ width: Int) -> String {
        count >= width ? self + " " : self + String(repeating: " ", count: width - count)
    }

    public func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
