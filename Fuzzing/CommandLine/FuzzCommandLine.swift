// fuzz-command-line: what a pasted line goes through before any command runs - line splitting,
// continuation lines, the tokenizer and the command lookup. Any bytes: no trap, and no line the
// splitter returns holds a line break.

import FuzzSupport
import Render
import Shell

func fuzzCommandLine(_ bytes: [UInt8]) {
    let text = String(decoding: bytes, as: UTF8.self)
    let lines = InputLines.split(text)
    for line in lines where line.contains("\n") || line.contains("\r") {
        FuzzReplay.failed("a split line still holds a line break: \(line.debugDescription)")
    }
    for line in ScriptRunner.lines(of: text, file: "fuzz").prefix(64) {
        _ = try? Tokenizer.tokens(line.text)
        _ = Interpreter.recognises(line.text)
        _ = TerminalText.sanitized(line.text)
    }
}

// SwiftPM links an executable's `main` to `<target>_main`: under FUZZING that starts libFuzzer.
#if FUZZING
    @_cdecl("fuzz_command_line_main") public func fuzzerMain(_ argc: CInt, _ argv: FuzzDriver.Arguments) -> CInt {
        FuzzDriver.run(argc, argv, fuzzCommandLine)
    }
#else
    @main enum Replay { static func main() { FuzzReplay.run(fuzzCommandLine) } }
#endif
