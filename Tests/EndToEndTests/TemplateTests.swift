import Foundation
import TestSupport
import Testing

/// The starter archives: `imdf new`, each template validating clean, the Session that starts from
/// it, and Templates/make reproducing them from their scripts.
@Suite("Templates")
struct TemplateTests {
    let templates = ["blank": "fill-a-blank-venue", "office-floor": "furnish-an-office-floor", "campus": "walk-the-campus"]

    func imdf(_ arguments: String...) throws -> ChildProcess.Result { try ChildProcess.run(CommandLineTests.executable, arguments) }

    func temporaryFolder() throws -> String {
        let path = NSTemporaryDirectory() + "imdf-templates-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// Errors and warnings of `imdf validate --json` on `archive`.
    func problems(_ archive: String) throws -> (errors: Int, warnings: Int) {
        let run = try imdf("validate", archive, "--json")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
        let counts = try #require(report["counts"] as? [String: Int])
        return (counts["error"] ?? -1, counts["warning"] ?? -1)
    }

    /// Apple's rules an archive's errors and warnings name.
    func rules(_ archive: String) throws -> Set<String> {
        let run = try imdf("validate", archive, "--json")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
        let findings = try #require(report["findings"] as? [[String: Any]])
        return Set(findings.filter { $0["severity"] as? String != "info" }.map { $0["rule"] as? String ?? ($0["code"] as? String ?? "?") })
    }

    /// What Apple's rules say of a level with nothing on it yet: no unit refers to it, so none
    /// covers it either, and no opening refers to it.
    static let emptyLevel: Set<String> = [
        "LevelMustBeReferencedByUnit", "LevelMustBeFullyCoveredByUnits", "LevelShouldBeReferencedByOpening",
    ]
    /// ... and of levels partly filled, in a venue whose new building shares the first one's
    /// address (as the walk-through below chooses).
    static let unfinishedLevels: Set<String> = emptyLevel.union(["LevelMustBeFullyCoveredByUnits", "BuildingsHaveSameAddress"])

    @Test func eachTemplateStartsAnArchiveThatValidatesCleanAndItsSessionRuns() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let list = try imdf("new", "--list")
        #expect(list.status == 0)
        for name in templates.keys { #expect(list.output.contains(name + " "), "\(name) is not listed") }
        let sessions = Samples.packageRoot.appendingPathComponent("Sessions").path
        for (name, session) in templates {
            let archive = folder + "/" + name
            let made = try imdf("new", archive, "--template", name)
            #expect(made.status == 0, "\(name): \(made.errors)")
            if name == "blank" {
                // Its level is empty, which Apple's rules flag until its session adds rooms and doors.
                #expect(try rules(archive) == Self.emptyLevel, "\(name)")
            } else {
                #expect(try problems(archive) == (0, 0), "\(name)")
            }
            let run = try imdf("run", sessions + "/" + session + ".imdfs", "--archive", archive, "--save", archive)
            #expect(run.status == 0, "\(session): \(run.errors)")
            #expect(try problems(archive) == (0, 0), "\(session)")
        }
        #expect(try imdf("new", folder + "/blank", "--template", "blank").status == 1)  // never over an archive
        #expect(try imdf("new", folder + "/x", "--template", "nothing").errors.contains("there are: blank, campus, office-floor"))
    }

    @Test func theBlankSessionsAnchorsInheritTheirAddresses() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try imdf("new", folder + "/venue", "--template", "blank").status == 0)
        let script = Samples.packageRoot.appendingPathComponent("Sessions/fill-a-blank-venue.imdfs").path
        #expect(try imdf("run", script, "--archive", folder + "/venue", "--save", folder + "/venue").status == 0)
        let addresses = try String(contentsOfFile: folder + "/venue/address.geojson", encoding: .utf8)
        #expect(addresses.contains("\"unit\": \"Reception\"") && addresses.contains("\"unit\": \"Room 101\""))
        let levels = try String(contentsOfFile: folder + "/venue/unit.geojson", encoding: .utf8)
        #expect(levels.contains("\"level_id\": \""))
    }

    @Test func templatesAreExactlyWhatTheirScriptsMake() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let make = Samples.packageRoot.appendingPathComponent("Templates/make").path
        let run = try ChildProcess.run("bash", [make, CommandLineTests.executable, folder])
        #expect(run.status == 0, "\(run.errors)")
        let committed = Samples.packageRoot.appendingPathComponent("Templates").path
        for name in templates.keys {
            let files = try FileManager.default.contentsOfDirectory(atPath: committed + "/" + name).sorted()
            #expect(files == (try FileManager.default.contentsOfDirectory(atPath: folder + "/" + name).sorted()), "\(name)")
            for file in files {
                let a = try Data(contentsOf: URL(fileURLWithPath: committed + "/" + name + "/" + file))
                let b = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name + "/" + file))
                #expect(a == b, "Templates/\(name)/\(file) differs from what Templates/make writes")
            }
        }
    }

    /// Issue-level walk-through of inheritance on save, through `imdf run` as a user runs it.
    @Test func aBuildingsLevelsRoomsAndAnchorsInheritOnSaveAndFollowLaterEdits() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let venue = folder + "/venue"
        #expect(try imdf("new", venue, "--template", "blank").status == 0)
        // b9b501d1 is the blank template's building address ("2 Campus Drive"), c15c0289 the venue's.
        try """
        add building "Annex" address=b9b501d1 as annex
        use building $annex
        add level "Annex ground" ordinal=0 short=G rect -15,27 20x12 as g
        # coordinates are now metres from the ground level's south-west corner
        add level "Annex upstairs" ordinal=1 short=1 rect 0,0 20x12 as up
        use level $g
        add unit "Lab" category=laboratory rect 1,1 6x5 as lab
        add unit "Office" category=office rect 7,1 6x5 as office
        add opening on $lab at 1,3 as door
        attach anchor to $lab
        attach anchor to $office
        attach anchor to $office address=c15c0289 as chosen
        """.write(toFile: folder + "/build.imdfs", atomically: true, encoding: .utf8)
        let built = try imdf("run", folder + "/build.imdfs", "--archive", venue, "--save", venue)
        #expect(built.status == 0, "\(built.errors)")
        // Nothing wrong with references, addresses or the hierarchy: only the unfinished levels.
        let found = try rules(venue)
        #expect(found.isSubset(of: Self.unfinishedLevels), "\(found)")

        func features(_ type: String) throws -> [[String: Any]] {
            let data = try Data(contentsOf: URL(fileURLWithPath: "\(venue)/\(type).geojson"))
            let collection = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            return (collection["features"] as? [[String: Any]] ?? []).map { $0["properties"] as? [String: Any] ?? [:] }
        }
        func named(_ name: String, _ type: String) throws -> [String: Any]? {
            try features(type).first { ($0["name"] as? [String: String])?["en"] == name }
        }
        let levels = try features("level")
        let annexLevels = levels.filter {
            ($0["building_ids"] as? [String])?.count == 1 && ($0["name"] as? [String: String])?["en"]?.hasPrefix("Annex") == true
        }
        #expect(annexLevels.count == 2)
        let annexBuilding = Set(annexLevels.compactMap { ($0["building_ids"] as? [String])?.first })
        let firstBuilding = Set(
            levels.filter { ($0["name"] as? [String: String])?["en"] == "Ground Floor" }.compactMap {
                ($0["building_ids"] as? [String])?.first
            })
        #expect(annexBuilding.count == 1 && firstBuilding.count == 1 && annexBuilding != firstBuilding)
        var addresses = try features("address").compactMap { $0["unit"] as? String }
        #expect(addresses.sorted() == ["Lab", "Office"])
        #expect(try features("address").filter { $0["unit"] is String }.allSatisfy { $0["address"] as? String == "2 Campus Drive" })
        let labLevel = try #require(try named("Lab", "unit")?["level_id"] as? String)
        #expect(try features("opening").contains { $0["level_id"] as? String == labLevel })

        // The room moves upstairs (its door follows), the building's street changes.
        try """
        use building Annex
        use level "Annex ground"
        move unit Lab to level "Annex upstairs"
        set b9b501d1 address="5 New Street"
        """.write(toFile: folder + "/change.imdfs", atomically: true, encoding: .utf8)
        let changed = try imdf("run", folder + "/change.imdfs", "--archive", venue, "--save", venue)
        #expect(changed.status == 0, "\(changed.errors)")
        let foundAfter = try rules(venue)
        #expect(foundAfter.isSubset(of: Self.unfinishedLevels), "\(foundAfter)")
        let upstairs = try #require(try named("Lab", "unit")?["level_id"] as? String)
        #expect(upstairs != labLevel)
        #expect(try features("opening").contains { $0["level_id"] as? String == upstairs })
        addresses = try features("address").filter { $0["unit"] is String }.compactMap { $0["address"] as? String }
        #expect(addresses == ["5 New Street", "5 New Street"])
        // The anchor given the venue's address keeps it.
        let anchors = try features("anchor")
        #expect(anchors.filter { ($0["address_id"] as? String)?.hasPrefix("c15c0289") == true }.count == 1)
    }
}
