import Foundation
import XCTest

/// Runs the built binary on the bundled examples and compares its output line by line with the
/// reviewed expectations in `Expected/`. After a deliberate change, regenerate them with
/// `MVLINT_UPDATE_EXPECTED=1 swift test --filter ExamplesEndToEndTests` and review the diff.
final class ExamplesEndToEndTests: XCTestCase {
    func testLintOfExamplesMatchesExpectedOutput() throws {
        try check(["lint", "Examples/", "--advice", "--quiet"], expected: "examples-lint.txt", status: 1)
    }

    func testJSONReportOfExamplesMatchesExpectedOutput() throws {
        try check(["lint", "Examples/", "--format", "json", "--quiet"], expected: "examples-lint.json", status: 1)
    }

    /// Run from inside the example, so its own `.mvlint.yml` (profile `mvvm`) and `Package.swift` (iOS 16) apply.
    func testLintOfLegacyMVVMExampleMatchesExpectedOutput() throws {
        let example = BinaryRunner.packageRoot.appendingPathComponent("Examples/LegacyMVVM")
        // Its mistakes are warnings and advice: a legacy MVVM app is not wrong code, so the run passes.
        try check(["lint", ".", "--advice", "--quiet"], in: example, expected: "legacy-mvvm-lint.txt", status: 0)
    }

    /// Run from inside the example, so its `.mvlint.yml` turns on the opt-in usage rules whose mistakes it makes.
    func testLintOfSwiftUIUsageExampleMatchesExpectedOutput() throws {
        let example = BinaryRunner.packageRoot.appendingPathComponent("Examples/SwiftUIUsage")
        try check(["lint", ".", "--advice", "--quiet"], in: example, expected: "swiftui-usage-lint.txt", status: 1)
    }

    private func check(_ arguments: [String], in directory: URL = BinaryRunner.packageRoot, expected name: String, status: Int32,
                       file: StaticString = #filePath, line: UInt = #line) throws {
        let result = try BinaryRunner.run(arguments, in: directory)
        XCTAssertEqual(result.stderr, "", file: file, line: line)
        XCTAssertEqual(result.status, status, file: file, line: line)
        let expectedURL = BinaryRunner.packageRoot.appendingPathComponent("Tests/MVLintKitTests/Expected/\(name)")
        if ProcessInfo.processInfo.environment["MVLINT_UPDATE_EXPECTED"] == "1" {
            try result.stdout.write(to: expectedURL, atomically: true, encoding: .utf8)
            return
        }
        let expected = try String(contentsOf: expectedURL, encoding: .utf8)
        let actualLines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
        for index in 0..<max(actualLines.count, expectedLines.count) {
            let actual = index < actualLines.count ? String(actualLines[index]) : "<missing>"
            let wanted = index < expectedLines.count ? String(expectedLines[index]) : "<missing>"
            XCTAssertEqual(actual, wanted, "\(name) line \(index + 1)", file: file, line: line)
        }
    }
}
