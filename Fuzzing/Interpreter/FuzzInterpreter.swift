// fuzz-interpreter: any command line against a small generated venue (2 levels, 6 rooms), and Tab
// completion of it. No trap, and a refused command leaves the document and its undo history
// exactly as they were.
// Lines that write files (save, session export, render --svg) or read them (open, source) are
// not run: the fuzzer's inputs must not reach the file system.

import FuzzSupport
import IMDF
import Shell
import SyntheticVenue
import Workbench

let pristine: EditingSession = {
    let archive = VenueGenerator.generate(VenueSpec(buildings: 1, levels: 2, rooms: 6, seed: 1))
    var session = EditingSession(document: Document(archive), archivePath: nil)
    session.ids = IDSource(seed: 1)
    return session
}()

func touchesFiles(_ line: String) -> Bool {
    let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
    guard let first = words.first else { return false }
    return ["save", "open", "source", "new"].contains(String(first)) || line.contains("export") || line.contains("--svg")
}

func fuzzInterpreter(_ bytes: [UInt8]) {
    var session = pristine
    for line in InputLines.split(String(decoding: bytes, as: UTF8.self)).prefix(8) where !touchesFiles(line) {
        // What Tab offers at the end of the line, and after one more space.
        _ = Completion.candidates(line, session: session)
        _ = Completion.candidates(line + " ", session: session)
        _ = Completion.wantsPath(line)
        let before = session.document
        let steps = session.history.undoStack.count
        do {
            _ = try Interpreter.execute(line, in: &session)
        } catch {
            guard session.document == before, session.history.undoStack.count == steps else {
                FuzzReplay.failed("the refused command \(line.debugDescription) changed the document: \(error.message)")
            }
        }
    }
}

// SwiftPM links an executable's `main` to `<target>_main`: under FUZZING that starts libFuzzer.
#if FUZZING
    @_cdecl("fuzz_interpreter_main") public func fuzzerMain(_ argc: CInt, _ argv: FuzzDriver.Arguments) -> CInt {
        FuzzDriver.run(argc, argv, fuzzInterpreter)
    }
#else
    @main enum Replay { static func main() { FuzzReplay.run(fuzzInterpreter) } }
#endif
