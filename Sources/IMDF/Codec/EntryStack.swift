// The entries of the objects a reader is inside, innermost last. An object's entries are gathered
// here and moved into an array of exactly their number when it closes: reserving room for eight
// in each object as it opened gave every `{"en": "Room 12"}` and display point an allocation of
// 352 bytes, 146,000 of them in workload W (about 40 MB, each page of it zeroed by the kernel).
// Written by hand because an Array cannot give its elements up without copying them (a retain
// of each key and value, then a release).

final class EntryStack {
    // Unchecked: the stack belongs to one reader, and dynamic checks on every push measured.
    @exclusivity(unchecked) private var base: UnsafeMutablePointer<JSONObject.Entry>
    @exclusivity(unchecked) private(set) var count = 0
    @exclusivity(unchecked) private var capacity: Int

    init(capacity: Int = 64) {
        base = .allocate(capacity: capacity)
        self.capacity = capacity
    }

    deinit {
        base.deinitialize(count: count)
        base.deallocate()
    }

    func push(key: consuming String, value: consuming JSONValue) {
        if count == capacity {
            let larger = UnsafeMutablePointer<JSONObject.Entry>.allocate(capacity: capacity * 2)
            larger.moveInitialize(from: base, count: count)
            base.deallocate()
            base = larger
            capacity *= 2
        }
        (base + count).initialize(to: JSONObject.Entry(key: key, value: value))
        count += 1
    }

    /// The entries from `start` on, as they lie.
    func entries(from start: Int) -> UnsafeBufferPointer<JSONObject.Entry> {
        UnsafeBufferPointer(start: base + start, count: count - start)
    }

    /// Moves the entries from `start` on into an array of their own, and pops them.
    func take(from start: Int) -> [JSONObject.Entry] {
        // Appended one by one into reserved room: `Array(unsafeUninitializedCapacity:)` is not
        // specialised across the module boundary and looked its storage type up at run time,
        // which cost more than the moves.
        var array: [JSONObject.Entry] = []
        array.reserveCapacity(count - start)
        for index in start..<count { array.append((base + index).move()) }
        count = start
        return array
    }

    /// Drops the entries from `start` on (an object whose reading failed).
    func truncate(to start: Int) {
        guard count > start else { return }
        (base + start).deinitialize(count: count - start)
        count = start
    }
}
