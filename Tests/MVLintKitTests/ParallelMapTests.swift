import Foundation
import XCTest
@testable import MVLintKit

/// The worker threads the pass and the project phase run on.
final class ParallelMapTests: XCTestCase {
    func testRunKeepsTheInputOrder() {
        let squares = ParallelMap.run(Array(0..<500)) { $0 * $0 }
        XCTAssertEqual(squares, (0..<500).map { $0 * $0 })
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
}
