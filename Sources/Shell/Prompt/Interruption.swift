// Ctrl-C while a command runs: the prompt's SIGINT handler counts it here, and work that waits on
// another process (the GDAL helper) looks between waits and stops, leaving the document as it
// was. An atomic counter is all a signal handler may safely touch.

import Synchronization

public enum Interruption {
    static let count = Atomic<Int>(0)

    /// Called from the SIGINT handler.
    static func record() { count.add(1, ordering: .relaxed) }

    /// A mark to compare with later: whether Ctrl-C was pressed since.
    public static var mark: Int { count.load(ordering: .relaxed) }

    public static func happened(since mark: Int) -> Bool { count.load(ordering: .relaxed) != mark }
}
