// O2: gaps in the ordinals of a building's levels (a building with floors 0, 1, 3 is missing 2).
// Ordinals are venue-wide stacking positions; gaps are checked per building, where they mean a
// missing floor, not across buildings of different heights.

import IMDF

enum OrdinalRules {
    static func check(_ context: ValidationContext) -> [Finding] {
        var ordinals: [String: Set<Int>] = [:]
        for level in context.archive.features(of: .level) {
            guard let ordinal = level.integer(.ordinal) else { continue }
            for building in level.strings(.buildingIDs) ?? [] { ordinals[building, default: []].insert(ordinal) }
        }
        var findings: [Finding] = []
        for building in context.archive.features(of: .building) {
            guard let values = ordinals[building.id], let low = values.min(), let high = values.max() else { continue }
            let missing = (low...high).filter { !values.contains($0) }
            if !missing.isEmpty {
                findings.append(Finding(
                    .O2, "\(context.describe(building)) has levels at ordinals \(values.sorted().map(String.init).joined(separator: ", ")): none at \(missing.map(String.init).joined(separator: ", "))",
                    feature: building, file: context.fileName(of: building)))
            }
        }
        return findings
    }
}
