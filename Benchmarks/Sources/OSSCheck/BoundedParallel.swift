import Foundation

/// `items.map(transform)` on at most `jobs` threads at once, results in the items' order.
/// Own threads rather than Dispatch's pool: each job mostly waits for a child process, and the pool
/// sizes itself to the cores, not to the number of waits.
func boundedParallelMap<Item: Sendable, Result: Sendable>(_ items: [Item], jobs: Int, _ transform: @escaping @Sendable (Item) -> Result) -> [Result] {
    let work = SharedWork<Result>(count: items.count)
    let finished = DispatchGroup()
    for _ in 0..<max(1, min(jobs, items.count)) {
        finished.enter()
        Thread {
            while let index = work.claimNextIndex() {
                work.store(transform(items[index]), at: index)
            }
            finished.leave()
        }.start()
    }
    finished.wait()
    return work.results()
}

/// The queue position and result slots the threads share, behind one lock.
private final class SharedWork<Result>: @unchecked Sendable {
    private let lock = NSLock()
    private var next = 0
    private var slots: [Result?]

    init(count: Int) {
        slots = Array(repeating: nil, count: count)
    }

    func claimNextIndex() -> Int? {
        lock.withLock {
            guard next < slots.count else { return nil }
            defer { next += 1 }
            return next
        }
    }

    func store(_ result: Result, at index: Int) {
        lock.withLock { slots[index] = result }
    }

    func results() -> [Result] {
        lock.withLock { slots.map { $0! } }
    }
}
