/// GitHub-flavoured Markdown for `$GITHUB_STEP_SUMMARY` or a pull-request comment: the counts, a table per
/// rule and per file, then every finding. Advice follows `--advice`, as in the terminal.
public struct MarkdownReporter: Reporter {
    public init() {}

    public func render(_ report: LintReport) -> String {
        let shown = report.shownFindings
        var output = "### mvlint\n\n"
        guard !shown.isEmpty else {
            return output + "No findings in \(plural(report.summary.files, "file")).\n"
        }
        let severities: [Severity] = report.showAdvice ? [.error, .warning, .advice] : [.error, .warning]
        let counts = severities.map { severity in
            plural(shown.filter { $0.severity == severity }.count, severity.rawValue, severity == .advice ? "advice" : nil)
        }
        output += "\(counts.joined(separator: ", ")) in \(plural(report.summary.files, "file"))"
        let hidden = report.findings.count - shown.count
        output += hidden > 0 ? " (\(hidden) advice not shown).\n\n" : ".\n\n"

        output += "| rule | severity | findings | fixable |\n|---|---|---:|---:|\n"
        for rule in RuleCount.tally(shown) {
            output += "| \(Markdown.code(rule.id, inTable: true)) | \(rule.severity.rawValue) | \(rule.findings) | \(rule.fixable) |\n"
        }
        output += "\n| file | errors | warnings | advice |\n|---|---:|---:|---:|\n"
        for (file, findings) in shown.groupedByFile() {
            let count = { (severity: Severity) in findings.filter { $0.severity == severity }.count }
            output += "| \(Markdown.code(file, inTable: true)) | \(count(.error)) | \(count(.warning)) | \(count(.advice)) |\n"
        }
        output += "\n"
        for finding in shown {
            output += "- **\(finding.severity.rawValue)** \(Markdown.code("\(finding.file):\(finding.line):\(finding.column)")) "
                + "\(Markdown.message(finding.message)) (\(Markdown.code(finding.rule)))\n"
        }
        return output
    }

    private func plural(_ count: Int, _ noun: String, _ plural: String? = nil) -> String {
        "\(count) \(count == 1 ? noun : plural ?? noun + "s")"
    }
}

/// Findings per rule, most frequent first: the Markdown and summary reports' tables.
struct RuleCount {
    var id: String
    /// The highest severity among the rule's findings (configuration may differ from the default).
    var severity: Severity
    var findings: Int
    var fixable: Int
    var files: Int

    static func tally(_ findings: [Finding]) -> [RuleCount] {
        Dictionary(grouping: findings, by: \.rule).map { id, members in
            RuleCount(id: id, severity: members.map(\.severity).max() ?? .advice, findings: members.count,
                      fixable: members.filter(\.fixable).count, files: Set(members.map(\.file)).count)
        }.sorted { ($1.findings, $0.id) < ($0.findings, $1.id) }
    }
}

/// Escaping for Markdown written into GitHub comments and summaries.
enum Markdown {
    /// Prose with every character that could start markup backslash-escaped, on one line.
    static func text(_ value: String) -> String {
        var escaped = ""
        for character in value {
            if character.isNewline {
                escaped += " "
            } else {
                if "\\`*_[]<>|~&#".contains(character) { escaped += "\\" }
                escaped.append(character)
            }
        }
        return escaped
    }

    /// A finding's message: its `…` spans (names and code, as every rule writes them) stay code spans,
    /// the prose between them is escaped. Unpaired backticks make the whole message prose.
    static func message(_ value: String) -> String {
        let parts = value.split(separator: "`", omittingEmptySubsequences: false).map(String.init)
        guard parts.count > 1, parts.count % 2 == 1 else { return text(value) }
        return parts.enumerated().map { $0.offset % 2 == 1 ? code($0.element) : text($0.element) }.joined()
    }

    /// A code span long enough to hold any backticks in `value`. In a table cell `|` must still be escaped:
    /// GitHub splits cells before it reads code spans.
    static func code(_ value: String, inTable: Bool = false) -> String {
        var longestRun = 0, run = 0
        for character in value {
            run = character == "`" ? run + 1 : 0
            longestRun = max(longestRun, run)
        }
        let fence = String(repeating: "`", count: longestRun + 1)
        let padding = value.hasPrefix("`") || value.hasSuffix("`") ? " " : ""
        var content = value.map { $0.isNewline ? " " : String($0) }.joined()
        if inTable { content = content.map { $0 == "|" ? "\\|" : String($0) }.joined() }
        return fence + padding + content + padding + fence
    }
}
