import ArgumentParser
import IMDF
import Shell
import SyntheticVenue

/// `imdf generate OUT`: a deterministic synthetic venue (benchmarks, demos).
struct GenerateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: "Write a deterministic, specification-conformant synthetic venue.",
        discussion: """
            Buildings stand in a grid; each level has a corridor with rooms on both sides, a door per room on \
            the corridor wall, an anchor and an occupant per room, and four amenities. The benchmark workload W \
            is --buildings 20 --levels 10 --rooms 120 (about 97,000 features).
            """
    )

    @Argument(help: "Where to write the archive (a folder, or a .zip/.imdf file).") var output: String
    @Option(help: "Number of buildings.") var buildings: Int = 1
    @Option(help: "Levels per building.") var levels: Int = 1
    @Option(help: "Rooms per level.") var rooms: Int = 10
    @Option(help: "Seed: the same seed gives the same venue, ids included.") var seed: UInt64 = 1

    func validate() throws {
        guard (1...1000).contains(buildings) else { throw ValidationError("--buildings must be between 1 and 1000") }
        guard (1...200).contains(levels) else { throw ValidationError("--levels must be between 1 and 200") }
        guard (1...2000).contains(rooms) else { throw ValidationError("--rooms must be between 1 and 2000") }
    }

    func run() throws {
        let archive = VenueGenerator.generate(VenueSpec(buildings: buildings, levels: levels, rooms: rooms, seed: seed))
        do {
            try ArchiveWriter.write(archive, to: output, created: SaveClock.now())
        } catch {
            throw CommandFailure(exitCode: CommandFailure.commandFailed, message: error.description)
        }
        Output.line(
            "wrote \(output): \(archive.featureCount.grouped) features (\(Self.count(buildings, "building")) x \(Self.count(levels, "level")) x \(Self.count(rooms, "room")), seed \(seed))"
        )
    }

    static func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }
}
