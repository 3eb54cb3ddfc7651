#if canImport(FoundationEssentials)
internal import FoundationEssentials
#else
internal import Foundation
#endif

/// Where a run's time went (`mvlint lint --timings`), as SwiftLint's `--benchmark` tells where its rules' time went:
/// each step's wall-clock time, from the end of the step before it, in the order the run took them. A step run on all
/// cores counts once, by its wall time. Steps a run skips are not listed: a run whose result is stored decodes no record
/// and builds no project, and a run with its profile given detects none.
public final class PhaseTimings: @unchecked Sendable {
    public enum Step: String, Sendable, CaseIterable {
        case configuration = "reading the configuration"
        case discovery = "finding the files"
        case cacheRead = "reading the cache"
        case settings = "reading the project settings"
        case files = "parsing and walking the files, file rules"
        case runKey = "looking up a stored result"
        case replay = "replaying the stored result"
        case relocation = "moving the last run's project findings"
        case lastResult = "reading the last run's result and answers"
        case smallProject = "comparing the changed file's answers in a small project"
        case rejudging = "judging the changed file and its readers again"
        case decoding = "decoding the cached facts"
        case index = "project index"
        case constructions = "resolving constructions"
        case roles = "roles, lifetimes and relations"
        case profile = "detecting the profile"
        case projectRules = "project rules"
        case keeping = "keeping the project's answers"
        case findings = "suppressing and ordering findings"
        case cacheWrite = "writing the cache"
        case fixes = "applying the fixes"
        /// The report, or the baseline file `--write-baseline` records instead.
        case report = "writing the report"
    }

    private let lock = Lock()
    private var lastEnd: UInt64
    private var recorded: [(step: Step, seconds: Double)] = []

    /// The first step starts now.
    public init() { lastEnd = SystemCalls.monotonicNanoseconds() }

    /// Ends `step` now: it took the time since the step before it ended (or since `init`).
    public func end(_ step: Step) {
        let now = SystemCalls.monotonicNanoseconds()
        lock.lock()
        defer { lock.unlock() }
        recorded.append((step, Double(now - lastEnd) / 1e9))
        lastEnd = now
    }

    /// The steps in the order they ended, with their seconds.
    public var steps: [(step: Step, seconds: Double)] {
        lock.lock()
        defer { lock.unlock() }
        return recorded
    }

    /// What `--timings` prints: a line per step, milliseconds first, then the total.
    public func rendered() -> String {
        let steps = steps
        let line = { (seconds: Double, name: String) in
            let milliseconds = formatted(seconds * 1000, "%.1f")
            return String(repeating: " ", count: max(0, 9 - milliseconds.count)) + milliseconds + "  " + name + "\n"
        }
        return "mvlint: timings, wall clock (ms)\n" + steps.map { line($0.seconds, $0.step.rawValue) }.joined()
            + line(steps.reduce(0) { $0 + $1.seconds }, "total")
    }
}
