import Foundation
import TestSupport
import Testing

/// Every fuzz target, built as a replayer, runs its seed corpus and every input that once
/// crashed it (Fuzzing/Regressions): no trap, no violated property.
@Suite("Fuzz corpora replayed")
struct FuzzRegressionTests {
    @Test(arguments: ["geojson", "zip", "command-line", "interpreter", "drawing-reply", "gis-mapping", "geopackage", "journal"])
    func theSeedsAndPastCrashesRunClean(target: String) throws {
        let executable = URL(fileURLWithPath: CommandLineTests.executable).deletingLastPathComponent().appendingPathComponent(
            "fuzz-" + target
        ).path
        let fuzzing = Samples.packageRoot.appendingPathComponent("Fuzzing").path
        let folders = ["Corpus", "Regressions"].map { fuzzing + "/" + $0 + "/" + target }.filter {
            FileManager.default.fileExists(atPath: $0)
        }
        let inputs = try folders.reduce(0) {
            $0 + (try FileManager.default.contentsOfDirectory(atPath: $1).filter { !$0.hasPrefix(".") }.count)
        }
        #expect(inputs >= 10, "the \(target) corpus is nearly empty")
        let run = try ChildProcess.run(executable, folders)
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.output.contains("\(inputs) inputs replayed"), "\(run.output)")
    }
}
