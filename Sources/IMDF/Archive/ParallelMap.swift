import Dispatch
import Synchronization

extension Array where Element: Sendable {
    /// Transforms every element on all cores and returns the results in the array's order. The
    /// heaviest elements start first, so one large file does not run alone at the end.
    public func parallelMap<Result: Sendable>(
        heaviestFirst weight: (Element) -> Int, _ transform: @Sendable (Element) -> Result
    ) -> [Result] {
        let weights = map(weight)
        let order = indices.sorted { weights[$0] > weights[$1] }
        let results = Mutex<[Result?]>(Swift.Array(repeating: nil, count: count))
        DispatchQueue.concurrentPerform(iterations: order.count) { step in
            let index = order[step]
            let result = transform(self[index])
            results.withLock { $0[index] = result }
        }
        return results.withLock { $0.map { $0! } }
    }
}

/// Runs `first` and `second` at the same time (on two cores, where there are two) and returns
/// both results.
public func inParallel<A: Sendable, B: Sendable>(_ first: @Sendable () -> A, _ second: @Sendable () -> B) -> (A, B) {
    let firstResult = Mutex<A?>(nil)
    let secondResult = Mutex<B?>(nil)
    DispatchQueue.concurrentPerform(iterations: 2) { step in
        if step == 0 {
            let value = first()
            firstResult.withLock { $0 = value }
        } else {
            let value = second()
            secondResult.withLock { $0 = value }
        }
    }
    return (firstResult.withLock { $0.take()! }, secondResult.withLock { $0.take()! })
}
