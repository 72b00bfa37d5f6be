// The one language a session shows names in and writes new names in. Archives disagree with
// their manifests: spbstu-polymap's manifest says `en` and every name is in `ru` and `en`; an
// IMDF Sandbox export says `en-US` and labels in `en`. The display language is the manifest's
// where the labels use it (matched on its base language, and written with the tag the labels
// use: `en`, not `en-US`), otherwise the language most names are in.

import IMDF

public enum LabelLanguage {
    /// How many labelled features are looked at to learn the archive's tags: enough to see what
    /// its names are in, without reading every feature of a large venue.
    static let sample = 2_000

    /// The display language of an archive whose names carry `tags` (tag: how many names use it).
    public static func choose(manifest: String?, tags: [String: Int]) -> String {
        func base(_ tag: String) -> String { tag.split(separator: "-").first.map { String($0).lowercased() } ?? tag.lowercased() }
        let ranked = tags.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.map(\.key)
        if let manifest {
            if tags[manifest] != nil { return manifest }
            if let sameBase = ranked.first(where: { base($0) == base(manifest) }) { return sameBase }
            if ranked.isEmpty { return manifest }
        }
        return ranked.first ?? manifest ?? "en"
    }

    /// The tags the names of `archive`'s features use, from its first labelled features.
    static func tags(of archive: IMDFArchive) -> [String: Int] {
        var tags: [String: Int] = [:]
        var seen = 0
        for type in FeatureType.hierarchyOrder {
            for feature in archive.collections[type]?.features ?? [] {
                guard let labels = feature.labels(.name), !labels.labels.isEmpty else { continue }
                for label in labels.labels { tags[label.language, default: 0] += 1 }
                seen += 1
                if seen >= sample { return tags }
            }
        }
        return tags
    }

    /// The tag a new name of a feature with `labels` is written under: the display language
    /// where the feature has a label in it (or in its base language), otherwise the language of
    /// the label shown; the display language for a feature with no name yet.
    public static func tag(for labels: Labels?, display: String) -> String {
        guard let labels, !labels.labels.isEmpty else { return display }
        if labels[display] != nil { return display }
        let base = display.split(separator: "-").first.map(String.init) ?? display
        if let sameBase = labels.labels.first(where: { $0.language.split(separator: "-").first.map(String.init) == base }) {
            return sameBase.language
        }
        return labels.labels[0].language
    }
}

extension Document {
    /// A feature's name in the display language (or the label shown in its place).
    public func name(of feature: Feature, _ key: PropertyKey = .name) -> String? {
        feature.labels(key)?.preferred(language: labelLanguage)
    }
}
