import XCTest
@testable import OSSCheck

final class FindingDiffTests: XCTestCase {
    func testTheSameCodeReportedOnAnotherLineIsNotAChange() {
        let diff = FindingDiff(baseline: [finding(line: 10)], candidate: [finding(line: 12)])
        XCTAssertEqual(diff.added, [])
        XCTAssertEqual(diff.removed, [])
    }

    func testAChangedMessageIsOneRemovedAndOneAdded() {
        let diff = FindingDiff(baseline: [finding(line: 3, message: "old words")], candidate: [finding(line: 3, message: "new words")])
        XCTAssertEqual(diff.added, [finding(line: 3, message: "new words")])
        XCTAssertEqual(diff.removed, [finding(line: 3, message: "old words")])
    }

    func testAChangedLineTextIsAChange() {
        let diff = FindingDiff(baseline: [finding(line: 3, text: "@State var a = 0")], candidate: [finding(line: 3, text: "@State var b = 0")])
        XCTAssertEqual(diff.added.map(\.lineText), ["@State var b = 0"])
        XCTAssertEqual(diff.removed.map(\.lineText), ["@State var a = 0"])
    }

    func testEqualFindingsAreCountedAndTheSurplusIsTheOneOnANewLine() {
        let diff = FindingDiff(baseline: [finding(line: 5), finding(line: 9)], candidate: [finding(line: 14), finding(line: 5), finding(line: 9)])
        XCTAssertEqual(diff.added, [finding(line: 14)])
        XCTAssertEqual(diff.removed, [])
        let fewer = FindingDiff(baseline: [finding(line: 5), finding(line: 9), finding(line: 9)], candidate: [finding(line: 9)])
        XCTAssertEqual(fewer.removed, [finding(line: 5), finding(line: 9)])
        XCTAssertEqual(fewer.added, [])
    }

    func testEqualFindingsThatAllMovedAreNoChange() {
        let diff = FindingDiff(baseline: [finding(line: 5), finding(line: 9)], candidate: [finding(line: 6), finding(line: 10)])
        XCTAssertEqual(diff.added, [])
        XCTAssertEqual(diff.removed, [])
    }

    func testTheSameFindingInAnotherAppOrFileOrRuleIsAChange() {
        let base = finding(line: 1)
        for other in [finding(app: "Beta", line: 1), finding(file: "Other.swift", line: 1), finding("other-rule", line: 1)] {
            let diff = FindingDiff(baseline: [base], candidate: [other])
            XCTAssertEqual(diff.added, [other])
            XCTAssertEqual(diff.removed, [base])
        }
    }

    func testCountsArePerRuleAndAppOverTheComparedAppsOnly() {
        let comparison = Comparison(apps: [
            .init(app: "Alpha", baseline: completedRun([finding(line: 1), finding("any-view", line: 2, text: "AnyView(x)")]),
                  candidate: completedRun([finding(line: 1), finding(line: 4, text: "@State var other = 1")])),
            .init(app: "Beta", baseline: completedRun([finding(app: "Beta", line: 1)]), candidate: completedRun([finding(app: "Beta", line: 1)])),
            .init(app: "Gamma", baseline: completedRun([finding(app: "Gamma", line: 1)]), candidate: LintRun(seconds: 1, outcome: .failed("exit 2"))),
        ])
        XCTAssertEqual(comparison.comparedApps, ["Alpha", "Beta"])
        let expected: [String: [String: Comparison.Count]] = [
            "state-not-private": ["Alpha": Comparison.Count(baseline: 1, candidate: 2, added: 1, removed: 0),
                                  "Beta": Comparison.Count(baseline: 1, candidate: 1, added: 0, removed: 0)],
            "any-view": ["Alpha": Comparison.Count(baseline: 1, candidate: 0, added: 0, removed: 1)],
        ]
        XCTAssertEqual(comparison.counts, expected)
    }
}
