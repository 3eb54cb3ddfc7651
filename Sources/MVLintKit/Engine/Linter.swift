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

        public init(paths: [String], workingDirectory: URL, configuration: Configuration, profile: Profile? = nil,
                    progress: (any LintProgress)? = nil, cacheFile: URL? = nil, standardInput: StandardInput? = nil) {
            self.paths = paths
            self.workingDirectory = workingDirectory
            self.configuration = configuration
            self.profile = profile
            self.progress = progress
            self.cacheFile = cacheFile
            self.standardInput = standardInput
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
        public var profile: Profile
        /// Why this profile: "from --profile", "from .mvlint.yml", or what detection saw.
        public var profileReason: String
        /// Facts, index and architecture of everything linted (for `roles` and `map`).
        public var project: ProjectContext
        /// Each file's analysis and the engine that made it: `--fix` re-runs the rules on them in rounds.
        var analyses: [FileAnalysis] = []
        var engine: LintEngine?
    }

    public static func run(_ request: Request) -> Outcome {
        let configuration = request.configuration
        let paths = request.paths.isEmpty ? ["."] : request.paths
        let discovery = Discovery(included: configuration.included, excluded: configuration.excluded,
                                  root: configuration.rootDirectory)
        let found = discovery.discover(paths, workingDirectory: request.workingDirectory)
        var inputProblems = found.problems

        let projectFiles = projectFilesAround(paths, found: found, workingDirectory: request.workingDirectory)
        let loaded = ProjectSettingsLoader.load(manifests: projectFiles.manifests, xcodeProjects: projectFiles.xcodeProjects)
        let projectSettings = loaded.settings.overridden(deploymentTargets: configuration.deploymentTargets,
                                                         defaultIsolationIsMainActor: configuration.defaultIsolationIsMainActor)

        let fixedProfile = request.profile ?? configuration.profile
        let runnable = RuleRegistry.descriptions.filter { description in
            fixedProfile.map { configuration.isEnabled(description, profile: $0) } ?? configuration.mayRun(description)
        }
        let engine = LintEngine(selection: RuleSelection(rules: Set(runnable.map(\.id)), severities: configuration.severities,
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

        let profile: Profile
        let reason: String
        if let profileOverride = request.profile {
            (profile, reason) = (profileOverride, "from --profile")
        } else if let configured = configuration.profile {
            (profile, reason) = (configured, "from \(configuration.sourcePath.map { URL(fileURLWithPath: $0).lastPathComponent } ?? "the configuration")")
        } else {
            (profile, reason) = ProfileDetector.detect(project)
        }
        project.profile = profile
        // Asked for every candidate and file: decided once per rule.
        let enabled = Set(RuleRegistry.descriptions.filter { configuration.isEnabled($0, profile: profile) }.map { $0.id })
        var findings = engine.finish(analyses, project: project) { enabled.contains($0) }
        var filesLinted = analyses.count
        var reported = analyses
        if let url = standardInput?.url {
            let shown = displayPath(url, workingDirectory: request.workingDirectory)
            findings = findings.filter { $0.file == shown }
            reported = analyses.filter { $0.path == shown }
            filesLinted = reported.count
        }
        var outcome = Outcome(findings: findings, filesLinted: filesLinted, inputProblems: inputProblems,
                              settingsWarnings: loaded.warnings, profile: profile, profileReason: reason, project: project,
                              analyses: analyses, engine: engine)
        outcome.overBudgetFiles = reported.compactMap { analysis in
            analysis.budgetProblem.map { "\(analysis.path): error: \(FileTooComplexRule.id): \($0.message)" }
        }
        return outcome
    }

    private struct Job: Sendable {
        var url: URL
        var absolutePath: String
        /// The path findings show.
        var display: String
        var settings: TargetSettings
    }

    /// Reads and analyses every file on all cores, reusing cached analyses of unchanged files and caching the rest.
    /// `standardInput` is the absolute path whose text comes from standard input instead of the disk.
    private static func analyze(_ jobs: [Job], engine: LintEngine, cacheFile: URL?, progress: (any LintProgress)?,
                                standardInput: (path: String, text: String)?) -> [Result<FileAnalysis, InputProblem>] {
        let cache = cacheFile.map { AnalysisCache.load(from: $0) }
        let engineContext = engine.selection.cacheContext + ";" + engine.budget.cacheContext
        let readText = { @Sendable (job: Job) -> Result<String, InputProblem> in
            job.absolutePath == standardInput?.path ? .success(standardInput?.text ?? "") : readSource(job.url, display: job.display)
        }
        let results = ParallelMap.run(jobs, timeLimit: engine.budget.maxParseSeconds, timedOut: { job in
            progress?.fileFinished(of: jobs.count)
            return readText(job).map { (engine.timedOut(path: job.display, text: $0), nil) }
        }) { job -> Result<(FileAnalysis, AnalysisCache.Record?), InputProblem> in
            defer { progress?.fileFinished(of: jobs.count) }
            return readText(job).map { text in
                guard let cache else { return (engine.analyze(path: job.display, text: text, settings: job.settings), nil) }
                let content = SourceDigest(text)
                let context = SourceDigest([engineContext, job.settings.cacheContext, job.display].joined(separator: "\n"))
                if let cached = cache.analysis(at: job.absolutePath, text: text, content: content, context: context) { return (cached, nil) }
                let analysis = engine.analyze(path: job.display, text: text, settings: job.settings, sourceDigest: content)
                // The buffer is not the file on disk: its entry would replace the file's.
                return (analysis, job.absolutePath == standardInput?.path ? nil : AnalysisCache.record(for: analysis, context: context))
            }
        }
        var freshRecords: [String: AnalysisCache.Record] = [:]
        for (job, result) in zip(jobs, results) {
            if case .success(let (_, record?)) = result { freshRecords[job.absolutePath] = record }
        }
        cache?.save(fresh: freshRecords)
        return results.map { $0.map(\.0) }
    }

    /// Manifests and Xcode projects found below the paths, plus the nearest ones above them
    /// (linting `Sources/App` still needs the package's `platforms:`).
    private static func projectFilesAround(_ paths: [String], found: Discovery.Result, workingDirectory: URL)
        -> (manifests: [URL], xcodeProjects: [URL]) {
        var manifests = found.manifests
        var projects = found.xcodeProjects
        for path in paths {
            let url = Discovery.resolve(path, against: workingDirectory)
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else { continue }
            let folder = isFolder.boolValue ? url : url.deletingLastPathComponent()
            let upward = ProjectSettingsLoader.discoverUpward(from: folder)
            manifests += upward.manifests
            projects += upward.xcodeProjects
        }
        func unique(_ urls: [URL]) -> [URL] {
            var seen = Set<String>()
            return urls.filter { seen.insert($0.standardizedFileURL.path).inserted }
        }
        return (unique(manifests), unique(projects))
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
