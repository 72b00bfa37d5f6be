import Foundation
import TestSupport
import Testing

/// `imdf bench validate --corpus DIR`: each real archive of a corpus validated and held against
/// its truth file - no error where Apple accepted the archive, else exactly the errors judged real.
@Suite("The validation scoreboard")
struct ValidationScoreboardTests {
    static func temporaryFolder() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("imdf-e2e-archives-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }

    static func truth(accepted: Bool, errors: String) -> String {
        """
        {
          "source": {"repository": "example/venues", "commit": "0000000000000000000000000000000000000000",
                     "path": "IMDFData", "licence": "CC0-1.0", "committed": false},
          "producer": "a test",
          "accepted": \(accepted ? "\"a test says so\"" : "null"),
          "errors": {\(errors)},
          "judged": "by the test"
        }
        """
    }

    /// The repository's own corpus, on the three archives of ../shared/imdf-samples: what the
    /// truth files say of them is what validation finds, code by code.
    @Test func theCorpusTruthsOfTheSharedSamplesHold() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for (name, path) in [("spbstu-polymap", Samples.spbstu), ("postech-c5", Samples.postech), ("ulm-osmtoimdf", Samples.ulm)] {
            try FileManager.default.createSymbolicLink(atPath: folder + "/" + name, withDestinationPath: path)
        }
        let corpus = Samples.packageRoot.appendingPathComponent("Benchmarks/archives").path
        let run = try CommandLineTests.run(
            ["bench", "validate", "--corpus", corpus, "--archives", folder, "--json"]
                + ["spbstu-polymap", "postech-c5", "ulm-osmtoimdf"].flatMap { ["--only", $0] })
        #expect(run.status == 0, "\(run.output)\n\(run.errors)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
        let rows = try #require(document["runs"] as? [[String: Any]])
        #expect(rows.map { $0["archive"] as? String } == ["postech-c5", "spbstu-polymap", "ulm-osmtoimdf"])
        for row in rows {
            #expect(row["matches"] as? Bool == true, "\(row)")
        }
        #expect(rows.first?["errors_by_code"] as? [String: Int] == ["A5": 1, "T4": 22])
    }

    @Test func anArchiveWithOtherErrorsThanItsTruthFailsTheScoreboard() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let corpus = folder + "/corpus"
        try FileManager.default.createDirectory(atPath: corpus + "/archives", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Samples.postech, toPath: corpus + "/archives/postech")
        // One display point fewer judged broken than there are.
        try Self.truth(accepted: false, errors: "\"A5\": 1, \"T4\": 21").write(
            toFile: corpus + "/postech.json", atomically: true, encoding: .utf8)
        #expect(try CommandLineTests.run(["generate", folder + "/clean", "--rooms", "4"]).status == 0)
        try Self.truth(accepted: true, errors: "").write(toFile: corpus + "/clean.json", atomically: true, encoding: .utf8)
        try Self.truth(accepted: true, errors: "").write(toFile: corpus + "/elsewhere.json", atomically: true, encoding: .utf8)

        let run = try CommandLineTests.run(["bench", "validate", "--corpus", corpus, "--archives", folder])
        #expect(run.status == 1)
        #expect(run.errors.contains("1 of 2 archives differ from their truth files"), "\(run.errors)")
        let lines = run.output.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("clean ") && $0.hasSuffix("yes       yes") }, "\(run.output)")
        #expect(lines.contains { $0.hasPrefix("postech ") && $0.hasSuffix("NO") }, "\(run.output)")
        #expect(lines.contains("postech: T4 errors found 22, judged real 21"), "\(run.output)")
        #expect(lines.contains { $0.hasPrefix("accepted by Apple: 1 of 1 with 0 errors; errors as judged: 1 of 2;") }, "\(run.output)")
        #expect(
            lines.contains(
                "elsewhere: archive not here; fetch example/venues@0000000000000000000000000000000000000000 IMDFData into --archives as elsewhere"
            ), "\(run.output)")

        // Judged right, the scoreboard passes.
        try Self.truth(accepted: false, errors: "\"A5\": 1, \"T4\": 22").write(
            toFile: corpus + "/postech.json", atomically: true, encoding: .utf8)
        let mended = try CommandLineTests.run(["bench", "validate", "--corpus", corpus, "--archives", folder, "--only", "postech"])
        #expect(mended.status == 0, "\(mended.output)\n\(mended.errors)")
    }

    @Test(arguments: [
        ("\"accepted\": \"a test says so\",", "\"T4\": 22", "errors: an archive Apple accepted has none"),
        ("\"accepted\": null,", "\"Z9\": 1", "errors.Z9: no such finding code"),
        ("\"accepted\": null,", "\"T4\": 0", "errors.T4: a count above 0 expected"),
        ("\"accepted\": null,", "", "producer: missing"),
    ])
    func aTruthFileWithAMistakeIsAnErrorThatNamesTheField(accepted: String, errors: String, says: String) throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var text = Self.truth(accepted: false, errors: errors).replacingOccurrences(of: "\"accepted\": null,", with: accepted)
        if says.hasPrefix("producer") { text = text.replacingOccurrences(of: "\"producer\": \"a test\",", with: "") }
        try text.write(toFile: folder + "/broken.json", atomically: true, encoding: .utf8)
        let run = try CommandLineTests.run(["bench", "validate", "--corpus", folder])
        #expect(run.status == 1)
        #expect(run.errors.contains("broken.json: \(says)"), "\(run.errors)")
    }
}
