/// The dry run's text: per type, its verdict, blockers with file:line, uses and notes; then a summary table.
extension ObservationMigrationPlan {
    public var report: String {
        var lines: [String] = []
        for candidate in candidates {
            let verdict = candidate.wouldMigrate ? "would migrate" : "blocked"
            lines.append("\(candidate.name) (\(candidate.path):\(candidate.line)): \(verdict)")
            for blocker in candidate.blockers {
                lines.append("  blocked \(blocker.reason.rawValue) at \(blocker.location): \(blocker.message)")
            }
            for use in candidate.uses {
                lines.append("  use \(use.kind.rawValue) in \(use.holder) at \(use.path):\(use.line)")
            }
            for note in candidate.notes { lines.append("  note: \(note)") }
            lines.append("")
        }
        lines.append(contentsOf: summaryTable)
        return lines.joined(separator: "\n") + "\n"
    }

    /// Classes found, migrating (with the uses that move with them) and blocked, then how many classes each reason
    /// blocks (a class can count under several).
    var summaryTable: [String] {
        let blocked = candidates.filter { !$0.wouldMigrate }
        var rows: [(String, Int)] = [("ObservableObject types found", candidates.count),
                                     ("would migrate", candidates.count - blocked.count),
                                     ("  their uses rewritten", candidates.filter(\.wouldMigrate).map(\.uses.count).reduce(0, +)),
                                     ("blocked", blocked.count)]
        for reason in Reason.allCases {
            let count = blocked.filter { $0.blockers.contains { $0.reason == reason } }.count
            if count > 0 { rows.append(("  \(reason.rawValue) \(reason.title)", count)) }
        }
        let width = rows.map(\.0.count).max() ?? 0
        return ["Summary"] + rows.map { label, count in
            "  " + label + String(repeating: " ", count: width - label.count + 2) + String(count)
        }
    }
}
