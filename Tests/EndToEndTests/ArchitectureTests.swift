import Foundation
import TestSupport
import Testing

/// ARCHITECTURE.md's module table is the law of the imports: a source file that imports a module
/// its module's row does not allow fails here, and so does a module the page does not describe.
@Suite("the architecture page")
struct ArchitectureTests {
    /// Modules every module may import: the system's.
    static let system: Set<String> = ["Foundation", "Dispatch", "Synchronization", "Glibc"]

    /// The table's rows: module name -> the modules it may import.
    static func allowedImports(_ page: String) -> [String: Set<String>] {
        var rows: [String: Set<String>] = [:]
        for line in page.split(separator: "\n") where line.hasPrefix("| `") {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 5 else { continue }
            let name = cells[1].trimmingCharacters(in: CharacterSet(charactersIn: "`"))
            let allowed = cells[3].split(separator: ",").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "` ")) }.filter {
                !$0.isEmpty && $0 != "-"
            }
            rows[name] = Set(allowed)
        }
        return rows
    }

    /// The modules `source` imports (`import X`, `@preconcurrency import X`, `internal import X`);
    /// lines inside multi-line string literals (a script a benchmark runs) are not Swift.
    static func imports(_ source: String) -> Set<String> {
        var names: Set<String> = []
        var inString = false
        for line in source.split(separator: "\n") {
            if line.components(separatedBy: "\"\"\"").count % 2 == 0 { inString.toggle() }
            guard !inString else { continue }
            var words = line.split(separator: " ").map(String.init)
            while let first = words.first,
                first.hasPrefix("@") || ["public", "internal", "private", "fileprivate", "package"].contains(first)
            {
                words.removeFirst()
            }
            if words.count >= 2, words[0] == "import" { names.insert(words[1]) }
        }
        return names
    }

    @Test func imdfItselfLoadsNoGDALLibraryOnlyItsHelperDoes() throws {
        // GDAL's 130 libraries loaded by imdf made every start several times slower and an open
        // archive tens of megabytes larger; they belong to imdf-gdal, started when needed.
        let imdf = CommandLineTests.executable
        let helper = URL(fileURLWithPath: imdf).deletingLastPathComponent().appendingPathComponent("imdf-gdal").path
        let own = try ChildProcess.run("/usr/bin/ldd", [imdf])
        #expect(own.status == 0, "\(own.errors)")
        #expect(!own.output.contains("libgdal"), "\(own.output)")
        let helpers = try ChildProcess.run("/usr/bin/ldd", [helper])
        #expect(helpers.output.contains("libgdal"), "\(helpers.output)")
    }

    @Test func everyModuleImportsOnlyWhatThePageAllows() throws {
        let root = Samples.packageRoot
        let page = try String(contentsOf: root.appendingPathComponent("ARCHITECTURE.md"), encoding: .utf8)
        let rows = Self.allowedImports(page)
        #expect(rows["Shell"]?.contains("Workbench") == true, "the table was not read: \(rows)")
        let sources = root.appendingPathComponent("Sources")
        var violations: [String] = []
        for module in try FileManager.default.contentsOfDirectory(atPath: sources.path).sorted() {
            let folder = sources.appendingPathComponent(module)
            guard
                let files = FileManager.default.enumerator(atPath: folder.path)?.compactMap({ $0 as? String }).filter({
                    $0.hasSuffix(".swift")
                }),
                !files.isEmpty
            else { continue }
            guard let allowed = rows[module] else {
                violations.append("Sources/\(module) is a module ARCHITECTURE.md does not describe")
                continue
            }
            for file in files {
                let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                for name in Self.imports(text) where !allowed.contains(name) && !Self.system.contains(name) {
                    violations.append("Sources/\(module)/\(file) imports \(name), which ARCHITECTURE.md does not allow \(module)")
                }
            }
        }
        #expect(violations.isEmpty, "\(violations.joined(separator: "\n"))")
    }

    @Test func anImportTheTableDoesNotAllowIsFound() {
        let rows = Self.allowedImports("| `Workbench` | the document | `IMDF`, `Geometry` |\n| `CGEOS` | GEOS | - |")
        #expect(rows == ["Workbench": ["IMDF", "Geometry"], "CGEOS": []])
        let found = Self.imports(
            "import IMDF\n@preconcurrency import CReadline\ninternal import Shell\n// import Nothing\nlet s = \"\"\"\nimport json\n\"\"\"\n"
        )
        #expect(found == ["IMDF", "CReadline", "Shell"])
        #expect(!found.subtracting(rows["Workbench"]!).subtracting(Self.system).isEmpty)
    }
}
