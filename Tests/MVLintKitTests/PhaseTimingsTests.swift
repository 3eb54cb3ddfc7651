import Foundation
import XCTest
@testable import MVLintKit

final class PhaseTimingsTests: XCTestCase {
    func testStepsAreListedInTheOrderTheyEndedWithTheirTotal() throws {
        let timings = PhaseTimings()
        timings.end(.discovery)
        Thread.sleep(forTimeInterval: 0.02)
        timings.end(.files)
        XCTAssertEqual(timings.steps.map(\.step), [.discovery, .files])
        XCTAssertGreaterThanOrEqual(timings.steps[1].seconds, 0.02, "a step lasts from the end of the one before it")
        let table = try Self.table(timings.rendered())
        XCTAssertEqual(table.map(\.name), ["finding the files", "parsing and walking the files, file rules", "total"])
        // Each figure is rounded to a tenth: the total may differ from the rounded steps' sum by half a tenth per row.
        XCTAssertEqual(table[2].milliseconds, table[0].milliseconds + table[1].milliseconds, accuracy: 0.16)
    }

    /// Which steps a run lists tells which way it went: built, replayed, built again after an edit, moved after a comment,
    /// without a cache.
    func testLintTimingsNameTheStepsTheRunTookAndLeaveTheReportAsItIs() throws {
        let folder = try TemporaryFolder(), cache = try TemporaryFolder()
        try folder.write("FeedView.swift", """
        import SwiftUI

        struct FeedView: View {
            @State private var model = FeedModel()
            var body: some View { Text(model.title) }
        }
        """)
        try folder.write("FeedModel.swift", """
        import Observation

        @Observable final class FeedModel {
            var title = "Feed"
        }
        """)
        let lint = ["lint", "--quiet", "--format", "json", "--cache-path", cache.url.path]
        let cold = try BinaryRunner.run(lint + ["--timings"], in: folder.url, usesCache: true)
        let built: [PhaseTimings.Step] = [.index, .constructions, .roles, .profile, .projectRules, .findings, .keeping]
        XCTAssertEqual(try Self.steps(cold.stderr), [.configuration, .discovery, .cacheRead, .settings, .files, .runKey] + built
            + [.cacheWrite, .report])

        let unchanged = try BinaryRunner.run(lint + ["--timings"], in: folder.url, usesCache: true)
        XCTAssertEqual(try Self.steps(unchanged.stderr), [.configuration, .discovery, .cacheRead, .settings, .files, .runKey, .replay,
                                                          .cacheWrite, .report])
        XCTAssertEqual(unchanged.stdout, cold.stdout)

        try folder.write("FeedModel.swift", """
        import Observation

        @Observable final class FeedModel {
            var title = "Feed"
        }

        import SwiftUI

        struct FeedTab: View {
            var body: some View { FeedView() }
        }
        """)
        let edited = try BinaryRunner.run(lint + ["--timings"], in: folder.url, usesCache: true)
        // A view added that shows FeedView, which nothing showed: a screen now, which the detected profile counts, so the
        // project is built again (the last run's answers are read, then left for the build).
        XCTAssertEqual(try Self.steps(edited.stderr), [.configuration, .discovery, .cacheRead, .settings, .files, .runKey, .lastResult, .decoding]
            + built + [.cacheWrite, .report])
        let editedWithout = try BinaryRunner.run(lint, in: folder.url, usesCache: true)
        XCTAssertEqual(editedWithout.stdout, edited.stdout, "the report is the same with --timings")
        XCTAssertEqual(editedWithout.stderr, "")

        // A comment atop a file moves its facts without changing them: the last run's project findings move with them.
        try folder.write("FeedView.swift", "// The feed.\n" + (try String(contentsOf: folder.url.appendingPathComponent("FeedView.swift"), encoding: .utf8)))
        let moved = try BinaryRunner.run(lint + ["--timings"], in: folder.url, usesCache: true)
        XCTAssertEqual(try Self.steps(moved.stderr), [.configuration, .discovery, .cacheRead, .settings, .files, .runKey, .relocation,
                                                      .cacheWrite, .report])

        // A binding in the body changes the file's facts but no answer of the project: the file is judged again in a
        // small project with the answers the last run kept.
        try folder.write("FeedView.swift", (try String(contentsOf: folder.url.appendingPathComponent("FeedView.swift"), encoding: .utf8))
            .replacingOccurrences(of: "Text(model.title)", with: "TextField(\"Title\", text: $model.title)"))
        let rejudged = try BinaryRunner.run(lint + ["--timings"], in: folder.url, usesCache: true)
        XCTAssertEqual(try Self.steps(rejudged.stderr), [.configuration, .discovery, .cacheRead, .settings, .files, .runKey, .lastResult,
                                                         .smallProject, .rejudging, .keeping, .cacheWrite, .report])

        let uncached = try BinaryRunner.run(["lint", "--quiet", "--format", "json", "--no-cache", "--profile", "mv", "--timings"], in: folder.url)
        XCTAssertEqual(try Self.steps(uncached.stderr), [.configuration, .discovery, .settings, .files, .index, .constructions, .roles,
                                                         .projectRules, .findings, .report],
                       "no cache steps, and no detection when the profile is given")
        let baselineFile = folder.url.appendingPathComponent("baseline.json").path
        let recorded = try BinaryRunner.run(["lint", "--quiet", "--no-cache", "--write-baseline", baselineFile, "--timings"], in: folder.url)
        XCTAssertEqual(try Self.steps(recorded.stderr).last, .report, "a run that records a baseline tells its timings too")
        XCTAssertTrue(FileManager.default.fileExists(atPath: baselineFile))
    }

    private static func steps(_ standardError: String) throws -> [PhaseTimings.Step] {
        let table = try table(standardError)
        XCTAssertEqual(table.last?.name, "total")
        let sum = table.dropLast().reduce(0) { $0 + $1.milliseconds }
        XCTAssertEqual(table.last?.milliseconds ?? -1, sum, accuracy: 0.05 * Double(table.count) + 0.01)
        return try table.dropLast().map { row in try XCTUnwrap(PhaseTimings.Step(rawValue: row.name), row.name) }
    }

    /// The rows `--timings` printed: milliseconds and name.
    private static func table(_ standardError: String) throws -> [(milliseconds: Double, name: String)] {
        let lines = standardError.split(separator: "\n", omittingEmptySubsequences: false)
        let start = try XCTUnwrap(lines.firstIndex(of: "mvlint: timings, wall clock (ms)"), standardError)
        return try lines[(start + 1)...].prefix { !$0.isEmpty }.map { line in
            let parts = line.split(separator: " ", maxSplits: 1)
            let milliseconds = try XCTUnwrap(Double(parts[0]), String(line))
            XCTAssertGreaterThanOrEqual(milliseconds, 0)
            return (milliseconds, parts[1].trimmingCharacters(in: .whitespaces))
        }
    }
}
