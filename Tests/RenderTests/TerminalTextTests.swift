import Testing

@testable import Render

/// Text from an archive or a user reaches the terminal as text: control characters shown escaped,
/// only the colours this program writes obeyed, long quotes cut.
@Suite("Terminal text")
struct TerminalTextTests {
    @Test func controlCharactersAreShownEscaped() {
        #expect(TerminalText.escaped("Room\u{1B}]0;pwned\u{07}") == "Room\\u001b]0;pwned\\u0007")
        #expect(TerminalText.escaped("a\u{202E}b\u{9B}c") == "a\\u202eb\\u009bc")
        #expect(TerminalText.escaped("Аудитория 104") == "Аудитория 104")
    }

    @Test func theTerminalKeepsColourButNothingElse() {
        let coloured = TerminalText.colour("48;5;153") + "  " + TerminalText.colour("0") + " teaching\n\tnext"
        #expect(TerminalText.sanitized(coloured) == "\u{1B}[48;5;153m  \u{1B}[0m teaching\n\tnext")
        // A colour that came from a file is shown, not obeyed.
        #expect(TerminalText.sanitized("\u{1B}[31mRED") == "\\u001b[31mRED")
        #expect(TerminalText.sanitized("x\u{1B}[2Jy\u{1B}]0;t\u{07}") == "x\\u001b[2Jy\\u001b]0;t\\u0007")
    }

    @Test func longQuotesAreCut() {
        let long = String(repeating: "y", count: 10_000)
        #expect(TerminalText.excerpt(long) == String(repeating: "y", count: 80) + "...")
        #expect(TerminalText.excerpt("short") == "short")
    }
}
