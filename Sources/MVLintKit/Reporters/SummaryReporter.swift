/// Counts per rule as an aligned table with a total, like SwiftLint's `summary` reporter: a quick view of
/// where a code base stands. Advice follows `--advice`.
public struct SummaryReporter: Reporter {
    public init() {}

    public func render(_ report: LintReport) -> String {
        let shown = report.shownFindings
        let rules = RuleCount.tally(shown)
        let header = ["rule", "severity", "fixable", "findings", "files"]
        let rows = rules.map { [$0.id, $0.severity.rawValue, String($0.fixable), String($0.findings), String($0.files)] }
        let total = ["total", "", String(rules.reduce(0) { $0 + $1.fixable }), String(shown.count), String(Set(shown.map(\.file)).count)]
        let table = [header] + rows + [total]
        let widths = header.indices.map { column in table.map { $0[column].count }.max() ?? 0 }
        // Text columns align left, counts right.
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { column, cell in
                let padding = String(repeating: " ", count: widths[column] - cell.count)
                return column < 2 ? cell + padding : padding + cell
            }.joined(separator: "  ").droppingTrailing { $0 == " " } + "\n"
        }
        let separator = String(repeating: "-", count: widths.reduce(0, +) + 2 * (widths.count - 1)) + "\n"
        return line(header) + separator + rows.map(line).joined() + separator + line(total)
    }
}
