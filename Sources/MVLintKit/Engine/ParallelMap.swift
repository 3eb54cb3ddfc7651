#if canImport(FoundationEssentials)
internal import FoundationEssentials
#else
internal import Foundation
#endif

/// Maps work items on all cores, keeping the input order. Each item is processed and dropped before the
/// next, so memory stays at one syntax tree per core.
///
/// The workers are threads of their own with a large stack: SwiftParser and SwiftSyntax's visitors recurse once
/// per level of the syntax tree, which overflows the 512 KB–8 MB stacks of dispatch threads on deep files.
/// An item that runs past `timeLimit` is abandoned: its result is `timedOut(input)`, a new worker takes over
/// the remaining items, and the stuck thread is left to finish (or not) on its own, since parsing cannot be
/// cancelled. Nothing waits for it, so the process still exits when the run is done.
public enum ParallelMap {
    /// Room for `FileBudget.maxTreeDepth` levels in a debug build. Only the pages a walk touches are committed.
    static let workerStackSize = 512 << 20

    /// Asked once: on Linux Foundation reads the process's CPU quota from files for each answer, and a run maps
    /// work a dozen times.
    public static let coreCount = ProcessInfo.processInfo.activeProcessorCount

    public static func run<Input: Sendable, Output: Sendable>(_ inputs: [Input], _ transform: @escaping @Sendable (Input) -> Output) -> [Output] {
        run(inputs, timeLimit: nil, timedOut: nil, transform)
    }

    /// Items per slice of `inSlices`: enough slices for both cores to share the work as it comes, few enough that taking
    /// one costs nothing beside it.
    static let itemsPerSlice = 256

    /// `transform` of `items` in slices on all cores, the slices' answers in the items' order: for the project phase's
    /// steps over types or files, each too small to be handed to a worker alone.
    static func inSlices<Item: Sendable, Answer: Sendable>(_ items: [Item], _ transform: @escaping @Sendable (ArraySlice<Item>) -> Answer) -> [Answer] {
        // One slice is worked here: a small project (a changed file judged) starts no thread for it.
        guard items.count > itemsPerSlice else { return [transform(items[...])] }
        let slices = stride(from: 0, to: items.count, by: itemsPerSlice).map { items[$0..<min($0 + itemsPerSlice, items.count)] }
        return run(slices, transform)
    }

    /// `aside` on a worker thread while `here` runs on the calling one (which may mutate what it captures); returns
    /// when both are done. For the project phase's independent steps, which otherwise left the second core idle.
    static func both<Here, Aside: Sendable>(_ here: () -> Here, aside: @escaping @Sendable () -> Aside) -> (Here, Aside) {
        guard coreCount > 1 else { return (here(), aside()) }
        let board = Board<Aside>(count: 1, order: nil)
        startWorker {
            guard let index = board.claimNext(fromBack: false) else { return }
            _ = board.store(aside(), at: index)
        }
        let result = here()
        board.waitUntilDone(timeLimit: nil) { _ in nil }
        return (result, board.results()[0])
    }

    /// `heaviestFirst`, when given, lists the inputs' indices from the heaviest item to the lightest: every other
    /// worker takes items from its front, the others from its back, so the heavy items are worked on one at a time
    /// (one worker's share of them, not every worker's at once) and the workers meet at middling ones. The results
    /// keep the inputs' order either way.
    static func run<Input: Sendable, Output: Sendable>(_ inputs: [Input], timeLimit: TimeInterval?,
                                                       timedOut: (@Sendable (Input) -> Output)?, heaviestFirst: [Int]? = nil,
                                                       _ transform: @escaping @Sendable (Input) -> Output) -> [Output] {
        guard !inputs.isEmpty else { return [] }
        let board = Board<Output>(count: inputs.count, order: heaviestFirst)
        let addDrainingWorker = { @Sendable (fromBack: Bool) in
            startWorker {
                while let index = board.claimNext(fromBack: fromBack) {
                    // A worker whose item was abandoned stops: its replacement carries on.
                    guard board.store(transform(inputs[index]), at: index) else { return }
                }
            }
        }
        for worker in 0..<max(1, min(coreCount, inputs.count)) { addDrainingWorker(heaviestFirst != nil && worker % 2 == 1) }
        board.waitUntilDone(timeLimit: timeLimit) { index in
            guard let value = timedOut?(inputs[index]) else { return nil }
            addDrainingWorker(false)
            return value
        }
        return board.results()
    }

    /// A thread with the workers' stack running `body`.
    private static func startWorker(_ body: @escaping @Sendable () -> Void) {
        startThread(stackSize: workerStackSize, body)
    }

    private final class Board<Output>: @unchecked Sendable {
        private let condition = Condition()
        private var values: [Output?]
        /// The indices in the order the workers meet them; nil for their own order.
        private let order: [Int]?
        /// How many items were taken from the order's front and from its back.
        private var takenFromFront = 0
        private var takenFromBack = 0
        private var finished = 0
        /// When each item being processed started.
        private var started: [Int: Double] = [:]

        init(count: Int, order: [Int]?) {
            values = Array(repeating: nil, count: count)
            self.order = order
        }

        func claimNext(fromBack: Bool) -> Int? {
            condition.lock()
            defer { condition.unlock() }
            guard takenFromFront + takenFromBack < values.count else { return nil }
            let position: Int
            if fromBack {
                takenFromBack += 1
                position = values.count - takenFromBack
            } else {
                position = takenFromFront
                takenFromFront += 1
            }
            let index = order?[position] ?? position
            started[index] = Self.now()
            return index
        }

        /// False when the item was abandoned meanwhile (its value is already set).
        func store(_ value: Output, at index: Int) -> Bool {
            condition.lock()
            defer { condition.unlock() }
            guard started.removeValue(forKey: index) != nil else { return false }
            values[index] = value
            finished += 1
            // Only the last item wakes the waiting thread: a wake-up per item cost a context switch per file,
            // a tenth of a warm run's CPU on two cores. A time limit's waits wake at its deadlines on their own.
            if finished == values.count { condition.signal() }
            return true
        }

        /// Returns once every item has a value. An item running past `timeLimit` gets `abandon(index)` as its
        /// value (called with the lock held; nil keeps waiting for it).
        func waitUntilDone(timeLimit: TimeInterval?, abandon: (Int) -> Output?) {
            condition.lock()
            defer { condition.unlock() }
            while finished < values.count {
                guard let timeLimit else {
                    condition.wait()
                    continue
                }
                let now = Self.now()
                for (index, start) in started where now - start >= timeLimit {
                    guard let value = abandon(index) else { continue }
                    started[index] = nil
                    values[index] = value
                    finished += 1
                }
                guard finished < values.count else { return }
                condition.wait(untilSecondsSince1970: (started.values.min() ?? now) + timeLimit)
            }
        }

        func results() -> [Output] { values.map { $0! } }

        /// Seconds since 1970: the clock `Condition.wait(untilSecondsSince1970:)` waits by.
        private static func now() -> Double { Date().timeIntervalSince1970 }
    }
}
