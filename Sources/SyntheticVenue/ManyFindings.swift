// The benchmark venue made to raise findings by the hundred thousand, of several codes and all
// three severities: what the report of `imdf validate` is measured on (`imdf bench validate
// --many-findings`). Each occupant gets a unit category (`classroom`: one error, F4c) and loses
// its hours, phone and website (three warnings, F10) and its modified time (one info, F10); each
// unit gets an `alt_name` in a language its name lacks (one warning, F9). On workload W (24,000
// occupants, 24,200 units) that is 144,200 findings.

import IMDF

extension VenueGenerator {
    /// The generation of `withManyFindings`: raised whenever what it changes changes, so that
    /// workloads cached on disk by an earlier generation are made anew.
    public static let manyFindingsGeneration = 2

    /// `archive` with findings raised on every occupant and unit, as described above; nothing
    /// else changes.
    public static func withManyFindings(_ archive: IMDFArchive) -> IMDFArchive {
        var archive = archive
        if var occupants = archive.collections[.occupant] {
            for index in occupants.features.indices {
                occupants.features[index].setString(.category, "classroom")
                for key in [PropertyKey.hours, .phone, .website] { occupants.features[index].setProperty(key, .null) }
                occupants.features[index].setProperty(.validity, ["start": .null, "end": .null, "modified": .null])
            }
            archive.collections[.occupant] = occupants
        }
        if var units = archive.collections[.unit] {
            for index in units.features.indices {
                units.features[index].setProperty(.altName, Labels("Raum", language: "de").json)
            }
            archive.collections[.unit] = units
        }
        return archive
    }
}
