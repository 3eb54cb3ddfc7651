/// A stable JSON document for other tools. Field order and names are part of mvlint's interface.
/// It is a report, so advice is always included.
public struct JSONReporter: Reporter {
    public init() {}

    public func render(_ report: LintReport) -> String {
        let findings = report.findings, summary = report.summary
        var output = "{\n  \"version\": \(JSON.string(MVLintVersion.current)),\n  \"findings\": ["
        for (index, finding) in findings.enumerated() {
            output += index == 0 ? "\n" : ",\n"
            output += "    {\"rule\": \(JSON.string(finding.rule)), \"severity\": \(JSON.string(finding.severity.rawValue)), "
            output += "\"file\": \(JSON.string(finding.file)), \"line\": \(finding.line), \"column\": \(finding.column), "
            output += "\"message\": \(JSON.string(finding.message)), \"fixable\": \(finding.fixable)}"
        }
        output += findings.isEmpty ? "],\n" : "\n  ],\n"
        output += "  \"summary\": {\"files\": \(summary.files), \"errors\": \(summary.errors), \"warnings\": \(summary.warnings), "
        output += "\"advice\": \(summary.advice), \"parse_errors\": \(summary.parseErrors)}\n}\n"
        return output
    }
}
