/// Runs a rule's documented examples, so docs and tests can never disagree.
public enum ExampleRunner {
    public struct Outcome: Sendable {
        /// Where `↓` markers said findings must be: (line, column), 1-based.
        public var expected: [SourcePosition]
        /// Where the rule reported findings.
        public var actual: [SourcePosition]
        public var messages: [String]
        /// Per finding, the fix it carries.
        public var fixes: [Fix?]
    }

    public static let marker: Character = "↓"

    /// Removes `↓` markers and returns the clean code with the positions they marked.
    public static func strip(_ code: String) -> (code: String, positions: [SourcePosition]) {
        var clean = ""
        var positions: [SourcePosition] = []
        var line = 1
        var column = 1
        for character in code {
            if character == marker {
                positions.append(SourcePosition(line: line, column: column))
                continue
            }
            clean.append(character)
            if character == "\n" {
                line += 1
                column = 1
            } else {
                column += character.utf8.count
            }
        }
        return (clean, positions)
    }

    /// Lints one example with its rule enabled (all rules for `superfluous-disable`, which judges the others).
    public static func run(_ example: Example, rule: RuleDescription) -> Outcome {
        let (code, expected) = strip(example.code)
        let lint = analyse(code, settings: example.settings, rule: rule)
        let findings = lint.findings.filter { $0.rule == rule.id }
        return Outcome(expected: expected,
                       actual: findings.map { SourcePosition(line: $0.line, column: $0.column) },
                       messages: findings.map(\.message), fixes: findings.map(\.fix))
    }

    /// The code after fixing, in rounds as `mvlint lint --fix --unsafe-fixes` does (`--fix` alone when
    /// `includesUnsafe` is false), with only this rule enabled.
    public static func fix(_ code: String, settings: ExampleSettings, rule: RuleDescription, includesUnsafe: Bool = true) -> String {
        let lint = analyse(code, settings: settings, rule: rule)
        let rounds = FixRounds(engine: lint.engine, isEnabled: { $0 == rule.id }, includesUnsafe: includesUnsafe)
        let outcome = rounds.run(analyses: [lint.analysis], project: lint.project,
                                 findings: lint.findings.filter { $0.rule == rule.id }) { _ in .success(code) }
        return outcome.fixedTexts[lint.analysis.path] ?? code
    }

    private static func analyse(_ code: String, settings exampleSettings: ExampleSettings, rule: RuleDescription)
        -> (engine: LintEngine, analysis: FileAnalysis, project: ProjectContext, findings: [Finding]) {
        let ids: Set<String> = rule.id == SuperfluousDisableRule.description.id
            ? Set(RuleRegistry.descriptions.map(\.id)) : [rule.id]
        var overrides: [String: [String: Int]] = [:]
        overrides[rule.id] = exampleSettings.options
        let engine = LintEngine(selection: RuleSelection(rules: ids, optionOverrides: overrides))
        let settings = TargetSettings(name: "Example", deploymentTargets: exampleSettings.deploymentTargets,
                                      swiftToolsVersion: exampleSettings.swiftToolsVersion)
        let path = exampleSettings.path
        let analysis = engine.analyze(path: path, text: code, settings: settings)
        var project = ProjectContext(files: [analysis.facts], settingsByPath: [path: settings])
        project.profile = exampleSettings.profile
        project.layers = LayerPlan(configured: exampleSettings.layers,
                                   files: [LayerPlan.File(path: path, relativePath: path, module: settings.name)])
        let findings = engine.finish([analysis], project: project) { _ in true }
        return (engine, analysis, project, findings)
    }
}
