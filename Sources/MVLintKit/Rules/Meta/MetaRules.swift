/// Reported once for a file the parser rejects; the rest of the project is still checked.
public enum ParseErrorRule {
    public static let id = "parse-error"
    public static let description = RuleDescription(
        id: id, family: .meta, severity: .error, profiles: .all,
        summary: "A file that does not parse is reported once, with the parser's own diagnostic.",
        rationale: "mvlint cannot judge code it cannot read, and guessing on a broken tree would produce noise, so no other rule reports anything in that file.",
        instead: "Fix the syntax error; the file is then checked like any other.",
        triggering: [
            Example("struct ProfileView: View {\n    var body: some View {\n        Text(\"Hi\"↓\n    }\n}\n"),
            Example("func load() {\n    let x = ↓\n}\n"),
            Example("struct Broken {\n    var name: String↓\n"),
        ],
        nonTriggering: [
            Example("struct ProfileView: View {\n    var body: some View { Text(\"Hi\") }\n}\n"),
            Example("// An empty file with a comment parses fine.\n"),
            Example("let text = \"a string with ( unbalanced { characters\"\n"),
        ]
    )
}

/// Reported once for a file over its `file_budget` (size, line length, nesting, tokens, parse time), which is
/// then skipped by every rule, fix, map and migration; the rest of the project is still checked.
public enum FileTooComplexRule {
    public static let id = "file-too-complex"
    public static let description = RuleDescription(
        id: id, family: .meta, severity: .error, profiles: .all,
        summary: "A file too large or too deeply nested to analyse within its `file_budget` is reported once and skipped.",
        rationale: "Generated, minified or corrupted files can make SwiftParser recurse past any stack or take exponential time; one such file must not crash or stall the run for the whole project. The run exits 2 because not everything was checked.",
        instead: "Exclude the generated file (`excluded:`), split it, or raise the limit the message names under `file_budget:` in `.mvlint.yml`.",
        triggering: [
            Example("↓let grid = [[[[[[[[[[[[[1]]]]]]]]]]]]]\n"),
            Example("↓let table: [[[[[[[[[[[[[Int]]]]]]]]]]]]] = []\n"),
            Example("↓let mixed = [([([([([([([([([([([([([(1)])])])])])])])])])])])])]\n"),
        ],
        nonTriggering: [
            Example("let grid = [[[1, 2], [3, 4]], [[5, 6], [7, 8]]]\n"),
            Example("let pattern = \"[[[[[[[[[[[[[[[[[[[[\"\n"),
            Example("// [[[[[[[[[[[[[[[[[[[[ is only a comment\nlet x = 1\n"),
        ]
    )
}

/// A `// mvlint:disable` comment that silences nothing: stale suppressions hide future problems.
public enum SuperfluousDisableRule {
    public static let description = RuleDescription(
        id: "superfluous-disable", family: .meta, severity: .advice, profiles: .all,
        summary: "A `// mvlint:disable` comment that silences no finding, or names a rule that does not exist.",
        rationale: "A suppression left behind after the code changed keeps silencing the next real problem on those lines, and a misspelt rule id silences nothing at all.",
        instead: "Delete the comment, or correct the rule id it names.",
        triggering: [
            Example("struct BadgeView: View {\n    var body: some View {\n        ↓// mvlint:disable:next foreground-color\n        Text(\"New\").foregroundStyle(.red)\n    }\n}\n"),
            Example("↓// mvlint:disable foregroud-color\nstruct A: View {\n    var body: some View { Text(\"A\") }\n}\n"),
            Example("struct B: View {\n    var body: some View {\n        Text(\"B\") ↓// mvlint:disable:this any-view\n    }\n}\n"),
        ],
        nonTriggering: [
            Example("struct BadgeView: View {\n    var body: some View {\n        // mvlint:disable:next foreground-color\n        Text(\"New\").foregroundColor(.red)\n    }\n}\n"),
            Example("struct C: View {\n    var body: some View {\n        Text(\"C\").foregroundColor(.red) // mvlint:disable:this foreground-color\n    }\n}\n"),
            Example("let note = \"// mvlint:disable foreground-color\"\n"),
        ]
    )

    static func findings(in analysis: FileAnalysis, used: Set<SuppressionMap.DirectiveUse>, isEnabled: (String) -> Bool,
                         severity: Severity) -> [Finding] {
        let unused = analysis.suppressions.unusedRules(used: used)
        // Runs for every file; most have no unused directive, so the id list is built only when needed.
        guard !unused.isEmpty else { return [] }
        let known = RuleRegistry.descriptions.map { $0.id }
        var findings: [Finding] = []
        for (directive, rules) in unused {
            for rule in rules {
                let message: String
                if rule != "all", !known.contains(rule) {
                    let hint = Suggestion.nearest(to: rule, in: known).map { " (did you mean '\($0)'?)" } ?? ""
                    message = "'\(rule)' is not an mvlint rule\(hint): this comment silences nothing"
                } else if rule == "all" || isEnabled(rule) {
                    message = "this `mvlint:disable` for '\(rule)' silences no finding: remove it"
                } else {
                    continue
                }
                findings.append(Finding(rule: description.id, severity: severity, file: analysis.path,
                                        line: directive.line, column: directive.column, message: message))
            }
        }
        return findings
    }
}
