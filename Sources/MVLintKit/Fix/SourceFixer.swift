#if canImport(FoundationEssentials)
internal import FoundationEssentials
#else
internal import Foundation
#endif

/// `mvlint lint --fix` and `--diff`: fixes the linted files in memory, in rounds, then writes each changed file
/// atomically, or prints what would change as a unified diff.
struct SourceFixer {
    struct Options: Equatable {
        /// `--diff`: print the changes instead of writing them.
        var showsDiff: Bool
        /// `--unsafe-fixes`: also apply fixes that may change behaviour.
        var includesUnsafe: Bool

        /// Nil when the command line asks for no fixing.
        init?(_ arguments: ParsedArguments) throws(UsageError) {
            guard arguments.has("--fix") || arguments.has("--diff") else {
                if arguments.has("--unsafe-fixes") { throw UsageError("--unsafe-fixes works with --fix or --diff") }
                return nil
            }
            if arguments.has("--fix"), arguments.has("--diff") {
                throw UsageError("--fix and --diff exclude each other: --fix writes the changes, --diff only shows them")
            }
            showsDiff = arguments.has("--diff")
            includesUnsafe = arguments.has("--unsafe-fixes")
        }
    }

    struct Report {
        /// What remains after fixing (for files not written: what they still contain).
        var findings: [Finding] = []
        /// The analyses `findings` come from: the fixed texts, or the old ones for files not written.
        var analyses: [FileAnalysis] = []
        /// The changes are shown in `diff`, not written.
        var isDiff = false
        var diff = ""
        /// `path:line:col: fixed: … (rule)` for every fix applied.
        var applied: [String] = []
        /// Files whose fixes were not applied or not written, with the reason.
        var problems: [String] = []
        var fixedFiles = 0
        var fixCount = 0
        var roundLimitReached = false
        /// A file could not be read back or written (exit code 2, like unreadable input).
        var hasFileError = false

        /// Unsafe fixes left because `--unsafe-fixes` was not given.
        var unsafeFixesLeft: Int { findings.filter { $0.fix?.safety == .unsafe }.count }
    }

    let options: Options
    let workingDirectory: URL

    func run(_ outcome: Linter.Outcome) -> Report {
        guard let engine = outcome.engine else {
            return Report(findings: outcome.findings, analyses: outcome.analyses, isDiff: options.showsDiff)
        }
        let isEnabled = { (id: String) in outcome.rules.enabled.contains(id) }
        var readContents: [String: Data] = [:]
        let rounds = FixRounds(engine: engine, isEnabled: isEnabled, includesUnsafe: options.includesUnsafe)
        let fixed = rounds.run(analyses: outcome.analyses, project: outcome.project, findings: outcome.findings) { analysis in
            let url = Discovery.resolve(analysis.path, against: workingDirectory)
            guard let data = FileManager.default.contents(atPath: url.path), let text = String(validating: data, as: UTF8.self) else {
                return .failure(FixProblem(kind: .unreadable, message: "the file can no longer be read; not fixed"))
            }
            guard SourceDigest(text) == analysis.sourceDigest else {
                return .failure(FixProblem(kind: .changedOnDisk, message: "the file changed on disk while mvlint ran; not fixed, run mvlint again"))
            }
            readContents[analysis.path] = data
            return .success(text)
        }

        var report = Report(findings: fixed.findings, analyses: fixed.analyses, isDiff: options.showsDiff,
                            roundLimitReached: fixed.reachedRoundLimit)
        for (path, problem) in fixed.skipped { report.note(problem, in: path) }
        var unwritten: Set<String> = []
        for (path, text) in fixed.fixedTexts.sorted(by: { $0.key < $1.key }) {
            guard let original = fixed.originalTexts[path], let data = readContents[path] else { continue }
            if options.showsDiff {
                report.diff += UnifiedDiff.render(path: path, original: original, fixed: text)
                continue
            }
            switch AtomicFileWriter.replace(Discovery.resolve(path, against: workingDirectory), with: text, expecting: data) {
            case .success:
                report.fixedFiles += 1
            case .failure(let problem):
                unwritten.insert(path)
                report.note(problem, in: path)
            }
        }
        if options.showsDiff { report.fixedFiles = fixed.fixedTexts.count }
        let applied = fixed.applied.filter { !unwritten.contains($0.path) }
        report.fixCount = applied.count
        report.applied = applied.map { "\($0.path):\($0.line):\($0.column): fixed: \($0.description) (\($0.rule))" }
        if !unwritten.isEmpty {
            // Those files keep their old text, so their old findings still hold.
            let analyses = fixed.analyses.map { analysis in
                unwritten.contains(analysis.path) ? outcome.analyses.first { $0.path == analysis.path } ?? analysis : analysis
            }
            report.analyses = analyses
            report.findings = engine.finish(analyses, project: outcome.project.replacingFiles(analyses.map(\.facts)), isEnabled: isEnabled)
        }
        return report
    }
}

extension SourceFixer.Report {
    /// A concurrent edit or a refused fix leaves the file as it was, which its findings still describe; a file
    /// that cannot be read or written is an input error.
    mutating func note(_ problem: FixProblem, in path: String) {
        let isError = problem.kind == .unreadable || problem.kind == .writeFailed
        problems.append("\(path): \(isError ? "error" : "warning"): \(problem.message)")
        hasFileError = hasFileError || isError
    }
}
