/// JUnit XML for CI test dashboards (GitLab, Jenkins, Azure, CircleCI). One test suite per linted file and one
/// test case per finding, with a passing "no findings" case for each clean file: dashboards then show which
/// files fail and how many pass, and a failure's suite names the file to open. (Per rule, a fix would need
/// a search through suites named after rules.) Advice follows `--advice`: every JUnit failure reads as red.
public struct JUnitReporter: Reporter {
    public init() {}

    public func render(_ report: LintReport) -> String {
        let shown = report.shownFindings
        let byFile = Dictionary(shown.groupedByFile().map { ($0.file, $0.findings) }, uniquingKeysWith: +)
        let files = Set(report.project.files.map(\.path)).union(byFile.keys).sorted()
        let cases = files.reduce(0) { $0 + max(1, byFile[$1]?.count ?? 0) }
        var output = XML.declaration
            + "<testsuites name=\"mvlint\" tests=\"\(cases)\" failures=\"\(shown.count)\" errors=\"0\">\n"
        for file in files {
            let findings = byFile[file] ?? []
            let name = XML.escape(file)
            output += "  <testsuite name=\"\(name)\" tests=\"\(max(1, findings.count))\" failures=\"\(findings.count)\" errors=\"0\">\n"
            if findings.isEmpty {
                output += "    <testcase classname=\"\(name)\" name=\"no findings\"/>\n"
            }
            for finding in findings {
                let label = finding.severity == .advice ? "note" : finding.severity.rawValue
                output += "    <testcase classname=\"\(name)\" name=\"\(XML.escape(finding.rule)) (\(finding.line):\(finding.column))\" "
                    + "file=\"\(name)\" line=\"\(finding.line)\">\n"
                output += "      <failure message=\"\(XML.escape(finding.message))\" type=\"\(finding.severity.rawValue)\">"
                    + XML.escape("\(finding.file):\(finding.line):\(finding.column): \(label): \(finding.message) (\(finding.rule))")
                    + "</failure>\n    </testcase>\n"
            }
            output += "  </testsuite>\n"
        }
        return output + "</testsuites>\n"
    }
}
