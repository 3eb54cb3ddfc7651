/// A stable JSON document for other tools. Field order and names are part of mvlint's interface.
/// It is a report, so advice is always included.
public struct JSONReporter: Reporter {
    public init() {}

    public func render(_ report: LintReport) -> String {
        let findings = report.findings, summary = report.summary
        // Written into one string sized up front, each value appended in place: joining a temporary string per field
        // was most of a warm run's report.
        var output = ""
        output.reserveCapacity(findings.reduce(200) { $0 + 120 + $1.rule.utf8.count + $1.file.utf8.count + $1.message.utf8.count })
        output += "{\n  \"version\": "
        JSON.appendString(MVLintVersion.current, to: &output)
        output += ",\n  \"findings\": ["
        for (index, finding) in findings.enumerated() {
            output += index == 0 ? "\n    {\"rule\": " : ",\n    {\"rule\": "
            JSON.appendString(finding.rule, to: &output)
            output += ", \"severity\": "
            JSON.appendString(finding.severity.rawValue, to: &output)
            output += ", \"file\": "
            JSON.appendString(finding.file, to: &output)
            output += ", \"line\": "
            output += String(finding.line)
            output += ", \"column\": "
            output += String(finding.column)
            output += ", \"message\": "
            JSON.appendString(finding.message, to: &output)
            output += finding.fixable ? ", \"fixable\": true}" : ", \"fixable\": false}"
        }
        output += findings.isEmpty ? "],\n" : "\n  ],\n"
        output += "  \"summary\": {\"files\": \(summary.files), \"errors\": \(summary.errors), \"warnings\": \(summary.warnings), "
        output += "\"advice\": \(summary.advice), \"parse_errors\": \(summary.parseErrors)}\n}\n"
        return output
    }
}
