// What is known of a real IMDF archive of the validation corpus (Benchmarks/archives/README.md):
// where it comes from, whether Apple's own tools accepted it, and the errors a person looked at
// one by one and judged real defects. Read strictly, so that a typo in a truth file is an error
// that names it, not a silently different score.

import Foundation
import Validation

public struct ArchiveTruth: Sendable {
    public var name: String
    public var source: FloorplanTruth.Source
    /// What made the archive (the manifest's `generated_by`, or the project that wrote it).
    public var producer: String
    /// Why Apple's validator is known to have accepted the archive (an export of Apple's IMDF
    /// Sandbox, one of Apple's own samples), or nil where nobody knows: an accepted archive must
    /// have no error.
    public var accepted: String?
    /// Error findings per code, each judged a real defect of the archive.
    public var errors: [String: Int]
    /// How the errors were judged.
    public var judged: String

    /// Reads `NAME.json`; the error names the file and the field that is wrong.
    public static func read(_ path: String) throws(CommandFailure) -> ArchiveTruth {
        struct File: Decodable {
            var source: FloorplanTruth.Source
            var producer: String
            var accepted: String?
            var errors: [String: Int]
            var judged: String
        }
        func failure(_ why: String) -> CommandFailure { TruthFile.failure(path, why) }
        let file = try TruthFile.decode(File.self, at: path)
        for (code, count) in file.errors.sorted(by: { $0.key < $1.key }) {
            guard FindingCode.matching(code)?.rawValue == code else { throw failure("errors.\(code): no such finding code") }
            guard count > 0 else { throw failure("errors.\(code): a count above 0 expected") }
        }
        if file.accepted != nil, !file.errors.isEmpty {
            throw failure("errors: an archive Apple accepted has none (\"accepted\" is set)")
        }
        let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        return ArchiveTruth(
            name: name, source: file.source, producer: file.producer, accepted: file.accepted, errors: file.errors, judged: file.judged)
    }
}

/// One archive of the corpus validated, against its truth.
public struct ArchiveScore: Sendable {
    public var features: Int
    public var errors: Int
    public var warnings: Int
    public var info: Int
    /// Findings that name one of Apple's rules.
    public var appleNamed: Int
    /// Error findings per code, as validation raised them.
    public var errorsByCode: [String: Int]
    /// Codes whose error count differs from the truth: found minus judged, by code.
    public var differences: [(code: String, found: Int, judged: Int)]

    public var findings: Int { errors + warnings + info }
    /// Whether validation raised exactly the errors judged real.
    public var matches: Bool { differences.isEmpty }

    public static func score(_ report: ValidationReport, features: Int, against truth: ArchiveTruth) -> ArchiveScore {
        var errorsByCode: [String: Int] = [:]
        var counts = (errors: 0, warnings: 0, info: 0, apple: 0)
        for finding in report.findings {
            switch finding.severity {
            case .error:
                counts.errors += 1
                errorsByCode[finding.code.rawValue, default: 0] += 1
            case .warning: counts.warnings += 1
            case .info: counts.info += 1
            }
            if finding.rule != nil { counts.apple += 1 }
        }
        let codes = Set(errorsByCode.keys).union(truth.errors.keys)
        let differences = codes.compactMap { code -> (code: String, found: Int, judged: Int)? in
            let found = errorsByCode[code] ?? 0
            let judged = truth.errors[code] ?? 0
            return found == judged ? nil : (code, found, judged)
        }.sorted { (FindingCode.matching($0.code)?.rank ?? .max, $0.code) < (FindingCode.matching($1.code)?.rank ?? .max, $1.code) }
        return ArchiveScore(
            features: features, errors: counts.errors, warnings: counts.warnings, info: counts.info, appleNamed: counts.apple,
            errorsByCode: errorsByCode, differences: differences)
    }
}
