import Foundation
import IMDF
import Synchronization
import TestSupport
import Testing
import Validation
import Workbench

@testable import Shell

/// Long work shows progress on a terminal; `validate level` validates the level alone.
@Suite("Progress and validating one level")
struct ProgressTests {
    final class Screen: Sendable {
        let written = Mutex<[String]>([])
        var write: @Sendable (String) -> Void { { text in self.written.withLock { $0.append(text) } } }
    }

    @Test func progressIsDrawnOnATerminalOnceTheWorkIsSlowAndClearedWhenItEnds() {
        let screen = Screen()
        let progress = Progress("validating venue", onTerminal: true, delay: 0, ticking: false, write: screen.write)
        progress.update("3 of 5 levels")
        progress.finish()
        let written = screen.written.withLock { $0 }
        #expect(written.first?.hasPrefix("\r\u{1B}[Kvalidating venue: 3 of 5 levels (") == true, "\(written)")
        #expect(written.contains { $0.hasPrefix("\r\u{1B}[Kvalidating venue: 3 of 5 levels (") }, "\(written)")
        #expect(written.last == "\r\u{1B}[K")
        progress.update("after the end")
        #expect(screen.written.withLock { $0.count } == written.count)
    }

    @Test func progressIsSilentOffATerminalAndForQuickWork() {
        let screen = Screen()
        let piped = Progress("opening", onTerminal: false, delay: 0, write: screen.write)
        piped.update("1 of 2")
        piped.finish()
        let quick = Progress("opening", onTerminal: true, delay: 60, write: screen.write)
        quick.update("1 of 2")
        quick.finish()
        #expect(screen.written.withLock { $0 }.isEmpty)
    }

    @Test func validateLevelValidatesThatLevelAloneAndFindsWhatTheWholeValidationFindsThere() throws {
        var session = EditingSession(document: Document(try ArchiveReader.read(Samples.spbstu).archive), archivePath: Samples.spbstu)
        let level = "fc8f18cb"  // Level 1 of Academic building №3: anchors outside their rooms, overlapping rooms
        let levelID = try session.resolve(level, argument: "level")
        let json = try Interpreter.execute("validate level \(level) --json", in: &session)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let findings = try #require(object["findings"] as? [[String: Any]])
        let document = session.document
        func onLevel(_ id: String) -> Bool {
            guard let feature = document.feature(id) else { return false }
            if feature.id == levelID || feature.string(.levelID) == levelID { return true }
            let unit =
                feature.string(.unitID) ?? feature.strings(.unitIDs)?.first
                ?? feature.string(.anchorID).flatMap { document.feature($0)?.string(.unitID) }
            return unit.flatMap { document.feature($0)?.string(.levelID) } == levelID
        }
        #expect(!findings.isEmpty && findings.allSatisfy { ($0["featureID"] as? String).map(onLevel) == true })
        // What the whole validation finds on the level's own features (anchors, rooms, doors), the level's finds.
        let whole = EditingSession.validation(of: document).findings.filter { finding in
            finding.featureID.map(onLevel) == true && [.G2, .G8, .G1, .G4, .F4c].contains(finding.code)
        }
        let keys = Set(findings.map { "\($0["code"] as? String ?? "") \($0["featureID"] as? String ?? "")" })
        #expect(
            whole.allSatisfy { keys.contains("\($0.code.rawValue) \($0.featureID ?? "")") },
            "\(whole.filter { !keys.contains("\($0.code.rawValue) \($0.featureID ?? "")") }.map(\.message))")
        #expect(findings.contains { $0["code"] as? String == "G2" })
    }
}
