// Runs every rule over a loaded archive and collects the findings. Validation only reads: the
// archive is never changed (fixes are described, for the editor to run as commands).

import Foundation
import IMDF
import Synchronization

public struct ValidationReport: Sendable {
    public var findings: FindingList
    /// Ids as the report shows them: unique among the archive's ids (`ShortIDs`).
    public var shortIDs = ShortIDs()

    public init(findings: FindingList, shortIDs: ShortIDs = ShortIDs()) {
        self.findings = findings
        self.shortIDs = shortIDs
    }

    public init(findings: [Finding], shortIDs: ShortIDs = ShortIDs()) {
        self.init(findings: FindingList(findings), shortIDs: shortIDs)
    }

    public func count(_ severity: Severity) -> Int { findings.filter { $0.severity == severity }.count }
    public var hasErrors: Bool { findings.contains { $0.severity == .error } }

    /// The findings of these codes and of these rules of Apple's (rule names compared without
    /// regard to case); all of them when both are empty.
    public func only(codes: [FindingCode], rules: [String]) -> ValidationReport {
        guard !codes.isEmpty || !rules.isEmpty else { return self }
        let names = Set(rules.map { $0.lowercased() })
        return ValidationReport(
            findings: findings.filter { finding in
                codes.contains(finding.code) || finding.rule.map { names.contains($0.lowercased()) } == true
            }, shortIDs: shortIDs)
    }

    /// Findings per code (and severity, as one code can be raised at another severity), most
    /// severe first.
    public var groups: [(code: FindingCode, severity: Severity, findings: [Finding])] {
        struct Key: Hashable {
            var severity: Severity
            var code: String
        }
        var grouped: [Key: (FindingCode, Severity, [Finding])] = [:]
        for finding in findings {
            grouped[Key(severity: finding.severity, code: finding.code.rawValue), default: (finding.code, finding.severity, [])].2.append(
                finding)
        }
        return grouped.values.sorted {
            ($0.1, $0.0.rank) < ($1.1, $1.0.rank)
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
    /// `coveredLevels`: the levels whose covering by units (LevelMustBeFullyCoveredByUnits) is
    /// checked, nil for all. A part cut out of a venue that holds only some of a level's units
    /// leaves that level out: what those units cover says nothing about the level.
    public static func validate(
        _ load: ArchiveLoad, now: Date = Date(), coveredLevels: Set<String>? = nil, progress: (@Sendable (ValidationStage) -> Void)? = nil
    ) -> ValidationReport {
        let context = ValidationContext(load: load, now: now, coveredLevels: coveredLevels)
        // What the rules share is worked out side by side; then every rule group, every slice of
        // the features and every level is a job of its own, and the jobs run on all cores. Their
        // findings are put together in the order of the jobs, which is the order the rules ran in
        // one after another, so the report (sorted below) is the same whatever ran where.
        let (relations, spatial) = inParallel({ Relations(load.archive) }, { SpatialRules.plan(context) })
        let jobs = ValidationJob.all(context, spatial)
        let featureCount = context.archive.collections.values.reduce(0) { $0 + $1.features.count }
        let featuresDone = Mutex(0)
        let levelsDone = Mutex(0)
        let levelCount = spatial?.levelCount ?? 0
        let results = jobs.parallelMap(heaviestFirst: { $0.weight }) { job -> [Finding] in
            let findings = job.run(context, relations, spatial)
            switch job {
            case .features(_, _, let range):
                let done = featuresDone.withLock { done in
                    done += range.count
                    return done
                }
                progress?(.features(done: done, of: featureCount))
            case .spatial:
                let done = levelsDone.withLock { done in
                    done += 1
                    return done
                }
                progress?(.levels(done: Swift.min(done, levelCount), of: levelCount))
            default:
                break
            }
            return findings
        }
        return ValidationReport(findings: reportOrder([ArchiveRules.check(load)] + results), shortIDs: context.shortIDs)
    }

    /// The findings of all groups in the report's order: by severity, code (in the order of
    /// `FindingCode.allCases`), file and line, and where those are the same in the order the
    /// rules ran. The findings stay where the rules put them (`FindingList`); their order is
    /// worked out on integer keys, one small element per finding.
    static func reportOrder(_ groups: [[Finding]]) -> FindingList {
        struct SortKey: Comparable {
            /// Severity, code and file, by rank, in that order of significance.
            var major: UInt64
            var line: Int
            /// The list (high 32 bits) and the place in it.
            var place: UInt64

            static func < (a: SortKey, b: SortKey) -> Bool {
                (a.major, a.line, a.place) < (b.major, b.line, b.place)
            }
        }
        // Ranks by a switch and an array, not dictionaries: each is read once per finding.
        func severityRank(_ severity: Severity) -> UInt64 {
            switch severity {
            case .error: 0
            case .warning: 1
            case .info: 2
            }
        }
        let count = groups.reduce(0) { $0 + $1.count }
        // Files are numbered as they come, then ranked by name; the code of the last finding is
        // kept, as runs of one code are the rule.
        var fileNumbers: [String: UInt64] = ["": 0]
        var keys: [SortKey] = []
        keys.reserveCapacity(count)
        var lastCode: (code: FindingCode, rank: UInt64)?
        var lastFile: (file: String, number: UInt64)?
        for group in groups.indices {
            groups[group].withUnsafeBufferPointer { findings in
                for position in findings.indices {
                    let code: UInt64
                    if let lastCode, lastCode.code == findings[position].code {
                        code = lastCode.rank
                    } else {
                        code = UInt64(findings[position].code.rank)
                        lastCode = (findings[position].code, code)
                    }
                    let file = findings[position].file ?? ""
                    let fileNumber: UInt64
                    if let lastFile, lastFile.file == file {
                        fileNumber = lastFile.number
                    } else {
                        fileNumber = fileNumbers[file] ?? UInt64(fileNumbers.count)
                        fileNumbers[file] = fileNumber
                        lastFile = (file, fileNumber)
                    }
                    keys.append(
                        SortKey(
                            major: severityRank(findings[position].severity) << 56 | code << 32 | fileNumber,
                            line: findings[position].line ?? 0, place: UInt64(group) << 32 | UInt64(position)))
                }
            }
        }
        var fileRanks = [UInt64](repeating: 0, count: fileNumbers.count)
        for (rank, entry) in fileNumbers.sorted(by: { $0.key < $1.key }).enumerated() { fileRanks[Int(entry.value)] = UInt64(rank) }
        for index in keys.indices {
            let number = keys[index].major & 0xFFFF_FFFF
            keys[index].major = keys[index].major & ~0xFFFF_FFFF | fileRanks[Int(number)]
        }
        keys.sort()
        return FindingList(groups: groups, order: keys.map(\.place))
    }
}

/// What every rule needs: the archive, where each feature came from, and the id index.
struct ValidationContext: Sendable {
    let load: ArchiveLoad
    let archive: IMDFArchive
    let index: FeatureIndex
    let language: String?
    let now: Date
    /// The levels whose covering by units is checked (nil: all).
    let coveredLevels: Set<String>?
    /// Ids as messages show them: unique among the archive's.
    let shortIDs: ShortIDs
    /// The features of each IMDF type (by its place in `FeatureType.allCases`) and of each
    /// extension (after them), for lookups by place without a dictionary.
    private let features: [[Feature]]

    init(load: ArchiveLoad, now: Date = Date(), coveredLevels: Set<String>? = nil) {
        self.load = load
        self.now = now
        self.coveredLevels = coveredLevels
        archive = load.archive
        index = load.index ?? load.archive.makeIndex()
        language = load.archive.manifest.language
        features = FeatureType.allCases.map { load.archive.collections[$0]?.features ?? [] } + load.archive.extensions.map(\.features)
        // The ids read in place: a generic iterator over the collections joined copied every
        // feature to read its id.
        var ids: [String] = []
        ids.reserveCapacity(features.reduce(0) { $0 + $1.count })
        for collection in features {
            collection.withUnsafeBufferPointer { features in
                for index in features.indices { ids.append(features[index].id) }
            }
        }
        shortIDs = ShortIDs(ids)
    }

    /// `id` as messages show it (`ShortIDs`).
    func short(_ id: String) -> String { shortIDs.short(id) }

    private static let typeNumbers = Dictionary(uniqueKeysWithValues: FeatureType.allCases.enumerated().map { ($1, $0) })

    private func number(of collection: FeatureIndex.CollectionKey) -> Int {
        switch collection {
        case .imdf(let type): Self.typeNumbers[type]!
        case .extension(let number): FeatureType.allCases.count + number
        }
    }

    /// The `feature_type` of the feature with this id (what reference checks compare), without
    /// copying the feature.
    func featureType(ofID id: String) -> String? {
        index[id].map { features[number(of: $0.collection)][$0.position].featureType }
    }

    /// The IMDF collections with the file name messages should name.
    var imdfCollections: [(type: FeatureType, file: String, collection: FeatureCollection)] {
        FeatureType.hierarchyOrder.compactMap { type in
            archive.collections[type].map { (type, $0.sourceFileName ?? $0.fileName, $0) }
        }
    }

    func feature(_ id: String) -> Feature? { index[id].map { features[number(of: $0.collection)][$0.position] } }

    func fileName(of feature: Feature) -> String? {
        guard let place = index[feature.id] else { return nil }
        switch place.collection {
        case .imdf(let type): return archive.collections[type].map { $0.sourceFileName ?? $0.fileName }
        case .extension(let number): return archive.extensions[number].sourceFileName ?? archive.extensions[number].fileName
        }
    }

    /// A short human name for a feature: its label in the manifest's language, or its id prefix.
    func describe(_ feature: Feature) -> String {
        if let value = feature.property(.name), let name = Labels.preferred(in: value, language: language), !name.isEmpty {
            return String(concatenating: feature.featureType, " \"", name, "\" (", short(feature.id), ")")
        }
        return String(concatenating: feature.featureType, " ", short(feature.id))
    }
}

/// One piece of a validation run: the per-feature checks of a slice of one collection, one group
/// of archive-wide rules, or the spatial checks of one level (or of the venue-wide features).
enum ValidationJob: Sendable {
    case features(FeatureType, file: String, Range<Int>)
    case featuresArchiveWide
    case expectedProperties(ExpectedProperties.Pass, Range<Int>)
    case addresses, distinctNames, correlation, temporal, hierarchy, parking, ordinals, routing
    case spatial(SpatialTask)

    /// Features per slice: small enough to spread a large collection over the cores.
    static let sliceSize = 4_000

    /// The jobs in the order the rules run one after another.
    static func all(_ context: ValidationContext, _ spatial: SpatialPlan?) -> [ValidationJob] {
        var jobs: [ValidationJob] = []
        for (type, file, collection) in context.imdfCollections {
            for start in stride(from: 0, to: collection.features.count, by: sliceSize) {
                jobs.append(.features(type, file: file, start..<Swift.min(start + sliceSize, collection.features.count)))
            }
        }
        jobs += [
            .featuresArchiveWide, .addresses,
        ]
        for pass in ExpectedProperties.Pass.all {
            let count = context.archive.collections[pass.featureType]?.features.count ?? 0
            for start in stride(from: 0, to: count, by: sliceSize) {
                jobs.append(.expectedProperties(pass, start..<Swift.min(start + sliceSize, count)))
            }
        }
        jobs += [.distinctNames, .correlation, .temporal, .hierarchy, .parking, .ordinals, .routing]
        jobs += (spatial?.tasks ?? []).map { .spatial($0) }
        return jobs
    }

    /// A rough cost, so the longest jobs start first and none runs alone at the end.
    var weight: Int {
        switch self {
        case .features(_, _, let range): range.count * 6
        case .expectedProperties(_, let range): range.count * 2
        case .distinctNames: 100_000
        case .spatial: 4_000
        default: 20_000
        }
    }

    func run(_ context: ValidationContext, _ relations: Relations, _ spatial: SpatialPlan?) -> [Finding] {
        switch self {
        case .features(let type, let file, let range): FeatureRules.check(context, type, file, range)
        case .featuresArchiveWide: FeatureRules.archiveWide(context)
        case .addresses: AddressRules.check(context, relations)
        case .expectedProperties(let pass, let range): ExpectedProperties.check(context, pass, range)
        case .distinctNames: DistinctNames.check(context, relations)
        case .correlation: CorrelationRules.check(context, relations)
        case .temporal: TemporalRules.check(context)
        case .hierarchy: HierarchyRules.check(context, relations)
        case .parking: ParkingRules.check(context, relations)
        case .ordinals: OrdinalRules.check(context)
        case .routing: RoutingRules.check(context)
        case .spatial(let task): spatial.map { SpatialRules.run(task, $0) } ?? []
        }
    }
}
