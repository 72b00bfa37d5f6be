import ArgumentParser
import IMDF

/// `--max-size` and `--max-total`, on every command that reads an archive: how much one file,
/// and the archive in all, may hold once read (zip entries are checked before they are inflated).
struct ArchiveLimitOptions: ParsableArguments {
    @Option(
        name: .customLong("max-size"),
        help: ArgumentHelp("The largest file an archive may hold once read (default 1G).", valueName: "SIZE"))
    var maxSize: String?
    @Option(
        name: .customLong("max-total"),
        help: ArgumentHelp("The largest total of an archive's files once read (default 4G).", valueName: "SIZE"))
    var maxTotal: String?

    func validate() throws {
        _ = try parsed()
    }

    var limits: ArchiveLimits { (try? parsed()) ?? .standard }

    private func parsed() throws -> ArchiveLimits {
        var limits = ArchiveLimits.standard
        if let maxSize {
            guard let bytes = ArchiveLimits.parseSize(maxSize) else {
                throw ValidationError("--max-size \(maxSize): give a size such as 2G, 500M or 1048576 (bytes)")
            }
            limits.maxFileBytes = bytes
            limits.maxTotalBytes = max(limits.maxTotalBytes, bytes)
        }
        if let maxTotal {
            guard let bytes = ArchiveLimits.parseSize(maxTotal) else {
                throw ValidationError("--max-total \(maxTotal): give a size such as 8G, 500M or 1048576 (bytes)")
            }
            limits.maxTotalBytes = bytes
        }
        return limits
    }
}
