import ArgumentParser
import IMDF
import Shell

/// `--max-size` and `--max-total`, on every command that reads an archive: how much one file,
/// and the archive in all, may hold once read (zip entries are checked before they are inflated).
struct ArchiveLimitOptions: ParsableArguments {
    static let maxSizeHelp = "The largest file an archive may hold once read (default 1G)."
    static let maxTotalHelp = "The largest total of an archive's files once read (default 4G)."

    @Option(name: .customLong("max-size"), help: ArgumentHelp(Self.maxSizeHelp, valueName: "SIZE")) var maxSize: String?
    @Option(name: .customLong("max-total"), help: ArgumentHelp(Self.maxTotalHelp, valueName: "SIZE")) var maxTotal: String?

    /// The same two options for a prompt command's front door (CommandLineFront).
    static let frontOptions = [
        CommandLineFront.Option("max-size", value: "SIZE", maxSizeHelp), CommandLineFront.Option("max-total", value: "SIZE", maxTotalHelp),
    ]

    func validate() throws {
        _ = try Self.limits(maxSize: maxSize, maxTotal: maxTotal)
    }

    var limits: ArchiveLimits { (try? Self.limits(maxSize: maxSize, maxTotal: maxTotal)) ?? .standard }

    /// The limits given, as `--max-size` and `--max-total` spell them.
    static func limits(maxSize: String?, maxTotal: String?) throws(ValidationError) -> ArchiveLimits {
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

    /// The limits a front door's words gave.
    static func limits(_ parsed: CommandLineFront.Parsed) throws(CommandFailure) -> ArchiveLimits {
        do {
            return try limits(maxSize: parsed.value("max-size"), maxTotal: parsed.value("max-total"))
        } catch {
            throw CommandFailure(exitCode: CommandFailure.usage, message: error.message)
        }
    }
}
