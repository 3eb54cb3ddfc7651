import Foundation
import XCTest
@testable import MVLintKit

/// The worker threads the pass and the project phase run on.
final class ParallelMapTests: XCTestCase {
    func testRunKeepsTheInputOrder() {
        let squares = ParallelMap.run(Array(0..<500)) { $0 * $0 }
        XCTAssertEqual(squares, (0..<500).map { $0 * $0 })
    }

    /// `inSlices` hands each worker a run of items and keeps their order; items that fit one slice are worked on the
    /// calling thread.
    func testInSlicesKeepsTheOrderAndWorksOneSliceHere() {
        let count = ParallelMap.itemsPerSlice * 3 + 7
        let slices = ParallelMap.inSlices(Array(0..<count)) { slice in slice.map { $0 * 2 } }
        XCTAssertEqual(slices.count, 4)
        XCTAssertEqual(slices.map(\.count), [ParallelMap.itemsPerSlice, ParallelMap.itemsPerSlice, ParallelMap.itemsPerSlice, 7])
        XCTAssertEqual(Array(slices.joined()), (0..<count).map { $0 * 2 })
        XCTAssertEqual(ParallelMap.inSlices([Int]()) { Array($0) }.count, 1)
        let small = ParallelMap.inSlices(Array(0..<ParallelMap.itemsPerSlice)) { _ in Thread.isMainThread }
        XCTAssertEqual(small, [true])
    }

    /// `both` returns each side's result, the calling side may change what it captures, and the other side runs on
    /// another thread while it does (on a machine with more than one core).
    func testBothRunsTheSidesTogether() {
        var log: [String] = []
        let started = DispatchSemaphore(value: 0)
        let (here, aside) = ParallelMap.both({ () -> Int in
            log.append("here")
            if ProcessInfo.processInfo.activeProcessorCount > 1 {
                // The other side signals from its own thread; were it run after this one, this would wait in vain.
                XCTAssertEqual(started.wait(timeout: .now() + 10), .success)
            }
            return 1
        }, aside: { () -> String in
            started.signal()
            return Thread.isMainThread ? "main" : "worker"
        })
        XCTAssertEqual(here, 1)
        XCTAssertEqual(log, ["here"])
        XCTAssertEqual(aside, ProcessInfo.processInfo.activeProcessorCount > 1 ? "worker" : "main")
    }

    /// With the items listed heaviest first, one worker starts at the light end while another works on the heaviest:
    /// every item but the lightest waits (up to one shared deadline) for the lightest to start, which only a worker
    /// taking items from the back can do in time. The results keep the inputs' order.
    func testHeaviestFirstHasWorkersStartAtBothEnds() throws {
        try XCTSkipIf(ParallelMap.coreCount < 2, "one worker takes every item in order")
        let inputs = Array(0..<40)
        let lightest = 0
        let log = StartLog(deadline: Date().addingTimeInterval(3))
        let doubled = ParallelMap.run(inputs, timeLimit: nil, timedOut: nil, heaviestFirst: Array(inputs.reversed())) { item in
            log.start(item)
            if item != lightest { log.waitForStart(of: lightest) }
            return item * 2
        }
        XCTAssertEqual(doubled, inputs.map { $0 * 2 })
        // Before the lightest, each worker taking items from the front started at most one.
        XCTAssertTrue(log.order.prefix(ParallelMap.coreCount).contains(lightest), "\(log.order)")
    }
}

/// The order items started in, and a wait for one of them to start.
private final class StartLog: @unchecked Sendable {
    private let condition = NSCondition()
    private let deadline: Date
    private(set) var order: [Int] = []

    init(deadline: Date) { self.deadline = deadline }

    func start(_ item: Int) {
        condition.lock()
        order.append(item)
        condition.broadcast()
        condition.unlock()
    }

    func waitForStart(of item: Int) {
        condition.lock()
        while !order.contains(item), condition.wait(until: deadline) {}
        condition.unlock()
    }
}
