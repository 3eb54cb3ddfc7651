import MVLintKit
import XCTest

/// Every rule's documented examples are its tests: `↓` marks each place a finding must appear.
final class RuleExampleTests: XCTestCase {
    func testEveryRuleHasEnoughExamples() {
        for rule in RuleRegistry.descriptions {
            XCTAssertGreaterThanOrEqual(rule.triggering.count, 3, "\(rule.id) needs at least three triggering examples")
            XCTAssertGreaterThanOrEqual(rule.nonTriggering.count, 3, "\(rule.id) needs at least three non-triggering examples")
            for example in rule.triggering {
                XCTAssertFalse(ExampleRunner.strip(example.code).positions.isEmpty,
                               "\(rule.id): a triggering example has no ↓ marker (\(example.location))")
            }
            XCTAssertFalse(rule.summary.isEmpty || rule.rationale.isEmpty || rule.instead.isEmpty, "\(rule.id) lacks documentation")
        }
    }

    func testRuleIDsAreUnique() {
        let ids = RuleRegistry.descriptions.map(\.id)
        XCTAssertEqual(ids.count, Set(ids).count, "duplicate rule ids: \(ids)")
    }

    func testTriggeringExamplesFireExactlyAtTheMarkers() {
        for rule in RuleRegistry.descriptions {
            for example in rule.triggering {
                let outcome = ExampleRunner.run(example, rule: rule)
                XCTAssertEqual(outcome.actual, outcome.expected,
                               "\(example.location): \(rule.id): findings \(describe(outcome.actual)) but markers at \(describe(outcome.expected)); messages: \(outcome.messages)")
            }
        }
    }

    func testNonTriggeringExamplesStayQuiet() {
        for rule in RuleRegistry.descriptions {
            for example in rule.nonTriggering {
                let outcome = ExampleRunner.run(example, rule: rule)
                XCTAssertEqual(outcome.expected, [], "\(example.location): \(rule.id): a non-triggering example must not carry ↓ markers")
                XCTAssertEqual(outcome.actual, [], "\(example.location): \(rule.id) fired at \(describe(outcome.actual)): \(outcome.messages)")
            }
        }
    }

    /// ESLint's `output`: each triggering example of a rule with a fix states the code after fixing, and fixing
    /// that code again changes nothing. Rules without a fix never attach one.
    func testFixesRewriteTriggeringExamplesOnce() {
        for rule in RuleRegistry.descriptions {
            guard rule.fix == .auto else {
                for example in rule.triggering {
                    XCTAssertNil(example.fixed, "\(example.location): \(rule.id) has no fix, so the example states no fixed code")
                    XCTAssertFalse(ExampleRunner.run(example, rule: rule).fixes.contains { $0 != nil },
                                   "\(example.location): \(rule.id) is not declared `fix: .auto` but attached a fix")
                }
                continue
            }
            XCTAssertTrue(rule.triggering.contains { $0.fixed != nil }, "\(rule.id) declares a fix but no example shows it")
            for example in rule.triggering {
                let code = ExampleRunner.strip(example.code).code
                let fixed = ExampleRunner.fix(code, settings: example.settings, rule: rule)
                XCTAssertEqual(fixed, example.fixed ?? code,
                               "\(example.location): \(rule.id) fixed the example into:\n\(fixed)")
                XCTAssertEqual(ExampleRunner.fix(fixed, settings: example.settings, rule: rule), fixed,
                               "\(example.location): \(rule.id): fixing the fixed code changed it again")
            }
        }
    }

    private func describe(_ positions: [SourcePosition]) -> String {
        "[" + positions.map { "\($0.line):\($0.column)" }.joined(separator: ", ") + "]"
    }
}
