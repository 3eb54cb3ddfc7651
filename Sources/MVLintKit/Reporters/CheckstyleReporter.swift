/// Checkstyle XML, which Jenkins, GitLab code quality converters and reviewdog read: findings grouped by file,
/// severity `error`, `warning` or `info` (advice), source `mvlint.rule-id`.
public struct CheckstyleReporter: Reporter {
    public init() {}

    public func render(_ report: LintReport) -> String {
        var output = XML.declaration + "<checkstyle version=\"4.3\">\n"
        for (file, findings) in report.findings.groupedByFile() {
            output += "  <file name=\"\(XML.escape(file))\">\n"
            for finding in findings {
                output += "    <error line=\"\(finding.line)\" column=\"\(finding.column)\" severity=\"\(Self.severity(finding.severity))\" "
                    + "message=\"\(XML.escape(finding.message))\" source=\"mvlint.\(XML.escape(finding.rule))\"/>\n"
            }
            output += "  </file>\n"
        }
        return output + "</checkstyle>\n"
    }

    static func severity(_ severity: Severity) -> String {
        severity == .advice ? "info" : severity.rawValue
    }
}

extension [Finding] {
    /// Consecutive runs of one file, in report order (findings are sorted by file first).
    func groupedByFile() -> [(file: String, findings: [Finding])] {
        var groups: [(file: String, findings: [Finding])] = []
        for finding in self {
            if groups.last?.file == finding.file {
                groups[groups.count - 1].findings.append(finding)
            } else {
                groups.append((finding.file, [finding]))
            }
        }
        return groups
    }
}
