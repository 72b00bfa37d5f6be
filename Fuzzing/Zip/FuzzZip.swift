// fuzz-zip: the archive reader on zip bytes. Any bytes: no trap, and a load or a refusal whose
// every diagnostic is about a file of the zip or the zip itself.

import Foundation
import FuzzSupport
import IMDF

let zipPath = FuzzReplay.scratchPath(extension: "zip")
// Small limits keep one input's work small; the limits themselves are part of what is tested.
let fuzzLimits = ArchiveLimits(maxFileBytes: 1 << 22, maxTotalBytes: 1 << 24)

func fuzzZip(_ bytes: [UInt8]) {
    guard FileManager.default.createFile(atPath: zipPath, contents: Data(bytes)) else { FuzzReplay.failed("cannot write \(zipPath)") }
    defer { unlink(zipPath) }
    do {
        let load = try ArchiveReader.read(zipPath, limits: fuzzLimits)
        if !load.unreadableFiles.isEmpty && load.errors.isEmpty { FuzzReplay.failed("files left out without an error") }
    } catch {
        if error.diagnostics.isEmpty { FuzzReplay.failed("a refusal without a reason") }
    }
}

// SwiftPM links an executable's `main` to `<target>_main`: under FUZZING that starts libFuzzer.
#if FUZZING
    @_cdecl("fuzz_zip_main") public func fuzzerMain(_ argc: CInt, _ argv: FuzzDriver.Arguments) -> CInt {
        FuzzDriver.run(argc, argv, fuzzZip)
    }
#else
    @main enum Replay { static func main() { FuzzReplay.run(fuzzZip) } }
#endif
