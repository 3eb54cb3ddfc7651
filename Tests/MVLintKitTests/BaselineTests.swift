import Foundation
import XCTest
@testable import MVLintKit

/// `--write-baseline` and `--baseline`: findings matched on file, rule and line text, through the real binary.
final class BaselineTests: XCTestCase {
    private static let view = """
        import SwiftUI

        struct Row: View {
            var body: some View {
                VStack {
                    Text("one").foregroundColor(.red)
                    Text("two").foregroundColor(.red)
                }
            }
        }

        """

    private static func warning(_ line: Int, file: String = "Row.swift") -> String {
        "\(file):\(line):25: warning: `.foregroundColor(_:)` is deprecated and takes only a Color: use `.foregroundStyle(_:)` (foreground-color)\n"
    }

    /// A folder with `Row.swift` and a baseline of its two findings.
    private func project() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try folder.write("Row.swift", Self.view)
        let written = try BinaryRunner.run(["lint", "--write-baseline", "baseline.json"], in: folder.url)
        XCTAssertEqual(written.status, 0)
        XCTAssertEqual(written.stdout, "")
        XCTAssertEqual(written.stderr, "mvlint: wrote 2 findings to the baseline baseline.json\n")
        return folder
    }

    private func lint(_ folder: TemporaryFolder, _ arguments: [String] = ["--baseline", "baseline.json"]) throws -> BinaryRunner.Result {
        try BinaryRunner.run(["lint"] + arguments, in: folder.url)
    }

    func testWrittenBaselineIsSortedJSONThatReadsBackAndHidesEverything() throws {
        let folder = try project()
        let text = try String(contentsOf: folder.url.appendingPathComponent("baseline.json"), encoding: .utf8)
        XCTAssertEqual(text, """
            {
              "format": 1,
              "version": "\(MVLintVersion.current)",
              "findings": [
                {"file": "Row.swift", "rule": "foreground-color", "line": "Text(\\"one\\").foregroundColor(.red)", "count": 1},
                {"file": "Row.swift", "rule": "foreground-color", "line": "Text(\\"two\\").foregroundColor(.red)", "count": 1}
              ]
            }

            """)
        let read = try Baseline(json: Data(text.utf8))
        XCTAssertEqual(read.json, text)
        let result = try lint(folder)
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.stdout, "")
        XCTAssertTrue(result.stderr.hasPrefix("mvlint: 1 file linted, 0 errors, 0 warnings, 0 advice, 2 findings hidden by the baseline in "),
                      result.stderr)
    }

    func testMovedCodeStaysHidden() throws {
        let folder = try project()
        try folder.write("Row.swift", "// a comment\n\n// pushes every line down\n" + Self.view)
        let result = try lint(folder)
        XCTAssertEqual(result.stdout, "")
        XCTAssertTrue(result.stderr.contains("2 findings hidden by the baseline"), result.stderr)
    }

    func testEditedLineIsReported() throws {
        let folder = try project()
        try folder.write("Row.swift", Self.view.replacingOccurrences(of: "Text(\"two\")", with: "Text(\"TWO\")"))
        let result = try lint(folder)
        XCTAssertEqual(result.stdout, Self.warning(7))
        XCTAssertTrue(result.stderr.contains("1 warning, 0 advice, 1 finding hidden by the baseline"), result.stderr)
    }

    func testDuplicatedLineReportsTheExtraOne() throws {
        let folder = try project()
        let twice = "            Text(\"one\").foregroundColor(.red)\n"
        try folder.write("Row.swift", Self.view.replacingOccurrences(of: twice, with: twice + twice))
        let result = try lint(folder)
        XCTAssertEqual(result.stdout, Self.warning(7), "the later of the two equal lines is the extra one")
        XCTAssertTrue(result.stderr.contains("2 findings hidden by the baseline"), result.stderr)
    }

    func testRenamedFileIsReported() throws {
        let folder = try project()
        try FileManager.default.moveItem(at: folder.url.appendingPathComponent("Row.swift"), to: folder.url.appendingPathComponent("Cell.swift"))
        let result = try lint(folder)
        XCTAssertEqual(result.stdout, Self.warning(6, file: "Cell.swift") + Self.warning(7, file: "Cell.swift"))
        XCTAssertFalse(result.stderr.contains("hidden by the baseline"), result.stderr)
    }

    func testPathsAreRelativeToTheBaselineFileSoAnyWorkingDirectoryMatches() throws {
        let folder = try TemporaryFolder()
        try folder.write("App/Row.swift", Self.view)
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("config"), withIntermediateDirectories: false)
        XCTAssertEqual(try BinaryRunner.run(["lint", "App", "--write-baseline", "config/baseline.json"], in: folder.url).status, 0)
        let text = try String(contentsOf: folder.url.appendingPathComponent("config/baseline.json"), encoding: .utf8)
        XCTAssertTrue(text.contains("{\"file\": \"../App/Row.swift\", "), text)
        let fromInside = try BinaryRunner.run(["lint", "--baseline", "../config/baseline.json"], in: folder.url.appendingPathComponent("App"))
        XCTAssertEqual(fromInside.stdout, "")
        XCTAssertTrue(fromInside.stderr.contains("2 findings hidden by the baseline"), fromInside.stderr)
    }

    func testConfigurationKeyIsRelativeToItsFolderAndTheCommandLineWins() throws {
        let folder = try project()
        try folder.write(".mvlint.yml", "baseline: baseline.json\n")
        try folder.write("Sources/Other.swift", "struct Other {}\n")
        let fromConfig = try BinaryRunner.run(["lint", ".."], in: folder.url.appendingPathComponent("Sources"))
        XCTAssertEqual(fromConfig.stdout, "")
        XCTAssertTrue(fromConfig.stderr.contains("2 findings hidden by the baseline"), fromConfig.stderr)
        try folder.write("empty.json", "{\"format\": 1, \"version\": \"0.0.1\", \"findings\": []}\n")
        let overridden = try lint(folder, ["--baseline", "empty.json"])
        XCTAssertEqual(overridden.stdout, Self.warning(6) + Self.warning(7))
    }

    func testBadBaselineIsOneClearError() throws {
        let folder = try TemporaryFolder()
        try folder.write("Row.swift", Self.view)
        let cases: [(String?, String)] = [
            (nil, "mvlint: error: cannot read the baseline baseline.json: no such file\n"),
            ("{\"format\": 1, \"findings\": [{\"file\": \"Row.swift\", \"rule\": \"x\", \"li",
             "mvlint: error: cannot use the baseline baseline.json: not a baseline written by 'mvlint lint --write-baseline' (invalid JSON)\n"),
            ("{\"format\": 1, \"findings\": [{\"file\": 3, \"rule\": \"x\", \"line\": \"\", \"count\": 1}]}",
             "mvlint: error: cannot use the baseline baseline.json: not a baseline written by 'mvlint lint --write-baseline' (unexpected value at findings[0].file)\n"),
            ("{\"format\": 2, \"findings\": []}",
             "mvlint: error: cannot use the baseline baseline.json: baseline format 2 is not supported (this mvlint reads format 1); write it again\n"),
        ]
        for (content, message) in cases {
            if let content { try folder.write("baseline.json", content) }
            let result = try lint(folder)
            XCTAssertEqual(result.status, 2, message)
            XCTAssertEqual(result.stdout, "", message)
            XCTAssertEqual(result.stderr, message)
        }
        let both = try lint(folder, ["--baseline", "a.json", "--write-baseline", "b.json"])
        XCTAssertEqual(both.status, 2)
        XCTAssertTrue(both.stderr.hasPrefix("mvlint: error: --write-baseline and --baseline exclude each other"), both.stderr)
    }

    func testRelativePathsClimbOutOfTheBaselineFolder() {
        func path(_ file: String, _ folder: String) -> String {
            Baseline.Keying.path(of: URL(fileURLWithPath: file), from: URL(fileURLWithPath: folder))
        }
        XCTAssertEqual(path("/p/Sources/A.swift", "/p"), "Sources/A.swift")
        XCTAssertEqual(path("/p/Sources/A.swift", "/p/config"), "../Sources/A.swift")
        XCTAssertEqual(path("/p/A.swift", "/p/a/b"), "../../A.swift")
        XCTAssertEqual(path("/p/A.swift", "/"), "p/A.swift")
    }

    func testCountsHideTheFirstMatchesInReportOrder() {
        let findings = (1...3).map { Finding(rule: "r", severity: .warning, file: "F.swift", line: $0, column: 1, message: "m") }
        var keying = Baseline.Keying(baselineFile: URL(fileURLWithPath: "/p/baseline.json"), workingDirectory: URL(fileURLWithPath: "/p"),
                                     texts: ["F.swift": "  same  \nsame\n\tsame"])
        let key = Baseline.Key(file: "F.swift", rule: "r", lineText: "same")
        let (reported, hidden) = Baseline(counts: [key: 2]).filter(findings, keying: &keying)
        XCTAssertEqual(reported.map(\.line), [3])
        XCTAssertEqual(hidden, 2)
        XCTAssertEqual(Baseline(findings: findings, keying: &keying), Baseline(counts: [key: 3]))
    }
}
