import Testing

@testable import Validation

/// Messages made of pieces in one allocation.
@Suite("Concatenating a message's pieces")
struct ConcatenationTests {
    @Test func thePiecesComeOneAfterAnotherWhateverTheirScriptOrLength() {
        #expect(String(concatenating: "unit", " \"", "Café", "\" (", "84d0c512", ")") == "unit \"Café\" (84d0c512)")
        #expect(String(concatenating: "房间", " ", "会议室") == "房间 会议室")
        #expect(String(concatenating: "", "a", "", "b", "") == "ab")
        #expect(String(concatenating: "") == "")
        let long = String(repeating: "x", count: 1_000)
        #expect(String(concatenating: long, "🙂", long) == long + "🙂" + long)
    }
}
