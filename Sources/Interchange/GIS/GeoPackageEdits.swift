// What was edited in a GeoPackage since imdf wrote it, as reading it back found: the features
// whose cells or geometry changed (and which columns), the rows added and the rows deleted.

import HelperProtocol
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

    /// The edits as the reply of a conversion gives them: each change by its short id.
    public var summary: GeoPackageEditSummary {
        GeoPackageEditSummary(
            changed: changed.map { .init(featureType: $0.featureType, shortID: shortIDs.short($0.id), columns: $0.columns) },
            added: added.count, deleted: deleted)
    }
}
