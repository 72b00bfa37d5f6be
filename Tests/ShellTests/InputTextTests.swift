import Testing

@testable import Shell

@Suite("Input lines")
struct InputTextTests {
    @Test func linesEndAtLFCRLFAndALoneCR() {
        #expect(InputLines.split("a\nb\r\nc\rd") == ["a", "b", "c", "d"])
        #expect(InputLines.split("a\r\r\nb\n") == ["a", "", "b"])
        #expect(InputLines.split("\n\n") == ["", ""])
        #expect(InputLines.split("") == [])
        #expect(ScriptRunner.lines(of: "where\r\nhelp undo\r\n", file: "s").map(\.text) == ["where", "help undo"])
    }
}
