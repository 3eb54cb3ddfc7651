import Foundation
import XCTest
@testable import MVLintKit

/// The docs are generated from the rules; these tests fail when a copy goes stale.
final class DocumentationTests: XCTestCase {
    func testReadmeRuleTableMatchesTheRules() throws {
        let readme = try String(contentsOf: BinaryRunner.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let begin = try XCTUnwrap(readme.range(of: "<!-- rules:begin -->\n"))
        let end = try XCTUnwrap(readme.range(of: "<!-- rules:end -->"))
        let embedded = String(readme[begin.upperBound..<end.lowerBound])
        XCTAssertEqual(embedded, RuleTable.markdown(RuleRegistry.descriptions),
                       "README.md's rule table is stale: run Scripts/update-rule-docs.sh")
    }

    func testReadmeOpensWithTheTwoCommandsAndCIRunsTheTestCommand() throws {
        let root = BinaryRunner.packageRoot
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let firstBlock = try XCTUnwrap(readme.components(separatedBy: "```sh\n").dropFirst().first?.components(separatedBy: "```").first)
        let commands = firstBlock.split(separator: "\n").map { $0.components(separatedBy: "#")[0].trimmingCharacters(in: .whitespaces) }
        XCTAssertEqual(commands, ["swift run mvlint lint Examples/", "swift test"])
        let ci = try String(contentsOf: root.appendingPathComponent(".ci/run"), encoding: .utf8)
        XCTAssertTrue(ci.split(separator: "\n").contains("swift test"), ".ci/run must run the README's test command")
    }

    func testEveryRuleExplainsItself() {
        for rule in RuleRegistry.descriptions {
            let text = RuleTable.explanation(rule)
            XCTAssertTrue(text.contains(rule.rationale.split(separator: " ").prefix(3).joined(separator: " ")), rule.id)
            XCTAssertTrue(text.contains("Reported (at ↓)") && text.contains("Not reported"), rule.id)
        }
    }
}
