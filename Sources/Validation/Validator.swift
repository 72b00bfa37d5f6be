// Runs every rule over a loaded archive and collects the findings. Validation only reads: the
// archive is never changed (fixes are described, for the editor to run as commands).

import Foundation
import IMDF

public struct ValidationReport: Sendable {
    public var findings: [Finding]

    public init(findings: [Finding]) { self.findings = findings }

    public func count(_ severity: Severity) -> Int { findings.filter { $0.severity == severity }.count }
    public var hasErrors: Bool { findings.contains { $0.severity == .error } }

    /// The findings of these codes and of these rules of Apple's (rule names compared without
    /// regard to case); all of them when both are empty.
    public func only(codes: [FindingCode], rules: [String]) -> ValidationReport {
        guard !codes.isEmpty || !rules.isEmpty else { return self }
        let names = Set(rules.map { $0.lowercased() })
        return ValidationReport(findings: findings.filter { finding in
            codes.contains(finding.code) || finding.rule.map { names.contains($0.lowercased()) } == true
        })
    }

    /// Findings per code (and severity, as one code can be raised at another severity), most
    /// severe first.
    public var groups: [(code: FindingCode, severity: Severity, findings: [Finding])] {
        var grouped: [String: (FindingCode, Severity, [Finding])] = [:]
        for finding in findings {
            let key = "\(finding.severity.rawValue) \(finding.code.rawValue)"
            grouped[key, default: (finding.code, finding.severity, [])].2.append(finding)
        }
        return grouped.values.sorted {
            ($0.1, FindingCode.allCases.firstIndex(of: $0.0)!) < ($1.1, FindingCode.allCases.firstIndex(of: $1.0)!)
        }.map { (code: $0.0, severity: $0.1, findings: $0.2) }
    }
}

/// The stages of a validation run, for progress displays.
public enum ValidationStage: Sendable {
    case features(done: Int, of: Int)
    case levels(done: Int, of: Int)
}

public enum Validator {
    /// `now`: the time occupants' validity is measured against (Apple: "the current date-time").
    public static func validate(
        _ load: ArchiveLoad, now: Date = Date(), progress: (@Sendable (ValidationStage) -> Void)? = nil
    ) -> ValidationReport {
        let context = ValidationContext(load: load, now: now)
        let relations = Relations(load.archive)
        var findings = ArchiveRules.check(load)
        findings += FeatureRules.check(context, progress: progress)
        findings += AddressRules.check(context, relations)
        findings += ExpectedProperties.check(context)
        findings += DistinctNames.check(context, relations)
        findings += CorrelationRules.check(context, relations)
        findings += TemporalRules.check(context)
        findings += HierarchyRules.check(context, relations)
        findings += ParkingRules.check(context, relations)
        findings += OrdinalRules.check(context)
        findings += RoutingRules.check(context)
        findings += SpatialRules.check(context, progress: progress)
        // Each finding's place in the report, worked out once: a report of 24,000 findings sorts
        // in n log n comparisons of integers, not of codes looked up in a list each time.
        let codeRank = Dictionary(uniqueKeysWithValues: FindingCode.allCases.enumerated().map { ($1, $0) })
        let severityRank = Dictionary(uniqueKeysWithValues: Severity.allCases.enumerated().map { ($1, $0) })
        let ordered = findings.map { finding in
            (key: (severityRank[finding.severity] ?? 0, codeRank[finding.code] ?? 0, finding.file ?? "", finding.line ?? 0), finding: finding)
        }.sorted { $0.key < $1.key }
        return ValidationReport(findings: ordered.map(\.finding))
    }
}

/// What every rule needs: the archive, where each feature came from, and the id index.
struct ValidationContext: Sendable {
    let load: ArchiveLoad
    let archive: IMDFArchive
    let index: FeatureIndex
    let language: String?
    let now: Date

    init(load: ArchiveLoad, now: Date = Date()) {
        self.load = load
        self.now = now
        archive = load.archive
        index = load.archive.makeIndex()
        language = load.archive.manifest.language
    }

    /// The IMDF collections with the file name messages should name.
    var imdfCollections: [(type: FeatureType, file: String, collection: FeatureCollection)] {
        FeatureType.hierarchyOrder.compactMap { type in
            archive.collections[type].map { (type, $0.sourceFileName ?? $0.fileName, $0) }
        }
    }

    func feature(_ id: String) -> Feature? { index[id].map { archive.feature(at: $0) } }

    func fileName(of feature: Feature) -> String? {
        guard let place = index[feature.id] else { return nil }
        switch place.collection {
        case .imdf(let type): return archive.collections[type].map { $0.sourceFileName ?? $0.fileName }
        case .extension(let number): return archive.extensions[number].sourceFileName ?? archive.extensions[number].fileName
        }
    }

    /// A short human name for a feature: its label in the manifest's language, or its id prefix.
    func describe(_ feature: Feature) -> String {
        if let name = feature.labels(.name)?.preferred(language: language), !name.isEmpty {
            return "\(feature.featureType) \"\(name)\" (\(feature.id.prefix(8)))"
        }
        return "\(feature.featureType) \(feature.id.prefix(8))"
    }
}
