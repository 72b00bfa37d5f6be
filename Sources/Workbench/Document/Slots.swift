// The document's features by the handle of their id (DocumentIndexes.swift), in one array read in
// place: passes over every feature (building the indexes when a document opens) borrow each one
// where it lies instead of copying it, which would retain and release each of its strings and
// arrays - a cost that grew with the venue and showed in every profile of opening W.

import IMDF

struct Slots: Sendable {
    /// A handle whose id names no feature (deleted, or only ever named by others) holds this.
    private static let vacant = Document.Entry(
        feature: Feature(id: "", featureType: "", geometry: nil, properties: JSONObject()), collection: .extension(""), order: -1)

    private var entries: [Document.Entry] = []
    private var live: [Bool] = []
    private(set) var liveCount = 0

    var count: Int { entries.count }

    mutating func reserveCapacity(_ capacity: Int) {
        entries.reserveCapacity(capacity)
        live.reserveCapacity(capacity)
    }

    subscript(handle: Handle) -> Document.Entry? {
        get { Int(handle) < live.count && live[Int(handle)] ? entries[Int(handle)] : nil }
        set {
            let index = Int(handle)
            if index == entries.count, let newValue {
                entries.append(newValue)
                live.append(true)
                liveCount += 1
                return
            }
            if index >= entries.count {
                guard newValue != nil else { return }
                entries.append(contentsOf: repeatElement(Self.vacant, count: index + 1 - entries.count))
                live.append(contentsOf: repeatElement(false, count: index + 1 - live.count))
            }
            if let newValue {
                entries[index] = newValue
                if !live[index] { liveCount += 1 }
                live[index] = true
            } else if live[index] {
                entries[index] = Self.vacant
                live[index] = false
                liveCount -= 1
            }
        }
    }

    func isLive(_ handle: Handle) -> Bool { Int(handle) < live.count && live[Int(handle)] }

    /// Changes a live entry's feature in place.
    mutating func modifyFeature(_ handle: Handle, _ change: (inout Feature) -> Void) {
        guard isLive(handle) else { return }
        change(&entries[Int(handle)].feature)
    }

    /// Calls `body` with every live entry, where it lies, and its handle, in handle order. Read
    /// only the members needed through the pointer: passing `pointee` on copies the whole entry.
    func forEach(_ body: (UnsafePointer<Document.Entry>, Handle) -> Void) {
        entries.withUnsafeBufferPointer { entries in
            live.withUnsafeBufferPointer { live in
                guard let first = entries.baseAddress else { return }
                for index in entries.indices where live[index] { body(first + index, Handle(index)) }
            }
        }
    }

    /// The live entries, copied.
    var liveEntries: [Document.Entry] {
        var result: [Document.Entry] = []
        result.reserveCapacity(liveCount)
        forEach { entry, _ in result.append(entry.pointee) }
        return result
    }
}
