// fuzz-gis-mapping: any bytes as the mapping file of `import gis ... map=map.json`, for each kind
// of feature a mapping can make. No trap; a refusal names the file; a mapping that is accepted
// can point at the line and column of every field it reads.

import FuzzSupport
import IMDF
import Interchange

func fuzzGISMapping(_ bytes: [UInt8]) {
    for type in [FeatureType.unit, .opening, .amenity, .fixture] {
        do {
            let mapping = try GISMapping.parse(bytes, file: "map.json", for: type)
            for (path, _) in mapping.fields {
                let message = mapping.error(at: path, "check").message
                guard message.hasPrefix("map.json:"), message.dropFirst("map.json:".count).first?.isNumber == true else {
                    FuzzReplay.failed("the field at \(path) has no place in the file: \(message)")
                }
            }
        } catch {
            guard error.message.hasPrefix("map.json") else { FuzzReplay.failed("a refusal that does not name the file: \(error.message)") }
        }
    }
}

// SwiftPM links an executable's `main` to `<target>_main`: under FUZZING that starts libFuzzer.
#if FUZZING
    @_cdecl("fuzz_gis_mapping_main") public func fuzzerMain(_ argc: CInt, _ argv: FuzzDriver.Arguments) -> CInt {
        FuzzDriver.run(argc, argv, fuzzGISMapping)
    }
#else
    @main enum Replay { static func main() { FuzzReplay.run(fuzzGISMapping) } }
#endif
