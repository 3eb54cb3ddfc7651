#if canImport(FoundationEssentials)
internal import FoundationEssentials
#else
internal import Foundation
#endif
internal import SwiftParser
internal import SwiftParserDiagnostics
internal import SwiftSyntax

/// What the project rules concluded, for `LintEngine.findings(of:outcome:isEnabled:)`: each file's candidates from
/// them (before suppression, in the order reported), and each file's types and extensions that are views, by the
/// qualified name written there (rules that judge only views' code ask it of a candidate's enclosing type). By the
/// written name, not the id: a view whose id a namesake qualifies (`Label @File.swift`, `App.FeedView`) is a view too.
struct ProjectOutcome: Sendable, Codable {
    var candidates: [String: [LocatedCandidate]]
    var viewNamesByFile: [String: Set<String>]
}

/// A candidate finding with its position resolved.
struct LocatedCandidate: Sendable, Codable {
    var rule: String
    var line: Int
    var column: Int
    var message: String
    var fix: Fix?
    var enclosingType: String?
}

/// What analysing one file produced. The syntax tree is gone by the time this exists.
public struct FileAnalysis: Sendable {
    public var path: String
    public var facts: FileFacts
    var candidates: [LocatedCandidate]
    var suppressions: SuppressionMap
    /// The parser's first diagnostic, when the file does not parse cleanly.
    var parseError: ParseProblem?
    /// Why the file was too costly to analyse; then it has no facts, candidates or suppressions.
    var budgetProblem: BudgetProblem?
    /// The analysed text's fingerprint: fixes apply only if the file still has exactly this text.
    var sourceDigest: SourceDigest
    /// The analysed text, kept only for an editor's buffer (`--stdin-path`), which cannot be read again, and for
    /// texts `--fix` made. A file's text is let go once it is analysed (`Linter.analyze`) and is nil when a warm
    /// run trusted the file's stamp: `AnalysedSource` reads it again, checking the digest, for the files that need it.
    var text: String?
}

extension FileAnalysis {
    /// A file left out for its cost: no facts, so no rule, fix, map or migration sees it.
    static func skipped(path: String, text: String, problem: BudgetProblem, sourceDigest: SourceDigest?) -> FileAnalysis {
        var analysis = FileAnalysis(path: path, facts: FileFacts(path: path), candidates: [], suppressions: SuppressionMap(),
                                    parseError: nil, sourceDigest: sourceDigest ?? SourceDigest(text), text: text)
        analysis.budgetProblem = problem
        return analysis
    }
}

struct ParseProblem: Sendable, Codable {
    var message: String
    var line: Int
    var column: Int
}

/// Which rules run and how: the result of profile, configuration and command line together.
public struct RuleSelection: Sendable {
    let syntaxRules: [any SyntaxRule.Type]
    public var projectRules: [any ProjectRule.Type]
    public var options: [String: RuleOptions]
    public var severities: [String: Severity]
    /// The syntax rules that judge only views' code (`RuleDescription.onlyInViews`).
    let viewOnlyRules: Set<String>

    public init(rules ids: Set<String>, severities: [String: Severity] = [:], optionOverrides: [String: [String: Int]] = [:]) {
        syntaxRules = RuleRegistry.syntaxRules.filter { ids.contains($0.description.id) }
        projectRules = RuleRegistry.projectRules.filter { ids.contains($0.description.id) }
        viewOnlyRules = Set(syntaxRules.filter { $0.description.onlyInViews }.map { $0.description.id })
        var options: [String: RuleOptions] = [:]
        var resolved: [String: Severity] = [:]
        for description in RuleRegistry.descriptions where ids.contains(description.id) {
            options[description.id] = RuleOptions(defaults: description.options, overrides: optionOverrides[description.id] ?? [:])
            resolved[description.id] = severities[description.id] ?? description.severity
        }
        self.options = options
        self.severities = resolved
    }

    public var ruleIDs: Set<String> { Set(severities.keys) }
}

/// Parses and walks files, then runs project rules and the filters every finding goes through.
public struct LintEngine: Sendable {
    public var selection: RuleSelection
    public var budget: FileBudget
    /// Whether walks record the type names each file mentions (`DependencyFacts.typeReferences`). Only
    /// `layer-dependency` reads them, and only in a project with layers; a run without either leaves them out. Part of
    /// a record's key (`Linter.engineContext`): a record made without them is not read by a run that needs them.
    public var recordsTypeReferences = true

    public init(selection: RuleSelection, budget: FileBudget = FileBudget()) {
        self.selection = selection
        self.budget = budget
    }

    /// One parse, one walk. Safe to call from several threads at once, but only on threads with a stack of
    /// `ParallelMap.workerStackSize` (run it through `ParallelMap`). `sourceDigest` is the text's digest when
    /// the caller already has it (the cache keys on it).
    public func analyze(path: String, text: String, settings: TargetSettings, sourceDigest: SourceDigest? = nil) -> FileAnalysis {
        let source = SourceText(text)
        let tree: SourceFileSyntax
        switch budget.parse(source) {
        case .success(let parsed): tree = parsed
        case .failure(let problem): return .skipped(path: path, text: text, problem: problem, sourceDigest: sourceDigest)
        }
        let rules = selection.syntaxRules.map { $0.init(options: selection.options[$0.description.id]!) }
        let walker = FileWalker(path: path, source: source, settings: settings, rules: rules,
                                recordsTypeReferences: recordsTypeReferences)
        walker.walk(tree)
        let (facts, candidates) = walker.finish()
        var parseError: ParseProblem?
        if tree.hasError {
            // Diagnostics cost a second walk, so only broken files pay for them.
            if let diagnostic = ParseDiagnosticsGenerator.diagnostics(for: tree).first {
                let location = source.location(ofUTF8Offset: diagnostic.position.utf8Offset)
                parseError = ParseProblem(message: diagnostic.message, line: location.line, column: location.column)
            } else {
                parseError = ParseProblem(message: "the file does not parse", line: 1, column: 1)
            }
        }
        let located = candidates.map { candidate -> LocatedCandidate in
            let location = source.location(ofUTF8Offset: candidate.utf8Offset)
            return LocatedCandidate(rule: candidate.rule, line: location.line, column: location.column,
                                    message: candidate.message, fix: candidate.fix, enclosingType: candidate.enclosingType)
        }
        return FileAnalysis(path: path, facts: facts, candidates: located,
                            suppressions: SuppressionMap(source: source, tree: tree), parseError: parseError,
                            sourceDigest: sourceDigest ?? SourceDigest(text), text: text)
    }

    /// The result for a file whose analysis ran past `budget.maxParseSeconds` and was abandoned.
    func timedOut(path: String, text: String) -> FileAnalysis {
        let seconds = formatted(budget.maxParseSeconds, "%g")
        return .skipped(path: path, text: text, problem: BudgetProblem("parsing and checking took longer than \(seconds) s", limit: .maxParseSeconds),
                        sourceDigest: nil)
    }

    /// Runs project rules and applies view scoping, suppressions and severities. `isEnabled` is asked last,
    /// because the profile may only be known once every file's facts are in.
    public func finish(_ analyses: [FileAnalysis], settingsByPath: [String: TargetSettings],
                       isEnabled: (String) -> Bool = { _ in true }) -> [Finding] {
        finish(analyses, project: ProjectContext(files: analyses.map(\.facts), settingsByPath: settingsByPath), isEnabled: isEnabled)
    }

    public func finish(_ analyses: [FileAnalysis], project: ProjectContext, isEnabled: (String) -> Bool) -> [Finding] {
        finish(analyses, outcome: projectOutcome(project, isEnabled: isEnabled), isEnabled: isEnabled)
    }

    func finish(_ analyses: [FileAnalysis], outcome: ProjectOutcome, isEnabled: (String) -> Bool) -> [Finding] {
        analyses.flatMap { findings(of: $0, outcome: outcome, isEnabled: isEnabled) }.sorted(by: Finding.reportOrder)
    }

    /// Runs the project rules. They only read the project, so they run side by side, each gathering what it needs and
    /// then judging every file; their findings are taken in rule order.
    func projectOutcome(_ project: ProjectContext, isEnabled: (String) -> Bool) -> ProjectOutcome {
        projectOutcome(project, isEnabled: isEnabled, keeping: false).outcome
    }

    /// What a built project's rules leave for the next run's `KeptAnswers`: the type names whose declaration or role
    /// each file's judgements asked about (`ReadRecorder.typesRead`), in the project's order of files, and what each
    /// rule gathered as kept (nil when a table cannot be kept).
    struct KeptJudgements: Sendable {
        var reads: [[String]]
        var gathered: [String: Data]?
    }

    /// The project rules' outcome and, when `keeping`, what they leave for the next run (their reads recorded).
    func projectOutcome(_ project: ProjectContext, isEnabled: (String) -> Bool, keeping: Bool) -> (outcome: ProjectOutcome, kept: KeptJudgements?) {
        let selection = self.selection
        let rules = selection.projectRules.filter { isEnabled($0.description.id) }
        let files = project.files.indices.map(project.file(at:))
        let judgedByRule = ParallelMap.run(rules) { rule in
            Self.judgeEveryFile(files, by: rule, in: project, options: selection.options[rule.description.id]!, recordingReads: keeping)
        }
        var candidates: [String: [LocatedCandidate]] = [:]
        for (rule, judged) in zip(rules, judgedByRule) {
            for finding in judged.findings {
                candidates[finding.path, default: []].append(Self.located(finding, by: rule.description.id))
            }
        }
        let outcome = ProjectOutcome(candidates: candidates, viewNamesByFile: Self.viewNamesByFile(in: project))
        guard keeping else { return (outcome, nil) }
        var reads = [Set<String>](repeating: [], count: files.count)
        var gathered: [String: Data]? = [:]
        for (rule, judged) in zip(rules, judgedByRule) {
            for (position, names) in judged.reads.enumerated() { reads[position].formUnion(ReadRecorder.typesRead(in: names)) }
            gathered?[rule.description.id] = judged.kept
            if judged.kept == nil { gathered = nil }
        }
        return (outcome, KeptJudgements(reads: reads.map { $0.sorted() }, gathered: gathered))
    }

    /// A project rule's finding as the run reports it.
    static func located(_ finding: ProjectFinding, by rule: String) -> LocatedCandidate {
        LocatedCandidate(rule: rule, line: finding.position.line, column: finding.position.column,
                         message: finding.message, fix: finding.fix, enclosingType: nil)
    }

    /// Each project rule's judgement of each file, its findings and the names it asked about (`ReadRecorder`), by rule
    /// id and path: what a change must touch to reach them (docs/INCREMENTAL.md, step 3; `mvlint-bench reach` measures
    /// how far that is).
    func recordedJudgements(in project: ProjectContext, isEnabled: (String) -> Bool)
        -> [String: [String: (findings: [ProjectFinding], reads: Set<String>)]] {
        let selection = self.selection
        let rules = selection.projectRules.filter { isEnabled($0.description.id) }
        let files = project.files.indices.map(project.file(at:))
        let judgedByRule = ParallelMap.run(rules) { rule in
            Self.judgeEveryFile(files, by: rule, in: project, options: selection.options[rule.description.id]!, recordingReads: true)
        }
        var judgements: [String: [String: (findings: [ProjectFinding], reads: Set<String>)]] = [:]
        for (rule, judged) in zip(rules, judgedByRule) {
            let findingsByPath = Dictionary(grouping: judged.findings, by: \.path)
            var byPath: [String: (findings: [ProjectFinding], reads: Set<String>)] = [:]
            for (file, reads) in zip(files, judged.reads) where byPath[file.path] == nil {
                byPath[file.path] = (findingsByPath[file.path] ?? [], reads)
            }
            judgements[rule.description.id] = byPath
        }
        return judgements
    }

    /// What each enabled project rule gathers from `project`, by rule id.
    func gathered(in project: ProjectContext, isEnabled: (String) -> Bool) -> [String: any Sendable] {
        var gathered: [String: any Sendable] = [:]
        for rule in selection.projectRules where isEnabled(rule.description.id) {
            gathered[rule.description.id] = rule.gather(project, options: selection.options[rule.description.id]!)
        }
        return gathered
    }

    /// What each enabled project rule gathers from `project` without the places it cites (`KeptGathered`), by rule id,
    /// and without what a table says of the types of `leftOut` (simple names) where it can tell that apart
    /// (`KeptGathered.replacing(typesNamed:with:from:)`); nil when a table cannot be kept.
    func gatheredShapes(in project: ProjectContext, leavingOut leftOut: Set<String> = [], isEnabled: (String) -> Bool) -> [String: Data]? {
        var gathered: [String: Data] = [:]
        for rule in selection.projectRules where isEnabled(rule.description.id) {
            guard let data = Self.gatheredShape(by: rule, in: project, options: selection.options[rule.description.id]!, leavingOut: leftOut) else {
                return nil
            }
            gathered[rule.description.id] = data
        }
        return gathered
    }

    private static func gatheredShape<Rule: ProjectRule>(by rule: Rule.Type, in project: ProjectContext, options: RuleOptions,
                                                         leavingOut leftOut: Set<String>) -> Data? {
        let gathered = rule.gather(project, options: options)
        if !leftOut.isEmpty, let left = keptType(of: rule)?.shape(of: gathered, leavingOut: leftOut) { return left }
        return KeptAnswers.keeping(gathered, of: rule, shaped: true)
    }

    /// The kept tables (as kept and as values, by rule id: `movingGathered`) with what they say of the types of `removed`
    /// replaced by what the same rules' tables in `other` (a small project's, `gathered(in:isEnabled:)`) say of those of
    /// `added`, where a table can tell that apart (`KeptGathered.replacing(typesNamed:with:from:)`). A table that cannot
    /// stays as it was: the change's answers compared equal with it whole.
    func replacingGathered(_ tables: (kept: [String: Data], values: [String: any Sendable]), typesNamed removed: Set<String>,
                           with added: Set<String>, from other: [String: any Sendable],
                           isEnabled: (String) -> Bool) -> (kept: [String: Data], values: [String: any Sendable]) {
        var replaced = tables
        for rule in selection.projectRules where isEnabled(rule.description.id) {
            let id = rule.description.id
            guard let type = Self.keptType(of: rule), let value = tables.values[id], let otherValue = other[id],
                  let table = type.replacing(value, typesNamed: removed, with: added, from: otherValue) else { continue }
            (replaced.kept[id], replaced.values[id]) = table
        }
        return replaced
    }

    private static func gatheredValue<Rule: ProjectRule>(of rule: Rule.Type, from data: Data) -> (any Sendable)? {
        KeptAnswers.kept(data, of: rule)
    }

    /// The tables `keptGathered` (or a built project's rules) kept, read back for `judgeOneFile`; nil when an enabled
    /// rule's is missing or does not read.
    func gatheredValues(from kept: [String: Data], isEnabled: (String) -> Bool) -> [String: any Sendable]? {
        var gathered: [String: any Sendable] = [:]
        for rule in selection.projectRules where isEnabled(rule.description.id) {
            guard let data = kept[rule.description.id], let table = Self.gatheredValue(of: rule, from: data) else { return nil }
            gathered[rule.description.id] = table
        }
        return gathered
    }

    /// The tables `gatheredValues` read with the places they cite in the file at `path` moved, as kept and as values,
    /// by rule id; nil when one is missing or a place has nowhere to go.
    func movingGathered(_ gathered: [String: any Sendable], in path: String, by move: (SourcePosition) -> SourcePosition?,
                        moveLine: (Int) -> Int?, isEnabled: (String) -> Bool) -> (kept: [String: Data], values: [String: any Sendable])? {
        var kept: [String: Data] = [:], values: [String: any Sendable] = [:]
        for rule in selection.projectRules where isEnabled(rule.description.id) {
            let id = rule.description.id
            guard let value = gathered[id] else { return nil }
            guard let type = Self.keptType(of: rule) else {
                // A rule that gathers nothing (`gatheredValues` read no other kind).
                (kept[id], values[id]) = (Data(), value)
                continue
            }
            guard let moved = type.moving(value, in: path, by: move, moveLine: moveLine) else { return nil }
            (kept[id], values[id]) = moved
        }
        return (kept, values)
    }

    private static func keptType<Rule: ProjectRule>(of rule: Rule.Type) -> (any KeptGathered.Type)? { KeptAnswers.keptType(of: rule) }

    /// One file's judgement by each enabled project rule in `project`, with what each gathered in `gathered` (by rule
    /// id; gathered from `project` when missing), and the names each asked about, by rule id.
    func judgeOneFile(_ file: ProjectFile, in project: ProjectContext, gathered: [String: any Sendable], isEnabled: (String) -> Bool)
        -> [String: (findings: [ProjectFinding], reads: Set<String>)] {
        var judged: [String: (findings: [ProjectFinding], reads: Set<String>)] = [:]
        for rule in selection.projectRules where isEnabled(rule.description.id) {
            let id = rule.description.id
            let one = Self.judgeEveryFile([file], by: rule, in: project, options: selection.options[id]!, recordingReads: true, gathered: gathered[id])
            judged[id] = (one.findings, one.reads[0])
        }
        return judged
    }

    /// A project rule's findings: what it gathers (unless `gathered` holds it), then each file judged in turn; with
    /// `recordingReads`, also the names each file's judgement asked about, in `files`' order.
    /// With `recordingReads`, also what the rule gathered as `KeptAnswers` keeps it (when it was not given).
    private static func judgeEveryFile<Rule: ProjectRule>(_ files: [ProjectFile], by rule: Rule.Type, in project: ProjectContext,
                                                          options: RuleOptions, recordingReads: Bool, gathered: (any Sendable)? = nil)
        -> (findings: [ProjectFinding], reads: [Set<String>], kept: Data?) {
        // Unwrapped before the cast: a nil cast to an optional `Gathered` (`layer-dependency`'s) succeeds, as nil.
        let given = gathered.flatMap { $0 as? Rule.Gathered }
        let gathered = given ?? rule.gather(project, options: options)
        let kept = recordingReads && given == nil ? KeptAnswers.keeping(gathered, of: rule) : nil
        var reported: [ProjectFinding] = []
        var reads: [Set<String>] = []
        for position in files.indices {
            let start = reported.count
            // Called directly, not through a closure kept in a variable: that would box `reported` for every append.
            if recordingReads {
                reads.append(ReadRecorder.recording { rule.judge(files[position], in: project, gathered: gathered, options: options, report: &reported) }.names)
            } else {
                rule.judge(files[position], in: project, gathered: gathered, options: options, report: &reported)
            }
            assert(reported[start...].allSatisfy { $0.path == files[position].path }, "\(rule.description.id) reported a finding outside the file it judged")
        }
        return (reported, reads, kept)
    }

    /// The qualified names, as each file writes them, of its types and extensions that are views.
    static func viewNamesByFile(in project: ProjectContext) -> [String: Set<String>] {
        let index = project.index
        // Each file's on all cores: it reads only the index.
        let found = ParallelMap.inSlices(Array(project.files.indices)) { slice in
            slice.compactMap { fileIndex -> (path: String, views: Set<String>)? in
                let path = project.files[fileIndex].path
                var scope = index.scope(of: path)
                var views = Set<String>()
                for type in project.files[fileIndex].types where scope.id(ofEnclosing: type.qualifiedName).map(index.isView) ?? false {
                    views.insert(type.qualifiedName)
                }
                return views.isEmpty ? nil : (path, views)
            }
        }
        var names: [String: Set<String>] = [:]
        for file in found.joined() { names[file.path] = file.views }
        return names
    }

    /// One file's findings, its own and the project rules', after view scoping, suppressions and severities (in the
    /// order made; `finish` sorts them).
    func findings(of analysis: FileAnalysis, outcome: ProjectOutcome, isEnabled: (String) -> Bool) -> [Finding] {
        if let problem = analysis.budgetProblem {
            return [Finding(rule: FileTooComplexRule.id, severity: .error, file: analysis.path, line: 1, column: 1, message: problem.message)]
        }
        if let error = analysis.parseError {
            // A file that does not parse gets one finding and nothing else: rules would guess on a broken tree.
            return [Finding(rule: ParseErrorRule.id, severity: .error, file: analysis.path, line: error.line,
                            column: error.column, message: "the file does not parse: \(error.message)")]
        }
        var findings: [Finding] = []
        var used = Set<SuppressionMap.DirectiveUse>()
        for candidate in analysis.candidates + (outcome.candidates[analysis.path] ?? []) where isEnabled(candidate.rule) {
            if selection.viewOnlyRules.contains(candidate.rule),
               !(candidate.enclosingType.map { outcome.viewNamesByFile[analysis.path]?.contains($0) ?? false } ?? false) { continue }
            if let directive = analysis.suppressions.suppressor(of: candidate.rule, line: candidate.line) {
                used.insert(analysis.suppressions.use(of: directive, for: candidate.rule))
                continue
            }
            findings.append(Finding(rule: candidate.rule, severity: selection.severities[candidate.rule] ?? .warning,
                                    file: analysis.path, line: candidate.line, column: candidate.column,
                                    message: candidate.message, fix: candidate.fix))
        }
        if isEnabled(SuperfluousDisableRule.description.id) {
            findings += SuperfluousDisableRule.findings(in: analysis, used: used, isEnabled: isEnabled,
                                                        severity: selection.severities[SuperfluousDisableRule.description.id] ?? .advice)
        }
        return findings
    }
}
