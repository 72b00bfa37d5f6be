import Synchronization

/// What the process keeps until it exits instead of freeing it: the kernel takes a finished
/// session's or archive's memory back at once, where freeing a large venue's features one by one
/// took 0.06-0.1 s after the work was done. The GDAL helper keeps a drawing and what its import
/// built so, until its reply is written and it ends.
public enum KeptUntilExit {
    private static let values = Mutex<[any Sendable]>([])

    public static func keep(_ value: any Sendable) {
        values.withLock { $0.append(value) }
    }
}
