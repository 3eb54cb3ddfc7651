@testable import MVLintKit

/// Lints in-memory files as one project, for tests whose verdicts depend on other files, per-file target
/// settings or the run's profile — what a single rule example cannot show.
enum TestProject {
    /// Findings of `rule` alone (the only rule enabled). Files default to unknown target settings.
    static func lint(_ rule: String, _ files: [String: String], settings: [String: TargetSettings] = [:],
                     profile: Profile = .mv) -> [Finding] {
        let engine = LintEngine(selection: RuleSelection(rules: [rule]))
        let (analyses, context) = analyze(files, settings: settings, engine: engine)
        var project = context
        project.profile = profile
        return engine.finish(analyses, project: project) { _ in true }
    }

    /// The project context of in-memory files, as a lint run builds it.
    static func context(_ files: [String: String], settings: [String: TargetSettings] = [:]) -> ProjectContext {
        analyze(files, settings: settings, engine: LintEngine(selection: RuleSelection(rules: []))).project
    }

    private static func analyze(_ files: [String: String], settings: [String: TargetSettings], engine: LintEngine)
        -> (analyses: [FileAnalysis], project: ProjectContext) {
        let paths = files.keys.sorted()
        let analyses = paths.map { engine.analyze(path: $0, text: files[$0] ?? "", settings: settings[$0] ?? .unknown) }
        let settingsByPath = Dictionary(uniqueKeysWithValues: paths.map { ($0, settings[$0] ?? .unknown) })
        return (analyses, ProjectContext(files: analyses.map(\.facts), settingsByPath: settingsByPath))
    }

    /// The facts one walk records for `code`.
    static func facts(_ code: String, path: String = "File.swift") -> FileFacts {
        LintEngine(selection: RuleSelection(rules: [])).analyze(path: path, text: code, settings: .unknown).facts
    }
}
