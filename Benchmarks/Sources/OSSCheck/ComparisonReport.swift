import Foundation

/// The Markdown report of an oss-check: counts per rule × app, every added and removed finding by rule,
/// run times per binary per app, and the runs that failed.
struct ComparisonReport {
    var comparison: Comparison
    var baselineBinary: String
    var candidateBinary: String
    var wallSeconds: Double
    var jobs: Int

    func markdown() -> String {
        [header(), countsSection(), changesSection(), runTimesSection(), failuresSection()].compactMap { $0 }.joined(separator: "\n")
    }

    /// The few lines for the terminal when the full report goes to a file.
    func summary() -> String {
        let total = totals
        var lines = ["oss-check: \(comparison.apps.count) apps, \(failedRuns.count) failed runs, findings \(total.baseline) → \(total.candidate) "
            + "(+\(total.added) −\(total.removed)), wall time \(Self.seconds(wallSeconds)) s"]
        for (rule, count) in ruleTotals where count.changed {
            lines.append("  \(rule): +\(count.added) −\(count.removed)")
        }
        for failure in failedRuns {
            lines.append("  failed: \(failure.app) (\(failure.binary)): \(failure.reason)")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private func header() -> String {
        let version = { (runs: [LintRun]) in runs.lazy.compactMap(\.version).first ?? "no report" }
        let total = totals
        return "# mvlint oss-check\n\n"
            + Markdown.table(["", "binary", "version"], alignments: ["---", "---", "---"], [
                ["baseline", Markdown.code(baselineBinary), version(comparison.apps.map(\.baseline))],
                ["candidate", Markdown.code(candidateBinary), version(comparison.apps.map(\.candidate))],
            ])
            + "\n\(comparison.apps.count) apps, \(comparison.comparedApps.count) compared, \(failedRuns.count) failed runs; "
            + "wall time \(Self.seconds(wallSeconds)) s with \(jobs) jobs.\n"
            + "Findings: \(total.baseline) → \(total.candidate), \(total.added) added, \(total.removed) removed.\n"
    }

    private func countsSection() -> String {
        let apps = comparison.comparedApps, counts = comparison.counts, severities = severitiesByRule
        let rows = ruleTotals.map { rule, total in
            [Markdown.code(rule), severities[rule] ?? "", Self.cell(total)] + apps.map { Self.cell(counts[rule]?[$0] ?? Comparison.Count()) }
        }
        return "## Findings per rule × app\n\n"
            + "A cell is `baseline → candidate (+added −removed)` where the runs differ, else the count; `·` is none.\n\n"
            + Markdown.table(["rule", "severity", "all apps"] + apps.map(Markdown.cell),
                             alignments: ["---", "---"] + Array(repeating: "---:", count: apps.count + 1), rows)
    }

    private func changesSection() -> String {
        let diff = comparison.diff
        guard !diff.added.isEmpty || !diff.removed.isEmpty else {
            return "## Added and removed findings\n\nNone: every finding has its match in the other run.\n"
        }
        let added = Dictionary(grouping: diff.added, by: \.rule), removed = Dictionary(grouping: diff.removed, by: \.rule)
        var text = "## Added and removed findings\n"
        for rule in Set(added.keys).union(removed.keys).sorted() {
            let rows = (added[rule] ?? []).map { Self.changeRow("+", $0) } + (removed[rule] ?? []).map { Self.changeRow("−", $0) }
            text += "\n### \(Markdown.code(rule)): \(added[rule]?.count ?? 0) added, \(removed[rule]?.count ?? 0) removed\n\n"
                + Markdown.table(["", "app", "file:line", "line", "message", "severity"],
                                 alignments: Array(repeating: "---", count: 6), rows)
        }
        return text
    }

    private func runTimesSection() -> String {
        let rows = comparison.apps.map { runs in
            [Markdown.cell(runs.app), Self.seconds(runs.baseline.seconds), Self.seconds(runs.candidate.seconds),
             Self.findingCount(runs.baseline), Self.findingCount(runs.candidate)]
        }
        let total = ["**total**", Self.seconds(comparison.apps.map(\.baseline.seconds).reduce(0, +)),
                     Self.seconds(comparison.apps.map(\.candidate.seconds).reduce(0, +)),
                     String(comparison.apps.compactMap(\.baseline.findings?.count).reduce(0, +)),
                     String(comparison.apps.compactMap(\.candidate.findings?.count).reduce(0, +))]
        return "## Run times\n\nSeconds of one `lint` run per binary per app (apps run \(jobs) at a time).\n\n"
            + Markdown.table(["app", "baseline s", "candidate s", "baseline findings", "candidate findings"],
                             alignments: ["---", "---:", "---:", "---:", "---:"], rows + [total])
    }

    private func failuresSection() -> String? {
        guard !failedRuns.isEmpty else { return nil }
        return "## Failed runs\n\nThese apps are left out of the counts and the changes.\n\n"
            + Markdown.table(["app", "binary", "reason"], alignments: ["---", "---", "---"],
                             failedRuns.map { [Markdown.cell($0.app), $0.binary, Markdown.cell($0.reason)] })
    }

    private var failedRuns: [(app: String, binary: String, reason: String)] {
        comparison.apps.flatMap { runs in
            [("baseline", runs.baseline), ("candidate", runs.candidate)].compactMap { binary, run in
                run.failure.map { (runs.app, binary, $0) }
            }
        }
    }

    /// Per rule over all compared apps, sorted by rule.
    private var ruleTotals: [(rule: String, count: Comparison.Count)] {
        comparison.counts.map { rule, byApp in (rule, byApp.values.reduce(Comparison.Count(), +)) }.sorted { $0.rule < $1.rule }
    }

    private var totals: Comparison.Count {
        ruleTotals.map(\.count).reduce(Comparison.Count(), +)
    }

    /// The severities each rule was reported with, most severe first (a configuration can change them per app).
    private var severitiesByRule: [String: String] {
        let ranked = ["error", "warning", "advice"]
        let rank = { (severity: String) in (ranked.firstIndex(of: severity) ?? ranked.count, severity) }
        let findings = comparison.apps.flatMap { ($0.baseline.findings ?? []) + ($0.candidate.findings ?? []) }
        return Dictionary(grouping: findings, by: \.rule).mapValues { findings in
            Set(findings.map(\.severity)).sorted { rank($0) < rank($1) }.joined(separator: ", ")
        }
    }

    private static func changeRow(_ sign: String, _ finding: Finding) -> [String] {
        [sign, Markdown.cell(finding.app), Markdown.code(finding.location), Markdown.code(finding.lineText),
         Markdown.cell(finding.message), finding.severity]
    }

    private static func cell(_ count: Comparison.Count) -> String {
        if !count.changed { return count.candidate == 0 ? "·" : String(count.candidate) }
        let changes = [count.added > 0 ? "+\(count.added)" : nil, count.removed > 0 ? "−\(count.removed)" : nil].compactMap { $0 }
        return "\(count.baseline) → \(count.candidate) (\(changes.joined(separator: " ")))"
    }

    private static func findingCount(_ run: LintRun) -> String {
        run.findings.map { String($0.count) } ?? "failed"
    }

    static func seconds(_ value: Double) -> String {
        String(format: "%.2f", value)
    }
}
