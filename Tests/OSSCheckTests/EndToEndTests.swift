import XCTest
@testable import OSSCheck

/// oss-check over a temporary folder of three fake apps, with two shell scripts standing in for mvlint
/// binaries: each prints a fixed JSON report chosen by the folder it runs in.
final class EndToEndTests: XCTestCase {
    typealias Entry = (rule: String, severity: String, file: String, line: Int, message: String)

    static let home = """
        import SwiftUI
        struct Home: View {
            @State var count = 0
            var body: some View {
                Text("Hi")
                    .foregroundColor(.red)
                Text("Hi")
            }
        }
        """
    static let rows = """
        import SwiftUI
        struct Rows: View {
            var body: some View {
                ForEach(0..<3) { i in Text("\\(i)") }
                ForEach(0..<3) { i in Text("\\(i)") }
            }
        }
        """

    let folder = try! TemporaryFolder()
    var apps: URL { folder.url.appendingPathComponent("apps") }

    override func setUpWithError() throws {
        try folder.write("apps/Alpha/Views/Home.swift", Self.home)
        try folder.write("apps/Beta/List.swift", Self.rows)
        try folder.write("apps/Gamma/Empty.swift", "")
        try folder.write("apps/.hidden/Skipped.swift", "")
        try folder.write("apps/notes.txt", "not an app")
        try fakeMVLint("baseline", version: "0.1.0", alpha: [
            ("state-not-private", "warning", "Views/Home.swift", 3, "`count` is not private"),
            ("foreground-color", "warning", "Views/Home.swift", 6, "use `foregroundStyle`"),
            ("plain-text", "advice", "Views/Home.swift", 5, "plain text"),
        ], beta: [
            ("foreach-index-identity", "error", "List.swift", 4, "indices as identity"),
        ], gamma: "echo '{\"version\": \"0.1.0\", \"findings\": []}'")
        // Alpha: a reworded message and a finding that moved to an equal line; Beta: one more of the same
        // finding; Gamma: a configuration error.
        try fakeMVLint("candidate", version: "0.2.0", alpha: [
            ("state-not-private", "warning", "Views/Home.swift", 3, "`count` is not private"),
            ("foreground-color", "warning", "Views/Home.swift", 6, "use `.foregroundStyle(_:)`"),
            ("plain-text", "advice", "Views/Home.swift", 7, "plain text"),
        ], beta: [
            ("foreach-index-identity", "error", "List.swift", 4, "indices as identity"),
            ("foreach-index-identity", "error", "List.swift", 5, "indices as identity"),
        ], gamma: "echo 'mvlint: error: .mvlint.yml: unknown rule' >&2; exit 2")
    }

    /// Exits 2 like a usage error unless it gets the arguments of a JSON lint run; Beta has an error
    /// finding, so it exits 1 there, as mvlint does.
    private func fakeMVLint(_ name: String, version: String, alpha: [Entry], beta: [Entry], gamma: String) throws {
        func report(_ entries: [Entry]) -> String {
            let findings = entries.map { entry in
                #"{"rule": "\#(entry.rule)", "severity": "\#(entry.severity)", "file": "\#(entry.file)", "line": \#(entry.line), "#
                    + #""column": 5, "message": "\#(entry.message)", "fixable": false}"#
            }
            return #"{"version": "\#(version)", "findings": [\#(findings.joined(separator: ", "))], "summary": {"files": 1}}"#
        }
        try folder.write("\(name).sh", """
            #!/bin/sh
            [ "$*" = "lint . --format json --no-cache --advice" ] || { echo "unexpected arguments: $*" >&2; exit 2; }
            case "$(basename "$(pwd)")" in
            Alpha) cat <<'JSON'
            \(report(alpha))
            JSON
            ;;
            Beta) cat <<'JSON'
            \(report(beta))
            JSON
            exit 1 ;;
            Gamma) \(gamma) ;;
            *) echo "unexpected folder $(pwd)" >&2; exit 3 ;;
            esac

            """, executable: true)
    }

    private func ossCheck(_ arguments: [String]) -> (status: Int32, stdout: String) {
        var stdout = ""
        let status = OSSCheckCommand.run(["--apps", apps.path] + arguments, runner: LintRunner(clock: { 0 })) { stdout += $0 }
        return (status, stdout)
    }

    func testTheReportListsCountsChangesRunTimesAndFailures() throws {
        let baseline = folder.url.appendingPathComponent("baseline.sh").path, candidate = folder.url.appendingPathComponent("candidate.sh").path
        let out = folder.url.appendingPathComponent("report.md")
        let result = ossCheck(["--baseline", baseline, "--candidate", candidate, "--out", out.path, "--jobs", "3"])
        XCTAssertEqual(result.status, 1, "a failed run makes the exit status 1")
        XCTAssertEqual(result.stdout, """
            oss-check: 3 apps, 1 failed runs, findings 4 → 5 (+2 −1), wall time 0.00 s
              foreach-index-identity: +1 −0
              foreground-color: +1 −1
              failed: Gamma (candidate): exit 2: mvlint: error: .mvlint.yml: unknown rule
            report: \(out.path)

            """)
        XCTAssertEqual(try String(contentsOf: out, encoding: .utf8), """
            # mvlint oss-check

            |  | binary | version |
            | --- | --- | --- |
            | baseline | `\(baseline)` | 0.1.0 |
            | candidate | `\(candidate)` | 0.2.0 |

            3 apps, 2 compared, 1 failed runs; wall time 0.00 s with 3 jobs.
            Findings: 4 → 5, 2 added, 1 removed.

            ## Findings per rule × app

            A cell is `baseline → candidate (+added −removed)` where the runs differ, else the count; `·` is none.

            | rule | severity | all apps | Alpha | Beta |
            | --- | --- | ---: | ---: | ---: |
            | `foreach-index-identity` | error | 1 → 2 (+1) | · | 1 → 2 (+1) |
            | `foreground-color` | warning | 1 → 1 (+1 −1) | 1 → 1 (+1 −1) | · |
            | `plain-text` | advice | 1 | 1 | · |
            | `state-not-private` | warning | 1 | 1 | · |

            ## Added and removed findings

            ### `foreach-index-identity`: 1 added, 0 removed

            |  | app | file:line | line | message | severity |
            | --- | --- | --- | --- | --- | --- |
            | + | Beta | `List.swift:5` | `ForEach(0..<3) { i in Text("\\(i)") }` | indices as identity | error |

            ### `foreground-color`: 1 added, 1 removed

            |  | app | file:line | line | message | severity |
            | --- | --- | --- | --- | --- | --- |
            | + | Alpha | `Views/Home.swift:6` | `.foregroundColor(.red)` | use `.foregroundStyle(_:)` | warning |
            | − | Alpha | `Views/Home.swift:6` | `.foregroundColor(.red)` | use `foregroundStyle` | warning |

            ## Run times

            Seconds of one `lint` run per binary per app (apps run 3 at a time).

            | app | baseline s | candidate s | baseline findings | candidate findings |
            | --- | ---: | ---: | ---: | ---: |
            | Alpha | 0.00 | 0.00 | 3 | 3 |
            | Beta | 0.00 | 0.00 | 1 | 2 |
            | Gamma | 0.00 | 0.00 | 0 | failed |
            | **total** | 0.00 | 0.00 | 4 | 5 |

            ## Failed runs

            These apps are left out of the counts and the changes.

            | app | binary | reason |
            | --- | --- | --- |
            | Gamma | candidate | exit 2: mvlint: error: .mvlint.yml: unknown rule |

            """)
    }

    func testTheSampleNeedsOnlyTheCandidateAndShowsTheCodeAround() throws {
        let candidate = folder.url.appendingPathComponent("candidate.sh").path, tsv = folder.url.appendingPathComponent("sample.tsv")
        let result = ossCheck(["--candidate", candidate, "--sample", "1", "--seed", "7", "--sample-out", tsv.path, "--context", "1",
                               "--rules", "foreach-index-identity,plain-text"])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stdout, """
            oss-check: 3 apps, 3 candidate findings, wall time 0.00 s
              failed: Gamma: exit 2: mvlint: error: .mvlint.yml: unknown rule
            sample: 2 findings of 2 rules from 2 apps (seed 7): \(tsv.path)
            context (±1 lines): \(folder.url.appendingPathComponent("sample.md").path)

            """)
        XCTAssertEqual(try String(contentsOf: tsv, encoding: .utf8), """
            rule\tapp\tfile:line\tseverity\tmessage\tline text\tverdict\treason
            foreach-index-identity\tBeta\tList.swift:4\terror\tindices as identity\tForEach(0..<3) { i in Text("\\(i)") }\t\t
            plain-text\tAlpha\tViews/Home.swift:7\tadvice\tplain text\tText("Hi")\t\t

            """)
        XCTAssertEqual(try String(contentsOf: folder.url.appendingPathComponent("sample.md"), encoding: .utf8), """
            # mvlint findings to judge

            Each finding is a row of the TSV, in the same order; `>` marks the reported line.

            ## 1. `foreach-index-identity` in Beta, `List.swift:4`

            error: indices as identity

            ```swift
             3 |     var body: some View {
            >4 |         ForEach(0..<3) { i in Text("\\(i)") }
             5 |         ForEach(0..<3) { i in Text("\\(i)") }
            ```

            ## 2. `plain-text` in Alpha, `Views/Home.swift:7`

            advice: plain text

            ```swift
             6 |             .foregroundColor(.red)
            >7 |         Text("Hi")
             8 |     }
            ```

            """)
    }
}
