/// Fixes files in memory, in rounds: apply every fix that does not conflict with another, re-analyse the edited
/// files (one parse each: the only place mvlint parses a file again), run the project rules on the new facts,
/// and repeat with the fixes the new findings carry, until none applies or `maximumRounds` is reached.
struct FixRounds {
    static let maximumRounds = 10

    struct AppliedFix: Sendable {
        var path: String
        var rule: String
        /// Where the finding was, in the text of the round that fixed it.
        var line: Int
        var column: Int
        var description: String
    }

    struct Outcome {
        /// The final text of every file that changed and still parses.
        var fixedTexts: [String: String] = [:]
        /// The text each changed file had when it was read, before any fix.
        var originalTexts: [String: String] = [:]
        var applied: [AppliedFix] = []
        /// Files with fixes that were left as they were, and why.
        var skipped: [(path: String, problem: FixProblem)] = []
        /// Every file's analysis after the last round (the original one for files left alone).
        var analyses: [FileAnalysis] = []
        /// What remains to report once the fixes are in.
        var findings: [Finding] = []
        /// The last round still changed something: fixes may keep rewriting each other.
        var reachedRoundLimit = false
    }

    let engine: LintEngine
    let isEnabled: (String) -> Bool
    let includesUnsafe: Bool

    /// `findings` are those `analyses` produced; `loadText` returns the text a file's analysis was made from,
    /// or why it cannot (unreadable, changed since it was read).
    func run(analyses: [FileAnalysis], project: ProjectContext, findings: [Finding],
             loadText: (FileAnalysis) -> Result<String, FixProblem>) -> Outcome {
        var outcome = Outcome(findings: findings)
        var current = analyses
        let positions = Dictionary(analyses.enumerated().map { ($1.path, $0) }, uniquingKeysWith: { first, _ in first })
        var texts: [String: String] = [:]
        var excluded: Set<String> = []
        var project = project
        var roundsThatChanged = 0

        func applicable(_ findings: [Finding]) -> [Finding] {
            findings.filter { finding in
                guard let fix = finding.fix, !excluded.contains(finding.file) else { return false }
                return includesUnsafe || fix.safety == .safe
            }
        }

        for _ in 1...Self.maximumRounds {
            let fixable = Dictionary(grouping: applicable(outcome.findings), by: \.file)
            var changed: [String] = []
            for (path, pathFindings) in fixable.sorted(by: { $0.key < $1.key }) {
                guard let position = positions[path] else { continue }
                if texts[path] == nil {
                    switch loadText(analyses[position]) {
                    case .success(let text):
                        texts[path] = text
                        outcome.originalTexts[path] = text
                    case .failure(let problem):
                        excluded.insert(path)
                        outcome.skipped.append((path, problem))
                        continue
                    }
                }
                guard let text = texts[path] else { continue }
                let result = FixApplier.apply(pathFindings.compactMap(\.fix), to: text)
                guard !result.applied.isEmpty else { continue }
                texts[path] = result.text
                changed.append(path)
                outcome.applied += result.applied.map { index in
                    let finding = pathFindings[index]
                    return AppliedFix(path: path, rule: finding.rule, line: finding.line, column: finding.column,
                                      description: finding.fix?.description ?? "")
                }
            }
            guard !changed.isEmpty else { break }
            roundsThatChanged += 1

            let engine = self.engine
            let jobs = changed.map { (path: $0, text: texts[$0] ?? "", settings: project.settings(for: $0)) }
            let reanalysed = ParallelMap.run(jobs) { engine.analyze(path: $0.path, text: $0.text, settings: $0.settings) }
            for analysis in reanalysed {
                guard let position = positions[analysis.path] else { continue }
                // Files with syntax errors or over their budget get no fixable findings, so any such problem
                // here is one the fixes made.
                let problem = analysis.parseError.map { "the fixes would leave a syntax error (\($0.line):\($0.column): \($0.message))" }
                    ?? analysis.budgetProblem.map { "the fixed file would be over its budget: \($0.reason)" }
                if let problem {
                    current[position] = analyses[position]
                    texts[analysis.path] = outcome.originalTexts[analysis.path]
                    excluded.insert(analysis.path)
                    outcome.applied.removeAll { $0.path == analysis.path }
                    outcome.skipped.append((analysis.path, FixProblem(kind: .breaksSyntax, message: problem + "; the file was left unchanged")))
                } else {
                    current[position] = analysis
                }
            }
            project = project.replacingFiles(current.map(\.facts))
            outcome.findings = engine.finish(current, project: project, isEnabled: isEnabled)
        }

        outcome.analyses = current
        outcome.reachedRoundLimit = roundsThatChanged == Self.maximumRounds && !applicable(outcome.findings).isEmpty
        for (path, text) in texts where !excluded.contains(path) {
            // Bytes, not `String` equality, which treats differently normalised text as equal.
            if let original = outcome.originalTexts[path], !text.utf8.elementsEqual(original.utf8) {
                outcome.fixedTexts[path] = text
            }
        }
        outcome.originalTexts = outcome.originalTexts.filter { outcome.fixedTexts[$0.key] != nil }
        return outcome
    }
}

/// Why a file's fixes were not applied or not written.
struct FixProblem: Error, Sendable {
    enum Kind: Sendable {
        /// Someone edited the file while mvlint ran: nothing wrong with the run, only run it again.
        case changedOnDisk
        case unreadable
        /// The fixed text would not parse; a fix is wrong, the file is left alone.
        case breaksSyntax
        case writeFailed
    }

    var kind: Kind
    var message: String
}
