// fuzz-geopackage: any bytes as a GeoPackage given to `imdf convert out.gpkg VENUE` (a GeoPackage
// written by imdf, perhaps edited in a GIS since). No trap; a refusal says why; an accepted one
// holds only feature files an archive may have, by plain names.

import Foundation
import FuzzSupport
import IMDF
import Interchange

// GDAL opens a path.
let packagePath = FuzzReplay.scratchPath(extension: "gpkg")
// Small limits keep one input's work small; the limits themselves are part of what is tested.
let fuzzLimits = ArchiveLimits(maxFileBytes: 1 << 22, maxTotalBytes: 1 << 24)

func fuzzGeoPackage(_ bytes: [UInt8]) {
    guard FileManager.default.createFile(atPath: packagePath, contents: Data(bytes)) else {
        FuzzReplay.failed("cannot write \(packagePath)")
    }
    defer { unlink(packagePath) }
    do {
        let package = try GeoPackageReader.read(packagePath, limits: fuzzLimits)
        let archive = package.archive
        let names = archive.collections.values.map(\.fileName) + archive.extensions.map(\.fileName) + archive.opaqueFiles.map(\.name)
        for name in names {
            if let problem = MemberName.problem(name) {
                FuzzReplay.failed("a member named \(name.debugDescription) was accepted: \(problem)")
            }
        }
    } catch {
        if error.message.isEmpty { FuzzReplay.failed("a refusal without a reason") }
    }
}

// SwiftPM links an executable's `main` to `<target>_main`: under FUZZING that starts libFuzzer.
#if FUZZING
    @_cdecl("fuzz_geopackage_main") public func fuzzerMain(_ argc: CInt, _ argv: FuzzDriver.Arguments) -> CInt {
        FuzzDriver.run(argc, argv, fuzzGeoPackage)
    }
#else
    @main enum Replay { static func main() { FuzzReplay.run(fuzzGeoPackage) } }
#endif
