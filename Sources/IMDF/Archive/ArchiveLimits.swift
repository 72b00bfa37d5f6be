// How much an archive may make the reader hold in memory. A zip is checked against these before
// anything is inflated (a few kilobytes can declare gigabytes), and inflating stops at each
// entry's declared size, so a lying entry cannot pass them either. Folder files are checked by
// their size on disk before they are read.

import Foundation

public struct ArchiveLimits: Sendable, Hashable, Codable {
    /// The largest file (a zip entry once inflated, or a file of a folder archive), in bytes.
    public var maxFileBytes: UInt64
    /// The largest total of the files read, in bytes.
    public var maxTotalBytes: UInt64

    public static let gibibyte: UInt64 = 1 << 30
    /// 1 GiB a file, 4 GiB in all: about twenty times the largest real venue seen (a 61 MB
    /// campus), well under what a machine that edits it has.
    public static let standard = ArchiveLimits(maxFileBytes: gibibyte, maxTotalBytes: 4 * gibibyte)

    public init(maxFileBytes: UInt64, maxTotalBytes: UInt64) {
        self.maxFileBytes = maxFileBytes
        self.maxTotalBytes = maxTotalBytes
    }

    /// Reads a size such as `1G`, `500M`, `64k` or `1048576` (bytes; binary multiples).
    public static func parseSize(_ text: String) -> UInt64? {
        var digits = Substring(text.trimmingCharacters(in: .whitespaces))
        var multiplier: UInt64 = 1
        if let last = digits.last?.lowercased().first, "kmgt".contains(last) {
            multiplier = ["k": 1 << 10, "m": 1 << 20, "g": 1 << 30, "t": 1 << 40][last]!
            digits = digits.dropLast()
            if digits.last?.lowercased() == "i" { digits = digits.dropLast() }  // 1GiB-style
        } else if digits.last?.lowercased() == "b" {
            digits = digits.dropLast()
        }
        guard !digits.isEmpty, digits.allSatisfy(\.isASCII), let value = UInt64(digits) else { return nil }
        let (product, overflow) = value.multipliedReportingOverflow(by: multiplier)
        return overflow || product == 0 ? nil : product
    }

    /// `1.0 GiB`, `512 MiB`, `12 KiB`, `87 bytes`.
    public static func describe(_ bytes: UInt64) -> String {
        let units: [(UInt64, String)] = [(1 << 40, "TiB"), (1 << 30, "GiB"), (1 << 20, "MiB"), (1 << 10, "KiB")]
        for (size, name) in units where bytes >= size {
            let value = Double(bytes) / Double(size)
            return value == value.rounded() ? "\(Int(value)) \(name)" : String(format: "%.1f %@", value, name)
        }
        return "\(bytes) bytes"
    }
}
