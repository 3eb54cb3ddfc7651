import Foundation
import XCTest
@testable import MVLintKit

/// Positions under every line-break style, and names written with backticks.
final class LineBreakAndNameTests: XCTestCase {
    private static let badgeLines = [
        "import SwiftUI", "", "struct Badge: View {", "    var body: some View {",
        "        Text(\"New\").foregroundColor(.red)", "    }", "}", "",
    ]

    /// The lines joined with `breaks`, used in turn (so `["\n", "\r"]` alternates them).
    private static func badge(_ breaks: [String]) -> String {
        badgeLines.enumerated().map { $1 + ($0 < badgeLines.count - 1 ? breaks[$0 % breaks.count] : "") }.joined()
    }

    func testLineTableCountsCRLFAndCRAsOneBreakEach() {
        let source = SourceText("a\rb\r\nc\nd\r")
        XCTAssertEqual(source.lineStarts, [0, 2, 5, 7, 9])
        XCTAssertEqual((1...5).map { String(source.line($0)) }, ["a", "b", "c", "d", ""])
        XCTAssertEqual(source.location(ofUTF8Offset: 5).line, 3)
        XCTAssertEqual(source.longestLine, 1)
        XCTAssertEqual((1...4).map { SourceLines("a\rb\r\nc\nd").line($0) }, ["a", "b", "c", "d"])
    }

    /// Text without `\r` is tabled by searching for `\n` alone; each way gives the same lines.
    func testTheLineTableOfTextWithoutCarriageReturns() {
        let source = SourceText("ab\n\ncdef\ng")
        XCTAssertEqual(source.lineStarts, [0, 3, 4, 9])
        XCTAssertEqual(source.longestLine, 4)
        XCTAssertEqual(SourceText("abc\n").lineStarts, [0, 4], "a final break starts an empty last line")
        XCTAssertEqual(SourceText("abc\n").longestLine, 3)
        XCTAssertEqual(SourceText("").lineStarts, [0])
        XCTAssertEqual(SourceText("\n\n").lineStarts, [0, 1, 2])
        XCTAssertEqual(SourceText("\n\n").longestLine, 0)
        XCTAssertEqual(SourceText("é\nxy").longestLine, 2, "UTF-8 bytes")
        for text in ["a\nbb\nccc", "\nx\n", "x"] {
            let withCarriageReturn = SourceText(text + "\r")
            XCTAssertEqual(Array(withCarriageReturn.lineStarts.dropLast()), SourceText(text).lineStarts, text)
            XCTAssertEqual(withCarriageReturn.longestLine, SourceText(text).longestLine, text)
        }
    }

    /// A position looked up from a remembered line (the walk's) is the one the search of the whole table finds, wherever
    /// the remembered line is: on the offset's line, the one before, far before or after it, past the table's end.
    func testALocationLookedUpNearARememberedLineIsTheSearchedOne() {
        for text in ["ab\n\ncdef\ng", "x", "", "\n\n", "a\r\nb\rc\n", "é\nxy\n"] {
            let source = SourceText(text)
            for offset in 0...text.utf8.count {
                let searched = source.location(ofUTF8Offset: offset)
                for start in 0...(source.lineStarts.count + 1) {
                    var lineIndex = start
                    XCTAssertTrue(source.location(ofUTF8Offset: offset, near: &lineIndex) == searched, "\(text.debugDescription) \(offset) from \(start)")
                    XCTAssertEqual(lineIndex + 1, searched.line, "the line found is remembered")
                }
            }
        }
    }

    /// The text search readings ask before dissecting calls (`FileWalk.mentions`): anchored on the word's first
    /// capital, it must still find the word wherever that capital falls, and only where the whole word fits.
    func testTheTextSearchFindsAWordWhereverItsAnchorFalls() {
        let source = SourceText("// café\nlet hosting = UIHostingController(rootView: Screen())\nAnyView(x)")
        XCTAssertTrue(source.contains("rootView"), "capital in the middle")
        XCTAssertTrue(source.contains("AnyView"), "capital first, at the start of the last line")
        XCTAssertTrue(source.contains("x)"), "at the very end, no capital")
        XCTAssertTrue(source.contains("// caf"), "at the very start")
        XCTAssertTrue(source.contains("café"), "non-ASCII bytes")
        XCTAssertFalse(source.contains("rootViews"), "runs past the word")
        XCTAssertFalse(source.contains("x)Tab"), "would run past the end of the text")
        XCTAssertFalse(source.contains("Tab"))
        XCTAssertFalse(SourceText("").contains("Tab"))
        XCTAssertFalse(SourceText("ab").contains("Tab"), "text shorter than the word")
        XCTAssertTrue(SourceText("a TabView").contains("Tab"))
        XCTAssertTrue(source.contains("é"), "a one-character word, stored as its scalar")
        XCTAssertFalse(source.contains("Z"))
        XCTAssertEqual(SourceText("aX aXaX // aX").offsets(of: "aX"), [0, 3, 5, 11], "every occurrence, in order")
        XCTAssertEqual(SourceText("aaaaa").offsets(of: "aa"), [0, 2], "none overlapping the one before")
        XCTAssertEqual(SourceText("abc").offsets(of: "abcd"), [])
        // The same search in a name (a property's held type in the walk).
        XCTAssertTrue(ByteSearch.contains("ViewModel", in: "FeedViewModel"))
        XCTAssertTrue(ByteSearch.contains("ViewModel", in: "ViewModel<Item>?"))
        XCTAssertTrue(ByteSearch.contains("ViewModel", in: "ÉcranViewModel"), "after a multi-byte character")
        XCTAssertFalse(ByteSearch.contains("ViewModel", in: "FeedViewModeI"))
        XCTAssertFalse(ByteSearch.contains("ViewModel", in: "Model"), "a name shorter than the word")
        XCTAssertFalse(ByteSearch.contains("ViewModel", in: ""))
        // The walk remembers each answer; asked twice, a word is answered the same.
        let walk = FileWalk(path: "Hosting.swift", source: source, settings: .unknown)
        XCTAssertEqual([walk.mentions("AnyView"), walk.mentions("Tab"), walk.mentions("AnyView"), walk.mentions("Tab"), walk.mentions("é")],
                       [true, false, true, false, true])
    }

    /// swiftc counts `\n`, `\r\n` and a lone `\r` as one line break each: so must findings and quoted lines.
    func testFindingsAndQuotedLinesUnderEveryLineBreakStyle() throws {
        let styles: [(name: String, breaks: [String])] = [("LF", ["\n"]), ("CRLF", ["\r\n"]), ("CR", ["\r"]), ("mixed", ["\r", "\r\n", "\n"])]
        var positions: [String: [String]] = [:]
        for style in styles {
            let folder = try TemporaryFolder()
            try folder.write("Badge.swift", Self.badge(style.breaks))
            let json = try BinaryRunner.run(["lint", "--format", "json", "Badge.swift"], in: folder.url)
            let report = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
            let findings = report?["findings"] as? [[String: Any]] ?? []
            positions[style.name] = findings.map { "\($0["rule"] ?? ""):\($0["line"] ?? ""):\($0["column"] ?? "")" }
            let html = try BinaryRunner.run(["lint", "--format", "html", "Badge.swift"], in: folder.url)
            XCTAssertTrue(html.stdout.contains("foregroundColor(.red)"), style.name)
            XCTAssertFalse(html.stdout.contains("\r"), "\(style.name): a quoted line keeps its line break")
        }
        XCTAssertEqual(positions["LF"], ["foreground-color:5:21"])
        for style in styles { XCTAssertEqual(positions[style.name], positions["LF"], style.name) }
    }

    /// `` `Model` `` is `Model`; a raw identifier prints as written, in roles and in findings.
    func testBacktickedNamesAreTheNamesTheyEscape() throws {
        let folder = try TemporaryFolder()
        try folder.write("App.swift", """
            import SwiftUI
            import Observation

            @Observable final class `Model` {
                var count = 0
            }

            @Observable final class `Store Model` {
                var count = 0
                func reset() async { count = 0 }
            }

            struct CounterView: View {
                @State private var model = Model()
                @State private var store = `Store Model`()
                var body: some View { Text("\\(model.count) \\(store.count)") }
            }

            """)
        let roles = try BinaryRunner.run(["roles"], in: folder.url)
        let counterLine = roles.stdout.split(separator: "\n").first { $0.hasPrefix("CounterView") } ?? ""
        XCTAssertTrue(counterLine.contains("owns Model via @State"), roles.stdout)
        XCTAssertTrue(counterLine.contains("owns `Store Model` via @State"), roles.stdout)
        XCTAssertTrue(roles.stdout.split(separator: "\n").contains { $0.hasPrefix("Model ") && $0.contains("model") }, roles.stdout)
        try folder.write(".mvlint.yml", "opt_in_rules: [observable-missing-main-actor]\n")
        let lint = try BinaryRunner.run(["lint", "App.swift", "--advice"], in: folder.url)
        XCTAssertTrue(lint.stdout.contains("`Store Model`` is held by `CounterView`"), lint.stdout)
    }

    /// A written type is read as the source spells it between its first and last tokens: the comments, spaces and
    /// line breaks inside kept, those around it not, non-ASCII names whole, under every line-break style.
    /// A construction's labels, read from the raw tree: each argument's as written (backticks kept), `_` for none.
    func testAConstructionsLabelsAreItsArgumentsLabelsAsWritten() {
        let code = "let item = Item(id: 1, 2, `default`: true, /* note */ name : \"a\")\nlet empty = Empty()\n"
        let constructions = TestProject.facts(code).constructions
        XCTAssertEqual(constructions.map(\.typeName), ["Item", "Empty"])
        XCTAssertEqual(constructions.map(\.labels), [["id", "_", "`default`", "name"], []])
    }

    func testAWrittenTypeIsItsSourceWithoutTheTriviaAroundIt() {
        for lineBreak in ["\n", "\r\n", "\r"] {
            let code = ["struct Café {",
                        "    var menu: /* before */ [String /* ids */: Résumé] // after",
                        "    var pair: (first: Int,", "               second: Int)?",
                        "    let plain: Int",
                        "}", ""].joined(separator: lineBreak)
            let properties = TestProject.facts(code).types.first?.properties ?? []
            XCTAssertEqual(properties.map(\.typeName), ["[String /* ids */: Résumé]", "(first: Int,\(lineBreak)               second: Int)?", "Int"],
                           lineBreak.debugDescription)
        }
    }

    /// The ASCII path and the Unicode one split written types alike; qualified names stay whole.
    func testTypeNameWordsOfWrittenTypes() {
        let cases: [(String, [String])] = [
            ("[String: Feed.Item]?", ["String", "Feed.Item"]),
            ("Result<[User_1], any Error>", ["Result", "User_1", "any", "Error"]),
            ("(Int) -> Void", ["Int", "Void"]),
            ("", []),
            ("[Größe: Straße]", ["Größe", "Straße"]),
            ("Array<Café>!", ["Array", "Café"]),
        ]
        for (written, words) in cases {
            XCTAssertEqual(SyntaxText.typeNameWords(in: written).map(String.init), words, written)
        }
    }
}
