// fuzz-geojson: the JSON and GeoJSON reader and writer. Any bytes: no trap; a collection that
// reads, written and read again, is written the same (the canonical form is a fixed point).

import FuzzSupport
import IMDF

func fuzzGeoJSON(_ bytes: [UInt8]) {
    guard let collection = try? GeoJSONReader.read(bytes) else {
        _ = try? GeoJSONReader.readJSON(bytes)
        return
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
