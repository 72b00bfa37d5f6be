// What was edited in a GeoPackage since imdf wrote it, as reading it back found: the features
// whose cells or geometry changed (and which columns), the rows added and the rows deleted.

import IMDF

public struct GeoPackageEdits: Sendable, Equatable {
    public struct Change: Sendable, Equatable {
        public var featureType: String
        public var id: String
        /// The columns whose cells changed, in the table's order, `geom` named `geometry`.
        public var columns: [String]

        public init(featureType: String, id: String, columns: [String]) {
            self.featureType = featureType
            self.id = id
            self.columns = columns
        }
    }

    public var changed: [Change] = []
    /// The features made from rows without `imdf_json`.
    public var added: [Change] = []
    public var deleted = 0
    /// Ids as the summary shows them: unique among the archive's (`ShortIDs`).
    public var shortIDs = ShortIDs()

    public var isEmpty: Bool { changed.isEmpty && added.isEmpty && deleted == 0 }

    /// One line: `3 features changed in out.gpkg: unit 5c1e7a2b name_en, ...; 1 added; 0 deleted`,
    /// the first `listing` changes named, then how many more.
    public func summary(of path: String, listing: Int = 10) -> String {
        var text = "\(changed.count) feature\(changed.count == 1 ? "" : "s") changed in \(path)"
        if !changed.isEmpty {
            var named = changed.prefix(listing).map { "\($0.featureType) \(shortIDs.short($0.id)) \($0.columns.joined(separator: "+"))" }
            if changed.count > listing { named.append("and \(changed.count - listing) more") }
            text += ": " + named.joined(separator: ", ")
        }
        return text + "; \(added.count) added; \(deleted) deleted"
    }
}
