// fuzz-drawing-reply: any bytes as the GDAL helper's answer to `import dxf`, taken in by imdf as
// a real import takes it (decoded, worded, created on the level in use as one step). No trap; a
// refusal says why and leaves the document and its undo history as they were; an import adds
// exactly one undo step; the report, as shown on a terminal, carries no control character but
// line ends.

import Foundation
import FuzzSupport
import IMDF
import Render
import Shell
import SyntheticVenue
import Workbench

let pristine: EditingSession = {
    let archive = VenueGenerator.generate(VenueSpec(buildings: 1, levels: 1, rooms: 4, seed: 1))
    var session = EditingSession(document: Document(archive), archivePath: nil)
    session.levelID = archive.features(of: .level).first?.id
    session.ids = IDSource(seed: 1)
    return session
}()

func fuzzDrawingReply(_ bytes: [UInt8]) {
    for json in [false, true] {
        var session = pristine
        do {
            let report = try DrawingReplyIntake.importReply(Data(bytes), file: "plan.dxf", json: json, into: &session)
            guard session.history.undoStack.count == pristine.history.undoStack.count + 1 else {
                FuzzReplay.failed("an import that is not one undo step")
            }
            let shown = TerminalText.sanitized(report)
            if let control = shown.unicodeScalars.first(where: { $0.value < 0x20 && $0 != "\n" || $0.value == 0x7F }) {
                FuzzReplay.failed("the report shows a raw control character U+\(String(control.value, radix: 16))")
            }
        } catch {
            if error.message.isEmpty { FuzzReplay.failed("a refusal without a reason") }
            guard session.document == pristine.document, session.history.undoStack.count == pristine.history.undoStack.count else {
                FuzzReplay.failed("a refused reply changed the document: \(error.message)")
            }
        }
    }
}

// SwiftPM links an executable's `main` to `<target>_main`: under FUZZING that starts libFuzzer.
#if FUZZING
    @_cdecl("fuzz_drawing_reply_main") public func fuzzerMain(_ argc: CInt, _ argv: FuzzDriver.Arguments) -> CInt {
        FuzzDriver.run(argc, argv, fuzzDrawingReply)
    }
#else
    @main enum Replay { static func main() { FuzzReplay.run(fuzzDrawingReply) } }
#endif
