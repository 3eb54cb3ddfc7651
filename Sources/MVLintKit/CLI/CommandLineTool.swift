#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The `mvlint` command line. The executable only forwards its arguments here, so tests can drive it in-process.
public struct CommandLineTool {
    /// Where output goes; findings on `out`, everything else on `err`.
    public struct Console: Sendable {
        public var out: @Sendable (String) -> Void
        public var err: @Sendable (String) -> Void
        /// Whether each stream is a terminal: colour and the progress bar are for people only.
        public var outIsTerminal: Bool
        public var errIsTerminal: Bool

        public init(out: @escaping @Sendable (String) -> Void, err: @escaping @Sendable (String) -> Void,
                    outIsTerminal: Bool = false, errIsTerminal: Bool = false) {
            self.out = out
            self.err = err
            self.outIsTerminal = outIsTerminal
            self.errIsTerminal = errIsTerminal
        }

        public static let standard = Console(
            out: { SystemCalls.writeAll($0, to: 1) },
            err: { SystemCalls.writeAll($0, to: 2) },
            outIsTerminal: isatty(1) == 1, errIsTerminal: isatty(2) == 1
        )
    }

    /// Exit codes, as documented in the README.
    public enum ExitCode: Int32 {
        case success = 0
        case failingFindings = 1
        case usageOrInput = 2
        case internalError = 3
    }

    let console: Console
    let workingDirectory: URL
    /// Read for `NO_COLOR`, `TERM`, the cache location and `MVLINT_NO_CACHE`; tests pass their own.
    let environment: [String: String]
    /// Set by the executable, which exits as soon as `run` returns: a lint's facts and project are then left for the
    /// process's end to free at once instead of object by object (3 % of a one-change run on a 1,600-file app).
    /// In-process callers (tests) leave it off.
    public var exitsAfterRun = false
    nonisolated(unsafe) private static var keptUntilExit: [Any] = []

    public init(console: Console = .standard, workingDirectory: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath),
                environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.console = console
        self.workingDirectory = workingDirectory
        self.environment = environment
    }

    public func run(_ arguments: [String]) -> ExitCode {
        var arguments = arguments
        let command = arguments.isEmpty ? "help" : arguments.removeFirst()
        do {
            switch command {
            case "lint": return try lint(arguments)
            case "rules": return try rules(arguments)
            case "roles": return try roles(arguments)
            case "init": return try initialize(arguments)
            case "map": return try map(arguments)
            case "migrate": return try migrate(arguments)
            case "settings": return try settings(arguments)
            case "explain": return try explain(arguments)
            case "version", "--version": return version(arguments)
            case "help", "--help", "-h": return help(arguments.first)
            default:
                let hint = Suggestion.nearest(to: command, in: HelpText.commands.map(\.name)).map { "; did you mean '\($0)'?" } ?? ""
                throw UsageError("unknown command '\(command)'\(hint)")
            }
        } catch let error as UsageError {
            console.err("mvlint: error: \(error.message)\nRun 'mvlint help' for usage.\n")
            return .usageOrInput
        } catch let error as ConfigurationErrors {
            console.err("\(error)\n")
            return .usageOrInput
        } catch {
            console.err("mvlint: internal error: \(error)\n")
            return .internalError
        }
    }

    // MARK: lint

    static let lintSpec = CommandSpec(
        name: "lint", flags: ["--strict", "--quiet", "--advice", "--help", "--fix", "--unsafe-fixes", "--diff", "--color", "--no-color",
                              "--no-cache", "--assume-ios17", "--timings"],
        options: ["--format", "--config", "--profile", "--output", "--baseline", "--write-baseline", "--cache-path", "--stdin-path"],
        choices: ["--format": ReporterKind.allCases.map(\.rawValue),
                  "--profile": Profile.allCases.map(\.rawValue) + ["cp", "io"]])

    private func lint(_ arguments: [String]) throws -> ExitCode {
        let parsed = try ParsedArguments(arguments, spec: Self.lintSpec)
        if parsed.has("--help") { return help("lint") }
        let fixing = try SourceFixer.Options(parsed)
        let started = Date()
        let timings = parsed.has("--timings") ? PhaseTimings() : nil
        let configuration = try loadConfiguration(explicitPath: parsed["--config"])
        let reporterKind = try ReporterKind(rawValue: parsed["--format"] ?? configuration.reporter ?? "xcode")
            ?? { throw UsageError("unknown reporter '\(configuration.reporter ?? "")' in the configuration") }()
        let baselineRequest = try BaselineRequest(parsed, configuration: configuration, workingDirectory: workingDirectory)
        let baseline: Baseline?
        do {
            baseline = try baselineRequest?.load(shownAs: parsed["--baseline"] ?? configuration.baselinePath ?? "")
        } catch {
            console.err("mvlint: error: \(error.message)\n")
            return .usageOrInput
        }
        let standardInput = try parsed["--stdin-path"].map { path throws(UsageError) in
            if fixing != nil { throw UsageError("--stdin-path lints text that has no file to write or diff; drop --fix/--diff") }
            if baselineRequest?.writes == true { throw UsageError("--write-baseline records a whole project, not --stdin-path text") }
            return Linter.StandardInput(path: path, text: try readStandardInput())
        }
        let style = try terminalStyle(parsed)
        let progressBar = style.showsProgress ? ProgressBar(write: console.err) : nil
        timings?.end(.configuration)
        var outcome = Linter.run(Linter.Request(
            paths: parsed.positionals, workingDirectory: workingDirectory, configuration: configuration,
            profile: parsed["--profile"].flatMap(Profile.init(name:)), progress: progressBar,
            cacheFile: cacheFile(parsed, configuration: configuration), standardInput: standardInput,
            assumesModernOS: parsed.has("--assume-ios17"), timings: timings))
        progressBar?.finish()
        let fixReport = fixing.map { SourceFixer(options: $0, workingDirectory: workingDirectory).run(outcome) }
        if fixReport != nil { timings?.end(.fixes) }
        defer { if exitsAfterRun { Self.keptUntilExit.append((outcome, fixReport as Any)) } }
        if let fixReport { outcome.findings = fixReport.findings }
        // The texts the findings were made on: the baseline keys on their lines and reporters quote them, without
        // reading the files again where the run read them (`--stdin-path` text exists nowhere else); only the files
        // of findings, and for reporters only those they quote.
        let sources = fixReport?.analyses.map(AnalysedSource.init) ?? outcome.sources
        var hiddenByBaseline = 0
        if let baselineRequest {
            let texts = sources.texts(of: Set(outcome.findings.map(\.file)), workingDirectory: workingDirectory)
            var keying = Baseline.Keying(baselineFile: baselineRequest.url, workingDirectory: workingDirectory, texts: texts)
            if case .write(let url) = baselineRequest {
                let status = writeBaseline(Baseline(findings: outcome.findings, keying: &keying), to: url, shownAs: parsed["--write-baseline"] ?? "",
                                           inputProblems: outcome.inputProblems)
                if let timings { printTimings(timings) }
                return status
            }
            (outcome.findings, hiddenByBaseline) = baseline?.filter(outcome.findings, keying: &keying) ?? (outcome.findings, 0)
        }

        for problem in outcome.inputProblems { console.err(problem + "\n") }
        if let fixReport { report(fixReport, quiet: parsed.has("--quiet")) }
        for warning in outcome.settingsWarnings where !parsed.has("--quiet") { console.err("mvlint: warning: \(warning)\n") }
        let showAdvice = parsed.has("--advice")
        let summary = LintSummary(files: outcome.filesLinted, findings: outcome.findings)
        let written: Bool
        let linted = outcome
        if let fixReport, fixReport.isDiff {
            written = emit(fixReport.diff, to: parsed["--output"])
        } else {
            written = emit(reporterKind.reporter.render(LintReport(
                findings: outcome.findings, summary: summary, showAdvice: showAdvice, project: linted.project,
                workingDirectory: workingDirectory, sources: sources.sourceTexts(workingDirectory: workingDirectory), colored: style.colored, profileChoice: outcome.profileChoice)),
                to: parsed["--output"])
        }
        if let timings { printTimings(timings) }
        if let standardInput, outcome.filesLinted == 0 {
            console.err("mvlint: \(standardInput.path) is excluded from linting (configuration or discovery); nothing reported\n")
            return .success
        }
        if outcome.filesLinted == 0, outcome.inputProblems.isEmpty {
            console.err("mvlint: error: no Swift files to lint in \(parsed.positionals.isEmpty ? "." : parsed.positionals.joined(separator: ", "))\n")
            return .usageOrInput
        }
        if !parsed.has("--quiet") {
            console.err(summaryLine(summary, showAdvice: showAdvice, hiddenByBaseline: hiddenByBaseline,
                                    seconds: Date().timeIntervalSince(started), profile: outcome.profileChoice))
            for note in profileNotes(outcome, configuration: configuration) { console.err("mvlint: note: \(note)\n") }
        }
        // A file over its budget is reported as a finding, but the run did not check everything: as for an unreadable file.
        if !outcome.uncheckedInput.isEmpty || fixReport?.hasFileError == true || !written { return .usageOrInput }
        // With --diff, changes still to make fail the run, as unformatted code fails a format check.
        let failing = summary.errors > 0 || (parsed.has("--strict") && summary.warnings > 0) || !(fixReport?.diff.isEmpty ?? true)
        return failing ? .failingFindings : .success
    }

    /// `--timings`' table, once the report (or the baseline `--write-baseline` records) is written.
    private func printTimings(_ timings: PhaseTimings) {
        timings.end(.report)
        console.err(timings.rendered())
    }

    private func terminalStyle(_ parsed: ParsedArguments) throws -> TerminalStyle {
        if parsed.has("--color"), parsed.has("--no-color") { throw UsageError("--color and --no-color exclude each other") }
        let choice: TerminalStyle.Choice = parsed.has("--color") ? .always : parsed.has("--no-color") ? .never : .automatic
        return TerminalStyle(choice: choice, reportIsOnTerminal: console.outIsTerminal && parsed["--output"] == nil,
                             errorsAreOnTerminal: console.errIsTerminal, environment: environment, quiet: parsed.has("--quiet"))
    }

    /// The report goes to standard output, or atomically into the `--output` file; false when that write failed.
    private func emit(_ text: String, to output: String?) -> Bool {
        guard let output else {
            console.out(text)
            return true
        }
        switch AtomicFileWriter.write(text, to: Discovery.resolve(output, against: workingDirectory)) {
        case .success:
            return true
        case .failure(let problem):
            console.err("mvlint: error: cannot write the report to \(output): \(problem.message)\n")
            return false
        }
    }

    /// What `--fix` did, on standard error: every fix applied, files left alone and why, and a count.
    private func report(_ fixes: SourceFixer.Report, quiet: Bool) {
        for problem in fixes.problems { console.err(problem + "\n") }
        if fixes.roundLimitReached {
            console.err("mvlint: warning: fixes still applied after \(FixRounds.maximumRounds) rounds; stopped there, run mvlint again\n")
        }
        guard !quiet else { return }
        let count = "\(fixes.fixCount) fix\(fixes.fixCount == 1 ? "" : "es")"
        let files = "\(fixes.fixedFiles) file\(fixes.fixedFiles == 1 ? "" : "s")"
        var line: String
        if fixes.isDiff {
            line = "mvlint: \(count) would change \(files)"
        } else {
            for applied in fixes.applied { console.err(applied + "\n") }
            line = "mvlint: \(count) applied in \(files)"
        }
        if fixes.unsafeFixesLeft > 0 { line += "; \(fixes.unsafeFixesLeft) more with --unsafe-fixes" }
        console.err(line + "\n")
    }

    private func summaryLine(_ summary: LintSummary, showAdvice: Bool, hiddenByBaseline: Int, seconds: Double,
                             profile: ProfileChoice) -> String {
        func count(_ number: Int, _ noun: String, _ plural: String? = nil) -> String {
            "\(number) \(number == 1 ? noun : (plural ?? noun + "s"))"
        }
        var parts = [count(summary.errors, "error"), count(summary.warnings, "warning"), count(summary.advice, "advice", "advice")]
        if summary.advice > 0, !showAdvice { parts[2] += " (hidden; --advice shows them)" }
        if hiddenByBaseline > 0 { parts.append("\(count(hiddenByBaseline, "finding")) hidden by the baseline") }
        return "mvlint: \(count(summary.files, "file")) linted, \(parts.joined(separator: ", ")) in "
            + formatted(seconds, "%.2f") + " s; profile \(profile.profile.rawValue) (\(profile.reason))\n"
    }

    /// What a detected profile held back, and the line that makes the profile a choice instead of a guess.
    private func profileNotes(_ outcome: Linter.Outcome, configuration: Configuration) -> [String] {
        let profile = outcome.profileChoice.profile.rawValue
        let line = "add \"profile: \(profile)\" to \(configuration.sourceFileName ?? ConfigurationLoader.fileName)"
        var notes: [String] = []
        let skipped = outcome.rules.skipped
        if !skipped.isEmpty {
            notes.append("skipped \(counted(skipped.count, "rule")) specific to \(profile) (evidence weak): \(skipped.joined(separator: ", ")); \(line) to run them")
        }
        let demoted = outcome.rules.demoted
        if !demoted.isEmpty {
            notes.append("\(demoted.joined(separator: ", ")) \(demoted.count == 1 ? "reports" : "report") warnings instead of errors while the profile is detected; \(line) to make them errors")
        }
        return notes
    }

    /// The analysis cache file of the linted paths' project, or nil with `--no-cache` or `MVLINT_NO_CACHE=1`.
    private func cacheFile(_ parsed: ParsedArguments, configuration: Configuration) -> URL? {
        guard !parsed.has("--no-cache"), environment["MVLINT_NO_CACHE"].map({ $0.isEmpty || $0 == "0" }) ?? true else { return nil }
        // Without paths a run lints the working directory, or an editor's buffer.
        let linted = parsed.positionals.isEmpty ? [parsed["--stdin-path"] ?? "."] : parsed.positionals
        let root = AnalysisCache.projectRoot(ofLinted: linted.map { Discovery.resolve($0, against: workingDirectory) },
                                             configuration: configuration)
        return AnalysisCache.file(forProjectAt: root,
                                  cacheFolder: parsed["--cache-path"].map { Discovery.resolve($0, against: workingDirectory) },
                                  environment: environment)
    }

    private func readStandardInput() throws(UsageError) -> String {
        guard let text = String(validating: SystemCalls.readAll(0), as: UTF8.self) else {
            throw UsageError("--stdin-path: standard input is not UTF-8 text")
        }
        return text
    }

    /// `--write-baseline`: the findings go to the file instead of the report; the run succeeds unless input was bad.
    private func writeBaseline(_ baseline: Baseline, to url: URL, shownAs shown: String, inputProblems: [String]) -> ExitCode {
        for problem in inputProblems { console.err(problem + "\n") }
        // Like `--output`, a missing folder is an error: a mistyped path must not create folders anywhere.
        if case .failure(let problem) = AtomicFileWriter.write(baseline.json, to: url) {
            console.err("mvlint: error: cannot write the baseline \(shown): \(problem.message)\n")
            return .usageOrInput
        }
        let total = baseline.counts.values.reduce(0, +)
        console.err("mvlint: wrote \(total) finding\(total == 1 ? "" : "s") to the baseline \(shown)\n")
        return inputProblems.isEmpty ? .success : .usageOrInput
    }

    /// The configuration every command runs with; its warnings are printed here, once, whatever the command.
    func loadConfiguration(explicitPath: String?) throws -> Configuration {
        let file: URL
        if let explicitPath {
            file = Discovery.resolve(explicitPath, against: workingDirectory)
            guard FileManager.default.fileExists(atPath: file.path) else {
                throw UsageError("configuration file not found: \(explicitPath)")
            }
        } else if let found = ConfigurationLoader.find(from: workingDirectory) {
            file = found
        } else {
            return Configuration(rootDirectory: workingDirectory)
        }
        let configuration = try ConfigurationLoader.load(path: file)
        for warning in configuration.warnings { console.err("\(warning)\n") }
        return configuration
    }

    // MARK: roles

    static let rolesSpec = CommandSpec(name: "roles", flags: ["--help", "--no-cache"], options: ["--format", "--config", "--cache-path"],
                                       choices: ["--format": ["text", "json"]])

    private func roles(_ arguments: [String]) throws -> ExitCode {
        let parsed = try ParsedArguments(arguments, spec: Self.rolesSpec)
        if parsed.has("--help") { return help("roles") }
        let configuration = try loadConfiguration(explicitPath: parsed["--config"])
        let outcome = Linter.run(Linter.Request(paths: parsed.positionals, workingDirectory: workingDirectory, configuration: configuration,
                                                cacheFile: cacheFile(parsed, configuration: configuration)))
        for problem in outcome.uncheckedInput { console.err(problem + "\n") }
        let assignments = RoleReport.assignments(of: outcome.project.architecture)
        console.out(parsed["--format"] == "json" ? RoleReport.json(assignments) : RoleReport.text(assignments))
        return outcome.uncheckedInput.isEmpty ? .success : .usageOrInput
    }

    // MARK: init

    static let initSpec = CommandSpec(name: "init", flags: ["--force", "--help"], maxPositionals: 1)

    /// Writes a commented `.mvlint.yml` into the folder, from what the code there shows.
    private func initialize(_ arguments: [String]) throws -> ExitCode {
        let parsed = try ParsedArguments(arguments, spec: Self.initSpec)
        if parsed.has("--help") { return help("init") }
        let given = parsed.positionals.first ?? "."
        let folder = URL(fileURLWithPath: URL(fileURLWithPath: given, relativeTo: workingDirectory).standardizedFileURL.path, isDirectory: true)
        guard folder.isExistingFolder else { throw UsageError("'init' needs a folder, and \(given) is not one") }
        let destination = folder.appendingPathComponent(ConfigurationLoader.fileName)
        let shown = Linter.displayPath(destination, workingDirectory: workingDirectory)
        if FileManager.default.fileExists(atPath: destination.path), !parsed.has("--force") {
            console.err("mvlint: error: \(shown) already exists; pass --force to replace it\n")
            return .usageOrInput
        }
        let outcome = Linter.run(Linter.Request(paths: ["."], workingDirectory: folder, configuration: Configuration(rootDirectory: folder)))
        for problem in outcome.inputProblems { console.err(problem + "\n") }
        if case .failure(let problem) = AtomicFileWriter.write(InitialConfiguration.text(for: outcome, folder: folder), to: destination) {
            console.err("mvlint: error: cannot write \(shown): \(problem.message)\n")
            return .usageOrInput
        }
        let choice = outcome.profileChoice
        let state = InitialConfiguration.writesProfile(choice) ? "" : ", commented out"
        console.out("Wrote \(shown): profile \(choice.profile.rawValue) (\(choice.reason))\(state)\n")
        return .success
    }

    // MARK: map

    static let mapSpec = CommandSpec(
        name: "map", flags: ["--collapse", "--no-collapse", "--no-cache", "--help"],
        options: ["--format", "--focus", "--depth", "--expand", "--config", "--profile", "--cache-path"],
        choices: ["--format": MapFormat.allCases.map(\.rawValue), "--profile": Profile.allCases.map(\.rawValue) + ["cp", "io"]])

    private func map(_ arguments: [String]) throws -> ExitCode {
        let parsed = try ParsedArguments(arguments, spec: Self.mapSpec)
        if parsed.has("--help") { return help("map") }
        let depth = try parsed["--depth"].map { text in
            guard let depth = Int(text), depth >= 0 else { throw UsageError("--depth must be a whole number from 0 up, not '\(text)'") }
            return depth
        }
        if depth != nil, parsed["--focus"] == nil { throw UsageError("--depth needs --focus TypeName") }
        let chosenViews = ["--collapse", "--no-collapse", "--expand", "--focus"].filter { parsed.has($0) || parsed[$0] != nil }
        if chosenViews.count > 1 { throw UsageError("\(chosenViews.joined(separator: " and ")) exclude each other") }
        let configuration = try loadConfiguration(explicitPath: parsed["--config"])
        let outcome = Linter.run(Linter.Request(
            paths: parsed.positionals, workingDirectory: workingDirectory, configuration: configuration,
            profile: parsed["--profile"].flatMap(Profile.init(name:)), cacheFile: cacheFile(parsed, configuration: configuration)))
        for problem in outcome.uncheckedInput { console.err(problem + "\n") }
        if outcome.filesLinted == 0, outcome.inputProblems.isEmpty {
            throw UsageError("no Swift files to map in \(parsed.positionals.isEmpty ? "." : parsed.positionals.joined(separator: ", "))")
        }
        var map = ArchitectureMap(outcome: outcome)
        if let focus = parsed["--focus"] {
            guard let focused = map.focused(on: focus, depth: depth ?? 1) else {
                let hint = Suggestion.nearest(to: focus, in: map.nodes.map(\.name)).map { "; did you mean '\($0)'?" } ?? ""
                throw UsageError("--focus: no type '\(focus)' on the map\(hint) ('mvlint roles' lists every type)")
            }
            map = focused
        }
        let settings = outcome.project.settingsByPath
        let targetOf: (String) -> String? = { settings[$0]?.name }
        if parsed.has("--collapse") {
            map = map.collapsed(targetOf: targetOf)
        } else if parsed["--focus"] == nil, !parsed.has("--no-collapse") {
            let expanded = parsed["--expand"].map { $0.split(separator: ",").map { $0.trimmingSpaces() } } ?? []
            // One tree serves the check of the names and the fitting.
            let tree = GroupTree(nodes: map.nodes, targetOf: targetOf)
            let names = tree.allGroupNames
            for name in expanded where !names.contains(name) {
                let hint = Suggestion.nearest(to: name, in: names).map { "; did you mean '\($0)'?" } ?? ""
                throw UsageError("--expand: no group '\(name)' on the map\(hint) (a target, or a folder as 'Target/Folder')")
            }
            map = map.fitted(in: tree, expanded: Set(expanded))
        }
        let format = parsed["--format"].flatMap(MapFormat.init(rawValue:)) ?? .mermaid
        let rendered = format.render(map)
        console.out(rendered)
        if format == .mermaid, let problem = MermaidRenderer.sizeProblem(map, rendered: rendered) {
            console.err("mvlint: warning: \(problem)\n")
        }
        return outcome.uncheckedInput.isEmpty ? .success : .usageOrInput
    }

    // MARK: migrate

    static let migrateSpec = CommandSpec(name: "migrate", flags: ["--dry-run", "--write", "--assume-ios17", "--help"],
                                         options: ["--only", "--config"])

    /// `migrate observation`: moves `ObservableObject` classes to `@Observable` where `MIGRATION.md` proves it safe.
    /// Writes only in a clean git work tree, where every change can be reviewed and undone; a dry run otherwise.
    private func migrate(_ arguments: [String]) throws -> ExitCode {
        let parsed = try ParsedArguments(arguments, spec: Self.migrateSpec)
        if parsed.has("--help") { return help("migrate") }
        guard let target = parsed.positionals.first else {
            throw UsageError("'migrate' needs what to migrate: 'mvlint migrate observation [paths …]'")
        }
        guard target == "observation" else { throw UsageError("cannot migrate '\(target)'; only 'observation' exists") }
        if parsed.has("--dry-run"), parsed.has("--write") { throw UsageError("--dry-run and --write exclude each other") }
        let treeState = workingTreeState()
        if parsed.has("--write"), let treeState {
            throw UsageError("refusing --write: \(treeState); commit or stash first, or use --dry-run")
        }
        let writes = treeState == nil && !parsed.has("--dry-run")
        let configuration = try loadConfiguration(explicitPath: parsed["--config"])
        let outcome = Linter.run(Linter.Request(paths: Array(parsed.positionals.dropFirst()), workingDirectory: workingDirectory,
                                                configuration: configuration, assumesModernOS: parsed.has("--assume-ios17")))
        for problem in outcome.uncheckedInput { console.err(problem + "\n") }
        if let only = parsed["--only"] {
            let names = ObservationMigrationPlan.candidateNames(in: outcome.project)
            guard names.contains(only) else {
                let hint = Suggestion.nearest(to: only, in: names).map { "; did you mean '\($0)'?" } ?? ""
                throw UsageError("--only: no ObservableObject type '\(only)'\(hint)")
            }
        }
        let plan = ObservationMigrationPlan(project: outcome.project, only: parsed["--only"], assumeModernOS: parsed.has("--assume-ios17"))
        let digests = Dictionary(outcome.analyses.map { ($0.path, $0.sourceDigest) }, uniquingKeysWith: { first, _ in first })
        var readContents: [String: Data] = [:]
        let rewrite = ObservationRewriter.rewrite(plan, budget: configuration.fileBudget) { path in
            // The edits' offsets hold only for the text the analysis read.
            guard let data = FileManager.default.contents(atPath: Discovery.resolve(path, against: workingDirectory).path),
                  let text = String(validating: data, as: UTF8.self) else {
                return .failure(FixProblem(kind: .unreadable, message: "the file can no longer be read; left unchanged"))
            }
            guard SourceDigest(text) == digests[path] else {
                return .failure(FixProblem(kind: .changedOnDisk, message: "the file changed on disk while mvlint ran; left unchanged"))
            }
            readContents[path] = data
            return .success(text)
        }
        var failed = !outcome.uncheckedInput.isEmpty || !rewrite.problems.isEmpty
        for problem in rewrite.problems { console.err(problem + "\n") }
        if writes {
            var written = 0
            for file in rewrite.texts {
                guard let data = readContents[file.path] else { continue }
                switch AtomicFileWriter.replace(Discovery.resolve(file.path, against: workingDirectory), with: file.rewritten, expecting: data) {
                case .success: written += 1
                case .failure(let problem):
                    console.err("\(file.path): error: \(problem.message)\n")
                    failed = true
                }
            }
            console.err("mvlint: rewrote \(written) file\(written == 1 ? "" : "s"); review with git diff\n")
            console.out(plan.report)
        } else {
            console.err("mvlint: dry run (\(treeState ?? "as asked")); nothing is written\n")
            let diff = rewrite.diff
            console.out(diff + (diff.isEmpty ? "" : "\n") + plan.report)
        }
        return failed ? .usageOrInput : .success
    }

    /// Why writing would be unsafe here: not a git work tree, or uncommitted changes; nil when the tree is clean.
    private func workingTreeState() -> String? {
        guard let git = SystemCalls.run(["git", "-C", workingDirectory.path, "status", "--porcelain"]) else {
            return "git is not available to check the working tree"
        }
        if git.status != 0 { return "not a git working tree" }
        return git.output.isEmpty ? nil : "the working tree has uncommitted changes"
    }

    // MARK: settings

    static let settingsSpec = CommandSpec(name: "settings", flags: ["--assume-ios17", "--help"], options: ["--format", "--config"],
                                          choices: ["--format": ["text", "json"]])

    /// Prints the settings rules judge each file by, and where each value came from.
    private func settings(_ arguments: [String]) throws -> ExitCode {
        let parsed = try ParsedArguments(arguments, spec: Self.settingsSpec)
        if parsed.has("--help") { return help("settings") }
        let configuration = try loadConfiguration(explicitPath: parsed["--config"])
        let (found, settings, warnings) = Linter.discover(Linter.Request(
            paths: parsed.positionals, workingDirectory: workingDirectory, configuration: configuration,
            assumesModernOS: parsed.has("--assume-ios17")))
        for problem in found.problems { console.err(problem + "\n") }
        for warning in warnings { console.err("mvlint: warning: \(warning)\n") }
        // Each path shown once made: a report names the same few project files on thousands of lines, and making a
        // standardised `URL` for every mention was half of the command's time on a large project.
        var shown: [String: String] = [:]
        let display = { (path: String) -> String in
            if let known = shown[path] { return known }
            let made = Linter.displayPath(URL(fileURLWithPath: path), workingDirectory: self.workingDirectory)
            shown[path] = made
            return made
        }
        let report = SettingsReport(entries: zip(found.paths, settings.settings(forEach: found.paths)).map { path, settings in
            SettingsReport.Entry(path: display(path), settings: settings)
        }, display: display)
        if found.paths.isEmpty, found.problems.isEmpty {
            throw UsageError("no Swift files in \(parsed.positionals.isEmpty ? "." : parsed.positionals.joined(separator: ", "))")
        }
        console.out(parsed["--format"] == "json" ? report.json : report.text)
        return found.problems.isEmpty ? .success : .usageOrInput
    }

    // MARK: rules, explain, version, help

    static let rulesSpec = CommandSpec(
        name: "rules", flags: ["--help"], options: ["--format", "--profile"],
        choices: ["--format": ["text", "markdown", "json"], "--profile": Profile.allCases.map(\.rawValue) + ["cp", "io"]],
        maxPositionals: 0)

    private func rules(_ arguments: [String]) throws -> ExitCode {
        let parsed = try ParsedArguments(arguments, spec: Self.rulesSpec)
        if parsed.has("--help") { return help("rules") }
        var descriptions = RuleRegistry.descriptions
        if let profile = parsed["--profile"].flatMap(Profile.init(name:)) {
            descriptions = descriptions.filter { $0.profiles.enables(profile) }
        }
        switch parsed["--format"] ?? "text" {
        case "markdown": console.out(RuleTable.markdown(descriptions))
        case "json": console.out(RuleTable.json(descriptions))
        default: console.out(RuleTable.text(descriptions))
        }
        return .success
    }

    private func explain(_ arguments: [String]) throws -> ExitCode {
        let parsed = try ParsedArguments(arguments, spec: CommandSpec(name: "explain", flags: ["--help"], maxPositionals: 1))
        if parsed.has("--help") { return help("explain") }
        guard let id = parsed.positionals.first else { throw UsageError("'explain' needs a rule id, e.g. 'mvlint explain foreground-color'") }
        guard let description = RuleRegistry.description(of: id) else {
            let hint = Suggestion.nearest(to: id, in: RuleRegistry.descriptions.map(\.id)).map { "; did you mean '\($0)'?" } ?? ""
            throw UsageError("no rule '\(id)'\(hint) ('mvlint rules' lists them)")
        }
        console.out(RuleTable.explanation(description))
        return .success
    }

    private func version(_ arguments: [String]) -> ExitCode {
        console.out("\(MVLintVersion.current)\n")
        return .success
    }

    private func help(_ command: String?) -> ExitCode {
        guard let command else {
            console.out(HelpText.overview)
            return .success
        }
        guard let entry = HelpText.commands.first(where: { $0.name == command }) else {
            console.err("mvlint: error: no command '\(command)'\nRun 'mvlint help' for usage.\n")
            return .usageOrInput
        }
        console.out(entry.text)
        return .success
    }
}
