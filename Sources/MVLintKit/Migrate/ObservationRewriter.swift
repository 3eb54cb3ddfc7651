/// Applies a plan's edits through the fix engine: every edit of a file in one fix, so a file changes whole or
/// not at all, and only when the result still parses.
enum ObservationRewriter {
    struct Outcome {
        /// The unified diff of every file that would change.
        var diff = ""
        /// Files left alone and why.
        var problems: [String] = []
    }

    /// `loadText` reads a file by its plan path; nil when it cannot.
    static func diff(_ plan: ObservationMigrationPlan, loadText: (String) -> String?) -> Outcome {
        var outcome = Outcome()
        let editsByPath = Dictionary(grouping: plan.candidates.flatMap(\.edits), by: \.path)
        let parser = LintEngine(selection: RuleSelection(rules: []))
        for (path, edits) in editsByPath.sorted(by: { $0.key < $1.key }) {
            guard let original = loadText(path) else {
                outcome.problems.append("\(path): the file can no longer be read; left unchanged")
                continue
            }
            let applied = FixApplier.apply([Fix("migrate to Observation", edits: edits.map(\.edit))], to: original)
            guard !applied.applied.isEmpty else {
                outcome.problems.append("\(path): the migration's edits collide; left unchanged")
                continue
            }
            if let error = parser.analyze(path: path, text: applied.text, settings: .unknown).parseError {
                outcome.problems.append("\(path): the migration would leave a syntax error (\(error.line):\(error.column): \(error.message)); left unchanged")
                continue
            }
            outcome.diff += UnifiedDiff.render(path: path, original: original, fixed: applied.text)
        }
        return outcome
    }
}
