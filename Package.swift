// swift-tools-version: 6.2
// imdf - a command-line workbench for editing IMDF indoor maps.
// Licensed GPL-3.0-or-later (see LICENSE).
import PackageDescription

let strict: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .treatAllWarnings(as: .error),
]

// The two executables link Swift's runtime and Foundation statically in the release build: loaded
// as some twenty shared libraries, resolving their symbols took 6 ms of imdf's 16 ms start and 15
// ms of imdf-gdal's 55, and every import waits for both starts one after the other. The modules
// are compiled against the shared libraries, which name only Foundation's own: the static ones
// it stands on are named here. lld (in the toolchain) takes them in any order, where gold needs
// them after what uses them, and prints no warning for Foundation's use of mktemp.
let staticSwift: [LinkerSetting] = [
    .unsafeFlags(
        ["-static-stdlib", "-use-ld=lld", "-lCoreFoundation", "-l_FoundationCShims", "-l_FoundationCollections", "-l_FoundationICU"],
        .when(configuration: .release))
]

let package = Package(
    name: "imdf",
    products: [
        .executable(name: "imdf", targets: ["imdf"]),
        .executable(name: "imdf-gdal", targets: ["imdf-gdal"]),
        .library(name: "IMDF", targets: ["IMDF"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.20"),
    ],
    targets: [
        // Atomic replacement of a directory (renameat2), which Swift's Glibc module does not export.
        .target(name: "CFileSystem"),
        // zlib (Debian's zlib1g-dev), to deflate zip entries in parallel.
        .systemLibrary(name: "SystemZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        // Feature model, ordered JSON, the GeoJSON codec and archive I/O (zips read and written with
        // zlib directly: see ZipReader.swift and ZipWriter.swift for why not ZIPFoundation, which
        // the tests use to build zips the way other tools do).
        .target(name: "IMDF", dependencies: ["CFileSystem", "SystemZlib"], swiftSettings: strict),
        // GEOS (Debian's libgeos-dev), reentrant C API.
        .systemLibrary(name: "CGEOS", pkgConfig: "geos", providers: [.apt(["libgeos-dev"])]),
        // Clipper (libpolyclipping, a C++ library) behind a C interface of our own: the union of
        // the rectangles walls grow into, six times as fast as GEOS's (see CClipper.h).
        .target(name: "CClipper", path: "Sources/CClipper", linkerSettings: [.linkedLibrary("polyclipping")]),
        // Planar geometry in metres on GEOS: local frame, the archive projector, split, snapping,
        // containment, validity, index.
        .target(name: "Geometry", dependencies: ["IMDF", "CGEOS", "CClipper"], swiftSettings: strict),
        // The IMDF rule set: findings with stable codes, located, with fixes described.
        .target(name: "Validation", dependencies: ["IMDF", "Geometry"], exclude: ["CODES.md", "APPLE-RULES.md"], swiftSettings: strict),
        // The editor's core: document with indexes, commands that plan patches, undo/redo history.
        .target(name: "Workbench", dependencies: ["IMDF", "Geometry"], swiftSettings: strict),
        // What imdf and its GDAL helper say to each other: requests and replies as Codable types
        // both sides share, and the report data in them (the helper's words are imdf's to choose).
        .target(name: "HelperProtocol", dependencies: ["IMDF", "Geometry"], swiftSettings: strict),
        // GDAL (Debian's libgdal-dev): reads DXF, Shapefile, GeoPackage, GeoJSON, OSM; writes
        // GeoPackage and Shapefile.
        .systemLibrary(name: "CGDAL", pkgConfig: "gdal", providers: [.apt(["libgdal-dev"])]),
        // CAD and GIS formats through GDAL: DXF drawings to rooms, names and doors, vector import
        // with a category mapping, georeferencing by control points, GeoPackage and Shapefile.
        .target(name: "Interchange", dependencies: ["IMDF", "Geometry", "HelperProtocol", "CGDAL"], swiftSettings: strict),
        // GNU readline (Debian's libreadline-dev): line editing, history, completion at the prompt.
        // No pkgConfig: readline.pc only adds -D flags SwiftPM refuses; the headers are in /usr/include.
        .systemLibrary(name: "CReadline", providers: [.apt(["libreadline-dev"])]),
        // OpenSSL's libcrypto (Debian's libssl-dev): SHA-256 through the EVP digest API. A system
        // library rather than swift-crypto, whose BoringSSL was most of a clean build's compile steps.
        .systemLibrary(name: "COpenSSL", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"])]),
        // A level drawn in the terminal and as SVG, and the terminal-safe text every report is
        // written in. Not part of Shell: it needs neither the rule set nor the command language, so
        // a clean build compiles it beside the rule set instead of after it.
        .target(name: "Render", dependencies: ["IMDF", "Geometry", "Workbench"], swiftSettings: strict),
        // Findings as they are read: the validation report, streamed as text or JSON, and what one
        // edit did to the findings. Out of Shell so that it is optimized while Shell is not.
        .target(
            name: "FindingReports", dependencies: ["IMDF", "Geometry", "Validation", "Workbench", "Render"], swiftSettings: strict),
        // The command language, the session (context, handles, history), script runner and reports.
        .target(
            name: "Shell",
            dependencies: [
                "IMDF", "Geometry", "Validation", "Workbench", "Render", "FindingReports", "HelperProtocol", "CReadline",
                "COpenSSL",
            ],
            // Built without the optimizer, also in release, like the executable below: Shell reads
            // commands and arguments, keeps the session and words the replies, and the work each
            // command starts runs in the optimized modules (the reports of many findings in
            // FindingReports). Optimized, it took 43 s of a clean build's critical path; without
            // the optimizer 9 s.
            swiftSettings: strict + [.unsafeFlags(["-Onone"], .when(configuration: .release))]
        ),
        // Deterministic synthetic venues: demos and the benchmark workload.
        .target(name: "SyntheticVenue", dependencies: ["IMDF"], swiftSettings: strict),
        .executableTarget(
            name: "imdf",
            dependencies: [
                "IMDF", "Validation", "Workbench", "Geometry", "Render", "FindingReports", "Shell", "SyntheticVenue",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                // Not imdf-gdal, though imdf starts it: a dependency links its libraries (GDAL's
                // 130) into imdf, which made every start three times slower and opening W 30 MB
                // larger.
            ],
            // Built without the optimizer, also in release: this target is argument parsing and the
            // benchmarks' harness, and the work it starts runs in the optimized modules above. With
            // the optimizer it was the last 12-14 s of a clean build, on one core with nothing left
            // to run beside it; without it 3 s, and `imdf bench` measures the same. (Unsafe flags
            // are allowed in the root package; the IMDF library product carries none.)
            swiftSettings: strict + [.unsafeFlags(["-Onone"], .when(configuration: .release))],
            linkerSettings: staticSwift
        ),
        // GDAL's work in a process of its own, started by imdf (see Shell/Import/GDALHelperClient.swift):
        // linked into imdf, GDAL's 130 libraries slowed every start fivefold.
        .executableTarget(
            name: "imdf-gdal", dependencies: ["IMDF", "Geometry", "HelperProtocol", "Interchange"], path: "Sources/GDALHelper",
            swiftSettings: strict, linkerSettings: staticSwift
        ),
        // Fuzz targets (Fuzzing/run builds them for libFuzzer); in this build each replays its seed
        // corpus and past crashes, which EndToEndTests runs.
        .target(name: "FuzzSupport", path: "Fuzzing/Support", swiftSettings: strict),
        .executableTarget(name: "fuzz-geojson", dependencies: ["FuzzSupport", "IMDF"], path: "Fuzzing/GeoJSON", swiftSettings: strict),
        .executableTarget(name: "fuzz-zip", dependencies: ["FuzzSupport", "IMDF"], path: "Fuzzing/Zip", swiftSettings: strict),
        .executableTarget(
            name: "fuzz-command-line", dependencies: ["FuzzSupport", "Render", "Shell"], path: "Fuzzing/CommandLine", swiftSettings: strict),
        .executableTarget(
            name: "fuzz-interpreter", dependencies: ["FuzzSupport", "IMDF", "Shell", "Workbench", "SyntheticVenue"],
            path: "Fuzzing/Interpreter",
            swiftSettings: strict),
        .executableTarget(
            name: "fuzz-drawing-reply", dependencies: ["FuzzSupport", "IMDF", "Render", "Shell", "Workbench", "SyntheticVenue"],
            path: "Fuzzing/DrawingReply", swiftSettings: strict),
        .executableTarget(
            name: "fuzz-gis-mapping", dependencies: ["FuzzSupport", "IMDF", "Interchange"], path: "Fuzzing/GISMapping",
            swiftSettings: strict),
        .executableTarget(
            name: "fuzz-geopackage", dependencies: ["FuzzSupport", "IMDF", "Interchange"], path: "Fuzzing/GeoPackage", swiftSettings: strict
        ),
        .executableTarget(name: "fuzz-journal", dependencies: ["FuzzSupport", "Shell"], path: "Fuzzing/Journal", swiftSettings: strict),
        // Paths the test targets share (the package root, the sample archives).
        .target(name: "TestSupport", path: "Tests/TestSupport", swiftSettings: strict),
        .testTarget(
            name: "IMDFTests",
            dependencies: ["IMDF", "TestSupport", .product(name: "ZIPFoundation", package: "ZIPFoundation")],
            swiftSettings: strict
        ),
        .testTarget(name: "GeometryTests", dependencies: ["Geometry"], swiftSettings: strict),
        .testTarget(
            name: "ValidationTests", dependencies: ["IMDF", "Geometry", "Validation", "SyntheticVenue", "TestSupport"],
            swiftSettings: strict),
        .testTarget(
            name: "WorkbenchTests", dependencies: ["IMDF", "Geometry", "Workbench", "SyntheticVenue", "Validation", "TestSupport"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "ShellTests",
            dependencies: [
                "IMDF", "Geometry", "Validation", "Workbench", "HelperProtocol", "Render", "FindingReports", "Shell", "SyntheticVenue",
                "TestSupport",
                "imdf-gdal",
            ],
            exclude: ["Golden"], swiftSettings: strict
        ),
        .testTarget(
            name: "RenderTests", dependencies: ["IMDF", "Geometry", "Workbench", "Render", "SyntheticVenue"], swiftSettings: strict),
        .testTarget(
            name: "InterchangeTests", dependencies: ["IMDF", "Geometry", "HelperProtocol", "Interchange", "SyntheticVenue", "TestSupport"],
            swiftSettings: strict),
        .testTarget(name: "SyntheticVenueTests", dependencies: ["IMDF", "SyntheticVenue"], swiftSettings: strict),
        // Drives the built `imdf` executable the way a user does.
        .testTarget(
            name: "EndToEndTests",
            dependencies: [
                "imdf", "imdf-gdal", "IMDF", "SyntheticVenue", "TestSupport", "SystemZlib",
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
                "fuzz-geojson", "fuzz-zip", "fuzz-command-line", "fuzz-interpreter", "fuzz-drawing-reply", "fuzz-gis-mapping",
                "fuzz-geopackage", "fuzz-journal",
            ],
            swiftSettings: strict
        ),
    ]
)
