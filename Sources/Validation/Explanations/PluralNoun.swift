// English plurals of the nouns reports and explanations count and name: feature types, repairs.

extension String {
    /// `repairs`, `addresses`, `amenities`, `aerial footprints`, `days`.
    public var pluralNoun: String {
        if hasSuffix("s") { return self + "es" }
        if hasSuffix("y"), let before = dropLast().last, !"aeiou".contains(before) { return dropLast() + "ies" }
        return self + "s"
    }
}
