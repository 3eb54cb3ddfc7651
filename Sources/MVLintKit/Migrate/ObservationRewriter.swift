/// Applies a plan's edits through the fix engine: every edit of a file in one fix, so a file changes whole or
/// not at all, and only when the result still parses.
enum ObservationRewriter {
    struct Outcome {
        /// Original and rewritten text of every file that changes, by plan path.
        var texts: [(path: String, original: String, rewritten: String)] = []
        /// Files left alone and why.
        var problems: [String] = []

        var diff: String {
            texts.map { UnifiedDiff.render(path: $0.path, original: $0.original, fixed: $0.rewritten) }.joined()
        }
    }

    /// `loadText` reads a file by its plan path, or says why it cannot (unreadable, changed since the analysis).
    static func rewrite(_ plan: ObservationMigrationPlan, budget: FileBudget = FileBudget(), loadText: (String) -> Result<String, FixProblem>) -> Outcome {
        var outcome = Outcome()
        let editsByPath = Dictionary(grouping: plan.candidates.flatMap(\.edits), by: \.path)
        var rewritten: [(path: String, original: String, rewritten: String)] = []
        for (path, edits) in editsByPath.sorted(by: { $0.key < $1.key }) {
            let original: String
            switch loadText(path) {
            case .success(let text): original = text
            case .failure(let problem):
                outcome.problems.append("\(path): \(problem.message)")
                continue
            }
            let applied = FixApplier.apply([Fix("migrate to Observation", edits: edits.map(\.edit))], to: original)
            guard !applied.applied.isEmpty else {
                outcome.problems.append("\(path): the migration's edits collide; left unchanged")
                continue
            }
            rewritten.append((path, original, applied.text))
        }
        // Parsed on the workers' large stacks, within the file budget, like every other parse.
        let parser = LintEngine(selection: RuleSelection(rules: []), budget: budget)
        let checks = ParallelMap.run(rewritten.map(\.rewritten)) { text in
            let analysis = parser.analyze(path: "", text: text, settings: .unknown)
            return analysis.parseError.map { "the migration would leave a syntax error (\($0.line):\($0.column): \($0.message))" }
                ?? analysis.budgetProblem.map { "the migrated file would be over its budget: \($0.reason)" }
        }
        for (file, problem) in zip(rewritten, checks) {
            if let problem {
                outcome.problems.append("\(file.path): \(problem); left unchanged")
            } else {
                outcome.texts.append(file)
            }
        }
        return outcome
    }
}
