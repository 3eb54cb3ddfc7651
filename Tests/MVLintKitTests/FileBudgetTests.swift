import Foundation
import XCTest
@testable import MVLintKit

/// The cheap checks before parsing, and `file_budget:` in `.mvlint.yml`.
final class FileBudgetTests: XCTestCase {
    private func problem(_ text: String, _ budget: FileBudget = FileBudget()) -> FileBudget.Limit? {
        budget.screen(SourceText(text)).problem.flatMap(\.limit)
    }

    func testBracketRunsCountOnlyCode() {
        let run = String(repeating: "[", count: 13)
        XCTAssertEqual(problem("let x = \(run)1\(String(repeating: "]", count: 13))\n"), .maxBracketRun)
        XCTAssertEqual(problem("let x = [[(\n  [[[(( [[[[[[[[1]]]]]]]])) ]]])]]\n"), .maxBracketRun)
        XCTAssertNil(problem("let s = \"\(run)\"\n"))
        XCTAssertNil(problem("let s = #\"\(run)\\\"\(run)\"#\n"))
        XCTAssertNil(problem("let s = \"\"\"\n\(run)\n\"\"\"\n"))
        XCTAssertNil(problem("// \(run)\n/* \(run) /* \(run) */ \(run) */ let x = [[1]]\n"))
        // Interpolations are code, however deeply they nest (a fuzzed file stalled the parser so).
        XCTAssertEqual(problem("let s = \"a \\(t\(run)1\(String(repeating: "]", count: 13))) b\"\n"), .maxBracketRun)
        XCTAssertEqual(problem("let s = #\"\\#(\"\\(\"x\") \\(t\(run))\")\"#\n"), .maxBracketRun)
        XCTAssertNil(problem("let s = \"\\(a) \(run) \\(\"\\(b)\")\"\n"))
        XCTAssertNil(problem("let x = [1, [2, [3, [4, [5, [6, [7, [8, [9, [10, [11, [12, [13]]]]]]]]]]]]]\n"))
    }

    func testConditionalNestingSizeAndLines() {
        XCTAssertEqual(problem(String(repeating: "#if A\n", count: 257)), .maxNesting)
        XCTAssertNil(problem(String(repeating: "#if A\n#endif\n", count: 1000)))
        XCTAssertNil(problem("let s = \"" + String(repeating: "#if A ", count: 300) + "\"\n"))
        var budget = FileBudget()
        budget.maxBytes = 10
        XCTAssertEqual(problem("let x = 12345\n", budget), .maxBytes)
        budget = FileBudget()
        budget.maxLineLength = 5
        XCTAssertEqual(problem("let\rx = 12345\r\n", budget), .maxLineLength)
        XCTAssertNil(problem("let\rx =\r\n1\n", budget))
        budget = FileBudget()
        budget.maxTokens = 8
        XCTAssertEqual(problem("let x = a + b + c + d\n", budget), .maxTokens)
        XCTAssertEqual(FileBudget().screen(SourceText(String(repeating: "a+\n", count: 600_000))).problem?.reason,
                       "the file has about 1200000 tokens, more than 1000000 (about 457 MB to parse)")
    }

    /// The quick scan every file goes through: a word is one token, every other byte that is not a space one more;
    /// spaces and `(` leave a run of `[` open, anything else closes it; `#if` and `#endif` (whole words) nest.
    func testTheQuickScanCountsWordsPunctuationRunsAndConditionals() {
        let shape = { (text: String) in SourceShape(text, careful: false) }
        XCTAssertEqual(shape("let café_2 = x.y(z)").estimatedTokens, 9, "let, café_2, =, x, ., y, (, z, )")
        XCTAssertEqual(shape("").estimatedTokens, 0)
        XCTAssertEqual(shape(" \n\t\r").estimatedTokens, 0)
        XCTAssertEqual(shape("a==b").estimatedTokens, 4)
        XCTAssertEqual(shape("[ [\n( [1]]]").longestBracketRun, 3, "spaces, line breaks and ( between brackets")
        XCTAssertEqual(shape("[[a[[[").longestBracketRun, 3, "a word ends the run")
        XCTAssertEqual(shape("[[,[").longestBracketRun, 2, "punctuation ends the run")
        XCTAssertEqual(shape("#if A\n#if B\n#endif\n#if C\n#endif\n#endif").deepestConditional, 2)
        XCTAssertEqual(shape("#ifdef\n#iffy\n#if").deepestConditional, 1, "only the whole word")
        XCTAssertEqual(shape("[#if X [").longestBracketRun, 1, "# ends the run")
        XCTAssertEqual(shape("#if X").estimatedTokens, 3, "#, if, X")
    }

    func testConfigurationSetsAndChecksTheLimits() throws {
        let root = URL(fileURLWithPath: "/project")
        let configuration = try ConfigurationLoader.parse("file_budget:\n  max_bytes: 1000\n  max_parse_seconds: 2.5\n",
                                                          path: "/project/.mvlint.yml", rootDirectory: root, rules: RuleRegistry.descriptions)
        XCTAssertEqual(configuration.fileBudget.maxBytes, 1000)
        XCTAssertEqual(configuration.fileBudget.maxParseSeconds, 2.5)
        XCTAssertEqual(configuration.fileBudget.maxNesting, FileBudget().maxNesting)
        do throws(ConfigurationErrors) {
            _ = try ConfigurationLoader.parse("file_budget:\n  max_nestng: 10\n  max_bytes: 0\n  max_tokens: lots\n",
                                              path: "/project/.mvlint.yml", rootDirectory: root, rules: RuleRegistry.descriptions)
            XCTFail("invalid limits were accepted")
        } catch {
            XCTAssertEqual(error.errors.map(\.message), [
                "unknown 'file_budget' limit 'max_nestng'; did you mean 'max_nesting'? (valid: max_bytes, max_line_length, max_nesting, max_bracket_run, max_tokens, max_parse_seconds)",
                "'max_bytes' expects a whole number above 0, got '0'",
                "'max_tokens' expects a whole number above 0, got 'lots'",
            ])
        }
    }
}
