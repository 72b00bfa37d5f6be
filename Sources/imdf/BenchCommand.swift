import ArgumentParser

/// `imdf bench ...`: the performance workloads of PRODUCT.md section 9, with medians.
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Run a performance workload and print medians.",
        subcommands: [IOBenchCommand.self, IOBenchWorker.self]
    )
}
