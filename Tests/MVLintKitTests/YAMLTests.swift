@testable import MVLintKit
import XCTest

/// The YAML subset `.mvlint.yml` is read with. Trees are compared through a compact rendering that
/// shows every node's position: `{key@1:1: value@1:6}`, `"quoted"`, `~` for an empty value.
final class YAMLTests: XCTestCase {
    // MARK: What the subset reads

    func testBlockMappingOfPlainScalars() throws {
        let yaml = "profile: mvvm\nreporter:   json\nname: two words here\n"
        XCTAssertEqual(try render(yaml), "{profile@1:1: mvvm@1:10, reporter@2:1: json@2:13, name@3:1: two words here@3:7}@1:1")
    }

    func testNestedMappingsAndBlockSequences() throws {
        let yaml = """
        excluded:
          - Pods
          - Generated/Sources
        fat-view:
          severity: error
          max_score: 7
        """
        XCTAssertEqual(try render(yaml),
                       "{excluded@1:1: [Pods@2:5, Generated/Sources@3:5]@2:3, fat-view@4:1: {severity@5:3: error@5:13, max_score@6:3: 7@6:14}@5:3}@1:1")
    }

    func testListAtTheIndentationOfItsKey() throws {
        let yaml = "included:\n- Sources\n- App\nprofile: mv\n"
        XCTAssertEqual(try render(yaml), "{included@1:1: [Sources@2:3, App@3:3]@2:1, profile@4:1: mv@4:10}@1:1")
    }

    func testListOfMappingsAndNestedLists() throws {
        let yaml = """
        layers:
          - name: Presentation
            paths: [Views/**]
          - - a
            - b
          -
            nested: yes
        """
        XCTAssertEqual(try render(yaml), "{layers@1:1: ["
            + "{name@2:5: Presentation@2:11, paths@3:5: [Views/**@3:13]@3:12}@2:5, "
            + "[a@4:7, b@5:7]@4:5, "
            + "{nested@7:5: yes@7:13}@7:5]@2:3}@1:1")
    }

    func testFlowCollections() throws {
        let yaml = """
        deployment_target: {iOS: "17.0", macOS: 14}
        only_rules: [a, "b", 'c' ,]
        empty: []
        none: {}
        nested: [[1, 2], {k: v}]
        """
        XCTAssertEqual(try render(yaml), "{deployment_target@1:1: {iOS@1:21: \"17.0\"@1:26, macOS@1:34: 14@1:41}@1:20, "
            + "only_rules@2:1: [a@2:14, \"b\"@2:17, \"c\"@2:22]@2:13, empty@3:1: []@3:8, none@4:1: {}@4:7, "
            + "nested@5:1: [[1@5:11, 2@5:14]@5:10, {k@5:19: v@5:22}@5:18]@5:9}@1:1")
    }

    func testFlowCollectionsMaySpanLinesAndHoldComments() throws {
        let yaml = "rules: [\n  first,   # the first one\n\n  second\n]\nafter: 1\n"
        XCTAssertEqual(try render(yaml), "{rules@1:1: [first@2:3, second@4:3]@1:8, after@6:1: 1@6:8}@1:1")
    }

    func testFlowMappingEntryWithoutValue() throws {
        XCTAssertEqual(try render("m: {a: , b: 1, c:}"), "{m@1:1: {a@1:5: ~@1:7, b@1:10: 1@1:13, c@1:16: ~@1:18}@1:4}@1:1")
    }

    func testQuotedScalarsAndTheirEscapes() throws {
        let yaml = #"""
        double: "say \"hi\" \\ then\nnext\tend"
        single: 'it''s # not a comment'
        "quoted key": 'x'
        hash: "a # b" # a real comment
        empty: ""
        """#
        let root = try YAML.parse(yaml, path: "t.yml")
        let values = entries(root)
        XCTAssertEqual(values.map(\.key), ["double", "single", "quoted key", "hash", "empty"])
        XCTAssertEqual(values[0].value, "say \"hi\" \\ then\nnext\tend")
        XCTAssertEqual(values[1].value, "it's # not a comment")
        XCTAssertEqual(values[2].value, "x")
        XCTAssertEqual(values[3].value, "a # b")
        XCTAssertEqual(values[4].value, "")
        XCTAssertEqual(try render("\"k\": ''"), "{\"k\"@1:1: \"\"@1:6}@1:1")
    }

    func testPlainScalarsKeepColonsAndHashesThatAreNotIndicators() throws {
        let yaml = "url: http://example.com:8080/a\ntag: C#\ntime: 12:30\nspaced: a b   # trailing\n"
        let values = entries(try YAML.parse(yaml, path: "t.yml"))
        XCTAssertEqual(values.map(\.value), ["http://example.com:8080/a", "C#", "12:30", "a b"])
    }

    func testCommentsBlankLinesAndDocumentMarker() throws {
        let yaml = "# header\n\n--- # start\n# before\nprofile: mv   # trailing\n\n   # indented comment\nreporter: xcode\n"
        XCTAssertEqual(try render(yaml), "{profile@5:1: mv@5:10, reporter@8:1: xcode@8:11}@5:1")
    }

    func testEmptyValuesAreEmptyScalars() throws {
        let yaml = "excluded:\n  # - Pods\nprofile:\nlast:"
        XCTAssertEqual(try render(yaml), "{excluded@1:1: ~@1:10, profile@3:1: ~@3:9, last@4:1: ~@4:6}@1:1")
        XCTAssertEqual(try render("list:\n  -\n  - b\n"), "{list@1:1: [~@2:4, b@3:5]@2:3}@1:1")
        XCTAssertEqual(try render("a: ~\nb: null\nc: [NULL, 'null', nullable]"),
                       "{a@1:1: ~@1:4, b@2:1: ~@2:4, c@3:1: [~@3:5, \"null\"@3:11, nullable@3:19]@3:4}@1:1")
    }

    func testEmptyDocumentsAreEmptyMappings() throws {
        for text in ["", "\n\n", "# only a comment\n", "---\n", "--- \n# nothing\n"] {
            XCTAssertEqual(try render(text), "{}@1:1", "document \(text.debugDescription)")
        }
    }

    func testByteOrderMarkAndWindowsLineEndings() throws {
        XCTAssertEqual(try render("\u{FEFF}a: 1\r\nb:\r\n  - x\r\n"), "{a@1:1: 1@1:4, b@2:1: [x@3:5]@3:3}@1:1")
    }

    func testIndentedRootAndTopLevelScalarOrList() throws {
        XCTAssertEqual(try render("  a: 1\n  b: 2\n"), "{a@1:3: 1@1:6, b@2:3: 2@2:6}@1:3")
        XCTAssertEqual(try render("just text\n"), "just text@1:1")
        XCTAssertEqual(try render("- a\n- b\n"), "[a@1:3, b@2:3]@1:1")
    }

    // MARK: What it rejects, and where

    func testAnchorsAliasesAndTags() {
        assertError("base: &defaults mv\n", at: 1, 7, mentioning: "anchors")
        assertError("a: 1\nb: *defaults\n", at: 2, 4, mentioning: "aliases")
        assertError("a: !!str 17\n", at: 1, 4, mentioning: "tags")
        assertError("list: [a, *b]\n", at: 1, 11, mentioning: "aliases")
        assertError("&anchor key: v\n", at: 1, 1, mentioning: "anchors")
    }

    func testBlockScalars() {
        assertError("text: |\n  line one\n", at: 1, 7, mentioning: "block scalars")
        assertError("a: 1\ntext: >-\n  folded\n", at: 2, 7, mentioning: "block scalars")
    }

    func testTabsInIndentation() {
        assertError("a:\n\tb: 1\n", at: 2, 1, mentioning: "tabs")
        assertError("a:\n  \tb: 1\n", at: 2, 3, mentioning: "tabs")
    }

    func testInconsistentIndentation() {
        assertError("a:\n  b: 1\n    c: 2\n", at: 3, 5, mentioning: "inconsistent indentation")
        assertError("a:\n    b: 1\n  c: 2\n", at: 3, 3, mentioning: "inconsistent indentation")
        assertError("list:\n  - a\n   - b\n", at: 3, 4, mentioning: "inconsistent indentation")
        assertError("  a: 1\nb: 2\n", at: 2, 1, mentioning: "inconsistent indentation")
    }

    func testValuesContinuedOnTheNextLine() {
        assertError("a: one\n  two\n", at: 2, 3, mentioning: "inconsistent indentation")
        assertError("a: 1\nplain words\n", at: 2, 1, mentioning: "expected 'key: value'")
    }

    func testDuplicateKeys() {
        assertError("profile: mv\nreporter: json\nprofile: mvvm\n", at: 3, 1, mentioning: "duplicate key 'profile' (first given on line 1)")
        assertError("d: {iOS: 17, iOS: 18}\n", at: 1, 14, mentioning: "duplicate key 'iOS'")
        assertError("a:\n  x: 1\n  \"x\": 2\n", at: 3, 3, mentioning: "duplicate key 'x'")
    }

    func testUnterminatedQuotes() {
        assertError("a: \"open\n", at: 1, 4, mentioning: "unterminated double-quoted string")
        assertError("a: 'it''s\n", at: 1, 4, mentioning: "unterminated single-quoted string")
        assertError("a: \"ends in a backslash\\\n", at: 1, 4, mentioning: "unterminated")
        assertError("\"key: 1\n", at: 1, 1, mentioning: "unterminated")
    }

    func testUnclosedAndMalformedFlowCollections() {
        assertError("a: [x, y\nb: 1\n", at: 2, 1, mentioning: "expected ',' or ']'; is the '[' at line 1, column 4 missing its ']'?")
        assertError("a: [x\n  y]\n", at: 2, 3, mentioning: "missing its ']'")
        assertError("a: [x, y\n", at: 1, 4, mentioning: "unclosed '['")
        assertError("a: {k: v\n", at: 1, 4, mentioning: "unclosed '{'")
        assertError("a: [\"x\" y]\n", at: 1, 9, mentioning: "expected ',' or ']'")
        assertError("a: [x, , y]\n", at: 1, 8, mentioning: "unexpected ','")
        assertError("a: {k v}\n", at: 1, 8, mentioning: "expected ':'")
        assertError("a: {[k]: v}\n", at: 1, 5, mentioning: "key must be plain text")
        assertError("a: [x] trailing\n", at: 1, 8, mentioning: "unexpected text")
    }

    func testOtherUnsupportedConstructs() {
        assertError("a: b: c\n", at: 1, 5, mentioning: "put the value in quotes")
        assertError("a: - x\n", at: 1, 4, mentioning: "list item")
        assertError("a: 1\n- x\n", at: 2, 1, mentioning: "list item")
        assertError("? complex\n: value\n", at: 1, 1, mentioning: "explicit keys")
        assertError("[a, b]: c\n", at: 1, 7, mentioning: "key must be plain text")
        assertError("a: \"x\\q\"\n", at: 1, 6, mentioning: "unsupported escape '\\q'")
        assertError("a: \"x\" y\n", at: 1, 8, mentioning: "unexpected text")
        assertError("a: 1\n---\nb: 2\n", at: 2, 1, mentioning: "only one YAML document")
        assertError("--- a: 1\n", at: 1, 5, mentioning: "unexpected text")
        assertError("a: `cmd`\n", at: 1, 4, mentioning: "quotes")
        assertError("%YAML 1.2\n", at: 1, 1, mentioning: "directives")
    }

    func testDeepNestingIsAnErrorNotACrash() {
        assertError("a: " + String(repeating: "[", count: 10_000) + "\n", at: 1, 67, mentioning: "nesting")
        let deepBlock = (0..<100).map { String(repeating: " ", count: $0) + "k\($0):" }.joined(separator: "\n")
        assertError(deepBlock, at: 65, 65, mentioning: "nesting")
    }

    /// Garbage built from YAML's significant characters must give a tree or an error, never a crash.
    func testArbitraryInputNeverCrashes() {
        let alphabet = Array(" \t\n\r-:#[]{},'\"\\&*!|>?%@`ab1.\u{FEFF}é")
        var generator = SplitMix64(seed: 2024)
        for _ in 0..<3_000 {
            let length = Int.random(in: 0...40, using: &generator)
            let text = String((0..<length).map { _ in alphabet.randomElement(using: &generator) ?? " " })
            if let node = try? YAML.parse(text, path: "t.yml") {
                XCTAssertGreaterThanOrEqual(node.line, 1, text.debugDescription)
            }
        }
    }

    func testErrorsCarryThePath() {
        XCTAssertThrowsError(try YAML.parse("a: &x 1", path: "/repo/.mvlint.yml")) { error in
            XCTAssertEqual("\(error)", "/repo/.mvlint.yml:1:4: error: anchors ('&') are not supported; repeat the value instead")
        }
    }

    // MARK: Helpers

    private func render(_ text: String) throws -> String {
        render(try YAML.parse(text, path: "t.yml"))
    }

    private func render(_ node: YAMLNode) -> String {
        let body: String
        switch node.value {
        case .scalar(let text, let quoted):
            body = quoted ? "\"\(text)\"" : (text.isEmpty ? "~" : text)
        case .sequence(let items):
            body = "[" + items.map(render).joined(separator: ", ") + "]"
        case .mapping(let entries):
            body = "{" + entries.map { "\(render($0.key)): \(render($0.value))" }
                .joined(separator: ", ") + "}"
        }
        return "\(body)@\(node.line):\(node.column)"
    }

    /// A flat mapping of scalars, as (key, value) texts.
    private func entries(_ root: YAMLNode) -> [(key: String, value: String)] {
        guard case .mapping(let entries) = root.value else { return [] }
        return entries.map { ($0.key.scalar ?? "?", $0.value.scalar ?? "?") }
    }

    private func assertError(_ text: String, at line: Int, _ column: Int, mentioning fragment: String,
                             file: StaticString = #filePath, sourceLine: UInt = #line) {
        do {
            let node = try YAML.parse(text, path: "t.yml")
            XCTFail("expected an error, parsed \(render(node))", file: file, line: sourceLine)
        } catch {
            XCTAssertEqual("\(error.line):\(error.column)", "\(line):\(column)", "position of: \(error.message)", file: file, line: sourceLine)
            XCTAssertTrue(error.message.contains(fragment), "'\(error.message)' does not mention '\(fragment)'", file: file, line: sourceLine)
        }
    }
}

/// A seeded generator, so a failing fuzz input can be reproduced (the YAML and pathological-input fuzz tests).
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}
