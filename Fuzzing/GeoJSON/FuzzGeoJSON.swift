// fuzz-geojson: the JSON and GeoJSON reader and writer. Any bytes: no trap; a collection that
// reads, written and read again, is written the same (the canonical form is a fixed point); the
// reading that leaves broken features out (for validation) keeps every feature the strict
// reading keeps, and only what it left out is missing when the strict reading fails.

import FuzzSupport
import IMDF

func fuzzGeoJSON(_ bytes: [UInt8]) {
    let partial = try? GeoJSONReader.readSkippingBrokenFeatures(bytes)
    guard let collection = try? GeoJSONReader.read(bytes) else {
        _ = try? GeoJSONReader.readJSON(bytes)
        if let partial, partial.leftOut.isEmpty { FuzzReplay.failed("a file left nothing out yet does not read") }
        return
    }
    guard let partial, partial.leftOut.isEmpty, partial.collection.features.map(\.id) == collection.features.map(\.id) else {
        FuzzReplay.failed("a file that reads reads otherwise when broken features are left out")
    }
    let written = GeoJSONWriter.write(collection)
    guard let again = try? GeoJSONReader.read(written) else { FuzzReplay.failed("the writer's output does not read back") }
    guard GeoJSONWriter.write(again) == written else { FuzzReplay.failed("writing what was read back differs from the first write") }
    guard again.features.map(\.id) == collection.features.map(\.id) else { FuzzReplay.failed("features changed on the way through") }
}

// SwiftPM links an executable's `main` to `<target>_main`: under FUZZING that starts libFuzzer.
#if FUZZING
    @_cdecl("fuzz_geojson_main") public func fuzzerMain(_ argc: CInt, _ argv: FuzzDriver.Arguments) -> CInt {
        FuzzDriver.run(argc, argv, fuzzGeoJSON)
    }
#else
    @main enum Replay { static func main() { FuzzReplay.run(fuzzGeoJSON) } }
#endif
