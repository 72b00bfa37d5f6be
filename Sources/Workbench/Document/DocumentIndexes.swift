// The document's indexes, kept current change by change: features by type, by level (and where on
// it), the reverse of every reference (who names this id), id prefixes and names.
//
// Every id the document holds or names is interned once as a small integer (`IDTable`), and the
// indexes hold those integers. Opening W (97,000 features) with indexes of id strings spent most
// of its time hashing, comparing and retaining 36-character ids: about 850,000 insertions into
// sets of strings. Integers need no retain, compare in one instruction and hash in a few.

import Geometry
import IMDF
import Synchronization

/// A feature id interned by the document's `IDTable`: its position in the table.
typealias Handle = Int32

/// Every id the document has met - its features' and the ones they name - each with a handle that
/// stays the same for the life of the document (ids are never taken back: a deleted feature's
/// handle serves it again when an undo brings it back).
struct IDTable: Sendable {
    private(set) var handles: [HashedKey: Handle] = [:]
    /// The id of each handle.
    private(set) var ids: [String] = []

    init(capacity: Int = 0) {
        handles.reserveCapacity(capacity)
        ids.reserveCapacity(capacity)
    }

    /// A table taking over `handles` (ids by handle numbers below `count`, as an archive reader
    /// numbered them); each handle's id is given by `name(_:_:)` before the table is read.
    init(handles: [HashedKey: Handle], count: Int) {
        self.handles = handles
        ids = Array(repeating: "", count: count)
    }

    /// Records the id of a handle of a table made by `init(handles:count:)`.
    mutating func name(_ handle: Handle, _ id: String) { ids[Int(handle)] = id }

    var count: Int { ids.count }

    func handle(_ id: String) -> Handle? { handles[HashedKey(id)] }

    subscript(handle: Handle) -> String { ids[Int(handle)] }

    /// The id's handle, a new one when the id has not been met before.
    mutating func intern(_ id: String) -> Handle {
        let next = Handle(ids.count)
        var found = next
        // One lookup: the default is stored when the id is new.
        Self.update(&handles[HashedKey(id), default: next]) { found = $0 }
        if found == next { ids.append(id) }
        return found
    }

    private static func update(_ value: inout Handle, _ body: (Handle) -> Void) { body(value) }
}

struct DocumentIndexes: Sendable {
    /// By `feature_type`; a type stays listed (with no ids) once every feature of it is gone.
    private(set) var byType: [String: Set<Handle>] = [:]
    /// By `level_id`: the features, how many of each type, and where they are.
    private(set) var levels: [String: LevelIndex] = [:]
    /// By the handle of the id named: the features naming it, once per time they name it.
    private(set) var referrers: [[Handle]] = []

    /// What the indexes keep of one level.
    struct LevelIndex: Sendable {
        var members: Set<Handle> = []
        /// How many features of each `feature_type`.
        var typeCounts: [String: Int] = [:]
        /// Where they are (metres in the document's frame).
        var grid = GridIndex()

        mutating func add(_ handle: Handle, _ featureType: String, _ bounds: Bounds?) {
            members.insert(handle)
            typeCounts[featureType, default: 0] += 1
            if let bounds { grid.insert(handle, bounds) }
        }
    }

    init() {}

    /// The indexes of a document being opened: what lies where on one core, who names whom and
    /// the features by type on the other (boxing a feature on a level costs about what reading
    /// its references and its type does). Ids named but not (yet) held by any feature are
    /// interned into `table`.
    init(building slots: Slots, table: inout IDTable, projector: Projector?) {
        let frozen = table
        let (placed, named) = inParallel({ Self.placing(slots, projector) }, { Self.naming(slots, frozen) })
        byType = named.byType
        levels = placed.levels
        referrers = named.referrers
        for (target, referrer) in named.unknownTargets { addReferrer(referrer, of: table.intern(target)) }
    }

    // MARK: - Building, in two halves

    private static func placing(_ slots: Slots, _ projector: Projector?) -> DocumentIndexes {
        var placed = DocumentIndexes()
        // Features come in file order, so runs of one level: the level being filled is kept
        // aside, not looked up for every feature.
        var level: (id: String, index: LevelIndex)?
        slots.forEach { entry, handle in
            // Only the members used are read from the entry (a copy of it all would retain each
            // of the feature's strings and arrays).
            guard let id = entry.pointee.feature.properties[PropertyKey.levelID.rawValue]?.stringValue else { return }
            if level?.id != id {
                if let level { placed.levels[level.id] = level.index }
                level = (id, placed.levels.removeValue(forKey: id) ?? LevelIndex())
            }
            level!.index.add(handle, entry.pointee.feature.featureType, Self.bounds(of: entry.pointee.feature.geometryMember, projector))
        }
        if let level { placed.levels[level.id] = level.index }
        return placed
    }

    /// Referrers by the handle of their target; targets the table does not know yet are kept by
    /// id. And the features by type.
    private struct Named: Sendable {
        var referrers: [[Handle]]
        var unknownTargets: [(String, Handle)] = []
        var byType: [String: Set<Handle>] = [:]
    }

    private static func naming(_ slots: Slots, _ table: IDTable) -> Named {
        var named = Named(referrers: Array(repeating: [], count: table.count))
        // Neighbouring features often name the same feature (their level): the last id looked up
        // is remembered. Features come in runs of one type: the type's set is kept aside.
        var last: (id: String, handle: Handle?)?
        var type: (name: String, members: Set<Handle>)?
        slots.forEach { entry, handle in
            let featureType = entry.pointee.feature.featureType
            if type?.name != featureType {
                if let type { named.byType[type.name] = type.members }
                type = (featureType, named.byType.removeValue(forKey: featureType) ?? [])
            }
            type!.members.insert(handle)
            References.forEachTarget(in: entry.pointee.feature.properties) { target in
                if last?.id != target { last = (target, table.handle(target)) }
                if let known = last!.handle {
                    named.referrers[Int(known)].append(handle)
                } else {
                    named.unknownTargets.append((target, handle))
                }
            }
        }
        if let type { named.byType[type.name] = type.members }
        return named
    }

    // MARK: - Keeping current

    private mutating func place(
        _ featureType: String, _ properties: JSONObject, _ geometry: Feature.GeometryMember, _ handle: Handle, _ projector: Projector?
    ) {
        byType[featureType, default: []].insert(handle)
        if let level = properties[PropertyKey.levelID.rawValue]?.stringValue {
            levels[level, default: LevelIndex()].add(handle, featureType, Self.bounds(of: geometry, projector))
        }
    }

    private mutating func addReferrer(_ referrer: Handle, of target: Handle) {
        if Int(target) >= referrers.count { referrers.append(contentsOf: repeatElement([], count: Int(target) + 1 - referrers.count)) }
        referrers[Int(target)].append(referrer)
    }

    mutating func add(_ feature: Feature, _ handle: Handle, _ table: inout IDTable, _ projector: Projector?) {
        place(feature.featureType, feature.properties, feature.geometryMember, handle, projector)
        References.forEachTarget(of: feature) { target in addReferrer(handle, of: table.intern(target)) }
    }

    mutating func remove(_ feature: Feature, _ handle: Handle, _ table: IDTable, _ projector: Projector?) {
        byType[feature.featureType]?.remove(handle)
        if let level = feature.string(.levelID) {
            levels[level]?.members.remove(handle)
            levels[level]?.typeCounts[feature.featureType]? -= 1
            if let bounds = Self.bounds(of: feature, projector) { levels[level]?.grid.remove(handle, bounds) }
        }
        References.forEachTarget(of: feature) { target in
            if let target = table.handle(target), Int(target) < referrers.count { referrers[Int(target)].removeFirst(handle) }
        }
    }

    /// The features naming `target`, each once.
    func referrers(of target: Handle) -> Set<Handle> {
        Int(target) < referrers.count ? Set(referrers[Int(target)]) : []
    }
}

/// The indexes a person's references read: ids by their first characters and by name. Built the
/// first time one is read (a third of the time of indexing W went into them, and a session may
/// never name a feature), then kept current change by change.
struct NameIndexes: Sendable {
    /// Ids by their first four characters, lower-cased, for id-prefix references.
    private(set) var byIDPrefix: [IDPrefix: [Handle]] = [:]
    /// Ids by name: every label of name and alt_name, lower-cased, and its last word (a room
    /// designation: "310").
    private(set) var byName: [String: Set<Handle>] = [:]

    /// The indexes of the features in `slots`: prefixes on one core, names on the other.
    init(_ slots: Slots) {
        (byIDPrefix, byName) = inParallel(
            {
                var byIDPrefix: [IDPrefix: [Handle]] = [:]
                byIDPrefix.reserveCapacity(slots.liveCount)
                slots.forEach { entry, handle in byIDPrefix[IDPrefix(entry.pointee.feature.id), default: []].append(handle) }
                return byIDPrefix
            },
            {
                var byName: [String: Set<Handle>] = [:]
                byName.reserveCapacity(slots.liveCount)
                slots.forEach { entry, handle in
                    Self.forEachNameKey(in: entry.pointee.feature.properties) { byName[$0, default: []].insert(handle) }
                }
                return byName
            })
    }

    mutating func add(_ feature: Feature, _ handle: Handle) {
        byIDPrefix[IDPrefix(feature.id), default: []].append(handle)
        Self.forEachNameKey(in: feature.properties) { byName[$0, default: []].insert(handle) }
    }

    mutating func remove(_ feature: Feature, _ handle: Handle) {
        let prefix = IDPrefix(feature.id)
        byIDPrefix[prefix]?.removeFirst(handle)
        if byIDPrefix[prefix]?.isEmpty == true { byIDPrefix[prefix] = nil }
        Self.forEachNameKey(in: feature.properties) { key in
            byName[key]?.remove(handle)
            if byName[key]?.isEmpty == true { byName[key] = nil }
        }
    }

    /// Calls `body` once with each name key of a feature: every label of its `name`, lower-cased,
    /// and the label's last word.
    static func forEachNameKey(in properties: JSONObject, _ body: (String) -> Void) {
        forEachLabelKey(PropertyKey.name, in: properties, body)
        // The alt_name too: it is the room number a plan shows (`render` labels a room `101` from
        // it), so what is read off the plan is a reference. A key both give is reported twice,
        // which the index's sets absorb.
        forEachLabelKey(PropertyKey.altName, in: properties, body)
    }

    private static func forEachLabelKey(_ key: PropertyKey, in properties: JSONObject, _ body: (String) -> Void) {
        guard case .object(let names)? = properties[key.rawValue], !names.isEmpty else { return }
        // A name with a value that is not a string is no LABELS at all (`Labels(json:)`).
        guard names.allSatisfy({ $0.value.stringValue != nil }) else { return }
        // One label (the usual name): its two keys, without an array to tell repeats apart.
        if names.count == 1 {
            let lowered = names[0].value.stringValue!.lowercased()
            body(lowered)
            if let last = lastWord(of: lowered), last != lowered { body(last) }
            return
        }
        var keys: [String] = []
        keys.reserveCapacity(2 * names.count)
        for entry in names {
            let lowered = entry.value.stringValue!.lowercased()
            keys.append(lowered)
            if let last = lastWord(of: lowered) { keys.append(last) }
        }
        for (index, key) in keys.enumerated() where !keys[..<index].contains(key) { body(key) }
    }

    /// The last of the words a space separates (`split(separator: " ").last`), without the array
    /// of words for text of ASCII.
    static func lastWord(of text: String) -> String? {
        let bytes = text.utf8
        guard bytes.allSatisfy({ $0 < 0x80 }) else { return text.split(separator: " ").last.map(String.init) }
        let space = UInt8(ascii: " ")
        guard let end = bytes.lastIndex(where: { $0 != space }) else { return nil }
        let start = bytes[..<end].lastIndex(of: space).map(bytes.index(after:)) ?? bytes.startIndex
        return String(text[start...end])
    }
}

/// The name indexes of a document, made when first read. Copies of a document share one until
/// either changes (`Document.applyChecked` gives the changed one its own).
final class LazyNameIndexes: Sendable {
    private let built: Mutex<NameIndexes?>

    init(_ indexes: NameIndexes? = nil) { built = Mutex(indexes) }

    /// The indexes, built from `slots` (the document's) if they have not been yet.
    func read<Result>(_ slots: Slots, _ body: (NameIndexes) -> Result) -> Result {
        built.withLock { indexes in
            if indexes == nil { indexes = NameIndexes(slots) }
            return body(indexes!)
        }
    }

    /// A box of its own, holding what this one holds.
    func copy() -> LazyNameIndexes { LazyNameIndexes(built.withLock { $0 }) }

    /// Keeps built indexes current; unbuilt ones will be built from the changed document.
    func update(_ change: (inout NameIndexes) -> Void) {
        built.withLock { indexes in
            if indexes != nil { change(&indexes!) }
        }
    }
}

extension Array where Element == Handle {
    /// Removes one occurrence of `handle`, if there is one.
    mutating func removeFirst(_ handle: Handle) {
        if let index = firstIndex(of: handle) { remove(at: index) }
    }
}

/// An id's first four characters, lower-cased: the key of id-prefix references. Ids of ASCII
/// (every UUID) pack into an integer; any other id keeps the characters.
enum IDPrefix: Hashable, Sendable {
    case packed(UInt32)
    case text(String)

    init(_ id: String) {
        // The first four bytes are the first four characters when they are printable ASCII and
        // so is the fifth (a combining mark would join the fourth character): every UUID.
        var packed: UInt32 = 0
        var count = 0
        for byte in id.utf8 {
            guard Self.isPrintableASCII(byte) else { break }
            if count == 4 {
                self = .packed(packed)
                return
            }
            packed = packed << 8 | UInt32(Self.lowered(byte))
            count += 1
        }
        if count == 4 && id.utf8.count == 4 {
            self = .packed(packed)
            return
        }
        let prefix = String(id.lowercased().prefix(4))
        if prefix.utf8.count == 4, prefix.utf8.allSatisfy(Self.isPrintableASCII) {
            self = .packed(prefix.utf8.reduce(0) { $0 << 8 | UInt32($1) })
        } else {
            self = .text(prefix)
        }
    }

    private static func isPrintableASCII(_ byte: UInt8) -> Bool { byte >= 0x20 && byte < 0x7F }

    private static func lowered(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
    }
}

extension DocumentIndexes {
    /// The feature's extent in metres: the degree box's corners projected (this runs for every
    /// feature when a document opens), widened by a centimetre for the frame's slight curvature
    /// across a room.
    static func bounds(of feature: Feature, _ projector: Projector?) -> Bounds? { bounds(of: feature.geometryMember, projector) }

    static func bounds(of member: Feature.GeometryMember, _ projector: Projector?) -> Bounds? {
        guard let projector, case .geometry(let wrapped) = member else { return nil }
        let geometry = wrapped.geometry
        var minimum = Position(x: .infinity, y: .infinity)
        var maximum = Position(x: -.infinity, y: -.infinity)
        geometry.forEachPosition { position in
            minimum = Position(x: Swift.min(minimum.x, position.x), y: Swift.min(minimum.y, position.y))
            maximum = Position(x: Swift.max(maximum.x, position.x), y: Swift.max(maximum.y, position.y))
        }
        guard minimum.x.isFinite, maximum.y.isFinite else { return nil }
        return projector.frame.extent(minimum, maximum).expanded(by: 0.01)
    }
}

/// A uniform grid over a level: each cell lists the features whose extent reaches it. Kept
/// current feature by feature (a GEOS STRtree cannot take insertions after its first query), so
/// "what is near here" costs what is near, whatever the size of the level or the venue.
struct GridIndex: Sendable {
    static let cellSize = 10.0
    /// Features spanning more cells than this (a level's outline) are kept in one list instead.
    static let largestSpan = 64

    struct Cell: Hashable, Sendable {
        var column: Int
        var row: Int
    }

    private var cells: [Cell: [Handle]] = [:]
    private var large: [Handle] = []

    private static func cells(_ bounds: Bounds) -> (columns: ClosedRange<Int>, rows: ClosedRange<Int>)? {
        // Non-finite or absurd bounds (a coordinate of 1e999, a shape a million km across) go in
        // the list of large features rather than through a conversion that could trap.
        let limit = 1e12
        guard [bounds.minX, bounds.maxX, bounds.minY, bounds.maxY].allSatisfy({ $0.isFinite && abs($0 / cellSize) < limit }),
            ((bounds.maxX - bounds.minX) / cellSize + 1) * ((bounds.maxY - bounds.minY) / cellSize + 1) <= Double(largestSpan) * 4
        else { return nil }
        let columns = Int((bounds.minX / cellSize).rounded(.down))...Int((bounds.maxX / cellSize).rounded(.down))
        let rows = Int((bounds.minY / cellSize).rounded(.down))...Int((bounds.maxY / cellSize).rounded(.down))
        guard columns.count * rows.count <= largestSpan else { return nil }
        return (columns, rows)
    }

    mutating func insert(_ handle: Handle, _ bounds: Bounds) {
        guard let (columns, rows) = Self.cells(bounds) else { return large.append(handle) }
        for column in columns {
            for row in rows { cells[Cell(column: column, row: row), default: []].append(handle) }
        }
    }

    mutating func remove(_ handle: Handle, _ bounds: Bounds) {
        guard let (columns, rows) = Self.cells(bounds) else { return large.removeFirst(handle) }
        for column in columns {
            for row in rows {
                let cell = Cell(column: column, row: row)
                cells[cell]?.removeFirst(handle)
                if cells[cell]?.isEmpty == true { cells[cell] = nil }
            }
        }
    }

    /// Handles whose cells meet `bounds` (a superset of the features that intersect it).
    func query(_ bounds: Bounds) -> Set<Handle> {
        guard let (columns, rows) = Self.cells(bounds) else { return cells.values.reduce(into: Set(large)) { $0.formUnion($1) } }
        var found = Set(large)
        for column in columns {
            for row in rows { found.formUnion(cells[Cell(column: column, row: row)] ?? []) }
        }
        return found
    }
}

/// Where a feature names other features: IMDF's `*_id`/`*_ids` and `parents`, FEATURE-REFERENCE
/// objects, and the routing extension's `neighbours`, `pathNode_id` and `associeted_id` [sic].
/// Unknown keys that end in `_id`/`_ids` count too (exporters add such links, e.g. an occupant's
/// `unit_id`); `correlation_id` is a grouping tag, not a reference.
public enum References {
    public static func isReferenceKey(_ key: String) -> Bool { role(of: key) == .ids }

    /// What a property's key says its value is.
    enum KeyRole {
        /// An id or an array of ids (`*_id`, `*_ids`, `parents`, `neighbours`).
        case ids
        /// A FEATURE-REFERENCE object (`origin`, `destination`).
        case featureReference
        /// An array of FEATURE-REFERENCE objects (`intermediary`).
        case featureReferences
        case other
    }

    /// The role of `key`. Opening an archive asks this of each of its million keys: an ASCII key
    /// (every key IMDF defines) is read as bytes, where the String comparisons and
    /// Unicode-aware suffix tests took a seventh of the time of indexing a document.
    static func role(of key: String) -> KeyRole {
        if let role = key.utf8.withContiguousStorageIfAvailable(asciiRole), let role { return role }
        if key != "correlation_id" && (key.hasSuffix("_id") || key.hasSuffix("_ids")) || key == RoutingExtension.neighbours
            || key == "parents"
        {
            return .ids
        }
        if key == "origin" || key == "destination" { return .featureReference }
        return key == "intermediary" ? .featureReferences : .other
    }

    /// `role(of:)` of a key's UTF-8 bytes; nil for a key that is not ASCII (whose suffix tests
    /// go by characters).
    private static func asciiRole(_ bytes: UnsafeBufferPointer<UInt8>) -> KeyRole? {
        guard let last = bytes.last else { return .other }
        // Most keys end in neither "d", "s" nor "n" (origin), nor "y" (intermediary).
        switch last {
        case UInt8(ascii: "d"), UInt8(ascii: "s"), UInt8(ascii: "n"), UInt8(ascii: "y"): break
        default: return .other
        }
        guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
        func matches(_ text: StaticString, at start: Int) -> Bool {
            guard start >= 0, start + text.utf8CodeUnitCount <= bytes.count else { return false }
            for offset in 0..<text.utf8CodeUnitCount where text.utf8Start[offset] != bytes[start + offset] { return false }
            return true
        }
        func equals(_ text: StaticString) -> Bool { text.utf8CodeUnitCount == bytes.count && matches(text, at: 0) }
        func endsWith(_ text: StaticString) -> Bool { matches(text, at: bytes.count - text.utf8CodeUnitCount) }
        if endsWith("_id") { return equals("correlation_id") ? .other : .ids }
        if endsWith("_ids") || equals("neighbours") || equals("parents") { return .ids }
        if equals("origin") || equals("destination") { return .featureReference }
        return equals("intermediary") ? .featureReferences : .other
    }

    public static func targets(of feature: Feature) -> [String] {
        var targets: [String] = []
        forEachTarget(of: feature) { targets.append($0) }
        return targets
    }

    /// Calls `body` with each id the feature names, in the order `targets(of:)` lists them.
    static func forEachTarget(of feature: Feature, _ body: (String) -> Void) { forEachTarget(in: feature.properties, body) }

    /// Calls `body` with each id the properties name.
    static func forEachTarget(in properties: JSONObject, _ body: (String) -> Void) {
        properties.forEachEntry { entry in
            switch role(of: entry.pointee.key) {
            case .ids:
                switch entry.pointee.value {
                case .string(let id): body(id)
                case .array(let items):
                    for item in items { if let id = item.stringValue { body(id) } }
                default: break
                }
            case .featureReference:
                if let reference = FeatureReference(json: entry.pointee.value) { body(reference.id) }
            case .featureReferences:
                for item in entry.pointee.value.arrayValue ?? [] { if let id = FeatureReference(json: item)?.id { body(id) } }
            case .other: break
            }
        }
    }
}

/// The document's indexes as a person's references use them: by type, by level, by id prefix and by
/// name, each group read as ids. A view of the document as it was when taken: keep it only while
/// the document is not changed, or the next change copies the indexes.
public struct IndexView: Sendable {
    let indexes: DocumentIndexes
    let names: LazyNameIndexes
    let slots: Slots
    let table: IDTable

    /// Ids by `feature_type` (a type once present stays listed, maybe with no ids).
    public var byType: IDGroups<String> {
        IDGroups(
            lookup: { [indexes, table] in indexes.byType[$0].map { FeatureIDs(.set($0), table) } },
            keys: { [indexes] in Array(indexes.byType.keys) })
    }

    /// Ids by `level_id`.
    public var byLevel: IDGroups<String> {
        IDGroups(
            lookup: { [indexes, table] in indexes.levels[$0].map { FeatureIDs(.set($0.members), table) } },
            keys: { [indexes] in Array(indexes.levels.keys) })
    }

    /// Ids by their first four characters, lower-cased.
    public var byIDPrefix: IDGroups<Substring> {
        IDGroups(
            lookup: { [names, slots, table] key in
                names.read(slots) { $0.byIDPrefix[IDPrefix(String(key))].map { FeatureIDs(.list($0), table) } }
            },
            keys: { [names, slots, table] in
                names.read(slots) { $0.byIDPrefix.values.compactMap { $0.first.map { table[$0].lowercased().prefix(4) } } }
            })
    }

    /// Ids by name: every label, lower-cased, and its last word.
    public var byName: IDGroups<String> {
        IDGroups(
            lookup: { [names, slots, table] key in names.read(slots) { $0.byName[key].map { FeatureIDs(.set($0), table) } } },
            keys: { [names, slots] in names.read(slots) { Array($0.byName.keys) } })
    }
}

/// Groups of ids by key, read from the document's indexes.
public struct IDGroups<Key: Hashable & Sendable>: Sendable {
    let lookup: @Sendable (Key) -> FeatureIDs?
    let listKeys: @Sendable () -> [Key]

    init(lookup: @escaping @Sendable (Key) -> FeatureIDs?, keys: @escaping @Sendable () -> [Key]) {
        self.lookup = lookup
        listKeys = keys
    }

    public subscript(key: Key) -> FeatureIDs? { lookup(key) }

    public var keys: [Key] { listKeys() }
}

/// Ids held by one of the document's indexes, read as they are iterated.
public struct FeatureIDs: Sequence, ExpressibleByArrayLiteral, Sendable {
    enum Storage: Sendable {
        case set(Set<Handle>)
        case list([Handle])
        case ids([String])
    }

    let storage: Storage
    let table: IDTable

    init(_ storage: Storage, _ table: IDTable) {
        self.storage = storage
        self.table = table
    }

    public init(arrayLiteral ids: String...) { self.init(.ids(ids), IDTable()) }

    public var count: Int {
        switch storage {
        case .set(let handles): handles.count
        case .list(let handles): handles.count
        case .ids(let ids): ids.count
        }
    }

    public var isEmpty: Bool { count == 0 }

    /// One of the ids (the first the iteration meets).
    public var first: String? {
        var iterator = makeIterator()
        return iterator.next()
    }

    public struct Iterator: IteratorProtocol {
        enum Position {
            case set(Set<Handle>.Iterator)
            case list(IndexingIterator<[Handle]>)
            case ids(IndexingIterator<[String]>)
        }

        var position: Position
        let table: IDTable

        public mutating func next() -> String? {
            switch position {
            case .set(var iterator):
                defer { position = .set(iterator) }
                return iterator.next().map { table[$0] }
            case .list(var iterator):
                defer { position = .list(iterator) }
                return iterator.next().map { table[$0] }
            case .ids(var iterator):
                defer { position = .ids(iterator) }
                return iterator.next()
            }
        }
    }

    public func makeIterator() -> Iterator {
        switch storage {
        case .set(let handles): Iterator(position: .set(handles.makeIterator()), table: table)
        case .list(let handles): Iterator(position: .list(handles.makeIterator()), table: table)
        case .ids(let ids): Iterator(position: .ids(ids.makeIterator()), table: table)
        }
    }

    public var underestimatedCount: Int { count }
}
