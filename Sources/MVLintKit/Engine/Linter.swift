#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

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
        /// `--timings`: each step of the run ends here.
        public var timings: PhaseTimings?

        public init(paths: [String], workingDirectory: URL, configuration: Configuration, profile: Profile? = nil,
                    progress: (any LintProgress)? = nil, cacheFile: URL? = nil, standardInput: StandardInput? = nil,
                    assumesModernOS: Bool = false, timings: PhaseTimings? = nil) {
            self.paths = paths
            self.workingDirectory = workingDirectory
            self.configuration = configuration
            self.profile = profile
            self.progress = progress
            self.cacheFile = cacheFile
            self.standardInput = standardInput
            self.assumesModernOS = assumesModernOS
            self.timings = timings
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
        /// The project files' targets and settings (`init` lists each target's minimum).
        var projectSettings = ProjectSettings()
        /// Path and analysed digest of every linted file, known without decoding a cached analysis.
        var sources: [AnalysedSource] = []
        var engine: LintEngine?
        /// How the project rules' findings came about.
        var projectPhase: ProjectPhase = .built
        private var deferredAnalyses: Deferred<[FileAnalysis]>
        private var deferredProject: Deferred<ProjectContext>

        /// Facts, index and architecture of everything linted (for `roles` and `map`). Built when first asked for
        /// where the run's result came from the cache.
        public var project: ProjectContext {
            get { deferredProject.value }
            set { deferredProject = Deferred(ready: newValue) }
        }

        /// Each file's analysis: `--fix` re-runs the rules on them in rounds. Decoded when first asked for where
        /// the run's result came from the cache.
        var analyses: [FileAnalysis] {
            get { deferredAnalyses.value }
            set { deferredAnalyses = Deferred(ready: newValue) }
        }

        init(findings: [Finding], filesLinted: Int, inputProblems: [String], settingsWarnings: [String],
             profileChoice: ProfileChoice, rules: RulePlan, analyses: Deferred<[FileAnalysis]>, project: Deferred<ProjectContext>) {
            self.findings = findings
            self.filesLinted = filesLinted
            self.inputProblems = inputProblems
            self.settingsWarnings = settingsWarnings
            self.profileChoice = profileChoice
            self.rules = rules
            deferredAnalyses = analyses
            deferredProject = project
        }
    }

    public static func run(_ request: Request) -> Outcome {
        let configuration = request.configuration
        let timings = request.timings
        let found = findFiles(request)
        timings?.end(.discovery)
        var inputProblems = found.problems

        let fixedProfile = request.profile ?? configuration.profile
        let runnable = RuleRegistry.descriptions.filter { description in
            fixedProfile.map { configuration.isEnabled(description, profile: $0) } ?? configuration.mayRun(description)
        }
        var engine = LintEngine(selection: RuleSelection(rules: Set(runnable.map(\.id)), severities: configuration.severities,
                                                         optionOverrides: configuration.ruleOptions),
                                budget: configuration.fileBudget)

        let standardInput = request.standardInput.map {
            (url: Discovery.resolve($0.path, against: request.workingDirectory), text: $0.text)
        }
        // Standardized as discovery found them; cut as text from here on (`URL` path operations are slow on Linux).
        var absolutePaths = found.paths
        if let path = standardInput?.url.path, !absolutePaths.contains(path), !FileManager.default.fileExists(atPath: path) {
            // A buffer not yet saved is linted; a file on disk that discovery skipped stays excluded.
            absolutePaths.append(path)
        }
        // Loaded before the project files are read: it holds the settings they gave last time.
        let cache = request.cacheFile.map { AnalysisCache.load(from: $0, linted: Set(absolutePaths)) }
        if cache != nil { timings?.end(.cacheRead) }
        let (projectSettings, settingsWarnings, settingsMemo) = readSettings(request, found: found, cache: cache)
        timings?.end(.settings)
        let workingFolder = folderPrefix(request.workingDirectory), configurationFolder = folderPrefix(configuration.rootDirectory)
        let job = { (absolutePath: String, settings: SharedSettings) in
            Job(absolutePath: absolutePath, display: relativePath(absolutePath, under: workingFolder) ?? absolutePath,
                pathInConfigurationFolder: relativePath(absolutePath, under: configurationFolder), sharedSettings: settings)
        }
        let jobs = zip(absolutePaths, projectSettings.sharedSettings(forEach: absolutePaths)).map(job)
        let layerFiles = jobs.map(\.layerFile)
        // Known from the paths and the configuration alone, before any file is walked: without layers, no walk records
        // the type names its file mentions, which only `layer-dependency` reads (4 MB of the heap's peak on the 15 corpus apps).
        let layers = LayerPlan(configured: configuration.layers, files: layerFiles)
        engine.recordsTypeReferences = layers.isActive
            && engine.selection.projectRules.contains { $0.description.id == LayerDependencyRule.description.id }
        let fixedChoice = request.profile.map { ProfileChoice(profile: $0, origin: .commandLine) }
            ?? configuration.profile.map { ProfileChoice(profile: $0, origin: .configuration(configuration.sourceFileName ?? "the configuration")) }
        // The part of a run's key that is not the records, made once: a run asks for up to three keys.
        let runInputs = cache == nil ? nil
            : Self.runInputsDigest(engine: engine, fixedChoice: fixedChoice, configuration: configuration, layerFiles: layerFiles)
        let sharedSettingsByPath = Dictionary(jobs.map { ($0.display, $0.sharedSettings) }, uniquingKeysWith: { _, last in last })
        // A file that changed is parsed on one core: the other reads the previous run meanwhile, as a run after one
        // change needs it.
        let previousRunReading = PreviousRunReading.Slot()
        let fileChanged = { @Sendable [engine] (job: Job, oldRecord: AnalysisCache.Record, stamp: FileStamp) in
            guard let cache, let runInputs, standardInput == nil else { return }
            previousRunReading.fileChanged {
                guard stamp.size >= Self.parseWorthReadingBeside else { return nil }
                let previousRun = { @Sendable () -> ChangedFileJudgement.PreviousRun? in
                    Self.runKey(jobs.map { cache.records[$0.absolutePath] }, runInputs: runInputs).flatMap { key in
                        Self.previousRun(key, cache: cache, jobs: jobs, engine: engine, fixedChoice: fixedChoice, configuration: configuration,
                                         sharedSettingsByPath: sharedSettingsByPath, layers: layers)
                    }
                }
                return PreviousRunReading(path: job.display, previousRun: previousRun,
                                          oldFacts: { cache.facts(of: oldRecord, path: job.display) })
            }
        }
        defer { previousRunReading.finish() }
        var pass = analyze(jobs, engine: engine, cache: cache, progress: request.progress,
                           standardInput: standardInput.map { ($0.url.path, $0.text) }, fileChanged: fileChanged)
        // Lists of every file's analysis are made with their final size and let go once copied: each is a few
        // hundred bytes a file, held through the project phase, where the run's memory peaks.
        var pending: [PendingAnalysis] = []
        pending.reserveCapacity(jobs.count)
        /// The job of each pending analysis (its absolute path is what its record is saved under).
        var pendingJobs: [Job] = []
        pendingJobs.reserveCapacity(jobs.count)
        for (job, result) in zip(jobs, pass.results) {
            switch result {
            case .success(let analysis):
                pending.append(analysis)
                pendingJobs.append(job)
            case .failure(let problem): inputProblems.append(problem.message)
            }
        }
        pass.results = []
        // The facts keep the names they share; the pool's table (1.6 MiB for ten thousand real files) goes before the
        // project phase, where the run's memory peaks.
        NamePool.shared.removeAll()
        // The trees the pass parsed are gone: their pages go back before the project phase allocates its own. Not after
        // a pass that mostly read the cache: it freed few pages, and decoding the records takes them again.
        if pending.count(where: { !$0.isCached }) > pending.count / 2 { FreedPages.release() }
        timings?.end(.files)

        let makeProject = { @Sendable [sharedSettingsByPath] (analyses: [FileAnalysis], timings: PhaseTimings?) -> ProjectContext in
            var project = ProjectContext(files: analyses.map(\.facts), sharedSettingsByPath: sharedSettingsByPath, timings: timings)
            project.layers = layers
            return project
        }
        // A run whose every file came from the cache, with the same rules and configuration as one before it,
        // has that run's findings: only a report or `--fix` that asks for them decodes the facts. Keyed on the rules
        // as configured, before a detected profile demotes any: the next run looks the result up before detecting.
        let key = { (records: [AnalysisCache.Record?]) -> SourceDigest? in runInputs.flatMap { Self.runKey(records, runInputs: $0) } }
        // A buffer from standard input is not the file on disk: a result made with it is neither looked up nor stored.
        let runKey = { (records: [AnalysisCache.Record?]) in standardInput == nil ? key(records) : nil }
        let storedKey = runKey(pending.map(\.cachedRecord))
        let stored = storedKey.flatMap { pass.cache?.runResult(for: $0) }

        var fresh = pass.freshRecords
        // The key of the previous run's result, when this run's files are those it linted, some of them (or the buffer
        // an editor sends) since changed.
        var previousKey = stored == nil
            ? key(zip(pendingJobs, pending).map { $1.cachedRecord ?? pass.cache?.records[$0.absolutePath] })
            : nil
        // A file new to the cache, or one the last run linted and this one does not: that run is looked up over its files.
        var fileSetChange: FileSetChange?
        if stored == nil, standardInput == nil, let cache = pass.cache, previousKey.map({ !cache.hasRunResult(for: $0) }) ?? true,
           let (change, changeKey) = Self.fileSetChange(pending: pending, jobs: pendingJobs, allJobs: jobs, layerFiles: layerFiles, cache: cache, runInputs: {
               Self.runInputsDigest(engine: engine, fixedChoice: fixedChoice, configuration: configuration, layerFiles: $0)
           }, job: { absolutePath in job(absolutePath, projectSettings.sharedSettings(forEach: [absolutePath])[0]) }) {
            (fileSetChange, previousKey) = (change, changeKey)
        }
        // The cache's records are chosen and written on another core while the project is built: until the result
        // is known that core has little else to do.
        var reanalysed = false
        if pass.cache != nil { timings?.end(.runKey) }
        let (verdict, pendingRecords) = ParallelMap.both({ () -> Verdict in
            if stored != nil || previousKey == nil { previousRunReading.stop() }
            if let stored, let replayed = replay(stored, pending: pending, cache: pass.cache, engine: &engine, fixedChoice: fixedChoice,
                                                 configuration: configuration, makeProject: makeProject) {
                timings?.end(.replay)
                return replayed
            }
            // The changed files' old facts, decoded once for both ways of keeping the previous result.
            if let previousKey, let cache = pass.cache, cache.hasRunResult(for: previousKey),
               let changes = changedFiles(pending: pending, jobs: pendingJobs, cache: cache, engineContext: pass.engineContext,
                                          added: fileSetChange?.addedPath) {
                // What was read of the previous run while the changed file was parsed, when it read this run's previous result.
                let reading = previousRunReading.reading.flatMap { $0.previousRun.value?.key == previousKey ? $0 : nil }
                if reading == nil { previousRunReading.stop() }
                if fileSetChange == nil, let relocated = relocate(previousKey, changes: changes, pending: pending, jobs: pendingJobs, cache: cache, engine: &engine,
                                            fixedChoice: fixedChoice, configuration: configuration, makeProject: makeProject,
                                            previousRun: reading?.previousRun.value) {
                    timings?.end(.relocation)
                    return relocated
                }
                if let rejudged = rejudge(previousKey, changes: changes, fileSetChange: fileSetChange, pending: pending, jobs: pendingJobs, cache: cache, fresh: fresh,
                                          engine: &engine, fixedChoice: fixedChoice, configuration: configuration,
                                          sharedSettingsByPath: sharedSettingsByPath, layers: layers, makeProject: makeProject,
                                          reading: reading, timings: timings) {
                    return rejudged
                }
            }
            previousRunReading.stop()
            var analyses: [FileAnalysis] = []
            analyses.reserveCapacity(pending.count)
            for (analysis, record) in materialize(pending, cache: pass.cache, engine: engine) {
                analyses.append(analysis)
                guard let (path, record) = record else { continue }
                fresh[path] = record
                reanalysed = true
            }
            if pending.contains(where: \.isCached) { timings?.end(.decoding) }
            return judge(analyses, engine: &engine, fixedChoice: fixedChoice, configuration: configuration, makeProject: makeProject,
                         keeping: pass.cache != nil && standardInput == nil, timings: timings)
        }, aside: { [fresh, cache = pass.cache] in cache?.pendingRecords(fresh: fresh) })
        let (choice, rules, findings) = (verdict.choice, verdict.rules, verdict.findings)
        if let cache = pass.cache {
            // Keyed as the next run will find the records. A file without one (left out for its cost, which depends on
            // the machine's load) leaves the run's result unstored too.
            let memo = stored != nil ? cache.memos.first { $0.key == storedKey }
                : verdict.outcome.flatMap { outcome in
                    runKey(zip(pendingJobs, pending).map { fresh[$0.absolutePath] ?? $1.cachedRecord }).map { key in
                        cache.memo(of: AnalysisCache.RunResult(findings: findings, detection: choice.detection, project: outcome,
                                                               answers: verdict.answers), key: key)
                    }
                }
            // A record that no longer decoded was analysed again after the records were chosen.
            let records = reanalysed ? nil : pendingRecords
            cache.save(records ?? cache.pendingRecords(fresh: fresh), memo: memo, settings: settingsMemo)
            timings?.end(.cacheWrite)
        }

        var shownFindings = findings
        var reported = pending
        if let url = standardInput?.url {
            let shown = displayPath(url, workingDirectory: request.workingDirectory)
            shownFindings = findings.filter { $0.file == shown }
            reported = pending.filter { $0.source.path == shown }
        }
        var outcome = Outcome(findings: shownFindings, filesLinted: reported.count, inputProblems: inputProblems,
                              settingsWarnings: settingsWarnings, profileChoice: choice, rules: rules, analyses: verdict.analyses,
                              project: verdict.project)
        outcome.projectSettings = projectSettings
        outcome.engine = engine
        outcome.projectPhase = verdict.phase
        outcome.sources = reported.map(\.source)
        outcome.overBudgetFiles = reported.compactMap { analysis in
            analysis.budgetProblem.map { "\(analysis.source.path): error: \(FileTooComplexRule.id): \($0.message)" }
        }
        return outcome
    }

    /// Where a run's project findings come from: the project rules run on a project built from every file's facts, a
    /// stored result of a run with exactly these inputs, the previous run's moved (`ProjectFindingRelocation`), or
    /// the previous run's with the changed file judged again in a small project (`ChangedFileJudgement`).
    enum ProjectPhase: Sendable { case built, replayed, relocated, rejudged }

    /// What a run concludes: the profile and rules it used, its findings, and the analyses and project they came from.
    private struct Verdict {
        var choice: ProfileChoice
        var rules: RulePlan
        var findings: [Finding]
        var analyses: Deferred<[FileAnalysis]>
        var project: Deferred<ProjectContext>
        /// What the project rules concluded, for the next run's relocation; nil for a replayed run, whose is stored.
        var outcome: ProjectOutcome?
        var phase: ProjectPhase
        /// `KeptAnswers` as stored, for the next run after one file changed; nil when they could not be kept.
        var answers: Data?
    }

    /// An earlier run's result with exactly this run's inputs, its analyses and project made only if asked for;
    /// nil when its profile was detected and the detection was not stored.
    private static func replay(_ stored: AnalysisCache.RunResult, pending: [PendingAnalysis], cache: AnalysisCache?,
                               engine: inout LintEngine, fixedChoice: ProfileChoice?, configuration: Configuration,
                               makeProject: @escaping @Sendable ([FileAnalysis], PhaseTimings?) -> ProjectContext) -> Verdict? {
        guard let choice = fixedChoice ?? stored.detection.map(ProfileChoice.detected) else { return nil }
        let rules = plan(for: choice, configuration: configuration, engine: &engine)
        let (analyses, project) = deferredProject(pending, cache: cache, engine: engine, choice: choice, makeProject: makeProject)
        return Verdict(choice: choice, rules: rules, findings: stored.findings, analyses: analyses, project: project, phase: .replayed)
    }

    /// Each file analysed in this run with its facts in the previous one; nil when one has no record made under the
    /// same settings (analysed under other settings, the file may mean something else to the project).
    /// A file `added` since the previous run (by the path it is shown as) had no facts in it.
    private static func changedFiles(pending: [PendingAnalysis], jobs: [Job], cache: AnalysisCache,
                                     engineContext: String, added: String? = nil) -> [ProjectFindingRelocation.Change]? {
        var changes: [ProjectFindingRelocation.Change] = []
        for (job, item) in zip(jobs, pending) {
            guard case .analysed(let analysis) = item else { continue }
            if job.display == added {
                changes.append(ProjectFindingRelocation.Change(path: analysis.path, factsBefore: FileFacts(path: analysis.path), analysis: analysis))
                continue
            }
            // The facts alone: the old findings and suppressions are not read.
            guard let before = cache.records[job.absolutePath], before.context == recordContext(of: job, engineContext: engineContext),
                  let facts = cache.facts(of: before, path: analysis.path) else {
                return nil
            }
            changes.append(ProjectFindingRelocation.Change(path: analysis.path, factsBefore: facts, analysis: analysis))
        }
        return changes
    }

    /// How this run's files differ from the previous run's besides their content: one it did not lint, or one it
    /// linted that this run does not (deleted), with the record it had.
    private enum FileSetChange {
        case added(Job)
        case removed(Job, AnalysisCache.Record)

        /// The path an added file is shown as.
        var addedPath: String? {
            guard case .added(let job) = self else { return nil }
            return job.display
        }

        /// The path a removed file was shown as.
        var removedPath: String? {
            guard case .removed(let job, _) = self else { return nil }
            return job.display
        }
    }

    /// The one file this run has that the previous run did not (no record of it is cached) or the previous run had that
    /// this one has not (a record of another file stamped with the last stored run's time), and the key that run's
    /// result is stored under if it was that: this run's records without the added file, or with the removed one at
    /// its place, and the layers' lines of those files (`runInputs`). Nil for anything else: no file or more than one.
    /// `jobs` and `pending` are this run's, `allJobs` those `layerFiles` list; `job` makes a removed file's.
    private static func fileSetChange(pending: [PendingAnalysis], jobs: [Job], allJobs: [Job], layerFiles: [LayerPlan.File], cache: AnalysisCache,
                                      runInputs: ([LayerPlan.File]) -> SourceDigest, job: (String) -> Job) -> (FileSetChange, SourceDigest)? {
        var records = zip(jobs, pending).map { $1.cachedRecord ?? cache.records[$0.absolutePath] }
        let unrecorded = records.indices.filter { records[$0] == nil }
        if unrecorded.count == 1, let place = unrecorded.first {
            let added = jobs[place]
            records.remove(at: place)
            return runKey(records, runInputs: runInputs(layerFiles.filter { $0.path != added.display })).map { (.added(added), $0) }
        }
        // The last stored run stamped every record of its files with its time; a file this run does not lint keeps it.
        guard unrecorded.isEmpty, let lastRun = cache.memos.first?.lastUsed,
              case let unlinted = cache.otherFilesRecords.filter({ $0.value.lastUsed == lastRun }), unlinted.count == 1,
              let (absolutePath, record) = unlinted.first else { return nil }
        let removed = job(absolutePath)
        records.insert(record, at: jobs.firstIndex { $0.absolutePath > absolutePath } ?? jobs.count)
        var previousLayerFiles = layerFiles
        previousLayerFiles.insert(removed.layerFile, at: allJobs.firstIndex { $0.absolutePath > absolutePath } ?? allJobs.count)
        return runKey(records, runInputs: runInputs(previousLayerFiles)).map { (.removed(removed, record), $0) }
    }

    /// The previous run's result (stored under `previousKey`) with the changed files' findings made anew and the
    /// project rules' findings in them moved to their new places (`ProjectFindingRelocation`); nil when there is no
    /// such result, a change cannot be carried over, or the previous profile was detected and its detection was not stored.
    private static func relocate(_ previousKey: SourceDigest, changes: [ProjectFindingRelocation.Change], pending: [PendingAnalysis],
                                 jobs: [Job], cache: AnalysisCache, engine: inout LintEngine, fixedChoice: ProfileChoice?, configuration: Configuration,
                                 makeProject: @escaping @Sendable ([FileAnalysis], PhaseTimings?) -> ProjectContext,
                                 previousRun: ChangedFileJudgement.PreviousRun?) -> Verdict? {
        // The result is decoded only once the changes are known to move (most that fail, fail there), unless it was read
        // while the changed file was parsed.
        guard let movable = ProjectFindingRelocation.movable(changes), let previous = previousRun?.result ?? cache.runResult(for: previousKey),
              let choice = fixedChoice ?? previous.detection.map(ProfileChoice.detected),
              let outcome = ProjectFindingRelocation.relocate(previous.project, moving: movable) else { return nil }
        let rules = plan(for: choice, configuration: configuration, engine: &engine)
        let isEnabled = { (rule: String) in rules.enabled.contains(rule) }
        let changed = Set(changes.map(\.path))
        var findings = previous.findings.filter { !changed.contains($0.file) }
        for change in changes {
            findings += engine.findings(of: change.analysis, outcome: outcome, isEnabled: isEnabled)
        }
        findings.sort(by: Finding.reportOrder)
        // The kept answers cite the files' places too: moved the same way, or not kept.
        let kept = previousRun?.setting.kept ?? previous.answers.flatMap { try? KeptAnswers(payload: $0, paths: jobs.map(\.display)) }
        let answers = kept.flatMap { kept -> Data? in
            var kept = kept
            for (change, map) in movable {
                guard let moved = kept.moving(in: change.path, by: { map.positions[$0] }, moveLine: { map.lines[$0] }, engine: engine,
                                              isEnabled: isEnabled) else { return nil }
                kept = moved.answers
            }
            return kept.payload()
        }
        let (analyses, project) = deferredProject(pending, cache: cache, engine: engine, choice: choice, makeProject: makeProject)
        return Verdict(choice: choice, rules: rules, findings: findings, analyses: analyses, project: project, outcome: outcome,
                       phase: .relocated, answers: answers)
    }

    /// The previous run's result (stored under `previousKey`) after a few files' facts changed, its project findings made
    /// again by judging each file in turn, and the files its change reaches, in small projects with the answers the
    /// previous run kept (`ChangedFileJudgement`), each judgement's answers the next one's; nil when more files changed
    /// (`mostFilesJudgedInTurn`), the previous run kept no answers, or a change can alter one of them. A file added
    /// (`fileSetChange`) is judged as one whose facts were none, a file deleted as one whose facts are none now, its
    /// place then taken out of the answers.
    private static func rejudge(_ previousKey: SourceDigest, changes: [ProjectFindingRelocation.Change], fileSetChange: FileSetChange?,
                                pending: [PendingAnalysis],
                                jobs: [Job], cache: AnalysisCache, fresh: [String: AnalysisCache.Record], engine: inout LintEngine,
                                fixedChoice: ProfileChoice?, configuration: Configuration,
                                sharedSettingsByPath: [String: SharedSettings], layers: LayerPlan,
                                makeProject: @escaping @Sendable ([FileAnalysis], PhaseTimings?) -> ProjectContext,
                                reading: PreviousRunReading?, timings: PhaseTimings?) -> Verdict? {
        guard let turn = filesInTurn(changes, fileSetChange: fileSetChange, jobs: jobs, cache: cache, fresh: fresh) else { return nil }
        let (steps, previousJobs) = (turn.steps, turn.previousJobs)
        let reading = steps.count == 1 ? reading.flatMap { $0.path == steps[0].path ? $0 : nil } : nil
        guard let previous = reading?.previousRun.value
                ?? previousRun(previousKey, cache: cache, jobs: previousJobs, added: fileSetChange?.addedPath, engine: engine, fixedChoice: fixedChoice,
                               configuration: configuration, sharedSettingsByPath: sharedSettingsByPath, layers: layers) else {
            return nil
        }
        timings?.end(.lastResult)

        let rules = plan(for: previous.choice, configuration: configuration, engine: &engine)
        var (setting, outcome, answers) = (previous.setting, previous.result.project, previous.setting.kept)
        var judged: [String] = []
        var (judgedFacts, judgedRecords) = (turn.deleted.facts, turn.deleted.records)
        for (index, step) in steps.enumerated() {
            let analysis = step.analysis
            if index > 0 || !judgedFacts.isEmpty { setting = previous.setting.after(keeping: answers, facts: judgedFacts, records: judgedRecords) }
            guard let before = (index == 0 ? reading?.before.value : nil)
                    ?? ChangedFileJudgement.Before(path: analysis.path, oldFacts: step.factsBefore, names: ChangedFileJudgement.names(in: step.factsBefore),
                                                   in: setting) else {
                return nil
            }
            let judgement = ChangedFileJudgement(setting: setting, before: before, newFacts: analysis.facts,
                                                 newNames: ChangedFileJudgement.names(in: analysis.facts), timings: timings)
            guard var result = judgement.judged(previous: outcome) else { return nil }
            if analysis.path == fileSetChange?.removedPath {
                guard let kept = result.answers.removingFile(analysis.path, engine: engine, isEnabled: { rules.enabled.contains($0) }) else { return nil }
                result.answers = kept
                result.outcome.candidates[analysis.path] = nil
                result.outcome.viewNamesByFile[analysis.path] = nil
            }
            (outcome, answers) = (result.outcome, result.answers)
            judged += result.judgedPaths.filter { !judged.contains($0) }
            judgedFacts[analysis.path] = analysis.facts
            judgedRecords[analysis.path] = turn.absolutePaths[analysis.path].flatMap { fresh[$0]?.payload }
        }
        let analysesByPath = Dictionary(steps.map { ($0.path, $0.analysis) }, uniquingKeysWith: { first, _ in first })
        let recordsByPath = Dictionary(zip(jobs, pending).compactMap { job, item in item.cachedRecord.map { (job.display, $0) } },
                                       uniquingKeysWith: { first, _ in first })
        let judgedPaths = Set(judged)
        var findings = previous.result.findings.filter { !judgedPaths.contains($0.file) }
        for path in judged where fileSetChange?.removedPath != path {
            let fileAnalysis = analysesByPath[path] ?? recordsByPath[path].flatMap { cache.analysis(of: $0, path: path) }
            guard let fileAnalysis else { return nil }
            findings += engine.findings(of: fileAnalysis, outcome: outcome) { rules.enabled.contains($0) }
        }
        findings.sort(by: Finding.reportOrder)
        timings?.end(.rejudging)
        let kept = answers.payload()
        timings?.end(.keeping)
        let (analyses, project) = deferredProject(pending, cache: cache, engine: engine, choice: previous.choice, makeProject: makeProject)
        return Verdict(choice: previous.choice, rules: rules, findings: findings, analyses: analyses, project: project, outcome: outcome,
                       phase: .rejudged, answers: kept)
    }

    /// The changed files as a judgement takes them, one at a time, each in the project as the ones before it left it: a
    /// file added first (the edits may name what it declares), the files edited in the project's order, a file deleted
    /// last (once the edits no longer name what it declared), whose facts are none now.
    private struct FilesInTurn {
        var steps: [ProjectFindingRelocation.Change]
        /// The previous run's files, which the judgements' setting holds: this run's, and a file deleted.
        var previousJobs: [Job]
        var absolutePaths: [String: String]
        /// What a file deleted held, by path, for the steps before its own.
        var deleted: (facts: [String: FileFacts], records: [String: Data])
    }

    /// `FilesInTurn` for `changes` (this run's `jobs`) and a file added or deleted; nil when there are none or more than
    /// `mostFilesJudgedInTurn`, one does not parse, was left out or has no fresh record, or a file added or deleted
    /// declares or declared a type another file names (most do: that ends a judgement, and is told here before the
    /// previous run is read, from the other files' records as they are at its step).
    private static func filesInTurn(_ changes: [ProjectFindingRelocation.Change], fileSetChange: FileSetChange?, jobs: [Job], cache: AnalysisCache,
                                    fresh: [String: AnalysisCache.Record]) -> FilesInTurn? {
        let added = fileSetChange?.addedPath
        var turn = FilesInTurn(steps: changes.filter { $0.path == added } + changes.filter { $0.path != added }, previousJobs: jobs,
                               absolutePaths: [:], deleted: ([:], [:]))
        if case .removed(let removed, let record)? = fileSetChange {
            guard let facts = cache.facts(of: record, path: removed.display) else { return nil }
            let nothing = FileAnalysis(path: removed.display, facts: FileFacts(path: removed.display), candidates: [], suppressions: SuppressionMap(),
                                       parseError: nil, sourceDigest: record.content)
            turn.steps.append(ProjectFindingRelocation.Change(path: removed.display, factsBefore: facts, analysis: nothing))
            turn.previousJobs.insert(removed, at: jobs.firstIndex { $0.absolutePath > removed.absolutePath } ?? jobs.count)
            turn.deleted = ([removed.display: facts], [removed.display: record.payload])
        }
        let absolutePaths = Dictionary(turn.previousJobs.map { ($0.display, $0.absolutePath) }, uniquingKeysWith: { first, _ in first })
        turn.absolutePaths = absolutePaths
        let removedPath = fileSetChange?.removedPath
        guard !turn.steps.isEmpty, turn.steps.count <= mostFilesJudgedInTurn,
              turn.steps.allSatisfy({ $0.analysis.parseError == nil && $0.analysis.budgetProblem == nil }),
              turn.steps.allSatisfy({ $0.path == removedPath || absolutePaths[$0.path].map { fresh[$0] != nil } == true }) else { return nil }
        if let step = turn.steps.first(where: { $0.path == added || $0.path == removedPath }) {
            let declared = ChangedFileJudgement.declaredNames(step.factsBefore).union(ChangedFileJudgement.declaredNames(step.analysis.facts))
            let edited = step.path == removedPath ? Set(changes.map(\.path)) : []
            let recordOfFile = { (path: String) in
                absolutePaths[path].flatMap { edited.contains(path) ? fresh[$0]?.payload : cache.records[$0]?.payload }
            }
            guard !ChangedFileJudgement.anotherFileNames(declared, besides: step.path, among: turn.previousJobs.map(\.display),
                                                         recordOfFile: recordOfFile) else { return nil }
        }
        return turn
    }

    /// The previous run's result stored under `key`, with its kept answers and this run's project as a one-change
    /// judgement needs them; nil when there is none, it kept no answers, or its detected profile was not stored. A file
    /// `added` since (the path it is shown as) was not among the files that run linted: the answers get a place for it.
    private static func previousRun(_ key: SourceDigest, cache: AnalysisCache, jobs: [Job], added: String? = nil, engine: LintEngine,
                                    fixedChoice: ProfileChoice?, configuration: Configuration, sharedSettingsByPath: [String: SharedSettings],
                                    layers: LayerPlan) -> ChangedFileJudgement.PreviousRun? {
        let paths = jobs.map(\.display)
        let addedPlace = added.flatMap(paths.firstIndex(of:))
        let previousPaths = addedPlace.map { place in paths.enumerated().filter { $0.offset != place }.map(\.element) } ?? paths
        guard added == nil || addedPlace != nil, let result = cache.runResult(for: key), let stored = result.answers,
              var kept = try? KeptAnswers(payload: stored, paths: previousPaths),
              let choice = fixedChoice ?? result.detection.map(ProfileChoice.detected) else {
            return nil
        }
        if let addedPlace {
            guard let placed = kept.insertingFile(at: addedPlace, of: paths) else { return nil }
            kept = placed
        }
        var engine = engine
        let rules = plan(for: choice, configuration: configuration, engine: &engine)
        // An unchanged file's record is the one the cache holds for it.
        let absolutePaths = Dictionary(jobs.map { ($0.display, $0.absolutePath) }, uniquingKeysWith: { first, _ in first })
        let setting = ChangedFileJudgement.Setting(
            kept: kept, paths: paths,
            factsOfFile: { path in absolutePaths[path].flatMap { cache.records[$0] }.flatMap { cache.facts(of: $0, path: path) } },
            recordOfFile: { path in absolutePaths[path].flatMap { cache.records[$0]?.payload } },
            sharedSettingsByPath: sharedSettingsByPath, profile: choice.profile, isProfileDetected: fixedChoice == nil, layers: layers, engine: engine,
            isEnabled: { rules.enabled.contains($0) }, settablePropertyNames: Deferred { [kept] in kept.settablePropertyNames() })
        return ChangedFileJudgement.PreviousRun(key: key, result: result, choice: choice, setting: setting)
    }

    /// The most changed files judged one after another in small projects: each takes a few tens of milliseconds on a large
    /// app, and building the project a hundred or so.
    static let mostFilesJudgedInTurn = 3

    /// A changed file this large (in bytes) takes longer to parse than reading the previous run takes: the reading
    /// (`PreviousRunReading`) is done by the time the run needs it. Below, it would run on beside whatever the run does
    /// next, wasted when that is not a one-change judgement.
    static let parseWorthReadingBeside: Int64 = 8 << 10

    /// The analyses and the project of a run that did without them, made only if a report or `--fix` asks.
    private static func deferredProject(_ pending: [PendingAnalysis], cache: AnalysisCache?, engine: LintEngine, choice: ProfileChoice,
                                        makeProject: @escaping @Sendable ([FileAnalysis], PhaseTimings?) -> ProjectContext)
        -> (analyses: Deferred<[FileAnalysis]>, project: Deferred<ProjectContext>) {
        let analyses = Deferred { [engine] in materialize(pending, cache: cache, engine: engine).map(\.analysis) }
        let project = Deferred { [analyses] in
            var project = makeProject(analyses.value, nil)
            project.profile = choice.profile
            return project
        }
        return (analyses, project)
    }

    /// The rules `choice` runs, with the ones a detected profile demotes set to report warnings.
    private static func plan(for choice: ProfileChoice, configuration: Configuration, engine: inout LintEngine) -> RulePlan {
        let rules = configuration.rulePlan(for: choice)
        for id in rules.demoted { engine.selection.severities[id] = .warning }
        return rules
    }

    /// Builds the project from the analyses, detects the profile unless one was given, and runs the rules.
    /// With `keeping`, also what a run after one file changed needs (`KeptAnswers`).
    private static func judge(_ analyses: [FileAnalysis], engine: inout LintEngine, fixedChoice: ProfileChoice?,
                              configuration: Configuration, makeProject: ([FileAnalysis], PhaseTimings?) -> ProjectContext,
                              keeping: Bool, timings: PhaseTimings?) -> Verdict {
        var project = makeProject(analyses, timings)
        let choice = fixedChoice ?? .detected(ProfileDetector.detect(project))
        if fixedChoice == nil { timings?.end(.profile) }
        project.profile = choice.profile
        let rules = plan(for: choice, configuration: configuration, engine: &engine)
        let isEnabled = { rules.enabled.contains($0) }
        let (outcome, judged) = engine.projectOutcome(project, isEnabled: isEnabled, keeping: keeping)
        timings?.end(.projectRules)
        // The answers kept for the next run are written on the other core while the findings are made.
        let (findings, answers) = ParallelMap.both({ [engine] () -> [Finding] in
            defer { timings?.end(.findings) }
            return engine.finish(analyses, outcome: outcome, isEnabled: isEnabled)
        }, aside: { [project] in judged.flatMap { KeptAnswers.made(from: project, judged: $0) }?.payload() })
        if keeping { timings?.end(.keeping) }
        return Verdict(choice: choice, rules: rules, findings: findings, analyses: Deferred(ready: analyses), project: Deferred(ready: project),
                       outcome: outcome, phase: .built, answers: answers)
    }

    /// The files a run covers, the settings of the project files around them (with `.mvlint.yml` and
    /// `--assume-ios17` applied), and warnings about those project files.
    public static func discover(_ request: Request) -> (found: Discovery.Result, settings: ProjectSettings, warnings: [String]) {
        let found = findFiles(request)
        let (settings, warnings, _) = readSettings(request, found: found, cache: nil)
        return (found, settings, warnings)
    }

    private static func findFiles(_ request: Request) -> Discovery.Result {
        let configuration = request.configuration
        let discovery = Discovery(included: configuration.included, excluded: configuration.excluded,
                                  root: configuration.rootDirectory)
        return discovery.discover(request.paths.isEmpty ? ["."] : request.paths, workingDirectory: request.workingDirectory)
    }

    /// The settings of the project files around what was found, from the cache when none of them changed; the memo
    /// of what was read anew, for the cache.
    private static func readSettings(_ request: Request, found: Discovery.Result, cache: AnalysisCache?)
        -> (settings: ProjectSettings, warnings: [String], memo: ProjectSettingsMemo?) {
        let projectFiles = projectFilesAround(request.paths.isEmpty ? ["."] : request.paths, found: found,
                                              workingDirectory: request.workingDirectory)
        var (settings, warnings, memo) = ProjectSettingsLoader.load(projectFiles) { cache?.settingsMemo(for: $0) }
        settings.overrides = SettingsOverrides(request.configuration, assumingModernOS: request.assumesModernOS)
        return (settings, warnings, memo)
    }

    private struct Job: Sendable {
        var absolutePath: String
        /// The path findings show.
        var display: String
        /// Relative to the configuration's folder, which layer globs are written against; nil outside it.
        var pathInConfigurationFolder: String?
        var sharedSettings: SharedSettings
        var settings: TargetSettings { sharedSettings.value }
        /// The file as the layers (and a run's inputs) list it.
        var layerFile: LayerPlan.File { LayerPlan.File(path: display, relativePath: pathInConfigurationFolder, module: settings.name) }
    }

    /// One file after the per-file pass: analysed now, or found unchanged in the cache and not decoded yet.
    private enum PendingAnalysis: Sendable {
        case analysed(FileAnalysis)
        /// Its text is not kept, whether the pass read it (the stamp had changed, the content had not) or not.
        case cached(Job, AnalysisCache.Record)

        var isCached: Bool { cachedRecord != nil }

        var cachedRecord: AnalysisCache.Record? {
            if case .cached(_, let record) = self { return record }
            return nil
        }

        var source: AnalysedSource {
            switch self {
            case .analysed(let analysis): return AnalysedSource(analysis)
            case .cached(let job, let record): return AnalysedSource(path: job.display, digest: record.content, text: nil)
            }
        }

        var budgetProblem: BudgetProblem? {
            if case .analysed(let analysis) = self { return analysis.budgetProblem }
            return nil
        }
    }

    private struct AnalysisPass: Sendable {
        var results: [Result<PendingAnalysis, InputProblem>]
        var cache: AnalysisCache?
        /// Records to save, by absolute path: fresh analyses, and unchanged ones with a new stamp.
        var freshRecords: [String: AnalysisCache.Record]
        /// `engineContext(of:)` of the pass's engine.
        var engineContext: String
    }

    /// Reads and analyses every file on all cores; an unchanged file's cached analysis stays encoded (`materialize`
    /// decodes it). A file whose stamp matches its record is not read at all. `standardInput` is the absolute path
    /// whose text comes from standard input instead of the disk.
    private static func analyze(_ jobs: [Job], engine: LintEngine, cache: AnalysisCache?, progress: (any LintProgress)?,
                                standardInput: (path: String, text: String)?,
                                fileChanged: (@Sendable (Job, AnalysisCache.Record, FileStamp) -> Void)? = nil) -> AnalysisPass {
        let engineContext = engineContext(of: engine)
        let now = Int64(Date().timeIntervalSince1970 * 1e9)
        let readText = { @Sendable (job: Job) -> Result<String, InputProblem> in
            job.absolutePath == standardInput?.path ? .success(standardInput?.text ?? "") : readSource(atPath: job.absolutePath, display: job.display)
        }
        // A file's text is not kept once it is analysed: every file's text held to the end was a tenth of a cold
        // run's peak memory. `AnalysedSource` reads it again, checking its digest, for the few files a report
        // quotes or `--fix` edits. An editor's buffer cannot be read again and keeps its text.
        let released = { @Sendable (analysis: FileAnalysis, job: Job) -> FileAnalysis in
            job.absolutePath == standardInput?.path ? analysis : withoutText(analysis)
        }
        let results = ParallelMap.run(jobs, timeLimit: engine.budget.maxParseSeconds, timedOut: { job in
            progress?.fileFinished(of: jobs.count)
            return readText(job).map { (PendingAnalysis.analysed(engine.timedOut(path: job.display, text: $0)), nil) }
        }, heaviestFirst: largestFirst(jobs, cache: cache)) { job -> Result<(PendingAnalysis, AnalysisCache.Record?), InputProblem> in
            defer { progress?.fileFinished(of: jobs.count) }
            guard let cache else {
                return readText(job).map { (.analysed(released(engine.analyze(path: job.display, text: $0, settings: job.settings), job)), nil) }
            }
            let context = recordContext(of: job, engineContext: engineContext)
            // The buffer is not the file on disk: neither its stamp nor an entry made from it may stand for the file.
            let isFile = job.absolutePath != standardInput?.path
            // Taken before the read, so a write in between leaves a stamp that no longer matches.
            let stamp = isFile ? FileStamp(ofFileAt: job.absolutePath) : nil
            let record = cache.records[job.absolutePath].flatMap { $0.context == context ? $0 : nil }
            if let stamp, let record, record.stamp == stamp {
                return .success((.cached(job, record), nil))
            }
            return readText(job).map { text in
                let content = SourceDigest(text)
                let settledStamp = stamp.flatMap { $0.isSettled(at: now) ? $0 : nil }
                if isFile, var record, record.content == content {
                    // Restamped, so the next run need not read the file again.
                    let restamped = record.stamp != settledStamp
                    record.stamp = settledStamp
                    // Its text is let go like an analysed file's: a branch switch restamps every file.
                    return (.cached(job, record), restamped ? record : nil)
                }
                if let record, let stamp { fileChanged?(job, record, stamp) }
                let analysis = released(engine.analyze(path: job.display, text: text, settings: job.settings, sourceDigest: content), job)
                return (.analysed(analysis), isFile ? cache.record(for: analysis, context: context, stamp: settledStamp) : nil)
            }
        }
        var freshRecords: [String: AnalysisCache.Record] = [:]
        for (job, result) in zip(jobs, results) {
            if case .success(let (_, record?)) = result { freshRecords[job.absolutePath] = record }
        }
        return AnalysisPass(results: results.map { $0.map(\.0) }, cache: cache, freshRecords: freshRecords, engineContext: engineContext)
    }

    /// The jobs' indices, the largest files first (by the size the cache recorded, else by `stat`). A large file's
    /// syntax tree is the pass's largest transient: half the workers take up the large files first, while few files'
    /// facts are held yet (on two cores one worker, so one large tree at a time), and the others the small ones
    /// (`ParallelMap.run(heaviestFirst:)`).
    private static func largestFirst(_ jobs: [Job], cache: AnalysisCache?) -> [Int] {
        var sizes = jobs.map { cache?.records[$0.absolutePath]?.stamp?.size }
        // The files the cache does not know are asked the system for their sizes on all cores: a cold run asks for
        // every file's before any is parsed.
        let unknown = sizes.indices.filter { sizes[$0] == nil }
        let asked = ParallelMap.inSlices(unknown) { slice in slice.map { FileStamp(ofFileAt: jobs[$0].absolutePath)?.size ?? 0 } }.joined()
        for (index, size) in zip(unknown, asked) { sizes[index] = size }
        let bytes = sizes.map { $0 ?? 0 }
        return jobs.indices.sorted { bytes[$0] != bytes[$1] ? bytes[$0] > bytes[$1] : $0 < $1 }
    }

    private static func withoutText(_ analysis: FileAnalysis) -> FileAnalysis {
        var analysis = analysis
        analysis.text = nil
        return analysis
    }

    /// The rules' part of every file's record context. It is long: hashed once, each file's context starts from its digest.
    private static func engineContext(of engine: LintEngine) -> String {
        let rulesDigest = SourceDigest(engine.selection.cacheContext + ";" + engine.budget.cacheContext
                                       + (engine.recordsTypeReferences ? "" : ";without type references"))
        return "\(rulesDigest.byteCount):\(rulesDigest.hash)"
    }

    /// What a file's record is keyed on besides its content: the rules, the file's settings and the path it is shown as.
    private static func recordContext(of job: Job, engineContext: String) -> SourceDigest {
        SourceDigest([engineContext, job.sharedSettings.cacheContext, job.display].joined(separator: "\n"))
    }

    /// Every file's analysis, decoding the cached ones on all cores. A record that no longer decodes is analysed
    /// again, and its new record comes back with the absolute path to save it under.
    private static func materialize(_ pending: [PendingAnalysis], cache: AnalysisCache?,
                                    engine: LintEngine) -> [(analysis: FileAnalysis, record: (String, AnalysisCache.Record)?)] {
        guard let cache, pending.contains(where: \.isCached) else {
            return pending.compactMap { if case .analysed(let analysis) = $0 { (analysis, nil) } else { nil } }
        }
        return ParallelMap.run(pending) { pending -> (analysis: FileAnalysis, record: (String, AnalysisCache.Record)?) in
            switch pending {
            case .analysed(let analysis): return (analysis, nil)
            case .cached(let job, let record):
                if let analysis = cache.analysis(of: record, path: job.display) { return (analysis, nil) }
                // Read again: the file is analysed as empty only if it vanished since the pass.
                let text = (try? readSource(atPath: job.absolutePath, display: job.display).get()) ?? ""
                let analysis = withoutText(engine.analyze(path: job.display, text: text, settings: job.settings, sourceDigest: SourceDigest(text)))
                return (analysis, cache.record(for: analysis, context: record.context, stamp: nil).map { (job.absolutePath, $0) })
            }
        }
    }

    /// The digest of everything a run's findings are made from, given that every file's record stands: each file's
    /// record digests (which cover the rules with their options and severities, the file's settings, path and
    /// content) and its payload's checksum (the findings were made from that payload), and `runInputs`
    /// (`runInputsDigest`). The records' digests are taken as their bytes: written out as text, a large project's
    /// thousands of numbers were most of the key's cost, and a run makes up to three keys. Nil when a file has no record.
    private static func runKey(_ records: [AnalysisCache.Record?], runInputs: SourceDigest) -> SourceDigest? {
        var words: [UInt64] = []
        words.reserveCapacity(2 + 6 * records.count)
        func add(_ digest: SourceDigest) {
            words.append(UInt64(digest.byteCount))
            words.append(digest.hash)
        }
        add(runInputs)
        for record in records {
            guard let record else { return nil }
            add(record.context)
            add(record.content)
            add(record.checksum)
        }
        return words.withUnsafeBytes { SourceDigest(bytes: $0) }
    }

    /// The digest of a run's inputs besides its files' records: the rules with their options and severities, the
    /// profile asked for, the configuration's rule choices and layers, and the files' place in the layers.
    private static func runInputsDigest(engine: LintEngine, fixedChoice: ProfileChoice?, configuration: Configuration,
                                        layerFiles: [LayerPlan.File]) -> SourceDigest {
        func sortedPairs<Value>(_ values: [String: Value], _ show: (Value) -> String) -> String {
            values.sorted { $0.key < $1.key }.map { "\($0.key)=\(show($0.value))" }.joined(separator: ",")
        }
        var parts = [engine.selection.cacheContext, engine.budget.cacheContext,
                     fixedChoice.map { "profile:\($0.profile.rawValue) \($0.origin)" } ?? "profile:detect",
                     "disabled:" + configuration.disabledRules.sorted().joined(separator: ","),
                     "opt-in:" + configuration.optInRules.sorted().joined(separator: ","),
                     "only:" + (configuration.onlyRules?.sorted().joined(separator: ",") ?? "-"),
                     "severities:" + sortedPairs(configuration.severities, \.rawValue),
                     "options:" + sortedPairs(configuration.ruleOptions) { "{" + sortedPairs($0, String.init) + "}" }]
        parts += configuration.layers.map { "layer:\($0.name)|\($0.paths)|\($0.modules)|\($0.mayDependOn)" }
        // A line per file, appended in place: an interpolated string for each, joined after, was most of this step.
        var text = parts.joined(separator: "\n")
        for file in layerFiles {
            text += "\nfile:"
            text += file.path
            text += "|"
            text += file.relativePath ?? "-"
            text += "|"
            text += file.module
        }
        return SourceDigest(text)
    }

    /// Project files found below the paths, plus the nearest ones above them
    /// (linting `Sources/App` still needs the package's `platforms:`).
    private static func projectFilesAround(_ paths: [String], found: Discovery.Result, workingDirectory: URL) -> ProjectFiles {
        var files = ProjectFiles(manifests: found.manifests, xcodeProjects: found.xcodeProjects, xcodeGenSpecs: found.xcodeGenSpecs)
        for path in paths {
            let url = Discovery.resolve(path, against: workingDirectory)
            let kind = SystemCalls.kind(atPath: url.path)
            guard kind.exists else { continue }
            files = files.adding(ProjectSettingsLoader.discoverUpward(from: kind.isFolder ? url : url.deletingLastPathComponent()))
        }
        return files
    }

    struct InputProblem: Error {
        var message: String
    }

    private static func readSource(atPath path: String, display: String) -> Result<String, InputProblem> {
        guard let data = FileManager.default.contents(atPath: path) else {
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
        relativePath(url.standardizedFileURL.path, under: folderPrefix(folder))
    }

    /// The standardised path of `folder`, ending in a slash.
    private static func folderPrefix(_ folder: URL) -> String {
        let base = folder.standardizedFileURL.path
        return base.hasSuffix("/") ? base : base + "/"
    }

    /// `path` (standardised) below the folder whose `folderPrefix` is `prefix`, or nil when it lies elsewhere.
    private static func relativePath(_ path: String, under prefix: String) -> String? {
        path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : nil
    }
}

/// Hears how a run advances; called from the worker threads.
public protocol LintProgress: Sendable {
    func fileFinished(of total: Int)
}
