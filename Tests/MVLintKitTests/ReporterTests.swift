import Foundation
import XCTest
@testable import MVLintKit

/// Every reporter on one fixed run: an error, an advice and a fixable warning, in a file whose path and
/// message hold characters each format must escape, and a clean file.
final class ReporterTests: XCTestCase {
    static let modelPath = "Sources/Model.swift"
    static let modelText = """
        import SwiftUI
        struct Form: View {
            let model: Model
            var body: some View { TextField("", text: $model.name) }
        }
        struct Form_Previews: PreviewProvider {}

        """
    static let rowPath = "Sources/Q&A, \"v2\"/Row.swift"
    /// `é` is two UTF-8 bytes: the finding's byte column 38 is scalar column 37.
    static let rowText = "import SwiftUI\nstruct Row: View {\n    var body: some View { Text(\"é\").foregroundColor(.red) }\n}\n"
    static let awkwardMessage = "Use <foregroundStyle> & \"50%\" | a*b_c [x]: done,\nnext"

    static let findings: [Finding] = {
        let start = rowText.utf8.count - "foregroundColor(.red) }\n}\n".utf8.count
        let fix = Fix("replace `foregroundColor` with `foregroundStyle`",
                      edits: [TextEdit(range: start..<(start + 15), replacement: "foregroundStyle")])
        return [
            Finding(rule: "missing-bindable", severity: .error, file: modelPath, line: 4, column: 47, message: "`$model.name` needs `@Bindable`"),
            Finding(rule: "preview-provider", severity: .advice, file: modelPath, line: 6, column: 1, message: "Use `#Preview` instead"),
            Finding(rule: "foreground-color", severity: .warning, file: rowPath, line: 3, column: 38, message: awkwardMessage, fix: fix),
        ]
    }()

    func report(showAdvice: Bool = true, colored: Bool = false) -> LintReport {
        let files = ["Sources/Clean.swift", Self.modelPath, Self.rowPath].map { FileFacts(path: $0) }
        return LintReport(findings: Self.findings, summary: LintSummary(files: 3, findings: Self.findings), showAdvice: showAdvice,
                          project: ProjectContext(files: files, settingsByPath: [:]),
                          sources: .texts([Self.modelPath: Self.modelText, Self.rowPath: Self.rowText]), colored: colored)
    }

    // MARK: text formats

    func testXcode() {
        XCTAssertEqual(XcodeReporter().render(report()), """
            Sources/Model.swift:4:47: error: `$model.name` needs `@Bindable` (missing-bindable)
            Sources/Model.swift:6:1: note: Use `#Preview` instead (preview-provider)
            Sources/Q&A, "v2"/Row.swift:3:38: warning: \(Self.awkwardMessage) (foreground-color)

            """)
    }

    func testXcodeColoursSeveritiesAndHidesAdviceUnlessAsked() {
        let escape = "\u{1B}["
        XCTAssertEqual(XcodeReporter().render(report(showAdvice: false, colored: true)), """
            Sources/Model.swift:4:47: \(escape)31merror:\(escape)0m `$model.name` needs `@Bindable` (\(escape)1mmissing-bindable\(escape)0m)
            Sources/Q&A, "v2"/Row.swift:3:38: \(escape)33mwarning:\(escape)0m \(Self.awkwardMessage) (\(escape)1mforeground-color\(escape)0m)

            """)
        XCTAssertTrue(XcodeReporter().render(report(colored: true)).contains("\(escape)36mnote:\(escape)0m Use"))
    }

    func testJSONIncludesAdviceAndEscapes() {
        XCTAssertEqual(JSONReporter().render(report(showAdvice: false)), #"""
            {
              "version": "\#(MVLintVersion.current)",
              "findings": [
                {"rule": "missing-bindable", "severity": "error", "file": "Sources/Model.swift", "line": 4, "column": 47, "message": "`$model.name` needs `@Bindable`", "fixable": false},
                {"rule": "preview-provider", "severity": "advice", "file": "Sources/Model.swift", "line": 6, "column": 1, "message": "Use `#Preview` instead", "fixable": false},
                {"rule": "foreground-color", "severity": "warning", "file": "Sources/Q&A, \"v2\"/Row.swift", "line": 3, "column": 38, "message": "Use <foregroundStyle> & \"50%\" | a*b_c [x]: done,\nnext", "fixable": true}
              ],
              "summary": {"files": 3, "errors": 1, "warnings": 1, "advice": 1, "parse_errors": 0}
            }

            """#)
    }

    func testGitHubActions() {
        XCTAssertEqual(GitHubActionsReporter().render(report(showAdvice: false)), """
            ::error file=Sources/Model.swift,line=4,col=47,title=missing-bindable::`$model.name` needs `@Bindable`
            ::notice file=Sources/Model.swift,line=6,col=1,title=preview-provider::Use `#Preview` instead
            ::warning file=Sources/Q&A%2C "v2"/Row.swift,line=3,col=38,title=foreground-color::Use <foregroundStyle> & "50%25" | a*b_c [x]: done,%0Anext

            """)
        XCTAssertEqual(GitHubActionsReporter.escapeProperty("a:b,c%d\re"), "a%3Ab%2Cc%25d%0De")
    }

    func testCheckstyle() {
        XCTAssertEqual(CheckstyleReporter().render(report(showAdvice: false)), """
            <?xml version="1.0" encoding="UTF-8"?>
            <checkstyle version="4.3">
              <file name="Sources/Model.swift">
                <error line="4" column="47" severity="error" message="`$model.name` needs `@Bindable`" source="mvlint.missing-bindable"/>
                <error line="6" column="1" severity="info" message="Use `#Preview` instead" source="mvlint.preview-provider"/>
              </file>
              <file name="Sources/Q&amp;A, &quot;v2&quot;/Row.swift">
                <error line="3" column="38" severity="warning" message="Use &lt;foregroundStyle&gt; &amp; &quot;50%&quot; | a*b_c [x]: done,&#10;next" source="mvlint.foreground-color"/>
              </file>
            </checkstyle>

            """)
    }

    func testJUnit() {
        let row = "Sources/Q&amp;A, &quot;v2&quot;/Row.swift"
        let message = "Use &lt;foregroundStyle&gt; &amp; &quot;50%&quot; | a*b_c [x]: done,&#10;next"
        XCTAssertEqual(JUnitReporter().render(report(showAdvice: false)), """
            <?xml version="1.0" encoding="UTF-8"?>
            <testsuites name="mvlint" tests="3" failures="2" errors="0">
              <testsuite name="Sources/Clean.swift" tests="1" failures="0" errors="0">
                <testcase classname="Sources/Clean.swift" name="no findings"/>
              </testsuite>
              <testsuite name="Sources/Model.swift" tests="1" failures="1" errors="0">
                <testcase classname="Sources/Model.swift" name="missing-bindable (4:47)" file="Sources/Model.swift" line="4">
                  <failure message="`$model.name` needs `@Bindable`" type="error">Sources/Model.swift:4:47: error: `$model.name` needs `@Bindable` (missing-bindable)</failure>
                </testcase>
              </testsuite>
              <testsuite name="\(row)" tests="1" failures="1" errors="0">
                <testcase classname="\(row)" name="foreground-color (3:38)" file="\(row)" line="3">
                  <failure message="\(message)" type="warning">\(row):3:38: warning: \(message) (foreground-color)</failure>
                </testcase>
              </testsuite>
            </testsuites>

            """)
        let withAdvice = JUnitReporter().render(report())
        XCTAssertTrue(withAdvice.contains("<testsuites name=\"mvlint\" tests=\"4\" failures=\"3\" errors=\"0\">"), withAdvice)
        XCTAssertTrue(withAdvice.contains("<testsuite name=\"Sources/Model.swift\" tests=\"2\" failures=\"2\" errors=\"0\">"), withAdvice)
    }

    func testMarkdown() {
        XCTAssertEqual(MarkdownReporter().render(report()), """
            ### mvlint

            1 error, 1 warning, 1 advice in 3 files.

            | rule | severity | findings | fixable |
            |---|---|---:|---:|
            | `foreground-color` | warning | 1 | 1 |
            | `missing-bindable` | error | 1 | 0 |
            | `preview-provider` | advice | 1 | 0 |

            | file | errors | warnings | advice |
            |---|---:|---:|---:|
            | `Sources/Model.swift` | 1 | 0 | 1 |
            | `Sources/Q&A, "v2"/Row.swift` | 0 | 1 | 0 |

            - **error** `Sources/Model.swift:4:47` `$model.name` needs `@Bindable` (`missing-bindable`)
            - **advice** `Sources/Model.swift:6:1` Use `#Preview` instead (`preview-provider`)
            - **warning** `Sources/Q&A, "v2"/Row.swift:3:38` Use \\<foregroundStyle\\> \\& "50%" \\| a\\*b\\_c \\[x\\]: done, next (`foreground-color`)

            """)
        let hidden = MarkdownReporter().render(report(showAdvice: false))
        XCTAssertTrue(hidden.hasPrefix("### mvlint\n\n1 error, 1 warning in 3 files (1 advice not shown).\n"), hidden)
        XCTAssertFalse(hidden.contains("preview-provider"), hidden)
    }

    func testMarkdownMessagesKeepTheirCodeSpansAndEscapeTheRest() {
        XCTAssertEqual(Markdown.message("`a|b` *and* `c`"), "`a|b` \\*and\\* `c`")
        XCTAssertEqual(Markdown.message("an unpaired ` stays prose"), "an unpaired \\` stays prose")
        XCTAssertEqual(Markdown.message("no code"), "no code")
    }

    func testMarkdownCodeSpansHoldBackticksAndPipes() {
        XCTAssertEqual(Markdown.code("a|b", inTable: true), "`a\\|b`")
        XCTAssertEqual(Markdown.code("a|b"), "`a|b`")
        XCTAssertEqual(Markdown.code("a``b"), "```a``b```")
        XCTAssertEqual(Markdown.code("`x"), "`` `x ``")
    }

    func testSummary() {
        XCTAssertEqual(SummaryReporter().render(report()), """
            rule              severity  fixable  findings  files
            ----------------------------------------------------
            foreground-color  warning         1         1      1
            missing-bindable  error           0         1      1
            preview-provider  advice          0         1      1
            ----------------------------------------------------
            total                             1         3      2

            """)
    }

    // MARK: SARIF

    /// Required properties of the SARIF 2.1.0 schema's objects that mvlint writes (`required` in
    /// sarif-schema-2.1.0.json; `message` needs `text` or `id`).
    func testSARIFHasEverySchemaRequiredProperty() throws {
        let log = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(SARIFReporter().render(report()).utf8)) as? [String: Any])
        var missing: [String] = []
        func require(_ object: Any?, _ keys: [String], _ path: String) {
            guard let object = object as? [String: Any] else { return missing.append("\(path) is not an object") }
            for key in keys where object[key] == nil { missing.append("\(path).\(key)") }
        }
        func message(_ object: Any?, _ path: String) {
            let object = object as? [String: Any]
            if object?["text"] == nil, object?["id"] == nil { missing.append("\(path).text|id") }
        }
        func region(_ object: Any?, _ path: String) {
            require(object, ["startLine", "startColumn"], path)
        }
        require(log, ["version", "runs"], "sarifLog")
        XCTAssertEqual(log["version"] as? String, "2.1.0")
        XCTAssertEqual(log["$schema"] as? String, "https://json.schemastore.org/sarif-2.1.0.json")
        let runs = try XCTUnwrap(log["runs"] as? [[String: Any]])
        XCTAssertEqual(runs.count, 1)
        require(runs[0], ["tool"], "run")
        let tool = runs[0]["tool"] as? [String: Any]
        require(tool, ["driver"], "tool")
        let driver = tool?["driver"] as? [String: Any]
        require(driver, ["name", "version", "informationUri", "rules"], "driver")
        let rules = try XCTUnwrap(driver?["rules"] as? [[String: Any]])
        for (index, rule) in rules.enumerated() {
            require(rule, ["id", "name", "shortDescription", "fullDescription", "help", "defaultConfiguration", "properties"], "rules[\(index)]")
            message(rule["shortDescription"], "rules[\(index)].shortDescription")
            require(rule["help"], ["text", "markdown"], "rules[\(index)].help")
        }
        let results = try XCTUnwrap(runs[0]["results"] as? [[String: Any]])
        XCTAssertEqual(results.count, 3)
        for (index, result) in results.enumerated() {
            require(result, ["ruleId", "ruleIndex", "level", "message", "locations", "partialFingerprints"], "results[\(index)]")
            message(result["message"], "results[\(index)].message")
            XCTAssertEqual(rules[result["ruleIndex"] as? Int ?? -1]["id"] as? String, result["ruleId"] as? String)
            for (number, location) in (result["locations"] as? [[String: Any]] ?? []).enumerated() {
                let physical = location["physicalLocation"] as? [String: Any]
                require(physical?["artifactLocation"], ["uri"], "results[\(index)].locations[\(number)].artifactLocation")
                region(physical?["region"], "results[\(index)].locations[\(number)].region")
            }
            for (number, fix) in (result["fixes"] as? [[String: Any]] ?? []).enumerated() {
                require(fix, ["artifactChanges"], "results[\(index)].fixes[\(number)]")
                for change in fix["artifactChanges"] as? [[String: Any]] ?? [] {
                    require(change, ["artifactLocation", "replacements"], "results[\(index)].fixes[\(number)].artifactChange")
                    for replacement in change["replacements"] as? [[String: Any]] ?? [] {
                        require(replacement, ["deletedRegion"], "results[\(index)].fixes[\(number)].replacement")
                        region(replacement["deletedRegion"], "results[\(index)].fixes[\(number)].deletedRegion")
                    }
                }
            }
        }
        XCTAssertEqual(results.filter { $0["fixes"] != nil }.count, 1)
        XCTAssertEqual(missing, [])
    }

    func testSARIFExactOutput() {
        let rules = [
            expectedRule("foreground-color", name: "ForegroundColor", level: "warning"),
            expectedRule("missing-bindable", name: "MissingBindable", level: "error"),
            expectedRule("preview-provider", name: "PreviewProvider", level: "note"),
        ].joined(separator: ",\n")
        let modelFingerprint = { (line: String, rule: String) in Self.fnv1a([rule, Self.modelPath, line].joined(separator: "\u{0}")) }
        let rowFingerprint = Self.fnv1a(["foreground-color", Self.rowPath, "var body: some View { Text(\"é\").foregroundColor(.red) }"]
            .joined(separator: "\u{0}"))
        let rowURI = "Sources/Q%26A%2C%20%22v2%22/Row.swift"
        XCTAssertEqual(SARIFReporter().render(report(showAdvice: false)), """
            {
              "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
              "version": "2.1.0",
              "runs": [
                {
                  "tool": {
                    "driver": {
                      "name": "mvlint",
                      "version": "\(MVLintVersion.current)",
                      "semanticVersion": "\(MVLintVersion.current)",
                      "informationUri": "\(MVLintVersion.homepage)",
                      "rules": [
            \(rules)
                      ]
                    }
                  },
                  "columnKind": "unicodeCodePoints",
                  "results": [
                    {
                      "ruleId": "missing-bindable",
                      "ruleIndex": 1,
                      "level": "error",
                      "message": {
                        "text": "`$model.name` needs `@Bindable`"
                      },
                      "locations": [
                        {
                          "physicalLocation": {
                            "artifactLocation": {
                              "uri": "Sources/Model.swift",
                              "uriBaseId": "%SRCROOT%"
                            },
                            "region": {
                              "startLine": 4,
                              "startColumn": 47
                            }
                          }
                        }
                      ],
                      "partialFingerprints": {
                        "mvlint/lineHash/v1": "\(modelFingerprint("var body: some View { TextField(\"\", text: $model.name) }", "missing-bindable"))"
                      }
                    },
                    {
                      "ruleId": "preview-provider",
                      "ruleIndex": 2,
                      "level": "note",
                      "message": {
                        "text": "Use `#Preview` instead"
                      },
                      "locations": [
                        {
                          "physicalLocation": {
                            "artifactLocation": {
                              "uri": "Sources/Model.swift",
                              "uriBaseId": "%SRCROOT%"
                            },
                            "region": {
                              "startLine": 6,
                              "startColumn": 1
                            }
                          }
                        }
                      ],
                      "partialFingerprints": {
                        "mvlint/lineHash/v1": "\(modelFingerprint("struct Form_Previews: PreviewProvider {}", "preview-provider"))"
                      }
                    },
                    {
                      "ruleId": "foreground-color",
                      "ruleIndex": 0,
                      "level": "warning",
                      "message": {
                        "text": "Use <foregroundStyle> & \\"50%\\" | a*b_c [x]: done,\\nnext"
                      },
                      "locations": [
                        {
                          "physicalLocation": {
                            "artifactLocation": {
                              "uri": "\(rowURI)",
                              "uriBaseId": "%SRCROOT%"
                            },
                            "region": {
                              "startLine": 3,
                              "startColumn": 37
                            }
                          }
                        }
                      ],
                      "partialFingerprints": {
                        "mvlint/lineHash/v1": "\(rowFingerprint)"
                      },
                      "fixes": [
                        {
                          "description": {
                            "text": "replace `foregroundColor` with `foregroundStyle`"
                          },
                          "artifactChanges": [
                            {
                              "artifactLocation": {
                                "uri": "\(rowURI)",
                                "uriBaseId": "%SRCROOT%"
                              },
                              "replacements": [
                                {
                                  "deletedRegion": {
                                    "startLine": 3,
                                    "startColumn": 37,
                                    "endLine": 3,
                                    "endColumn": 52
                                  },
                                  "insertedContent": {
                                    "text": "foregroundStyle"
                                  }
                                }
                              ]
                            }
                          ]
                        }
                      ]
                    }
                  ]
                }
              ]
            }

            """)
    }

    /// A rule descriptor as the SARIF run lists it, at its indentation; texts come from the rule's metadata.
    private func expectedRule(_ id: String, name: String, level: String) -> String {
        let rule = RuleRegistry.description(of: id)!
        func code(_ example: Example) -> String {
            "```swift\n" + ExampleRunner.strip(example.code).code.trimmingCharacters(in: .newlines) + "\n```"
        }
        let markdown = [rule.summary, "**Why this is bad.** \(rule.rationale)", "**Instead.** \(rule.instead)",
                        "Reported:\n\n" + code(rule.triggering[0]), "Not reported:\n\n" + code(rule.nonTriggering[0])].joined(separator: "\n\n")
        let profiles = Profile.allCases.filter { rule.profiles.enables($0) }.map { "\"\($0.rawValue)\"" }
        return """
            {
              "id": "\(id)",
              "name": "\(name)",
              "shortDescription": {
                "text": \(JSON.string(rule.summary))
              },
              "fullDescription": {
                "text": \(JSON.string(rule.rationale))
              },
              "help": {
                "text": \(JSON.string(RuleTable.explanation(rule))),
                "markdown": \(JSON.string(markdown))
              },
              "defaultConfiguration": {
                "enabled": \(rule.profiles != .optIn),
                "level": "\(level)"
              },
              "properties": {
                "tags": [
                  "mvlint",
                  "swiftui"
                ],
                "profiles": \(profiles.isEmpty ? "[]" : "[\n      " + profiles.joined(separator: ",\n      ") + "\n    ]"),
                "fixable": true
              }
            }
            """.split(separator: "\n").map { String(repeating: " ", count: 12) + $0 }.joined(separator: "\n")
    }

    /// FNV-1a over the UTF-8 bytes, written out here so the test does not trust the code it checks.
    private static func fnv1a(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return String(format: "%016llx", hash)
    }

    func testSARIFLocatesFilesOutsideTheWorkingFolderAndUnreadableOnes() {
        XCTAssertEqual(SARIFReporter.artifactLocation("/tmp/a b/ü.swift").rendered(), "{\n  \"uri\": \"file:///tmp/a%20b/%C3%BC.swift\"\n}")
        // A file that can no longer be read keeps its result, without a fix (nothing to place it by).
        let unreadable = LintReport(findings: [Self.findings[2]], summary: LintSummary(files: 1, findings: []), showAdvice: true,
                                    project: ProjectContext(files: [], settingsByPath: [:]), sources: .texts([:]))
        let output = SARIFReporter().render(unreadable)
        XCTAssertTrue(output.contains("\"startColumn\": 38"), output)
        XCTAssertFalse(output.contains("\"fixes\""), output)
    }

    // MARK: helpers

    func testSourceLinesConvertOffsetsAndColumns() {
        let lines = SourceLines("ab\r\néx = 1\nlast")
        XCTAssertEqual(lines.line(1), "ab")
        XCTAssertEqual(lines.line(2), "éx = 1")
        XCTAssertEqual(lines.line(3), "last")
        XCTAssertNil(lines.line(4))
        XCTAssertEqual(lines.position(ofUTF8Offset: 0).line, 1)
        // Line 2 starts at byte 4; `x` is byte 6 (after the two bytes of `é`), scalar column 2.
        XCTAssertTrue(lines.position(ofUTF8Offset: 6) == (2, 2))
        XCTAssertTrue(lines.position(ofUTF8Offset: 100) == (3, 5))
        XCTAssertEqual(lines.scalarColumn(line: 2, utf8Column: 3), 2)
        XCTAssertEqual(lines.lineBreakStyle.apply(to: "a\nb"), "a\nb")
        XCTAssertEqual(SourceLines("a\r\nb\r\n").lineBreakStyle.apply(to: "x\ny"), "x\r\ny")
    }

    func testXMLEscapingDropsCharactersXMLCannotHold() {
        XCTAssertEqual(XML.escape("<a href='x'>&\"\t\u{7}</a>"), "&lt;a href=&#39;x&#39;&gt;&amp;&quot;&#9;\u{FFFD}&lt;/a&gt;")
    }

    // MARK: terminal

    func testColourAndProgressOnlyForATerminalThatWantsThem() {
        func style(_ choice: TerminalStyle.Choice = .automatic, out: Bool = true, err: Bool = true,
                   environment: [String: String] = ["TERM": "xterm-256color"], quiet: Bool = false) -> [Bool] {
            let style = TerminalStyle(choice: choice, reportIsOnTerminal: out, errorsAreOnTerminal: err, environment: environment, quiet: quiet)
            return [style.colored, style.showsProgress]
        }
        XCTAssertEqual(style(), [true, true])
        XCTAssertEqual(style(out: false, err: false), [false, false])
        XCTAssertEqual(style(out: false), [false, true])
        XCTAssertEqual(style(environment: ["NO_COLOR": "0"]), [false, false])
        // no-color.org: an empty NO_COLOR does not count.
        XCTAssertEqual(style(environment: ["NO_COLOR": ""]), [true, true])
        XCTAssertEqual(style(environment: ["TERM": "dumb"]), [false, false])
        XCTAssertEqual(style(.always, out: false, environment: ["NO_COLOR": "1"]), [true, false])
        XCTAssertEqual(style(.never), [false, false])
        XCTAssertEqual(style(quiet: true), [true, false])
    }

    func testProgressBarWaitsASecondThrottlesAndClears() {
        final class Recorder: @unchecked Sendable {
            var written: [String] = []
            var time = 0.0
        }
        let recorder = Recorder()
        let bar = ProgressBar(write: { recorder.written.append($0) }, now: { recorder.time })
        bar.fileFinished(of: 4)
        recorder.time = 1.0
        bar.fileFinished(of: 4)
        recorder.time = 1.05
        bar.fileFinished(of: 4)
        recorder.time = 1.2
        bar.fileFinished(of: 4)
        bar.finish()
        let empty = String(repeating: " ", count: 15)
        XCTAssertEqual(recorder.written, [
            "\r[" + String(repeating: "#", count: 15) + empty + "] 2/4 files",
            "\r[" + String(repeating: "#", count: 30) + "] 4/4 files",
            "\r\u{1B}[K",
        ])
        let quick = Recorder()
        let quickBar = ProgressBar(write: { quick.written.append($0) }, now: { quick.time })
        quickBar.fileFinished(of: 1)
        quickBar.finish()
        XCTAssertEqual(quick.written, [])
    }

    func testLinterReportsEveryFinishedFile() throws {
        final class Counter: LintProgress, @unchecked Sendable {
            let lock = NSLock()
            var calls: [Int] = []
            func fileFinished(of total: Int) {
                lock.lock()
                calls.append(total)
                lock.unlock()
            }
        }
        let folder = try TemporaryFolder()
        for name in ["A", "B", "C"] { try folder.write("\(name).swift", "struct \(name) {}\n") }
        try Data([0xFF]).write(to: folder.url.appendingPathComponent("Binary.swift"))
        let counter = Counter()
        _ = Linter.run(Linter.Request(paths: [], workingDirectory: folder.url, configuration: Configuration(rootDirectory: folder.url),
                                      progress: counter))
        // The unreadable file counts too: the bar measures work done, not files linted.
        XCTAssertEqual(counter.calls, [4, 4, 4, 4])
    }

    // MARK: command line

    func testReadmeAndHelpNameEveryFormat() throws {
        let readme = try String(contentsOf: BinaryRunner.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let help = try XCTUnwrap(HelpText.commands.first { $0.name == "lint" }?.text)
        for kind in ReporterKind.allCases {
            XCTAssertTrue(readme.contains("| `\(kind.rawValue)` | "), "README.md's Reporters table lacks \(kind.rawValue)")
            XCTAssertTrue(help.contains(kind.rawValue), kind.rawValue)
        }
    }

    func testOutputFileTakesTheReportAndTheSummaryStaysOnStandardError() throws {
        let folder = try TemporaryFolder()
        try folder.write("A.swift", "import SwiftUI\nstruct A: View {\n    var body: some View { Text(\"a\").foregroundColor(.red) }\n}\n")
        let result = try BinaryRunner.run(["lint", "--format", "github-actions", "--output", "report.txt"], in: folder.url)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "")
        XCTAssertTrue(result.stderr.hasPrefix("mvlint: 1 file linted, 0 errors, 1 warning"), result.stderr)
        let written = try String(contentsOf: folder.url.appendingPathComponent("report.txt"), encoding: .utf8)
        XCTAssertTrue(written.hasPrefix("::warning file=A.swift,line=3,col=37,title=foreground-color::"), written)
        // Only the report file is left behind: the temporary file was renamed over it.
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted(), ["A.swift", "report.txt"])
    }

    func testUnwritableOutputIsOneMessageAndExitTwo() throws {
        let folder = try TemporaryFolder()
        try folder.write("A.swift", "struct A {}\n")
        let result = try BinaryRunner.run(["lint", "--output", "missing/report.txt"], in: folder.url)
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stdout, "")
        let errors = result.stderr.split(separator: "\n").filter { $0.contains("error:") }
        XCTAssertEqual(errors.count, 1, result.stderr)
        XCTAssertTrue(errors[0].hasPrefix("mvlint: error: cannot write the report to missing/report.txt: the folder "), result.stderr)
        XCTAssertTrue(errors[0].hasSuffix("/missing does not exist; not written"), result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("missing").path))
        let both = try BinaryRunner.run(["lint", "--color", "--no-color"], in: folder.url)
        XCTAssertEqual(both.status, 2)
        XCTAssertTrue(both.stderr.contains("--color and --no-color exclude each other"), both.stderr)
    }

    func testTerminalConsoleGetsColourUnlessNoColorIsSet() throws {
        final class Captured: @unchecked Sendable {
            let lock = NSLock()
            var out = ""
            func append(_ text: String) {
                lock.lock()
                out += text
                lock.unlock()
            }
        }
        let folder = try TemporaryFolder()
        try folder.write("A.swift", "import SwiftUI\nstruct A: View {\n    var body: some View { Text(\"a\").foregroundColor(.red) }\n}\n")
        func lint(_ environment: [String: String], outIsTerminal: Bool = true) -> String {
            let captured = Captured()
            let console = CommandLineTool.Console(out: captured.append, err: { _ in }, outIsTerminal: outIsTerminal, errIsTerminal: true)
            _ = CommandLineTool(console: console, workingDirectory: folder.url, environment: environment).run(["lint"])
            return captured.out
        }
        XCTAssertTrue(lint(["TERM": "xterm"]).hasPrefix("A.swift:3:37: \u{1B}[33mwarning:\u{1B}[0m "))
        XCTAssertTrue(lint(["TERM": "xterm", "NO_COLOR": "1"]).hasPrefix("A.swift:3:37: warning: "))
        XCTAssertTrue(lint(["TERM": "xterm"], outIsTerminal: false).hasPrefix("A.swift:3:37: warning: "))
    }

    func testConfigurationChoosesAnyReporterAndColourCanBeForced() throws {
        let folder = try TemporaryFolder()
        try folder.write("A.swift", "import SwiftUI\nstruct A: View {\n    var body: some View { Text(\"a\").foregroundColor(.red) }\n}\n")
        try folder.write(".mvlint.yml", "reporter: checkstyle\n")
        let checkstyle = try BinaryRunner.run(["lint", "--quiet"], in: folder.url)
        XCTAssertTrue(checkstyle.stdout.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<checkstyle version=\"4.3\">\n  <file name=\"A.swift\">"),
                      checkstyle.stdout)
        // The binary runs with NO_COLOR set and piped; --color still colours.
        let forced = try BinaryRunner.run(["lint", "--format", "xcode", "--color", "--quiet"], in: folder.url)
        XCTAssertTrue(forced.stdout.hasPrefix("A.swift:3:37: \u{1B}[33mwarning:\u{1B}[0m "), forced.stdout)
    }
}
