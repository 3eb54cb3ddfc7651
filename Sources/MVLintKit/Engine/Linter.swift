public import Foundation

/// A whole lint run: discovery, settings, the parallel per-file pass, project rules, filters.
public enum Linter {
    public struct Request: Sendable {
        public var paths: [String]
        public var workingDirectory: URL
        public var configuration: Configuration
        /// `--profile`; wins over the config file and detection.
        public var profile: Profile?
        /// Told as each file's parse and walk finishes (a progress bar).
        public var progress: (any LintProgress)?
        /// The analysis cache file; nil runs without one.
        public var cacheFile: URL?
        /// `--stdin-path`: this text stands for the file at that path, and only its findings are reported.
        public var standardInput: StandardInput?
        /// `--assume-ios17`: code whose project files state no minimum is judged as running on iOS 17 / macOS 14 or later.
        public var assumesModernOS: Bool

        public init(paths: [String], workingDirectory: URL, configuration: Configuration, profile: Profile? = nil,
                    progress: (any LintProgress)? = nil, cacheFile: URL? = nil, standardInput: StandardInput? = nil,
                    assumesModernOS: Bool = false) {
            self.paths = paths
            self.workingDirectory = workingDirectory
            self.configuration = configuration
            self.profile = profile
            self.progress = progress
            self.cacheFile = cacheFile
            self.standardInput = standardInput
            self.assumesModernOS = assumesModernOS
        }
    }

    /// An editor's unsaved buffer, linted as the file at `path` with the rest of the project around it.
    public struct StandardInput: Sendable {
        public var path: String
        public var text: String

        public init(path: String, text: String) {
            self.path = path
            self.text = text
        }
    }

    public struct Outcome: Sendable {
        public var findings: [Finding]
        public var filesLinted: Int
        /// Input problems (missing paths, unreadable or non-UTF-8 files): reported, the rest still linted.
        public var inputProblems: [String]
        /// One line per file left unchecked for its cost (each is also a `file-too-complex` finding): the run
        /// did not check everything, so it exits 2.
        public var overBudgetFiles: [String] = []
        /// What commands without a findings report (`roles`, `map`, `migrate`) print and fail on.
        public var uncheckedInput: [String] { inputProblems + overBudgetFiles }
        /// Warnings about project files (a manifest that does not parse): informational.
        public var settingsWarnings: [String]
        /// The profile and why: `--profile`, the configuration, or what detection saw.
        public var profileChoice: ProfileChoice
        /// The rules that ran, and what a detected profile held back.
        public var rules: RulePlan
        /// Facts, index and architecture of everything linted (for `roles` and `map`).
        public var project: ProjectContext
        /// The project files' targets and settings (`init` lists each target's minimum).
        var projectSettings = ProjectSettings()
        /// Each file's analysis and the engine that made it: `--fix` re-runs the rules on them in rounds.
        var analyses: [FileAnalysis] = []
        var engine: LintEngine?
    }

    public static func run(_ request: Request) -> Outcome {
        let configuration = request.configuration
        let (found, projectSettings, settingsWarnings) = discover(request)
        var inputProblems = found.problems

        let fixedProfile = request.profile ?? configuration.profile
        let runnable = RuleRegistry.descriptions.filter { description in
            fixedProfile.map { configuration.isEnabled(description, profile: $0) } ?? configuration.mayRun(description)
        }
        var engine = LintEngine(selection: RuleSelection(rules: Set(runnable.map(\.id)), severities: configuration.severities,
                                                         optionOverrides: configuration.ruleOptions),
                                budget: configuration.fileBudget)

        var files = found.files
        let standardInput = request.standardInput.map {
            (url: Discovery.resolve($0.path, against: request.workingDirectory), text: $0.text)
        }
        if let url = standardInput?.url, !files.contains(where: { $0.path == url.path }), !FileManager.default.fileExists(atPath: url.path) {
            // A buffer not yet saved is linted; a file on disk that discovery skipped stays excluded.
            files.append(url)
        }
        let jobs = files.map { url in
            Job(url: url, absolutePath: url.standardizedFileURL.path, display: displayPath(url, workingDirectory: request.workingDirectory),
                settings: projectSettings.settings(for: url.standardizedFileURL.path))
        }
        var analyses: [FileAnalysis] = []
        for result in analyze(jobs, engine: engine, cacheFile: request.cacheFile, progress: request.progress, standardInput: standardInput.map { ($0.url.path, $0.text) }) {
            switch result {
            case .success(let analysis): analyses.append(analysis)
            case .failure(let problem): inputProblems.append(problem.message)
            }
        }

        var settingsByPath: [String: TargetSettings] = [:]
        for job in jobs { settingsByPath[job.display] = job.settings }
        var project = ProjectContext(files: analyses.map(\.facts), settingsByPath: settingsByPath)
        project.layers = LayerPlan(configured: configuration.layers, files: jobs.map { job in
            LayerPlan.File(path: job.display, relativePath: relativePath(job.url, under: configuration.rootDirectory),
                           module: job.settings.name)
        })

        let choice: ProfileChoice
        if let profileOverride = request.profile {
            choice = ProfileChoice(profile: profileOverride, origin: .commandLine)
        } else if let configured = configuration.profile {
            choice = ProfileChoice(profile: configured, origin: .configuration(configuration.sourceFileName ?? "the configuration"))
        } else {
            choice = .detected(ProfileDetector.detect(project))
        }
        project.profile = choice.profile
        let rules = configuration.rulePlan(for: choice)
        for id in rules.demoted { engine.selection.severities[id] = .warning }
        var findings = engine.finish(analyses, project: project) { rules.enabled.contains($0) }
        var filesLinted = analyses.count
        var reported = analyses
        if let url = standardInput?.url {
            let shown = displayPath(url, workingDirectory: request.workingDirectory)
            findings = findings.filter { $0.file == shown }
            reported = analyses.filter { $0.path == shown }
            filesLinted = reported.count
        }
        var outcome = Outcome(findings: findings, filesLinted: filesLinted, inputProblems: inputProblems,
                              settingsWarnings: settingsWarnings, profileChoice: choice, rules: rules, project: project,
                              projectSettings: projectSettings, analyses: analyses, engine: engine)
        outcome.overBudgetFiles = reported.compactMap { analysis in
            analysis.budgetProblem.map { "\(analysis.path): error: \(FileTooComplexRule.id): \($0.message)" }
        }
        return outcome
    }

    /// The files a run covers, the settings of the project files around them (with `.mvlint.yml` and
    /// `--assume-ios17` applied), and warnings about those project files.
    public static func discover(_ request: Request) -> (found: Discovery.Result, settings: ProjectSettings, warnings: [String]) {
        let configuration = request.configuration
        let paths = request.paths.isEmpty ? ["."] : request.paths
        let discovery = Discovery(included: configuration.included, excluded: configuration.excluded,
                                  root: configuration.rootDirectory)
        let found = discovery.discover(paths, workingDirectory: request.workingDirectory)
        var (settings, warnings) = ProjectSettingsLoader.load(projectFilesAround(paths, found: found, workingDirectory: request.workingDirectory))
        settings.overrides = SettingsOverrides(configuration, assumingModernOS: request.assumesModernOS)
        return (found, settings, warnings)
    }

    private struct Job: Sendable {
        var url: URL
        var absolutePath: String
        /// The path findings show.
        var display: String
        var settings: TargetSettings
    }

    /// Reads and analyses every file on all cores, reusing cached analyses of unchanged files and caching the rest.
    /// A file whose stamp matches its record is not read at all. `standardInput` is the absolute path whose text
    /// comes from standard input instead of the disk.
    private static func analyze(_ jobs: [Job], engine: LintEngine, cacheFile: URL?, progress: (any LintProgress)?,
                                standardInput: (path: String, text: String)?) -> [Result<FileAnalysis, InputProblem>] {
        let cache = cacheFile.map { AnalysisCache.load(from: $0, linted: Set(jobs.map(\.absolutePath))) }
        let engineContext = engine.selection.cacheContext + ";" + engine.budget.cacheContext
        let now = Int64(Date().timeIntervalSince1970 * 1e9)
        let readText = { @Sendable (job: Job) -> Result<String, InputProblem> in
            job.absolutePath == standardInput?.path ? .success(standardInput?.text ?? "") : readSource(job.url, display: job.display)
        }
        let results = ParallelMap.run(jobs, timeLimit: engine.budget.maxParseSeconds, timedOut: { job in
            progress?.fileFinished(of: jobs.count)
            return readText(job).map { (engine.timedOut(path: job.display, text: $0), nil) }
        }) { job -> Result<(FileAnalysis, AnalysisCache.Record?), InputProblem> in
            defer { progress?.fileFinished(of: jobs.count) }
            guard let cache else { return readText(job).map { (engine.analyze(path: job.display, text: $0, settings: job.settings), nil) } }
            let context = SourceDigest([engineContext, job.settings.cacheContext, job.display].joined(separator: "\n"))
            // The buffer is not the file on disk: neither its stamp nor an entry made from it may stand for the file.
            let isFile = job.absolutePath != standardInput?.path
            // Taken before the read, so a write in between leaves a stamp that no longer matches.
            let stamp = isFile ? FileStamp(ofFileAt: job.absolutePath) : nil
            let record = cache.records[job.absolutePath]
            if let stamp, let record, record.stamp == stamp,
               let cached = cache.analysis(at: job.absolutePath, content: record.content, context: context, text: nil) {
                return .success((cached, nil))
            }
            return readText(job).map { text in
                let content = SourceDigest(text)
                let settledStamp = stamp.flatMap { $0.isSettled(at: now) ? $0 : nil }
                if let cached = cache.analysis(at: job.absolutePath, content: content, context: context, text: text) {
                    // Restamped, so the next run need not read the file again.
                    let restamped = isFile && record?.stamp != settledStamp ? record.map { record in
                        var restamped = record
                        restamped.stamp = settledStamp
                        return restamped
                    } : nil
                    return (cached, restamped)
                }
                let analysis = engine.analyze(path: job.display, text: text, settings: job.settings, sourceDigest: content)
                return (analysis, isFile ? cache.record(for: analysis, context: context, stamp: settledStamp) : nil)
            }
        }
        var freshRecords: [String: AnalysisCache.Record] = [:]
        for (job, result) in zip(jobs, results) {
            if case .success(let (_, record?)) = result { freshRecords[job.absolutePath] = record }
        }
        cache?.save(fresh: freshRecords)
        return results.map { $0.map(\.0) }
    }

    /// Project files found below the paths, plus the nearest ones above them
    /// (linting `Sources/App` still needs the package's `platforms:`).
    private static func projectFilesAround(_ paths: [String], found: Discovery.Result, workingDirectory: URL) -> ProjectFiles {
        var files = ProjectFiles(manifests: found.manifests, xcodeProjects: found.xcodeProjects, xcodeGenSpecs: found.xcodeGenSpecs)
        for path in paths {
            let url = Discovery.resolve(path, against: workingDirectory)
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else { continue }
            files = files.adding(ProjectSettingsLoader.discoverUpward(from: isFolder.boolValue ? url : url.deletingLastPathComponent()))
        }
        return files
    }

    struct InputProblem: Error {
        var message: String
    }

    private static func readSource(_ url: URL, display: String) -> Result<String, InputProblem> {
        guard let data = FileManager.default.contents(atPath: url.path) else {
            return .failure(InputProblem(message: "\(display): error: cannot read the file"))
        }
        guard let text = String(validating: data, as: UTF8.self) else {
            return .failure(InputProblem(message: "\(display): error: the file is not UTF-8 text; skipped"))
        }
        return .success(text)
    }

    /// Paths inside the working directory are shown relative to it, as the user typed them.
    static func displayPath(_ url: URL, workingDirectory: URL) -> String {
        relativePath(url, under: workingDirectory) ?? url.standardizedFileURL.path
    }

    /// The path of `url` below `folder`, or nil when it lies elsewhere.
    static func relativePath(_ url: URL, under folder: URL) -> String? {
        let path = url.standardizedFileURL.path
        let base = folder.standardizedFileURL.path
        let prefix = base.hasSuffix("/") ? base : base + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : nil
    }
}

/// Hears how a run advances; called from the worker threads.
public protocol LintProgress: Sendable {
    func fileFinished(of total: Int)
}
