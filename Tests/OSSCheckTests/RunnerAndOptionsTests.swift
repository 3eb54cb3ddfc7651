import XCTest
@testable import OSSCheck

final class RunnerAndOptionsTests: XCTestCase {
    let folder = try! TemporaryFolder()

    private func outcome(ofScript body: String) throws -> LintRun.Outcome {
        let script = try folder.write("fake-mvlint.sh", "#!/bin/sh\n\(body)\n", executable: true)
        let app = folder.url.appendingPathComponent("App")
        try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
        return LintRunner().run(script.path, app: "App", in: app, lines: SourceLines(appFolder: app)).outcome
    }

    func testARunWithoutAJSONReportOrThatCrashedIsAFailureWithItsReason() throws {
        guard case .failed(let noJSON) = try outcome(ofScript: "echo 'mvlint: 3 files linted'; echo 'cannot read x' >&2") else {
            return XCTFail("output that is not JSON must be a failure")
        }
        XCTAssertEqual(noJSON, "exit 0 without a JSON report: cannot read x")
        guard case .failed(let crash) = try outcome(ofScript: "kill -SEGV $$") else { return XCTFail("a crash must be a failure") }
        XCTAssertEqual(crash, "killed by signal 11")
    }

    func testExit1WithAReportIsFindingsWithTheirLineTexts() throws {
        try folder.write("App/Sources/V.swift", "struct V {\r\n    @State var x = 0\r\n}\r\n")
        let report = #"{"version": "9.9", "findings": [{"rule": "r", "severity": "error", "file": "Sources/V.swift", "line": 2, "column": 1, "message": "m", "fixable": false}, {"rule": "r", "severity": "error", "file": "Gone.swift", "line": 1, "column": 1, "message": "m", "fixable": false}]}"#
        guard case .findings(let findings, let version) = try outcome(ofScript: "echo '\(report)'; exit 1") else {
            return XCTFail("exit 1 only means error findings")
        }
        XCTAssertEqual(version, "9.9")
        XCTAssertEqual(findings.map(\.lineText), ["@State var x = 0", ""], "Windows line ends are split; a missing file has no text")
    }

    func testTheFilterKeepsTheNamedRulesAndOneSeverity() {
        let findings = [finding(line: 1), finding("any-view", line: 2), finding(line: 3, severity: "advice")]
        XCTAssertEqual(findings.filter(FindingFilter(rules: ["state-not-private"]).keeps).map(\.line), [1, 3])
        XCTAssertEqual(findings.filter(FindingFilter(severity: "warning").keeps).map(\.line), [1, 2])
        XCTAssertEqual(findings.filter(FindingFilter().keeps).map(\.line), [1, 2, 3])
    }

    func testOptionsThatCannotWorkTogetherAreUsageErrors() throws {
        let binary = try folder.write("bin.sh", "#!/bin/sh\n", executable: true).path
        let base = ["--apps", folder.url.path, "--candidate", binary]
        let mistakes: [[String]: String] = [
            base: "--baseline BIN is required unless --sample N is given",
            base + ["--sample", "5"]: "--sample needs --sample-out FILE.tsv",
            base + ["--baseline", binary, "--context", "3"]: "--context needs --sample N",
            base + ["--sample", "5", "--sample-out", "x.tsv", "--out", "r.md"]: "--out writes the comparison, which needs --baseline BIN",
            base + ["--baseline", binary, "--severity", "fatal"]: "--severity is one of error, warning, advice, all",
            base + ["--baseline", binary, "--jobs", "0"]: "--jobs needs a whole number ≥ 1, not 0",
            base + ["--baseline", "/nonexistent/mvlint"]: "/nonexistent/mvlint is not an executable file",
            base + ["--baseline", binary, "--fast"]: "unknown argument --fast",
        ]
        for (arguments, message) in mistakes {
            XCTAssertThrowsError(try OSSCheckOptions(arguments)) { XCTAssertEqual(($0 as? UsageError)?.message, message) }
        }
        let sampleOnly = try OSSCheckOptions(base + ["--sample", "5", "--sample-out", "x.tsv", "--severity", "all"])
        XCTAssertNil(sampleOnly.baseline)
        XCTAssertEqual(sampleOnly.sample?.seed, 1)
        XCTAssertNil(sampleOnly.filter.severity)
    }
}
