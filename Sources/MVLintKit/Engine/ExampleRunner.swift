/// Runs a rule's documented examples, so docs and tests can never disagree.
public enum ExampleRunner {
    public struct Outcome: Sendable {
        /// Where `↓` markers said findings must be: (line, column), 1-based.
        public var expected: [SourcePosition]
        /// Where the rule reported findings.
        public var actual: [SourcePosition]
        public var messages: [String]
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
        let ids: Set<String> = rule.id == SuperfluousDisableRule.description.id
            ? Set(RuleRegistry.descriptions.map(\.id)) : [rule.id]
        var overrides: [String: [String: Int]] = [:]
        overrides[rule.id] = example.settings.options
        let engine = LintEngine(selection: RuleSelection(rules: ids, optionOverrides: overrides))
        let settings = TargetSettings(name: "Example", deploymentTargets: example.settings.deploymentTargets,
                                      swiftToolsVersion: example.settings.swiftToolsVersion)
        let path = example.settings.path
        let analysis = engine.analyze(path: path, text: code, settings: settings)
        var project = ProjectContext(files: [analysis.facts], settingsByPath: [path: settings])
        project.profile = example.settings.profile
        project.layers = LayerPlan(configured: example.settings.layers,
                                   files: [LayerPlan.File(path: path, relativePath: path, module: settings.name)])
        let findings = engine.finish([analysis], project: project) { _ in true }.filter { $0.rule == rule.id }
        return Outcome(expected: expected,
                       actual: findings.map { SourcePosition(line: $0.line, column: $0.column) },
                       messages: findings.map(\.message))
    }
}
